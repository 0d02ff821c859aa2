"""VerdictBook: the game's verdicts as the app keeps them, shared by the Words list and the Plan tab.

Below the screens (like the settings), with no Tk: each screen asks it for a
language's verdicts and marks words through it, so neither imports the other.
It opens the store (``ruzzle_gui.store``) on first use, from the Tk thread only
(SQLite's connections stay on their thread), writes every verdict at once (a
kill never loses one the window confirmed), and turns every store fault into
one line for the window: a damaged file is kept aside and a new one started;
a file that cannot be written keeps the verdicts for the session. It never
raises.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ruzzle_gui.acceptance import Acceptance
from ruzzle_gui.app.text.i18n import _
from ruzzle_gui.verdicts import REFUSED, learned_table
from ruzzle_gui.word_filters import WordMarks

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import TypeVar

    from ruzzle_gui.store import Store

    T = TypeVar("T")

Verdict = tuple[str, str] | None  # (verdict, date), or None: no verdict
KEPT_AS = re.compile(r"kept as (?P<backup>.+)$")  # the store's line for a damaged file names its backup


class VerdictBook:
    """The verdicts of each language, read once and kept in step with the store; ``problems`` says what failed."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path  # None: the user's data folder's store, found when first used
        self._store: Store | None = None
        self._cache: dict[str, dict[str, tuple[str, str]]] = {}
        self.problems: list[str] = []  # lines for the window, in the interface language; the caller clears them

    def verdicts(self, language: str) -> dict[str, tuple[str, str]]:
        """Return the verdicts of ``language`` (word -> (verdict, date)); none if the store cannot be read."""
        if language not in self._cache:
            found = self._use(lambda store: store.verdicts(language))
            self._cache[language] = found if found is not None else {}
        return self._cache[language]

    def mark(self, language: str, word: str, verdict: str | None) -> Verdict:
        """Record ``verdict`` ('accepted', 'refused', or None to forget) for ``word``; return the one it replaces."""
        from ruzzle_gui.store import utc_now

        known = self.verdicts(language)
        before = known.get(word)
        if verdict is None:
            known.pop(word, None)
            self._use(lambda store: store.forget(language, [word]))
        else:
            known[word] = (verdict, utc_now())
            self._done(lambda store: store.merge(language, {word: known[word]}))
        return before

    def put_back(self, language: str, word: str, verdict: Verdict) -> None:
        """Make ``word``'s verdict ``verdict`` again, date and all (Undo and Redo of a mark)."""
        known = self.verdicts(language)
        if verdict is None:
            known.pop(word, None)
            self._use(lambda store: store.forget(language, [word]))
            return
        known[word] = verdict

        def replace(store: Store) -> None:  # forget, then merge: a merge keeps the newer date, Undo an older one
            store.forget(language, [word])
            store.merge(language, {word: verdict})
        self._done(replace)

    def refused(self, language: str, word: str) -> bool:
        """Return True if the game refused ``word``."""
        return self.verdicts(language).get(word, ("",))[0] == REFUSED

    def learned(self, language: str, marks: WordMarks, prior: Acceptance) -> Acceptance:
        """Return the acceptance table ``prior`` re-estimated from the verdicts since the last reset."""
        verdicts = self.verdicts(language)
        if not verdicts:
            return prior
        since = self._use(lambda store: store.learning_since(language)) or ""
        return learned_table(verdicts, marks, since, prior)

    def learning_since(self, language: str) -> str:
        """Return the date the learned table of ``language`` was last reset ('' if never, or unreadable)."""
        return self._use(lambda store: store.learning_since(language)) or ""

    def reset_learning(self, language: str) -> bool:
        """Start the learned table of ``language`` again from the defaults; return True if it was saved."""
        return self._done(lambda store: store.reset_learning(language))

    def close(self) -> None:
        """Close the store's file (the next use opens it again)."""
        if self._store is not None:
            self._store.close()

    def _done(self, work: Callable[[Store], object]) -> bool:
        """Run ``work(store)``; return True if it was done, False (the problem said) if not."""
        def run(store: Store) -> bool:
            work(store)
            return True
        return self._use(run) is not None

    def _use(self, work: Callable[[Store], T]) -> T | None:
        """Return ``work(store)``, or None with the problem said in ``problems``: a store fault never escapes."""
        from ruzzle_gui.store import NotSaved, Store, StoreError

        try:
            if self._store is None:
                self._store = Store(self.path)
            return work(self._store)
        except NotSaved as err:
            self._say(_("Kept for this session only: {problem}").format(problem=str(err).removeprefix("not saved: ")))
        except (StoreError, OSError, ValueError) as err:
            self._say(_("The history cannot be used: {problem}").format(problem=err))
        except Exception as err:  # a store bug (sqlite's own errors included) must not stop the game
            self._say(_("The history cannot be used: {problem}").format(problem=f"{type(err).__name__}: {err}"))
        finally:
            self._hear_notices()
        return None

    def _hear_notices(self) -> None:
        """Move the store's notices (a damaged file kept aside) into ``problems``, translated."""
        store = self._store
        if store is None:
            return
        for line in store.notices:
            kept = KEPT_AS.search(line)
            self._say(_("The history was damaged: a new one was started; the old file is kept as {backup}").format(
                backup=kept["backup"]) if kept else line)
        store.notices.clear()

    def _say(self, line: str) -> None:
        """Add ``line`` to the problems, once."""
        if line not in self.problems:
            self.problems.append(line)
