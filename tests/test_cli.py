"""The ``ruzzle`` command line, driven in-process through ``main(argv)``."""
from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import types
from collections import Counter
from pathlib import Path

import pytest

from ruzzle_gui import Board, Graph, Solution, cli, known_languages, load_language
from ruzzle_gui.cli import common, dictionaries
from ruzzle_gui.dictionary import compile_words, index_path, load_index
from ruzzle_gui.graph import path_score, sort_solutions

IT_BOARD = "Ctl A   S   Edl\nRdw O   M   I\nTtw E   N   A\nLtl U   P   Odw\n"
SMALL_BOARD = "C A S A\nI O M E\nA R E T\nO L U N\n"
WORDS = ["Città", "casa", "CASA", "perché", "x", "l'acqua", "Ωmega", "", "zeta"]
WORDS_FOLDED_IT = ["CASA", "CITTA", "PERCHE", "ZETA"]
WORDS_UPPER = ["CASA", "CITTÀ", "PERCHÉ", "ZETA", "ΩMEGA"]
JSON_KEYS = {"language", "rows", "cols", "board", "bonuses", "min_length", "count", "total_score", "words",
             "doubtful_left_out", "refused_left_out"}
WORD_LINE = re.compile(r"^(\S+) +(\d+)  (\(\d+,\d+\)(?: \(\d+,\d+\))*)$")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of ``ruzzle argv``."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, text: str | bytes) -> str:
    """Write ``text`` (or bytes) to ``path`` and return the path as a string."""
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return str(path)


