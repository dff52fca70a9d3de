"""Issue 32 §6's smaller items: init git-ignores the local layer; a heal diff shows a
transport word that changed instead of `<redacted>` (and, issue 38 point 5, every value
that is not a secret)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.gate.redaction import redact_change, redacted
from aidokit.reconcile.plan.model import Action, Change, DiffKind, FieldDiff
from tests.helpers import aido, new_project


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (None, b"aido.local.toml\n"),
        (b"node_modules/\n", b"node_modules/\naido.local.toml\n"),
        (b"dist", b"dist\naido.local.toml\n"),
        (b"dist\r\n", b"dist\r\naido.local.toml\r\n"),
        (b"# mine\naido.local.toml\n", b"# mine\naido.local.toml\n"),
        (b"/aido.local.toml\n", b"/aido.local.toml\n"),
    ],
)
def test_init_git_ignores_the_local_layer(
    tmp_path: Path, before: bytes | None, after: bytes
) -> None:
    """`aido init` adds `aido.local.toml` to `.gitignore` once, keeping its bytes and line
    endings (SPEC 4: the local layer is never committed)."""
    project = new_project(tmp_path)
    (project / ".git").mkdir()
    if before is not None:
        (project / ".gitignore").write_bytes(before)
    assert aido(project, "init", "--yes") == 0
    assert (project / ".gitignore").read_bytes() == after


def test_init_outside_git_writes_no_gitignore(tmp_path: Path) -> None:
    """Without git and without a `.gitignore`, init creates none."""
    project = new_project(tmp_path)
    assert aido(project, "init", "--yes") == 0
    assert not (project / ".gitignore").exists()


def test_a_transport_word_is_shown_and_a_token_is_not() -> None:
    """Heal diffs keep `"sse"` (a kind of entry, never a secret) and the user's command,
    and redact a secret-named header's value."""
    row = FieldDiff(path="type", kind=DiffKind.CHANGED, before="sse", after="http")
    secret = FieldDiff(
        path="headers.Authorization", kind=DiffKind.CHANGED, before="hunter2", after="${X}"
    )
    change = Change(action=Action.HEAL, name="c", id="c", diff=(row, secret))
    shown = redact_change(change).diff
    assert shown[0].before == "sse" and shown[1].before == "<redacted>"
    assert redacted({"type": "stdio", "command": "npx"}) == {
        "type": "stdio",
        "command": "npx",
    }


def test_plan_heal_diff_shows_the_old_transport(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand edit of an owned entry's `type` reads `- "type": "sse"`, `+ "type": "http"`
    in the plan (JSON, the file's syntax)."""
    project = new_project(
        tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    )
    assert aido(project, "apply", "--yes") == 0
    path = project / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["context7"]["type"] = "sse"
    path.write_text(json.dumps(data, indent=2))
    capsys.readouterr()
    assert aido(project, "plan") == 0
    assert '      - "type": "sse"\n      + "type": "http"\n' in capsys.readouterr().out


def test_doctor_flags_a_name_at_user_and_project_scope(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server named in `.mcp.json` and in `~/.claude.json` too: doctor names both files
    and which one Claude Code uses."""
    config = 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    project = new_project(tmp_path, config)
    assert aido(project, "apply", "--yes") == 0
    mine = {"mcpServers": {"context7": {"type": "http", "url": "https://mcp.context7.com/mcp"}}}
    (sandbox_home / ".claude.json").write_text(json.dumps(mine))
    capsys.readouterr()
    aido(project, "doctor")
    out = capsys.readouterr().out
    assert "'context7' is defined in .mcp.json (project) and in ~/.claude.json (user)" in out
    assert "claude-code uses the project's" in out
