"""Links out of the project: project scope never writes outside it through a link (SPEC §7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.security.cli import CLAUDE_ONLY, project, run, write_json

USERS_OWN = {"command": "npx", "args": ["-y", "my-private-server"]}


def _bytes(*paths: Path) -> dict[Path, bytes | None]:
    return {p: p.read_bytes() if p.exists() else None for p in paths}


def _claude_json(home: Path) -> Path:
    path = home / ".claude.json"
    write_json(path, {"numStartups": 3, "mcpServers": {"context7": USERS_OWN}})
    return path


def test_a_file_link_to_the_users_claude_json_is_never_written(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """`.mcp.json -> ~/.claude.json`: apply --yes leaves the user's global config byte-identical."""
    root = project(tmp_path)
    user_file = _claude_json(sandbox_home)
    (root / ".mcp.json").symlink_to(user_file)
    before = _bytes(user_file)
    plan = run(root, "plan")
    assert str(user_file) in plan.stdout  # the plan names the real target
    result = run(root, "apply", "--yes")
    assert result.returncode != 0
    assert _bytes(user_file) == before
    assert (root / ".mcp.json").is_symlink()


def test_a_committed_state_cannot_delete_the_users_entries_through_a_link(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """A state record plus a matching command, through a link, never deletes the user's entry."""
    root = project(
        tmp_path, 'adapters = ["claude-code"]\n[mcp]\nskip = ["context7", "sequential-thinking"]\n'
    )
    user_file = _claude_json(sandbox_home)
    (root / ".mcp.json").symlink_to(user_file)
    record = {
        "adapter": "claude-code",
        "path": ".mcp.json",
        "name": "context7",
        "id": "context7",
        "digest": "0" * 64,
        "identity": "npx",
    }
    write_json(root / ".aido" / "state.json", {"version": 1, "records": [record]})
    before = _bytes(user_file)
    run(root, "apply", "--yes")
    run(root, "destroy", "--yes")
    assert _bytes(user_file) == before


def test_a_folder_link_to_the_users_codex_folder_is_never_written(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """`.codex -> ~/.codex`: apply --yes leaves ~/.codex/config.toml byte-identical."""
    root = project(tmp_path, 'adapters = ["codex"]\n[mcp]\nskip = ["sequential-thinking"]\n')
    config = sandbox_home / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text('model = "o3"\n')
    (root / ".codex").symlink_to(sandbox_home / ".codex", target_is_directory=True)
    before = _bytes(config)
    assert run(root, "apply", "--yes").returncode != 0
    assert _bytes(config) == before
    assert sorted(p.name for p in config.parent.iterdir()) == ["config.toml"]


@pytest.mark.parametrize(
    ("config", "link", "target"),
    [
        ('adapters = ["cursor"]\n[mcp]\nskip = ["sequential-thinking"]\n', ".cursor", ".cursor"),
        (CLAUDE_ONLY, ".mcp.json", "anything.json"),
    ],
    ids=["folder", "file"],
)
def test_a_dangling_link_out_of_the_project_is_never_created(
    tmp_path: Path, sandbox_home: Path, config: str, link: str, target: str
) -> None:
    """A dangling link to a folder or a file in HOME: apply --yes creates nothing outside."""
    root = project(tmp_path, config)
    (root / link).symlink_to(sandbox_home / target, target_is_directory=link == ".cursor")
    assert run(root, "apply", "--yes").returncode != 0
    assert not (sandbox_home / target).exists()


def test_a_state_folder_link_out_of_the_project_is_refused(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """`.aido -> ~/somewhere`: aido neither reads nor writes state through it."""
    root = project(tmp_path)
    elsewhere = sandbox_home / "somewhere"
    elsewhere.mkdir()
    (root / ".aido").symlink_to(elsewhere, target_is_directory=True)
    result = run(root, "apply", "--yes")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert list(elsewhere.iterdir()) == []


def _dotfile(tmp_path: Path) -> Path:
    dotfile = tmp_path / "dotfiles" / "mcp.json"
    write_json(dotfile, {"mcpServers": {}})
    return dotfile


def test_the_dotfiles_case_keeps_working(tmp_path: Path) -> None:
    """A user's own link to a regular file in a dotfiles repo is written through, and named."""
    root = project(tmp_path)
    dotfile = _dotfile(tmp_path)
    (root / ".mcp.json").symlink_to(dotfile)
    plan = run(root, "plan", "--json")
    assert plan.returncode == 0, plan.stderr
    paths = [f["path"] for f in json.loads(plan.stdout)["files"]]
    assert any(str(dotfile) in p for p in paths)
    result = run(root, "apply", "--yes")
    assert result.returncode == 0, result.stderr
    assert str(dotfile) in result.stdout
    assert (root / ".mcp.json").is_symlink()
    assert "context7" in json.loads(dotfile.read_text())["mcpServers"]
    assert run(root, "plan", "--detailed-exitcode").returncode == 0


def test_a_retargeted_link_is_a_new_file(tmp_path: Path) -> None:
    """After the link points elsewhere, the same entry there is not owned: never deleted."""
    root = project(tmp_path)
    dotfile = _dotfile(tmp_path)
    (root / ".mcp.json").symlink_to(dotfile)
    assert run(root, "apply", "--yes").returncode == 0
    other = tmp_path / "other" / "mcp.json"
    write_json(other, json.loads(dotfile.read_text()))
    (root / ".mcp.json").unlink()
    (root / ".mcp.json").symlink_to(other)
    before = _bytes(other)
    plan = run(root, "plan")
    assert "conflict" in plan.stdout
    run(root, "destroy", "--yes")
    assert _bytes(other) == before


def test_a_link_retargeted_after_a_saved_plan_is_refused(tmp_path: Path) -> None:
    """A saved plan for one link target is refused once the link points at another file."""
    root = project(tmp_path)
    dotfile = _dotfile(tmp_path)
    (root / ".mcp.json").symlink_to(dotfile)
    saved = tmp_path / "plan.json"
    assert run(root, "plan", "--out", str(saved)).returncode == 0
    other = tmp_path / "other" / "mcp.json"
    write_json(other, json.loads(dotfile.read_text()))
    (root / ".mcp.json").unlink()
    (root / ".mcp.json").symlink_to(other)
    before = _bytes(other, dotfile)
    assert run(root, "apply", str(saved)).returncode == 1
    assert _bytes(other, dotfile) == before


def test_a_regular_file_swapped_for_a_link_after_the_plan_is_refused(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """`.mcp.json` planned as a project file, then swapped for a link to user config: refused."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {}})
    saved = tmp_path / "plan.json"
    assert run(root, "plan", "--out", str(saved)).returncode == 0
    user_file = _claude_json(sandbox_home)
    (root / ".mcp.json").unlink()
    (root / ".mcp.json").symlink_to(user_file)
    before = _bytes(user_file)
    assert run(root, "apply", str(saved)).returncode == 1
    assert _bytes(user_file) == before
