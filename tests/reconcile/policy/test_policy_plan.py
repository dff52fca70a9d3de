"""The plan refuses what a policy refuses (SPEC §4, issue 36): rule and file named, exit 1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import aido, new_project

BASE = 'adapters = ["claude-code"]\nsuggest = false\n'


def managed(text: str) -> Path:
    """Write the managed policy file the sandbox points AIDO_POLICY_FILE at."""
    path = Path(os.environ["AIDO_POLICY_FILE"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def user_layer(home: Path, text: str) -> Path:
    """Write the user layer, `~/.config/aido/aido.toml`."""
    path = home / ".config" / "aido" / "aido.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize(
    ("add", "rule", "named"),
    [
        ("memory", "memory", "names memory"),
        ("memory", "mem*", "names memory"),
        ("playwright", "npm:@playwright/mcp", "names npm:@playwright/mcp"),
        ("playwright", "npm:@playwright/*", "names npm:@playwright/mcp"),
        ("git", "pypi:MCP_Server_Git", "names pypi:mcp-server-git"),
        ("serena", "pypi:serena-agent", "names pypi:serena-agent"),
        ("linear", "host:mcp.linear.app", "names host:mcp.linear.app"),
        ("linear", "host:*.linear.app", "names host:mcp.linear.app"),
    ],
)
def test_a_denied_id_package_or_host_is_refused_naming_the_rule(
    tmp_path: Path, add: str, rule: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`deny` by id, npm or PyPI package and remote host: exit 1, rule and file named, no write."""
    project = new_project(tmp_path, f'{BASE}[mcp]\nadd = ["{add}"]\n')
    policy = managed(f'[policy]\ndeny = ["{rule}"]\n')
    before = tree(project)
    for command in (("plan",), ("apply", "--yes")):
        assert aido(project, *command) == 1
        err = capsys.readouterr().err
        assert f"policy refuses '{add}': deny rule '{rule}' in {policy}" in err
        assert named in err and "managed policy" in err
    assert tree(project) == before


