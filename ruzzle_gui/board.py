"""Boards: a rectangle of letters with optional bonus tiles, and the board-file format.

Board files have one row per line and cells separated by spaces. A cell is a
letter with an optional lower-case bonus suffix (``dl``, ``tl``, ``dw``,
``tw``)::

    Ttl R   S   Ndl
    Odw Htw E   I

A cell whose bonus is unsure (a screenshot reader could not establish it)
ends in ``?``: ``Etl?`` is an E that is probably TL, ``E?`` an E whose bonus
is unknown. A cell whose letter is unsure starts with ``?``: ``?W`` is a tile
read as W that may be another letter (an overlay hid it), ``?Wtl`` the same
on a sure TL, ``?Wtl?`` both in doubt. Each mark sits beside what it doubts.
Such a board solves with the guesses; the command line refuses it unless told
to take unsure bonuses as plain (``Board.unsure_as_plain``, which keeps every
sure bonus) and the letters as read.

A blank line ends the board. Only a line feed (or CR LF) ends a line.
"""
from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Mapping

from ruzzle_gui.coded import coded

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: `ruzzle` start-up time
if TYPE_CHECKING:
    import random
    from typing import Protocol

    class Language(Protocol):
        """What a board needs of a language (``ruzzle_gui.language.Language`` is one), so neither imports the other."""

        code: str

        @property
        def english_name(self) -> str:
            """Return the language's name in English, as the command line says it."""

        def fold_letter(self, text: str) -> str | None:
            """Return ``text`` folded to exactly one alphabet letter, or None."""

        def random_letters(self, count: int, rng: random.Random | None = None) -> list[str]:
            """Return ``count`` letters drawn from the dictionary's letter frequencies."""

__all__ = ["Board", "BoardError", "BONUSES", "BONUS_ODDS", "Cell", "random_bonus"]

BONUSES = ("DL", "TL", "DW", "TW")
BONUS_ODDS = (("TW", 0.05), ("DW", 0.10), ("TL", 0.10), ("DL", 0.15))  # per cell, as in Ruzzle
SUFFIXES = {bonus.lower(): bonus for bonus in BONUSES}
Cell = tuple[int, int]  # (row, col), both from 0
MAX_SIDE = 300  # rows and columns of the largest board: bounds a solve's time and memory
MAX_BOARD_BYTES = 1 << 20  # the largest board file: over twice a 300x300 board in any alphabet
EXCERPT = 16  # characters of a bad token quoted in an error message


class BoardError(ValueError):
    """A board is malformed: the message names the line and cell at fault."""

    code = ""  # which message it is, for the app to say it in the player's language (``coded``)
    values: dict[str, object] = {}


