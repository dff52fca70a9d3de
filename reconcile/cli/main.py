"""The CLI boundary: parse arguments, run one command, map errors to exit codes.

argparse (stdlib) was picked over click/typer/cyclopts because start-up time
is a product feature: it costs nothing to import, and each command module
imports its heavy dependencies only inside `run`.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from aidokit.catalog import errors as log
from aidokit.catalog.errors import printable
from aidokit.reconcile import __version__
from aidokit.reconcile.cli.commands import COMMANDS, EXAMPLES, MAIN, load
from aidokit.reconcile.cli.output import escaped_output, terminal_columns
from aidokit.reconcile.core.errors import AidoError

COMMON = "common options"  # the title of the options every command takes
EXIT_OK = 0
EXIT_ERROR = 1
EXIT_BUG = 3
EXIT_INTERRUPTED = 130


class _Help(argparse.HelpFormatter):
    """argparse's help layout, sized as argparse sizes it but without importing shutil.

    argparse asks shutil for the terminal width whenever an argument is added, and
    shutil imports the compression modules: a few ms of every start.
    """

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_columns() - 2)


def _columns() -> int:
    """The columns of the terminal behind the real stdout (help and usage wrap to it)."""
    return terminal_columns(sys.__stdout__)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error exits 1 (SPEC §8): exit 2 means "drift" to CI.

    It lists what was added to it (`arguments`, `common`, `commands`), so the
    completion scripts and the CLI reference read the tree without argparse's
    private attributes.
    """

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        kwargs["add_help"] = False  # added below, so that `arguments` lists it
        super().__init__(*args, **kwargs)
        self.arguments: list[argparse.Action] = []  # every argument, in the order added
        self.common: list[argparse.Action] = []  # those of the "common options" group
        self.commands: dict[str, Parser] = {}  # each subcommand's parser, in help order
        if add_help:
            self.add_help_option()

    def add_help_option(self) -> None:
        """-h/--help, as argparse's own `add_help` adds it."""
        self.add_argument(
            "-h",
            "--help",
            action="help",
            default=argparse.SUPPRESS,
            help="show this help message and exit",
        )

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.arguments.append(action)
        return action

    def format_usage(self) -> str:
        """The usage line without the common options: `[common options]` stands for them."""
        return self._usage_text() + "\n"

    def format_help(self) -> str:
        """The command's own options in full, the common ones named once, an example."""
        import textwrap  # noqa: PLC0415 (off a converged plan's path)

        formatter = self.formatter_class(prog=self.prog)
        own = [a for a in self.arguments if a not in self.common]
        for title, actions in (
            ("positional arguments", [a for a in own if not a.option_strings]),
            ("options", [a for a in own if a.option_strings]),
        ):
            if actions:
                formatter.start_section(title)
                formatter.add_arguments(actions)
                formatter.end_section()
        width = _columns() - 2
        parts = [self._usage_text()]
        if self.description:  # wrapped here: argparse would break `--from-registry` at its dash
            parts.append(textwrap.fill(self.description, width, break_on_hyphens=False))
        parts.append(formatter.format_help().strip("\n"))
        if self.common:
            names = ", ".join(
                a.option_strings[-1] + (f" {a.metavar}" if a.metavar else "") for a in self.common
            )
            line = f"common options: {names} (`aido --help` says what each does)"
            parts.append(textwrap.fill(line, width, break_on_hyphens=False))
        if self.epilog:
            parts.append(self.epilog)
        return "\n\n".join(parts) + "\n"

    def _usage_text(self) -> str:
        if self.usage:
            return f"usage: {self.usage.replace('%(prog)s', self.prog)}"
        own = [a for a in self.arguments if a not in self.common]
        formatter = self.formatter_class(
            prog=f"{self.prog} [common options]" if self.common else self.prog
        )
        formatter.add_usage(None, own, [], prefix="usage: ")
        return formatter.format_help().rstrip("\n")

    def add_mutually_exclusive_group(self, *, required: bool = False) -> Any:
        """argparse's group, whose arguments are listed here too."""
        return _Listed(super().add_mutually_exclusive_group(required=required), self.arguments)

    # Set by `main` when the command line asks for --json: a usage error is then an
    # error object on stdout too (docs/cli.md), as every other failure is.
    json_errors = False

    def error(self, message: str) -> NoReturn:
        message = _spelled(message, self.prog)
        if Parser.json_errors:
            from aidokit.reconcile.show.json_output import error_json  # noqa: PLC0415 (off the path of aido --version)

            sys.stdout.write(error_json(code="usage", message=message, exit_code=EXIT_ERROR))
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message}\n")


_INVALID_CHOICE = re.compile(r"argument (.+?): invalid choice: (.+?) \(choose from (.*)\)$")


