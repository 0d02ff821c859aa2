"""The player's store: one SQLite file of verdicts and practice rounds, safe against the usual faults.

- WAL mode and ``synchronous=FULL``: a committed write survives a kill, even a power cut;
  readers never wait for the writer.
- One writer: every write is one ``BEGIN IMMEDIATE`` transaction; another ruzzle's
  write is waited for ``busy_seconds``, then ``StoreBusy`` says the history is in use.
- A damaged file (not a database, truncated, tables not ours) is renamed to a dated
  backup (``history.sqlite3.damaged-YYYYMMDD-HHMMSS``), a new one is started, and
  ``notices`` says so in one line; the operation is then retried once on the new file.
- A write that cannot reach the disk (full, read-only, the history in use) is kept in
  memory (reads still see it, the next write retries it) and ``NotSaved`` says so.
"""
from __future__ import annotations

import os
import time
from collections import namedtuple
from collections.abc import Callable, Iterable

from ruzzle_gui.store.paths import store_path
from ruzzle_gui.store.schema import COLUMNS, MIGRATIONS, VERSION

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import sqlite3  # the same classes and functions; typeshed describes this one
    from typing import TypeVar

    T = TypeVar("T")
else:
    # The C module that `sqlite3` re-exports: `sqlite3` itself adds datetime and its default
    # date adapters (which the store does not use: dates are ISO text), about half the import's
    # time, paid by every `ruzzle solve` once the player has a store.
    import _sqlite3 as sqlite3

__all__ = ["Store", "StoreError", "StoreBusy", "NotSaved", "Round", "RoundWord", "BUSY_SECONDS", "utc_now"]

BUSY_SECONDS = 3.0  # how long a write waits for another ruzzle's before saying the history is in use
# SQLite's primary result codes (sqlite3.SQLITE_* names arrived only in Python 3.11's sqlite3).
BUSY, LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB = 5, 6, 8, 10, 11, 13, 14, 26
DAMAGE = {CORRUPT, NOTADB}
UNWRITABLE = {READONLY, IOERR, FULL, CANTOPEN}

# One practice round as stored. words: RoundWord tuples in the order typed; seconds: the round's length;
# possible_words/possible_points: what the board offered; date: ISO 8601 UTC, as utc_now() gives it.
Round = namedtuple("Round", "language board seconds score words possible_words possible_points date")
RoundWord = namedtuple("RoundWord", "word at points")  # at: seconds since the round began


class StoreError(Exception):
    """The store cannot do what was asked; the message is one line for the player."""


class StoreBusy(StoreError):
    """Another ruzzle held the write lock longer than the wait."""


class NotSaved(StoreError):
    """A write could not reach the disk; the data is kept in memory for this session."""


class _Damaged(Exception):
    """The file is a database, but not one of ours (tables missing or changed)."""


