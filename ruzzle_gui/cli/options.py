"""A command's options as a table, and a quick parse of plain command lines that needs no argparse.

Each command declares its options once, with the calls that build an argparse
subparser (``add_argument``, ``add_mutually_exclusive_group``, ``set_defaults``);
``OptionTable`` takes the same calls and records them. ``OptionTable.parse``
then reads a plain command line without importing argparse (and with it
gettext and locale), whose import and parser cost more than a small board takes
to solve. Anything less plain (help, a usage error, an abbreviated option,
``-lit``, ``--``) gives None, and argparse, still the authority, parses it:
the quick parse may turn a good command line down, but must never accept a bad
one or read a good one differently.
"""
from __future__ import annotations

from types import SimpleNamespace

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    from collections.abc import Sequence

ACTIONS = ("store", "store_true", "append")  # the quick parse knows these; any other is argparse's alone
KEYWORDS = {"action", "dest", "type", "choices", "default", "required", "help", "metavar"}
POSITIONAL_KEYWORDS = {"type", "choices", "default", "help", "metavar"}


class Refused(Exception):
    """The command line is not plainly valid: argparse must read it."""


class Option:
    """One declared option or positional, with what argparse would make of its ``add_argument`` call."""

    def __init__(self, names: tuple[str, ...], keywords: dict) -> None:
        self.names = names
        self.positional = len(names) == 1 and not names[0].startswith("-")
        self.dest = names[0] if self.positional else keywords.get("dest") or _dest(names)
        self.action = keywords.get("action", "store")
        self.type = keywords.get("type")
        self.choices = keywords.get("choices")
        self.default = keywords.get("default", False if self.action == "store_true" else None)
        self.required = self.positional or keywords.get("required", False)
        self.plain = self._is_plain(keywords)

    def _is_plain(self, keywords: dict) -> bool:
        """Return whether the quick parse reads this option as argparse does (else argparse reads every line)."""
        return (set(keywords) <= (POSITIONAL_KEYWORDS if self.positional else KEYWORDS)
                and self.action in ACTIONS and (self.type is None or callable(self.type))
                and (self.positional or all(name.startswith("-") for name in self.names))
                and (self.action != "append" or self.default is None or type(self.default) is list))

    def converted(self, text: str) -> object:
        """Return ``text`` made a value by the option's type; raise Refused if the type fails."""
        try:
            return self.type(text) if self.type else text
        except Exception:  # the type's own error: argparse words the message
            raise Refused from None

    def value(self, text: str) -> object:
        """Return ``text`` made a value by the option's type and found among its choices; raise Refused if not."""
        value = self.converted(text)
        if self.choices is not None and value not in self.choices:
            raise Refused
        return value


def _dest(names: Sequence[str]) -> str:
    """Return the attribute argparse stores an option in: its first long name, else its first name."""
    long_names = [name for name in names if name.startswith("--") and len(name) > 2]
    return (long_names or names)[0].lstrip("-").replace("-", "_")


def _is_option(word: str) -> bool:
    """Return whether argparse could take ``word`` for an option (a lone '-' is a value: stdin)."""
    return word.startswith("-") and word != "-"


class OptionGroup:
    """Mutually exclusive options of a command, recorded as argparse's group takes them."""

    def __init__(self, table: OptionTable, required: bool) -> None:
        self.table = table
        self.required = required
        self.members: list[Option] = []

    def add_argument(self, *names: str, **keywords) -> Option:
        """Record a member option (a required member or a positional is argparse's alone)."""
        option = self.table.add_argument(*names, **keywords)
        self.members.append(option)
        self.table.plain &= not (option.required or option.positional)
        return option


class OptionTable:
    """The options of one command, recorded from the calls that would build its argparse subparser."""

    def __init__(self, command: str) -> None:
        self.command = command  # the namespace's ``command``, as argparse's dest="command" gives it
        self.options: dict[str, Option] = {}  # option string -> option
        self.declared: list[Option] = []  # options and positionals in the order declared
        self.groups: list[OptionGroup] = []
        self.defaults: dict[str, object] = {}  # from set_defaults
        self.epilog: str | None = None  # set by the command for its help, which argparse prints
        self.plain = True  # False once something is declared that only argparse reads

    def add_argument(self, *names: str, **keywords) -> Option:
        """Record an option or positional given as argparse's ``add_argument`` takes it."""
        option = Option(names, keywords)
        dests = {other.dest for other in self.declared} | set(self.defaults)
        self.plain &= option.plain and option.dest not in dests and not set(names) & set(self.options)
        self.declared.append(option)
        if not option.positional:
            self.options.update(dict.fromkeys(names, option))
        return option

    def add_mutually_exclusive_group(self, required: bool = False) -> OptionGroup:
        """Record a group of options of which at most one (or, if ``required``, exactly one) is given."""
        group = OptionGroup(self, required)
        self.groups.append(group)
        return group

    def set_defaults(self, **defaults: object) -> None:
        """Record values for the namespace that no option sets (the handler, say)."""
        self.plain &= not set(defaults) & {option.dest for option in self.declared}
        self.defaults.update(defaults)

    def parse(self, argv: Sequence[str]) -> SimpleNamespace | None:
        """Return ``argv`` (the words after the command) parsed as argparse would, or None to leave it to argparse."""
        if not self.plain:
            return None
        try:
            given = self._given(argv)
            self._check(given)
            unset = self._unset(given)
        except Refused:
            return None
        values = {"command": self.command, **self.defaults, **unset}
        values.update((option.dest, value) for option, value in given.items())
        args = SimpleNamespace(**values)
        problem = getattr(args, "usage_problem", None)
        return None if problem and problem(args) else args

    def _given(self, argv: Sequence[str]) -> dict[Option, object]:
        """Return the value of each option and positional on the command line; raise Refused unless plain."""
        given: dict[Option, object] = {}
        positionals = []
        words = iter(argv)
        for word in words:
            if not _is_option(word):
                positionals.append(word)
                continue
            # `--name=value` is one word; `-n=value` and `-nvalue` are left to argparse.
            name, equals, attached = word.partition("=") if word.startswith("--") else (word, "", "")
            option = self.options.get(name)  # exact names only: argparse resolves abbreviations
            if option is None or (option in given and option.action != "append"):
                raise Refused
            if option.action == "store_true":
                if equals:
                    raise Refused
                given[option] = True
                continue
            text = attached or (None if equals else next(words, None))
            if text is None or _is_option(text):
                raise Refused
            value = option.value(text)
            if option.action == "append":
                earlier = given.get(option, option.default or [])
                given[option] = [*(earlier if isinstance(earlier, list) else []), value]
            else:
                given[option] = value
        expected = [option for option in self.declared if option.positional]
        if len(positionals) != len(expected):
            raise Refused
        given.update((option, option.value(text)) for option, text in zip(expected, positionals))
        return given

    def _check(self, given: dict[Option, object]) -> None:
        """Raise Refused if a required option is missing or a group has too few or too many members given."""
        if any(option.required and option not in given for option in self.declared):
            raise Refused
        for group in self.groups:
            chosen = [option for option in group.members if option in given]
            # argparse counts a group member as given only if its value is not the default object itself.
            if len(chosen) > 1 or (group.required and all(given[option] is option.default for option in chosen)):
                raise Refused

    def _unset(self, given: dict[Option, object]) -> dict[str, object]:
        """Return the defaults of the options not given; a string default goes through the type, as in argparse."""
        return {option.dest: option.converted(option.default) if isinstance(option.default, str) else option.default
                for option in self.declared if option not in given}
