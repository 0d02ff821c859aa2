"""The words taken out of the app (clipboard lines, CSV files), checked without a display."""
from __future__ import annotations

import csv

from ruzzle_gui.app.words.word_export import clipboard_lines, path_text, write_csv
from ruzzle_gui.graph import Solution

WORDS = [Solution("CASA", 12, ((0, 0), (0, 1), (1, 1), (1, 0))), Solution("ORA", 5, ((2, 3), (3, 3), (3, 2)))]


def test_a_path_counts_rows_and_columns_from_one():
    assert path_text(WORDS[1].path) == "r3c4 r4c4 r4c3"


def test_each_clipboard_line_is_word_score_length():
    assert clipboard_lines(WORDS) == ["CASA\t12\t4", "ORA\t5\t3"]


def test_the_csv_holds_a_header_and_a_row_per_word(tmp_path):
    out = tmp_path / "words.csv"
    assert write_csv(out, WORDS) == 2
    with open(out, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows == [["word", "score", "length", "path"], ["CASA", "12", "4", "r1c1 r1c2 r2c2 r2c1"],
                    ["ORA", "5", "3", "r3c4 r4c4 r4c3"]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.csv"]  # no temporary file left