def utc_now() -> str:
    """Return the time now as ISO 8601 UTC to the second ('2026-12-07T15:20:31Z')."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Store:
    """The verdicts and practice rounds in one SQLite file (by default the user's data folder's)."""

    def __init__(self, path: str | None = None, busy_seconds: float = BUSY_SECONDS) -> None:
        self.path = path or store_path()
        self.busy_seconds = busy_seconds
        self.notices: list[str] = []  # what the player should hear, one line each, said once by the caller
        self._connection: sqlite3.Connection | None = None
        self._unsaved_verdicts: dict[tuple[str, str], tuple[str, str]] = {}  # (language, word) -> (verdict, date)
        self._unsaved_rounds: list[Round] = []

    # ------------------------------------------------------------ verdicts

    def verdicts(self, language: str) -> dict[str, tuple[str, str]]:
        """Return every verdict of ``language``: word -> (verdict, date), with those not yet saved."""
        rows = self._read(lambda db: db.execute(
            "SELECT word, verdict, date FROM verdicts WHERE language = ?", (language,)).fetchall())
        found = {word: (verdict, date) for word, verdict, date in rows}
        found.update((word, value) for (lang, word), value in self._unsaved_verdicts.items() if lang == language)
        return found

    def mark(self, language: str, words: Iterable[str], verdict: str, date: str | None = None) -> None:
        """Record ``verdict`` ('accepted' or 'refused') for ``words``; a word's newer verdict replaces its older."""
        if verdict not in ("accepted", "refused"):
            raise ValueError(f"a verdict is 'accepted' or 'refused', not {verdict!r}")
        date = date or utc_now()
        self.merge(language, {word: (verdict, date) for word in words})

    def merge(self, language: str, verdicts: dict[str, tuple[str, str]]) -> None:
        """Record ``verdicts`` (word -> (verdict, date)), each kept only if newer than the one stored."""
        self._unsaved_verdicts.update(((language, word), value) for word, value in verdicts.items())
        self._write(lambda db: None)

    def forget(self, language: str, words: Iterable[str]) -> int:
        """Remove the verdicts of ``words``; return how many there were."""
        words = list(words)
        for word in words:
            self._unsaved_verdicts.pop((language, word), None)
        return self._write(lambda db: sum(db.execute("DELETE FROM verdicts WHERE language = ? AND word = ?",
                                                     (language, word)).rowcount for word in words))

    def learning_since(self, language: str) -> str:
        """Return the date the learned acceptance table of ``language`` was last reset ('' if never)."""
        row = self._read(lambda db: db.execute("SELECT date FROM learning_resets WHERE language = ?",
                                               (language,)).fetchone())
        return row[0] if row else ""

    def reset_learning(self, language: str, date: str | None = None) -> None:
        """Make the learned table of ``language`` start again from the defaults (verdicts stay)."""
        date = date or utc_now()
        self._write(lambda db: db.execute("INSERT INTO learning_resets VALUES (?, ?) ON CONFLICT (language) "
                                          "DO UPDATE SET date = excluded.date", (language, date)))

    # ------------------------------------------------------------ rounds

    def add_round(self, played: Round) -> None:
        """Record a practice round (kept in memory, and NotSaved raised, if it cannot be written)."""
        self.add_rounds([played])

    def add_rounds(self, rounds: Iterable[Round]) -> None:
        """Record practice rounds in one transaction (kept in memory, and NotSaved raised, if it cannot be written)."""
        self._unsaved_rounds.extend(rounds)
        self._write(lambda db: None)

    def rounds(self, language: str | None = None, last: int | None = None) -> list[Round]:
        """Return the stored rounds (of ``language``, or all), oldest first; the ``last`` few if given."""
        def read(db: sqlite3.Connection) -> list[Round]:
            where, values = ("WHERE language = ?", [language]) if language else ("", [])
            limit = f"LIMIT {int(last)}" if last is not None else ""
            heads = db.execute(f"SELECT * FROM (SELECT id, language, board, seconds, score, possible_words, "
                               f"possible_points, date FROM rounds {where} ORDER BY id DESC {limit}) ORDER BY id",
                               values).fetchall()
            return [Round(lang, board, seconds, score, tuple(RoundWord(*w) for w in db.execute(
                "SELECT word, at, points FROM round_words WHERE round = ? ORDER BY position", (key,))),
                possible_words, possible_points, date)
                for key, lang, board, seconds, score, possible_words, possible_points, date in heads]

        stored = self._read(read)
        unsaved = [r for r in self._unsaved_rounds if not language or r.language == language]
        both = stored + unsaved
        return both if last is None else both[-last:] if last > 0 else []

    def scores(self, language: str | None = None) -> list[tuple[str, str, int, int]]:
        """Return each round's (date, language, score, words found), oldest first, without its words: a chart's."""
        def read(db: sqlite3.Connection) -> list[tuple[str, str, int, int]]:
            where, values = ("WHERE language = ?", [language]) if language else ("", [])
            return db.execute(f"SELECT date, language, score, words FROM rounds {where} ORDER BY id", values).fetchall()

        unsaved = [(r.date, r.language, r.score, len(r.words)) for r in self._unsaved_rounds
                   if not language or r.language == language]
        return self._read(read) + unsaved

    def round_languages(self) -> list[str]:
        """Return the language codes of the rounds kept, most rounds first."""
        stored = self._read(lambda db: [code for code, in db.execute(
            "SELECT language FROM rounds GROUP BY language ORDER BY count(*) DESC, language")])
        return stored + sorted({r.language for r in self._unsaved_rounds} - set(stored))

    def history(self, language: str | None = None, window: int = 10) -> dict:
        """Return the practice statistics (of ``language``, or all): see docs/practice.md."""
        where, values = ("WHERE language = ?", [language]) if language else ("", [])

        def read(db: sqlite3.Connection) -> dict:
            count, total, words, timed, pace_words = db.execute(
                f"SELECT count(*), coalesce(sum(score), 0), coalesce(sum(words), 0), "
                f"coalesce(sum(CASE WHEN words > 0 THEN last_at END), 0), "
                f"coalesce(sum(CASE WHEN words > 0 THEN words END), 0) FROM rounds {where}", values).fetchone()
            best = db.execute(f"SELECT score, date, language FROM rounds {where} ORDER BY score DESC, id LIMIT 1",
                              values).fetchone()
            recent = db.execute(f"SELECT score FROM rounds {where} ORDER BY id DESC LIMIT ?",
                                [*values, window]).fetchall()
            return {"rounds": count, "total_points": total, "total_words": words,
                    "best": {"score": best[0], "date": best[1], "language": best[2]} if best else None,
                    "moving_average": round(sum(r[0] for r in recent) / len(recent), 1) if recent else None,
                    "window": window, "timed_seconds": timed, "timed_words": pace_words}

        stats = self._read(read)
        _add_unsaved(stats, [r for r in self._unsaved_rounds if not language or r.language == language])
        stats["pace"] = round(stats["timed_seconds"] / stats["timed_words"], 2) if stats["timed_words"] else None
        return stats

    # ------------------------------------------------------------ the file

    def close(self) -> None:
        """Close the file (a later call opens it again)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    @property
    def unsaved(self) -> bool:
        """Return True while some verdict or round is held in memory only."""
        return bool(self._unsaved_verdicts or self._unsaved_rounds)

    def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Return ``work(db)`` run on the file; with no file yet, on an empty store in memory."""
        if self._connection is None and not os.path.exists(self.path):
            return work(_empty())
        try:
            return self._run(work, write=False)
        except StoreBusy:
            raise
        except StoreError as err:  # unreadable: the session goes on with what it holds in memory
            self._say(str(err))
            return work(_empty())

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Return ``work(db)`` run in one write transaction that also saves what was held in memory."""
        def saved(db: sqlite3.Connection) -> T:
            _save_verdicts(db, self._unsaved_verdicts)
            _save_rounds(db, self._unsaved_rounds)
            return work(db)

        try:
            result = self._run(saved, write=True)
        except StoreBusy:
            raise NotSaved(f"not saved: {BUSY_LINE}") from None
        except StoreError as err:
            raise NotSaved(f"not saved: {err}") from None
        self._unsaved_verdicts.clear()
        self._unsaved_rounds.clear()
        return result

    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool) -> T:
        """Return ``work(db)``, in a transaction if ``write``; a damaged file is kept aside and the work retried."""
        for attempt in (1, 2):
            try:
                return self._attempt(work, write)
            except (sqlite3.DatabaseError, _Damaged) as err:
                self.close()
                code = _code(err)
                if code in DAMAGE and attempt == 1:
                    self._keep_damaged()
                    continue
                if code in (BUSY, LOCKED):
                    raise StoreBusy(BUSY_LINE) from None
                if code in UNWRITABLE:
                    raise StoreError(f"the history {self.path} cannot be written ({_reason(err)})") from None
                raise StoreError(f"the history {self.path} cannot be used ({_reason(err)})") from None
            except OSError as err:  # the folder cannot be made
                self.close()
                raise StoreError(f"the history {self.path} cannot be written ({err.strerror or err})") from None
        raise AssertionError("unreachable")  # the second attempt returns or raises

    def _attempt(self, work: Callable[[sqlite3.Connection], T], write: bool) -> T:
        """Return ``work(db)`` on the open file, in a BEGIN IMMEDIATE transaction if ``write``."""
        db = self._open()
        if not write:
            return work(db)
        db.execute("BEGIN IMMEDIATE")
        try:
            result = work(db)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.rollback()
            raise
        return result

    def _open(self) -> sqlite3.Connection:
        """Return the connection, opening the file (made and migrated if needed) on first use."""
        if self._connection is not None:
            return self._connection
        os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
        db = sqlite3.connect(self.path, timeout=self.busy_seconds, isolation_level=None)
        try:
            _check_ours(db)  # before WAL mode changes the header: a damaged file is kept as it was
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")  # a commit is on disk before it returns
            db.execute("PRAGMA foreign_keys = ON")
            _migrate(db)
        except BaseException:
            db.close()
            raise
        self._connection = db
        return db

    def _keep_damaged(self) -> None:
        """Rename the damaged file (and its write-ahead log) to a dated backup and say so."""
        backup = f"{self.path}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
        number = 1
        while os.path.exists(backup if number == 1 else f"{backup}-{number}"):
            number += 1
        backup = backup if number == 1 else f"{backup}-{number}"
        try:
            os.replace(self.path, backup)
        except OSError as err:
            raise StoreError(f"the history {self.path} is damaged and could not be kept aside "
                             f"({err.strerror or err})") from None
        for suffix in ("-wal", "-shm"):
            try:
                os.replace(self.path + suffix, backup + suffix) if suffix == "-wal" else os.remove(self.path + suffix)
            except OSError:
                pass  # none there
        self._say(f"the history was damaged: started a new one; the old file is kept as {backup}")

    def _say(self, line: str) -> None:
        """Add ``line`` to the notices, once."""
        if line not in self.notices:
            self.notices.append(line)


BUSY_LINE = "the history is in use by another ruzzle; try again when it has finished"


def _empty() -> sqlite3.Connection:
    """Return an empty store in memory: what reads see before the file exists."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.executescript("".join(MIGRATIONS))
    return db


