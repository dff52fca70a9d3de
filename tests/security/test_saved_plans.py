"""Forged saved plans: apply re-derives what a plan claims and refuses the whole plan (SPEC §7)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from tests.security.cli import clean_error, project, run, write_json

MINE = {"command": "my-own-server", "args": ["--port", "1"]}


def _saved(root: Path, out: Path, *argv: str) -> dict[str, Any]:
    result = run(root, "plan", "--out", str(out), *argv)
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def _file(data: dict[str, Any], adapter: str = "claude-code") -> dict[str, Any]:
    file: dict[str, Any] = next(f for f in data["files"] if f["adapter"] == adapter)
    return file


def _forged(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refused(root: Path, saved: Path, *watched: Path) -> None:
    before = {p: p.read_bytes() if p.exists() else None for p in watched}
    clean_error(run(root, "apply", str(saved)), saved.name)
    assert {p: p.read_bytes() if p.exists() else None for p in watched} == before


def test_a_plan_for_another_project_is_refused(tmp_path: Path, sandbox_home: Path) -> None:
    """A plan made for another folder (one under $HOME) never writes there from another repo
    (the home folder itself is no project: aido refuses to plan it, issue 54 §6)."""
    other = sandbox_home / "elsewhere"
    other.mkdir()
    (other / "aido.toml").write_text('adapters = ["cursor"]\n', encoding="utf-8")
    saved = tmp_path / "plan.json"
    _saved(other, saved)
    root = project(tmp_path, 'adapters = ["cursor"]\n')
    _refused(root, saved, other / ".cursor" / "mcp.json", root / ".cursor" / "mcp.json")


def test_a_delete_of_an_entry_aido_does_not_own_is_refused(tmp_path: Path) -> None:
    """A saved plan that deletes the user's own server is refused; the file stays byte-identical."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {"mine": MINE}})
    data = _saved(root, tmp_path / "plan.json")
    _file(data)["changes"].append(
        {"action": "DELETE", "name": "mine", "id": "context7", "before": MINE}
    )
    _refused(root, _forged(tmp_path, data), root / ".mcp.json", root / ".aido" / "state.json")


def test_a_state_file_claiming_the_users_entry_does_not_make_it_deletable(
    tmp_path: Path,
) -> None:
    """A committed state record whose identity differs does not let a saved plan delete."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {"mine": MINE}})
    record = {
        "adapter": "claude-code",
        "path": ".mcp.json",
        "name": "mine",
        "id": "context7",
        "digest": "0" * 64,
        "identity": "something-else",
    }
    write_json(root / ".aido" / "state.json", {"version": 1, "records": [record]})
    data = _saved(root, tmp_path / "plan.json")
    _file(data)["changes"].append({"action": "DELETE", "name": "mine", "id": "context7"})
    _refused(root, _forged(tmp_path, data), root / ".mcp.json")


def test_an_overwrite_of_an_entry_aido_does_not_own_is_refused(tmp_path: Path) -> None:
    """A saved plan that rewrites the user's own server (create over it) is refused."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {"mine": MINE}})
    data = _saved(root, tmp_path / "plan.json")
    change = dict(_file(data)["changes"][0])
    change.update(name="mine")
    _file(data)["changes"].append(change)
    _refused(root, _forged(tmp_path, data), root / ".mcp.json")


def test_a_change_under_a_map_path_aido_does_not_use_is_refused(tmp_path: Path) -> None:
    """An entry moved under another key (e.g. `permissions`) by a forged plan is refused."""
    root = project(tmp_path)
    data = _saved(root, tmp_path / "plan.json")
    _file(data)["changes"][0]["map_path"] = ["permissions"]
    _refused(root, _forged(tmp_path, data), root / ".mcp.json")


def test_a_file_map_path_other_than_the_adapters_is_refused(tmp_path: Path) -> None:
    """A file whose server map was changed to another key is refused."""
    root = project(tmp_path)
    data = _saved(root, tmp_path / "plan.json")
    _file(data)["map_path"] = ["permissions"]
    _refused(root, _forged(tmp_path, data), root / ".mcp.json")


def test_tampered_roles_are_refused(tmp_path: Path) -> None:
    """Roles that are not aido's (here with an escape sequence) are refused, never stored."""
    root = project(tmp_path)
    data = _saved(root, tmp_path / "plan.json")
    _file(data)["changes"][0]["roles"] = ["implementer\x1b]0;pwned\x07"]
    _refused(root, _forged(tmp_path, data), root / ".mcp.json", root / ".aido" / "state.json")


def test_a_bare_absent_digest_is_refused(tmp_path: Path) -> None:
    """A plan that creates a file with the constant 'absent' digest is refused."""
    root = project(tmp_path)
    data = _saved(root, tmp_path / "plan.json")
    assert _file(data)["digest"] != "absent"
    _file(data)["digest"] = "absent"
    _refused(root, _forged(tmp_path, data), root / ".mcp.json")


