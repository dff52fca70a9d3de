"""SPEC §7 gate at a real pseudo-terminal: only typing the entry's id installs it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.helpers import new_project
from tests.reconcile.security_helpers import AIDO, apply_without_terminal, run_in_pty, sandbox_env

CUSTOM = '[custom.my-api]\ncommand = "npx"\nargs = ["-y", "my-mcp-server"]\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, 'adapters = ["claude-code"]\n' + CUSTOM)


@pytest.fixture
def env(sandbox_home: Path) -> dict[str, str]:
    return sandbox_env(sandbox_home)


def store(env: dict[str, str]) -> Path:
    return Path(env["XDG_STATE_HOME"]) / "aido" / "confirmations.json"


def test_typing_the_id_installs_it(project: Path, env: dict[str, str]) -> None:
    """At a terminal, apply --yes shows the command and files; typing the id writes the entry."""
    code, out = run_in_pty([AIDO, "apply", "--yes", "--project", str(project)], env, "my-api")
    assert code == 0, out
    assert '"npx"' in out and "my-mcp-server" in out and ".mcp.json (claude-code" in out
    servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    assert servers["my-api"]["command"] == "npx"
    assert servers["my-api"]["args"] == ["-y", "my-mcp-server"]
    assert store(env).stat().st_mode & 0o777 == 0o600
    again = apply_without_terminal(project, env)
    assert again.returncode == 0 and "No changes." in again.stdout


@pytest.mark.parametrize("answer", ["yes", "y", "MY-API", "my-api2", ""])
def test_typing_anything_else_installs_nothing(
    project: Path, env: dict[str, str], answer: str
) -> None:
    """Any answer but the exact id refuses: no file, no state, no confirmation."""
    code, out = run_in_pty([AIDO, "apply", "--yes", "--project", str(project)], env, answer)
    assert code == 1, out
    assert "was not confirmed" in out
    assert sorted(p.name for p in project.iterdir()) == ["aido.toml"]
    assert not store(env).exists()


def test_piped_stdin_cannot_answer_even_with_a_terminal(project: Path, env: dict[str, str]) -> None:
    """`echo my-api | aido apply --yes` in a terminal still refuses and writes nothing."""
    script = f"echo my-api | {AIDO} apply --yes --project {project}"
    code, out = run_in_pty(["/bin/sh", "-c", script], env, None)
    assert code == 1, out
    assert "aido confirm my-api" in out
    assert not (project / ".mcp.json").exists()


def test_confirm_ahead_then_apply_without_terminal(project: Path, env: dict[str, str]) -> None:
    """`aido confirm ID` at a terminal lets a later non-interactive apply write it."""
    code, out = run_in_pty([AIDO, "confirm", "my-api", "--project", str(project)], env, "my-api")
    assert code == 0, out
    assert not (project / ".mcp.json").exists()
    result = apply_without_terminal(project, env)
    assert result.returncode == 0, result.stderr
    assert "my-api" in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_sensitive_catalog_entry_at_a_terminal(project: Path, env: dict[str, str]) -> None:
    """A sensitive catalog entry named in `[mcp] add` is installed only after typing its id."""
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["filesystem"]\n')
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from security_helpers import FILESYSTEM, catalog_with;"
        "from aidokit.catalog import entries; from aidokit.reconcile.cli import main as cli;"
        "entries.MCP_CATALOG = catalog_with(FILESYSTEM);"
        "sys.exit(cli.main(sys.argv[2:]))"
    )
    helpers = str(Path(__file__).parents[1])
    argv = [sys.executable, "-c", code, helpers, "apply", "--yes", "--project", str(project)]
    refused, out = run_in_pty(argv, env, "no")
    assert refused == 1 and not (project / ".mcp.json").exists(), out
    accepted, out = run_in_pty(argv, env, "filesystem")
    assert accepted == 0, out
    assert "server-filesystem" in out
    assert "filesystem" in json.loads((project / ".mcp.json").read_text())["mcpServers"]