def _check_ours(db: sqlite3.Connection) -> None:
    """Raise _Damaged (or NOTADB's DatabaseError) unless the file is empty or a ruzzle history we can read."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > VERSION:
        raise StoreError("the history was written by a newer ruzzle; update ruzzle to use it")
    if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise _Damaged("tables that are not a ruzzle history")
    if version == VERSION:
        _check_columns(db)


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the file to VERSION in one write transaction; raise _Damaged if its tables are not ours."""
    if db.execute("PRAGMA user_version").fetchone()[0] < VERSION:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another ruzzle may have migrated it
            if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise _Damaged("tables that are not a ruzzle history")
            for script in MIGRATIONS[version:]:
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version = {VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.rollback()
            raise
    _check_columns(db)


def _check_columns(db: sqlite3.Connection) -> None:
    """Raise _Damaged unless every table has the columns of VERSION."""
    for table, columns in COLUMNS.items():
        found = tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})"))
        if found != columns:
            raise _Damaged(f"table {table} has columns {found}")


def _save_verdicts(db: sqlite3.Connection, verdicts: dict[tuple[str, str], tuple[str, str]]) -> None:
    """Write ``verdicts``; a word's stored verdict is replaced only by a newer one."""
    db.executemany("INSERT INTO verdicts VALUES (?, ?, ?, ?) ON CONFLICT (language, word) DO UPDATE "
                   "SET verdict = excluded.verdict, date = excluded.date WHERE excluded.date >= verdicts.date",
                   [(language, word, verdict, date) for (language, word), (verdict, date) in verdicts.items()])


