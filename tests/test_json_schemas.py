"""Every `--json` output is an object with a format_version that its docs/schemas/ file accepts."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from projects import FIXTURES, materialize  # fixtures/ is put on sys.path by tests/conftest.py

from aidokit.reconcile.cli.main import build_parser, main
from aidokit.reconcile.core import errors
from tests.reconcile.show.test_plan_snapshots import _drift as drift

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "docs" / "schemas"

# Which schema documents each command's --json output (catalog has two actions).
SCHEMA_OF = {
    "plan": ("plan",),
    "status": ("status",),
    "suggest": ("suggest", "suggest-budget"),
    "catalog": ("catalog-list", "catalog-show", "catalog-sync"),
    "search": ("search",),
    "adapters": ("adapters",),
    "confirmations": ("confirmations",),
    "doctor": ("doctor", "doctor-probe"),
    "outdated": ("outdated",),
    "report": ("report",),
    "undo": ("undo-list",),
    "upgrade": ("doctor-probe",),  # upgrade --tools --json: the probe's document and `moved`
}
Capture = pytest.CaptureFixture[str]


def schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    return loaded


def assert_valid(name: str, doc: object) -> None:
    """`doc` is an object with a format_version and `name`'s schema accepts it."""
    assert isinstance(doc, dict) and isinstance(doc.get("format_version"), int)
    problems = [e.message for e in Draft202012Validator(schema(name)).iter_errors(doc)]
    assert not problems, f"{name}: {problems}"


def json_of(capsys: Capture, argv: list[str], expected: int = 0) -> object:
    capsys.readouterr()
    assert main(argv) == expected
    return json.loads(capsys.readouterr().out)


