"""``ruzzle verdict``: record what the game did with words, list, export and import verdicts, and the learned table.

Also the one way the other commands read the verdicts (``stored_verdicts``): only
when the store file exists, so a player who never marked a word pays nothing (not
even sqlite3's import) on ``ruzzle solve``.
"""
from __future__ import annotations

import os
import sys

from ruzzle_gui.cli.common import PROG, CliError, add_language_options, file_name, language_of, write, write_output

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.acceptance import Acceptance
    from ruzzle_gui.cli.options import OptionTable
    from ruzzle_gui.language import Language
    from ruzzle_gui.store import Store
    from ruzzle_gui.word_filters import WordMarks

EPILOG = """examples:
  ruzzle verdict -l it refused ADIVA GUAA     # the game refused these words
  ruzzle verdict -l it accepted CONSILIARE
  ruzzle verdict -l it forget ADIVA           # drop a verdict given by mistake
  ruzzle verdict -l it --list
  ruzzle verdict -l it --export verdicts.txt
  ruzzle verdict -l it --import verdicts.txt  # merged with those stored
  ruzzle verdict -l it --learned              # the acceptance table the planner learned
  ruzzle verdict -l it --reset-learning

Verdicts are kept per language in the local store (the user's data folder) and apply to
'ruzzle solve', 'demo' and 'plan' (--no-verdicts ignores them): a refused word leaves the
list and the plan (--all lists it, marked), an accepted word counts as sure.
"""
ACTIONS = ("accepted", "refused", "forget")


