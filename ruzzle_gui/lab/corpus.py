"""The real-screenshot corpus: its manifest, the forms a player sends a shot in, and how a reading is judged.

A reading of a shot falls in one of four classes:

- ``right``: every letter and bonus as on the real board, and no tile named unsure;
- ``marked``: some tile wrong or unsure, and every wrong tile named unsure;
- ``unmarked``: a wrong tile that is not named unsure (a wrong board given with confidence);
- ``refused``: the reader refused the shot (``ImageError``), with its message.

A board read right but with tiles named unsure is ``marked`` too: the list was not precise.
"""
from __future__ import annotations

import io
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from ruzzle_gui.board import Board

__all__ = ["Shot", "FORMS", "load_manifest", "in_form", "judge", "Verdict", "disputed", "read_form", "tally"]

# The forms each shot is read in: as sent, resized to other phones' widths, recompressed as messengers do.
FORMS = ("as sent", "width 480", "width 720", "width 1080", "width 1440", "JPEG q75", "WebP q75")


@dataclass(frozen=True)
class Shot:
    """One real screenshot of the manifest and what it truly shows."""

    file: str
    language: str
    kind: str
    board: Board | None
    lit: tuple[tuple[int, int], ...] = ()
    refuse: tuple[str, ...] = ()
    must_refuse: bool = False
    info: dict = field(default_factory=dict, compare=False)
    refuse_in: tuple[str, ...] = ()  # the forms a refusal is allowed in (none named: any form)


def disputed(shot: Shot, language) -> set[tuple[int, int]]:
    """Return the tiles whose printed value the language pack disagrees with: their letter is rightly in doubt."""
    printed = dict(pair.split("=") for pair in shot.info.get("values", "").split())
    board = shot.board
    if board is None:  # a shot with no board transcribed (one that must be refused) disputes nothing
        return set()
    return {divmod(i, board.cols) for i, letter in enumerate(board.letters)
            if letter in printed and language.values.get(letter) != int(printed[letter])}


def load_manifest(path: str | Path) -> list[Shot]:
    """Return the shots listed in the TOML manifest at ``path``."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    shots = []
    for entry in data["shot"]:
        board = Board.parse(entry["board"].strip("\n")) if "board" in entry else None
        lit = tuple((int(row), int(col)) for row, col in (cell.split(",") for cell in entry.get("lit", ())))
        shots.append(Shot(entry["file"], entry["language"], entry["kind"], board, lit,
                          tuple(entry.get("refuse", ())), entry.get("must_refuse", False), entry,
                          tuple(entry.get("refuse_in", ()))))
    return shots


def in_form(image: Image.Image, form: str) -> Image.Image:
    """Return ``image`` as a player might send it in ``form`` (one of FORMS)."""
    image = image.convert("RGB")
    if form.startswith("width "):
        width = int(form.split()[1])
        return image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    if form in ("JPEG q75", "WebP q75"):
        buffer = io.BytesIO()
        image.save(buffer, form.split()[0], quality=75)
        decoded = Image.open(io.BytesIO(buffer.getvalue()))
        decoded.load()
        return decoded.convert("RGB")
    return image


@dataclass(frozen=True)
class Verdict:
    """How one reading of a shot came out."""

    kind: str                    # right, marked, unmarked or refused
    wrong: tuple[tuple[int, int], ...] = ()     # tiles whose letter or bonus is not the true one
    unmarked: tuple[tuple[int, int], ...] = ()  # wrong tiles not named unsure
    extra: tuple[tuple[int, int], ...] = ()     # tiles named unsure on a board read right
    message: str = ""
    allowed: bool = True         # a refusal the manifest allows, or any other outcome


def judge(shot: Shot, reading=None, error: str | None = None, form: str | None = None) -> Verdict:
    """Return the verdict on ``reading`` of ``shot`` (or on the refusal ``error``) sent in ``form`` (None: unsaid)."""
    if error is not None:
        in_allowed_form = form is None or not shot.refuse_in or form in shot.refuse_in
        allowed = in_allowed_form and any(word in error for word in shot.refuse)
        return Verdict("refused", message=error, allowed=allowed)
    truth = shot.board
    if truth is None or reading.board.rows != truth.rows or reading.board.cols != truth.cols:
        return Verdict("unmarked", message=f"read a {reading.board.rows}x{reading.board.cols} board", allowed=False)
    cols = truth.cols
    unsure = set(reading.uncertain)
    wrong = tuple(divmod(i, cols) for i in range(len(truth.letters))
                  if (reading.board.letters[i], reading.board.bonuses[i]) != (truth.letters[i], truth.bonuses[i]))
    unmarked = tuple(cell for cell in wrong if cell not in unsure)
    if unmarked:
        return Verdict("unmarked", wrong, unmarked, allowed=False)
    if wrong or unsure:
        return Verdict("marked", wrong, extra=tuple(sorted(unsure - set(wrong))), allowed=not shot.must_refuse)
    return Verdict("right", allowed=not shot.must_refuse)


def read_form(shot: Shot, folder: str | Path, form: str) -> tuple[Verdict, object]:
    """Return the verdict on reading ``shot`` (an image in ``folder``) sent in ``form``, and the Reading (or None)."""
    from ruzzle_gui.language import load_language
    from ruzzle_gui.vision.errors import ImageError
    from ruzzle_gui.vision.reader import read_board

    with Image.open(Path(folder, shot.file)) as image:
        sent = in_form(image, form)
    try:
        reading = read_board(sent, load_language(shot.language))
    except ImageError as err:
        return judge(shot, error=str(err), form=form), None
    return judge(shot, reading), reading


def tally(folder: str | Path, manifest: str | Path, forms: tuple[str, ...] = FORMS) -> dict[str, int]:
    """Return how many reads of every shot in every form fell in each class, and how many were not allowed."""
    counts = {"right": 0, "marked": 0, "unmarked": 0, "refused": 0, "not allowed": 0}
    for shot in load_manifest(manifest):
        for form in forms:
            verdict, _ = read_form(shot, folder, form)
            counts[verdict.kind] += 1
            counts["not allowed"] += not verdict.allowed
    return counts
