"""The engine's messages with a code and values beside their English text, for the app to translate.

The engine (board, language, plan, vision) speaks English and imports no gettext: its messages are
the command line's output. An error tagged by ``coded`` keeps that text, and carries a ``code`` and
the ``values`` in it; a ``Said`` (the screenshot reader's reasons for an unsure tile) is that text
itself, with the code and values of each of its parts. The app (``app/text/engine_text.py``) says each
code in the player's language. Imports nothing: the quick commands import the board.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: `ruzzle` start-up time
if TYPE_CHECKING:
    from typing import TypeVar

    Error = TypeVar("Error", bound=BaseException)

__all__ = ["Said", "coded", "joined", "said"]

Part = tuple[str, tuple[tuple[str, object], ...]]  # (code, ((name, value), ...))


def coded(error: Error, code: str, /, **values: object) -> Error:
    """Return ``error`` tagged with ``code`` and the ``values`` its message holds.

    The English message stays the one the command line prints; the app, which speaks the player's
    language, says the message of that code with those values instead.
    """
    error.code, error.values = code, values  # type: ignore[attr-defined]
    return error


class Said(str):
    """An English sentence that also holds, per part, the code and values it was made from."""

    parts: tuple[Part, ...] = ()

    def __reduce__(self) -> tuple:
        return _rebuilt, (str(self), self.parts)


def _rebuilt(text: str, parts: tuple[Part, ...]) -> Said:
    """Return a Said from its text and parts (for copy and pickle)."""
    made = Said(text)
    made.parts = parts
    return made


def said(text: str, code: str, /, **values: object) -> Said:
    """Return ``text`` (English) marked with the ``code`` and ``values`` the app says it with."""
    return _rebuilt(text, ((code, tuple(values.items())),))


def joined(*reasons: str) -> Said:
    """Return the non-empty ``reasons`` as one sentence ("a; b"), keeping the parts of each."""
    kept = [reason for reason in reasons if reason]
    parts = tuple(part for reason in kept for part in getattr(reason, "parts", ()) or (("", (("text", reason),)),))
    return _rebuilt("; ".join(kept), parts)
