"""`aido adapters`: every adapter, its files here, and how it is verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS, verified_by_cli
from aidokit.adapters.base import VERIFIED_BY
from aidokit.reconcile.cli.main import main
from tests.contract.test_aido_writes import CLI_ADAPTER


def test_lists_every_adapter_with_files_and_verification(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The JSON lists all adapters with their scoped files; project files sit in the project."""
    (tmp_path / ".vscode").mkdir()
    assert main(["adapters", "--json", "--project", str(tmp_path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["format_version"], doc["project"]) == (1, str(tmp_path.resolve()))
    rows = {row["name"]: row for row in doc["adapters"]}
    assert set(rows) == set(ADAPTERS)
    vscode = {f["scope"]: f for f in rows["vscode"]["files"]}
    assert vscode["project"]["path"] == str(tmp_path.resolve() / ".vscode" / "mcp.json")
    assert vscode["project"]["detected"] == "found .vscode/"
    assert rows["codex"]["verified"] == "real CLI `codex` in CI"
    assert rows["zed"]["verified"] == "documentation only"


def test_every_adapter_names_its_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    """At least 24 adapters, each with an evidence link and how it was verified."""
    assert main(["adapters", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["adapters"]
    assert len(rows) >= 24
    for row in rows:
        assert row["verified_by"] in VERIFIED_BY, row["name"]
        assert row["evidence"].startswith("https://"), row["name"]
        assert isinstance(row["unconfirmed"], list)
    cli_rows = {row["name"] for row in rows if row["verified_by"] == "real CLI"}
    assert cli_rows == set(verified_by_cli())


def test_cli_verified_adapters_are_the_contract_tested_ones() -> None:
    """`verified_by_cli()` says exactly what the contract tests run."""
    assert {adapter: cli for cli, adapter in CLI_ADAPTER.items()} == verified_by_cli()
