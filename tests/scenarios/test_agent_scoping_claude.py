"""Claude Code subagents (issue 22): a server reaches only the agents of its roles.

Black-box through the CLI on a temp project: `.claude/agents/<name>.md` holds the agent's
own servers as items of its frontmatter `mcpServers` list (`- <name>: <server>`, in the
shape of `.mcp.json` entries); `.mcp.json` does not list a scoped server, other agents
never get it, and the user's items (string references and their own servers) stay.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests.helpers import aido, frontmatter, new_project, write_files
from tests.reconcile.documents.test_documents_frontmatter import agent_file, endings
from tests.reconcile.documents.test_documents_listitems import (
    _list_lines as list_lines,
)
from tests.reconcile.documents.test_documents_listitems import (
    body_line,
    front_lines,
    shapes,
    user_item,
)
from tests.scenarios.test_agent_scoping import CLI_PROPS, QA_NAME

CONFIG = 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["playwright", "context7"]\n'
QA = '[roles]\ntester-reviewer = ["qa"]\n'
PLAYWRIGHT = {"type": "stdio", "command": "npx", "args": ["-y", "@playwright/mcp@0.0.83"]}
QA_MD = (
    b"---\r\nname: qa\r\n# who runs the tests\r\ndescription: QA\r\nmcpServers:\r\n"
    b"  - github  # from .mcp.json\r\n  - mine:\r\n      command: mine\r\n---\r\n"
    b"Test things.\r\n---\r\nmcpServers: []\r\n"
)
WRITER_MD = b"---\nname: writer\ndescription: Docs\n---\nWrite.\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = {".claude/agents/qa.md": QA_MD, ".claude/agents/writer.md": WRITER_MD}
    return write_files(new_project(tmp_path, CONFIG + QA), files)


def _shared(root: Path) -> dict[str, Any]:
    servers: dict[str, Any] = json.loads((root / ".mcp.json").read_text())["mcpServers"]
    return servers


def test_playwright_reaches_only_qa(project: Path) -> None:
    """playwright becomes an item of qa's `mcpServers`; `.mcp.json` and writer lack it."""
    assert aido(project, "apply", "--yes") == 0
    servers = frontmatter(project / ".claude/agents/qa.md")["mcpServers"]
    assert servers == ["github", {"mine": {"command": "mine"}}, {"playwright": PLAYWRIGHT}]
    assert list(_shared(project)) == ["context7"]
    assert (project / ".claude/agents/writer.md").read_bytes() == WRITER_MD
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_the_agent_file_waits_for_folder_trust_not_approval(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """qa's file names the folder's trust (not `.mcp.json`'s approval) until the folder is
    trusted; then only `.mcp.json` still has a gate."""

    def sections() -> tuple[str, str]:
        """The agent file's trust warning and the shared file's (after the summary, each
        led by its file's name; -v: each in full)."""
        capsys.readouterr()
        assert aido(project, "plan", "-v") == 0
        lines = capsys.readouterr().out.splitlines()
        warnings = [line for line in lines if line.startswith("Warning: ")]
        agent = "".join(w for w in warnings if ".claude/agents/qa.md" in w)
        shared = "".join(w for w in warnings if ".mcp.json" in w)
        return agent, shared

    agent, shared = sections()
    assert "claude-code agent qa" in agent and "pending approval" not in agent
    assert "Claude Code skips a project agent's own servers" in agent
    assert "pending approval" in shared
    record = {"projects": {str(project.resolve()): {"hasTrustDialogAccepted": True}}}
    (Path.home() / ".claude.json").write_text(json.dumps(record), encoding="utf-8")
    agent, shared = sections()
    assert agent == "" and "pending approval" in shared


def test_doctor_warns_while_the_agents_folder_is_untrusted(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After apply, doctor's trust warning names qa's file until the folder is trusted."""
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    aido(project, "doctor")
    lines = [line for line in capsys.readouterr().out.splitlines() if "qa.md" in line]
    assert any("Claude Code skips a project agent's own servers" in line for line in lines)
    record = {"projects": {str(project.resolve()): {"hasTrustDialogAccepted": True}}}
    (Path.home() / ".claude.json").write_text(json.dumps(record), encoding="utf-8")
    aido(project, "doctor")
    assert "skips a project agent's own servers" not in capsys.readouterr().out


def test_apply_then_destroy_gives_back_the_agent_file(project: Path) -> None:
    """CRLF, comments, the user's items and a body with `---` survive apply then destroy."""
    assert aido(project, "apply", "--yes") == 0
    raw = (project / ".claude/agents/qa.md").read_bytes()
    assert b"  - mine:\r\n      command: mine\r\n  - playwright:\r\n      type: stdio\r\n" in raw
    assert raw.endswith(b"---\r\nTest things.\r\n---\r\nmcpServers: []\r\n")
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".claude/agents/qa.md").read_bytes() == QA_MD
    assert not (project / ".mcp.json").exists()


def test_an_agent_without_servers_gets_the_list_and_loses_it(project: Path) -> None:
    """An agent with no `mcpServers` gets a block list, and destroy takes the key away."""
    (project / "aido.toml").write_text(CONFIG + '[roles]\ntester-reviewer = ["writer"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert frontmatter(project / ".claude/agents/writer.md")["mcpServers"] == [
        {"playwright": PLAYWRIGHT}
    ]
    assert (project / ".claude/agents/qa.md").read_bytes() == QA_MD
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".claude/agents/writer.md").read_bytes() == WRITER_MD


