"""A user-scope `aido apply` into a 20 MB `~/.claude.json`, the whole CLI, vs a plain rewrite.

The baseline is what a careful script would do: `json.load`, add the server,
`json.dump(indent=2)`, fsync, `os.replace`. Both run as fresh processes under
`/usr/bin/time -v`, interleaved, on a fresh copy of the file each time; the peak RSS
is the whole process's (`Maximum resident set size`), interpreter and imports included.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._proc import sandbox_env, verdict

TARGET_BYTES = 20 * 1024 * 1024
RUNS = 5
TIME = "/usr/bin/time"
AIDO = str(Path(sys.executable).with_name("aido"))
AIDO_TOML = (
    'adapters = ["claude-code"]\n[mcp]\nadd = ["context7"]\nskip = ["sequential-thinking"]\n'
)
ENTRY = {"type": "http", "url": "https://mcp.context7.com/mcp"}
BASELINE = """
import json, os, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    data = json.load(handle)
data.setdefault("mcpServers", {})["context7"] = ENTRY
with open(path + ".tmp", "w", encoding="utf-8") as handle:
    json.dump(data, handle, indent=2, ensure_ascii=False)
    handle.flush()
    os.fsync(handle.fileno())
os.replace(path + ".tmp", path)
""".replace("ENTRY", repr(ENTRY))


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


def make_file(path: Path) -> None:
    """Write a ~20 MB claude.json with a user-level `mcpServers` after `projects`."""
    rng = random.Random(4)
    projects: dict[str, Any] = {}
    size, index = 0, 0
    while size < TARGET_BYTES:
        project = _project(rng, index)
        projects[f"/home/dev/work/app-{index:05d}"] = project
        size += len(json.dumps(project, indent=2)) + 40
        index += 1
    mine = {"mine": {"type": "stdio", "command": "uvx", "args": ["my-tool"]}}
    data = {"numStartups": 412, "projects": projects, "mcpServers": mine, "userID": "0" * 64}
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")


def _timed(argv: list[str], *, cwd: Path, env: dict[str, str]) -> tuple[float, int]:
    """Run `argv` under /usr/bin/time -v; return wall seconds and peak RSS in bytes."""
    started = time.perf_counter()
    done = subprocess.run(
        [TIME, "-v", *argv], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    took = time.perf_counter() - started
    if done.returncode not in (0, 2):
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    line = next(ln for ln in done.stderr.splitlines() if "Maximum resident set size" in ln)
    return took, int(line.rsplit(":", 1)[1]) * 1024


class _Sandbox:
    """A home with the big file, a project asking for one server, and a fresh state."""

    def __init__(self, tmp: Path) -> None:
        self.home = tmp / "home"
        self.project = tmp / "project"
        (self.project / ".git").mkdir(parents=True)
        (self.project / "aido.toml").write_text(AIDO_TOML)
        self.home.mkdir()
        # User scope reads the user's aido.toml only.
        (self.home / ".config" / "aido").mkdir(parents=True)
        (self.home / ".config" / "aido" / "aido.toml").write_text(AIDO_TOML)
        self.file = self.home / ".claude.json"
        make_file(self.file)
        self.original = self.file.read_bytes()
        self.env = sandbox_env(self.home)
        self.state = self.home / ".local" / "state"

    def reset(self) -> None:
        """Put the original file back and forget what aido recorded."""
        self.file.write_bytes(self.original)
        shutil.rmtree(self.state / "aido", ignore_errors=True)

    def aido(self) -> tuple[float, int]:
        self.reset()
        result = _timed([AIDO, "apply", "--scope", "user", "--yes"], cwd=self.project, env=self.env)
        servers = json.loads(self.file.read_bytes())["mcpServers"]
        assert set(servers) == {"mine", "context7"}, servers
        return result

    def baseline(self) -> tuple[float, int]:
        self.reset()
        argv = [sys.executable, "-c", BASELINE, str(self.file)]
        return _timed(argv, cwd=self.project, env=self.env)

    def round_trip(self) -> bool:
        """apply then destroy gives back the file byte for byte."""
        self.reset()
        for command in (["apply"], ["destroy"]):
            argv = [AIDO, *command, "--scope", "user", "--yes"]
            subprocess.run(argv, cwd=self.project, env=self.env, capture_output=True, check=True)
        return self.file.read_bytes() == self.original


def run() -> list[dict[str, Any]]:
    """Measure both; return the table rows."""
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        box = _Sandbox(Path(tmp))
        size = len(box.original)
        box.aido()  # warm the aido.toml memo and the page cache
        times: dict[str, list[float]] = {"aido": [], "baseline": []}
        peaks: dict[str, list[int]] = {"aido": [], "baseline": []}
        for _ in range(RUNS):
            for name, job in (("aido", box.aido), ("baseline", box.baseline)):
                took, peak = job()
                times[name].append(took)
                peaks[name].append(peak)
        identical = box.round_trip()
    aido_s, base_s = statistics.median(times["aido"]), statistics.median(times["baseline"])
    aido_peak, base_peak = max(peaks["aido"]), max(peaks["baseline"])
    mib = size / 2**20
    return [
        {
            "name": "aido apply --scope user, 20 MB ~/.claude.json: wall time",
            "aido": aido_s,
            "baseline": base_s,
            "ratio": aido_s / base_s,
            "unit": "s",
            "target": "<= 1.0x the json baseline",
            "verdict": verdict(aido_s, base_s),
            "note": f"whole CLI, median of {RUNS}, interleaved; {mib:.1f} MiB file; baseline"
            " json.load + change + json.dump(indent=2) + fsync + replace",
        },
        {
            "name": "aido apply --scope user, 20 MB ~/.claude.json: peak RSS",
            "aido": aido_peak / 2**20,
            "baseline": base_peak / 2**20,
            "ratio": aido_peak / base_peak,
            "unit": "MiB",
            "target": f"<= 3x the file ({3 * mib:.0f} MiB)",
            "verdict": verdict(aido_peak, 3 * size),
            "note": f"/usr/bin/time -v of the whole CLI: {aido_peak / size:.2f}x the file size;"
            f" apply then destroy byte-identical: {identical}",
        },
    ]