def _spelled(message: str, prog: str) -> str:
    """argparse's "invalid choice" message with the closest choice offered; a mistyped
    command is named as one, with where the commands are listed instead of all of them."""
    found = _INVALID_CHOICE.match(message)
    if not found:
        return message
    from aidokit.catalog.spelling import maybe  # noqa: PLC0415 (off the path of aido --version)

    argument, value, listed = found.groups()
    value = value.strip("'\"")
    choices = [choice.strip().strip("'\"") for choice in listed.split(",")]
    hint = maybe(value, choices)
    if argument.lower() in ("command", "action"):
        kind = argument.lower()
        names = {name for name, _ in COMMANDS}
        if kind == "action" and not hint and value in names:  # `aido mcp remove`
            return (
                f"unknown action '{value}'; `{prog}` has {', '.join(choices)}; "
                f"did you mean `aido {value}`?"
            )
        return f"unknown {kind} '{value}'{hint}; `{prog} --help` lists the {kind}s"
    return f"argument {argument}: invalid choice '{value}'{hint}; choose from {', '.join(choices)}"


class _Listed:
    """An argument group that also lists each argument it adds in `lists`."""

    def __init__(self, group: Any, *lists: list[argparse.Action]) -> None:
        self.group = group
        self.lists = lists

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action: argparse.Action = self.group.add_argument(*args, **kwargs)
        for listed in self.lists:
            listed.append(action)
        return action


def _common_options(parser: Parser, *, suppress: bool) -> None:
    """Options every command takes, before or after the subcommand name."""

    def default(value: object) -> object:
        return argparse.SUPPRESS if suppress else value

    group = _Listed(parser.add_argument_group(COMMON), parser.arguments, parser.common)
    group.add_argument(
        "--project",
        metavar="DIR",
        default=default(None),
        help="project root (default: the nearest folder up with aido.toml, else the git root)",
    )
    group.add_argument(
        "--adapter",
        metavar="NAME",
        action="append",
        dest="adapters",
        default=default(None),
        help="only this harness adapter (repeatable)",
    )
    group.add_argument(
        "--scope",
        choices=("project", "user", "local"),
        default=default("project"),
        help="which config files to manage (default: project)",
    )
    group.add_argument(
        "--no-color", action="store_true", default=default(False), help="never colour output"
    )
    group.add_argument(
        "--log-format",
        choices=("console", "json"),
        default=default("console"),
        help="log format on stderr",
    )
    group.add_argument(
        "--log-level",
        choices=tuple(log.LEVELS),
        default=default(None),
        help="log level on stderr (default: info; -vv is debug)",
    )
    group.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=default(0),
        help="every notice in full; -vv also debug logs",
    )
    group.add_argument(
        "-q",
        "--quiet",
        action="count",
        default=default(0),
        help="only the changes and errors (no notes, hints or roles lines); less log output",
    )


# Commands that read the whole command tree (`aido completion` prints it).
_WHOLE_TREE = frozenset({"completion"})


class _Tree(Parser):
    """The `aido` parser: every command listed, each command's options filled on request."""

    def __init__(self, listed: Iterable[str] | None = None) -> None:
        super().__init__(
            prog="aido",
            description="Declarative, format-preserving MCP server configuration for AI coding "
            "harnesses.",
        )
        self.add_argument("--version", action="version", version=f"aido {__version__}")
        _common_options(self, suppress=False)
        sub = self.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
        # add_help=False: a command's -h comes with its options (`fill`), so the
        # first pass of `main` reads past it to learn which command was named.
        wanted = None if listed is None else frozenset(listed)
        for name, text in COMMANDS:
            if wanted is not None and name not in wanted:
                continue  # `aido plan` needs no parser of the other commands
            example = f"example: {EXAMPLES[name]}"
            child = sub.add_parser(
                name, help=text, description=text, epilog=example, add_help=False
            )
            self.commands[name] = child
        self.filled: set[str] = set()
        # `aido completion` reads the tree from here, so no command imports the CLI back.
        self.set_defaults(root_parser=self)

    def format_usage(self) -> str:
        return "usage: aido [common options] COMMAND [options]\n"

    def format_help(self) -> str:
        """The commands grouped (the main four first), each with an example; then the
        common options, described once for every command."""
        formatter = self.formatter_class(prog=self.prog)
        formatter.add_text(self.description)
        text = self.format_usage() + "\n" + formatter.format_help()
        width = _columns() - 2
        for title, names in (
            ("main commands", MAIN),
            ("other commands", [name for name, _ in COMMANDS if name not in MAIN]),
        ):
            text += f"\n{title}:\n" + "".join(_command_lines(name, width) for name in names)
        formatter = self.formatter_class(prog=self.prog)
        formatter.start_section("common options (before or after the command)")
        formatter.add_arguments(self.common)
        formatter.end_section()
        formatter.start_section("options")
        formatter.add_arguments([a for a in self.arguments if a not in self.common])
        formatter.end_section()
        formatter.add_text("Run `aido COMMAND --help` for a command's own options.")
        return text + "\n" + formatter.format_help()

    def fill(self, names: Iterable[str]) -> None:
        """Add the options and `run` of each command in `names` (importing its module)."""
        for name in names:
            if name not in self.filled:
                self.filled.add(name)
                _command_options(self.commands[name], name)


