"""``ruzzle plan``: which words to swipe, in what order, in the seconds of a round."""
from __future__ import annotations

from ruzzle_gui.acceptance import DEFAULT, Acceptance, chance_of
from ruzzle_gui.cli.common import CliError, add_language_options, at_least_one, language_of, type_error, write
from ruzzle_gui.cli.solving import (
    add_board_source,
    add_doubt_option,
    add_verdicts_option,
    band_type,
    board_of,
    early_image,
    no_bands,
    verdict_json,
    word_filters,
)
from ruzzle_gui.graph import Graph, TraceTooCostly, can_trace
from ruzzle_gui.plan import DEFAULT_SECONDS, Plan, PlanError, Timing, check_seconds, check_size, plan, upper_bound
from ruzzle_gui.verdicts import lifted, with_verdicts, without_refused
from ruzzle_gui.word_filters import WordMarks, apply, describe_filters

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.board import Board
    from ruzzle_gui.cli.options import OptionTable

EPILOG = """examples:
  ruzzle plan -l it -b board.txt
  ruzzle plan -l it -b board.txt --seconds 75 --played CASA --played ORA
  ruzzle plan -l en -b board.txt --per-word 1.0 --per-letter 0.15 --json
  ruzzle plan -l it --image screenshot.png --common 5

A word takes PER_WORD + PER_LETTER x letters seconds to swipe, plus PER_CELL per cell
the finger moves between words. With --played, the plan leaves those words out and
starts where the last one ended. The plan takes the words 'ruzzle solve' lists with
the same --min-length, --common and --all, and maximises the points it expects: a
rare or doubtful word may be refused by the game, and still costs its swipe time.
A word the game refused ('ruzzle verdict') is never planned, one it accepted is sure,
and the chances of the others are learned from the verdicts (--no-verdicts: neither).
"""


def seconds_type(text: str) -> float:
    """Return ``text`` as a sane round time in seconds, or raise a usage error naming the problem."""
    try:
        return check_seconds(float(text))
    except PlanError as err:
        raise type_error(str(err)) from None
    except ValueError:
        raise type_error(f"'{text}' is not a number of seconds") from None


def speed_type(text: str) -> float:
    """Return ``text`` as a float number of seconds (its sanity is checked with the other speeds)."""
    try:
        return float(text)
    except ValueError:
        raise type_error(f"'{text}' is not a number of seconds") from None


