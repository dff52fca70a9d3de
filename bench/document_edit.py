"""Edit one server in a 20 MB `~/.claude.json`: aido's span editor vs json.load + json.dump.

Each run is a fresh subprocess on a fresh copy of the file; it reports the wall time of
the edit (start-up excluded, the same for both) and its own peak RSS (VmHWM).
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

TARGET_BYTES = 20 * 1024 * 1024
RUNS = 5
ENTRY = {"command": "npx", "args": ["-y", "@bench/server@1.0.0"], "env": {"TOKEN": "${TOKEN}"}}

_PROBE = """
import json, sys, time
from pathlib import Path
from aidokit.reconcile.documents import Format, lock_file, read_document, write_document
path = Path(sys.argv[1])
start = time.perf_counter()
{body}
took = time.perf_counter() - start
# VmHWM, not ru_maxrss: Linux carries the parent's high-water mark across fork + exec.
status = Path("/proc/self/status").read_text()
peak = int(status.split("VmHWM:")[1].split()[0]) * 1024
print(json.dumps({{"seconds": took, "peak": peak}}))
"""
AIDO = """
with lock_file(path):
    doc = read_document(path, Format.JSON)
    doc.set_entry(("projects", sys.argv[2], "mcpServers"), "bench", {entry})
    write_document(doc, create_parents=False)
"""
BASELINE = """
with path.open(encoding="utf-8") as handle:
    data = json.load(handle)
data["projects"][sys.argv[2]]["mcpServers"]["bench"] = {entry}
with path.open("w", encoding="utf-8") as handle:
    json.dump(data, handle, indent=2, ensure_ascii=False)
"""
IDLE = """
pass
"""


def _project(rng: random.Random, index: int) -> dict[str, Any]:
    """Return one `projects` entry shaped like Claude Code's."""
    history = [
        {"display": f"fix the flaky test in módulo {n} " * rng.randint(1, 6), "pastedContents": {}}
        for n in range(rng.randint(5, 30))
    ]
    servers = {
        f"srv-{n}": {"type": "stdio", "command": "uvx", "args": [f"tool-{n}"], "env": {}}
        for n in range(rng.randint(0, 4))
    }
    return {
        "allowedTools": ["Bash(git status)", "Edit"],
        "history": history,
        "mcpContextUris": [],
        "mcpServers": servers,
        "enabledMcpjsonServers": [],
        "hasTrustDialogAccepted": rng.random() < 0.5,
        "lastCost": round(rng.random() * 3, 4),
        "lastSessionId": f"{index:08x}-0000-4000-8000-000000000000",
    }


def make_file(path: Path) -> str:
    """Write a ~20 MB claude.json; return the key of a project in its middle."""
    rng = random.Random(4)
    projects: dict[str, Any] = {}
    size, index = 0, 0
    while size < TARGET_BYTES:
        project = _project(rng, index)
        projects[f"/home/dev/work/app-{index:05d}"] = project
        size += len(json.dumps(project, indent=2)) + 40
        index += 1
    data = {"numStartups": 412, "theme": "dark", "projects": projects, "userID": "0" * 64}
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return f"/home/dev/work/app-{index // 2:05d}"


def _measure(script: str, path: Path, original: bytes, key: str) -> tuple[float, float]:
    """Run `script` on fresh copies of the file; return median seconds and peak bytes."""
    times, peaks = [], []
    for _ in range(RUNS):
        path.write_bytes(original)
        code = _PROBE.format(body=script.format(entry=repr(ENTRY)))
        done = subprocess.run(
            [sys.executable, "-c", code, str(path), key],
            capture_output=True,
            text=True,
            check=False,
            cwd=path.parent,  # not the repo: its `aidokit/` folder would shadow the install
        )
        if done.returncode:
            raise RuntimeError(f"benchmark subprocess failed:\n{done.stderr}")
        result = json.loads(done.stdout)
        times.append(result["seconds"])
        peaks.append(result["peak"])
    return statistics.median(times), max(peaks)


def run() -> list[dict[str, Any]]:
    """Measure both edits; return the table rows."""
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        path = Path(tmp) / ".claude.json"
        key = make_file(path)
        original = path.read_bytes()
        mib = len(original) / 2**20
        aido_s, aido_peak = _measure(AIDO, path, original, key)
        base_s, base_peak = _measure(BASELINE, path, original, key)
        _, idle_peak = _measure(IDLE, path, original, key)
    size = f"{mib:.1f} MiB file, {len(original) // 1000} kB"
    return [
        {
            "name": "edit 1 server in ~/.claude.json: wall time",
            "aido": aido_s,
            "baseline": base_s,
            "ratio": aido_s / base_s,
            "unit": "s",
            "note": f"median of {RUNS}; {size}; target ratio <= 1.5",
        },
        {
            "name": "edit 1 server in ~/.claude.json: peak RSS",
            "aido": aido_peak / 2**20,
            "baseline": base_peak / 2**20,
            "ratio": aido_peak / base_peak,
            "unit": "MiB",
            "note": (
                f"aido peak = {aido_peak / len(original):.2f}x file size (target <= 3x);"
                f" idle interpreter with aido imported: {idle_peak / 2**20:.0f} MiB"
            ),
        },
    ]
