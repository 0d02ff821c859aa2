"""``ruzzle compile`` and ``ruzzle cat``: build a .marisa dictionary from a word list, or dump one."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from ruzzle_gui.cli.common import (
    CliError,
    OutputError,
    file_name,
    flush,
    language_files,
    refuse_overwriting,
    type_error,
    write,
    write_output,
)
from ruzzle_gui.dictionary import (
    FoldReport,
    compile_words,
    expand_hunspell,
    fold_words,
    index_path,
    is_index_file,
    load_words,
    read_word_list,
)
from ruzzle_gui.files import input_among
from ruzzle_gui.language import Language, load_language

if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

LARGE_INPUT_BYTES = 4 << 20  # about half a million words: big enough to wait for
PROGRESS_WIDTH = 30
CHUNK_LINES = 65_536
COMPILE_EPILOG = """Plain lists are read as UTF-8, one word per line; a hunspell .dic needs
its .aff beside it (expanded as the bundled dictionaries are).
With -l, words are folded into that language's alphabet (accents removed,
upper case); without -l, words are upper-cased and only words made of
letters alone are kept.

examples:
  ruzzle compile -l it -d parole.txt -o it.marisa
  ruzzle compile -l en -d /usr/share/hunspell/en_US.dic -o en.marisa
"""
CAT_EPILOG = """examples:
  ruzzle cat -l it | grep '^CIAO'
  ruzzle cat -d it.marisa -o words.txt
"""


def add_compile(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the compile command's options."""
    command.epilog = COMPILE_EPILOG
    command.add_argument("-d", "--dictionary", required=True, type=file_name, metavar="WORDS",
                         help="plain UTF-8 word list, hunspell .dic, or .marisa")
    command.add_argument("-o", "--output", required=True, type=_marisa_path, metavar="OUT.marisa")
    command.add_argument("-l", "--language", metavar="LANG", help="fold words for this language")
    command.set_defaults(handler=compile_dictionary)


def add_cat(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the cat command's options."""
    command.epilog = CAT_EPILOG
    command.add_argument("-d", "--dictionary", type=file_name, metavar="DICTIONARY",
                         help="a .marisa file or a plain word list (folded for -l if given)")
    command.add_argument("-l", "--language", metavar="LANG",
                         help="language whose bundled dictionary to write (or to fold -d for)")
    command.add_argument("-o", "--output", type=file_name, metavar="OUT",
                         help="write to this file ('-': stdout, the default)")
    command.set_defaults(handler=cat, usage_problem=_cat_usage_problem)


def _marisa_path(text: str) -> str:
    """Return an output path that ends in .marisa (others would be read back as word lists)."""
    if not file_name(text).endswith(".marisa"):
        raise type_error(
            f"'{text}' must end in .marisa (other files are read as plain word lists)")
    return text


def _cat_usage_problem(args: argparse.Namespace) -> str | None:
    """Return why these cat arguments are unusable, or None."""
    if args.dictionary is None and args.language is None:
        return "cat needs a dictionary: give -d DICTIONARY, -l LANG, or both"
    return None


def _suffix(path: str) -> str:
    """Return the file name's last suffix (``.dic``), or '' when it has none."""
    return os.path.splitext(path)[1]


def _word_source(path: str) -> Iterable[str]:
    """Return the words of a plain list, a hunspell .dic (expanded) or a .marisa trie."""
    if _suffix(path) == ".dic":
        return expand_hunspell(path)
    if _suffix(path) == ".marisa":
        return load_words(path).iterkeys()
    return read_word_list(path)


def _folding(language: Language | None) -> tuple[Callable[[str], str], Callable[[str], bool], str]:
    """Return (fold, in_alphabet, label) for ``language``, or for plain upper-case letters."""
    if language is None:
        return str.upper, str.isalpha, "upper-case letters"
    return language.fold, language.in_alphabet, f"the {language.english_name} alphabet"


# ---------------------------------------------------------------- compile

def compile_dictionary(args: argparse.Namespace) -> int:
    """Fold a word list (or hunspell dictionary) and write it as a .marisa trie."""
    source = args.dictionary
    _check_compile_output(source, args.output, language_files(args.language), with_bands=bool(args.language))
    language = load_language(args.language) if args.language else None
    fold, in_alphabet, label = _folding(language)
    words = _word_source(source)
    if sys.stderr.isatty() and _is_large(source):
        words = _with_progress(words, _line_count(source), sys.stderr)
    report = FoldReport()
    kept = fold_words(words, fold, in_alphabet, report)
    if not kept:
        problem = ("has no words" if report.read == 0
                   else f"has no words left in {label} ({_report_text(report)})")
        raise CliError(f"{source} {problem}; nothing written")
    counts: list[int] = []
    beside = _bands_beside(args.output, language, counts) if language is not None else None
    compile_words(kept, args.output, beside)
    lines = [f"kept {len(kept):,} word{'' if len(kept) == 1 else 's'} in {label}; "
             f"wrote {args.output} and its index {os.path.basename(index_path(args.output))}",
             _report_text(report)]
    if language is not None:
        lines.append(_bands_text(args.output, language, counts if beside is not None else None))
    try:
        write("\n".join(lines) + "\n")
        flush()
    except OutputError as err:
        raise CliError(f"wrote {args.output} and the files beside it; only this report could not be printed "
                       f"({str(err).removeprefix('cannot write to standard output: ')})") from None
    return 0


def _check_compile_output(source: str, output: str, others: list[str], with_bands: bool) -> None:
    """Raise CliError if writing ``output`` or a file beside it would destroy an input or a file not ours."""
    from ruzzle_gui.bands import bands_path, is_bands_file

    inputs = [source, os.path.splitext(source)[0] + ".aff" if _suffix(source) == ".dic" else None, *others]
    beside = [("index", "an index", index_path(output), is_index_file)]
    if with_bands:
        beside.append(("commonness bands", "a band file", bands_path(output), is_bands_file))
    for what, described, path, is_ours in beside:
        clash = input_among(path, inputs)
        if clash is not None:
            raise CliError(f"the {what} {path} that compile writes beside {output} is the input {clash}; "
                           "choose another output name")
        if os.path.exists(path) and not is_ours(path):
            raise CliError(f"{path} exists and is not {described} written by ruzzle compile; compile writes its "
                           f"{what} there, so move that file or choose another output name")
    # Compiling a .marisa onto itself is allowed: it reads every word before replacing the file.
    clash = input_among(output, inputs)
    if clash is not None and not (clash == source and _suffix(source) == ".marisa"):
        raise CliError(f"the output {output} is the input {clash}; write to another file")


def _bands_beside(output: str, language: Language, counts: list[int]):
    """Return the commonness bands to write beside ``output``, from the language's bundled ones (None: it has none)."""
    from ruzzle_gui.bands import bundled_bands_beside  # only compiling pays for it

    return bundled_bands_beside(output, language.code, counts)


def _bands_text(output: str, language: Language, counts: list[int] | None) -> str:
    """Return what the report says of the new dictionary's commonness bands."""
    from ruzzle_gui.bands import EVERYDAY, bands_path

    if counts is None:
        return f"no commonness bands: the {language.english_name} bundled dictionary has none to look words up in"
    known = sum(counts) - counts[0]
    return (f"wrote its commonness bands {os.path.basename(bands_path(output))}: {known:,} of {sum(counts):,} words "
            f"known to the bundled {language.english_name} dictionary, {counts[EVERYDAY]:,} of them everyday")


def _report_text(report: FoldReport) -> str:
    """Return 'read N, dropped M: reasons' for a FoldReport."""
    text = f"read {report.read:,}, dropped {report.dropped_total:,}"
    if report.dropped:
        text += ": " + ", ".join(f"{n:,} {why}" for why, n in report.dropped.most_common())
    return text


def _is_large(source: str) -> bool:
    """Return True if reading ``source`` takes long enough to deserve a progress bar."""
    # Expanding hunspell affixes takes seconds even for a small .dic.
    return os.path.isfile(source) and (_suffix(source) == ".dic" or os.path.getsize(source) >= LARGE_INPUT_BYTES)


def _line_count(source: str) -> int | None:
    """Return the number of lines of a plain list, or None when unknown in advance."""
    if _suffix(source) in (".dic", ".marisa"):
        return None
    with open(source, "rb") as handle:
        return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))