def assert_one_error_line(err: str, *fragments: str) -> None:
    """Check stderr is exactly one line, no traceback, naming every fragment."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ruzzle"), err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, err)


def check_contract(data: dict) -> None:
    """Check the documented JSON contract, including that every path spells its word."""
    assert set(data) == JSON_KEYS
    rows, cols = data["rows"], data["cols"]
    assert len(data["board"]) == rows and all(len(row) == cols for row in data["board"])
    assert len(data["bonuses"]) == rows and all(len(row) == cols for row in data["bonuses"])
    assert all(b in (None, "DL", "TL", "DW", "TW") for row in data["bonuses"] for b in row)
    assert data["count"] == len(data["words"])
    assert data["total_score"] == sum(w["score"] for w in data["words"])
    language = load_language(data["language"])
    board = Board(rows, cols, tuple(ch for row in data["board"] for ch in row),
                  tuple(b for row in data["bonuses"] for b in row))
    for entry in data["words"]:
        assert set(entry) == {"word", "score", "length", "path", "band", "doubt", "verdict", "verdict_date"}
        assert entry["verdict"] in (None, "accepted", "refused") and (entry["verdict"] is None) == (
            entry["verdict_date"] is None)
        assert entry["band"] is None or 0 <= entry["band"] <= 7
        assert entry["doubt"] in (None, "enclitic", "unattested", "name", "abbreviation", "reviewed", "truncated")
        path = [tuple(cell) for cell in entry["path"]]
        assert all(len(cell) == 2 and 0 <= cell[0] < rows and 0 <= cell[1] < cols for cell in path)
        assert "".join(data["board"][r][c] for r, c in path) == entry["word"]
        assert len(set(path)) == len(path), "a cell is used twice"
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(path, path[1:]))
        assert entry["length"] == len(entry["word"]) >= data["min_length"]
        assert entry["score"] == path_score(board, language, path)
        assert entry["word"] in language.trie


def solve_json(capsys, *argv: str) -> dict:
    """Return the parsed JSON of a successful ``ruzzle`` run."""
    code, out, err = run(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


@pytest.fixture
def board_file(tmp_path) -> str:
    """Return the path of the Italian demo board as a file."""
    return write(tmp_path / "board.txt", IT_BOARD)


@pytest.fixture
def word_list(tmp_path) -> str:
    """Return the path of a small word list with accents, duplicates and junk."""
    return write(tmp_path / "words.txt", "\n".join(WORDS) + "\n")


# ---------------------------------------------------------------- solve

def test_solve_text_shows_board_aligned_words_and_summary(capsys, board_file):
    code, out, err = run(capsys, "solve", "-l", "it", "-b", board_file, "--all")  # the doubtful words' line aside
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["0", "1", "2", "3"]
    assert lines[1].split() == ["0", "C", "TL", "A", "S", "E", "DL"]
    assert lines[4].split() == ["3", "L", "TL", "U", "P", "O", "DW"]
    assert lines[6].split() == ["WORD", "SCORE", "PATH"]
    word_rows = lines[7:-2]
    matches = [WORD_LINE.match(line) for line in word_rows]
    assert all(matches), [line for line, m in zip(word_rows, matches) if not m]
    assert len({line.index("(") for line in word_rows}) == 1, "path column not aligned"
    assert len({m.end(2) for m in matches}) == 1, "score column not right-aligned"
    scores = [int(m[2]) for m in matches]
    assert scores == sorted(scores, reverse=True)
    longest = max(len(m[1]) for m in matches)
    assert lines[-1] == f"{len(word_rows)} words, longest {longest} letters, total score {sum(scores)}"


def test_solve_json_contract(capsys, board_file):
    data = solve_json(capsys, "solve", "-l", "it", "-b", board_file)
    check_contract(data)
    assert data["language"] == "it" and (data["rows"], data["cols"]) == (4, 4)
    assert data["board"][0] == ["C", "A", "S", "E"]
    assert data["bonuses"][0] == ["TL", None, None, "DL"]
    assert data["min_length"] == 2 and data["count"] > 100
    scores = [w["score"] for w in data["words"]]
    assert scores == sorted(scores, reverse=True)


def test_solve_quiet_prints_only_word_lines(capsys, board_file):
    code, out, _ = run(capsys, "solve", "-l", "it", "-b", board_file, "--quiet")
    full = solve_json(capsys, "solve", "-l", "it", "-b", board_file)
    lines = out.splitlines()
    assert code == 0 and len(lines) == full["count"]
    assert [WORD_LINE.match(line)[1] for line in lines] == [w["word"] for w in full["words"]]


def test_top_keeps_the_best_words_and_counts_them(capsys, board_file):
    full = solve_json(capsys, "solve", "-l", "it", "-b", board_file)
    top = solve_json(capsys, "solve", "-l", "it", "-b", board_file, "--top", "5")
    check_contract(top)
    assert top["words"] == full["words"][:5] and top["count"] == 5
    code, out, _ = run(capsys, "solve", "-l", "it", "-b", board_file, "--top", "5")
    assert f"5 words (top 5 of {full['count']} found)" in out.splitlines()[-1]


@pytest.mark.parametrize("order", ["score", "length", "start", "end", "alpha"])
@pytest.mark.parametrize("reverse", [False, True])
def test_sort_orders_match_the_engine(capsys, board_file, order, reverse):
    flags = ["--reverse"] if reverse else []
    data = solve_json(capsys, "solve", "-l", "it", "-b", board_file, "--sort", order, *flags)
    solutions = [Solution(w["word"], w["score"], tuple(map(tuple, w["path"]))) for w in data["words"]]
    shuffled = random.Random(1).sample(solutions, len(solutions))
    assert solutions == sort_solutions(shuffled, order, reverse)


def test_min_length_filters_words(capsys, board_file):
    data = solve_json(capsys, "solve", "-l", "it", "-b", board_file, "--min-length", "6")
    check_contract(data)
    assert data["min_length"] == 6 and data["count"] > 0
    assert min(w["length"] for w in data["words"]) == 6


def test_board_from_stdin_bytes(capsys, monkeypatch, board_file):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(IT_BOARD.encode())))
    from_stdin = solve_json(capsys, "solve", "-l", "it", "-b", "-")
    assert from_stdin == solve_json(capsys, "solve", "-l", "it", "-b", board_file)


def test_board_from_stdin_text_stream(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(SMALL_BOARD.lower()))
    data = solve_json(capsys, "solve", "-l", "it", "-b", "-")
    assert data["board"][0] == ["C", "A", "S", "A"]


def test_plain_word_list_is_folded_for_the_language(capsys, tmp_path):
    board = write(tmp_path / "b.txt", SMALL_BOARD)
    words = write(tmp_path / "w.txt", "Càsa\nciao\nperché\nzzz\n")
    data = solve_json(capsys, "solve", "-l", "it", "-b", board, "-d", words)
    assert {w["word"] for w in data["words"]} == {"CASA", "CIAO"}
    casa = next(w for w in data["words"] if w["word"] == "CASA")
    assert casa["path"] == [[0, 0], [0, 1], [0, 2], [0, 3]]


def test_board_letters_are_folded_too(capsys, tmp_path):
    board = write(tmp_path / "b.txt", "ç à s a\nI O M E\nA R E T\nO L U N\n")
    data = solve_json(capsys, "solve", "-l", "it", "-b", board)
    assert data["board"][0] == ["C", "A", "S", "A"]


def test_cyrillic_board_solves_in_russian(capsys, tmp_path):
    board = write(tmp_path / "ru.txt", "К О Т Ы\nР А М А\nС Е Л О\nД О М А\n")
    data = solve_json(capsys, "solve", "-l", "ru", "-b", board)
    check_contract(data)
    assert data["min_length"] == 3 and data["count"] > 0


def test_no_words_found_is_said_plainly(capsys, tmp_path):
    board = write(tmp_path / "b.txt", "Q Q\nQ Q\n")
    code, out, _ = run(capsys, "solve", "-l", "it", "-b", board)
    assert code == 0 and "no words found" in out
    assert out.splitlines()[-1] == "0 words, longest 0 letters, total score 0"


# ---------------------------------------------------------------- demo

@pytest.mark.parametrize("code", known_languages())
def test_demo_solves_every_language(capsys, code):
    data = solve_json(capsys, "demo", "-l", code)
    check_contract(data)
    assert data["language"] == code and data["count"] > 0


def test_demo_text_equals_solving_the_demo_board(capsys, board_file):
    assert run(capsys, "demo", "-l", "it") == run(capsys, "solve", "-l", "it", "-b", board_file)


# ---------------------------------------------------------------- languages

def user_language(directory: Path, code: str, dictionary: str | None = None) -> None:
    """Write a minimal user language file (alphabet ABC) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    extra = f'dictionary = "{dictionary}"\n' if dictionary else ""
    (directory / f"{code}.toml").write_text(
        f'code = "{code}"\nname = "Test {code}"\nalphabet = "ABC"\nfold = "upper"\n'
        f'min_length = 2\n{extra}[values]\nA = 1\nB = 2\nC = 3\n', encoding="utf-8")


