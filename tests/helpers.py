"""Helpers shared by the engine and command-line tests."""
from __future__ import annotations

from pathlib import Path

TEST_VALUES = {"A": 1, "C": 2, "E": 1, "I": 1, "L": 3, "N": 3, "O": 1, "R": 2, "S": 2, "T": 2}


def write_language(folder: Path, words, *, code: str = "tt", min_length: int = 2,
                   values: dict[str, int] | None = None) -> Path:
    """Write a small test language (TOML plus word list) into ``folder``; return the TOML path."""
    values = values or TEST_VALUES
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "words.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    value_lines = "\n".join(f'"{k}" = {v}' for k, v in values.items())
    toml = folder / f"{code}.toml"
    toml.write_text(
        f'code = "{code}"\nname = "Test"\nalphabet = "{"".join(values)}"\nfold = "unidecode"\n'
        f'min_length = {min_length}\ndictionary = "words.txt"\n\n[values]\n{value_lines}\n',
        encoding="utf-8")
    return toml
