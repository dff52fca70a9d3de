"""Per-OS user config folders (SPEC §5: honour HOME, XDG_CONFIG_HOME, APPDATA)."""

from __future__ import annotations

from pathlib import Path

from aidokit.adapters.base import Host


def appdata(host: Host) -> Path:
    """`%APPDATA%`, defaulting to `~/AppData/Roaming`."""
    value = host.environ.get("APPDATA")
    return Path(value) if value else host.home / "AppData" / "Roaming"


def app_support(host: Host) -> Path:
    """macOS `~/Library/Application Support`."""
    return host.home / "Library" / "Application Support"


def env_dir(host: Host, var: str, default: Path) -> Path:
    """The folder named by `$var`, else `default`."""
    value = host.environ.get(var)
    return Path(value) if value else default


def vscode_user_dir(host: Host) -> Path:
    """VS Code's `User` folder (harness-formats.md §4: path is secondary, not official)."""
    if host.os == "darwin":
        return app_support(host) / "Code" / "User"
    if host.os == "win32":
        return appdata(host) / "Code" / "User"
    # Electron puts Linux app data under $XDG_CONFIG_HOME (default ~/.config).
    return host.xdg_config_home() / "Code" / "User"