def test_languages_table_lists_every_language(capsys):
    code, out, err = run(capsys, "languages")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["CODE", "NAME", "WORDS", "MIN", "CONFIDENCE"]
    assert [line.split()[0] for line in lines[1:]] == known_languages()
    italian = next(line for line in lines if line.startswith("it "))
    language = load_language("it")
    assert italian.split() == ["it", "Italiano", f"{language.word_count():,}", "2", language.confidence]
    columns = [re.match(r"^(\S+) +(.+?) +(\S+)  +(\S+)  (\S+)$", line) for line in lines]
    for number in (3, 4):  # WORDS and MIN are right-aligned
        assert len({match.end(number) for match in columns}) == 1, f"column {number} not aligned"
    assert len({match.start(5) for match in columns}) == 1, "CONFIDENCE not aligned"


def test_languages_show_missing_corrupt_and_invalid(capsys, monkeypatch, tmp_path):
    folder = tmp_path / "ruzzle_gui" / "languages"
    user_language(folder, "zzmissing", "nowhere.marisa")
    user_language(folder, "zzcorrupt", "corrupt.marisa")
    write(folder / "corrupt.marisa", os.urandom(2000))
    write(folder / "zzinvalid.toml", "code = \n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    code, out, err = run(capsys, "languages")
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert code == 0
    assert "missing" in rows["zzmissing"] and "corrupt" in rows["zzcorrupt"]
    assert "invalid language file" in rows["zzinvalid"]
    assert err.count("\n") == 1 and "zzinvalid.toml" in err and "Traceback" not in err


def test_languages_note_a_dictionary_without_its_index(capsys, monkeypatch, tmp_path):
    folder = tmp_path / "ruzzle_gui" / "languages"
    user_language(folder, "zzbare", "bare.marisa")
    compile_words(["AB", "ABC", "CAB"], folder / "bare.marisa")
    os.unlink(index_path(folder / "bare.marisa"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    code, out, err = run(capsys, "languages", "--json")
    rows = {row["code"]: row for row in json.loads(out)}
    assert code == 0 and rows["zzbare"]["indexed"] is False and rows["it"]["indexed"] is True
    code, out, err = run(capsys, "languages")
    assert code == 0 and "zzbare" in out
    bare = folder / "bare.marisa"
    assert err == (f"ruzzle: note: zzbare: {bare} has no usable index beside it, so solving is slower; "
                   f"give it one with: ruzzle compile -d {bare} -o {bare}\n")
    # The fix it names, then a fresh process (this one has cached the missing index).
    code, out, _ = run(capsys, "compile", "-d", str(bare), "-o", str(bare))
    assert code == 0 and os.path.isfile(index_path(bare))
    done = subprocess.run([sys.executable, "-m", "ruzzle_gui", "languages"], capture_output=True, text=True,
                          env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path)})
    assert (done.returncode, done.stderr) == (0, "") and "zzbare" in done.stdout


def test_languages_json(capsys):
    code, out, _ = run(capsys, "languages", "--json")
    rows = json.loads(out)
    assert code == 0 and [row["code"] for row in rows] == known_languages()
    italian = next(row for row in rows if row["code"] == "it")
    assert italian["words"] == load_language("it").word_count() and italian["min_length"] == 2


# ---------------------------------------------------------------- compile and cat

def test_compile_then_cat_gives_back_the_folded_words(capsys, tmp_path, word_list):
    out_path = tmp_path / "it.marisa"
    code, out, err = run(capsys, "compile", "-l", "it", "-d", word_list, "-o", str(out_path))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"kept 4 words in the Italian alphabet; wrote {out_path} and its index it.index",
        "read 8, dropped 4: 2 not in the alphabet, 1 duplicate after folding, 1 shorter than 2 letters",
        "wrote its commonness bands it.bands: 4 of 4 words known to the bundled Italian dictionary, "
        "3 of them everyday"]
    assert load_index(out_path) is not None
    code, out, _ = run(capsys, "cat", "-d", str(out_path))
    assert code == 0 and out.splitlines() == WORDS_FOLDED_IT