def add_plan(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the plan command's options."""
    command.epilog = EPILOG
    add_language_options(command)
    add_board_source(command)
    command.add_argument("--seconds", type=seconds_type, default=DEFAULT_SECONDS, metavar="S",
                         help=f"time left in the round (default {DEFAULT_SECONDS})")
    defaults = Timing()
    for name, help_text in (("per-word", "seconds to find and start a word"),
                            ("per-letter", "seconds per letter swiped"),
                            ("per-cell", "seconds per cell the finger moves between words")):
        command.add_argument(f"--{name}", type=speed_type, default=getattr(defaults, name.replace("-", "_")),
                             metavar="S", help=f"{help_text} (default %(default)s)")
    command.add_argument("--played", action="append", default=[], metavar="WORD",
                         help="a word already played (repeat for more): left out of the plan")
    command.add_argument("--min-length", type=at_least_one, metavar="N",
                         help="shortest word to plan (default: the language's minimum)")
    command.add_argument("--common", type=band_type, metavar="N",
                         help="plan only words of commonness band N or more (as 'ruzzle solve --common')")
    add_doubt_option(command)
    add_verdicts_option(command)
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(handler=run_plan, usage_problem=_timing_problem)


def _timing_problem(args: argparse.Namespace) -> str | None:
    """Return why the speeds are not sane, or None."""
    try:
        timing_of(args)
    except PlanError as err:
        return str(err)
    return None


def timing_of(args: argparse.Namespace) -> Timing:
    """Return the swipe timing given by the options."""
    return Timing(args.per_word, args.per_letter, args.per_cell)


def run_plan(args: argparse.Namespace) -> int:
    """Solve the board, plan the round and print the plan."""
    image = early_image(args)
    language = language_of(args)
    board = board_of(args, language, image)
    try:
        check_size(board.rows, board.cols)  # before solving: a board too large to plan takes long to solve
    except PlanError as err:
        raise CliError(str(err)) from None
    graph = Graph(board, language, args.min_length)
    found = graph.solve()
    marks = WordMarks.of(language.dictionary_path)
    if args.common is not None and marks.bands is None:
        raise no_bands(language)
    verdicts, table = _verdicts_and_table(language, args, marks)
    solutions, left_out = apply(found, word_filters(args), lifted(marks, verdicts))
    solutions, left_out["refused"] = without_refused(solutions, verdicts)  # a refused word costs time for nothing
    played = [language.fold(word) for word in args.played]
    by_word = {s.word: s for s in found}
    # A dictionary word the solve found is traced already; any other is traced here.
    check_played(graph.board, [(shown, word) for shown, word in zip(args.played, played) if word not in by_word])
    # The finger is where the last word played ended, whether the filters keep that word or not.
    finger = next((by_word[w].path[-1] for w in reversed(played) if w in by_word), None)
    timing = timing_of(args)
    chance = with_verdicts(chance_of(lifted(marks, verdicts), table), verdicts)
    result = plan(solutions, graph.board, args.seconds, timing, played, finger, chance)
    bound = upper_bound(solutions, graph.board, args.seconds, timing, played)
    filtered = {name: count for name, count in left_out.items() if name != "refused"}
    filters_line = describe_filters(word_filters(args), filtered, marks) if sum(filtered.values()) else ""
    if left_out["refused"]:
        refused = f"{left_out['refused']} word{'s' if left_out['refused'] != 1 else ''} refused by the game left out"
        filters_line = f"{filters_line}; {refused}" if filters_line else refused
    if args.json:
        import json  # only JSON output pays for it

        data = {"language": language.code, "rows": board.rows, "cols": board.cols, **result.to_dict(),
                "bound": bound, "played": played, "left_out": left_out}
        for step in data["steps"]:
            step.update(verdict_json(verdicts.get(step["word"])))
        write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        write("\n".join(plan_lines(result, bound, filters_line, verdicts)) + "\n")
    return 0


def _verdicts_and_table(language, args: argparse.Namespace, marks: WordMarks) -> tuple[dict, Acceptance]:
    """Return the game's verdicts and the acceptance table learned from them (the defaults without)."""
    from ruzzle_gui.cli.verdicts import learned_of, stored_verdicts

    verdicts, store = stored_verdicts(language, args)
    if store is None:
        return verdicts, DEFAULT
    try:
        return verdicts, learned_of(store, language, verdicts, marks)
    finally:
        store.close()


def check_played(board: Board, played: list[tuple[str, str]]) -> None:
    """Raise CliError naming the first played word, as (typed, folded), that cannot be traced on ``board``."""
    for typed, word in played:
        try:
            traced = can_trace(board, word)
        except TraceTooCostly:
            raise CliError(f"--played {typed}: this board has too many ways to trace that word to check "
                           f"them all") from None
        if not traced:
            raise CliError(f"--played {typed}: that word cannot be traced on this board")


def plan_lines(result: Plan, bound: int, filters: str = "", verdicts=None) -> list[str]:
    """Return the plan as a numbered table with cumulative time and points, a summary line and the filters on."""
    if not result.steps:
        return [f"no plan: {result.reason}", *([filters] if filters else [])]
    width = max(len("WORD"), *(len(s.solution.word) for s in result.steps))
    digits = len(str(len(result.steps)))
    lines = [f"{'#':>{digits + 1}}  {'WORD':<{width}}  POINTS   START     END   TOTAL  PATH"]
    for number, step in enumerate(result.steps, 1):
        path = " ".join(f"({r},{c})" for r, c in step.solution.path)
        verdict = verdicts.get(step.solution.word) if verdicts else None
        said = f"  {verdict[0]} by the game {verdict[1][:10]}" if verdict else ""
        lines.append(f"{number:>{digits}}.  {step.solution.word:<{width}}  {step.solution.score:>6}  "
                     f"{step.start:>5.1f}s  {step.end:>5.1f}s  {step.points:>6}  {path}{said}")
    share = f" ({result.points / bound:.1%} of it)" if bound else ""
    lines += ["", f"{len(result.steps)} words, {result.points} points if all are accepted, "
              f"{result.expected_points:.0f} expected, in {result.used:.1f} of "
              f"{result.seconds:g} s; upper bound {bound} points{share}"]
    return lines + ([filters] if filters else [])