def test_a_custom_server_is_refused_by_allow_custom_false(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`allow_custom = false` in the user layer refuses a project's `[custom.*]`: exit 1."""
    project = new_project(tmp_path, f'{BASE}[custom.my-api]\nurl = "https://mcp.acme.dev/mcp"\n')
    user_layer(sandbox_home, "[policy]\nallow_custom = false\n")
    before = tree(project)
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert "policy refuses 'my-api': allow_custom = false in ~/.config/aido/aido.toml" in err
    assert "(user policy)" in err
    assert tree(project) == before


def test_a_custom_server_reaching_a_denied_host_through_its_args_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`npx mcp-remote URL`: a deny rule by host sees the URL among the arguments."""
    project = new_project(
        tmp_path,
        f'{BASE}[custom.bridge]\ncommand = "npx"\n'
        'args = ["-y", "mcp-remote", "https://evil.example.net/mcp"]\n',
    )
    managed('[policy]\ndeny = ["host:*.example.net"]\n')
    assert aido(project, "plan") == 1
    assert "deny rule 'host:*.example.net'" in capsys.readouterr().err


def test_an_allow_list_admits_only_what_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With `allow`, an entry none of whose id, package or host it names is refused."""
    project = new_project(tmp_path, f'{BASE}[mcp]\nadd = ["memory", "playwright"]\n')
    managed('[policy]\nallow = ["memory", "npm:@playwright/mcp"]\n')
    assert aido(project, "plan") == 0
    (project / "aido.toml").write_text(f'{BASE}[mcp]\nadd = ["memory", "git"]\n')
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert "policy refuses 'git': the allow list in" in err
    assert "names none of git, pypi:mcp-server-git" in err


def test_an_allow_rule_by_id_never_admits_a_custom_server(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A custom server's id is its author's choice: `allow = ["my-api"]` does not admit it."""
    project = new_project(tmp_path, f'{BASE}[custom.my-api]\nurl = "https://mcp.acme.dev/mcp"\n')
    managed('[policy]\nallow = ["my-api"]\n')
    assert aido(project, "plan") == 1
    assert "does not admit a custom server" in capsys.readouterr().err
    managed('[policy]\nallow = ["host:mcp.acme.dev"]\n')
    assert aido(project, "plan") == 0


def test_an_override_that_replaces_the_url_is_custom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[override.x] url = ...` makes the entry custom (SPEC §4): `allow_custom = false` refuses."""
    project = new_project(
        tmp_path,
        f'{BASE}[mcp]\nadd = ["linear"]\n[override.linear]\nurl = "https://l.acme.dev/mcp"\n',
    )
    managed("[policy]\nallow_custom = false\n")
    assert aido(project, "plan") == 1
    assert "policy refuses 'linear': allow_custom = false" in capsys.readouterr().err


def test_a_project_policy_narrows_but_never_widens(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The project's own `[policy]` can deny more; its `allow` cannot admit what the user denied."""
    user_layer(sandbox_home, '[policy]\ndeny = ["memory"]\n')
    project = new_project(
        tmp_path,
        f'{BASE}[mcp]\nadd = ["memory"]\n[policy]\nallow = ["memory"]\nallow_custom = true\n',
    )
    assert aido(project, "plan") == 1
    assert "deny rule 'memory' in ~/.config/aido/aido.toml" in capsys.readouterr().err
    (project / "aido.toml").write_text(f'{BASE}[mcp]\nadd = ["time"]\n[policy]\ndeny = ["time"]\n')
    assert aido(project, "plan") == 1
    assert "deny rule 'time' in aido.toml (project policy)" in capsys.readouterr().err
    local = project / "aido.local.toml"
    (project / "aido.toml").write_text(f'{BASE}[mcp]\nadd = ["time"]\n')
    local.write_text('[mcp]\nadd = ["git"]\n[policy]\nallow = ["fetch"]\n')
    assert aido(project, "plan") == 0  # the team's files: aido.local.toml does not feed them
    assert aido(project, "plan", "--scope", "local") == 1
    assert "the allow list in aido.local.toml" in capsys.readouterr().err


def test_a_suggested_entry_outside_policy_is_left_out_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry nobody named is not a refusal: it is left out, and the plan says why."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    managed('[policy]\ndeny = ["host:mcp.context7.com", "sequential-thinking"]\n')
    assert aido(project, "plan", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    names = {c["name"] for f in plan["files"] for c in f["changes"]}
    assert "context7" not in names and "sequential-thinking" not in names
    assert any("context7: left out of claude-code: policy refuses" in n for n in plan["notes"])


def test_an_owned_entry_now_denied_is_deleted_with_the_rule_as_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry aido wrote before the policy denied it goes on the next apply, reason named."""
    project = new_project(
        tmp_path, 'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n'
    )
    assert aido(project, "apply", "--yes") == 0
    managed('[policy]\ndeny = ["context7"]\n')
    capsys.readouterr()
    assert aido(project, "plan", "--json") == 0
    changes = [c for f in json.loads(capsys.readouterr().out)["files"] for c in f["changes"]]
    (gone,) = [c for c in changes if c["name"] == "context7"]
    assert gone["action"] == "delete" and "outside policy (deny rule 'context7'" in gone["reason"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[policy]\ndeny = ["Not A Rule"]\n', "is not a policy rule"),
        ("[policy]\nalow = []\n", "did you mean 'allow'?"),
        ('adapters = ["codex"]\n[policy]\ndeny = []\n', "may hold only [policy], not 'adapters'"),
    ],
)
def test_a_bad_managed_policy_file_is_an_error_naming_it(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A managed policy file that is not a valid `[policy]` stops every plan (fail closed)."""
    project = new_project(tmp_path, f'{BASE}[mcp]\nadd = ["memory"]\n')
    managed(text)
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert message in err and "policy.toml" in err


def test_write_native_in_a_project_is_not_honoured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A repository cannot turn on native enforcement (user-level files): the plan says so."""
    project = new_project(tmp_path, f"{BASE}[policy]\nwrite_native = true\n")
    assert aido(project, "plan", "--json") == 0
    notes = json.loads(capsys.readouterr().out)["notes"]
    assert any("a project cannot turn it on" in n for n in notes)