def commands_with_json() -> set[str]:
    """The subcommands whose parser has a --json option."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name
        for name, parser in sub.choices.items()
        if any("--json" in action.option_strings for action in parser._actions)
    }


def test_every_schema_is_a_valid_2020_12_schema() -> None:
    """Each file under docs/schemas/ is itself a valid JSON Schema (draft 2020-12)."""
    files = sorted(SCHEMAS.glob("*.schema.json"))
    assert len(files) >= 10
    for path in files:
        Draft202012Validator.check_schema(json.loads(path.read_text("utf-8")))


def test_every_json_command_has_a_schema() -> None:
    """A command that gains --json must get a schema here and a validated example below."""
    assert commands_with_json() == set(SCHEMA_OF)
    for names in SCHEMA_OF.values():
        for name in names:
            assert (SCHEMAS / f"{name}.schema.json").is_file()


@pytest.fixture
def project(fixture_project: Callable[[str], Path]) -> Path:
    """The demo project, planned before its first apply: every kind of file exists."""
    return fixture_project("demo-project")


@pytest.fixture
def broken(project: Path) -> Path:
    """The demo project with an aido.toml that is not TOML."""
    (project / "aido.toml").write_text("[mcp\n", "utf-8")
    return project


def plan_cases(tmp_path: Path) -> list[Path]:
    """One copy of each plan fixture, drifted by its drift.json when it has one."""
    projects = []
    for case in sorted((FIXTURES / "plans").iterdir()):
        project = materialize(f"plans/{case.name}/project", tmp_path / case.name)
        if (case / "drift.json").exists():
            drift(case, project)
        projects.append(project)
    return projects


def test_plan_json_matches_its_schema(capsys: Capture, tmp_path: Path, project: Path) -> None:
    """`plan --json` of each plan fixture (fresh, conflicting, ...) and of the demo validates."""
    for case in [project, *plan_cases(tmp_path)]:
        capsys.readouterr()
        main(["plan", "--json", "--project", str(case)])
        assert_valid("plan", json.loads(capsys.readouterr().out))


def test_plan_json_with_a_file_error(capsys: Capture, project: Path) -> None:
    """An unparsable harness file gives a valid plan with the error, exit 1."""
    (project / ".mcp.json").write_text("{broken", "utf-8")
    doc = json_of(capsys, ["plan", "--json", "--project", str(project)], expected=1)
    assert_valid("plan", doc)
    assert isinstance(doc, dict) and doc["summary"]["error"] == 1


def test_aido_toml_schema_is_current(capsys: Capture) -> None:
    """docs/schemas/aido-toml.schema.json is what `aido schema` prints."""
    printed = json_of(capsys, ["schema"])
    assert printed == schema("aido-toml"), (
        "run: .venv/bin/aido schema > docs/schemas/aido-toml.schema.json"
    )


def test_status_json_matches_its_schema(capsys: Capture, project: Path) -> None:
    """`status --json` validates before and after apply."""
    assert_valid("status", json_of(capsys, ["status", "--json", "--project", str(project)]))
    assert main(["apply", "--yes", "--project", str(project)]) == 0
    assert_valid("status", json_of(capsys, ["status", "--json", "--project", str(project)]))


def test_undo_list_json_matches_its_schema(capsys: Capture, project: Path) -> None:
    """`undo --list --json` after apply, destroy, undo and with a damaged record validates,
    naming the command of each transaction."""
    where = ["--project", str(project)]
    for argv in (["apply", "--yes"], ["destroy", "--yes"], ["undo", "--yes"]):
        assert main([*argv, *where]) == 0
    doc = json_of(capsys, ["undo", "--list", "--json", *where])
    assert_valid("undo-list", doc)
    assert isinstance(doc, dict)
    assert [t["command"] for t in doc["transactions"]] == ["undo", "destroy", "apply"]
    record = next(Path(doc["journal"]).glob("*/*/record.json"))
    record.write_bytes(b"{")
    doc = json_of(capsys, ["undo", "--list", "--json", *where])
    assert_valid("undo-list", doc)
    assert isinstance(doc, dict)
    assert [t["status"] for t in doc["transactions"]].count("damaged") == 1


def test_outdated_json_matches_its_schema(capsys: Capture, project: Path) -> None:
    """`outdated --json` after the demo's first apply (which writes aido.lock) validates."""
    assert main(["apply", "--yes", "--project", str(project)]) == 0
    assert_valid("outdated", json_of(capsys, ["outdated", "--json", "--project", str(project)]))
    assert (project / "aido.lock").is_file()


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["suggest", "--json"], "suggest"),
        (["catalog", "list", "--json"], "catalog-list"),
        (["catalog", "show", "github", "--json"], "catalog-show"),
        (["adapters", "--json"], "adapters"),
        (["confirmations", "--json", "--all"], "confirmations"),
        (["doctor", "--json"], "doctor"),
    ],
)
def test_command_json_matches_its_schema(
    argv: list[str], name: str, capsys: Capture, project: Path
) -> None:
    """The command's real --json output on the demo project validates against its schema."""
    capsys.readouterr()
    main([*argv, "--project", str(project)])
    assert_valid(name, json.loads(capsys.readouterr().out))


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["plan", "--json"], "config"),
        (["status", "--json"], "config"),
        (["suggest", "--json"], "config"),
        (["catalog", "show", "no-such-entry", "--json"], "catalog"),
        (["catalog", "show", "--json"], "config"),
    ],
)
def test_errors_under_json_are_an_error_object(
    argv: list[str], code: str, capsys: Capture, broken: Path
) -> None:
    """A failure under --json prints the error object on stdout and the sentence on stderr."""
    assert main([*argv, "--project", str(broken)]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert_valid("error", doc)
    assert doc["error"]["code"] == code and doc["error"]["exit_code"] == 1
    assert captured.err == f"aido: error: {doc['error']['message']}\n"


def test_every_error_code_is_documented() -> None:
    """Each AidoError subclass's stable code is listed in the error schema."""
    documented = set(schema("error")["properties"]["error"]["properties"]["code"]["enum"])
    classes = [c for c in vars(errors).values() if isinstance(c, type)]
    codes = {c.code for c in classes if issubclass(c, errors.AidoError)}
    assert codes <= documented
    assert {"bug", "interrupted"} <= documented


def test_a_bug_under_json_is_an_error_object(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, project: Path
) -> None:
    """An unexpected exception under --json still prints an object, with code `bug`, exit 3."""

    def explode(*_: object, **__: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("aidokit.reconcile.cli.commands.plan.compute_plan", explode)
    doc = json_of(capsys, ["plan", "--json", "--project", str(project)], expected=3)
    assert_valid("error", doc)
    assert isinstance(doc, dict) and doc["error"]["code"] == "bug"


def test_text_output_has_no_error_object(capsys: Capture, broken: Path) -> None:
    """Without --json stdout stays empty on an error: only the sentence, on stderr."""
    assert main(["plan", "--project", str(broken)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("aido: error: ")


@pytest.mark.parametrize("argv", [["plan", "--json", "--no-such-flag"], ["status", "--json", "x"]])
def test_usage_errors_under_json_are_an_error_object(argv: list[str], capsys: Capture) -> None:
    """A mistyped command line with --json: exit 1, code `usage`, the usage still on stderr."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert_valid("error", doc)
    assert doc["error"]["code"] == "usage" and "usage: aido" in captured.err


def test_usage_errors_without_json_print_nothing_on_stdout(capsys: Capture) -> None:
    """Without --json a usage error stays on stderr."""
    with pytest.raises(SystemExit):
        main(["plan", "--no-such-flag"])
    assert capsys.readouterr().out == ""