def test_compile_writes_nothing_when_the_index_cannot_be_written(capsys, tmp_path, word_list):
    out_path = tmp_path / "it.marisa"
    (tmp_path / "it.index").symlink_to(tmp_path / "gone" / "it.index")  # a link into a missing folder
    code, _, err = run(capsys, "compile", "-l", "it", "-d", word_list, "-o", str(out_path))
    assert code == 1
    assert err == (f"ruzzle: error: cannot write {tmp_path / 'it.index'}: No such file or directory; "
                   f"{out_path} and the files beside it were left as they were\n")
    assert not out_path.exists()


def test_compile_without_language_keeps_upper_case_letter_words(capsys, tmp_path, word_list):
    out_path = tmp_path / "any.marisa"
    assert run(capsys, "compile", "-d", word_list, "-o", str(out_path))[0] == 0
    assert run(capsys, "cat", "-d", str(out_path))[1].splitlines() == WORDS_UPPER


def test_compiled_trie_solves(capsys, tmp_path):
    trie = tmp_path / "small.marisa"
    run(capsys, "compile", "-l", "it", "-d", write(tmp_path / "w.txt", "casa\nciao\n"), "-o", str(trie))
    board = write(tmp_path / "b.txt", SMALL_BOARD)
    data = solve_json(capsys, "solve", "-l", "it", "-b", board, "-d", str(trie))
    assert {w["word"] for w in data["words"]} == {"CASA", "CIAO"}


def hunspell_pair(tmp_path: Path) -> Path:
    """Write a two-stem hunspell dictionary with a plural rule and return the .dic path."""
    write(tmp_path / "tiny.aff", "SET UTF-8\n\nSFX S Y 1\nSFX S 0 s .\n")
    return Path(write(tmp_path / "tiny.dic", "2\ncittà/S\ngatto\n"))


def test_compile_expands_hunspell(capsys, tmp_path):
    out_path = tmp_path / "h.marisa"
    dic = str(hunspell_pair(tmp_path))
    code, out, err = run(capsys, "compile", "-l", "it", "-d", dic, "-o", str(out_path))
    assert (code, err) == (0, "")
    assert run(capsys, "cat", "-d", str(out_path))[1].splitlines() == ["CITTA", "CITTAS", "GATTO"]


