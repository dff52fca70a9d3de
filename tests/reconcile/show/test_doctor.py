"""`aido doctor`: each check is tripped by a fixture built for it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aidokit.adapters import claude_code
from aidokit.catalog import entries
from tests.helpers import aido, new_project, write_files
from tests.reconcile.security_helpers import catalog_with, entry


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, 'adapters = ["claude-code"]\n')


def findings(project: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list]:
    capsys.readouterr()
    code = aido(project, "doctor", "--json", *argv)
    return code, json.loads(capsys.readouterr().out)["findings"]


def checks(found: list[dict[str, str]]) -> set[tuple[str, str]]:
    return {(f["severity"], f["check"]) for f in found}


def test_healthy_project_has_no_findings(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After apply, with the project's servers approved in Claude Code, doctor reports nothing."""
    approve_all(project)
    aido(project, "apply", "--yes")
    capsys.readouterr()
    assert aido(project, "doctor") == 0
    assert "Doctor: no problems found." in capsys.readouterr().out


def approve_all(project: Path) -> None:
    """Approve every `.mcp.json` server in Claude Code, as its prompt would."""
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.local.json").write_text('{"enableAllProjectMcpServers": true}')


def test_unapproved_servers_are_a_trust_warning(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Servers aido wrote that Claude Code still holds for approval: a warning with the fix."""
    aido(project, "apply", "--yes")
    code, found = findings(project, capsys)
    assert code == 0
    (hit,) = [f for f in found if f["check"] == "trust"]
    assert hit["severity"] == "warning" and hit["subject"] == ".mcp.json"
    assert "pending approval" in hit["message"] and "enableAllProjectMcpServers" in hit["message"]
    approve_all(project)
    assert [f for f in findings(project, capsys)[1] if f["check"] == "trust"] == []


def test_deprecated_entry_names_its_replacement(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deprecated entry in `[mcp] add` is a warning naming `replaced_by`; exit 0."""
    old = entry("old-docs", deprecated=True, replaced_by="context7")
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(old))
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["old-docs"]\n')
    code, found = findings(project, capsys)
    assert code == 0
    (hit,) = [f for f in found if f["check"] == "deprecated"]
    assert hit["severity"] == "warning" and "'context7'" in hit["message"]


