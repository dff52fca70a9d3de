"""The docs stay true: generated reference current, links resolve, shell snippets run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from aidokit.reconcile.cli.clidoc import reference
from aidokit.reconcile.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BIN = Path(sys.executable).parent
FENCE = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)
EXIT = re.compile(r"#\s*exit (\d+)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TEAM = re.compile(r"^```sh team\n(.*?)^```", re.M | re.S)


def aido_lines(doc: Path) -> list[tuple[str, int]]:
    """Each `aido ...` line of the doc's `sh` blocks, with the exit code it expects."""
    lines = []
    for block in FENCE.findall(doc.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("aido "):
                expected = EXIT.search(line)
                lines.append((line, int(expected.group(1)) if expected else 0))
    return lines


def test_cli_reference_is_current() -> None:
    """docs/cli-reference.md equals `python -m aidokit.reconcile.cli.clidoc` output."""
    committed = (DOCS / "cli-reference.md").read_text(encoding="utf-8")
    assert committed == reference(build_parser()), (
        "run: .venv/bin/python -m aidokit.reconcile.cli.clidoc > docs/cli-reference.md"
    )


def test_cli_reference_covers_every_command() -> None:
    """Every subcommand has a section in the generated reference."""
    text = reference(build_parser())
    for name in ("init", "plan", "apply", "status", "completion"):
        assert f"## `aido {name}`" in text


def test_relative_links_resolve() -> None:
    """Every relative link in README.md and docs/*.md points at a file that exists."""
    broken = []
    for doc in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            if not (doc.parent / target.split("#")[0]).exists():
                broken.append(f"{doc.relative_to(ROOT)} -> {target}")
    assert not broken


def test_documented_commands_converge_a_new_project(
    fixture_project: Callable[[str], Path], tmp_path: Path
) -> None:
    """getting-started.md then ci.md, run as written by a new user, end converged."""
    project = fixture_project("demo-project")
    (project / "aido.toml").unlink()
    home = tmp_path / "new-user"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", NO_COLOR="1")
    steps = aido_lines(DOCS / "getting-started.md") + aido_lines(DOCS / "ci.md")
    assert len(steps) >= 8
    for line, expected in steps:
        result = subprocess.run(
            ["bash", "-c", line], cwd=project, env=env, capture_output=True, text=True
        )
        assert result.returncode == expected, f"$ {line}\n{result.stdout}{result.stderr}"
    final = subprocess.run(
        [str(BIN / "aido"), "plan", "--detailed-exitcode"], cwd=project, env=env, check=False
    )
    assert final.returncode == 0
    assert (project / "aido.toml").is_file() and (home / ".aido-completion.bash").is_file()


def team_script(doc: Path) -> str:
    """Every `sh team` block of the doc as one bash script that checks each aido exit code."""
    lines = ["set -e"]
    for block in TEAM.findall(doc.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if not line.startswith("aido "):
                lines.append(line)
                continue
            expected = EXIT.search(line)
            code = int(expected.group(1)) if expected else 0
            command = line.split("#", 1)[0].strip()
            lines.append(
                f"if {command}; then rc=0; else rc=$?; fi; "
                f'[ "$rc" -eq {code} ] || {{ echo "FAILED ($rc != {code}): {command}"; exit 99; }}'
            )
    return "\n".join(lines) + "\n"


def test_team_walkthrough_runs(tmp_path: Path) -> None:
    """getting-started.md's team walkthrough runs as written, every command and exit code."""
    project = tmp_path / "team-repo"
    project.mkdir()
    home = tmp_path / "teammate"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", NO_COLOR="1")
    script = team_script(DOCS / "getting-started.md")
    assert script.count("aido ") >= 8
    result = subprocess.run(
        ["bash", "-c", script], cwd=project, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "+ time  (added in aido.local.toml)" in out
    assert "vscode has no per-person file for this project: this choice is not written" in out
    switch = "+ disabledMcpjsonServers[context7]  (the team's context7 switched off for you"
    assert switch in out
    assert "Profile 'review' is active for this project: on for you: playwright" in out
    assert "- time  (" in out  # the profile leaves the person's own time out
    assert "Profile: review" in out
    assert "(delete: vscode is no longer targeted)" in out
    claude = json.loads((home / ".claude.json").read_text(encoding="utf-8"))
    assert set(claude["mcpServers"]) == {"fetch"}
    assert set(claude["projects"][str(project)]["mcpServers"]) == {"time"}  # the person's
    local = json.loads((project / ".claude" / "settings.local.json").read_text("utf-8"))
    assert local == {"disabledMcpjsonServers": ["context7"]}  # `aido use --none`: as before
    servers = json.loads((project / ".mcp.json").read_text(encoding="utf-8"))["mcpServers"]
    assert set(servers) == {"context7", "playwright"}  # the team's set, whoever applied
    assert "--headless" in servers["playwright"]["args"]
    # aido created .vscode/mcp.json and nothing else is in it now: it is gone (SPEC §6).
    assert not (project / ".vscode" / "mcp.json").exists()


ARCH_PATH = re.compile(r"`((?:reconcile|catalog|adapters)/[\w/]*\w(?:\.py)?/?)`")


def test_architecture_names_files_that_exist() -> None:
    """Every `reconcile/...`, `catalog/...` or `adapters/...` path docs/architecture.md
    names exists, and its tree shows every folder of tests/test_layers.py's order."""
    from tests.test_layers import RECONCILE_ORDER

    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    named = set(ARCH_PATH.findall(text))
    assert len(named) > 40
    assert sorted(p for p in named if not (ROOT / p.rstrip("/")).exists()) == []
    tree = text[text.index("## Where things live") :]
    missing = [f for f in RECONCILE_ORDER if not re.search(rf"^  {f}/ ", tree, re.M)]
    assert missing == []
