"""SPEC §7 gate without a terminal: refusals write nothing; stored confirmations are per user."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aidokit.catalog import entries
from aidokit.reconcile.cli.plan_apply import compute_plan
from aidokit.reconcile.gate.confirmations import ConfirmationStore
from aidokit.reconcile.gate.gate import sensitive_targets
from tests.helpers import aido, new_project
from tests.reconcile.security_helpers import FILESYSTEM, catalog_with

CUSTOM = '[custom.my-api]\nurl = "https://mcp.example.com/mcp"\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = new_project(tmp_path, 'adapters = ["claude-code"]\n' + CUSTOM)
    (root / ".mcp.json").write_text('{"mcpServers": {"mine": {"command": "x"}}}\n')
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _no_cache(files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` without decode's memo of validated files and the parsed TOML (caches, not config)."""
    caches = (".local/state/aido/validated/", ".local/state/aido/parsed/")
    return {path: data for path, data in files.items() if not path.startswith(caches)}


def confirm_in_store(project: Path) -> None:
    """Store confirmations as `aido confirm` would after the user typed the ids."""
    import argparse
    import os

    args = argparse.Namespace(project=str(project), scope="project", adapters=None)
    plan = compute_plan(args)
    store = ConfirmationStore.load(os.environ, project)
    for targets in sensitive_targets(plan).values():
        store = store.confirm(targets)
    store.save()


def test_custom_mcp_without_terminal_refuses_and_writes_nothing(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`apply --yes` with a custom MCP and no terminal exits 1; every file is byte-identical."""
    before, home_before = snapshot(project), snapshot(sandbox_home)
    assert aido(project, "apply", "--yes") == 1
    err = capsys.readouterr().err
    assert "'my-api' is security-sensitive" in err and "aido confirm my-api" in err
    assert snapshot(project) == before and _no_cache(snapshot(sandbox_home)) == home_before


def test_sensitive_catalog_entry_without_terminal_refuses(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A security-sensitive catalog entry named in `[mcp] add` is refused without a terminal."""
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(FILESYSTEM))
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["filesystem"]\n')
    before = snapshot(project)
    assert aido(project, "apply", "--yes") == 1
    assert "'filesystem' is security-sensitive" in capsys.readouterr().err
    assert snapshot(project) == before


