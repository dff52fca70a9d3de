"""Helpers for the security tests: sensitive catalog entries and a pseudo-terminal runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec, StdioSpec
from tests.terminal import on_a_pty

AIDO = str(Path(sys.executable).with_name("aido"))

FS_SPEC = StdioSpec(command="npx", args=("-y", "@modelcontextprotocol/server-filesystem", "."))
FILESYSTEM = MCPDef(
    id="filesystem",
    name="Filesystem",
    purpose="Read and write files.",
    suggested_for=("implementer",),
    triggers=("always",),
    install={"claude-code": FS_SPEC},
    security_sensitive=True,
)


def catalog_with(*entries: MCPDef) -> tuple[MCPDef, ...]:
    """The catalog plus `entries` (replacing catalog entries of the same id)."""
    ids = {e.id for e in entries}
    return (*(e for e in MCP_CATALOG if e.id not in ids), *entries)


def entry(
    entry_id: str,
    *,
    deprecated: bool = False,
    replaced_by: str | None = None,
    secret: str | None = None,
    min_cli: str | None = None,
) -> MCPDef:
    """A remote test entry for claude-code."""
    headers = {"Authorization": f"Bearer ${{{secret}}}"} if secret else {}
    spec = RemoteSpec(
        url=f"https://{entry_id}.example.com/mcp", headers=headers, min_cli_version=min_cli
    )
    return MCPDef(
        id=entry_id,
        name=entry_id,
        purpose="A test entry.",
        suggested_for=("implementer",),
        triggers=("never",),
        install={"claude-code": spec},
        env=(EnvVar(name=secret, secret=True),) if secret else (),
        deprecated=deprecated,
        replaced_by=replaced_by,
    )


def sandbox_env(home: Path) -> dict[str, str]:
    """An environment whose HOME and state dir are under `home`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "NO_COLOR"))}
    env.update(HOME=str(home), XDG_STATE_HOME=str(home / ".local" / "state"), TERM="dumb")
    return env


def run_in_pty(
    argv: list[str], env: dict[str, str], answer: str | None, timeout: float = 60
) -> tuple[int, str]:
    """Run `argv` on a new pseudo-terminal; type `answer` when asked to confirm."""
    steps = [] if answer is None else [(b"to allow it", answer.encode() + b"\n")]
    return on_a_pty(argv, env, steps, timeout=timeout)


def apply_without_terminal(project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run `aido apply --yes` on `project` as a subprocess with no terminal on stdin."""
    return subprocess.run(
        [AIDO, "apply", "--yes", "--project", str(project)],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