def add_verdict(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the verdict command's options."""
    command.epilog = EPILOG
    add_language_options(command)
    command.add_argument("words", nargs="*", metavar="accepted|refused|forget WORD",
                         help="a verdict, then the words it is for")
    action = command.add_mutually_exclusive_group()
    action.add_argument("--list", action="store_true", help="list the language's verdicts")
    action.add_argument("--export", type=file_name, metavar="FILE", help="write the verdicts to FILE ('-': stdout)")
    action.add_argument("--import", dest="import_file", type=file_name, metavar="FILE",
                        help="merge the verdicts in FILE (as --export writes it) with those stored")
    action.add_argument("--learned", action="store_true",
                        help="show the acceptance table the planner learned from the verdicts")
    action.add_argument("--reset-learning", action="store_true",
                        help="make the learned table start again from the defaults (the verdicts stay)")
    command.add_argument("--json", action="store_true", help="with --list or --learned: print one JSON object")
    command.set_defaults(handler=run_verdict, usage_problem=_usage_problem)


def _usage_problem(args: argparse.Namespace) -> str | None:
    """Return what is wrong with the command line's choice of action, or None."""
    listing = args.list or args.export or args.import_file or args.learned or args.reset_learning
    if listing and args.words:
        return "give either a verdict with words or one of --list, --export, --import, --learned, --reset-learning"
    if not listing and not args.words:
        return "give a verdict and words (accepted|refused|forget WORD...) or --list, --export, --import, --learned"
    if args.words and args.words[0] not in ACTIONS:
        return f"the verdict is one of {', '.join(ACTIONS)}, not '{args.words[0]}'"
    if args.words and len(args.words) < 2:
        return f"name the words the game {args.words[0]}" if args.words[0] != "forget" else "name the words to forget"
    if args.json and not (args.list or args.learned):
        return "--json goes with --list or --learned"
    return None


def run_verdict(args: argparse.Namespace) -> int:
    """Record, list, export, import or learn from the verdicts of one language."""
    from ruzzle_gui.store import Store

    language = language_of(args)
    store = Store()
    try:
        if args.words:
            _record(store, language, args.words[0], args.words[1:])
        elif args.list:
            _list(store, language, args.json)
        elif args.export:
            verdicts = store.verdicts(language.code)
            from ruzzle_gui.verdict_file import lines

            write_output(args.export, lines(language.code, verdicts))
            _say(f"{len(verdicts)} verdict{'s' if len(verdicts) != 1 else ''} written", args.export != "-")
        elif args.import_file:
            _import(store, language, args.import_file)
        elif args.learned:
            _learned(store, language, args.json)
        else:
            _save(store.reset_learning, language.code)
            _say(f"the learned acceptance table of {language.code} starts again from the defaults")
    finally:
        say_notices(store)
        store.close()
    return 0


def _record(store: Store, language: Language, action: str, typed: list[str]) -> None:
    """Record ``action`` for the typed words (folded to the game's spelling), or forget their verdicts."""
    words = []
    for text in typed:
        word = language.fold(text.strip())
        if not word or not language.in_alphabet(word):
            raise CliError(f"'{text}' is not a word of the {language.english_name} alphabet")
        words.append(word)
    if action == "forget":
        gone = _save(store.forget, language.code, words)
        _say(f"{gone} verdict{'s' if gone != 1 else ''} forgotten")
    else:
        _save(store.mark, language.code, words, action)
        _say(f"{len(set(words))} word{'s' if len(set(words)) != 1 else ''} marked {action}")


def _save(method, *arguments):
    """Return ``method(*arguments)``, a store write; a write that could not be saved is one error line."""
    from ruzzle_gui.store import StoreError

    try:
        return method(*arguments)
    except StoreError as err:
        raise CliError(str(err)) from None


def _list(store: Store, language: Language, as_json: bool) -> None:
    """Print the language's verdicts, sorted by word."""
    verdicts = sorted(store.verdicts(language.code).items())
    if as_json:
        import json

        rows = [{"word": word, "verdict": verdict, "date": date} for word, (verdict, date) in verdicts]
        write(json.dumps({"language": language.code, "verdicts": rows}, ensure_ascii=False) + "\n")
        return
    width = max([len(word) for word, _ in verdicts] + [4])
    lines = [f"{word:<{width}}  {verdict:<8}  {date[:10]}" for word, (verdict, date) in verdicts]
    accepted = sum(1 for _, (verdict, _) in verdicts if verdict == "accepted")
    lines.append(f"{len(verdicts)} verdict{'s' if len(verdicts) != 1 else ''} for {language.code}: "
                 f"{accepted} accepted, {len(verdicts) - accepted} refused")
    write("\n".join(lines) + "\n")


def _import(store: Store, language: Language, name: str) -> None:
    """Merge the verdicts of file ``name`` with those stored; a bad file changes nothing."""
    from ruzzle_gui.verdict_file import MAX_BYTES, VerdictFileError, parse

    try:
        with open(name, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise CliError(f"cannot read {name}: {err.strerror or err}") from None
    try:
        found = parse(data, name, language.code, language.fold, language.in_alphabet, language.english_name)
    except VerdictFileError as err:
        raise CliError(f"{err}; nothing imported") from None
    before = store.verdicts(language.code)
    _save(store.merge, language.code, found)
    after = store.verdicts(language.code)
    new = sum(1 for word in found if word not in before)
    changed = sum(1 for word in found if word in before and before[word] != after[word])
    _say(f"{len(found)} verdict{'s' if len(found) != 1 else ''} read from {name}: {new} new, {changed} newer "
         f"than those stored, {len(found) - new - changed} already known or older")


def learned_of(store: Store, language: Language, verdicts, marks: WordMarks) -> Acceptance:
    """Return the acceptance table learned from the stored verdicts since the last reset."""
    from ruzzle_gui.verdicts import learned_table

    return learned_table(verdicts, marks, store.learning_since(language.code)) if verdicts else _default()


def _default() -> Acceptance:
    """Return the documented acceptance table."""
    from ruzzle_gui.acceptance import DEFAULT

    return DEFAULT


def _learned(store: Store, language: Language, as_json: bool) -> None:
    """Print the learned acceptance table beside the defaults, with the verdicts counted for each figure."""
    from ruzzle_gui.acceptance import DEFAULT
    from ruzzle_gui.verdicts import counted
    from ruzzle_gui.word_filters import WordMarks

    marks = WordMarks.of(language.dictionary_path)
    verdicts, since = store.verdicts(language.code), store.learning_since(language.code)
    table, counts = learned_of(store, language, verdicts, marks), counted(verdicts, marks, since)
    if as_json:
        import json

        write(json.dumps({"language": language.code, "since": since or None, "default": DEFAULT._asdict(),
                          "learned": {"bands": [round(b, 4) for b in table.bands],
                                      "doubtful": round(table.doubtful, 4)},
                          "counted": counts}) + "\n")
        return
    cells = range(len(DEFAULT.bands))
    lines = ["band       " + "".join(f"{b:>7}" for b in cells) + "  doubtful×",
             "default    " + "".join(f"{c:>7.3f}" for c in DEFAULT.bands) + f"  {DEFAULT.doubtful:>9.3f}",
             "learned    " + "".join(f"{c:>7.3f}" for c in table.bands) + f"  {table.doubtful:>9.3f}",
             "verdicts   " + "".join(f"{a:>4}/{r:<2}" for a, r in counts["bands"])
             + f"  {counts['doubtful'][0]:>6}/{counts['doubtful'][1]}",
             "(verdicts: accepted/refused counted; " + (f"since the reset of {since[:10]})" if since else "all)")]
    write("\n".join(lines) + "\n")


def stored_verdicts(language: Language, args: argparse.Namespace) -> tuple[dict, Store | None]:
    """Return the language's verdicts and the open store, or ({}, None) with --no-verdicts or no store yet.

    A store that cannot be read is one warning line on stderr, and the command goes on without verdicts.
    """
    from ruzzle_gui.store import store_path

    if getattr(args, "no_verdicts", False) or not os.path.exists(store_path()):
        return {}, None
    from ruzzle_gui.store import Store, StoreError

    store = Store()
    try:
        verdicts = store.verdicts(language.code)
    except StoreError as err:
        _say(f"{err}; the game's verdicts are not applied")
        verdicts = {}
    say_notices(store)
    return verdicts, store


def say_notices(store: Store) -> None:
    """Print the store's notices (a damaged file kept aside), one line each, on stderr."""
    for line in store.notices:
        print(f"{PROG}: {line}", file=sys.stderr)
    store.notices.clear()


def _say(line: str, loud: bool = True) -> None:
    """Print a line about what was done on stderr (stdout is for data)."""
    if loud:
        print(f"{PROG}: {line}", file=sys.stderr)