def test_a_missing_file_token_from_another_user_is_refused(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """A saved plan made under another user's key cannot create files for this user."""
    root = project(tmp_path)
    saved = tmp_path / "plan.json"
    _saved(root, saved)
    (sandbox_home / ".local" / "state" / "aido" / "plan.key").write_bytes(b"k" * 32)
    _refused(root, saved, root / ".mcp.json")


def test_an_honest_saved_plan_still_applies(tmp_path: Path) -> None:
    """The plan aido saved applies exactly, creating the missing file."""
    root = project(tmp_path)
    saved = tmp_path / "plan.json"
    _saved(root, saved)
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    result = run(root, "apply", str(saved))
    assert result.returncode == 0, result.stderr
    assert "context7" in json.loads((root / ".mcp.json").read_text())["mcpServers"]
    assert os.path.exists(root / ".aido" / "state.json")


def test_a_saved_plan_names_each_file_by_its_address(tmp_path: Path) -> None:
    """No path but the file's state key is saved: apply derives them from the address."""
    root = project(tmp_path)
    file = _file(_saved(root, tmp_path / "plan.json"))
    assert {"adapter", "scope", "agent_file", "companion", "record_path"} <= set(file)
    assert not {"path", "abs_path", "fmt", "map_path", "state_path", "agent"} & set(file)
    assert (file["adapter"], file["scope"], file["agent_file"], file["companion"]) == (
        "claude-code",
        "project",
        None,
        None,
    )


def test_an_old_saved_plan_is_refused_with_the_way_out(tmp_path: Path) -> None:
    """A plan saved with paths (format 1, before addresses) is refused in one sentence that
    says to save it again; nothing is written."""
    root = project(tmp_path)
    data = _saved(root, tmp_path / "plan.json")
    data["format_version"] = 1
    _file(data).update(abs_path=str(root / ".mcp.json"), path=".mcp.json", fmt="json")
    saved = _forged(tmp_path, data)
    result = run(root, "apply", str(saved))
    clean_error(result, f"run aido plan --out {saved} again")
    assert "older aido" in result.stderr
    assert not (root / ".mcp.json").exists()


def test_a_forged_address_is_refused(tmp_path: Path) -> None:
    """An address naming no file the adapter writes (an unknown adapter or companion, an
    agent file outside the agent folder, both at once), or a path written beside it."""
    root = project(tmp_path)
    data = _saved(root, tmp_path / "plan.json")
    for forged in (
        {"adapter": "no-such-harness"},
        {"companion": "no-such-file"},
        {"agent_file": "../../README"},
        {"agent_file": "qa", "companion": "settings"},
        {"abs_path": str(root / "README.md")},
        {"scope": "everywhere"},
    ):
        changed = {**data, "files": [{**f, **forged} for f in data["files"]]}
        _refused(root, _forged(tmp_path, changed), root / ".mcp.json", root / "README.md")


def test_a_file_the_adapter_no_longer_uses_is_no_saved_plan(tmp_path: Path) -> None:
    """Records of a file at a path the adapter no longer derives (OpenCode took an
    `opencode.jsonc` over its `opencode.json`) cannot be named by address: `aido plan
    --out` says so instead of saving a plan that would act on another file."""
    root = project(tmp_path, 'adapters = ["opencode"]\n')
    write_json(root / "opencode.json", {"mcp": {"context7": {"type": "remote", "url": "x"}}})
    (root / "opencode.jsonc").write_text("{}\n", encoding="utf-8")
    record = {
        "adapter": "opencode",
        "path": "opencode.json",
        "name": "context7",
        "id": "context7",
        "digest": "0" * 64,
        "identity": "x",
    }
    write_json(root / ".aido" / "state.json", {"version": 1, "records": [record]})
    saved = tmp_path / "plan.json"
    result = run(root, "plan", "--out", str(saved))
    clean_error(result, "opencode.json")
    assert "run aido apply without a saved plan" in result.stderr
    assert not saved.exists()


def test_a_file_no_adapter_writes_is_never_in_a_saved_plan(tmp_path: Path) -> None:
    """Records of a file no adapter targets are ignored, with a notice (SPEC §6): the
    saved plan does not name it, and nothing is refused for it."""
    root = project(tmp_path)
    record = {
        "adapter": "claude-code",
        "path": "old-mcp.json",
        "name": "context7",
        "id": "context7",
        "digest": "0" * 64,
        "identity": "x",
    }
    write_json(root / ".aido" / "state.json", {"version": 1, "records": [record]})
    saved = tmp_path / "plan.json"
    result = run(root, "plan", "-v", "--out", str(saved))
    assert result.returncode == 0, result.stderr
    assert "names 'old-mcp.json' for claude-code" in result.stdout + result.stderr
    data = json.loads(saved.read_text())
    assert "old-mcp.json" not in json.dumps(data["files"])