def test_compile_hunspell_without_aff(capsys, tmp_path):
    dic = write(tmp_path / "lone.dic", "1\ncasa\n")
    code, _, err = run(capsys, "compile", "-d", dic, "-o", str(tmp_path / "h.marisa"))
    assert code == 1
    assert_one_error_line(err, "lone.aff")


@pytest.mark.parametrize("content, fragment", [
    ("", "has no words"),
    ("Ωμέγα\nя\n", "no words left in the Italian alphabet"),
])
def test_compile_refuses_an_empty_trie_and_keeps_the_old_file(capsys, tmp_path, content, fragment):
    out_path = tmp_path / "keep.marisa"
    out_path.write_bytes(b"old contents")
    code, out, err = run(capsys, "compile", "-l", "it", "-d", write(tmp_path / "w.txt", content),
                         "-o", str(out_path))
    assert code == 1 and out == ""
    assert_one_error_line(err, "w.txt", fragment, "nothing written")
    assert out_path.read_bytes() == b"old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.marisa", "w.txt"]


def test_compile_output_must_be_marisa(capsys, tmp_path, word_list):
    code, _, err = run(capsys, "compile", "-d", word_list, "-o", str(tmp_path / "out.txt"))
    assert code == 2
    assert_one_error_line(err, "out.txt", ".marisa")


class FakeTerminal(io.StringIO):
    """A stderr that claims to be a terminal."""

    def isatty(self) -> bool:
        return True


def test_compile_shows_progress_on_a_terminal_for_large_input(capsys, monkeypatch, tmp_path, word_list):
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(dictionaries, "LARGE_INPUT_BYTES", 1)
    assert run(capsys, "compile", "-l", "it", "-d", word_list, "-o", str(tmp_path / "p.marisa"))[0] == 0
    last = terminal.getvalue().split("\r")[-1]
    assert last == f"[{'#' * dictionaries.PROGRESS_WIDTH}] 100%  9 / 9 lines\n"


def test_compile_shows_no_progress_when_small_or_not_a_terminal(capsys, monkeypatch, tmp_path, word_list):
    code, _, err = run(capsys, "compile", "-l", "it", "-d", word_list, "-o", str(tmp_path / "q.marisa"))
    assert (code, err) == (0, "")
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    run(capsys, "compile", "-l", "it", "-d", word_list, "-o", str(tmp_path / "r.marisa"))
    assert terminal.getvalue() == ""


def test_progress_text():
    assert dictionaries.progress_text(15, 30) == f"[{'#' * 15}{'.' * 15}]  50%  15 / 30 lines"
    assert dictionaries.progress_text(1_234_567, None) == "1,234,567 words read"


def test_cat_bundled_dictionary_sorted(capsys):
    code, out, _ = run(capsys, "cat", "-l", "en")
    words = out.splitlines()
    assert code == 0 and len(words) == load_language("en").word_count()
    assert words == sorted(words)


def test_cat_plain_list_folded_and_to_file(capsys, tmp_path, word_list):
    target = tmp_path / "out.txt"
    code, out, _ = run(capsys, "cat", "-d", word_list, "-l", "it", "-o", str(target))
    assert (code, out) == (0, "")
    assert target.read_text(encoding="utf-8").splitlines() == WORDS_FOLDED_IT


def test_cat_needs_a_dictionary(capsys):
    code, out, err = run(capsys, "cat")
    assert code == 2 and out == ""
    assert_one_error_line(err, "-d DICTIONARY", "-l LANG")


def test_compile_into_a_missing_folder_creates_nothing(capsys, tmp_path, word_list):
    target = tmp_path / "no" / "such" / "out.marisa"
    code, out, err = run(capsys, "compile", "-l", "it", "-d", word_list, "-o", str(target))
    assert code == 1
    assert_one_error_line(err, f"cannot write {target}: no such folder")
    assert not (tmp_path / "no").exists()


def test_an_unknown_option_before_any_command_is_a_usage_error(capsys):
    code, out, err = run(capsys, "--bogus")
    assert code == 2
    assert_one_error_line(err, "unrecognized arguments: --bogus")


