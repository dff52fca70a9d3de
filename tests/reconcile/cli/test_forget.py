"""`aido forget ID` (SPEC §8): aido stops managing a server's entries and keeps their bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.read.ownership import load_state, project_state_path
from tests.helpers import aido, new_project

TWO = 'adapters = ["claude-code", "cursor"]\nsuggest = false\n[mcp]\nadd = ["context7", "time"]\n'
FILES = (".mcp.json", ".cursor/mcp.json")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = new_project(tmp_path, TWO)
    (root / ".cursor").mkdir()
    assert aido(root, "apply", "--yes") == 0
    return root


def _bytes(project: Path) -> dict[str, bytes]:
    return {name: (project / name).read_bytes() for name in FILES}


def test_forget_keeps_every_byte_and_drops_only_that_ids_records(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The harness files stay byte for byte; the id's records go, the others stay; the id is
    under `skip`, so the next plan is converged and status calls the entries unmanaged."""
    before = _bytes(project)
    capsys.readouterr()
    assert aido(project, "forget", "context7", "--yes") == 0
    out = capsys.readouterr().out
    assert "~ .mcp.json (claude-code): context7 kept as it is, no longer managed" in out
    assert "no harness file changes" in out
    assert _bytes(project) == before
    records = load_state(project_state_path(project)).records
    assert {r.id for r in records} == {"time"} and len(records) == 2
    assert 'skip = ["context7"]' in (project / "aido.toml").read_text()
    assert aido(project, "plan", "--detailed-exitcode") == 2  # aido.lock drops its pin
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
    capsys.readouterr()
    assert aido(project, "status", "--json") == 0
    entries = [e for f in json.loads(capsys.readouterr().out)["files"] for e in f["entries"]]
    assert {e["name"]: e["status"] for e in entries} == {"context7": "unmanaged", "time": "managed"}
    # Destroy now leaves the forgotten entries: they are the person's.
    assert aido(project, "destroy", "--yes") == 0
    assert "context7" in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_forget_is_undone(project: Path) -> None:
    """`aido undo` gives the records and aido.toml back."""
    toml = (project / "aido.toml").read_bytes()
    state = project_state_path(project).read_bytes()
    assert aido(project, "forget", "context7", "--yes") == 0
    assert aido(project, "undo", "--yes") == 0
    assert (project / "aido.toml").read_bytes() == toml
    assert project_state_path(project).read_bytes() == state


def test_forget_of_an_id_aido_does_not_manage_is_one_sentence(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo gets a did-you-mean; nothing is written."""
    state = project_state_path(project).read_bytes()
    assert aido(project, "forget", "contex7", "--yes") == 1
    err = capsys.readouterr().err
    assert "aido manages no entry of 'contex7'" in err and "did you mean 'context7'" in err
    assert project_state_path(project).read_bytes() == state


def test_forget_without_a_terminal_needs_yes(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The routine confirmation: piped stdin without --yes writes nothing."""
    state = project_state_path(project).read_bytes()
    assert aido(project, "forget", "context7") == 1
    assert "pass --yes" in capsys.readouterr().err
    assert project_state_path(project).read_bytes() == state


def test_a_change_of_aido_lock_alone_is_a_change(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After `forget` only aido.lock moves (the id's pin goes): the plan says so and exits
    2 under --detailed-exitcode, its JSON counts it, apply writes it, and the plan after is
    converged (issue 54 item 6: it said "No changes" and exited 0)."""
    from jsonschema import Draft202012Validator

    from aidokit.reconcile.show.artifact import plan_doc
    from aidokit.reconcile.show.job_summary import render_job_summary

    assert aido(project, "forget", "time", "--yes") == 0
    files = _bytes(project)
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    text = capsys.readouterr().out
    assert "# aido.lock\n  - time" in text
    assert "aido.lock to update." in text and "No changes" not in text
    assert aido(project, "plan", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["lock"] == 1 and doc["lock"]["changes"] == ["- time"]
    schema = json.loads((Path(__file__).parents[3] / "docs/schemas/plan.schema.json").read_text())
    Draft202012Validator(schema).validate(doc)
    assert aido(project, "plan", "--summary", "--detailed-exitcode") == 2
    assert "aido.lock is behind aido.toml: - time." in capsys.readouterr().out
    summary = render_job_summary(plan_doc(doc), name="acme/shop", root=project)
    assert "### aido: aido.lock is behind aido.toml in acme/shop" in summary
    assert "aido.lock to update" in summary and "run `aido apply`" in summary
    assert aido(project, "apply", "--yes") == 0
    assert "aido.lock updated." in capsys.readouterr().out
    assert '"time"' not in (project / "aido.lock").read_text()
    assert _bytes(project) == files
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_remove_drops_the_pin_with_the_entries(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido remove` deletes the entries and drops the id's pin from aido.lock in the same
    apply, so the next plan is converged (it left the pin, a lock-only change)."""
    capsys.readouterr()
    assert aido(project, "remove", "time", "--yes") == 0
    assert "# aido.lock\n  - time" in capsys.readouterr().out
    assert '"time"' not in (project / "aido.lock").read_text()
    assert aido(project, "plan", "--detailed-exitcode") == 0
