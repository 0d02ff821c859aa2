"""VerdictBook, without a screen: verdicts marked, put back and read; every store fault one line, never raised."""
from __future__ import annotations

from ruzzle_gui.app.verdict_book import VerdictBook
from ruzzle_gui.store import Store


def test_a_mark_is_on_disk_at_once_and_put_back_restores_the_older_verdict_with_its_date(tmp_path):
    path = str(tmp_path / "history.sqlite3")
    Store(path).mark("it", ["CASA"], "accepted", "2026-01-02T03:04:05Z")
    book = VerdictBook(path)
    before = book.mark("it", "CASA", "refused")
    assert before == ("accepted", "2026-01-02T03:04:05Z")
    assert Store(path).verdicts("it")["CASA"][0] == "refused"  # another reader sees it: written, not cached
    book.put_back("it", "CASA", before)
    assert Store(path).verdicts("it") == {"CASA": before} == book.verdicts("it")
    book.put_back("it", "CASA", None)
    assert Store(path).verdicts("it") == {} == book.verdicts("it") and not book.problems


def test_a_damaged_file_is_kept_aside_and_said_once(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"garbage, not SQLite" * 200)
    book = VerdictBook(str(path))
    assert book.verdicts("it") == {}
    book.mark("it", "CASA", "refused")
    assert len(book.problems) == 1 and book.problems[0].startswith("The history was damaged: a new one was started")
    assert Store(str(path)).verdicts("it")["CASA"][0] == "refused"
    assert any(p.name.startswith("history.sqlite3.damaged-") for p in tmp_path.iterdir())


def test_a_folder_that_cannot_be_written_keeps_the_verdict_for_the_session(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the data folder should be")
    book = VerdictBook(str(blocker / "ruzzle_gui" / "history.sqlite3"))
    book.mark("it", "CASA", "refused")
    assert book.refused("it", "CASA")
    assert len(book.problems) == 1 and book.problems[0].startswith("Kept for this session only: ")
    assert not book.reset_learning("it")