def test_a_hand_edited_item_is_healed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A changed item of aido's is drift: plan shows it, apply restores exactly its bytes."""
    aido(project, "apply", "--yes")
    path = project / ".claude/agents/qa.md"
    applied = path.read_bytes()
    path.write_bytes(applied.replace(b"- -y\r\n", b"- --yes\r\n"))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert "^ playwright" in capsys.readouterr().out
    assert aido(project, "apply", "--yes") == 0
    assert path.read_bytes() == applied


def test_a_same_named_user_item_is_a_conflict(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """aido never overwrites an item it does not own; `adopt --force` replaces that item
    in place and nothing else."""
    raw = QA_MD.replace(b"  - mine:\r\n", b"  - playwright:\r\n")
    (project / ".claude/agents/qa.md").write_bytes(raw)
    assert aido(project, "apply", "--yes") == 0
    assert "! playwright" in capsys.readouterr().out
    assert (project / ".claude/agents/qa.md").read_bytes() == raw
    assert aido(project, "adopt", "playwright", "--adapter", "claude-code", "--force", "--yes") == 0
    adopted = (project / ".claude/agents/qa.md").read_bytes()
    assert adopted.startswith(raw[: raw.index(b"  - playwright:")])
    assert adopted.endswith(raw[raw.index(b"---\r\nTest things.") :])
    assert frontmatter(project / ".claude/agents/qa.md")["mcpServers"][1] == {
        "playwright": PLAYWRIGHT
    }
    assert aido(project, "plan", "--detailed-exitcode") == 0


@pytest.mark.parametrize(
    ("servers", "reason"),
    [
        (b"mcpServers:\n  - mine: {command: x}\n    other: {command: y}\n", "map with 2 keys"),
        (b"mcpServers: {mine: {command: x}}\n", "must be a list, not a mapping"),
        (b"mcpServers:\n  - 7\n", "is a number"),
    ],
)
def test_a_list_aido_cannot_read_is_one_sentence_and_nothing_is_written(
    project: Path, servers: bytes, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A multi-key item or a non-list `mcpServers` fails closed naming the file; no file
    changes (Claude Code would skip or ignore it; aido does not guess)."""
    bad = b"---\nname: qa\n" + servers + b"---\nbody\n"
    (project / ".claude/agents/qa.md").write_bytes(bad)
    assert aido(project, "apply", "--yes") == 1
    err = capsys.readouterr()
    message = err.out + err.err
    assert ".claude/agents/qa.md" in message and reason in message
    assert (project / ".claude/agents/qa.md").read_bytes() == bad
    assert not (project / ".mcp.json").exists()


def test_user_scope_uses_the_users_agents(sandbox_home: Path, tmp_path: Path) -> None:
    """With --scope user, `~/.claude/agents/qa.md` gets the server, `~/.claude.json` not."""
    user_files = {".claude/agents/qa.md": QA_MD, ".config/aido/aido.toml": (CONFIG + QA).encode()}
    agents = write_files(sandbox_home, user_files) / ".claude/agents"
    root = new_project(tmp_path)
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    assert {"playwright": PLAYWRIGHT} in frontmatter(agents / "qa.md")["mcpServers"]
    user_servers = json.loads((sandbox_home / ".claude.json").read_text())["mcpServers"]
    assert list(user_servers) == ["context7"]
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert (agents / "qa.md").read_bytes() == QA_MD


def test_status_says_qa_sees_playwright(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`aido status` lists the agent file under its agent and who sees which server."""
    aido(project, "apply", "--yes")
    capsys.readouterr()
    assert aido(project, "status") == 0
    out = capsys.readouterr().out
    assert "# .claude/agents/qa.md (claude-code agent qa, project)" in out
    assert "  claude-code: agent qa: playwright\n" in out
    assert "  claude-code: every agent and the main session: context7\n" in out


@CLI_PROPS
@given(
    front=front_lines,
    at=st.integers(0, 4),
    shape=shapes,
    items=st.lists(user_item, max_size=3),
    body=st.lists(body_line, max_size=4),
    **endings,
)
@example(
    front=["# c", "name: qa"],
    at=1,
    shape="flow",
    items=[("string", "", "github"), ("inline", "mine", "x")],
    body=["---", "x"],
    newline="\r\n",
    final=False,
)
def test_generated_agent_files_round_trip_through_the_cli(
    tmp_path_factory: pytest.TempPathFactory,
    front: list[str],
    at: int,
    shape: str,
    items: list[tuple[str, str, str]],
    body: list[str],
    newline: str,
    final: bool,
) -> None:
    """apply, heal and destroy over generated agent files give back the original bytes."""
    front = [QA_NAME if line.startswith("name:") else line for line in front]  # [roles] says qa
    lines = [*front[:at], *list_lines(shape, items), *front[at:]]
    raw = agent_file(lines, body, newline, final)
    root = new_project(tmp_path_factory.mktemp("gen"), CONFIG + QA)
    agent = write_files(root, {".claude/agents/qa.md": raw}) / ".claude/agents/qa.md"
    assert aido(root, "apply", "--yes") == 0
    applied = agent.read_bytes()
    assert applied.endswith(raw[raw.index(b"---", 3) :])
    assert {"playwright": PLAYWRIGHT} in frontmatter(agent)["mcpServers"]
    agent.write_bytes(applied.replace(b"-y", b"-z", 1))
    assert aido(root, "apply", "--yes") == 0
    assert agent.read_bytes() == applied
    assert aido(root, "destroy", "--yes") == 0
    assert agent.read_bytes() == raw


def test_local_scope_has_no_agent_files_so_entries_stay_shared(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Local scope keeps entries in ~/.claude.json (no agent file is private to one user);
    the plan says every agent sees them instead of offering a role mapping."""
    (project / "aido.toml").write_text('adapters = ["claude-code"]\nsuggest = false\n' + QA)
    local = CONFIG.split("\n", 2)[2] + '[mcp.roles]\nplaywright = ["tester-reviewer"]\n'
    (project / "aido.local.toml").write_text(local)  # one person's additions (issue 49)
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    out = capsys.readouterr().out
    assert "role scoping not supported by claude-code" in out and "[roles]" not in out
    local = json.loads((sandbox_home / ".claude.json").read_text())["projects"]
    assert sorted(local[str(project)]["mcpServers"]) == ["context7", "playwright"]
    assert (project / ".claude/agents/qa.md").read_bytes() == QA_MD


def test_every_harness_that_scopes_gives_playwright_to_qa_only(tmp_path: Path) -> None:
    """Issue 22's project: qa in Claude Code, Copilot CLI, Gemini CLI and Kiro; playwright
    reaches each qa and no shared file, and destroy gives every agent file back."""
    adapters = '["claude-code", "copilot-cli", "gemini-cli", "kiro"]'
    root = new_project(tmp_path, CONFIG.replace('["claude-code"]', adapters) + QA)
    files = {
        ".claude/agents/qa.md": QA_MD,
        ".github/agents/qa.agent.md": b"---\nname: qa\ndescription: QA\n---\nTest.\n",
        ".gemini/agents/qa.md": b"---\nname: qa\ndescription: QA\n---\nTest.\n",
        ".kiro/agents/qa.json": b'{\n  "name": "qa"\n}\n',
    }
    write_files(root, files)
    assert aido(root, "apply", "--yes") == 0
    for relative in files:
        assert b"playwright" in (root / relative).read_bytes(), relative
    for shared in (".mcp.json", ".github/mcp.json", ".gemini/settings.json"):
        servers = json.loads((root / shared).read_text())["mcpServers"]
        assert list(servers) == ["context7"], shared
    assert "playwright" not in (root / ".kiro/settings/mcp.json").read_text()
    assert aido(root, "destroy", "--yes") == 0
    for relative, raw in files.items():
        assert (root / relative).read_bytes() == raw, relative