class Board:
    """A ``rows`` x ``cols`` grid of letters, row-major, each with an optional bonus.

    A frozen value, compared and hashed by its fields, like a frozen dataclass
    (written out because importing dataclasses costs more start-up than a solve).
    """

    rows: int
    cols: int
    letters: tuple[str, ...]
    bonuses: tuple[str | None, ...]
    unsure: tuple[Cell, ...]  # cells whose bonus is a guess (or unknown, when the bonus is None), sorted
    unsure_letters: tuple[Cell, ...]  # cells whose letter is a guess, sorted
    __match_args__ = ("rows", "cols", "letters", "bonuses", "unsure", "unsure_letters")

    def __init__(self, rows: int, cols: int, letters: tuple[str, ...], bonuses: tuple[str | None, ...],
                 unsure: Iterable[Cell] = (), unsure_letters: Iterable[Cell] = ()) -> None:
        unsure, unsure_letters = tuple(sorted(set(unsure))), tuple(sorted(set(unsure_letters)))
        for name, value in zip(self.__match_args__, (rows, cols, letters, bonuses, unsure, unsure_letters)):
            object.__setattr__(self, name, value)
        self.__post_init__()

    def _fields(self) -> tuple:
        """Return (rows, cols, letters, bonuses, unsure, unsure_letters)."""
        return self.rows, self.cols, self.letters, self.bonuses, self.unsure, self.unsure_letters

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if other.__class__ is self.__class__ else NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        unsure = f", unsure={self.unsure!r}" if self.unsure else ""
        unsure += f", unsure_letters={self.unsure_letters!r}" if self.unsure_letters else ""
        return (f"{type(self).__qualname__}(rows={self.rows!r}, cols={self.cols!r}, "
                f"letters={self.letters!r}, bonuses={self.bonuses!r}{unsure})")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field '{name}': a Board is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}': a Board is frozen")

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise coded(BoardError(f"a board needs at least one row and one column, not {self.rows}x{self.cols}"),
                        "board_shape", rows=self.rows, cols=self.cols)
        if self.rows > MAX_SIDE or self.cols > MAX_SIDE:
            raise coded(BoardError(f"a {self.rows}x{self.cols} board is too large: "
                                   f"the largest is {MAX_SIDE}x{MAX_SIDE}"),
                        "board_too_large", rows=self.rows, cols=self.cols, side=MAX_SIDE)
        if len(self.letters) != self.rows * self.cols or len(self.bonuses) != len(self.letters):
            raise coded(BoardError(f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} cells, "
                                   f"got {len(self.letters)}"), "board_cells", rows=self.rows, cols=self.cols,
                        needed=self.rows * self.cols, got=len(self.letters))
        for index, bonus in enumerate(self.bonuses):
            if bonus is not None and bonus not in BONUSES:
                raise coded(BoardError(f"{self._where(index)}: unknown bonus {_quote(bonus)} (use DL, TL, DW or TW)"),
                            "board_bonus", **self._place(index), **_token(bonus))
        for cell in self.unsure + self.unsure_letters:
            if not (len(cell) == 2 and 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
                raise BoardError(f"unsure cell {cell!r} is outside the {self.rows}x{self.cols} board")

    @classmethod
    def parse(cls, text: str, language: Language | None = None) -> Board:
        """Return the board in ``text`` (board-file format), folded for ``language`` if given."""
        text = unicodedata.normalize("NFC", text.removeprefix("\ufeff"))  # a BOM, as Windows Notepad writes
        grid = [(number, _row_cells(line, number)) for number, line in _board_lines(text)]
        if not grid:
            raise coded(BoardError("the board is empty: no rows of letters found"), "board_empty")
        width = len(grid[0][1])
        for number, cells in grid:
            if len(cells) != width:
                raise coded(BoardError(f"line {number}: {_count(len(cells), 'cell')}, but the first row has {width}"),
                            "board_row_width", line=number, count=len(cells), width=width)
        parsed = [_parse_cell(token, number, col) for number, cells in grid for col, token in enumerate(cells, 1)]
        unsure = (divmod(index, width) for index, p in enumerate(parsed) if p[2])
        unsure_letters = (divmod(index, width) for index, p in enumerate(parsed) if p[3])
        board = cls(len(grid), width, tuple(p[0] for p in parsed), tuple(p[1] for p in parsed), unsure,
                    unsure_letters)
        return board.for_language(language, [number for number, _ in grid]) if language else board

    @classmethod
    def from_file(cls, path: str | os.PathLike, language: Language | None = None) -> Board:
        """Return the board read from a UTF-8 board file."""
        path = os.fspath(path)
        if not path:
            raise coded(BoardError("the board file name is empty"), "board_no_name")
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BOARD_BYTES + 1)  # /dev/zero or a huge file: no further
        except FileNotFoundError:
            raise coded(BoardError(f"board file not found: {path}"), "board_not_found", path=path) from None
        except IsADirectoryError:
            raise coded(BoardError(f"board file is a folder, not a file: {path}"), "board_folder", path=path) from None
        except OSError as err:
            raise coded(BoardError(f"cannot read board file {path}: {err.strerror}"), "board_unreadable", path=path,
                        problem=err.strerror) from None
        return cls.from_bytes(data, language, source=f"board file {path}", path=path)

    @classmethod
    def from_bytes(cls, data: bytes, language: Language | None = None, source: str = "the board",
                   path: str | None = None) -> Board:
        """Return the board in UTF-8 ``data``; ``source`` names it in an error, and so does ``path``, its file's."""
        file = {"path": path} if path else {}
        if len(data) > MAX_BOARD_BYTES:
            raise coded(BoardError(f"{source} is larger than {MAX_BOARD_BYTES >> 20} MB, the limit for a board "
                                   f"(the largest board is {MAX_SIDE}x{MAX_SIDE})"),
                        "board_file_too_big" if path else "board_too_big", mb=MAX_BOARD_BYTES >> 20, side=MAX_SIDE,
                        **file)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            raise coded(BoardError(f"{source} is not UTF-8 text (line {line})"),
                        "board_file_not_utf8" if path else "board_not_utf8", line=line, **file) from None
        return cls.parse(text, language)

    @classmethod
    def from_letters(cls, letters: str | Iterable[str], rows: int = 4, cols: int | None = None,
                     bonuses: Mapping[Cell, str] | None = None, language: Language | None = None) -> Board:
        """Return a board from letters in row order, e.g. ``"CIAOMAREBUSTIOLE"`` (cols default: fill the rows)."""
        if isinstance(letters, str):
            cells = [ch for ch in unicodedata.normalize("NFC", letters) if not ch.isspace()]
        else:
            cells = list(letters)
        if not all(isinstance(cell, str) for cell in cells):
            raise BoardError("every letter of a board must be a string")
        if cols is None:
            cols = max(len(cells) // rows, 1) if rows > 0 else 0
        if rows < 1 or cols < 1:
            raise coded(BoardError(f"a board needs at least one row and one column, not {rows}x{cols}"),
                        "board_shape", rows=rows, cols=cols)
        if len(cells) != rows * cols:
            raise coded(BoardError(f"a {rows}x{cols} board needs {rows * cols} letters, got {len(cells)}"),
                        "board_letters", rows=rows, cols=cols, needed=rows * cols, got=len(cells))
        marks: list[str | None] = [None] * len(cells)
        for cell, bonus in (bonuses or {}).items():
            if not (isinstance(cell, tuple) and len(cell) == 2 and all(isinstance(n, int) for n in cell)):
                raise BoardError(f"bonus cell {cell!r} is not a (row, col) pair of whole numbers")
            row, col = cell
            if not (0 <= row < rows and 0 <= col < cols):
                raise BoardError(f"bonus cell ({row},{col}) is outside the {rows}x{cols} board")
            if bonus is not None and not isinstance(bonus, str):
                raise BoardError(f"bonus at ({row},{col}) must be DL, TL, DW or TW, not {bonus!r}")
            marks[row * cols + col] = bonus.upper() if bonus else None
        board = cls(rows, cols, tuple(ch.upper() for ch in cells), tuple(marks))
        return board.for_language(language) if language else board

    @classmethod
    def random(cls, language: Language, rows: int = 4, cols: int | None = None,
               rng: random.Random | None = None, bonuses: bool = True) -> Board:
        """Return a board of letters drawn from ``language``'s frequencies, bonuses at BONUS_ODDS.

        Letters are drawn before bonuses, so the same seed gives the same letters either way.
        """
        if rng is None:
            import random

            rng = random.Random()
        cols = rows if cols is None else cols
        letters = language.random_letters(rows * cols, rng)
        marks = tuple(random_bonus(rng) if bonuses else None for _ in letters)
        return cls(rows, cols, tuple(letters), marks)

    def for_language(self, language: Language, line_numbers: list[int] | None = None) -> Board:
        """Return this board with every letter folded into ``language``'s alphabet."""
        folded = []
        for index, letter in enumerate(self.letters):
            letter_ok = language.fold_letter(letter)
            if letter_ok is None:
                where = self._where(index, line_numbers)
                raise coded(BoardError(f"{where}: {_quote(letter)} is not a letter of the {language.english_name} "
                                       f"alphabet"), "board_alphabet", **self._place(index, line_numbers),
                            **_token(letter), language=language.english_name, language_code=language.code)
            folded.append(letter_ok)
        return Board(self.rows, self.cols, tuple(folded), self.bonuses, self.unsure, self.unsure_letters)

    def unsure_as_plain(self) -> Board:
        """Return this board with every unsure bonus taken as a plain tile, and no bonus unsure.

        A sure bonus stays, on a doubted letter too; the doubted letters stay marked (a letter has no plain form).
        """
        bonuses = list(self.bonuses)
        for row, col in self.unsure:
            bonuses[row * self.cols + col] = None
        return Board(self.rows, self.cols, self.letters, tuple(bonuses), (), self.unsure_letters)

    def _where(self, index: int, line_numbers: list[int] | None = None) -> str:
        """Return 'line L, cell C' (or 'row R, cell C') for a row-major cell index."""
        row, col = divmod(index, self.cols)
        if line_numbers:
            return f"line {line_numbers[row]}, cell {col + 1}"
        return f"row {row + 1}, cell {col + 1}"

    def _place(self, index: int, line_numbers: list[int] | None = None) -> dict[str, int]:
        """Return the values ``_where`` names a cell by: line (or row) and cell, counted from 1."""
        row, col = divmod(index, self.cols)
        return {"line": line_numbers[row], "cell": col + 1} if line_numbers else {"row": row + 1, "cell": col + 1}

    def letter(self, cell: Cell) -> str:
        """Return the letter at ``(row, col)``."""
        return self.letters[cell[0] * self.cols + cell[1]]

    def bonus(self, cell: Cell) -> str | None:
        """Return the bonus at ``(row, col)``, or None."""
        return self.bonuses[cell[0] * self.cols + cell[1]]

    def grid(self) -> list[list[str]]:
        """Return the letters as a list of rows."""
        return [list(self.letters[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    def bonus_grid(self) -> list[list[str | None]]:
        """Return the bonuses as a list of rows."""
        return [list(self.bonuses[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    def to_text(self) -> str:
        """Return the board in board-file format; ``Board.parse`` reads it back."""
        unsure, doubted = set(self.unsure), set(self.unsure_letters)
        rows = [[("?" if (row, col) in doubted else "") + letter + (bonus.lower() if bonus else "")
                 + ("?" if (row, col) in unsure else "") for col, (letter, bonus) in enumerate(zip(letters, bonuses))]
                for row, (letters, bonuses) in enumerate(zip(self.grid(), self.bonus_grid()))]
        width = max(3, *(len(cell) for cells in rows for cell in cells))  # columns line up, marks or none
        return "".join(" ".join(cell.ljust(width) for cell in cells).rstrip() + "\n" for cells in rows)


def _board_lines(text: str) -> list[tuple[int, str]]:
    """Return (line number, line) for the board's rows: leading blanks skipped, a blank line ends it."""
    rows: list[tuple[int, str]] = []
    # str.splitlines would also break at a form feed, \x1c-\x1e, U+2028 and the like, splitting a row in two.
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            if len(rows) == MAX_SIDE:
                raise coded(BoardError(f"line {number}: more than {MAX_SIDE} rows "
                                       f"(the largest board is {MAX_SIDE}x{MAX_SIDE})"),
                            "board_too_many_rows", line=number, side=MAX_SIDE)
            rows.append((number, line))
        elif rows:
            break
    return rows


def _row_cells(line: str, number: int) -> list[str]:
    """Return the cells of one board-file line, or raise BoardError past MAX_SIDE of them."""
    cells = line.split(None, MAX_SIDE)  # stop splitting past the limit: a huge line stays one string
    if len(cells) > MAX_SIDE:
        raise coded(BoardError(f"line {number}: more than {MAX_SIDE} cells (the largest board is "
                               f"{MAX_SIDE}x{MAX_SIDE})"), "board_too_many_cells", line=number, side=MAX_SIDE)
    return cells


def _quote(text: str) -> str:
    """Return ``text`` in quotes for an error message, cut to EXCERPT characters if longer."""
    if len(text) <= EXCERPT:
        return f"'{text}'"
    return f"'{text[:EXCERPT]}...' ({len(text):,} characters)"


def _token(text: str) -> dict[str, object]:
    """Return the values that quote ``text`` in a coded error: its first EXCERPT characters, and its length if cut."""
    return {"token": text[:EXCERPT], "length": len(text)} if len(text) > EXCERPT else {"token": text}


def _parse_cell(token: str, line: int, col: int) -> tuple[str, str | None, bool, bool]:
    """Return (letter, bonus, bonus unsure, letter unsure) for one board-file cell such as ``Ttl``, ``e``,
    ``Ttl?`` or ``?Ttl``."""
    where, place = f"line {line}, cell {col}", {"line": line, "cell": col}
    doubted = token.startswith("?")
    body = token[doubted:]
    unsure = len(body) > 1 and body.endswith("?")
    letter, suffix = body[:1], body[1:len(body) - unsure]
    if doubted and letter == "?" and (not suffix or suffix in SUFFIXES):  # "??", "??tl", "???": no letter seen
        raise coded(BoardError(f"{where}: {_quote(token)} is a tile whose letter was not read: type the letter the "
                               f"game shows there"), "board_letter_unread", **place, **_token(token))
    if (doubted and not letter.isalpha()) or "?" in suffix:  # '?', '??W', '?1', 'W?tl', 'Wtl??'
        raise coded(BoardError(f"{where}: {_quote(token)} has a '?' out of place: it goes just before a letter "
                               f"that is a guess (?W) and just after a bonus that is (Wtl?, W?)"),
                    "board_doubt_mark", **place, **_token(token))
    if not letter.isalpha():
        raise coded(BoardError(f"{where}: {_quote(token)} is not a letter (digits and symbols are not allowed)"),
                    "board_not_letter", **place, **_token(token))
    # ß upper-cases to two letters; keep it whole so the error can name it.
    letter = letter.upper() if len(letter.upper()) == 1 else letter
    if not suffix:
        return letter, None, unsure, doubted
    if suffix in SUFFIXES:
        return letter, SUFFIXES[suffix], unsure, doubted
    if suffix.isalpha() and suffix.islower() and len(suffix) == 2:
        raise coded(BoardError(f"{where}: unknown bonus '{suffix}' in {_quote(token)} (use dl, tl, dw or tw)"),
                    "board_suffix", **place, suffix=suffix, **_token(token))
    raise coded(BoardError(f"{where}: {_quote(token)} is not one letter with an optional dl, tl, dw or tw bonus "
                           f"(and '?' if the bonus is unsure)"), "board_bad_cell", **place, **_token(token))


def random_bonus(rng: random.Random) -> str | None:
    """Return a bonus drawn at BONUS_ODDS, or None for a plain cell."""
    draw = rng.random()
    for bonus, odds in BONUS_ODDS:
        if draw < odds:
            return bonus
        draw -= odds
    return None


def _count(number: int, noun: str) -> str:
    """Return '1 cell', '3 cells' and so on."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
