"""The CLI boundary: version, help, and errors mapped to exit codes."""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest

from aidokit.catalog import validation
from aidokit.catalog.log import configure, get_logger
from aidokit.reconcile import __version__, cli
from aidokit.reconcile.choices import config, lockfile
from aidokit.reconcile.choices.lockfile import LockFile
from aidokit.reconcile.decode import memo_folder
from aidokit.reconcile.errors import ConfigError
from aidokit.reconcile.history import state
from aidokit.reconcile.history.state import State


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

    monkeypatch.setattr(cli, "build_parser", lambda: _parser_with(fail))
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert err == "aido: error: aido.toml:3 is broken; fix it\n"


def test_bug_exits_3_and_writes_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], sandbox_home: Path
) -> None:
    """An unexpected exception exits 3 and says where the traceback was written."""

    def crash(args: argparse.Namespace) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "build_parser", lambda: _parser_with(crash))
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

    monkeypatch.setattr(cli, "build_parser", lambda: _parser_with(interrupted))
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
        "import sys; from aidokit.reconcile import cli\n"
        "try: cli.main(['--version'])\nexcept SystemExit: pass\n"
        "print(sorted(m for m in ('pydantic', 'structlog', 'deepdiff', 'jsonschema', 'tomlkit',"
        " 'dataclasses') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("[]")


# What a plan may load, checked by name after it ran (see _plan_imports): heavy
# packages, and modules only writing or other commands need.
HEAVY = (
    "pydantic", "pydantic_core", "deepdiff", "jsonschema", "tomlkit", "ruamel", "structlog",
    "asyncio", "logging", "subprocess", "uuid", "packaging", "numpy", "cachebox",
    "difflib", "secrets", "tempfile", "inspect", "ast", "dis", "tokenize", "hashlib",
    "_hashlib", "locale", "urllib.parse", "ipaddress", "gettext", "tomllib", "datetime", "string",
    "aidokit.reconcile.apply",
    "aidokit.reconcile.history.journal", "aidokit.reconcile.history.transaction",
    "aidokit.reconcile.history.undo", "aidokit.reconcile.render.plan_json",
    "aidokit.reconcile.commands.apply", "aidokit.reconcile.commands.status",
    "aidokit.catalog.validation",
)  # fmt: skip
# ... and what only a plan with changes needs: the editors' helpers and the redaction of
# shown values (catalog/stand_ins.deferred), importlib.util, the Unicode database, copy (and
# its weakref) for rehearsing TOML edits, ntpath for Windows paths; and the importlib
# package, which aido's own imports do without (catalog/stand_ins.imported).
CONVERGED = (
    *HEAVY, "unicodedata", "importlib", "importlib.util", "bisect", "copy", "weakref", "ntpath",
    "aidokit.reconcile.documents.tomlscan", "aidokit.reconcile.documents.jsonmembers",
    "aidokit.reconcile.documents.jsonstyle", "aidokit.reconcile.security.redaction",
)  # fmt: skip


