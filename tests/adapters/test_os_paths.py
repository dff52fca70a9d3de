"""Every adapter's files on Linux, macOS and Windows, from a simulated host (SPEC §5); each
adapter's are pinned in `fixtures/<adapter>/files.json`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from aidokit.adapters.render import VSCODE_USER, PerOS
from aidokit.catalog.facts import OSName
from tests.adapters.runner import FIXTURES

HOME = Path("/home/me")
SYSTEMS: tuple[OSName, ...] = ("linux", "darwin", "win32")


def sim_host(os: OSName, **environ: str) -> Host:
    """A host on `os` with HOME=/home/me and the project at ~/src/app."""
    return Host(project=HOME / "src" / "app", home=HOME, os=os, environ=environ)


def files_on(os: OSName, **environ: str) -> dict[str, list[str]]:
    """Each adapter's files on `os`: `scope:path`, project-relative or under `~/`."""
    host = sim_host(os, **environ)
    table: dict[str, list[str]] = {}
    for name, adapter in ADAPTERS.items():
        cells = []
        for scope in Scope:
            location = adapter.location(scope, host)
            if location is not None:
                path = location.path
                shown = (
                    path.relative_to(host.project).as_posix()
                    if path.is_relative_to(host.project)
                    else "~/" + path.relative_to(HOME).as_posix()
                )
                cells.append(f"{scope.value}:{shown}")
        table[name] = cells
    return table


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_every_adapters_files_per_os(name: str) -> None:
    """Each adapter's files per OS, pinned in its own fixtures folder (`files.json`), so a
    changed path shows up as a diff there and a new adapter brings its own."""
    found = {os: files_on(os)[name] for os in SYSTEMS}
    golden = FIXTURES / name / "files.json"
    pinned = json.loads(golden.read_text(encoding="utf-8")) if golden.is_file() else None
    wanted = json.dumps(found, indent=2)
    assert found == pinned, f"{golden} holds this adapter's files; when they are right:\n{wanted}"


def test_os_specific_rows() -> None:
    """The folders that differ between systems land where each harness looks on that system."""
    linux, darwin, win32 = (files_on(os) for os in SYSTEMS)
    assert linux["claude-desktop"] == [] and linux["visual-studio"] == []
    assert darwin["claude-desktop"] == [
        "user:~/Library/Application Support/Claude/claude_desktop_config.json"
    ]
    assert win32["claude-desktop"] == ["user:~/AppData/Roaming/Claude/claude_desktop_config.json"]
    assert darwin["zed"][1] == "user:~/.config/zed/settings.json"  # not Application Support
    assert win32["zed"][1] == "user:~/AppData/Roaming/Zed/settings.json"
    assert win32["goose"] == ["user:~/AppData/Roaming/Block/goose/config/config.yaml"]
    assert darwin["vscode"][1] == "user:~/Library/Application Support/Code/User/mcp.json"
    assert win32["opencode"][1] == "user:~/.config/opencode/opencode.json"  # XDG on every OS
    claude = ["project:.mcp.json", "user:~/.claude.json", "local:~/.claude.json"]
    assert linux["claude-code"] == darwin["claude-code"] == win32["claude-code"] == claude


def test_environment_overrides_per_os() -> None:
    """APPDATA moves the Windows folders; XDG_CONFIG_HOME the Linux ones; CODEX_HOME Codex's."""
    win32 = files_on("win32", APPDATA="/home/me/roaming")
    assert win32["zed"][1] == "user:~/roaming/Zed/settings.json"
    assert win32["claude-desktop"] == ["user:~/roaming/Claude/claude_desktop_config.json"]
    linux = files_on("linux", XDG_CONFIG_HOME="/home/me/xdg", CODEX_HOME="/home/me/cx")
    assert linux["zed"][1] == "user:~/xdg/zed/settings.json"
    assert linux["vscode"][1] == "user:~/xdg/Code/User/mcp.json"
    assert linux["codex"][1] == "user:~/cx/config.toml"


def test_per_os_table_rows() -> None:
    """A PerOS table answers per system, and None where the harness has no folder."""
    table = PerOS(linux=None, darwin=("app_support", "X"), win32=("appdata", "X", "Y"))
    assert table.folder(sim_host("linux")) is None
    assert table.folder(sim_host("darwin")) == HOME / "Library" / "Application Support" / "X"
    assert table.folder(sim_host("win32")) == HOME / "AppData" / "Roaming" / "X" / "Y"
    assert [VSCODE_USER.row(os) for os in SYSTEMS] == [
        ("xdg", "Code", "User"),
        ("app_support", "Code", "User"),
        ("appdata", "Code", "User"),
    ]


def test_current_host_on_windows_uses_userprofile(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """On Windows (no HOME) the home folder is USERPROFILE and the OS is win32."""
    monkeypatch.delenv("HOME")
    monkeypatch.setenv("USERPROFILE", str(tmp_path / "me"))
    monkeypatch.setattr(sys, "platform", "win32")
    host = Host.current(tmp_path)
    assert (host.os, host.home) == ("win32", tmp_path / "me")
