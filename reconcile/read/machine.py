"""Facts about this machine that `aido doctor` checks, read here so show/doctor.py only shows.

A harness CLI's version (`<cli> --version`, run in its own process group) and
whether a launcher is on PATH, with how to install each launcher a catalog entry
may run (the probe says the same, reconcile/probe/prepare.py). A harness's own
checks are its adapter's (`DoctorChecks`: Claude Code's running processes).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Mapping

from aidokit.reconcile.core.processes import run_group

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

    try:  # in its own process group: nothing it starts outlives it (SPEC §7)
        result = run_group([path, "--version"], timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    out = result.stdout.decode("utf-8", "replace") or result.stderr.decode("utf-8", "replace")
    match = VERSION_RE.search(out)
    return match.group(1) if match else None