def test_sensitive_catalog_entry_is_never_suggested(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sensitive entry with an `always` trigger is not planned unless the user names it."""
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(FILESYSTEM))
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n')
    assert aido(project, "plan") == 0
    assert "filesystem" not in capsys.readouterr().out


def test_stored_confirmation_lets_apply_run_without_terminal(project: Path) -> None:
    """Once confirmed (per user, outside the repo), apply --yes writes the custom entry."""
    confirm_in_store(project)
    assert aido(project, "apply", "--yes") == 0
    servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    assert servers["my-api"] == {"type": "http", "url": "https://mcp.example.com/mcp"}


def test_changed_spec_needs_a_new_confirmation(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Changing the custom URL after confirming makes apply refuse again."""
    confirm_in_store(project)
    text = (project / "aido.toml").read_text().replace("mcp.example.com", "other.example.com")
    (project / "aido.toml").write_text(text)
    before = snapshot(project)
    assert aido(project, "apply", "--yes") == 1
    assert "aido confirm my-api" in capsys.readouterr().err
    assert snapshot(project) == before


@pytest.mark.parametrize("where", [".aido/confirmations.json", "confirmations.json"])
def test_confirmation_planted_in_the_repository_is_ignored(
    project: Path, sandbox_home: Path, tmp_path: Path, where: str
) -> None:
    """A confirmations file committed into the project has no effect."""
    confirm_in_store(project)
    store = sandbox_home / ".local/state/aido/confirmations.json"
    planted = project / where
    planted.parent.mkdir(exist_ok=True)
    planted.write_bytes(store.read_bytes())
    store.unlink()
    before = snapshot(project)
    assert aido(project, "apply", "--yes") == 1
    assert snapshot(project) == before


def test_state_dir_pointing_into_the_repository_is_ignored(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG_STATE_HOME inside the project (e.g. set by a repo's .envrc) is not trusted."""
    confirm_in_store(project)
    store = Path(str(Path.home())) / ".local/state/aido/confirmations.json"
    (project / ".aido" / "aido").mkdir(parents=True)
    (project / ".aido" / "aido" / "confirmations.json").write_bytes(store.read_bytes())
    monkeypatch.setenv("XDG_STATE_HOME", str(project / ".aido"))
    assert aido(project, "apply", "--yes") == 1
    assert "my-api" not in (project / ".mcp.json").read_text()


def test_confirmation_of_another_project_does_not_count(project: Path, tmp_path: Path) -> None:
    """Confirmations are bound to the project path."""
    confirm_in_store(project)
    twin = tmp_path / "twin"
    twin.mkdir()
    for name in ("aido.toml", ".mcp.json"):
        (twin / name).write_bytes((project / name).read_bytes())
    assert aido(twin, "apply", "--yes") == 1


def test_group_writable_store_is_refused(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A confirmations file other users can write is not trusted."""
    confirm_in_store(project)
    (sandbox_home / ".local/state/aido/confirmations.json").chmod(0o666)
    assert aido(project, "apply", "--yes") == 1
    assert "writable by other users" in capsys.readouterr().err


@pytest.mark.parametrize(
    "damage",
    [
        lambda doc: doc["confirmations"][0].update(digest=7),
        lambda doc: doc["confirmations"][0].update(extra="x"),
        lambda doc: doc["confirmations"][0].pop("project"),
        lambda doc: doc.update(confirmations="all"),
    ],
    ids=["wrong type", "unknown key", "missing key", "not a list"],
)
def test_damaged_store_is_an_error(
    project: Path,
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[dict[str, Any]], None],
) -> None:
    """A confirmations file of the wrong shape confirms nothing and says how to recover."""
    confirm_in_store(project)
    store = sandbox_home / ".local/state/aido/confirmations.json"
    document = json.loads(store.read_text())
    damage(document)
    store.write_text(json.dumps(document))
    before = snapshot(project)
    assert aido(project, "apply", "--yes") == 1
    assert "is corrupt; delete it and confirm again" in capsys.readouterr().err
    assert snapshot(project) == before


def test_confirmations_list_and_revoke(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`aido confirmations --json` lists them; `revoke ID` removes them and apply refuses again."""
    confirm_in_store(project)
    capsys.readouterr()
    assert aido(project, "confirmations", "--json") == 0
    listed = json.loads(capsys.readouterr().out)["confirmations"]
    assert [(c["id"], c["path"], c["adapter"]) for c in listed] == [
        ("my-api", ".mcp.json", "claude-code")
    ]
    assert aido(project, "confirmations") == 0
    assert "my-api  claude-code  .mcp.json" in capsys.readouterr().out
    assert aido(project, "confirmations", "revoke", "my-api") == 0
    assert aido(project, "confirmations", "revoke", "my-api") == 1
    assert aido(project, "apply", "--yes") == 1


def test_confirm_needs_a_terminal(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`aido confirm ID` without a terminal stores nothing."""
    assert aido(project, "confirm", "my-api") == 1
    assert "interactive terminal" in capsys.readouterr().err
    assert not (Path.home() / ".local/state/aido/confirmations.json").exists()


def test_confirm_unknown_id_is_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`aido confirm` of an id the plan does not write sensitively says so."""
    assert aido(project, "confirm", "context7") == 1
    assert "no security-sensitive entry 'context7'" in capsys.readouterr().err


def test_deleting_a_custom_entry_needs_no_confirmation(project: Path) -> None:
    """Removing a custom server from aido.toml deletes the owned entry without asking."""
    confirm_in_store(project)
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert "my-api" not in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_saved_plan_cannot_unmark_a_sensitive_change(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Editing `sensitive` to false in a saved plan does not skip the gate."""
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    saved.write_text(saved.read_text().replace('"sensitive": true', '"sensitive": false'))
    before = snapshot(project)
    assert aido(project, "apply", str(saved)) == 1
    assert "'my-api' is security-sensitive" in capsys.readouterr().err
    assert snapshot(project) == before


def test_saved_plan_with_a_tampered_entry_under_a_catalog_id_is_gated(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan that swaps context7's URL is treated as sensitive."""
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n')
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    # The entry only: a lock edited too is refused before the gate (its text is re-derived).
    data = json.loads(saved.read_text())
    for file in data["files"]:
        for change in file["changes"]:
            change["after"] = json.loads(
                json.dumps(change["after"]).replace("mcp.context7.com", "evil.example")
            )
    saved.write_text(json.dumps(data))
    assert aido(project, "apply", str(saved)) == 1
    assert "'context7' is security-sensitive" in capsys.readouterr().err


def test_routine_saved_plan_still_applies(project: Path, tmp_path: Path) -> None:
    """An untampered saved plan of catalog entries needs no confirmation."""
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n')
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    assert aido(project, "apply", str(saved)) == 0


def _prompt_entry(shown: str, file_path: str) -> list[str]:
    """The lines the prompt shows under `file_path`, up to its `runs:` line, dedented."""
    lines = shown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {file_path} ("))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("    runs: "))
    return [line[4:] for line in lines[start + 1 : end]]


def _read_back(fmt: Any, lines: list[str], where: tuple[str, ...], name: str) -> object:
    """What a parser of `fmt` reads from the prompt's lines: the entry itself."""
    from aidokit.adapters.base import Format

    text = "\n".join(lines) + "\n"
    if fmt is Format.TOML:
        data: Any = tomllib.loads(text)
        for key in (*where, name):
            data = data[key]
        return data
    if fmt in (Format.YAML, Format.MARKDOWN):
        from ruamel.yaml import YAML

        return json.loads(json.dumps(YAML(typ="safe").load(text)))[name]
    return json.loads("{" + text + "}")[name]


def _project_adapters() -> list[str]:
    from aidokit.adapters import ADAPTERS
    from aidokit.adapters.base import Scope

    return sorted(name for name, a in ADAPTERS.items() if Scope.PROJECT in a.scopes)


@pytest.mark.parametrize("adapter", _project_adapters())
def test_the_prompt_shows_the_entry_in_its_files_syntax(tmp_path: Path, adapter: str) -> None:
    """The typed confirmation shows each entry as its file holds it (issue 54 item 5: it
    showed JSON for Codex's TOML): TOML for a TOML file, YAML for YAML, JSON for JSON;
    read back by that format's parser it is the entry aido writes, every hidden or
    look-alike character escaped."""
    from aidokit.catalog.errors import CatalogError
    from aidokit.reconcile.gate.gate import describe
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.world import gather, read_world

    custom = (
        '[custom.my-api]\ncommand = "npx"\nargs = ["-y", "my-mcp\\u200e", "caf\\u00e9"]\n'
        'env = { MODE = "x" }\n'
    )
    project = new_project(tmp_path, f'adapters = ["{adapter}"]\nsuggest = false\n' + custom)
    try:
        plan = build_plan(read_world(gather(project, scope="project", only=None)))
    except CatalogError:  # a harness that refuses such arguments (Auggie: a shell runs them)
        (project / "aido.toml").write_text(
            f'adapters = ["{adapter}"]\nsuggest = false\n[custom.my-api]\ncommand = "npx"\n'
        )
        plan = build_plan(read_world(gather(project, scope="project", only=None)))
    targets = [(f, c) for f in plan.files for c in f.changes if c.id == "my-api" and c.after]
    if not targets:
        pytest.skip(f"{adapter} writes no project entry for a stdio custom server")
    shown = describe("my-api", targets)
    assert all(" " <= c <= "~" for c in shown.replace("\n", "")), shown
    for file, change in targets:
        lines = _prompt_entry(shown, file.path)
        where = change.map_path or file.map_path
        assert _read_back(file.fmt, lines, where, change.name) == change.after, shown
        first = lines[0]
        if file.fmt.name == "TOML":
            assert first.startswith("[") and first.endswith("]"), shown
        elif file.fmt.name in ("YAML", "MARKDOWN"):
            assert first == f"{change.name}:", shown
        else:
            assert first.lstrip().startswith(f'"{change.name}": '), shown
