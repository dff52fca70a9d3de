"""Python run as the `aido` command runs it: writing bytecode, whatever the shell says.

aido keeps its caches beside its bytecode (reconcile/console/cache_file.py) and
writes them only where Python writes `.pyc` files, so their tests unset the
PYTHONDONTWRITEBYTECODE a shell may set.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


def python(
    code: str, *args: str, flags: Sequence[str] = (), path: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`python [flags] -c code args` in a fresh interpreter that writes bytecode, with
    `path` first on PYTHONPATH; its output captured as text, a failure raised."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    argv = [sys.executable, *flags, "-c", code, *args]
    return subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
