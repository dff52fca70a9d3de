"""The CLI boundary: version, help, and errors mapped to exit codes."""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.errors import configure, get_logger
from aidokit.reconcile import __version__
from aidokit.reconcile.cli import main as cli
from aidokit.reconcile.cli.commands import COMMANDS
from aidokit.reconcile.core.errors import ConfigError
from tests.fuzz import fuzz_settings


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`aido --version` prints the package version and exits 0."""
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"aido {__version__}"


def test_help_lists_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    """`aido --help` names the plan and apply commands."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "plan" in out and "apply" in out


_REAL_BUILD = cli.build_parser


def _parser_with(run: object) -> argparse.ArgumentParser:
    parser = _REAL_BUILD()
    parser.set_defaults(run=run)
    return parser


def test_known_error_exits_1_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An AidoError becomes exit 1 and one sentence on stderr, no traceback."""

    def fail(args: argparse.Namespace) -> int:
        raise ConfigError("aido.toml:3 is broken; fix it")

    monkeypatch.setattr(cli, "build_parser", lambda *_: _parser_with(fail))
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert err == "aido: error: aido.toml:3 is broken; fix it\n"


def test_bug_exits_3_and_writes_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], sandbox_home: Path
) -> None:
    """An unexpected exception exits 3 and says where the traceback was written."""

    def crash(args: argparse.Namespace) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "build_parser", lambda *_: _parser_with(crash))
    assert cli.main([]) == 3
    err = capsys.readouterr().err
    assert "this is a bug" in err and "Traceback" not in err
    report = Path(err.split("written to ")[1].split(". Please")[0])
    assert report.is_file() and "RuntimeError: boom" in report.read_text()
    assert sandbox_home in report.parents


def test_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C exits 130."""

    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", lambda *_: _parser_with(interrupted))
    assert cli.main([]) == 130


def test_common_options_work_after_the_subcommand() -> None:
    """`aido plan --project X --adapter A` parses like `aido --project X plan`."""
    args = cli.build_parser().parse_args(["plan", "--project", "/p", "--adapter", "codex", "-v"])
    assert (args.project, args.adapters, args.verbose) == ("/p", ["codex"], 1)
    args = cli.build_parser().parse_args(["--project", "/q", "plan"])
    assert args.project == "/q" and args.scope == "project"


def test_json_logs_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """`--log-format json` makes every log line a JSON object on stderr."""
    configure(verbosity=0, log_format="json")
    get_logger("t").info("hello", file="x.json")
    err = capsys.readouterr().err.strip()
    assert json.loads(err)["event"] == "hello"
    configure()


