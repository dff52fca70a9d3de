"""One server into a fresh and into an existing `.mcp.json`: aido vs add-mcp and the others.

Each run is a new project, timed as a whole process, interleaved. "warm" shares one
home across runs (aido's memo of validated files is learned before timing); "first run"
gives every run a new home, as a new user's first command.
"""

from __future__ import annotations

import json
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench._proc import interleaved, sandbox_env, verdict, wall_and_cpu
from bench.full_apply import AIDO, PEERS, fresh, install_peers

RUNS = 7
URL = "https://mcp.context7.com/mcp"
AIDO_TOML = 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
EXISTING = {"mcpServers": {"users-own": {"command": "node", "args": ["x.js"]}}}
PEERS_ARGV: dict[str, list[str]] = {
    "add-mcp": [URL, "-n", "context7", "-t", "http", "-a", "claude-code", "-y"],
    "install-mcp": [URL, "--name", "context7", "--client", "claude-code", "--local", "-y"],
    "ruler": ["apply", "--agents", "claude", "--no-gitignore", "--no-backup"],
    "rulesync": ["generate", "--targets", "claudecode", "--features", "mcp"],
}
Setup = Callable[[Path], list[str]]
DROPPED: set[str] = set()  # tools that lost the existing entry of .mcp.json
CPU: dict[str, list[float]] = {}  # CPU seconds of each timed run, by tool, for the current case


def _aido(project: Path) -> list[str]:
    (project / "aido.toml").write_text(AIDO_TOML)
    return [AIDO, "apply", "--yes"]


def _peer(name: str) -> Setup:
    def setup(project: Path) -> list[str]:
        if name == "ruler":
            (project / ".ruler").mkdir()
            (project / ".ruler" / "AGENTS.md").write_text("# rules\n")
            toml = f'[mcp_servers.context7]\nurl = "{URL}"\n'
            (project / ".ruler" / "ruler.toml").write_text(toml)
        if name == "rulesync":
            (project / ".rulesync").mkdir()
            servers = {"mcpServers": {"context7": {"type": "http", "url": URL}}}
            (project / ".rulesync" / "mcp.json").write_text(json.dumps(servers))
        extra = ["--oauth", "no"] if name == "install-mcp" else []
        return [str(PEERS / "node_modules" / ".bin" / name), *PEERS_ARGV[name], *extra]

    return setup


def _job(tmp: Path, n: list[int], setup: Setup, existing: bool, warm: bool) -> Callable[[], float]:
    """Time `setup`'s command in a new project; a new home unless `warm`."""

    def job() -> float:
        project = fresh(tmp, n)
        if existing:
            (project / ".mcp.json").write_text(json.dumps(EXISTING, indent=2) + "\n")
        argv = setup(project)
        home = tmp / "home-warm" if warm else tmp / f"home-{n[0]}"
        took, cpu = wall_and_cpu(argv, cwd=project, env=sandbox_env(home))
        CPU.setdefault(Path(argv[0]).name, []).append(cpu)
        servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
        assert "context7" in servers, argv[0]
        if existing and "users-own" not in servers:
            DROPPED.add(Path(argv[0]).name)
        return took

    return job


def run() -> list[dict[str, Any]]:
    """Median wall time of each tool for each (file, cache) case."""
    problem = install_peers()
    tools: dict[str, Setup] = {"aido": _aido}
    if problem is None:
        tools |= {name: _peer(name) for name in PEERS_ARGV}
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as name:
        tmp, n = Path(name), [0]
        for existing in (False, True):
            for warm in (True, False):
                jobs = {tool: _job(tmp, n, setup, existing, warm) for tool, setup in tools.items()}
                if warm:
                    for job in jobs.values():
                        job()  # the warm-up run: aido's memo learns aido.toml
                CPU.clear()
                med = interleaved(jobs, RUNS)
                cpu = {tool: statistics.median(times) for tool, times in CPU.items()}
                rows += _rows(med, cpu, existing, warm, problem)
    return rows


def _rows(
    med: dict[str, float],
    cpu: dict[str, float],
    existing: bool,
    warm: bool,
    problem: str | None,
) -> list[dict[str, Any]]:
    case = f"1 server into {'an existing' if existing else 'a fresh'} .mcp.json, " + (
        "warm caches" if warm else "first run (new home, no memo)"
    )
    if problem is not None:
        note = f"peers could not be installed from npm: {problem}"
        nan = float("nan")
        row = {"name": case, "aido": med["aido"], "baseline": nan, "ratio": nan, "unit": "s"}
        return [{**row, "note": note}]
    rows = []
    for peer in PEERS_ARGV:
        ratio = med["aido"] / med[peer]
        by_cpu = cpu["aido"] / cpu[peer]
        note = (
            f"median of {RUNS}, interleaved, new project each; CPU {cpu['aido'] * 1e3:.0f} ms vs "
            f"{cpu[peer] * 1e3:.0f} ms (ratio {by_cpu:.2f})"
        )
        if existing and peer in DROPPED:
            note = f"{peer} rewrote .mcp.json without the existing entry; {note}"
        row = {
            "name": f"{case}: vs {peer}",
            "aido": med["aido"],
            "baseline": med[peer],
            "ratio": ratio,
            "unit": "s",
            "note": note,
        }
        if peer == "add-mcp" and not existing and not warm:
            # Issue 52's target: a new user's first server (aido.toml validated by pydantic).
            row["target"] = "aido <= 1.0x add-mcp"
            row["verdict"] = f"{verdict(ratio, 1.0)} (by CPU: {verdict(by_cpu, 1.0)})"
        rows.append(row)
    return rows