def _with_progress(words: Iterable[str], total: int | None, stream: TextIO) -> Iterator[str]:
    """Yield ``words`` unchanged while drawing a progress bar (or a running count) on ``stream``."""
    step = max(total // 200, 1) if total else 50_000
    done = 0
    try:
        for done, word in enumerate(words, 1):
            if done % step == 0:
                stream.write("\r" + progress_text(done, total))
                stream.flush()
            yield word
        done = total or done  # blank lines are skipped, so the count of words falls short
    finally:  # end the bar's line even on an error, so the error message starts a line
        stream.write("\r" + progress_text(done, total) + "\n")
        stream.flush()


def progress_text(done: int, total: int | None) -> str:
    """Return a one-line progress bar, or a count when the total is unknown."""
    if not total:
        return f"{done:,} words read"
    fraction = min(done / total, 1.0)
    filled = round(fraction * PROGRESS_WIDTH)
    return f"[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {fraction:4.0%}  {done:,} / {total:,} lines"


# ---------------------------------------------------------------- cat

def _need(language: Language | None) -> Language:
    """Return ``language``, which the usage check has made sure is given when no dictionary is."""
    if language is None:
        raise CliError("cat needs a dictionary: give -d DICTIONARY, -l LANG, or both")
    return language


def cat(args: argparse.Namespace) -> int:
    """Write every word of a dictionary, sorted, one per line."""
    language = load_language(args.language) if args.language else None
    source = args.dictionary or _need(language).dictionary_path
    refuse_overwriting(args.output, [source, *language_files(args.language)])
    if args.dictionary is None:
        words = sorted(_need(language).trie.iterkeys())
    elif args.dictionary.endswith(".marisa"):
        words = sorted(load_words(args.dictionary).iterkeys())
    else:
        fold, in_alphabet, _ = _folding(language)
        words = sorted(fold_words(_word_source(args.dictionary), fold, in_alphabet))
    write_output(args.output, _chunks(words))
    return 0


def _chunks(words: Sequence[str]) -> Iterator[str]:
    """Yield ``words`` one per line, in chunks so millions of lines stay fast."""
    for start in range(0, len(words), CHUNK_LINES):
        yield "\n".join(words[start:start + CHUNK_LINES]) + "\n"
