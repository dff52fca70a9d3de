"""Per-OS file locations of the adapters added for issue 17, one expected table each."""

from __future__ import annotations

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from tests.adapters.runner import HOME, PROJECT

APPDATA = HOME / "AppData" / "Roaming"
ENVIRON = {"APPDATA": str(APPDATA)}
VSCODE_USER = {
    "linux": HOME / ".config" / "Code" / "User",
    "darwin": HOME / "Library" / "Application Support" / "Code" / "User",
    "win32": APPDATA / "Code" / "User",
}
KILO_STORAGE = "globalStorage/kilocode.kilo-code/settings/mcp_settings.json"

# adapter -> scope -> os -> expected path relative to HOME ("~/...") or PROJECT, or None.
TABLE: dict[str, dict[str, dict[str, str | None]]] = {
    "qwen-code": {
        "project": dict.fromkeys(("linux", "darwin", "win32"), ".qwen/settings.json"),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.qwen/settings.json"),
    },
    "kilo": {
        "project": dict.fromkeys(("linux", "darwin", "win32"), "kilo.json"),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.config/kilo/kilo.json"),
    },
    "kilo-legacy": {
        "project": dict.fromkeys(("linux", "darwin", "win32"), ".kilocode/mcp.json"),
        "user": {
            os_name: "~/" + str((VSCODE_USER[os_name] / KILO_STORAGE).relative_to(HOME))
            for os_name in ("linux", "darwin", "win32")
        },
    },
    "antigravity": {  # Antigravity 2.0 (issue 55)
        "project": dict.fromkeys(("linux", "darwin", "win32"), ".agents/mcp_config.json"),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.gemini/config/mcp_config.json"),
    },
    "factory-droid": {
        "project": dict.fromkeys(("linux", "darwin", "win32"), ".factory/mcp.json"),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.factory/mcp.json"),
    },
    "visual-studio": {
        "project": dict.fromkeys(("linux", "darwin", "win32")),
        "user": {"linux": None, "darwin": None, "win32": "~/.mcp.json"},
    },
    "continue": {
        "project": dict.fromkeys(("linux", "darwin", "win32"), ".continue/mcpServers/aido.json"),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.continue/mcpServers/aido.json"),
    },
    "lm-studio": {
        "project": dict.fromkeys(("linux", "darwin", "win32")),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.lmstudio/mcp.json"),
    },
    "junie": {
        "project": dict.fromkeys(("linux", "darwin", "win32"), ".junie/mcp/mcp.json"),
        "user": dict.fromkeys(("linux", "darwin", "win32"), "~/.junie/mcp/mcp.json"),
    },
}
CASES = [
    (name, scope, os_name, want)
    for name, scopes in TABLE.items()
    for scope, per_os in scopes.items()
    for os_name, want in per_os.items()
]


@pytest.mark.parametrize(("name", "scope", "os_name", "want"), CASES)
def test_location_per_os(name: str, scope: str, os_name: str, want: str | None) -> None:
    """Each new adapter's file on Linux, macOS and Windows, in a fresh sandbox."""
    host = Host(project=PROJECT, home=HOME, os=os_name, environ=ENVIRON)  # type: ignore[arg-type]
    location = ADAPTERS[name].location(Scope(scope), host)
    if want is None:
        assert location is None
        return
    assert location is not None
    expected = HOME / want[2:] if want.startswith("~/") else PROJECT / want
    assert location.path == expected


def test_table_covers_every_local_scope_as_none() -> None:
    """None of the new adapters keeps per-project entries in a user file (Claude Code's local)."""
    host = Host(project=PROJECT, home=HOME, os="linux", environ={})
    assert all(ADAPTERS[name].location(Scope.LOCAL, host) is None for name in TABLE)
