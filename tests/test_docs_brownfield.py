"""getting-started.md's brownfield walkthrough (issue 38, must show): its `sh brownfield`
blocks run as written in a copy of fixtures/projects/brownfield, from nothing to converged,
every screen at 80 columns kept as a snapshot (tmp paths, times and digests replaced)."""

from __future__ import annotations

import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.reconcile.security_helpers import run_in_pty

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "getting-started.md"
BIN = Path(sys.executable).parent
BLOCK = re.compile(r"^```sh brownfield\n(.*?)^```", re.M | re.S)
EXIT = re.compile(r"#\s*exit (\d+)")
TYPES = re.compile(r"#\s*types: (\S+)")


def steps(doc: Path) -> list[str]:
    """Every line of the doc's `sh brownfield` blocks, in order."""
    return [
        line
        for block in BLOCK.findall(doc.read_text(encoding="utf-8"))
        for line in block.splitlines()
    ]


def _stable(text: str, project: Path, home: Path) -> str:
    """The screen with this run's folders, times, ids and digests replaced."""
    text = (
        text.replace("\r\n", "\n").replace(str(project), "<project>").replace(str(home), "<home>")
    )
    text = re.sub(r"\b\d{8}-\d{6}-[0-9a-f]+\b", "<transaction>", text)
    text = re.sub(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?: UTC|\+00:00)", "<time>", text)
    return re.sub(r"\b[0-9a-f]{64}\b", "<digest>", text)


@pytest.fixture
def storefront(fixture_project: Callable[[str], Path], tmp_path: Path) -> tuple[Path, Path]:
    """The fixture project and a home folder with the user's own Codex servers; `@HOME@`
    in both stands for that home (a personal server's path)."""
    project = fixture_project("projects/brownfield")
    home = tmp_path / "home"
    shutil.copytree(ROOT / "fixtures" / "projects" / "brownfield-home", home)
    for path in (project / ".cursor" / "mcp.json", home / ".codex" / "config.toml"):
        path.write_text(path.read_text().replace("@HOME@", str(home)))
    return project, home


def _run(line: str, project: Path, env: dict[str, str]) -> tuple[int, str]:
    command = line.split("#", 1)[0].strip()
    typed = TYPES.search(line)
    if typed:  # a typed confirmation needs a terminal: the test types what the doc says
        argv = ["/bin/bash", "-c", f"cd {project} && {command}"]
        return run_in_pty(argv, env, typed.group(1))
    # Output to a terminal (80 columns: $COLUMNS on a new pty), no terminal to type into.
    main, child = pty.openpty()
    proc = subprocess.Popen(
        ["bash", "-c", command], cwd=project, env=env, stdin=subprocess.DEVNULL,
        stdout=child, stderr=child,
    )  # fmt: skip
    os.close(child)
    out = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    return proc.wait(timeout=120), out.decode("utf-8", "replace").replace("\r\n", "\n")


def test_brownfield_walkthrough_runs_and_converges(
    storefront: tuple[Path, Path], snapshot: SnapshotAssertion
) -> None:
    """Each documented command exits as the doc says; the project and the user layer end
    converged, the personal server only in aido.local.toml, and every screen is as kept."""
    project, home = storefront
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "NO_COLOR"))}
    env.update(HOME=str(home), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", NO_COLOR="1",
               COLUMNS="80", TERM="dumb")  # fmt: skip
    lines = steps(DOC)
    assert sum(line.startswith("aido ") for line in lines) >= 10
    screens = []
    for line in lines:
        code, out = _run(line, project, env)
        expected = EXIT.search(line)
        assert code == (int(expected.group(1)) if expected else 0), f"$ {line}\n{out}"
        if line.startswith("aido "):
            screens.append(f"$ {line.split('#', 1)[0].strip()}\n{_stable(out, project, home)}")
    team = tomllib.loads((project / "aido.toml").read_text())
    mine = tomllib.loads((project / "aido.local.toml").read_text())
    assert "context7" in team["mcp"]["add"] and "custom" not in team
    assert set(mine["custom"]) == {"notes"}
    cursor = json.loads((project / ".cursor" / "mcp.json").read_text())["mcpServers"]
    assert cursor["context7"] == {"url": "https://mcp.context7.com/mcp"}
    codex = tomllib.loads((home / ".codex" / "config.toml").read_text())["mcp_servers"]
    assert "ctx7" not in codex and "context7" in codex
    for scope in ("project", "user"):
        final = subprocess.run(
            [str(BIN / "aido"), "plan", "--detailed-exitcode", "--scope", scope],
            cwd=project, env=env, capture_output=True, check=False,
        )  # fmt: skip
        assert final.returncode == 0, final
    assert screens == snapshot
