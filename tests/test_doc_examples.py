"""Every ``$ ruzzle ...`` example of the README and docs/*.md runs, and prints what the page shows (issue #39).

The README's own screenshot example was read wrong with confidence for weeks while the page showed the right
board: nothing ran it. Each example is run in-process (``main(argv)``) in a scratch folder, in the order its page
gives them (``generate -o b.txt`` makes the board the next line solves); a path under ``docs/`` is the
repository's. An example must exit 0; one followed by output lines must print exactly those lines.
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from ruzzle_gui.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)
NEEDS = {"compile": Path("/usr/share/hunspell/en_US.dic")}  # an example reading a system file it names


def examples(page: Path) -> list[tuple[list[str], list[str]]]:
    """Return each ``$ ruzzle`` example of ``page`` as (argv, the output lines shown under it)."""
    found: list[tuple[list[str], list[str]]] = []
    for block in BLOCK.findall(page.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ "):
                words = shlex.split(line[2:], comments=True)
                found.append((words[1:], []) if words[:1] == ["ruzzle"] else ([], []))
            elif found and found[-1][0]:
                found[-1][1].append(line.rstrip())
    return [(argv, shown) for argv, shown in found if argv]


def _in_repo(argv: list[str]) -> list[str]:
    """Return ``argv`` with its ``docs/...`` paths made the repository's."""
    return [str(ROOT / word) if word.startswith("docs/") else word for word in argv]


PAGE_EXAMPLES = [page for page in PAGES if examples(page)]


def test_the_pages_have_examples():
    assert {page.name for page in PAGE_EXAMPLES} >= {"README.md", "screenshots.md"}


@pytest.mark.parametrize("page", PAGE_EXAMPLES, ids=[page.name for page in PAGE_EXAMPLES])
def test_every_example_runs_and_prints_what_its_page_shows(page, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    # An example that reads typed words (``practice``) gets none: its round ends at once, as at Ctrl-D.
    monkeypatch.setattr("sys.stdin", open(os.devnull, encoding="utf-8"))
    for argv, shown in examples(page):
        needed = NEEDS.get(argv[0])
        if needed is not None and not needed.exists():
            continue  # reads a system dictionary this machine lacks; tests/test_cli.py compiles others
        code = main(_in_repo(argv))
        out, err = capsys.readouterr()
        assert code == 0, (page.name, " ".join(argv), err)
        if shown:
            assert [line.rstrip() for line in out.splitlines()] == shown, (page.name, " ".join(argv))
            assert "unsure" not in err, (page.name, " ".join(argv), err)
