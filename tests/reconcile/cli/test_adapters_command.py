"""`aido adapters`: every adapter, its files here, and how it is verified."""

from __future__ import annotations

import datetime
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
    """The count, and per adapter an evidence link, how it was verified and the evidence's
    date (issue 55)."""
    assert main(["adapters", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    rows = doc["adapters"]
    assert doc["count"] == len(rows) == len(ADAPTERS) >= 40
    for row in rows:
        assert row["verified_by"] in VERIFIED_BY, row["name"]
        assert row["evidence"].startswith("https://"), row["name"]
        assert isinstance(row["unconfirmed"], list)
        checked = datetime.date.fromisoformat(row["evidence_date"])
        assert datetime.date(2026, 1, 1) <= checked <= datetime.date.today(), row["name"]
    cli_rows = {row["name"] for row in rows if row["verified_by"] == "real CLI"}
    assert cli_rows == set(verified_by_cli())


def test_cli_verified_adapters_are_the_contract_tested_ones() -> None:
    """`verified_by_cli()` says exactly what the contract tests run."""
    assert {adapter: cli for cli, adapter in CLI_ADAPTER.items()} == verified_by_cli()


def test_docs_name_each_adapters_evidence_and_date() -> None:
    """docs/adapters.md, "Evidence and its date": one row per adapter, with the link, how it
    was verified and the date its module states (issue 55)."""
    text = (Path(__file__).parents[3] / "docs" / "adapters.md").read_text(encoding="utf-8")
    section = text.split("## Evidence and its date", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells
    assert set(rows) == set(ADAPTERS)
    for name, adapter in ADAPTERS.items():
        _, verified_by, link, date, cross_check = rows[name]
        assert verified_by == adapter.evidence.verified_by, name
        assert link.endswith(f"({adapter.evidence.link})"), name
        assert date == adapter.evidence.date, name
        assert cross_check, name


def test_the_text_ends_with_the_count_by_verification(capsys: pytest.CaptureFixture[str]) -> None:
    """`aido adapters` closes with how many adapters there are and how each kind is verified."""
    assert main(["adapters"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    kinds = [a.evidence.verified_by for a in ADAPTERS.values()]
    assert last.startswith(f"{len(ADAPTERS)} adapters: {kinds.count('real CLI')} real CLI, ")
    assert f"{kinds.count('secondary')} secondary" in last
