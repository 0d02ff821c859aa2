"""``ruzzle history``: the statistics of the practice rounds kept in the local store."""
from __future__ import annotations

from ruzzle_gui.cli.common import CliError, write

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

EPILOG = """examples:
  ruzzle history
  ruzzle history -l it --json

Rounds, best score, totals, the average of the last 10 rounds, and your pace: the
seconds a word took you, over every round in which you found words (the time of the
last word found, divided by the words found). See docs/practice.md.
"""
WINDOW = 10  # the moving average's rounds, and the recent rounds listed


def add_history(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the history command's options."""
    command.epilog = EPILOG
    command.add_argument("-l", "--language", metavar="LANG", help="only the rounds of this language code")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(handler=run_history)


def run_history(args: argparse.Namespace) -> int:
    """Print the practice statistics."""
    from ruzzle_gui.cli.verdicts import say_notices
    from ruzzle_gui.store import Store, StoreError

    store = Store()
    try:
        stats = store.history(args.language, WINDOW)
        recent = store.rounds(args.language, last=WINDOW)
    except StoreError as err:
        raise CliError(str(err)) from None
    finally:
        say_notices(store)
        store.close()
    stats["recent"] = [{"date": r.date, "language": r.language, "score": r.score, "words": len(r.words),
                        "possible_words": r.possible_words, "possible_points": r.possible_points} for r in recent]
    if args.json:
        import json

        write(json.dumps({"language": args.language, **stats}, ensure_ascii=False) + "\n")
    else:
        write("\n".join(history_lines(stats, args.language)) + "\n")
    return 0


def history_lines(stats: dict, language: str | None) -> list[str]:
    """Return the statistics as a few lines of text."""
    of = f" of {language}" if language else ""
    if not stats["rounds"]:
        return [f"no practice rounds{of} yet: play one with 'ruzzle practice -l LANG'"]
    best = stats["best"]
    lines = [f"{stats['rounds']:,} round{'s' if stats['rounds'] != 1 else ''}{of}: "
             f"{stats['total_points']:,} points and {stats['total_words']:,} words in all",
             f"best {best['score']:,} points ({best['language']}, {best['date'][:10]}); "
             f"average of the last {min(stats['window'], stats['rounds'])}: {stats['moving_average']:,} points",
             f"pace: {stats['pace']} s a word over {stats['timed_words']:,} words" if stats["pace"] is not None
             else "pace: no word found yet", "", "recent rounds:"]
    lines += [f"  {r['date'][:16].replace('T', ' ')}  {r['language']:<5} {r['score']:>6,} points  "
              f"{r['words']:>3} of {r['possible_words']} words" for r in reversed(stats["recent"])]
    return lines