# ---------------------------------------------------------------- generate

def test_generate_round_trips_through_solve(capsys, tmp_path):
    target = tmp_path / "gen.txt"
    code, out, _ = run(capsys, "generate", "-l", "it", "--seed", "11", "-o", str(target))
    assert (code, out) == (0, "")
    board = Board.from_file(target, load_language("it"))
    data = solve_json(capsys, "solve", "-l", "it", "-b", str(target))
    check_contract(data)
    assert data["board"] == board.grid() and data["bonuses"] == board.bonus_grid()


def test_same_seed_same_board_and_other_seed_another(capsys):
    first = run(capsys, "generate", "-l", "it", "--seed", "5")[1]
    assert first == run(capsys, "generate", "-l", "it", "--seed", "5")[1]
    assert first != run(capsys, "generate", "-l", "it", "--seed", "6")[1]
    Board.parse(first, load_language("it"))


def test_generate_size_and_no_bonus(capsys):
    argv = ["generate", "-l", "ru", "-r", "3", "-c", "7", "--seed", "2"]
    with_bonus = Board.parse(run(capsys, *argv)[1])
    plain = Board.parse(run(capsys, *argv, "--no-bonus")[1])
    assert (plain.rows, plain.cols) == (3, 7)
    assert set(plain.bonuses) == {None}
    assert plain.letters == with_bonus.letters
    assert set(plain.letters) <= set(load_language("ru").alphabet)


def test_generate_bonus_odds_and_letter_frequencies(capsys):
    board = Board.parse(run(capsys, "generate", "-l", "it", "-r", "100", "-c", "100", "--seed", "3")[1])
    bonuses = Counter(board.bonuses)
    for bonus, odds in [("TW", 0.05), ("DW", 0.10), ("TL", 0.10), ("DL", 0.15), (None, 0.60)]:
        assert abs(bonuses[bonus] / 10_000 - odds) < 0.02, (bonus, bonuses[bonus])
    letters = Counter(board.letters)
    assert letters["A"] > 5 * letters["Q"] and letters["E"] > 5 * letters["Z"]


# ---------------------------------------------------------------- errors: bad input (exit 1)

@pytest.mark.parametrize("content, fragments", [
    (b"", ["empty"]),
    (b"\n\n", ["empty"]),
    (b"C A S\nA B\n", ["line 2", "2 cells", "3"]),
    (b"Cxx A\nB C\n", ["line 1, cell 1", "unknown bonus 'xx'"]),
    (b"C 1\nA B\n", ["line 1, cell 2", "'1' is not a letter"]),
    (b"C A\n# B\n", ["line 2, cell 1", "'#' is not a letter"]),
    ("C Ж\nA B\n".encode(), ["line 1, cell 2", "'Ж'", "Italian alphabet"]),
    (b"C A\n\xff B\n", ["not UTF-8", "line 2"]),
])
def test_bad_board_files(capsys, tmp_path, content, fragments):
    code, out, err = run(capsys, "solve", "-l", "it", "-b", write(tmp_path / "bad.txt", content))
    assert code == 1 and out == ""
    assert_one_error_line(err, *fragments)


def test_latin_letter_on_a_russian_board(capsys, tmp_path):
    code, _, err = run(capsys, "solve", "-l", "ru", "-b", write(tmp_path / "b.txt", "К О\nТ Q\n"))
    assert code == 1
    assert_one_error_line(err, "line 2, cell 2", "'Q'", "Russian alphabet")


def test_missing_and_unreadable_board_files(capsys, tmp_path):
    code, _, err = run(capsys, "solve", "-l", "it", "-b", str(tmp_path / "nope.txt"))
    assert code == 1
    assert_one_error_line(err, "not found", "nope.txt")
    code, _, err = run(capsys, "solve", "-l", "it", "-b", str(tmp_path))
    assert code == 1
    assert_one_error_line(err, "folder", str(tmp_path))


def test_non_utf8_board_on_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"C A\nB \xe9\n")))
    code, _, err = run(capsys, "solve", "-l", "it", "-b", "-")
    assert code == 1
    assert_one_error_line(err, "standard input", "not UTF-8", "line 2")


