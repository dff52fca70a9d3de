"""`aido undo` is a whole undo (issue 38 §3): every command that edits aido.toml journals it,
with aido.lock, the adoption records and the typed confirmations, in the transaction of
the harness files; undo puts all of it back, and the project is as it was before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from tests.helpers import aido, new_project

Capture = pytest.CaptureFixture[str]
TWO = 'adapters = ["claude-code", "cursor"]\nsuggest = false\n'
CONTEXT7 = {"type": "http", "url": "https://mcp.context7.com/mcp"}
CUSTOM = {"type": "http", "url": "https://mcp.example.com/mcp"}


def _snapshot(project: Path, home: Path) -> dict[str, bytes | None]:
    """Every file aido may touch: the project's (aido.toml, aido.lock, .aido/, harness
    files) and the user's confirmation store."""
    found: dict[str, bytes | None] = {
        str(p.relative_to(project)): p.read_bytes()
        for p in sorted(project.rglob("*"))
        if (p.is_file() and ".lock" not in p.suffixes[-1:]) or p.name == "aido.lock"
    }
    store = home / ".local" / "state" / "aido" / "confirmations.json"
    found["confirmations"] = store.read_bytes() if store.exists() else None
    return found


def _project(tmp_path: Path, servers: dict[str, object], config: str = TWO) -> Path:
    project = new_project(tmp_path, config)
    (project / ".cursor").mkdir()
    (project / ".cursor" / "mcp.json").write_text(
        '{\n  "mcpServers": ' + json.dumps(servers, indent=4) + "\n}\n"
    )
    return project


def _plan_output(project: Path, capsys: Capture) -> tuple[int, str]:
    capsys.readouterr()
    code = aido(project, "plan", "--no-color")
    return code, capsys.readouterr().out


def _undo_all(project: Path, capsys: Capture) -> str:
    capsys.readouterr()
    assert aido(project, "undo", "--yes") == 0
    return capsys.readouterr().out


def test_import_then_undo_restores_aido_toml_records_and_files(
    tmp_path: Path, sandbox_home: Path, capsys: Capture
) -> None:
    """Import spreads context7 to Claude Code and adopts Cursor's entry; undo takes back the
    config edit, the adoption record and the new .mcp.json: the plan is the pre-import one."""
    project = _project(tmp_path, {"context7": CONTEXT7})
    before = _snapshot(project, sandbox_home)
    plan_before = _plan_output(project, capsys)
    assert aido(project, "import", "--yes") == 0
    assert (project / ".mcp.json").exists()
    assert _snapshot(project, sandbox_home) != before
    out = _undo_all(project, capsys)
    assert "# aido.toml (aido)" in out
    assert "aido stops owning what that import adopted" in out
    assert _snapshot(project, sandbox_home) == before
    assert _plan_output(project, capsys) == plan_before


def test_import_of_an_entry_as_it_stands_is_undone_too(
    tmp_path: Path, sandbox_home: Path, capsys: Capture
) -> None:
    """An import that writes no harness file (only aido.toml and a record) is a transaction
    of its own: undo finds it and restores both."""
    project = _project(tmp_path, {"context7": CONTEXT7}, 'adapters = ["cursor"]\nsuggest = false\n')
    before = _snapshot(project, sandbox_home)
    assert aido(project, "import", "--yes") == 0
    assert b"context7" in (project / "aido.toml").read_bytes()
    capsys.readouterr()
    assert aido(project, "undo", "--list") == 0
    assert "import" in capsys.readouterr().out
    _undo_all(project, capsys)
    assert _snapshot(project, sandbox_home) == before


