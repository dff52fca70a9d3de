"""The CLI boundary: parse arguments, run one command, map errors to exit codes.

argparse (stdlib) was picked over click/typer/cyclopts because start-up time
is a product feature: it costs nothing to import, and each command module
imports its heavy dependencies only inside `run`.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from aidokit.catalog import log
from aidokit.reconcile import __version__
from aidokit.reconcile.commands import COMMANDS, load
from aidokit.reconcile.console import method_cache, module_cache, regex_cache
from aidokit.reconcile.console.subcommands import Subcommands
from aidokit.reconcile.errors import AidoError

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
    """`shutil.get_terminal_size().columns`: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error exits 1 (SPEC §8): exit 2 means "drift" to CI."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    # Set by `main` when the command line asks for --json: a usage error is then an
    # error object on stdout too (docs/cli.md), as every other failure is.
    json_errors = False

    def error(self, message: str) -> NoReturn:
        if _Parser.json_errors:
            from aidokit.reconcile.render.json_output import error_json

            sys.stdout.write(error_json(code="usage", message=message, exit_code=EXIT_ERROR))
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message}\n")


def _common_options(parser: argparse.ArgumentParser, *, suppress: bool) -> None:
    """Options every command takes, before or after the subcommand name."""

    def default(value: object) -> object:
        return argparse.SUPPRESS if suppress else value

    group = parser.add_argument_group("common options")
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
        "-v", "--verbose", action="count", default=default(0), help="more log output"
    )
    group.add_argument("-q", "--quiet", action="count", default=default(0), help="less log output")


def build_parser() -> argparse.ArgumentParser:
    """Build the `aido` argument parser; each command's part is built when first used."""
    parser = _Parser(
        prog="aido",
        description="Declarative, format-preserving MCP server configuration for AI coding "
        "harnesses.",
    )
    parser.add_argument("--version", action="version", version=f"aido {__version__}")
    _common_options(parser, suppress=False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action=Subcommands)
    assert isinstance(sub, Subcommands)
    for name, help_text in COMMANDS:
        sub.add_later(name, help_text, _command_options)
    # `aido completion` reads the tree from here, so no command imports the CLI back.
    parser.set_defaults(root_parser=parser)
    return parser


def _command_options(parser: argparse.ArgumentParser, name: str) -> None:
    """Fill the parser of command `name`: the common options, its own, its `run`."""
    # The command's modules define aido's dataclasses: compile their methods once.
    method_cache.install()
    command = load(name)
    _common_options(parser, suppress=True)
    command.add_arguments(parser)
    parser.set_defaults(run=command.run)


@contextmanager
def _argparse_in_english() -> Iterator[None]:
    """argparse's own words (usage:, options, its errors) as written, for this call.

    argparse asks gettext for each of them in the catch-all "messages" domain:
    that imports `locale` and searches translation folders on every start (~2 ms),
    and could mix another program's "messages" catalog into aido's English.
    """
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = str  # type: ignore[attr-defined]
    argparse.ngettext = _plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _write_crash_report() -> Path:
    """Save the current traceback where the user can find it; return its path."""
    import tempfile  # only on the bug path: these cost start-up time
    import traceback

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

    Python's own shutdown frees every module and object one at a time: 10 to 20 ms
    of CPU after a plan, more after one that rendered a diff. By the time `main`
    returns aido has written, synced and closed every file it opened, so this
    runs the atexit handlers (the method cache saves there), flushes stdout and
    stderr, and ends the process with the status `sys.exit` would give.

    The cyclic garbage collector is off for the run: reference counting frees
    what aido drops (parsed files hold no cycles), and the collector's 40-odd
    passes during a plan cost 2-3 ms; what it would reclaim (about 12k objects
    of import-time cycles) the process ends with anyway. Peak memory applying to
    a 20 MB ~/.claude.json is the same either way (46.5 MiB).
    """
    gc.disable()  # see the docstring
    # What the command compiled, not what its importers do (module_cache, regex_cache).
    atexit.register(module_cache.save)
    atexit.register(regex_cache.save)
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

    As in Python, a standard stream that cannot be flushed turns success into 120,
    except a broken pipe: its reader went away (`aido plan | head`), not aido's failure.
    """
    atexit._run_exitfuncs()
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
    """Run `aido` and return its exit code."""
    with _argparse_in_english():
        parser = build_parser()
        _Parser.json_errors = "--json" in (sys.argv[1:] if argv is None else argv)
        args = parser.parse_args(argv)
        if getattr(args, "run", None) is None:
            parser.print_help()
            return EXIT_ERROR
    log.configure(verbosity=args.verbose - args.quiet, log_format=args.log_format)
    try:
        code: int = args.run(args)
    except AidoError as exc:
        return _fail(args, exc.code, str(exc), exc.exit_code, details=exc.details)
    except KeyboardInterrupt:
        return _fail(args, "interrupted", "interrupted", EXIT_INTERRUPTED, prefix="aido: ")
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
        from aidokit.reconcile.render.json_output import error_json

        print(error_json(code=code, message=message, exit_code=exit_code, details=details), end="")
    from aidokit.catalog.printable import printable  # names from files: controls escaped

    print(prefix + printable(message), file=sys.stderr)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
