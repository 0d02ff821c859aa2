"""The ``ruzzle`` command line: solve boards, list languages, build and dump dictionaries.

Every command reports bad input as one ``ruzzle: error: ...`` line on stderr
with exit code 1, and bad usage as one line with exit code 2. With no command
at all (or with the app's own options first), ``ruzzle`` opens the desktop app.

Start-up is the cost a script user waits for, so only the chosen command's
module is imported; ``ruzzle --help`` lists the commands from ``COMMANDS``
without importing any of them. A plain command line is read from the
command's options recorded in an OptionTable (``ruzzle_gui.cli.options``),
without importing argparse; help, usage errors and anything unusual go to
argparse, with the command's options added to its subparser.

To add a command: write a module in this package with a function
``add_<command>(parser)`` that adds the command's options to ``parser`` (an
empty subparser titled with the summary, or an OptionTable) and sets
``handler`` (a function ``args -> exit code``) with ``parser.set_defaults``;
then add one line to ``COMMANDS``. The module must not import argparse when
loaded (an argument type raises ``common.type_error``). Shared pieces
(errors, argument types, board reading, output) are in ``ruzzle_gui.cli.common``.
"""
import _signal  # type: ignore[import-not-found]  # no stub for the C module; `signal` imports enum, too slow
import os  # loaded by Python's start-up anyway
import sys

# Ctrl-C: nothing may be imported before main() can catch it (not even __future__),
# so the one annotation that needs a typing name is a string.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["main", "COMMANDS"]

# command -> (module in this package, one-line summary shown by `ruzzle --help`)
COMMANDS = {
    "solve": ("solving", "solve a board file and list its words"),
    "demo": ("solving", "solve a language's built-in demo board"),
    "languages": ("languages", "list languages, dictionary sizes and letter-value confidence"),
    "compile": ("dictionaries", "compile a word list or hunspell dictionary into a .marisa trie"),
    "cat": ("dictionaries", "write every word of a dictionary, sorted, one per line"),
    "generate": ("generate", "write a random board drawn from a language's letter frequencies"),
    "plan": ("planning", "plan which words to swipe, and in what order, in a round's seconds"),
    "read": ("reading", "read a board from a screenshot and print it as a board file"),
    "watch": ("watching", "watch the screen and print each new board with its best words"),
    "practice": ("practising", "play a timed round in the terminal, then review it and keep it in the history"),
    "history": ("history", "statistics of the practice rounds: best, totals, average, pace"),
    "verdict": ("verdicts", "record the game's verdicts on words (accepted, refused); list, export, import them"),
}
EXIT_BAD_INPUT, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 1, 2, 130, 141
OUT_OF_MEMORY = "out of memory: this needs more memory than the process may use (see ulimit -v)"
BENCH_SUMMARY = "measure solver speed (see 'ruzzle bench --help')"
APP_OPTIONS = ("-l", "--language", "-b", "--board", "--solve")  # what ruzzle-gui takes
# The Ctrl-Cs main() has seen. A Ctrl-C inside a compiled module's import surfaces as that
# module's ImportError; common.fail() looks here so that it says "interrupted", not the error.
INTERRUPTED: list[int] = []


def main(argv: "Sequence[str] | None" = None) -> int:
    """Run the ``ruzzle`` command line with ``argv`` and return its exit code."""
    # The reader's matrix products are small (a glyph against a few hundred templates): OpenBLAS's
    # worker threads would only spin, costing ~0.1 s of CPU per `ruzzle read` on a shared machine.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if sys.stderr is None:  # started with stderr closed (`2>&-`)
        _null_stderr()
    interrupted = INTERRUPTED
    interrupted.clear()
    _signal.signal(_signal.SIGINT, lambda signum, _frame: _interrupt(interrupted, signum))
    sys.unraisablehook = _unraisable
    try:
        code = _main(list(sys.argv[1:] if argv is None else argv))
        if interrupted and code != EXIT_INTERRUPTED:  # the Ctrl-C fell where it could not be raised
            sys.stderr.write("\nruzzle: interrupted\n")
            return EXIT_INTERRUPTED
        return code
    except MemoryError:  # while importing, before _run can catch it
        sys.stderr.write(f"ruzzle: error: {OUT_OF_MEMORY}\n")
        return EXIT_BAD_INPUT
    except BaseException as err:
        # Ctrl-C while the command's modules are still being imported. Cut short inside a
        # compiled module's set-up (marisa_trie's, numpy's), it surfaces as that module's own error.
        if not (isinstance(err, KeyboardInterrupt) or interrupted) or isinstance(err, SystemExit):
            raise
        sys.stderr.write("\nruzzle: interrupted\n")
        return EXIT_INTERRUPTED


def _null_stderr() -> None:
    """Give a closed stderr the null device: print() would send our lines into stdout, maybe the JSON a
    script reads, and a C library (libtiff) would write into whatever file took descriptor 2."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != 2 and not _is_open(2):  # standard input was closed too, so it took descriptor 0
            os.dup2(null, 2)
            os.close(null)
            null = 2
    except OSError:
        return
    sys.stderr = open(null, "w", encoding="utf-8", errors="backslashreplace", closefd=null != 2)  # noqa: SIM115


def _is_open(descriptor: int) -> bool:
    """Return whether ``descriptor`` is an open file descriptor."""
    try:
        os.fstat(descriptor)
    except OSError:
        return False
    return True


def _unraisable(unraisable) -> None:
    """Keep quiet a Ctrl-C that fell where Python cannot raise it (a destructor, an import lock's
    clean-up): main() says "interrupted" once the command returns. Anything else is printed as usual."""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)


def _interrupt(interrupted: list[int], signum: int) -> None:
    """Note that Ctrl-C was pressed, then stop what runs, as Python's own handler does."""
    interrupted.append(signum)
    raise KeyboardInterrupt