def test_import_of_a_custom_server_undone_forgets_its_confirmation(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """The confirmation typed at import goes with the undo, so the next apply of the same
    server asks again; and after the undo apply writes nothing of it."""
    from tests.reconcile.security_helpers import AIDO, run_in_pty, sandbox_env

    project = _project(tmp_path, {"my-api": CUSTOM})
    before = _snapshot(project, sandbox_home)
    argv = [AIDO, "import", "--yes", "--project", str(project)]
    code, out = run_in_pty(argv, sandbox_env(sandbox_home), "my-api")
    assert code == 0, out
    assert _snapshot(project, sandbox_home)["confirmations"] is not None
    assert aido(project, "undo", "--yes") == 0
    assert _snapshot(project, sandbox_home) == before
    assert aido(project, "apply", "--yes") == 0
    assert not (project / ".mcp.json").exists()
    assert b"my-api" not in (project / "aido.toml").read_bytes()


@pytest.mark.parametrize(
    "argv",
    [
        ("mcp", "add", "context7"),
        ("mcp", "add", "context7", "--roles", "researcher"),
        ("mcp", "add", "my-api", "--custom-url", "https://mcp.example.com/mcp"),
        ("mcp", "add", "tool", "--custom-command", "node", "tool.js"),
    ],
)
def test_mcp_add_is_undone(
    tmp_path: Path, sandbox_home: Path, capsys: Capture, argv: tuple[str, ...]
) -> None:
    """`aido mcp add` edits aido.toml only: undo puts its bytes back."""
    project = new_project(tmp_path, "# ours\n" + TWO)
    before = _snapshot(project, sandbox_home)
    assert main(["--project", str(project), *argv]) == 0  # --custom-command comes last
    assert _snapshot(project, sandbox_home) != before
    out = _undo_all(project, capsys)
    assert "mcp add" in out
    assert _snapshot(project, sandbox_home) == before


def test_mcp_add_into_a_new_aido_toml_is_undone_by_removing_it(
    tmp_path: Path, sandbox_home: Path, capsys: Capture
) -> None:
    """An aido.toml that mcp add created goes again with the undo."""
    project = new_project(tmp_path)
    assert aido(project, "mcp", "add", "context7") == 0
    assert (project / "aido.toml").exists()
    _undo_all(project, capsys)
    assert not (project / "aido.toml").exists()


def test_remove_is_undone_with_its_skip(
    tmp_path: Path, sandbox_home: Path, capsys: Capture
) -> None:
    """`aido remove` records a skip and deletes the entry: undo brings back both."""
    project = new_project(tmp_path, TWO + '[mcp]\nadd = ["context7"]\n')
    assert aido(project, "apply", "--yes") == 0
    before = _snapshot(project, sandbox_home)
    assert aido(project, "remove", "context7", "--yes") == 0
    assert b"skip" in (project / "aido.toml").read_bytes()
    _undo_all(project, capsys)
    assert _snapshot(project, sandbox_home) == before
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_adopt_as_it_stands_is_undone(tmp_path: Path, sandbox_home: Path, capsys: Capture) -> None:
    """Adopting an equal entry writes only its record; undo forgets it, the conflict is back."""
    project = _project(
        tmp_path,
        {"context7": CONTEXT7},
        'adapters = ["cursor"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n',
    )
    before = _snapshot(project, sandbox_home)
    plan_before = _plan_output(project, capsys)
    assert aido(project, "adopt", "context7", "--adapter", "cursor") == 0
    assert _snapshot(project, sandbox_home) != before
    _undo_all(project, capsys)
    assert _snapshot(project, sandbox_home) == before
    assert _plan_output(project, capsys) == plan_before


def test_apply_that_moves_the_lock_is_undone_with_the_lock(
    tmp_path: Path, sandbox_home: Path, capsys: Capture
) -> None:
    """aido.lock is written in apply's transaction: undo restores it with the files."""
    project = new_project(tmp_path, TWO + '[mcp]\nadd = ["context7"]\n')
    assert aido(project, "apply", "--yes") == 0
    before = _snapshot(project, sandbox_home)
    text = (project / "aido.toml").read_text().replace('"context7"', '"context7", "playwright"')
    (project / "aido.toml").write_text(text)
    edited = _snapshot(project, sandbox_home)
    assert aido(project, "apply", "--yes") == 0
    assert (project / "aido.lock").read_bytes() != before["aido.lock"]
    out = _undo_all(project, capsys)
    assert "# aido.lock (aido)" in out
    assert _snapshot(project, sandbox_home) == edited


def test_undo_of_an_own_file_changed_since_leaves_it(
    tmp_path: Path, sandbox_home: Path, capsys: Capture
) -> None:
    """aido.toml edited by hand after mcp add: undo never overwrites it (a conflict)."""
    project = new_project(tmp_path, TWO)
    assert aido(project, "mcp", "add", "context7") == 0
    path = project / "aido.toml"
    path.write_text(path.read_text() + "# mine\n")
    mine = path.read_bytes()
    capsys.readouterr()
    assert aido(project, "undo", "--yes") == 1
    assert "changed since" in capsys.readouterr().out
    assert path.read_bytes() == mine
