"""A full apply of 3 servers into 6 harness files on a fresh project: aido vs add-mcp, ruler.

The peers are installed from npm into `.cache/peers` (never vendored); each run is a
fresh project, timed as whole processes, interleaved.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench._proc import interleaved, sandbox_env, wall

RUNS = 7
ROOT = Path(__file__).resolve().parent.parent
# The peers' npm folder; AIDO_BENCH_PEERS puts it elsewhere (a checkout whose .cache is shared).
PEERS = Path(os.environ.get("AIDO_BENCH_PEERS") or ROOT / ".cache" / "peers")
PEER_PKGS = [
    "add-mcp@2.4.0",
    "@intellectronica/ruler@0.3.44",
    "install-mcp@1.10.2",
    "rulesync@17.0.0",
]
PEER_BINS = ["add-mcp", "ruler", "install-mcp", "rulesync"]
AIDO = str(Path(sys.executable).with_name("aido"))
ADAPTERS = ["claude-code", "cursor", "vscode", "gemini-cli", "opencode", "codex"]
AIDO_TOML = (
    f"adapters = {ADAPTERS!r}\n".replace("'", '"')
    + '[mcp]\nadd = ["context7", "playwright", "git"]\nskip = ["sequential-thinking"]\n'
)
ADD_MCP = [
    ["https://mcp.context7.com/mcp", "-n", "context7", "-t", "http"],
    ["@playwright/mcp@0.0.83", "-n", "playwright"],
    ["mcp-server-git", "-n", "git"],
]
RULER_AGENTS = "claude,cursor,copilot,gemini-cli,opencode,codex"
RULER_TOML = """[mcp_servers.context7]
url = "https://mcp.context7.com/mcp"
[mcp_servers.playwright]
command = "npx"
args = ["-y", "@playwright/mcp@0.0.83"]
[mcp_servers.git]
command = "uvx"
args = ["mcp-server-git==2026.10.19"]
"""


def install_peers() -> str | None:
    """npm-install the peers into .cache/peers; return an error text if that failed."""
    if all((PEERS / "node_modules" / ".bin" / name).exists() for name in PEER_BINS):
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm not found"
    done = subprocess.run(
        [npm, "install", "--prefix", str(PEERS), "--no-audit", "--no-fund", *PEER_PKGS],
        capture_output=True,
        text=True,
        check=False,
    )
    return None if done.returncode == 0 else done.stderr[-300:]


def fresh(tmp: Path, n: list[int]) -> Path:
    """A new empty git project folder."""
    n[0] += 1
    project = tmp / f"p{n[0]}"
    (project / ".git").mkdir(parents=True)
    return project


def _aido(tmp: Path, env: dict[str, str], n: list[int]) -> Callable[[], float]:
    def job() -> float:
        project = fresh(tmp, n)
        (project / "aido.toml").write_text(AIDO_TOML)
        took = wall([AIDO, "apply", "--yes"], cwd=project, env=env)
        assert len(list((project / ".aido").iterdir())) == 1
        return took

    return job


def _add_mcp(tmp: Path, env: dict[str, str], n: list[int]) -> Callable[[], float]:
    binary = str(PEERS / "node_modules" / ".bin" / "add-mcp")
    agents = [
        arg for name in ADAPTERS for arg in ("-a", "github-copilot" if name == "vscode" else name)
    ]

    def job() -> float:
        project = fresh(tmp, n)
        return sum(
            wall([binary, *server, *agents, "-y"], cwd=project, env=env) for server in ADD_MCP
        )

    return job


def _ruler(tmp: Path, env: dict[str, str], n: list[int]) -> Callable[[], float]:
    binary = str(PEERS / "node_modules" / ".bin" / "ruler")

    def job() -> float:
        project = fresh(tmp, n)
        (project / ".ruler").mkdir()
        (project / ".ruler" / "AGENTS.md").write_text("# rules\n")
        (project / ".ruler" / "ruler.toml").write_text(RULER_TOML)
        argv = [binary, "apply", "--agents", RULER_AGENTS, "--no-gitignore", "--no-backup"]
        return wall(argv, cwd=project, env=env)

    return job


def run() -> list[dict[str, Any]]:
    """Median wall time of the whole job for each tool."""
    problem = install_peers()
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as name:
        tmp = Path(name)
        env = sandbox_env(tmp / "home")
        n = [0]
        jobs = {"aido": _aido(tmp, env, n)}
        if problem is None:
            jobs |= {"add-mcp": _add_mcp(tmp, env, n), "ruler": _ruler(tmp, env, n)}
        med = interleaved(jobs, RUNS)
    rows = []
    for peer in ("add-mcp", "ruler"):
        if peer not in med:
            note = f"{peer} could not be installed from npm: {problem}"
            nan = float("nan")
            name = f"apply 3 servers x 6 files vs {peer}"
            row = {"name": name, "aido": med["aido"], "baseline": nan, "ratio": nan}
            rows.append({**row, "unit": "s", "note": note})
            continue
        how = "3 runs, one per server, -a x6, -y" if peer == "add-mcp" else "1 `ruler apply`"
        fastest = min(v for k, v in med.items() if k != "aido")
        rows.append(
            {
                "name": f"apply 3 servers x 6 files vs {peer}",
                "aido": med["aido"],
                "baseline": med[peer],
                "ratio": med["aido"] / med[peer],
                "unit": "s",
                "note": f"median of {RUNS}, interleaved, fresh project each; {peer}: {how}; "
                f"target aido <= 1.0x fastest peer ({fastest:.3f} s): "
                f"{'met' if med['aido'] <= fastest else 'MISSED'}",
            }
        )
    return rows
