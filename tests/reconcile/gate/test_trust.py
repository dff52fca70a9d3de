"""Trust gates: the plan says what Codex, Copilot CLI, Gemini CLI and Claude Code still require."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.read.world import read_trust
from tests.helpers import aido, new_project

GATED = ("claude-code", "codex", "copilot-cli", "gemini-cli")
TOML = (
    'adapters = ["claude-code", "codex", "copilot-cli", "gemini-cli", "cursor"]\n'
    '[mcp]\nskip = ["sequential-thinking"]\n'
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, TOML).resolve()


def plan_json(project: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, dict]:
    """`aido plan --json`'s files by adapter."""
    capsys.readouterr()
    aido(project, "plan", "--json", *argv)
    return {f["adapter"]: f for f in json.loads(capsys.readouterr().out)["files"]}


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_fresh_project_plan_shows_each_gate_and_its_grant(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a fresh project the text plan has one trust warning per gated file (after the
    summary: each harness grants trust its own way, so none folds), naming the fix."""
    aido(project, "plan")
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("Warning: ")]
    assert len(lines) == 4, out
    expected = [
        "Claude Code leaves context7 in .mcp.json pending approval",
        '"enableAllProjectMcpServers": true',
        "Codex ignores .codex/config.toml until this project is trusted",
        f'[projects."{project}"] trust_level = "trusted" to ~/.codex/config.toml',
        "Copilot CLI reads .github/mcp.json only in a trusted folder",
        f'add "{project}" to "trusted_folders" in ~/.copilot/config.json',
        "Gemini CLI disables the project's servers in a folder it does not trust",
        f'"{project}": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json',
    ]
    for fragment in expected:
        assert any(fragment in line for line in lines), fragment
    assert all(line.endswith("(aido never grants trust)") for line in lines)


def test_plan_json_carries_the_gate_per_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`plan --json` has `trust: {requires, grant}` on gated files and null elsewhere."""
    files = plan_json(project, capsys)
    for name in GATED:
        assert set(files[name]["trust"]) == {"requires", "grant"}, name
    assert files["cursor"]["trust"] is None


def test_apply_never_grants_trust(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """apply writes the harness files but none of the trust records; the gates remain."""
    (sandbox_home / ".codex").mkdir()
    (sandbox_home / ".copilot").mkdir()
    before = sorted(p for p in sandbox_home.rglob("*") if p.is_file())
    assert aido(project, "apply", "--yes") == 0
    after = sorted(p for p in sandbox_home.rglob("*") if p.is_file() and "aido" not in p.parts)
    assert [p for p in after if p not in before and ".local" not in p.parts] == []
    assert not (project / ".claude").exists()
    files = plan_json(project, capsys)
    assert all(files[name]["trust"] for name in GATED)


def grant_all(project: Path, home: Path) -> None:
    """Record trust the way each harness does after its prompt."""
    write(home / ".codex/config.toml", f'[projects."{project}"]\ntrust_level = "trusted"\n')
    write(home / ".copilot/config.json", json.dumps({"trusted_folders": [str(project)]}))
    write(home / ".gemini/trustedFolders.json", json.dumps({str(project): "TRUST_FOLDER"}))
    claude = {"projects": {str(project): {"enabledMcpjsonServers": ["context7"]}}}
    write(home / ".claude.json", json.dumps(claude))


def test_granted_trust_removes_every_gate(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With each harness's trust record in place, the plan shows no gate."""
    grant_all(project, sandbox_home)
    files = plan_json(project, capsys)
    assert {name: files[name]["trust"] for name in GATED} == dict.fromkeys(GATED)


@pytest.mark.parametrize(
    ("adapter", "relative", "text"),
    [
        ("codex", ".codex/config.toml", "[projects]\nbroken = "),
        ("copilot-cli", ".copilot/config.json", '{"trusted_folders": '),
        ("gemini-cli", ".gemini/trustedFolders.json", "{not json"),
        ("claude-code", ".claude.json", '{"projects": 3'),
    ],
)
def test_unreadable_trust_record_keeps_the_gate(
    project: Path,
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
    adapter: str,
    relative: str,
    text: str,
) -> None:
    """A trust record aido cannot parse counts as not granted, and stays byte-identical."""
    write(sandbox_home / relative, text)
    assert plan_json(project, capsys)[adapter]["trust"] is not None
    assert (sandbox_home / relative).read_text(encoding="utf-8") == text


def host(project: Path, home: Path) -> Host:
    return Host(project=project, home=home, os="linux", environ={})


def gate(adapter: str, project: Path, home: Path, names: tuple[str, ...] = ("a", "b")) -> object:
    chosen = ADAPTERS[adapter]
    location = chosen.location(Scope.PROJECT, host(project, home))
    assert location is not None
    return chosen.approval(
        location, host(project, home), names, read_trust(chosen, location, host(project, home))
    )


@pytest.mark.parametrize(
    ("rules", "trusted"),
    [
        ({"{p}": "TRUST_FOLDER"}, True),
        ({"{p}/..": "TRUST_FOLDER"}, True),  # a trusted folder covers what is under it
        ({"{p}/x": "TRUST_PARENT"}, True),  # trusting a folder's parent
        ({"{p}/x/y": "TRUST_PARENT"}, False),
        ({"{p}": "DO_NOT_TRUST", "{p}/..": "TRUST_FOLDER"}, False),
        ({"{p}-other": "TRUST_FOLDER"}, False),
        ([], False),
    ],
)
def test_gemini_folder_rules(tmp_path: Path, rules: object, trusted: bool) -> None:
    """TRUST_FOLDER covers subfolders, TRUST_PARENT siblings, DO_NOT_TRUST on the folder wins."""
    project = tmp_path / "work" / "app"
    if isinstance(rules, dict):
        rules = {str(Path(k.format(p=project)).resolve()): v for k, v in rules.items()}
    write(tmp_path / ".gemini/trustedFolders.json", json.dumps(rules))
    assert (gate("gemini-cli", project, tmp_path) is None) is trusted


def test_gemini_without_folder_trust_has_no_gate(tmp_path: Path) -> None:
    """With `security.folderTrust.enabled: false` Gemini CLI uses every folder's servers."""
    write(tmp_path / ".gemini/settings.json", '{"security": {"folderTrust": {"enabled": false}}}')
    assert gate("gemini-cli", tmp_path / "app", tmp_path) is None


def test_gemini_gate_covers_user_servers(tmp_path: Path) -> None:
    """Gemini CLI disables user servers in an untrusted folder too; the rest gate only projects."""
    location = ADAPTERS["gemini-cli"].location(Scope.USER, host(tmp_path / "app", tmp_path))
    assert location is not None
    found = ADAPTERS["gemini-cli"].approval(
        location,
        host(tmp_path / "app", tmp_path),
        ("a",),
        read_trust(ADAPTERS["gemini-cli"], location, host(tmp_path / "app", tmp_path)),
    )
    assert found is not None and "user servers" in found.requires
    for name in ("claude-code", "codex", "copilot-cli"):
        user = ADAPTERS[name].location(Scope.USER, host(tmp_path / "app", tmp_path))
        assert user is not None
        assert (
            ADAPTERS[name].approval(
                user,
                host(tmp_path / "app", tmp_path),
                ("a",),
                read_trust(ADAPTERS[name], user, host(tmp_path / "app", tmp_path)),
            )
            is None
        )


def test_copilot_trusted_parent_folder_covers_the_project(tmp_path: Path) -> None:
    """A trusted folder above the project counts; a sibling does not."""
    project = tmp_path / "src" / "app"
    write(
        tmp_path / ".copilot/config.json", json.dumps({"trusted_folders": [str(tmp_path / "src")]})
    )
    assert gate("copilot-cli", project, tmp_path) is None
    write(
        tmp_path / ".copilot/config.json", json.dumps({"trusted_folders": [str(tmp_path / "ap")]})
    )
    assert gate("copilot-cli", project, tmp_path) is not None


@pytest.mark.parametrize(
    "where", [".claude/settings.local.json", ".claude/settings.json", "HOME/.claude/settings.json"]
)
def test_claude_enable_all_in_any_settings_file(tmp_path: Path, where: str) -> None:
    """`enableAllProjectMcpServers: true` in project, local or user settings approves them all."""
    project = tmp_path / "app"
    path = tmp_path / where[5:] if where.startswith("HOME/") else project / where
    write(path, '{"enableAllProjectMcpServers": true}')
    assert gate("claude-code", project, tmp_path) is None


def test_claude_names_only_the_servers_still_pending(tmp_path: Path) -> None:
    """Servers approved one by one drop out of the gate; the rest stay named."""
    project = tmp_path / "app"
    write(project / ".claude/settings.local.json", '{"enabledMcpjsonServers": ["a"]}')
    found = gate("claude-code", project, tmp_path, ("a", "b", "c"))
    assert found is not None and "leaves b, c in .mcp.json" in found.requires
    assert gate("claude-code", project, tmp_path, ("a",)) is None