def _main(argv: list[str]) -> int:
    """Run the command line with ``argv`` (KeyboardInterrupt may escape while importing)."""
    # No command, or app options first (`ruzzle -l it -b board.txt --solve`): the desktop app.
    if not argv or argv[0].split("=")[0] in APP_OPTIONS:
        return _run_app(argv)
    if argv[0] == "bench":
        return _run_bench(argv[1:])
    if argv == ["--version"]:  # before argparse: a version costs no more than starting Python
        sys.stdout.write(f"ruzzle {_version()}\n")
        return 0
    args = quick_parse(argv) if argv[0] in COMMANDS else None
    if args is None:  # not plainly valid: argparse reads it, and words any usage error
        try:
            args = _parse(argv)
        except SystemExit as done:  # --help, or a usage error already printed as one line
            return done.code if isinstance(done.code, int) else EXIT_USAGE
    return _run(args)


def quick_parse(argv: list[str]):
    """Return the parsed arguments of a plain command line without argparse, or None if it is not plain."""
    from ruzzle_gui.cli.options import OptionTable

    table = OptionTable(argv[0])
    _add_arguments(argv[0], COMMANDS[argv[0]][0], table)
    return table.parse(argv[1:])


def _parse(argv: list[str]):
    """Return the parsed arguments of a command; raise SystemExit after --help or a usage error."""
    from ruzzle_gui.cli.common import PROG
    from ruzzle_gui.cli.parser import Parser

    parser = Parser(prog=PROG, description="Find every word on a Ruzzle board. "
                    "Run with no arguments to open the desktop app.")
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}",
                        help="print the version and exit")
    # Not required=True: argparse would then report a missing command before
    # naming an unknown option such as `ruzzle --bogus`.
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = argv[0] if argv[0] in COMMANDS else None
    if chosen is None:  # help or a usage error: list every command, build none
        # These subparsers only name the commands (a command is parsed only when it comes
        # first), so they go without a -h of their own: that costs `ruzzle --help` 0.5 ms.
        listed = {name: summary for name, (_, summary) in COMMANDS.items()} | {"bench": BENCH_SUMMARY}
        for name, summary in listed.items():
            commands.add_parser(name, help=summary, add_help=False)
    else:
        module_name, summary = COMMANDS[chosen]
        command = commands.add_parser(chosen, help=summary, description=summary[:1].upper() + summary[1:] + ".")
        _add_arguments(chosen, module_name, command)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.error("choose a command: " + ", ".join([*COMMANDS, "bench"]))
    if chosen is None:  # say `ruzzle -- languages`: options before the command
        parser.error(f"put the command first: {PROG} {args.command} ...")
    problem = args.usage_problem(args) if hasattr(args, "usage_problem") else None
    if problem:
        command.error(problem)
    return args


def _version() -> str:
    """Return the package's version."""
    from ruzzle_gui import __version__

    return __version__


def _add_arguments(name: str, module_name: str, command) -> None:
    """Import the module of command ``name`` and let it add its options to ``command`` (a parser or an OptionTable)."""
    qualified = f"ruzzle_gui.cli.{module_name}"
    __import__(qualified)  # not importlib.import_module, whose imports `python -X importtime` does not list
    getattr(sys.modules[qualified], f"add_{name}")(command)


def _run(args) -> int:
    """Run the chosen command, turning every expected failure into one stderr line."""
    from ruzzle_gui.board import BoardError
    from ruzzle_gui.cli.common import PROG, CliError, fail, flush, os_message, silence_stdout
    from ruzzle_gui.dictionary import DictionaryError
    from ruzzle_gui.language import LanguageError

    try:
        code = args.handler(args)
        flush()  # a closed pipe or a full disk must surface here, not in Python's exit-time flush
        return code
    except (BoardError, LanguageError, DictionaryError, CliError) as err:
        return fail(str(err))
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except MemoryError:
        return fail(OUT_OF_MEMORY)
    except SystemError as err:  # a compiled module that ran out of memory and said nothing more
        return fail(f"{OUT_OF_MEMORY}; a compiled module failed ({err})")
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: not an error worth a message.
        silence_stdout()
        return EXIT_BROKEN_PIPE
    except UnicodeEncodeError as err:
        return fail(f"cannot write '{err.object[err.start:err.end]}' in the {err.encoding} encoding "
                    f"of the output; set PYTHONIOENCODING=utf-8, or redirect the output to a file")
    except OSError as err:
        return fail(os_message(err))


def _run_app(argv: list[str]) -> int:
    """Open the desktop app."""
    try:
        from ruzzle_gui.app.main import main as app_main
    except ImportError as err:
        from ruzzle_gui.cli.common import fail

        return fail(f"the desktop app cannot start: {err}")
    return app_main(argv)


def _run_bench(argv: list[str]) -> int:
    """Run the speed benchmark with its own arguments."""
    try:
        from ruzzle_gui.lab.bench import main as bench_main
    except ImportError as err:
        from ruzzle_gui.cli.common import fail

        return fail(f"the benchmark cannot start: {err}")
    return bench_main(argv)
