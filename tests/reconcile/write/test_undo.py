"""`aido undo`: restores a journaled apply's files and ownership, compare-and-swap per file."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from projects import materialize

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.write.journal import journal_root

# One file per format: JSON, TOML, JSONC (VS Code), OpenCode's JSON with its own shape.
FILES = {
    "claude-code": ".mcp.json",
    "codex": ".codex/config.toml",
    "vscode": ".vscode/mcp.json",
    "opencode": "opencode.json",
}
STATE = ".aido/state.json"
Capture = pytest.CaptureFixture[str]


@pytest.fixture
def demo(fixture_project: Callable[[str], Path]) -> Path:
    """The demo project (4 adapters) after a first apply."""
    project = fixture_project("demo-project")
    assert _aido(project, "apply", "--yes") == 0
    return project


def _aido(project: Path, *argv: str) -> int:
    return main([*argv, "--project", str(project)])


def _hand_edit(path: Path) -> None:
    """Change an argument of the serena entry aido owns, as a person would (any syntax)."""
    text = path.read_text()
    assert text.count('"start-mcp-server"') == 1
    path.write_text(text.replace('"start-mcp-server"', '"start-mcp-server-by-hand"'))


def _toggle(project: Path, skip_playwright: bool) -> None:
    """Skip playwright or not: an apply that changes every file."""
    skip = '"sequential-thinking", "playwright"' if skip_playwright else '"sequential-thinking"'
    text = (project / "aido.toml").read_text()
    start = text.index("skip = [")
    end = text.index("]", start) + 1
    (project / "aido.toml").write_text(text[:start] + f"skip = [{skip}]" + text[end:])


@pytest.mark.parametrize("adapter", sorted(FILES))
def test_undo_brings_back_a_hand_edit_that_heal_overwrote(
    adapter: str, demo: Path, capsys: Capture
) -> None:
    """apply, hand edit, apply (heal), undo: the hand edit is back byte for byte, state too."""
    path = demo / FILES[adapter]
    _hand_edit(path)
    edited, state = path.read_bytes(), (demo / STATE).read_bytes()
    assert _aido(demo, "plan", "--adapter", adapter) == 0
    assert "`aido undo` brings it back" in capsys.readouterr().out
    assert _aido(demo, "apply", "--yes", "--adapter", adapter) == 0
    assert path.read_bytes() != edited
    capsys.readouterr()
    assert _aido(demo, "undo", "--yes") == 0
    out = capsys.readouterr().out
    assert "< restore" in out and "Undo complete! 1 file restored" in out
    assert path.read_bytes() == edited
    assert (demo / STATE).read_bytes() == state
    assert _aido(demo, "undo", "--yes") == 1
    assert "was already undone by" in capsys.readouterr().err


def test_second_undo_of_the_named_transaction_is_refused(demo: Path, capsys: Capture) -> None:
    """Naming an undone transaction again is refused and writes nothing."""
    tx = _last_id(demo, capsys)
    assert _aido(demo, "undo", "--yes", tx) == 0
    before = _files(demo)
    assert _aido(demo, "undo", "--yes", tx[:20]) == 1
    assert f"transaction {tx} was already undone" in capsys.readouterr().err
    assert _files(demo) == before


def test_undo_of_a_first_apply_removes_the_files_it_created(demo: Path, capsys: Capture) -> None:
    """Files the apply created are removed again; state holds no record of them."""
    created = [rel for rel in FILES.values() if rel != ".vscode/mcp.json"]
    assert _aido(demo, "undo", "--yes") == 0
    assert [rel for rel in created if (demo / rel).exists()] == []
    assert not (demo / STATE).exists()
    assert (demo / ".vscode/mcp.json").read_bytes() == _fixture_vscode()
    capsys.readouterr()
    assert _aido(demo, "plan", "--json") == 0
    assert json.loads(capsys.readouterr().out)["summary"]["conflict"] == 0


def _fixture_vscode() -> bytes:
    root = Path(__file__).resolve().parents[3]
    return (root / "fixtures/demo-project/.vscode/mcp.json").read_bytes()


def test_a_file_changed_since_is_a_conflict_and_never_overwritten(
    demo: Path, capsys: Capture
) -> None:
    """One file changed after the apply: it is left alone; the others are restored."""
    before = _files(demo)
    _toggle(demo, skip_playwright=True)
    assert _aido(demo, "apply", "--yes") == 0
    changed = demo / ".mcp.json"
    changed.write_bytes(changed.read_bytes() + b"\n")
    mine = changed.read_bytes()
    capsys.readouterr()
    assert _aido(demo, "undo", "--yes") == 0
    out = capsys.readouterr().out
    assert "! conflict: changed since that apply; left alone" in out
    assert "Undo complete! 4 files restored; 1 left alone (changed since)." in out  # aido.lock too
    assert changed.read_bytes() == mine
    after = _files(demo)
    assert {k: v for k, v in after.items() if k != ".mcp.json" and k != STATE} == {
        k: v for k, v in before.items() if k != ".mcp.json" and k != STATE
    }


def test_undo_needs_a_terminal_or_yes(demo: Path, capsys: Capture) -> None:
    """Without --yes and without a terminal, undo shows its plan and writes nothing."""
    before = _files(demo)
    assert _aido(demo, "undo") == 1
    assert "pass --yes" in capsys.readouterr().err
    assert _files(demo) == before


def test_list_shows_when_which_files_and_entries(demo: Path, capsys: Capture) -> None:
    """--list: id, time, command and status per transaction, each file with its entries."""
    capsys.readouterr()
    assert _aido(demo, "undo", "--list") == 0
    out = capsys.readouterr().out
    assert " UTC  apply  committed" in out
    assert ".codex/config.toml (codex): + chrome-devtools, + context7" in out
    tx = _last_id(demo, capsys)
    assert _aido(demo, "undo", "--yes") == 0
    capsys.readouterr()
    assert _aido(demo, "undo", "--list") == 0
    out = capsys.readouterr().out
    assert f"undo of {tx}  committed" in out and "committed, undone by " in out
    assert ".codex/config.toml (codex): - chrome-devtools, - context7" in out


def test_an_undo_can_be_undone(demo: Path, capsys: Capture) -> None:
    """Naming the undo transaction redoes the apply it undid."""
    applied = _files(demo)
    assert _aido(demo, "undo", "--yes") == 0
    capsys.readouterr()
    assert _aido(demo, "undo", "--list") == 0
    undo_id = capsys.readouterr().out.split("\n\n")[1].split()[0]
    assert _aido(demo, "undo", "--yes", undo_id) == 0
    assert _files(demo) == applied


def test_nothing_to_undo_is_a_clear_error(
    fixture_project: Callable[[str], Path], capsys: Capture
) -> None:
    """A project with no journaled apply: exit 1 naming the journal."""
    project = fixture_project("demo-project")
    assert _aido(project, "undo", "--yes") == 1
    assert "nothing to undo: aido's journal" in capsys.readouterr().err


def test_retention_keeps_the_last_n(
    demo: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    """AIDO_JOURNAL_KEEP=2: after more applies only the newest two transactions stay."""
    monkeypatch.setenv("AIDO_JOURNAL_KEEP", "2")
    for skip in (True, False, True):
        _toggle(demo, skip_playwright=skip)
        assert _aido(demo, "apply", "--yes") == 0
    groups = [g for g in journal_root().iterdir() if g.name != "open"]
    assert [len(list(g.iterdir())) for g in groups] == [2]
    monkeypatch.setenv("AIDO_JOURNAL_KEEP", "0")
    assert _aido(demo, "undo", "--list") == 1
    assert "AIDO_JOURNAL_KEEP='0' is not a whole number" in capsys.readouterr().err


def test_size_cap_keeps_the_newest(
    demo: Path, monkeypatch: pytest.MonkeyPatch, sandbox_home: Path
) -> None:
    """AIDO_JOURNAL_MAX_MB=1 with a 3 MB file: older transactions go, the newest stays."""
    monkeypatch.setenv("AIDO_JOURNAL_MAX_MB", "1")
    big = {"mcpServers": {}, "junk": [os.urandom(16).hex() for _ in range(100_000)]}
    (demo / ".mcp.json").write_text(json.dumps(big, indent=2))
    for skip in (True, False):
        _toggle(demo, skip_playwright=skip)
        assert _aido(demo, "apply", "--yes") == 0
    groups = [g for g in journal_root().iterdir() if g.name != "open"]
    assert [len(list(g.iterdir())) for g in groups] == [1]


def test_journal_is_private(demo: Path) -> None:
    """The journal copies config files that may hold tokens: folders 0700, files 0600."""
    for path in [journal_root(), *journal_root().rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & 0o077 == 0, (path, oct(mode))


def _files(project: Path) -> dict[str, bytes | None]:
    paths = [*FILES.values(), STATE]
    return {p: (project / p).read_bytes() if (project / p).exists() else None for p in paths}


def _last_id(project: Path, capsys: Capture) -> str:
    capsys.readouterr()
    assert _aido(project, "undo", "--list") == 0
    return capsys.readouterr().out.split("\n\n")[1].split()[0]


def test_journal_of_a_deleted_project_is_dropped(
    fixture_project: Callable[[str], Path], tmp_path: Path
) -> None:
    """Once a project folder is gone, the next commit drops its journal (nothing to restore)."""
    import shutil

    gone = fixture_project("demo-project")
    assert _aido(gone, "apply", "--yes") == 0
    shutil.rmtree(gone)
    other = tmp_path / "other"
    shutil.copytree(Path(__file__).resolve().parents[3] / "fixtures/demo-project", other)
    assert _aido(other, "apply", "--yes") == 0
    groups = [g.name for g in journal_root().iterdir() if g.name != "open"]
    assert len(groups) == 1 and groups[0].startswith("other-project-")


def test_each_transaction_names_the_command_that_made_it(demo: Path, capsys: Capture) -> None:
    """--list names apply, remove, destroy and undo, not "apply" for every transaction."""
    assert _aido(demo, "remove", "serena", "--yes") == 0
    assert _aido(demo, "destroy", "--yes") == 0
    assert _aido(demo, "undo", "--yes") == 0
    capsys.readouterr()
    assert _aido(demo, "undo", "--list") == 0
    heads = [block.split("\n")[0] for block in capsys.readouterr().out.split("\n\n")[1:]]
    kinds = [head.split("  ")[2].split(" ")[0] for head in heads]
    assert kinds == ["undo", "destroy", "remove", "apply"], heads


def test_the_sweep_for_gone_projects_reads_only_their_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every apply looks for journals of deleted projects. It reads in full (and believes)
    only the records of a project whose folder is gone, not every record of every project a
    person ever ran aido in (up to 20 each): reading all of them made each apply slower the
    more aido was used (300 projects: +570 ms an apply, /tmp bench in the commit)."""
    import shutil

    from aidokit.reconcile.write import journal

    projects = [materialize("demo-project", tmp_path / name) for name in ("a", "b", "c")]
    for project in projects:
        for command in ("apply", "destroy", "apply"):
            assert _aido(project, command, "--yes") == 0
    groups = sorted(g.name for g in journal_root().iterdir() if g.name != "open")
    assert len(groups) == 3
    read: list[Path] = []
    real = journal.read_record
    monkeypatch.setattr(journal, "read_record", lambda f: read.append(f) or real(f))
    journal.prune_gone(journal_root())
    assert read == []
    assert sorted(g.name for g in journal_root().iterdir() if g.name != "open") == groups
    shutil.rmtree(projects[0])
    journal.prune_gone(journal_root())
    assert len(read) == 3  # the gone project's three transactions, each believed first
    left = sorted(g.name for g in journal_root().iterdir() if g.name != "open")
    assert left == [g for g in groups if not g.startswith("a-")]
