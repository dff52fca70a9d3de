"""Scoped rendering (issue 22): a server reaches only the agent files of its roles.

Black-box through the CLI on a temp project: Gemini CLI's `.gemini/agents/<name>.md`
(frontmatter `mcp_servers`) and Kiro's `.kiro/agents/<name>.json` (`mcpServers`) are
targeted files like any other; the shared files do not list a scoped server.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given

from tests.fuzz import fuzz_settings
from tests.helpers import aido, frontmatter, new_project, saved_plan, write_files
from tests.reconcile.documents.test_documents_frontmatter import (
    agent_file,
    bodies,
    endings,
    front_lines,
)

CONFIG = (
    'adapters = ["gemini-cli", "kiro", "claude-code"]\nsuggest = false\n'
    '[mcp]\nadd = ["playwright", "context7"]\n'
)
QA = '[roles]\ntester-reviewer = ["qa"]\n'
QA_NAME = "name: qa"  # a generated frontmatter `name` line, naming the agent [roles] maps
GEMINI_QA = (
    b"---\r\nname: qa\r\n# who runs the tests\r\ndescription: QA\r\n---\r\nBody\r\n---\r\nx\r\n"
)
KIRO_QA = b'{\n  "name": "qa",\n  "description": "QA"\n}\n'
CLAUDE_QA = b"---\nname: qa\ndescription: QA\n---\nTest things.\n"
COPILOT_QA = b"---\nname: qa\ndescription: QA\n---\nTest things.\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = {
        ".gemini/agents/qa.md": GEMINI_QA,
        ".kiro/agents/qa.json": KIRO_QA,
        ".claude/agents/qa.md": CLAUDE_QA,
        ".github/agents/qa.agent.md": COPILOT_QA,
    }
    return write_files(new_project(tmp_path, CONFIG + QA), files)


def _json(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text())
    return data


def test_playwright_reaches_only_qa(project: Path) -> None:
    """A tester-reviewer server goes into qa's Gemini and Kiro files, not the shared ones."""
    assert aido(project, "apply", "--yes") == 0
    gemini = frontmatter(project / ".gemini/agents/qa.md")["mcp_servers"]
    assert gemini == {"playwright": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.83"]}}
    kiro = _json(project / ".kiro/agents/qa.json")["mcpServers"]
    assert list(kiro) == ["playwright"]  # type: ignore[arg-type]
    assert list(_json(project / ".gemini/settings.json")["mcpServers"]) == ["context7"]  # type: ignore[arg-type]
    assert list(_json(project / ".kiro/settings/mcp.json")["mcpServers"]) == ["context7"]  # type: ignore[arg-type]
    assert (project / ".github/agents/qa.agent.md").read_bytes() == COPILOT_QA
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_apply_then_destroy_gives_back_the_agent_files(project: Path) -> None:
    """CRLF, a frontmatter comment and a body with `---` survive apply then destroy."""
    assert aido(project, "apply", "--yes") == 0
    raw = (project / ".gemini/agents/qa.md").read_bytes()
    assert raw.endswith(b"---\r\nBody\r\n---\r\nx\r\n") and b"# who runs the tests\r\n" in raw
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA


def test_a_hand_edited_agent_entry_is_healed(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry of aido's in an agent file that was changed by hand is drift apply restores."""
    aido(project, "apply", "--yes")
    path = project / ".gemini/agents/qa.md"
    path.write_bytes(path.read_bytes().replace(b"- -y\r\n", b"- --yes\r\n"))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert "^ playwright" in capsys.readouterr().out
    assert aido(project, "apply", "--yes") == 0
    assert frontmatter(path)["mcp_servers"]["playwright"]["args"][0] == "-y"


def test_a_users_own_server_in_the_agent_file_stays(project: Path) -> None:
    """A server the user put in the agent file is left alone, before and after destroy."""
    raw = GEMINI_QA.replace(
        b"description: QA\r\n",
        b"description: QA\r\nmcp_servers:\r\n  mine:\r\n    command: mine  # keep\r\n",
    )
    (project / ".gemini/agents/qa.md").write_bytes(raw)
    assert aido(project, "apply", "--yes") == 0
    servers = frontmatter(project / ".gemini/agents/qa.md")["mcp_servers"]
    assert set(servers) == {"mine", "playwright"}  # type: ignore[arg-type]
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".gemini/agents/qa.md").read_bytes() == raw


def test_a_same_named_user_server_in_the_agent_file_is_a_conflict(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """aido never overwrites an agent's server it does not own."""
    raw = GEMINI_QA.replace(
        b"description: QA\r\n",
        b"description: QA\r\nmcp_servers:\r\n  playwright:\r\n    command: mine\r\n",
    )
    (project / ".gemini/agents/qa.md").write_bytes(raw)
    assert aido(project, "apply", "--yes") == 0
    assert "! playwright" in capsys.readouterr().out
    assert (project / ".gemini/agents/qa.md").read_bytes() == raw


def test_unparsable_frontmatter_is_one_sentence_and_nothing_is_written(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Frontmatter aido cannot read fails closed: the file is named, no file changes."""
    bad = b"---\nname: [qa\n---\nbody\n"
    (project / ".gemini/agents/qa.md").write_bytes(bad)
    assert aido(project, "apply", "--yes") == 1
    err = capsys.readouterr()
    assert ".gemini/agents/qa.md" in err.out + err.err
    assert (project / ".gemini/agents/qa.md").read_bytes() == bad
    assert (project / ".kiro/agents/qa.json").read_bytes() == KIRO_QA
    assert not (project / ".gemini/settings.json").exists()


@pytest.mark.parametrize("link", ["file", "folder"])
def test_an_agent_file_linking_out_of_the_project_is_refused(
    project: Path, sandbox_home: Path, link: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An agent file reached through a link to the user's own agents is never written."""
    users = sandbox_home / ".gemini/agents"
    users.mkdir(parents=True)
    (users / "qa.md").write_bytes(GEMINI_QA)
    agents = project / ".gemini/agents"
    if link == "file":
        (agents / "qa.md").unlink()
        os.symlink(users / "qa.md", agents / "qa.md")
    else:
        (agents / "qa.md").unlink()
        agents.rmdir()
        os.symlink(users, agents)
    assert aido(project, "apply", "--yes") == 1
    assert (users / "qa.md").read_bytes() == GEMINI_QA
    assert ".gemini/agents/qa.md" in capsys.readouterr().out


def test_a_saved_plan_with_a_forged_agent_path_is_refused(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan may only name the agent files the adapter itself derives."""
    saved, data = saved_plan(project)
    file = next(
        f for f in data["files"] if f["agent_file"] == "qa" and f["adapter"] == "gemini-cli"
    )
    victim = project / "README.md"
    victim.write_bytes(b"---\nname: x\n---\n")
    for forged in (
        {"abs_path": str(victim), "path": "README.md", "record_path": "README.md"},
        {"agent_file": "../../README"},
        {"agent_file": "qa", "companion": "settings"},
        {"agent": "reviewer"},
    ):
        changed = {**data, "files": [{**f, **forged} if f is file else f for f in data["files"]]}
        saved.write_text(json.dumps(changed))
        assert aido(project, "apply", str(saved)) == 1
        assert saved.name in capsys.readouterr().err
    assert victim.read_bytes() == b"---\nname: x\n---\n"
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA


def test_no_agent_for_the_roles_keeps_the_shared_entry_with_a_note(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Catalog roles no agent plays: the entry stays shared and the plan offers both choices."""
    (project / "aido.toml").write_text(CONFIG)
    (project / ".gemini/agents/qa.md").rename(project / ".gemini/agents/writer.md")
    writer = GEMINI_QA.replace(b"name: qa", b"name: writer")
    (project / ".gemini/agents/writer.md").write_bytes(writer)  # Gemini names it by `name`
    assert aido(project, "apply", "--yes") == 0
    out = capsys.readouterr().out
    assert "no gemini-cli agent plays the roles of context7, " in out
    assert "roles: researcher, architect" in out  # each entry says its roles
    assert "playwright, so every gemini-cli agent" in out
    assert '[roles] researcher = ["writer"]' in out
    assert '[mcp.roles] context7 = ["*"]' in out
    assert "playwright" in _json(project / ".gemini/settings.json")["mcpServers"]  # type: ignore[operator]


def test_named_roles_no_agent_plays_are_held_back(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[mcp.roles]` roles that no agent plays: the entry goes nowhere in that harness."""
    roles = '[mcp.roles]\nplaywright = ["implementer"]\n'
    (project / "aido.toml").write_text(CONFIG + roles)
    assert aido(project, "apply", "--yes") == 0
    assert "so aido leaves it out of gemini-cli" in capsys.readouterr().out
    assert "playwright" not in _json(project / ".gemini/settings.json")["mcpServers"]  # type: ignore[operator]
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA


def test_star_shares_the_entry_on_purpose(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[mcp.roles] ID = ["*"]` writes the shared file as before, with no note."""
    (project / "aido.toml").write_text(CONFIG + QA + '[mcp.roles]\nplaywright = ["*"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert "playwright (" not in capsys.readouterr().out
    assert "playwright" in _json(project / ".gemini/settings.json")["mcpServers"]  # type: ignore[operator]
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA


def test_mapping_a_role_later_moves_the_entry(project: Path) -> None:
    """A shared entry moves into the agent's file once an agent plays its roles, and back."""
    (project / "aido.toml").write_text(CONFIG)
    (project / ".gemini/agents/qa.md").rename(project / ".gemini/agents/writer.md")
    aido(project, "apply", "--yes")
    (project / ".gemini/agents/writer.md").rename(project / ".gemini/agents/qa.md")
    (project / "aido.toml").write_text(CONFIG + QA)
    assert aido(project, "apply", "--yes") == 0
    assert "playwright" not in _json(project / ".gemini/settings.json")["mcpServers"]  # type: ignore[operator]
    assert "playwright" in frontmatter(project / ".gemini/agents/qa.md")["mcp_servers"]
    (project / "aido.toml").write_text(CONFIG)
    assert aido(project, "apply", "--yes") == 0
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA
    assert "playwright" in _json(project / ".gemini/settings.json")["mcpServers"]  # type: ignore[operator]
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_a_removed_agent_file_loses_its_records(project: Path) -> None:
    """aido never recreates an agent file the user deleted; it forgets its records there."""
    aido(project, "apply", "--yes")
    (project / ".gemini/agents/qa.md").unlink()
    assert aido(project, "apply", "--yes") == 0
    assert not (project / ".gemini/agents/qa.md").exists()
    state = (project / ".aido/state.json").read_text()
    assert ".gemini/agents/qa.md" not in state
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_status_and_json_say_which_agents_see_which_server(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido status` (text and --json) and `plan --json` name the agent of each agent file."""
    from jsonschema import Draft202012Validator

    schemas = Path(__file__).resolve().parents[2] / "docs" / "schemas"
    assert aido(project, "plan", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    agents = {(f["adapter"], f["path"]): f["agent"] for f in plan["files"]}
    assert agents[("gemini-cli", ".gemini/agents/qa.md")] == "qa"
    assert agents[("gemini-cli", ".gemini/settings.json")] is None
    aido(project, "apply", "--yes")
    capsys.readouterr()
    assert aido(project, "status") == 0
    out = capsys.readouterr().out
    assert "# .kiro/agents/qa.json (kiro agent qa, project)" in out
    assert "  gemini-cli: agent qa: playwright\n" in out
    assert "  gemini-cli: every agent and the main session: context7\n" in out
    assert aido(project, "status", "--json") == 0
    status = json.loads(capsys.readouterr().out)
    assert status["reach"]["kiro"] == {
        "agent qa": ["playwright"],
        "every agent and the main session": ["context7"],
    }
    for name, doc in (("plan", plan), ("status", status)):
        schema = json.loads((schemas / f"{name}.schema.json").read_text())
        assert not list(Draft202012Validator(schema).iter_errors(doc))


def test_a_conflicting_agent_entry_can_be_adopted(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido adopt` takes over a same-named server the user wrote into the agent file."""
    entry = b"  playwright:\r\n    command: npx\r\n    args: [-y, '@playwright/mcp@0.0.83']\r\n"
    raw = GEMINI_QA.replace(b"description: QA\r\n", b"description: QA\r\nmcp_servers:\r\n" + entry)
    (project / ".gemini/agents/qa.md").write_bytes(raw)
    assert aido(project, "adopt", "playwright", "--adapter", "gemini-cli") == 0
    assert aido(project, "apply", "--yes") == 0
    assert (project / ".gemini/agents/qa.md").read_bytes() == raw
    assert aido(project, "destroy", "--yes") == 0
    # The user wrote the map (aido only adopted its entry): it stays, empty, as in JSON.
    emptied = GEMINI_QA.replace(b"description: QA\r\n", b"description: QA\r\nmcp_servers: {}\r\n")
    assert (project / ".gemini/agents/qa.md").read_bytes() == emptied


def test_agent_files_are_undone_like_any_file(project: Path) -> None:
    """`aido undo` restores the agent files an apply wrote."""
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "undo", "--yes") == 0
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA
    assert (project / ".kiro/agents/qa.json").read_bytes() == KIRO_QA


def test_a_dropped_adapter_takes_its_entries_out_of_the_agent_files(
    project: Path, tmp_path: Path
) -> None:
    """An adapter no longer targeted: its agent-file entries are orphans and go."""
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(CONFIG.replace('"gemini-cli", ', "") + QA)
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    assert aido(project, "apply", str(saved)) == 0  # a saved plan names the agent it derives
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_user_scope_uses_the_users_agents(sandbox_home: Path, tmp_path: Path) -> None:
    """With --scope user, `~/.gemini/agents/<name>.md` plays the roles of the user layer."""
    config = 'adapters = ["gemini-cli"]\nsuggest = false\n[mcp]\nadd = ["playwright"]\n' + QA
    user_files = {".gemini/agents/qa.md": GEMINI_QA, ".config/aido/aido.toml": config.encode()}
    agents = write_files(sandbox_home, user_files) / ".gemini/agents"
    root = new_project(tmp_path)
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    assert "playwright" in frontmatter(agents / "qa.md")["mcp_servers"]
    assert not (sandbox_home / ".gemini/settings.json").exists()
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert (agents / "qa.md").read_bytes() == GEMINI_QA


# Each example runs the CLI three times on a fresh project: fewer examples than the
# document-level property, derandomized in CI like it (AIDO_FUZZ_EXAMPLES explores).
CLI_PROPS = fuzz_settings(4, HealthCheck.too_slow, HealthCheck.function_scoped_fixture)


@CLI_PROPS
@given(
    front=front_lines,
    body=bodies,
    **endings,
)
@example(front=["# c", "name: qa"], body=["---", "x"], newline="\r\n", final=False)
def test_generated_agent_files_round_trip_through_the_cli(
    tmp_path_factory: pytest.TempPathFactory,
    front: list[str],
    body: list[str],
    newline: str,
    final: bool,
) -> None:
    """apply, heal and destroy over generated agent files give back the original bytes."""
    front = [QA_NAME if line.startswith("name:") else line for line in front]  # [roles] says qa
    raw = agent_file(front, body, newline, final)
    root = new_project(tmp_path_factory.mktemp("gen"), CONFIG + QA)
    agent = write_files(root, {".gemini/agents/qa.md": raw}) / ".gemini/agents/qa.md"
    assert aido(root, "apply", "--yes") == 0
    applied = agent.read_bytes()
    assert applied.endswith(raw[raw.index(b"---", 3) :])
    agent.write_bytes(applied.replace(b"- -y", b"- -z", 1))
    assert aido(root, "apply", "--yes") == 0
    assert agent.read_bytes() == applied
    assert aido(root, "destroy", "--yes") == 0
    assert agent.read_bytes() == raw


def test_a_kiro_agent_with_its_own_servers_round_trips(project: Path) -> None:
    """Kiro's agent JSON keeps the user's servers and layout; destroy gives back the bytes."""
    raw = (
        b'{\n    "name": "qa",\n    "mcpServers": {\n        "mine": {"command": "mine"}\n'
        b'    },\n    "tools": ["@mine"]\n}\n'
    )
    (project / ".kiro/agents/qa.json").write_bytes(raw)
    assert aido(project, "apply", "--yes") == 0
    servers = _json(project / ".kiro/agents/qa.json")["mcpServers"]
    assert list(servers) == ["mine", "playwright"]  # type: ignore[arg-type]
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".kiro/agents/qa.json").read_bytes() == raw


def test_a_custom_server_scoped_to_an_agent_needs_its_confirmation(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The security gate covers agent files: a custom server there waits for `aido confirm`."""
    custom = '[custom.my-api]\nurl = "https://mcp.example.com/mcp"\n'
    (project / "aido.toml").write_text(
        CONFIG + QA + '[mcp.roles]\nmy-api = ["tester-reviewer"]\n' + custom
    )
    assert aido(project, "apply", "--yes") == 1
    assert "'my-api' is security-sensitive" in capsys.readouterr().err
    assert (project / ".gemini/agents/qa.md").read_bytes() == GEMINI_QA
    assert not (project / ".gemini/settings.json").exists()
    from tests.reconcile.gate.test_gate import confirm_in_store

    confirm_in_store(project)
    assert aido(project, "apply", "--yes") == 0
    server = frontmatter(project / ".gemini/agents/qa.md")["mcp_servers"]["my-api"]
    assert server == {"url": "https://mcp.example.com/mcp", "type": "http"}


def test_init_proposes_the_roles_of_the_agents_it_finds(tmp_path: Path) -> None:
    """`aido init --yes` proposes roles from agent names as comments and lists the others."""
    root = new_project(tmp_path)
    agents = (".gemini/agents/qa.md", ".claude/agents/e2e-runner.md", ".kiro/agents/helper.json")
    write_files(root, dict.fromkeys(agents, b"---\ndescription: x\n---\n"))
    assert aido(root, "init", "--yes") == 0
    text = (root / "aido.toml").read_text()
    assert "# Agents found: e2e-runner (.claude/agents/e2e-runner.md), helper" in text
    guess = "# guessed from the name; uncomment to move its servers to these agents"
    assert f'# tester-reviewer = ["qa"]  {guess}' in text
    assert '# frontend-browser-tester = ["e2e-runner"]' in text
    assert '# implementer = ["helper"]  # which role does helper play?' in text
    from aidokit.reconcile.read.choices.config import load_file

    assert load_file(root / "aido.toml").config.roles == {}  # proposed, not applied


def test_the_agent_folders_of_doctor_are_the_adapters_own(tmp_path: Path) -> None:
    """Discovery for doctor and init looks where each adapter that can scope keeps agents
    (its AgentFiles, nothing else), and names an agent as that harness does."""
    from aidokit.adapters import ADAPTERS
    from aidokit.adapters.agents import AgentFileScoping
    from aidokit.adapters.base import Format
    from aidokit.reconcile.read.agents import discover_agents

    expected = []
    for adapter in ADAPTERS.values():
        if isinstance(adapter, AgentFileScoping):
            files = adapter.agent_files
            stem, markdown = f"file-{adapter.name}", files.fmt is Format.MARKDOWN
            path = tmp_path / files.folder_name / f"{stem}{files.suffix}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("---\nname: called\n---\n" if markdown else "{}")
            named = files.named_in_frontmatter and markdown
            expected.append((adapter.name, "called" if named else stem, path))
    found = [(a.harness, a.name, a.path) for a in discover_agents(tmp_path)]
    assert found == sorted(expected) and len(found) >= 4


def test_entry_roles_are_catalog_roles_or_star() -> None:
    """`[mcp.roles]` accepts exactly the catalog's roles plus "*"."""
    from typing import get_args

    from aidokit.catalog.models import ALL_ROLES
    from aidokit.reconcile.read.choices.config import EntryRole

    assert get_args(EntryRole) == (*ALL_ROLES, "*")


def test_mcp_add_with_roles_scopes_a_catalog_entry(project: Path) -> None:
    """`aido mcp add ID --roles a,b` names the entry and its roles; the rest of aido.toml stays."""
    before = "# mine\n" + CONFIG.replace(', "context7"', "").replace('"playwright"', '"context7"')
    (project / "aido.toml").write_text(before + QA)
    assert aido(project, "mcp", "add", "playwright", "--roles", "tester-reviewer") == 0
    text = (project / "aido.toml").read_text()
    assert text.startswith("# mine\n") and '[mcp.roles]\nplaywright = ["tester-reviewer"]' in text
    assert aido(project, "apply", "--yes") == 0
    assert "playwright" in frontmatter(project / ".gemini/agents/qa.md")["mcp_servers"]


@pytest.mark.parametrize("roles", ["bogus", "", "tester-reviewer,\x1b[31m"])
def test_mcp_add_with_unknown_roles_changes_nothing(
    project: Path, roles: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A role aido does not know is one sentence naming the flag; aido.toml stays."""
    before = (project / "aido.toml").read_bytes()
    assert aido(project, "mcp", "add", "context7", "--roles", roles) == 1
    assert "--roles" in capsys.readouterr().err
    assert (project / "aido.toml").read_bytes() == before


def test_mcp_add_custom_with_roles(project: Path) -> None:
    """A custom server added with --roles gets them under [mcp.roles] in the same write."""
    url = "https://mcp.example.com/mcp"
    assert aido(project, "mcp", "add", "my-api", "--custom-url", url, "--roles", "*") == 0
    text = (project / "aido.toml").read_text()
    assert 'my-api = ["*"]' in text and "[custom.my-api]" in text


def test_a_kiro_agent_whose_tools_leave_the_server_out_is_told(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Kiro agent's `tools` list without "@playwright" or "*" gets a note on its file."""
    raw = b'{\n  "name": "qa",\n  "tools": ["fs_read"]\n}\n'
    (project / ".kiro/agents/qa.json").write_bytes(raw)
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out
    assert 'playwright: add "@playwright" to its "tools" so the agent can use the server' in out
    (project / ".kiro/agents/qa.json").write_bytes(
        raw.replace(b'"fs_read"', b'"fs_read", "@playwright"')
    )
    assert aido(project, "plan") == 0
    assert 'add "@playwright"' not in capsys.readouterr().out


def test_a_gemini_remote_agent_gets_no_server(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `kind: remote` agent cannot hold mcp_servers: aido leaves it as is and says so."""
    raw = b"---\nkind: remote\nname: qa\nagent_card_url: https://agents.example.com/qa\n---\n"
    (project / ".gemini/agents/qa.md").write_bytes(raw)
    assert aido(project, "apply", "--yes") == 0
    assert "agent qa (.gemini/agents/qa.md) is a remote agent" in capsys.readouterr().out
    assert (project / ".gemini/agents/qa.md").read_bytes() == raw
    assert "playwright" in _json(project / ".gemini/settings.json")["mcpServers"]  # type: ignore[operator]


def test_gemini_asks_to_acknowledge_an_agent_file_aido_changed(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A project agent whose content hash Gemini has not acknowledged gets a trust line."""
    import hashlib

    gemini = sandbox_home / ".gemini"
    gemini.mkdir()
    (gemini / "trustedFolders.json").write_text(json.dumps({str(project): "TRUST_FOLDER"}))
    assert aido(project, "apply", "--yes") == 0
    out = capsys.readouterr().out
    assert "uses project agent qa only once you acknowledge its file as it will stand" in out
    assert aido(project, "plan", "-v") == 0  # a converged plan shows trust in full with -v
    assert "acknowledge agent qa when it asks" in capsys.readouterr().out
    assert aido(project, "doctor") == 0
    assert "trust          .gemini/agents/qa.md: Gemini CLI uses project agent qa" in (
        capsys.readouterr().out
    )
    digest = hashlib.sha256((project / ".gemini/agents/qa.md").read_bytes()).hexdigest()
    acks = gemini / "acknowledgments" / "agents.json"
    acks.parent.mkdir()
    acks.write_text(json.dumps({str(project): {"qa": digest}}))
    assert aido(project, "plan") == 0
    assert "acknowledge agent qa" not in capsys.readouterr().out


def test_apply_then_destroy_gives_back_a_kiro_agent_without_servers(project: Path) -> None:
    """The `mcpServers` map aido added to a Kiro agent goes again with its last entry."""
    assert aido(project, "apply", "--yes") == 0
    assert "mcpServers" in _json(project / ".kiro/agents/qa.json")
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".kiro/agents/qa.json").read_bytes() == KIRO_QA


def test_aido_adapters_names_the_agent_folders(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido adapters` (text and --json) says where each adapter that can scope keeps agents."""
    assert aido(project, "adapters") == 0
    out = capsys.readouterr().out
    assert f"  agents   project: {project}/.gemini/agents/<name>.md  (markdown, mcp_servers)" in out
    assert aido(project, "adapters", "--json") == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["adapters"]}
    assert rows["kiro"]["agents"][0]["path"] == f"{project}/.kiro/agents/<name>.json"
    assert rows["cursor"]["agents"] == []


@pytest.mark.parametrize(
    "written", [b"{}", b"{}  # fill me", b"{ }", b"   {}"], ids=["flow", "comment", "spaced", "far"]
)
def test_a_map_the_user_wrote_empty_comes_back_after_destroy(project: Path, written: bytes) -> None:
    """Gemini `mcp_servers`, Copilot `mcp-servers` written empty are so again after destroy."""
    files = {
        ".gemini/agents/qa.md": b"---\nname: qa\nmcp_servers:" + written + b"\n---\nBody\n",
        ".github/agents/qa.agent.md": b"---\r\nname: qa\r\nmcp-servers:" + written + b"\r\n---\r\n",
    }
    if not written.startswith(b" "):
        files = {rel: raw.replace(b":" + written, b": " + written) for rel, raw in files.items()}
    (project / "aido.toml").write_text(CONFIG.replace('"claude-code"', '"copilot-cli"') + QA)
    for rel, raw in files.items():
        (project / rel).write_bytes(raw)
    assert aido(project, "apply", "--yes") == 0
    assert "playwright" in frontmatter(project / ".gemini/agents/qa.md")["mcp_servers"]
    assert "playwright" in frontmatter(project / ".github/agents/qa.agent.md")["mcp-servers"]
    assert aido(project, "destroy", "--yes") == 0
    for rel, raw in files.items():
        assert (project / rel).read_bytes() == raw
