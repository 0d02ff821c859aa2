"""``ruzzle languages``: every known language with its dictionary size and letter-value confidence."""
from __future__ import annotations

import os
from collections.abc import Collection, Sequence

from ruzzle_gui.cli.common import PROG, say, write
from ruzzle_gui.dictionary import DictionaryError, forget_loaded, load_index
from ruzzle_gui.language import LanguageError, known_languages, load_language

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

LANGUAGES_EPILOG = """examples:
  ruzzle languages
  ruzzle languages --json
"""


def add_languages(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the languages command's options."""
    command.epilog = LANGUAGES_EPILOG
    command.add_argument("--json", action="store_true", help="print a JSON list")
    command.set_defaults(handler=languages)


def languages(args: argparse.Namespace) -> int:
    """Print every known language with its dictionary size and letter-value confidence."""
    rows = []
    for code in known_languages():
        rows.append(_language_row(code))
        # Each mapped dictionary holds files open: let them go, so a low `ulimit -n` lists them all.
        load_language.cache_clear()
        forget_loaded()
    if args.json:
        import json  # only JSON output pays for it

        write(json.dumps(rows, ensure_ascii=False) + "\n")
        return 0
    table = [("CODE", "NAME", "WORDS", "MIN", "CONFIDENCE")]
    for row in rows:
        words = f"{row['words']:,}" if row["words"] is not None else row["dictionary"]
        table.append((row["code"], row["name"], words, str(row["min_length"] or "?"), row["confidence"]))
    write("".join(line + "\n" for line in aligned(table, right={2, 3})))
    for row in rows:
        if row["indexed"] is False:
            path = load_language(row["code"]).dictionary_path
            say(f"note: {row['code']}: {path} has no usable index beside it, so solving is slower; "
                f"give it one with: {PROG} compile -d {path} -o {path}")
    return 0


def _language_row(code: str) -> dict:
    """Return one language's listing; a broken language or dictionary shows as such."""
    try:
        language = load_language(code)
    except LanguageError as err:
        say(f"warning: {err}")
        return {"code": code, "name": "(invalid language file)", "words": None,
                "min_length": None, "confidence": "?", "dictionary": "-", "indexed": None}
    row = {"code": code, "name": language.name, "words": None,
           "min_length": language.min_length, "confidence": language.confidence, "indexed": None}
    try:
        row["words"], row["dictionary"] = language.word_count(), "ok"
    except DictionaryError:
        row["dictionary"] = "corrupt" if os.path.isfile(language.dictionary_path) else "missing"
        return row
    # A plain word list gets its index built in memory; a .marisa needs its .index file.
    path = language.dictionary_path
    row["indexed"] = os.path.splitext(path)[1] != ".marisa" or load_index(path) is not None
    return row


def aligned(table: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    """Return the rows of ``table`` as aligned text columns (``right``: right-aligned columns)."""
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in table]