def test_version_does_not_import_heavy_modules() -> None:
    """Start-up stays cheap: `aido --version` imports neither pydantic nor structlog."""
    code = (
        "import sys; from aidokit.reconcile.cli import main as cli\n"
        "try: cli.main(['--version'])\nexcept SystemExit: pass\n"
        "print(sorted(m for m in ('pydantic', 'structlog', 'deepdiff', 'jsonschema', 'tomlkit',"
        " 'dataclasses') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("[]")


def _plan_imports(project: Path, *argv: str) -> list[str]:
    """Run `aido plan` in a fresh interpreter; the modules it left loaded."""
    code = (
        "import sys; from aidokit.reconcile.cli import main as cli\n"
        f"try: cli.main(['plan', '--project', {str(project)!r}, *{argv!r}])\n"
        "except SystemExit: pass\n"
        "print(sorted(sys.modules), file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded: list[str] = ast.literal_eval(run.stderr.strip().splitlines()[-1])
    return loaded


# The folders of reconcile/ (tests/test_layers.py RECONCILE_ORDER) a converged plan may load:
# it reads and diffs, and shows "No changes."; nothing of gate/, write/ or probe/, and
# nothing of checks/ for an aido.toml without [custom.*] or [override.*] (the demo's).
# Of policy/, the layer type and the violation type the plan carries (no rule is parsed
# without a [policy]).
CONVERGED_FOLDERS = frozenset({"core", "documents", "policy", "read", "plan", "show", "cli"})


def test_a_converged_plan_loads_only_the_reading_folders(
    fixture_project: Callable[[str], Path],
) -> None:
    """A converged `aido plan` imports nothing from the folders that gate, write or probe."""
    project = fixture_project("demo-project")
    assert cli.main(["apply", "--yes", "--project", str(project)]) == 0
    _plan_imports(project)
    folders = {
        name.split(".")[2]
        for name in _plan_imports(project)
        if name.startswith("aidokit.reconcile.") and name.count(".") >= 3
    }
    assert folders <= CONVERGED_FOLDERS, sorted(folders - CONVERGED_FOLDERS)


def test_plan_of_a_drifted_file_shows_the_change(
    fixture_project: Callable[[str], Path],
) -> None:
    """A plan after a hand edit of a file aido wrote shows one change (a field diff)."""
    project = fixture_project("demo-project")
    assert cli.main(["apply", "--yes", "--project", str(project)]) == 0
    mcp = project / ".mcp.json"
    data = json.loads(mcp.read_text())
    data["mcpServers"]["git"]["type"] = "drifted"
    mcp.write_text(json.dumps(data, indent=2) + "\n")
    plan = subprocess.run(
        [sys.executable, "-m", "aidokit.reconcile", "plan", "--json", "--project", str(project)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert json.loads(plan.stdout)["summary"]["change"] == 1


# Command lines for the one-command parser against the whole tree: common options before
# and after, help, version, values that look like commands, mistakes.
_LINES = [
    ["plan"],
    ["plan", "--json", "--detailed-exitcode"],
    ["--project", "plan", "plan"],
    ["--project=apply", "-v", "-v", "apply", "--yes"],
    ["--adapter", "codex", "--adapter", "zed", "status", "--scope", "user"],
    ["-q", "doctor", "--no-color"],
    ["--log-format", "json", "mcp", "add", "context7", "--roles", "qa"],
    ["completion", "bash"],
    ["-vv", "--scope", "local", "plan", "--out", "x.json"],
    [],  # `aido` alone: main shows the help
]
_MISTAKES = [
    ["--", "plan"],
    ["--help"],
    ["-h", "plan"],
    ["--version"],
    ["paln"],
    ["--scope", "nowhere", "plan"],
    ["--project"],
    ["--unknown", "plan"],
    ["plan", "--no-such-option"],
    ["plan", "-h"],
]


def _outcome(parse: Callable[[], argparse.Namespace]) -> object:
    """A parse's namespace (without the parser itself), or its exit code and output."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            found = vars(parse())
        except SystemExit as exit_:
            return (exit_.code, out.getvalue(), err.getvalue())
    found.pop("root_parser")
    return found


@pytest.mark.parametrize("argv", _LINES + _MISTAKES, ids=lambda argv: " ".join(argv) or "-")
def test_the_one_command_parser_parses_as_the_whole_tree(argv: list[str]) -> None:
    """`parse` builds a parser for the named command only; it reads every line the same."""

    def whole() -> argparse.Namespace:
        parser = cli.build_parser(())
        named = parser.parse_known_args(argv)[0].command
        if named is not None:
            parser.fill(parser.commands if named == "completion" else (named,))
        return parser.parse_args(argv)

    outcome = _outcome(lambda: cli.parse(argv))
    assert outcome == _outcome(whole)
    assert isinstance(outcome, dict) == (argv in _LINES), outcome


def test_a_plan_builds_the_parser_of_plan_only() -> None:
    """The common command line names one command: the tree holds that command's parser."""
    assert list(cli.parse(["--scope", "user", "plan", "-v"]).root_parser.commands) == ["plan"]
    assert len(cli.parse(["completion", "bash"]).root_parser.commands) > 20


_WORDS = [
    *(name for name, _ in COMMANDS[:6]),
    "completion",
    "--project",
    "--project=plan",
    "--adapter",
    "codex",
    "--scope",
    "user",
    "-v",
    "-vv",
    "-q",
    "--no-color",
    "--json",
    "--yes",
    "-h",
    "--version",
    "--",
    "x",
]


@given(st.lists(st.sampled_from(_WORDS), max_size=6))
@fuzz_settings(150)
def test_any_command_line_parses_as_the_whole_tree(argv: list[str]) -> None:
    """Over mixes of commands, common options, values and mistakes: the same outcome."""

    def whole() -> argparse.Namespace:
        parser = cli.build_parser(())
        named = parser.parse_known_args(argv)[0].command
        if named is not None:
            parser.fill(parser.commands if named == "completion" else (named,))
        return parser.parse_args(argv)

    assert _outcome(lambda: cli.parse(argv)) == _outcome(whole)
