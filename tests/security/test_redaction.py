"""Secrets copied out: literal values aido does not own never leave the file (SPEC §7)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.security.cli import project, run, write_json

TOKEN = "ghp_S3cr3tT0kenTheUserTypedByHand0123456789"
USERS_ENTRY = {
    "command": "npx",
    "args": ["-y", "some-server", f"--token={TOKEN}"],
    "env": {"GITHUB_TOKEN": TOKEN},
}


def _outputs(root: Path, tmp_path: Path) -> str:
    """Everything plan, plan --json and plan --out show for this project."""
    saved = tmp_path / "plan.json"
    text = run(root, "plan")
    as_json = run(root, "plan", "--json")
    out = run(root, "plan", "--out", str(saved))
    assert 0 in (text.returncode, as_json.returncode, out.returncode), text.stderr
    parts = [text.stdout, text.stderr, as_json.stdout, as_json.stderr, out.stdout]
    return "".join(parts) + (saved.read_text() if saved.exists() else "")


def test_a_conflicting_users_entry_is_never_printed_or_saved(tmp_path: Path) -> None:
    """The user's own entry under a catalog name: plan, --json and --out never hold its token."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {"context7": USERS_ENTRY}})
    shown = _outputs(root, tmp_path)
    assert "context7" in shown
    assert TOKEN not in shown


def test_a_drifted_value_is_shown_as_changed_not_literally(tmp_path: Path) -> None:
    """A token typed into an entry aido owns shows up in the heal diff as changed, redacted."""
    root = project(tmp_path)
    assert run(root, "apply", "--yes").returncode == 0
    config = json.loads((root / ".mcp.json").read_text())
    config["mcpServers"]["context7"]["headers"] = {"API_KEY": TOKEN}
    config["mcpServers"]["context7"]["note"] = TOKEN
    write_json(root / ".mcp.json", config)
    shown = _outputs(root, tmp_path)
    assert "API_KEY" in shown  # the value exists and will change...
    assert TOKEN not in shown  # ...but its literal is never shown


def test_adopt_never_prints_the_users_token(tmp_path: Path) -> None:
    """`aido adopt` of a user's entry shows the difference without the literal token."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {"context7": USERS_ENTRY}})
    result = run(root, "adopt", "context7", "--adapter", "claude-code")
    assert "context7" in result.stdout + result.stderr
    assert TOKEN not in result.stdout + result.stderr


def test_status_never_prints_the_users_token(tmp_path: Path) -> None:
    """`aido status` (text and JSON) shows entry names, never their values."""
    root = project(tmp_path)
    write_json(root / ".mcp.json", {"mcpServers": {"mine": USERS_ENTRY}})
    for argv in (("status",), ("status", "--json")):
        result = run(root, *argv)
        assert "mine" in result.stdout
        assert TOKEN not in result.stdout + result.stderr