def test_missing_secret_is_named_never_valued(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unset required secret is reported by name; a set one is not reported at all."""
    monkeypatch.setattr(
        entries, "MCP_CATALOG", catalog_with(entry("sentryish", secret="SENTRY_TOKEN"))
    )
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["sentryish"]\n')
    monkeypatch.delenv("SENTRY_TOKEN", raising=False)
    _, found = findings(project, capsys)
    (hit,) = [f for f in found if f["check"] == "secrets"]
    assert "SENTRY_TOKEN" in hit["message"]
    monkeypatch.setenv("SENTRY_TOKEN", "s3cr3t-value")
    _, found = findings(project, capsys)
    assert not [f for f in found if f["check"] == "secrets"]
    assert "s3cr3t-value" not in json.dumps(found)


def test_old_harness_cli_is_an_error(
    project: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A `claude` older than an entry's min_cli_version (asked via --version) exits 1."""
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(entry("newish", min_cli="2.1.0")))
    # context7 is left out: it has a min_cli_version of its own for Claude Code.
    (project / "aido.toml").write_text(
        'adapters = ["claude-code"]\n[mcp]\nadd = ["newish"]\nskip = ["context7"]\n'
    )
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "claude"
    fake.write_text("#!/bin/sh\necho '2.0.9 (Claude Code)'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    code, found = findings(project, capsys)
    assert code == 1
    (hit,) = [f for f in found if f["check"] == "cli-version"]
    assert hit["severity"] == "error" and "2.0.9 is older than 2.1.0" in hit["message"]
    fake.write_text("#!/bin/sh\necho '2.10.0 (Claude Code)'\n")
    code, found = findings(project, capsys)
    assert code == 0 and not [f for f in found if f["check"] == "cli-version"]


def test_orphaned_and_stale_state_records(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Records whose entry is gone, whose URL changed, or whose adapter is unknown are reported."""
    aido(project, "apply", "--yes")
    state_path = project / ".aido/state.json"
    state = json.loads(state_path.read_text())
    (record,) = [r for r in state["records"] if r["name"] == "context7"]
    state["records"] += [
        {**record, "name": "vanished", "id": "vanished"},
        {**record, "adapter": "retired-harness"},
    ]
    state_path.write_text(json.dumps(state))
    mcp = project / ".mcp.json"
    data = json.loads(mcp.read_text())
    data["mcpServers"]["context7"]["url"] = "https://self-hosted.example/mcp"
    mcp.write_text(json.dumps(data))
    code, found = findings(project, capsys)
    assert code == 0
    messages = [f["message"] for f in found if f["check"] == "state"]
    assert len(messages) == 3
    assert any("'vanished'" in m and "no longer there" in m for m in messages)
    assert any("command or URL changed" in m for m in messages)
    assert any("retired-harness" in m for m in messages)


def test_missing_file_with_records_is_orphaned(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deleting the harness file leaves its records orphaned."""
    aido(project, "apply", "--yes")
    (project / ".mcp.json").unlink()
    _, found = findings(project, capsys)
    assert any("no longer exists" in f["message"] for f in found)


def test_unparseable_file_is_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A `.mcp.json` aido cannot parse is an error: exit 1."""
    (project / ".mcp.json").write_text('{"mcpServers": {')
    code, found = findings(project, capsys)
    assert code == 1 and ("error", "parse") in checks(found)


@pytest.mark.parametrize(
    ("relative", "text", "check"),
    [(".aido/state.json", "{nope", "state"), ("aido.toml", "adapterz = []\n", "config")],
    ids=["corrupt-state", "invalid-aido-toml"],
)
def test_an_unreadable_file_of_aidos_own_is_an_error_finding(
    project: Path, capsys: pytest.CaptureFixture[str], relative: str, text: str, check: str
) -> None:
    """A corrupt state file or an invalid aido.toml is an error finding, not a crash."""
    (project / relative).parent.mkdir(exist_ok=True)
    (project / relative).write_text(text)
    code, found = findings(project, capsys)
    assert code == 1 and ("error", check) in checks(found)


def test_drifted_owned_entry_is_a_warning(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An owned field edited by hand (same URL) is reported as drift."""
    aido(project, "apply", "--yes")
    mcp = project / ".mcp.json"
    data = json.loads(mcp.read_text())
    data["mcpServers"]["context7"]["type"] = "sse"
    mcp.write_text(json.dumps(data))
    code, found = findings(project, capsys)
    assert code == 0 and ("warning", "drift") in checks(found)


def fake_proc(root: Path, pid: int, comm: str, argv: list[str]) -> None:
    folder = root / str(pid)
    folder.mkdir(parents=True)
    (folder / "comm").write_text(comm + "\n")
    (folder / "cmdline").write_bytes("\0".join(argv).encode() + b"\0")


def test_running_claude_warns_for_user_scope(
    project: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A running `claude` (found in /proc) is a warning for user scope, not for project scope."""
    proc = tmp_path / "proc"
    fake_proc(proc, 4242, "claude", ["claude"])
    fake_proc(
        proc, 4243, "node", ["node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"]
    )
    fake_proc(proc, 4244, "bash", ["bash"])
    monkeypatch.setattr(claude_code, "PROC_ROOT", proc)
    # User scope reads the user layer only (SPEC §4), so the harness is named there.
    user_config = Path(os.environ["XDG_CONFIG_HOME"]) / "aido" / "aido.toml"
    user_config.parent.mkdir(parents=True)
    user_config.write_text('adapters = ["claude-code"]\n')
    code, found = findings(project, capsys, "--scope", "user")
    assert code == 0
    hits = [f for f in found if f["check"] == "claude-running"]
    assert [h["subject"] for h in hits] == ["pid 4242", "pid 4243"]
    _, found = findings(project, capsys)
    assert not [f for f in found if f["check"] == "claude-running"]


def test_text_report_ends_with_summary(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The text renderer prints one line per finding and the counts."""
    (project / ".mcp.json").write_text("[")
    assert aido(project, "doctor") == 1
    out = capsys.readouterr().out
    assert out.startswith("error    parse") and out.endswith("Doctor: 1 error, 0 warnings.\n")


def test_agents_without_a_role_are_named_with_the_mapping(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An agent no role reaches is a warning naming its files and the `[roles]` fix."""
    agents = (".claude/agents/qa.md", ".github/agents/qa.agent.md", ".claude/agents/docs-writer.md")
    write_files(project, dict.fromkeys(agents, b"---\ndescription: x\n---\n"))
    code, found = findings(project, capsys)
    # The plan's notes on which agents see a server are roles findings too (issue 32 §5).
    (hit,) = [f for f in found if f["check"] == "roles" and f["message"].startswith("agent ")]
    assert code == 0 and hit["severity"] == "warning" and hit["subject"] == "qa"
    assert ".claude/agents/qa.md, .github/agents/qa.agent.md" in hit["message"]
    assert '[roles] tester-reviewer = ["qa"]' in hit["message"]
    with (project / "aido.toml").open("a") as toml:
        toml.write('\n[roles]\ntester-reviewer = ["qa"]\n')
    after = findings(project, capsys)[1]
    assert [f for f in after if f["check"] == "roles" and f["message"].startswith("agent ")] == []


@pytest.mark.parametrize(
    ("rel", "text"),
    [
        (".claude/agents/qa.md", "---\nname: qa\n---\n"),
        (".claude/agents/qa.md", "---\ndescription: x\n---\nname: other\n"),
        (".github/agents/qa.agent.md", "---\nname: QA Bot\n---\n"),
        (".claude/agents/qa.md", "---\nname: qa-bot\n---\n"),
        (".kiro/agents/qa.json", '{"name": "qa-bot"}'),
    ],
)
def test_agent_names_that_agree_or_do_not_count_are_not_warned(
    project: Path, capsys: pytest.CaptureFixture[str], rel: str, text: str
) -> None:
    """One file per agent name, whatever its file name: doctor finds no error."""
    write_files(project, {rel: text.encode()})
    code, found = findings(project, capsys)
    assert code == 0 and not [f for f in found if "both define" in f["message"]]


@pytest.mark.parametrize(("version", "says"), [(None, "no @kilocode/cli"), ("7.0.33", "older")])
def test_doctor_names_the_kilo_format_it_assumed(
    version: str | None,
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Kilo's project file changed with 7.7.2 (`{env:…}` refused): doctor says which Kilo
    aido assumed, by the `@kilocode/cli` found on PATH (issue 33)."""
    from tests.adapters.test_kilo import fake_kilo

    project = new_project(tmp_path, 'adapters = ["kilo"]\n[mcp]\nadd = ["github"]\n')
    path = fake_kilo(tmp_path / "npm", version)["PATH"] if version else str(tmp_path / "none")
    monkeypatch.setenv("PATH", path)
    _, found = findings(project, capsys)
    (hit,) = [f for f in found if f["check"] == "cli-format"]
    assert hit["severity"] == "warning" and hit["subject"] == "kilo.json"
    assert says in hit["message"] and (f"Kilo {version}" if version else "7.7.2") in hit["message"]
