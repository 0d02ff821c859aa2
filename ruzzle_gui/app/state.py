"""The one piece of app-wide state: the board being typed and the player's choices."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruzzle_gui.app.settings import Settings, save_settings
from ruzzle_gui.app.text.i18n import N_, _
from ruzzle_gui.app.undo import History, Snapshot
from ruzzle_gui.app.verdict_book import VerdictBook
from ruzzle_gui.board import Board

MAX_TYPED_SIZE = 8
FILE_GUESS = N_("the board marks this bonus with ?: it is a guess")
FILE_UNKNOWN = N_("the board marks this bonus with ?: it is not known")
FILE_LETTER = N_("the board marks this letter with ?: it is a guess")
FILE_LETTER_GUESS = N_("the board marks this letter and this bonus with ?: both are guesses")
FILE_LETTER_UNKNOWN = N_("the board marks this letter with ?: it is a guess, and its bonus is not known")


@dataclass
class AppState:
    """The board as typed so far (``""`` marks an empty tile), its language and the settings.

    ``notices`` holds problems found before the window opened (a language file
    that failed to load, a bad board file) for the window to show.
    """

    language: str
    settings_file: Path
    settings: Settings = field(default_factory=Settings)
    rows: int = 4
    cols: int = 4
    letters: list[str] = field(default_factory=list)
    bonuses: list[str | None] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    # The tiles a screenshot read doubted, until the player settles each: index -> the reader's reason.
    unsure: dict[int, str] = field(default_factory=dict)
    # Of those, the tiles whose letter and whose bonus the board marks ("?W", "Wtl?"), so that the board's
    # text keeps each mark while its tile is unsure. A tile settled leaves ``unsure``: these only ever count
    # for the tiles in it.
    letter_doubts: set[int] = field(default_factory=set)
    bonus_doubts: set[int] = field(default_factory=set)
    read: bool = False  # the board (bonuses too) was read from an image: Enter solves at once
    history: History = field(init=False, repr=False, compare=False)
    # The game's verdicts on words, which the Words list and the Plan tab share (the store, opened on first use).
    verdicts: VerdictBook = field(default_factory=VerdictBook, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.letters) != self.rows * self.cols:
            self.letters = [""] * (self.rows * self.cols)
        if len(self.bonuses) != len(self.letters):
            self.bonuses = [None] * len(self.letters)
        self.history = History(self.snapshot)

    def snapshot(self) -> Snapshot:
        """Return the board as it is now, for Undo."""
        return Snapshot(self.rows, self.cols, tuple(self.letters), tuple(self.bonuses),
                        tuple(sorted(self.unsure.items())), self.read, tuple(sorted(self.letter_doubts)),
                        tuple(sorted(self.bonus_doubts)))

    def restore(self, snapshot: Snapshot) -> None:
        """Put the board back as ``snapshot`` holds it."""
        self.rows, self.cols = snapshot.rows, snapshot.cols
        self.letters, self.bonuses = list(snapshot.letters), list(snapshot.bonuses)
        self.unsure, self.read = dict(snapshot.unsure), snapshot.read
        self.letter_doubts, self.bonus_doubts = set(snapshot.letter_doubts), set(snapshot.bonus_doubts)

    @property
    def size(self) -> int:
        """Return the number of tiles."""
        return self.rows * self.cols

    def resize(self, rows: int, cols: int) -> None:
        """Change the board's shape, keeping each letter and bonus that still fits at its (row, col)."""
        letters: list[str] = [""] * (rows * cols)
        bonuses: list[str | None] = [None] * (rows * cols)
        for r in range(min(rows, self.rows)):
            for c in range(min(cols, self.cols)):
                letters[r * cols + c] = self.letters[r * self.cols + c]
                bonuses[r * cols + c] = self.bonuses[r * self.cols + c]
        self.rows, self.cols, self.letters, self.bonuses = rows, cols, letters, bonuses
        self.unsure.clear()

    def clear(self) -> None:
        """Empty every tile and remove every bonus, keeping the shape and language."""
        self.letters = [""] * self.size
        self.bonuses = [None] * self.size

    def load_board(self, board: Board) -> None:
        """Take the shape, letters and bonuses of ``board``."""
        self.rows, self.cols = board.rows, board.cols
        self.letters, self.bonuses = list(board.letters), list(board.bonuses)
        # A board file or paste marks a guessed letter or bonus with ? ("?W", "Etl?"): the tile stays unsure
        # until settled. The msgid is kept, not its text: a switch of interface language says it anew
        # (unsure.reason_text).
        self.letter_doubts = {r * board.cols + c for r, c in board.unsure_letters}
        self.bonus_doubts = {r * board.cols + c for r, c in board.unsure}
        self.unsure = {index: _file_reason(index in self.letter_doubts, index in self.bonus_doubts,
                                           board.bonuses[index])
                       for index in sorted(self.letter_doubts | self.bonus_doubts)}

    def board(self) -> Board:
        """Return the typed board; call it once every tile holds a letter."""
        return Board(self.rows, self.cols, tuple(self.letters), tuple(self.bonuses))

    def marked_board(self) -> Board:
        """Return the typed board with the ? marks of the tiles still unsure, as its board file writes them.

        A tile a reading doubted without saying whether letter or bonus is marked as a letter in doubt:
        a solve then refuses it rather than trust it.
        """
        cells = {index: divmod(index, self.cols) for index in self.unsure}
        return Board(self.rows, self.cols, tuple(self.letters), tuple(self.bonuses),
                     (cell for index, cell in cells.items() if index in self.bonus_doubts),
                     (cell for index, cell in cells.items()
                      if index in self.letter_doubts or index not in self.bonus_doubts))

    def choose_language(self, code: str) -> str | None:
        """Switch to the language the player chose and save it for next time; return None or why not."""
        self.language = self.settings.language = code
        return self.save()

    def save(self) -> str | None:
        """Save the settings; return None, or why they were not saved.

        The language saved is the one the player last chose: a fallback used because
        their file failed to load is not remembered over it. A fault nobody foresaw
        is said like any other, so it never keeps the player from quitting.
        """
        try:
            return save_settings(self.settings, self.settings_file)
        except Exception as err:  # said, never raised: a raise here would trap the window open
            return _("could not save settings to {path}: {problem}").format(
                path=self.settings_file, problem=f"{type(err).__name__}: {err}")


def _file_reason(letter: bool, bonus: bool, guess: str | None) -> str:
    """Return the msgid saying what a board file's ? marks on a tile doubt: its letter, its bonus (``guess``,
    or None if unknown), or both."""
    if letter and bonus:
        return FILE_LETTER_GUESS if guess else FILE_LETTER_UNKNOWN
    if letter:
        return FILE_LETTER
    return FILE_GUESS if guess else FILE_UNKNOWN
