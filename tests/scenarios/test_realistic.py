"""The realistic repository of issue 32 (fixtures/projects/realistic): what `init --yes`
proposes, what `apply` writes, and how quiet a converged plan is."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from aidokit.adapters import ADAPTERS
from tests.helpers import aido

THREE = ["claude-code", "cursor", "gemini-cli"]


@pytest.fixture
def realistic(fixture_project: Callable[[str], Path], sandbox_home: Path) -> Path:
    return fixture_project("projects/realistic")


def _tree(project: Path) -> dict[str, str]:
    """The files aido wrote or changed, by relative path (aido's own state aside)."""
    wanted = ("aido.toml", ".mcp.json", ".cursor/mcp.json", ".gitignore", ".claude/agents")
    out = {}
    for path in sorted(project.rglob("*")):
        relative = path.relative_to(project).as_posix()
        if path.is_file() and relative.startswith(wanted):
            out[relative] = path.read_text()
    return out


def test_init_sees_the_stack_below_the_root(
    realistic: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """React, Vite, Playwright, FastAPI, SQLAlchemy and postgres are detected in their
    subfolders, so the browser servers are suggested (issue 32 §1)."""
    from aidokit.reconcile.read.survey import survey
    from aidokit.reconcile.show.init_template import stack_lines

    found = survey(realistic)
    packs = set(found.facts.stack_packs)
    assert {"react", "vite", "playwright", "fastapi", "sqlalchemy", "postgres"} <= packs
    suggested = {s.id for s in found.suggested}
    assert {"playwright", "chrome-devtools", "github", "postgres-readonly"} <= suggested
    assert "fetch" not in suggested  # opt-in: no backend pack recommends it (issue 37)
    assert "stack pack react (frontend/package.json)" in stack_lines(found.facts)


def test_init_then_apply_snapshot(
    realistic: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    """What `init --yes` proposes and what `apply --yes` writes, as files (a snapshot);
    the main session keeps every server (guessed roles are comments)."""
    assert aido(realistic, "init", "--yes") == 0
    text = (realistic / "aido.toml").read_text()
    assert '# tester-reviewer = ["code-reviewer", "frontend-tester"]' in text
    assert aido(realistic, "apply", "--yes") == 0
    files = _tree(realistic)
    servers = json.loads(files[".mcp.json"])["mcpServers"]
    assert set(servers) >= {"playwright", "github"}
    assert "mcpServers" not in files[".claude/agents/code-reviewer.md"]
    home = str(realistic.parent)
    # The known harnesses are the registry's, in its order; the snapshot need not change
    # when a harness is added (docs/adapters.md, "Adding a harness").
    known = f"Known: {', '.join(ADAPTERS)}."
    assert known in files["aido.toml"]
    files["aido.toml"] = files["aido.toml"].replace(known, "Known: <every adapter>.")
    assert {k: v.replace(home, "<tmp>") for k, v in files.items()} == snapshot


def test_import_keeps_the_password_out(realistic: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`import` takes the user's context7 as the catalog entry and proposes shop-db with a
    reference for its password; without a terminal it writes nothing."""
    (realistic / "aido.toml").write_text('adapters = ["cursor"]\nsuggest = false\n')
    before = (realistic / ".cursor/mcp.json").read_bytes()
    assert aido(realistic, "import", "--yes") == 1  # shop-db is custom: typed confirmation
    out = capsys.readouterr().out
    assert "import context7 from .cursor/mcp.json as catalog id" in out
    assert "${SHOP_DB_PASSWORD} in its place" in out
    assert (realistic / ".cursor/mcp.json").read_bytes() == before


def test_a_converged_plan_is_three_lines_at_most(
    realistic: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three harnesses, applied: `aido plan` prints "No changes." and one line per kind of
    notice (SPEC §8); `-v` shows every note; `--json` keeps them all."""
    config = f"adapters = {json.dumps(THREE)}\n"
    (realistic / "aido.toml").write_text(config)
    (realistic / ".cursor/mcp.json").write_text('{"mcpServers": {}}\n')
    assert aido(realistic, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(realistic, "plan", "--detailed-exitcode") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) <= 3, lines
    assert lines[0] == "No changes. Every targeted file matches the desired state."
    assert any(
        re.fullmatch(r"\d+ files? waits? for the harness's trust: aido doctor shows how\.", line)
        for line in lines
    )
    assert aido(realistic, "plan", "-v") == 0
    verbose = capsys.readouterr().out
    assert "Warning: " in verbose and len(verbose.splitlines()) > len(lines)
    assert aido(realistic, "plan", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert any(file["trust"] for file in data["files"])


def test_doctor_says_in_full_what_a_converged_plan_only_counts(
    realistic: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trust paragraph of each waiting file and each roles note the quiet plan counts are
    doctor findings, in full (issue 32 §5)."""
    (realistic / "aido.toml").write_text(f"adapters = {json.dumps(THREE)}\n")
    (realistic / ".cursor/mcp.json").write_text('{"mcpServers": {}}\n')
    assert aido(realistic, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(realistic, "plan", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    notes = [  # the Claude agents' file: the harness with agents here
        n for f in plan["files"] if f["path"] == ".mcp.json"
        for n in f["notes"] if "agent plays the roles" in n
    ]  # fmt: skip
    waiting = [f["path"] for f in plan["files"] if f["trust"]]
    assert notes and waiting
    assert aido(realistic, "doctor", "--json") == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    messages = {(f["check"], f["message"]) for f in findings}
    assert {("roles", note) for note in notes} <= messages
    trusted = {f["subject"] for f in findings if f["check"] == "trust"}
    assert set(waiting) <= trusted
