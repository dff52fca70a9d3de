"""Facts about this machine that `aido doctor` checks, read here so show/doctor.py only shows.

A harness CLI's version (`<cli> --version`, run in its own process group), the
Claude Code processes running now (from /proc), and whether a launcher is on
PATH, with how to install each launcher a catalog entry may run (the probe says
the same, reconcile/probe/prepare.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

PROC_ROOT = Path("/proc")
VERSION_RE = re.compile(r"(\d+(?:\.\d+)+)")
# The launchers catalog entries run, and how to install each.
INSTALL = {
    "npx": "install Node.js (npx comes with npm)",
    "node": "install Node.js",
    "uvx": "install uv (uvx comes with it)",
    "docker": "install Docker",
}


def on_path(program: str, environ: Mapping[str, str]) -> bool:
    """Whether `program` is found on `environ`'s PATH."""
    return shutil.which(program, path=environ.get("PATH", "")) is not None


def cli_version(binary: str) -> str | None:
    """The version `binary --version` prints, or None when it is not installed or says none."""
    path = shutil.which(binary)
    if path is None:
        return None
    from aidokit.reconcile.core.processes import run_group

    try:  # in its own process group: nothing it starts outlives it (SPEC §7)
        result = run_group([path, "--version"], timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    out = result.stdout.decode("utf-8", "replace") or result.stderr.decode("utf-8", "replace")
    match = VERSION_RE.search(out)
    return match.group(1) if match else None


def claude_processes(proc: Path | None = None) -> list[tuple[int, str]]:
    """Running Claude Code processes (pid, name), from /proc; none where /proc is absent."""
    root = PROC_ROOT if proc is None else proc
    found = []
    try:
        entries = sorted(root.iterdir(), key=lambda p: p.name)
    except OSError:
        return []
    for entry in entries:
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            comm = (entry / "comm").read_text(encoding="utf-8", errors="replace").strip()
            argv = (entry / "cmdline").read_bytes().decode("utf-8", "replace").split("\0")
        except OSError:
            continue
        if _is_claude(comm, argv):
            found.append((int(entry.name), comm))
    return found


def _is_claude(comm: str, argv: list[str]) -> bool:
    """`claude` itself, or node running the claude-code package."""
    head = argv[:3]
    return (
        comm == "claude"
        or any(Path(arg).name == "claude" for arg in head)
        or any("@anthropic-ai/claude-code" in arg for arg in head)
    )