def test_closed_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(capsys, "solve", "-l", "it", "-b", "-")
    assert code == 1
    assert_one_error_line(err, "standard input is closed")


@pytest.mark.parametrize("command", [["solve", "-b", "board.txt"], ["demo"], ["generate"], ["cat"]])
def test_unknown_language_lists_known_ones(capsys, command):
    code, _, err = run(capsys, *command, "-l", "klingon")
    assert code == 1
    assert_one_error_line(err, "unknown language 'klingon'", ", ".join(known_languages()))


@pytest.mark.parametrize("name, content, fragments", [
    ("missing.marisa", None, ["not found", "missing.marisa"]),
    ("missing.txt", None, ["not found", "missing.txt"]),
    ("random.marisa", os.urandom(4096), ["random.marisa", "not a valid .marisa"]),
    ("text.marisa", b"hello\n", ["text.marisa", "not a valid .marisa"]),
    ("empty.marisa", b"", ["empty", "empty.marisa"]),
    ("empty.txt", b"", ["empty.txt", "no words"]),
    ("greek.txt", "Ωμέγα\n".encode(), ["greek.txt", "no words", "Italian alphabet"]),
    ("latin1.txt", "città\n".encode("latin-1"), ["latin1.txt", "not UTF-8", "line 1"]),
])
def test_bad_dictionaries(capsys, tmp_path, board_file, name, content, fragments):
    path = tmp_path / name
    if content is not None:
        write(path, content)
    code, out, err = run(capsys, "solve", "-l", "it", "-b", board_file, "-d", str(path))
    assert code == 1 and out == ""
    assert_one_error_line(err, *fragments)


def test_hunspell_dic_must_be_compiled_before_solving(capsys, tmp_path, board_file):
    code, _, err = run(capsys, "solve", "-l", "it", "-b", board_file, "-d", str(hunspell_pair(tmp_path)))
    assert code == 1
    assert_one_error_line(err, "tiny.dic", "hunspell", "ruzzle compile -l it -d")


def test_truncated_marisa(capsys, tmp_path, board_file):
    trie = tmp_path / "full.marisa"
    run(capsys, "compile", "-d", write(tmp_path / "w.txt", "casa\nciao\nmare\n" * 50), "-o", str(trie))
    cut = write(tmp_path / "cut.marisa", trie.read_bytes()[:-40])
    for argv in (["solve", "-l", "it", "-b", board_file, "-d", cut], ["cat", "-d", cut]):
        code, _, err = run(capsys, *argv)
        assert code == 1
        assert_one_error_line(err, "cut.marisa", "not a valid .marisa")


def test_output_encoding_error_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    code = cli.main(["demo", "-l", "ru", "--top", "1"])
    err = capsys.readouterr().err
    assert code == 1
    assert_one_error_line(err, "ascii", "PYTHONIOENCODING")


def test_keyboard_interrupt_is_quiet(capsys, monkeypatch, board_file):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(Graph, "solve", interrupted)
    code, _, err = run(capsys, "solve", "-l", "it", "-b", board_file)
    assert code == 130 and err.strip() == "ruzzle: interrupted"


