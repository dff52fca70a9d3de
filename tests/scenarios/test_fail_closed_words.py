"""Smaller trust defects (issue 30, section 5): each command fails closed or says what it did."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aidokit.reconcile.write import apply as apply_module
from tests.security.cli import clean_error, run

CLAUDE = 'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n'
HAND = {"command": "npx", "args": ["-y", "my-own-server"]}


def _project(tmp_path: Path, toml: str = CLAUDE) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "aido.toml").write_text(toml, "utf-8")
    return root


def _servers(root: Path) -> dict[str, object]:
    if not (root / ".mcp.json").exists():
        return {}  # aido removed the file it created once it held nothing else
    data = json.loads((root / ".mcp.json").read_text("utf-8"))
    servers: dict[str, object] = data["mcpServers"]
    return servers


# --- remove, then mcp add ------------------------------------------------------------


def test_mcp_add_after_remove_installs_it_again(tmp_path: Path) -> None:
    """`aido remove X` then `aido mcp add X`: the add lifts the skip and apply installs X."""
    root = _project(tmp_path)
    assert run(root, "apply", "--yes").returncode == 0
    assert "context7" in _servers(root)
    assert run(root, "remove", "context7", "--yes").returncode == 0
    assert "context7" not in _servers(root)
    added = run(root, "mcp", "add", "context7")
    assert added.returncode == 0 and "Added 'context7'" in added.stdout
    assert run(root, "apply", "--yes").returncode == 0
    assert "context7" in _servers(root)


def test_mcp_add_says_why_a_local_skip_keeps_it_out(tmp_path: Path) -> None:
    """A skip in aido.local.toml outranks aido.toml's add: mcp add refuses, naming that file,
    and writes nothing."""
    root = _project(tmp_path)
    (root / "aido.local.toml").write_text('[mcp]\nskip = ["context7"]\n', "utf-8")
    before = (root / "aido.toml").read_bytes()
    result = run(root, "mcp", "add", "context7")
    clean_error(result, "aido.local.toml")
    assert "skip" in result.stderr
    assert (root / "aido.toml").read_bytes() == before


# --- import fails closed ---------------------------------------------------------------


def _unreadable(root: Path, kind: str) -> None:
    path = root / ".mcp.json"
    if kind == "not-json":
        path.write_text('{"mcpServers": {"mine": ', "utf-8")
    elif kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(root / "missing.json")


@pytest.mark.parametrize("kind", ["not-json", "directory", "fifo", "dangling-link"])
def test_import_over_a_file_it_cannot_read_fails_naming_it(tmp_path: Path, kind: str) -> None:
    """A targeted file import cannot read is an error naming it (exit 1), never "Nothing to
    import"; aido.toml and the file stay as they were."""
    root = _project(tmp_path)
    _unreadable(root, kind)
    before = (root / "aido.toml").read_bytes()
    result = run(root, "import", "--yes")
    clean_error(result, ".mcp.json")
    assert "Nothing to import" not in result.stdout
    assert (root / "aido.toml").read_bytes() == before


def test_import_says_when_aido_toml_already_chooses_the_servers(tmp_path: Path) -> None:
    """Importing servers aido.toml already chooses leaves it unchanged, and says so."""
    root = _project(tmp_path)
    assert run(root, "apply", "--yes").returncode == 0
    (root / ".aido" / "state.json").unlink()  # the entries are hand-written now
    before = (root / "aido.toml").read_bytes()
    result = run(root, "import", "--yes")
    assert result.returncode == 0, result.stderr
    assert (root / "aido.toml").read_bytes() == before
    assert "Recorded" not in result.stdout
    assert "aido.toml already chooses" in result.stdout and "unchanged" in result.stdout


def test_import_says_what_it_recorded(tmp_path: Path) -> None:
    """Importing a catalog entry aido.toml skips records it under `add`, and says so."""
    root = _project(tmp_path)
    assert run(root, "apply", "--yes").returncode == 0
    (root / ".aido" / "state.json").unlink()
    skipping = CLAUDE.replace('"sequential-thinking"', '"sequential-thinking", "context7"')
    (root / "aido.toml").write_text(skipping, "utf-8")
    result = run(root, "import", "--yes")
    assert result.returncode == 0, result.stderr
    assert "Recorded 1 server(s) in aido.toml" in result.stdout
    assert "context7" in (root / "aido.toml").read_text("utf-8").split("add")[1]


# --- words -----------------------------------------------------------------------------


def test_a_file_rewritten_while_planning_is_not_called_a_saved_plan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A harness rewriting its file between plan and write: apply says the file changed while
    it was planning (no saved plan was given) and what to do; nothing is written."""
    root = _project(tmp_path)
    (root / ".mcp.json").write_text('{"mcpServers": {}}\n', "utf-8")
    checked = apply_module.check_targets

    def harness_writes(plan: apply_module.Plan) -> None:
        checked(plan)
        (root / ".mcp.json").write_text('{"mcpServers": {}, "theme": "dark"}\n', "utf-8")

    monkeypatch.setattr(apply_module, "check_targets", harness_writes)
    result = run(root, "apply", "--yes")
    assert result.returncode != 0
    assert "saved plan" not in result.stderr
    assert "while aido was planning" in result.stderr
    assert "run aido apply again" in result.stderr
    assert _servers(root) == {}


def test_a_saved_plan_is_still_called_stale(tmp_path: Path) -> None:
    """With a saved plan, a file changed since it was made: "saved plan is stale"."""
    root = _project(tmp_path)
    (root / ".mcp.json").write_text('{"mcpServers": {}}\n', "utf-8")
    assert run(root, "plan", "--out", str(tmp_path / "p.json")).returncode in (0, 2)
    (root / ".mcp.json").write_text('{"mcpServers": {}, "x": 1}\n', "utf-8")
    result = run(root, "apply", str(tmp_path / "p.json"))
    assert result.returncode != 0
    assert "saved plan is stale" in result.stderr


# --- HOME --------------------------------------------------------------------------------


@pytest.mark.parametrize("home", ["", "relative/home", "missing", "a-file"])
def test_a_home_that_is_not_an_absolute_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: str
) -> None:
    """HOME empty, relative, missing or a file, and no XDG_STATE_HOME: aido refuses naming
    HOME instead of keeping its state in /.local/state/aido; nothing is written."""
    root = _project(tmp_path)
    if home == "a-file":
        home = str(tmp_path / "a-file")
        Path(home).write_text("", "utf-8")
    elif home == "missing":
        home = str(tmp_path / "no-such-home")
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", home)
    fallback = Path("/.local/state/aido")
    there = fallback.exists()
    for argv in (("apply", "--yes"), ("undo", "--list")):
        result = run(root, *argv)
        clean_error(result, "HOME")
    assert not (root / ".mcp.json").exists()
    assert fallback.exists() == there


def test_a_relative_xdg_state_home_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG_STATE_HOME must be absolute (the XDG spec): a relative one is refused by name."""
    root = _project(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", "state")
    clean_error(run(root, "apply", "--yes"), "XDG_STATE_HOME")
    assert not (root / ".mcp.json").exists()
