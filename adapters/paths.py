"""Per-OS user config folders (SPEC §5: honour HOME, XDG_CONFIG_HOME, APPDATA).

An adapter whose folder differs between Linux, macOS and Windows states it in
one `PerOS` table: for each OS, a root and the folders under it, or None
where the harness has no such folder. tests/adapters/test_os_paths.py pins
every adapter's files on all three systems with a simulated host.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from aidokit.adapters.base import Host
from aidokit.catalog.facts import OSName

Where = tuple[str, ...] | None  # a root name from ROOTS, then folder names; None: no folder


class PerOS(NamedTuple):
    """One folder of a harness on each OS, e.g. `PerOS(linux=("xdg", "zed"), ...)`."""

    linux: Where
    darwin: Where
    win32: Where

    def folder(self, host: Host) -> Path | None:
        """The folder on `host`'s OS, or None where the harness has none there."""
        where: Where = getattr(self, host.os)
        if where is None:
            return None
        root, *parts = where
        return ROOTS[root](host).joinpath(*parts)

    def everywhere(self, host: Host) -> Path:
        """The folder on `host`'s OS, for a harness that has one on every OS."""
        folder = self.folder(host)
        assert folder is not None, "a PerOS table with a None row"
        return folder

    def row(self, os: OSName) -> Where:
        """The table's row for `os`."""
        where: Where = getattr(self, os)
        return where


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


ROOTS: dict[str, Callable[[Host], Path]] = {
    "home": lambda host: host.home,
    "xdg": Host.xdg_config_home,  # $XDG_CONFIG_HOME, default ~/.config
    "appdata": appdata,  # %APPDATA%, default ~/AppData/Roaming
    "app_support": app_support,  # ~/Library/Application Support
}

# VS Code's `User` folder (harness-formats.md §4: path is secondary, not official).
# Electron puts Linux app data under $XDG_CONFIG_HOME (default ~/.config).
VSCODE_USER = PerOS(
    linux=("xdg", "Code", "User"),
    darwin=("app_support", "Code", "User"),
    win32=("appdata", "Code", "User"),
)


def vscode_user_dir(host: Host) -> Path:
    """VS Code's `User` folder on `host`'s OS."""
    return VSCODE_USER.everywhere(host)