def test_write_errors_name_the_file(capsys, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "board.txt"
    code, _, err = run(capsys, "generate", "-l", "it", "-o", str(target))
    assert code == 1
    assert_one_error_line(err, "No such file or directory", str(target))


# ---------------------------------------------------------------- errors: bad usage (exit 2)

@pytest.mark.parametrize("argv, fragments", [
    (["slove"], ["invalid choice: 'slove'", "solve"]),
    (["--bogus"], ["unrecognized arguments: --bogus"]),
    (["solve", "-l", "it", "-b", "x", "--frobnicate"], ["--frobnicate"]),
    (["solve", "-l", "it"], ["required", "-b/--board"]),
    (["solve", "-l", "it", "-b", "x", "--min-length", "-1"], ["--min-length", "at least 1", "-1"]),
    (["solve", "-l", "it", "-b", "x", "--min-length", "0"], ["--min-length", "at least 1"]),
    (["solve", "-l", "it", "-b", "x", "--min-length", "two"], ["--min-length", "'two'"]),
    (["solve", "-l", "it", "-b", "x", "--top", "0"], ["--top", "at least 1"]),
    (["solve", "-l", "it", "-b", "x", "--sort", "random"], ["--sort", "'random'"]),
    (["solve", "-l", "it", "-b", "x", "--json", "--quiet"], ["--quiet", "--json"]),
    (["generate", "-l", "it", "-r", "0"], ["-r/--rows", "at least 1", "0"]),
    (["generate", "-l", "it", "-r", "-4"], ["-r/--rows", "-4"]),
    (["generate", "-l", "it", "-c", "0"], ["-c/--cols", "at least 1"]),
    (["generate", "-l", "it", "-c", "four"], ["-c/--cols", "'four' is not a whole number"]),
    (["generate", "-l", "it", "-r", "1000"], ["-r/--rows", "at most"]),
    (["generate", "-l", "it", "--seed", "x"], ["--seed", "'x'"]),
    (["compile", "-d", "w.txt"], ["required", "-o/--output"]),
])
def test_usage_errors_are_one_line_with_exit_2(capsys, argv, fragments):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert_one_error_line(err, *fragments)


@pytest.mark.parametrize("command", ["solve", "demo", "languages", "compile", "cat", "generate"])
def test_every_subcommand_has_help_with_examples(capsys, command):
    code, out, err = run(capsys, command, "--help")
    assert (code, err) == (0, "")
    assert "examples:" in out and f"ruzzle {command}" in out.split("examples:")[1]


# ---------------------------------------------------------------- app, bench, entry points

def fake_module(monkeypatch, name: str, calls: list) -> None:
    """Install a module ``name`` whose main(argv) records its argv and returns 7."""
    module = types.ModuleType(name)
    module.main = lambda argv=None: calls.append(argv) or 7
    monkeypatch.setitem(sys.modules, name, module)


def test_no_subcommand_opens_the_app(monkeypatch):
    calls: list = []
    fake_module(monkeypatch, "ruzzle_gui.app.main", calls)
    assert cli.main([]) == 7 and calls == [[]]


def test_bench_gets_its_own_arguments(monkeypatch):
    calls: list = []
    fake_module(monkeypatch, "ruzzle_gui.lab.bench", calls)
    assert cli.main(["bench", "--runs", "3", "-l", "it"]) == 7
    assert calls == [["--runs", "3", "-l", "it"]]


@pytest.mark.parametrize("argv, module", [([], "ruzzle_gui.app.main"), (["bench"], "ruzzle_gui.lab.bench")])
def test_missing_app_or_bench_is_one_error_line(capsys, monkeypatch, argv, module):
    monkeypatch.setitem(sys.modules, module, None)  # makes the import fail
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert_one_error_line(err, "cannot start")


def test_python_dash_m_runs_the_same_command_line(capsys, board_file):
    expected = run(capsys, "solve", "-l", "it", "-b", board_file, "--top", "3")[1]
    done = subprocess.run([sys.executable, "-m", "ruzzle_gui", "solve", "-l", "it", "-b", board_file,
                           "--top", "3"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")


@pytest.mark.parametrize("argv, lines_read", [(["cat", "-l", "en"], 1), (["languages"], 0)])
def test_closed_pipe_is_not_an_error(argv, lines_read):
    # Buffered stdout, as for most users, so the last flush happens late too.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    with subprocess.Popen([sys.executable, "-m", "ruzzle_gui", *argv], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        read = [proc.stdout.readline() for _ in range(lines_read)]
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=60)
    assert all(line.strip() for line in read) and err == ""
    assert proc.returncode == common.EXIT_BROKEN_PIPE


def test_console_script_is_installed(board_file):
    done = subprocess.run(["ruzzle", "solve", "-l", "it", "-b", board_file, "--quiet", "--top", "1"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and WORD_LINE.match(done.stdout.strip())


def test_version_is_the_package_version_and_the_changelog_newest(capsys):
    from importlib.metadata import version

    import ruzzle_gui

    assert run(capsys, "--version") == (0, f"ruzzle {ruzzle_gui.__version__}\n", "")
    assert version("ruzzle_gui") == ruzzle_gui.__version__
    changelog = (Path(__file__).resolve().parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
    newest = re.search(r"^## \[?(\S+?)\]?(?: |$)", changelog, re.M)
    assert newest and newest.group(1) == ruzzle_gui.__version__
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "--version" in out
