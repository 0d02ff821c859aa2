"""Export CSV never destroys the file it replaces: it writes beside it and renames."""
from __future__ import annotations

import csv

from ruzzle_gui.app.words import word_export

from gui_helpers import BOARD, settle


def test_a_full_disk_during_export_leaves_the_old_file_whole(app, tmp_path, monkeypatch):
    from tkinter import filedialog

    app.letters.type_text(BOARD)
    app.show_bonuses()
    app.solve()
    settle(app.root)
    out = tmp_path / "words.csv"
    out.write_text("my old export\n", encoding="utf-8")
    real_writer = csv.writer

    class FullDisk:
        """A CSV writer whose disk fills up after a few rows."""

        def __init__(self, handle):
            self.inner, self.rows = real_writer(handle), 0

        def writerow(self, row):
            self.rows += 1
            if self.rows > 3:
                raise OSError(28, "No space left on device")
            return self.inner.writerow(row)

    monkeypatch.setattr(word_export.csv, "writer", FullDisk)
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **options: str(out))
    app.results.export_button.invoke()
    assert out.read_text(encoding="utf-8") == "my old export\n"
    assert [p.name for p in tmp_path.iterdir()] == ["words.csv"]
    assert app.results.hint.cget("text") == f"Could not export to {out}: No space left on device"
    monkeypatch.setattr(word_export.csv, "writer", real_writer)
    app.results.export_button.invoke()
    assert len(out.read_text(encoding="utf-8").splitlines()) == len(app.results.shown) + 1