def _save_rounds(db: sqlite3.Connection, rounds: list[Round]) -> None:
    """Write ``rounds`` with their words."""
    for r in rounds:
        key = db.execute("INSERT INTO rounds (language, board, seconds, score, words, last_at, possible_words, "
                         "possible_points, date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (r.language, r.board, r.seconds, r.score, len(r.words),
                          max((w.at for w in r.words), default=0.0), r.possible_words, r.possible_points,
                          r.date)).lastrowid
        db.executemany("INSERT INTO round_words VALUES (?, ?, ?, ?, ?)",
                       [(key, n, w.word, w.at, w.points) for n, w in enumerate(r.words)])


def _add_unsaved(stats: dict, rounds: list[Round]) -> None:
    """Count into ``stats`` the rounds held in memory (the moving average aside: they are few and last)."""
    for r in rounds:
        stats["rounds"] += 1
        stats["total_points"] += r.score
        stats["total_words"] += len(r.words)
        if r.words:
            stats["timed_seconds"] += max(w.at for w in r.words)
            stats["timed_words"] += len(r.words)
        if stats["best"] is None or r.score > stats["best"]["score"]:
            stats["best"] = {"score": r.score, "date": r.date, "language": r.language}


def _code(err: BaseException) -> int | None:
    """Return SQLite's primary result code of an error (CORRUPT for tables not ours)."""
    if isinstance(err, _Damaged):
        return CORRUPT
    code = getattr(err, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _reason(err: BaseException) -> str:
    """Return what SQLite said, as a short phrase."""
    return str(err) or type(err).__name__
