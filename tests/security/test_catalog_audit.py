"""A shell-running server without the gate: no routine entry can run shell commands (SPEC §7)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.security.cli import project, run

# Serena's contexts that turn `execute_shell_command` on (serena-agent 2.1.0).
SERENA_SHELL_CONTEXTS = {"agent", "desktop-app"}


def _show(tmp_path: Path, entry_id: str) -> dict[str, object]:
    result = run(project(tmp_path), "catalog", "show", entry_id, "--json")
    assert result.returncode == 0, result.stderr
    entry: dict[str, object] = json.loads(result.stdout)["entry"]
    return entry


def test_serena_never_gets_a_shell_context_for_any_harness(tmp_path: Path) -> None:
    """Every harness's serena spec names a context without execute_shell_command."""
    entry = _show(tmp_path, "serena")
    install = entry["install"]
    assert isinstance(install, dict) and install
    for adapter, spec in install.items():
        args = spec["args"]
        context = args[args.index("--context") + 1]
        assert context not in SERENA_SHELL_CONTEXTS, adapter


def test_every_shell_entry_is_gated() -> None:
    """Every catalog entry tagged as running shell commands is security-sensitive."""
    from aidokit.catalog.entries import MCP_CATALOG

    assert [e.id for e in MCP_CATALOG if "shell" in e.tags and not e.security_sensitive] == []


def test_the_git_entry_does_not_claim_to_be_read_only(tmp_path: Path) -> None:
    """The git server can commit, reset and check out: its description says so."""
    entry = _show(tmp_path, "git")
    purpose = str(entry["purpose"]).lower()
    assert "read-only" not in purpose
    assert "commit" in purpose and "reset" in purpose
    assert "write-access" in entry["tags"]  # type: ignore[operator]