def _plan_imports(project: Path, modules: tuple[str, ...] = HEAVY) -> str:
    """Run `aido plan` in a fresh interpreter; the `modules` it left loaded."""
    code = (
        "import sys; from aidokit.reconcile import cli\n"
        f"try: cli.main(['plan', '--project', {str(project)!r}])\nexcept SystemExit: pass\n"
        f"print(sorted(m for m in {modules!r} if m in sys.modules), file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stderr.strip().splitlines()[-1]


def test_plan_of_an_unchanged_project_does_not_import_pydantic(
    fixture_project: Callable[[str], Path],
) -> None:
    """No `aido plan` of the demo project loads a validator, diff, TOML editor or logger.

    Its aido.toml has the plain shape reconcile/choices/config.py builds without pydantic, so
    the first plan too; other files are validated once and remembered (reconcile/decode.py).
    The first plan parses its TOML files (tomllib, with datetime and string); later ones, and
    the one after apply wrote .codex/config.toml, find them parsed (documents/tomlparse.py).
    """
    project = fixture_project("demo-project")
    # a plain aido.toml: no pydantic even the first time
    assert _plan_imports(project) == "['datetime', 'string', 'tomllib']"
    assert _plan_imports(project) == "[]"
    assert cli.main(["apply", "--yes", "--project", str(project)]) == 0
    assert _plan_imports(project, CONVERGED) == "[]"


def test_first_plan_of_a_fresh_clone_imports_no_pydantic(
    fixture_project: Callable[[str], Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CI on a new runner (an empty memo): aido.lock and the state are read without pydantic.

    The plan equals the one made with their plain readings off, where pydantic reads both.
    """
    project = fixture_project("demo-project")
    assert cli.main(["apply", "--yes", "--project", str(project)]) == 0
    capsys.readouterr()
    shutil.rmtree(memo_folder())  # only the memo gone: nothing heavy at all
    assert _plan_imports(project) == "[]"
    runners = iter(range(3))

    def fresh_runner() -> None:  # no user state at all: the TOML files are parsed again
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / f"runner-{next(runners)}"))

    fresh_runner()
    loaded = set(ast.literal_eval(_plan_imports(project)))
    assert not {"pydantic", "pydantic_core", "aidokit.catalog.validation"} & loaded
    argv = ["plan", "--detailed-exitcode", "--project", str(project)]
    fresh_runner()
    plain = cli.main(argv), capsys.readouterr().out
    assert plain[0] == 0 and "No changes." in plain[1]
    monkeypatch.setattr(lockfile, "_plain_data", lambda data: None)
    monkeypatch.setattr(state, "_plain_data", lambda data: None)
    fresh_runner()
    with mock.patch.object(validation, "validate_json", wraps=validation.validate_json) as checks:
        assert (cli.main(argv), capsys.readouterr().out) == plain
    assert {call.args[0] for call in checks.call_args_list} >= {LockFile, State}


@pytest.mark.parametrize("value", ['"yes"', '"Off"', "0", "1.0"])
def test_first_plan_after_a_lax_typed_edit_imports_no_pydantic(
    fixture_project: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    value: str,
) -> None:
    """`suggest = "yes"` (pydantic's lax mode reads it as true): no pydantic, and pydantic's plan.

    The plan equals the one made with the plain reading off, where pydantic decides.
    """
    project = fixture_project("demo-project")
    toml = project / "aido.toml"
    toml.write_text(f"suggest = {value}\n" + toml.read_text())
    # New bytes are parsed (tomllib, once: documents/tomlparse.py), never validated by pydantic.
    assert _plan_imports(project) == "['datetime', 'string', 'tomllib']"
    argv = ["plan", "--json", "--project", str(project)]
    plain = cli.main(argv), capsys.readouterr().out
    monkeypatch.setattr(config, "_plain_data", lambda data: None)
    assert (cli.main(argv), capsys.readouterr().out) == plain


def test_plan_of_a_drifted_file_imports_deepdiff_but_not_pydantic(
    fixture_project: Callable[[str], Path],
) -> None:
    """A plan that renders a hand edit loads deepdiff and its needs, never pydantic or asyncio."""
    project = fixture_project("demo-project")
    assert cli.main(["apply", "--yes", "--project", str(project)]) == 0
    assert _plan_imports(project, CONVERGED) == "[]"
    mcp = project / ".mcp.json"
    data = json.loads(mcp.read_text())
    data["mcpServers"]["git"]["env"] = {"DRIFT": "1"}
    mcp.write_text(json.dumps(data, indent=2) + "\n")
    # deepdiff's own imports: datetime, difflib, ipaddress, logging, string, uuid; never its
    # cache's cachebox and asyncio, nor inspect, ast or OpenSSL, nor logging's traceback (and
    # tokenize) before an exception is logged (console/deepdiff_loader.py); never tomllib (the TOML
    # files are parsed already).
    assert _plan_imports(project) == (
        "['datetime', 'deepdiff', 'difflib', 'ipaddress', 'logging', 'string', 'uuid']"
    )
    plan = subprocess.run(
        [sys.executable, "-m", "aidokit.reconcile", "plan", "--json", "--project", str(project)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert json.loads(plan.stdout)["summary"]["change"] == 1


def test_a_new_users_first_apply_of_a_plain_file_does_not_import_pydantic(tmp_path: Path) -> None:
    """One server into a new project from a new home: no memo, yet no pydantic (plain aido.toml)."""
    project = tmp_path / "p"
    (project / ".git").mkdir(parents=True)
    (project / "aido.toml").write_text(
        'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    )
    code = (
        "import sys; from aidokit.reconcile import cli\n"
        f"code = cli.main(['apply', '--yes', '--project', {str(project)!r}])\n"
        "heavy = ('pydantic', 'shutil', 'bz2', 'lzma', 'tempfile', 'inspect', '_hashlib')\n"
        "print(code, sorted(m for m in heavy if m in sys.modules), file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # Nor shutil (and the compression modules it loads), tempfile, inspect or OpenSSL.
    assert run.stderr.strip().splitlines()[-1] == "0 []"
    assert "context7" in json.loads((project / ".mcp.json").read_text())["mcpServers"]
