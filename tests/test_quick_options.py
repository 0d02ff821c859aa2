"""The quick parse of plain command lines (``ruzzle_gui.cli.options``), checked against argparse, the authority."""
from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ruzzle_gui.cli import COMMANDS, _add_arguments, _parse, quick_parse
from ruzzle_gui.cli.options import OptionTable

from helpers import examples

# Plausible and implausible values: codes, stdin, numbers in and out of range, empty, an option, paths.
VALUES = ["it", "en", "-", "0", "5", "x", "", "-1", "--json", "board.txt", "w.marisa", "/tmp/a b.txt",
          "score", "length", "3", "7", "60", "0.5", "CASA", "words.marisa"]
NOT_OPTIONS = ["-h", "--help", "--", "-x", "--bogus", "-"]


def table_of(command: str) -> OptionTable:
    """Return the recorded options of ``command``."""
    table = OptionTable(command)
    _add_arguments(command, COMMANDS[command][0], table)
    return table


def argparse_vars(argv: list[str]) -> dict | None:
    """Return what argparse parses ``argv`` into, or None if it exits (help or a usage error)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            return vars(_parse(argv))
        except SystemExit:
            return None


def plausible(table: OptionTable, names: list[str] | None = None) -> st.SearchStrategy[list[str]]:
    """Return a strategy for an option as a user would write it: its exact name, with a value if it takes one."""
    def written(name: str, value: str, attached: bool) -> list[str]:
        if table.options[name].action == "store_true":
            return [name]
        return [f"{name}={value}"] if attached and name.startswith("--") else [name, value]

    return st.builds(written, st.sampled_from(names or sorted(table.options)), st.sampled_from(VALUES), st.booleans())


def implausible(table: OptionTable) -> st.SearchStrategy[list[str]]:
    """Return a strategy for any option in any form (abbreviated, -lit, -l=it, help), maybe with a value."""
    names = sorted(table.options)
    abbreviated = [name[:end] for name in names if name.startswith("--") for end in range(3, len(name))]
    option = st.sampled_from(names + abbreviated + NOT_OPTIONS)
    value = st.sampled_from(VALUES)
    return st.one_of(
        st.tuples(option, value).map(list),  # -l it
        option.map(lambda name: [name]),  # --json
        st.tuples(option, value).map(lambda pair: ["=".join(pair)]),  # --language=it
        st.tuples(option, value).map(lambda pair: ["".join(pair)]),  # -lit
    )


def needed(table: OptionTable) -> st.SearchStrategy[list[list[str]]]:
    """Return a strategy for the pieces a valid line needs (required options, a group member, positionals)."""
    names = [[option.names[0]] for option in table.declared if option.required and not option.positional]
    names += [[member.names[0] for member in group.members] for group in table.groups if group.required]
    return st.tuples(*[plausible(table, choices) for choices in names],
                     *[st.sampled_from(VALUES).map(lambda text: [text])
                       for option in table.declared if option.positional]).map(list)


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.slow  # a big Hypothesis run
@settings(max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_line_read_quickly_is_read_the_same_by_argparse(command, data):
    table = table_of(command)
    drawn = [piece for piece in data.draw(needed(table)) if data.draw(st.integers(0, 9))]
    drawn += data.draw(st.lists(plausible(table), max_size=5,
                                unique_by=lambda piece: table.options[piece[0].split("=")[0]].dest))
    if data.draw(st.integers(0, 2)) == 0:  # now and then, one odd piece anywhere
        odd = st.one_of(implausible(table), plausible(table), st.sampled_from(VALUES).map(lambda text: [text]))
        drawn.insert(data.draw(st.integers(0, len(drawn))), data.draw(odd))
    argv = [word for piece in drawn for word in piece]
    if data.draw(st.booleans()):
        argv = data.draw(st.permutations(argv))
    quick = quick_parse([command, *argv])
    event(f"quick parse: {'read' if quick else 'left to argparse'}")
    if quick is not None:
        assert argparse_vars([command, *argv]) == vars(quick), argv


@pytest.mark.parametrize("argv", [
    "solve -l it -b board.txt",
    "solve -l it -b - --json --top 5",
    "solve -l en -d words.marisa -b b.txt -q --sort length --reverse --min-length 3 --common 4",
    "solve --language=it --board=board.txt --sort=length",
    "demo -l it",
    "demo -l en --sort length --top 20",
    "languages",
    "languages --json",
    "generate -l it --seed 3 -r 5",
    "plan -l it -b board.txt --played CASA --played ORA --seconds 75",
    "compile -d words.txt -o it.marisa -l it",
    "cat -l it",
    "read -l it shot.png --json",
    "watch -l en --region 0,0,800,600 --top 5",
])
def test_a_common_line_is_read_without_argparse(argv):
    argv = argv.split()
    quick = quick_parse(argv)
    assert quick is not None
    assert vars(quick) == argparse_vars(argv)


def test_values_and_defaults_are_those_argparse_gives():
    args = quick_parse("solve -l it -b - --json --top 5".split())
    assert (args.command, args.language, args.board, args.json, args.top) == ("solve", "it", "-", True, 5)
    assert (args.image, args.quiet, args.sort, args.reverse, args.dictionary) == (None, False, "score", False, None)
    assert args.handler.__name__ == "solve"
    plan = quick_parse("plan -l it -b b.txt --played CASA --played ORA".split())
    assert plan.played == ["CASA", "ORA"] and plan.usage_problem.__name__ == "_timing_problem"


@pytest.mark.parametrize("argv", [
    "solve -h", "solve -l it -b b.txt --help", "solve -l it -- -b b.txt",
    "solve --lang it -b b.txt",  # abbreviated
    "solve -lit -b b.txt", "solve -l=it -b b.txt", "solve -l it -b b.txt -qr",
    "solve -l it -b -x", "solve -l it -b", "solve -l it -b b.txt --top",  # a value missing
    "solve -l it -b b.txt --top 0", "solve -l it -b b.txt --top x",  # the type refuses it
    "solve -l it -b b.txt --sort bogus",  # not a choice
    "solve -l it -l en -b b.txt", "solve -l it -b b.txt -q -q",  # repeated
    "solve -b b.txt", "solve -l it",  # required option, required group
    "solve -l it -b b.txt --image s.png", "solve -l it -b b.txt --json -q",  # two of a group
    "solve -l it -b b.txt extra", "solve -l it -b b.txt --json=yes", "solve -l it --board=",
    "read -l it a.png b.png", "read -l it",  # positionals
    "watch -l it --region 0,0,800", "watch -l it --region 0,0,0,10",  # not a region
    "cat", "plan -l it -b b.txt --per-word 0 --per-letter 0 --per-cell 0",  # usage_problem
    "generate -l it -r 999", "generate -l it --seed -3",  # a board side too long, a value like an option
])
def test_a_line_not_plainly_valid_is_left_to_argparse(argv):
    assert quick_parse(argv.split()) is None


def test_a_declaration_the_quick_parse_does_not_know_leaves_every_line_to_argparse():
    table = OptionTable("demo")
    table.add_argument("-l", "--language")
    assert table.parse(["-l", "it"]).language == "it"  # the check can fail
    table.add_argument("--words", nargs="+")
    assert table.parse(["-l", "it"]) is None


@pytest.mark.parametrize("declare", [
    lambda table: table.add_argument("--count", action="count"),
    lambda table: table.add_argument("--both", dest="language"),  # a dest already taken
    lambda table: table.add_argument("-l", "--other"),  # an option string already taken
    lambda table: table.set_defaults(language="en"),  # argparse would make it -l's default
    lambda table: table.add_mutually_exclusive_group().add_argument("--x", required=True),
])
def test_what_only_argparse_knows_is_left_to_it(declare):
    table = OptionTable("demo")
    table.add_argument("-l", "--language")
    declare(table)
    assert table.parse(["-l", "it"]) is None