_HELP = dict(COMMANDS)
_NAME = 16  # the column where a command's text starts


def _command_lines(name: str, width: int) -> str:
    """`  plan            show what ...` wrapped to `width`, then `$ example` under it."""
    import textwrap  # noqa: PLC0415 (off a converged plan's path)

    indent = " " * _NAME
    lines = textwrap.wrap(_HELP[name], max(20, width - _NAME)) or [""]
    first = f"  {name}".ljust(_NAME) + lines[0] if len(name) < _NAME - 3 else f"  {name}"
    rest = lines[1:] if first.endswith(lines[0]) else lines
    out = [first, *(indent + line for line in rest), f"{indent}  $ {EXAMPLES[name]}"]
    return "\n".join(out) + "\n"


def build_parser(
    commands: Iterable[str] | None = None, listed: Iterable[str] | None = None
) -> _Tree:
    """The `aido` argument parser, with the options of `commands` (default: every command);
    `listed` names the commands it has a parser for (default: every command)."""
    parser = _Tree(listed)
    parser.fill(parser.commands if commands is None else commands)
    return parser


class _Unsure(Exception):
    """The first pass could not tell which command the command line names."""


class _Scan(Parser):
    """The first pass: the common options, then a command name; it never prints or exits."""

    def error(self, message: str) -> NoReturn:
        raise _Unsure(message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise _Unsure(message)


def _named_command(argv: Sequence[str] | None) -> str | None:
    """The command `argv` names after its common options, if that is all that comes first.

    None for anything else (--help, --version, no command, a mistyped one, an option
    of no command): the whole tree parses those and says what argparse would.
    """
    scan = _Scan(prog="aido", add_help=False)
    _common_options(scan, suppress=True)
    scan.add_argument("command", choices=[name for name, _ in COMMANDS])
    scan.add_argument("rest", nargs=argparse.REMAINDER)
    try:
        found, extras = scan.parse_known_args(argv)
    except _Unsure:
        return None
    return None if extras else str(found.command)


def _command_options(parser: Parser, name: str) -> None:
    """Fill the parser of command `name`: -h, the common options, its own, its `run`."""
    command = load(name)
    parser.add_help_option()
    _common_options(parser, suppress=True)
    command.add_arguments(parser)
    parser.set_defaults(run=command.run)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The parsed command line; only the named command's module is imported.

    The usual command line, common options then a command, is parsed by a tree
    with that one command in it: argparse spends most of a plan's parsing time
    building a parser per command (gettext looking for translations of its texts)
    and importing every command's module: the whole tree costs ~33 ms of CPU, one
    command's ~3 ms (3.11, 2026-12-06: `make bench`, row "start-up device: one-command
    parser"); it stays while it buys at least 10 ms (issue 52).
    Anything else takes the whole tree: a first pass with no command's options
    finds the command (it may exit, as argparse does, on --help, --version or a
    usage error); the second fills that command's options and parses for real.
    """
    named = _named_command(argv)
    if named is not None and named not in _WHOLE_TREE:
        return build_parser((named,), (named,)).parse_args(argv)
    parser = build_parser(())
    named = parser.parse_known_args(argv)[0].command
    if named is not None:
        parser.fill(parser.commands if named in _WHOLE_TREE else (named,))
    return parser.parse_args(argv)


def _write_crash_report() -> Path:
    """Save the current traceback where the user can find it; return its path."""
    import tempfile  # noqa: PLC0415 (only on the bug path: these cost start-up time)
    import traceback  # noqa: PLC0415 (off the path of aido --version)

    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    folder = Path(base) / "aido"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        folder = Path(tempfile.gettempdir())
    fd, name = tempfile.mkstemp(prefix="aido-crash-", suffix=".log", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(f"aido {__version__}\nargv: {sys.argv!r}\n\n")
        traceback.print_exc(file=out)
    return Path(name)


def entry() -> NoReturn:
    """The `aido` console script: run `main`, then end without tearing Python down.

    Python's own shutdown frees every module and object one at a time, which
    costs CPU after every command (docs/benchmarks.md). By the time `main` returns
    aido has written, synced and closed every file it opened and registers no
    atexit handler, so this flushes stdout and stderr and ends the process with
    `os._exit` and the status `sys.exit` would give.

    The cyclic garbage collector is off for the run: reference counting frees
    what aido drops (parsed files hold no cycles); what the collector would
    reclaim (import-time cycles) the process ends with anyway. Together they take
    about 22 ms of CPU off a converged plan (113 against 135 ms with
    `sys.exit(main())`, 3.11, 2026-12-06: `make bench`, row "start-up device: teardown
    skip"); they stay while they buy at least 10 ms (issue 52).
    """
    gc.disable()  # see the docstring
    try:
        code = main()
    except SystemExit as exc:  # argparse: --help, --version, a usage error
        code = exit_status(exc.code)
    os._exit(_shut_down(code))


def exit_status(code: object) -> int:
    """The status `sys.exit(code)` ends with: None is 0, an int itself, else 1 (printed)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _shut_down(code: int) -> int:
    """What Python does before it exits, minus freeing its objects; the final status.

    aido saves what must be saved before `main` returns, so only the standard
    streams are left to flush (a test holds that aido registers no atexit handler).

    As in Python, a standard stream that cannot be flushed turns success into 120,
    except a broken pipe: its reader went away (`aido plan | head`), not aido's failure.
    """
    for stream in (sys.stdout, sys.stderr):
        if stream is None or stream.closed:
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            pass
        except (OSError, ValueError):
            code = code or 120
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run `aido` and return its exit code; all it prints goes through one escaping writer."""
    with escaped_output():
        try:
            return _main(argv)
        except KeyboardInterrupt:  # before the command ran (parsing, start-up)
            print(NOTHING_WRITTEN, file=sys.stderr)
            return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    started = time.monotonic_ns()  # what this run writes is what Ctrl-C names
    Parser.json_errors = "--json" in (sys.argv[1:] if argv is None else argv)
    args = parse(argv)
    if getattr(args, "run", None) is None:
        args.root_parser.print_help()
        return EXIT_ERROR
    log.configure(
        verbosity=_log_verbosity(args.verbose, args.quiet),
        log_format=args.log_format,
        level=args.log_level,
    )
    try:
        code: int = args.run(args)
    except AidoError as exc:
        prefix = "" if exc.code == "interrupted" else "aido: error: "  # a roll-back's Ctrl-C
        return _fail(args, exc.code, str(exc), exc.exit_code, prefix=prefix, details=exc.details)
    except KeyboardInterrupt:
        return _fail(args, "interrupted", _interrupted(started), EXIT_INTERRUPTED, prefix="")
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not our failure.
        sys.stderr.close()
        return EXIT_OK
    except Exception:
        report = _write_crash_report()
        message = (
            f"this is a bug in aido; the traceback was written to {report}. "
            "Please attach it to an issue."
        )
        return _fail(args, "bug", message, EXIT_BUG, prefix="aido: ")
    return code


NOTHING_WRITTEN = "Interrupted: nothing was written."


def _interrupted(started: int) -> str:
    """What Ctrl-C leaves: nothing written, or the files this run's committed transactions
    wrote and how to put them back (a transaction cut short rolls itself back)."""
    from aidokit.reconcile.write.transaction import committed  # noqa: PLC0415 (off the path of aido --version)

    done = committed(since=started)
    if not done:
        return NOTHING_WRITTEN
    paths = list(dict.fromkeys(f.path for tx in done for f in tx.files if not f.records_only))
    them = "it" if len(paths) == 1 else "them"
    ids = ", ".join(tx.id for tx in done)
    return (
        f"Interrupted after aido wrote {', '.join(paths) or 'its ownership records'} "
        f"(transaction {ids}); `aido undo` puts {them} back."
    )


def _log_verbosity(verbose: int, quiet: int) -> int:
    """Steps of log level below info: `-v` is for people (full notices), not debug logs;
    `-vv` turns debug logging on, each `-q` one level up."""
    return max(0, verbose - 1) - quiet


def _fail(
    args: argparse.Namespace,
    code: str,
    message: str,
    exit_code: int,
    *,
    prefix: str = "aido: error: ",
    details: dict[str, object] | None = None,
) -> int:
    """Tell the failure on stderr and, under --json, as an error object on stdout too."""
    if getattr(args, "json", False):
        from aidokit.reconcile.show.json_output import error_json  # noqa: PLC0415 (off the path of aido --version)

        print(error_json(code=code, message=message, exit_code=exit_code, details=details), end="")

    text = prefix + printable(message)
    from aidokit.reconcile.cli.console import output_width  # noqa: PLC0415 (off the path of aido --version)

    width = output_width(sys.stderr)
    if width:  # wrapped between words on a terminal, whole into a log
        from aidokit.reconcile.show.plan_text import wrap  # noqa: PLC0415 (off the path of aido --version)

        text = wrap([text], width).rstrip("\n")
    print(text, file=sys.stderr)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
