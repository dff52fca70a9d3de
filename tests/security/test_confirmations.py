"""Confirmations are bound to the real file: a link swapped in is a new, unconfirmed file."""

from __future__ import annotations

from pathlib import Path

from tests.reconcile.security_helpers import AIDO, apply_without_terminal, run_in_pty, sandbox_env
from tests.security.cli import project, write_json

CONFIG = (
    'adapters = ["claude-code"]\n[mcp]\nskip = ["context7", "sequential-thinking"]\n'
    '[custom.my-api]\ncommand = "npx"\nargs = ["-y", "my-mcp-server"]\n'
)


def test_a_confirmation_is_not_reused_after_the_file_becomes_a_link(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """Confirmed for the real .mcp.json; after a swap to a link the prompt names the target."""
    root = project(tmp_path, CONFIG)
    env = sandbox_env(sandbox_home)
    write_json(root / ".mcp.json", {"mcpServers": {}})
    original = (root / ".mcp.json").read_bytes()
    code, out = run_in_pty([AIDO, "confirm", "my-api", "--project", str(root)], env, "my-api")
    assert code == 0, out
    dotfile = tmp_path / "dotfiles" / "mcp.json"
    write_json(dotfile, {"mcpServers": {}})
    before = dotfile.read_bytes()
    (root / ".mcp.json").unlink()
    (root / ".mcp.json").symlink_to(dotfile)
    assert (
        apply_without_terminal(root, env).returncode == 1
    )  # the stored confirmation does not cover the target
    assert dotfile.read_bytes() == before
    code, out = run_in_pty([AIDO, "confirm", "my-api", "--project", str(root)], env, "no")
    assert str(dotfile) in out  # the confirmation prompt names the real target
    assert dotfile.read_bytes() == before
    (root / ".mcp.json").unlink()
    (root / ".mcp.json").write_bytes(original)
    assert (
        apply_without_terminal(root, env).returncode == 0
    )  # still valid for the file it was typed for
