"""The store's tables, and the migrations that bring an older file up to date (``PRAGMA user_version``).

Version N is the file after ``MIGRATIONS[:N]`` ran. A migration only adds: a
file written by an older ruzzle is upgraded in place, in one transaction, on its
first use. Words are keyed as the game spells them (upper case, the board's
letters), never by a dictionary's id, so verdicts outlive dictionary rebuilds.
"""
from __future__ import annotations

MIGRATIONS = (
    # 1: verdicts, the learning's reset points, practice rounds and their words.
    """
    CREATE TABLE verdicts (
        language TEXT NOT NULL,
        word TEXT NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'refused')),
        date TEXT NOT NULL,
        PRIMARY KEY (language, word)
    ) WITHOUT ROWID;
    CREATE TABLE learning_resets (
        language TEXT PRIMARY KEY,
        date TEXT NOT NULL
    );
    CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        language TEXT NOT NULL,
        board TEXT NOT NULL,
        seconds REAL NOT NULL,
        score INTEGER NOT NULL,
        words INTEGER NOT NULL,
        last_at REAL NOT NULL,
        possible_words INTEGER NOT NULL,
        possible_points INTEGER NOT NULL,
        date TEXT NOT NULL
    );
    CREATE INDEX rounds_by_language ON rounds (language, id);
    CREATE TABLE round_words (
        round INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        word TEXT NOT NULL,
        at REAL NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (round, position)
    ) WITHOUT ROWID;
    """,
)
VERSION = len(MIGRATIONS)

# What a sound file of VERSION holds: table -> its columns. Anything else is damage.
COLUMNS = {
    "verdicts": ("language", "word", "verdict", "date"),
    "learning_resets": ("language", "date"),
    "rounds": ("id", "language", "board", "seconds", "score", "words", "last_at", "possible_words",
               "possible_points", "date"),
    "round_words": ("round", "position", "word", "at", "points"),
}
