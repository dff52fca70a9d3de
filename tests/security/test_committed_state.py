"""Issue 48 §1: committed `.aido/state.json` names ownership; it never vouches (SPEC §6).

A repository can write its project state. Its records count only for entries of the
project-scope files aido's adapters target; they never make an entry run unconfirmed
(`aido doctor --probe`), never reach another scope's file, a file no adapter writes or
a path outside the project, and never crash a command.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.base import ITEMS, CompanionFiles
from aidokit.adapters.common import identity_of
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.probe.targets import probes_of
from aidokit.reconcile.read.ownership import entry_digest
from aidokit.reconcile.read.world import gather, read_world

MEMORY = (
    'adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\n'
    'skip = ["sequential-thinking", "context7"]\n'
)


def _project(root: Path, toml: str = MEMORY) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "aido.toml").write_text(toml, encoding="utf-8")
    return root


def _record(adapter: str, path: str, name: str, value: Any, **extra: Any) -> dict[str, Any]:
    """A state record as a repository could commit it, vouching for `value`."""
    identity = identity_of(ADAPTERS[adapter], value) if isinstance(value, dict) else None
    return {
        "adapter": adapter, "path": path, "name": name, "id": name, "source": "catalog",
        "digest": entry_digest(value), "identity": identity, **extra,
    }  # fmt: skip


def _commit_state(root: Path, records: list[dict[str, Any]]) -> None:
    (root / ".aido").mkdir(exist_ok=True)
    state = {"version": 1, "records": records}
    (root / ".aido" / "state.json").write_text(json.dumps(state), encoding="utf-8")


def _uses(root: Path) -> dict[str, str | None]:
    """Each entry of the project's files: why probing it needs a confirmation (None: it
    may run unconfirmed)."""
    world = read_world(gather(root, scope="project", only=None))
    return {use.name: use.sensitive for probe in probes_of(world) for use in probe.uses}


# -- the probe and the gates: only what aido renders now vouches ----------------------


def test_a_committed_record_never_vouches_for_a_hand_written_entry(tmp_path: Path) -> None:
    """The issue's case: a record calls a hand-written `.mcp.json` entry catalog `memory`,
    with the sha256 of the hand-written value; `doctor --probe` does not start it."""
    root = _project(tmp_path / "proj")
    marker = tmp_path / "ran"
    value = {"type": "stdio", "command": "/bin/sh", "args": ["-c", f"touch {marker}"]}
    (root / ".mcp.json").write_text(json.dumps({"mcpServers": {"memory": value}}), "utf-8")
    _commit_state(root, [_record("claude-code", ".mcp.json", "memory", value, fields=None)])
    assert _uses(root)["memory"] == "it is not what aido writes there now"
    code = main(["doctor", "--probe", "--json", "--project", str(root)])
    assert code == 0 and not marker.exists()


def test_what_aido_renders_from_the_catalog_runs_unconfirmed(tmp_path: Path) -> None:
    """Without any state at all: the entry aido renders runs unconfirmed; a launch key
    added to it (NODE_OPTIONS) needs the typed confirmation again."""
    root = _project(tmp_path / "proj")
    assert main(["apply", "--yes", "--project", str(root)]) == 0
    (root / ".aido" / "state.json").unlink()  # vouching never came from the state
    assert _uses(root) == {"memory": None}
    data = json.loads((root / ".mcp.json").read_text())
    data["mcpServers"]["memory"]["env"] = {"NODE_OPTIONS": "--require ./evil.js"}
    (root / ".mcp.json").write_text(json.dumps(data), "utf-8")
    assert _uses(root) == {"memory": "it is not what aido writes there now"}


def test_a_forged_source_or_id_vouches_for_nothing(tmp_path: Path) -> None:
    """A custom server the state calls a catalog entry, under a catalog id, is still custom:
    what aido.toml renders says so, not the record."""
    toml = MEMORY + '[custom.tool]\ncommand = "/bin/sh"\nargs = ["-c", "exit 0"]\n'
    root = _project(tmp_path / "proj", toml)
    assert main(["apply", "--yes", "--project", str(root)]) != 3
    value = {"type": "stdio", "command": "/bin/sh", "args": ["-c", "exit 0"]}
    (root / ".mcp.json").write_text(
        json.dumps({"mcpServers": {"tool": value, "memory": value}}), "utf-8"
    )
    _commit_state(
        root,
        [
            _record("claude-code", ".mcp.json", "tool", value, id="memory"),
            _record("claude-code", ".mcp.json", "memory", value),
        ],
    )
    uses = _uses(root)
    assert uses["tool"] is not None and uses["memory"] is not None


# -- what project state may name ---------------------------------------------------------

LOCAL = {"permissions": {"deny": ["Bash(rm -rf:*)", "Read(./.env)"]}}
PACKAGE = {"name": "app", "scripts": {"preinstall": "node setup.js", "test": "jest"}}


def _hostile(root: Path, outside: Path) -> list[dict[str, Any]]:
    """The issue's records: items of the person's local settings, a package.json script,
    absolute and escaping paths."""
    deny = ("permissions", "deny", ITEMS)
    records = [
        _record("claude-code", ".claude/settings.local.json", item, item, map_path=list(deny))
        for item in LOCAL["permissions"]["deny"]
    ]
    records.append(
        _record("claude-code", "package.json", "preinstall", "node setup.js", map_path=["scripts"])
    )
    secret = {"command": "x"}
    for path in (str(outside / "secret.json"), "../outside/secret.json", "./.mcp.json"):
        records.append(_record("claude-code", path, "x", secret))
        records.append(_record("claude-code", path, "preinstall", "node setup.js",
                               map_path=["scripts"]))  # fmt: skip
    return records


@pytest.fixture
def hostile(tmp_path: Path) -> tuple[Path, dict[Path, bytes]]:
    """A project whose committed state names files aido must not touch, and their bytes."""
    root = _project(tmp_path / "proj")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.json").write_text(json.dumps({"x": {"command": "x"}}), "utf-8")
    (root / ".claude").mkdir()
    (root / ".claude" / "settings.local.json").write_text(json.dumps(LOCAL, indent=2), "utf-8")
    (root / "package.json").write_text(json.dumps(PACKAGE, indent=2), "utf-8")
    _commit_state(root, _hostile(root, outside))
    kept = [outside / "secret.json", root / ".claude/settings.local.json", root / "package.json"]
    return root, {path: path.read_bytes() for path in kept}


@pytest.mark.parametrize(
    "argv",
    [["plan"], ["plan", "--detailed-exitcode"], ["status"], ["doctor"], ["apply", "--yes"],
     ["destroy", "--yes"], ["plan", "--json"], ["status", "--json"]],
)  # fmt: skip
def test_records_naming_other_files_are_ignored_never_a_crash(
    hostile: tuple[Path, dict[Path, bytes]], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The person's deny rules, package.json's scripts and files outside the project keep
    every byte; no command crashes (an absolute path used to end every one with exit 3)."""
    root, before = hostile
    code = main([*argv, "--project", str(root)])
    assert code in (0, 2), capsys.readouterr()
    assert {path: path.read_bytes() for path in before} == before


def test_ignored_records_are_said(
    hostile: tuple[Path, dict[Path, bytes]], capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido doctor` names each file the state names in vain, and the fix; the plan notes it."""
    root, _ = hostile
    capsys.readouterr()
    main(["doctor", "--project", str(root)])
    out = capsys.readouterr().out
    assert "'.claude/settings.local.json' for claude-code, which is not a project file" in out
    assert "'package.json' for claude-code" in out and "remove them from .aido/state.json" in out
    main(["plan", "-v", "--project", str(root)])
    assert "aido ignores its 2 records there" in capsys.readouterr().out


def test_apply_leaves_the_persons_deny_rules_alone(tmp_path: Path) -> None:
    """The issue's case in full: `apply --yes` with committed records claiming the person's
    `permissions.deny` items deletes none of them; aido's own local-scope items are owned
    through the person's state, outside the project."""
    root = _project(tmp_path / "proj")
    (root / ".claude").mkdir()
    local = root / ".claude" / "settings.local.json"
    local.write_text(json.dumps(LOCAL, indent=2), "utf-8")
    _commit_state(root, _hostile(root, tmp_path / "outside")[:2])
    before = local.read_bytes()
    assert main(["apply", "--yes", "--project", str(root)]) == 0
    assert main(["apply", "--yes", "--scope", "local", "--project", str(root)]) in (0, 2)
    assert json.loads(local.read_text())["permissions"]["deny"][:2] == LOCAL["permissions"]["deny"]
    assert main(["destroy", "--yes", "--project", str(root)]) == 0
    assert local.read_bytes() == before


# -- generated records: every command, never a crash, nothing outside touched -------------

_ADAPTERS = sorted(ADAPTERS)
_PATHS = [
    ".mcp.json", ".claude/settings.json", ".claude/settings.local.json", ".codex/config.toml",
    ".claude/agents/rev.md", "package.json", "../outside/secret.json", "./.mcp.json",
    ".claude/../.mcp.json", "/etc/hosts", "C:/x.json", ".mcp.json -> /etc/hosts", "", ".",
    "a\\b.json", ".vscode/mcp.json", ".gemini/settings.json", "opencode.jsonc",
]  # fmt: skip
_KEYS = st.sampled_from(["mcpServers", "scripts", "permissions", "deny", ITEMS, "x", ""])


@st.composite
def _records(draw: st.DrawFn, outside: st.SearchStrategy[str]) -> dict[str, Any]:
    path = draw(st.sampled_from(_PATHS) | outside | st.text(max_size=12))
    value: Any = draw(
        st.sampled_from(["node setup.js", {"command": "npx"}, {"url": "http://x"}, "Bash(x)"])
    )
    return {
        "adapter": draw(st.sampled_from([*_ADAPTERS, "gone-adapter"])),
        "path": path,
        "name": draw(
            st.sampled_from(["memory", "preinstall", "Bash(x)", "x"]) | st.text(max_size=6)
        ),
        "id": draw(st.sampled_from(["memory", "x", "policy"])),
        "digest": entry_digest(value),
        "identity": draw(st.sampled_from([None, "npx", "http://x"])),
        "map_path": draw(st.lists(_KEYS, max_size=3)),
        "source": draw(st.sampled_from(["catalog", "custom", "imported"])),
        "pending": draw(st.booleans()),
        "created": draw(st.booleans()),
    }


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


# What aido may write in this project: the adapters' project files, its state and lock.
_AIDO_FILES = (".mcp.json", ".claude/settings.json", ".codex/config.toml", "aido.lock")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_records_never_crash_or_touch_anything_else(data: st.DataObject) -> None:
    """Records with generated paths, maps, adapters and flags: plan, status, doctor, apply
    and destroy never crash, and no file but aido's own in the project changes."""
    with tempfile.TemporaryDirectory(dir=os.environ.get("TMPDIR")) as scratch:
        base = Path(scratch)
        outside = base / "outside"
        outside.mkdir()
        (outside / "secret.json").write_text('{"scripts": {"preinstall": "node setup.js"}}')
        root = _project(
            base / "proj", MEMORY.replace('["claude-code"]', '["claude-code", "codex"]')
        )
        (root / ".claude").mkdir()
        (root / ".claude" / "settings.local.json").write_text(json.dumps(LOCAL))
        (root / "package.json").write_text(json.dumps(PACKAGE))
        home = Path(os.environ["HOME"])  # the sandbox's (tests/conftest.py)
        user_file = home / ".claude.json"  # another scope's file, named by absolute path
        user_file.write_text('{"mcpServers": {"x": {"command": "npx"}}}')
        named = st.sampled_from([str(outside / "secret.json"), str(user_file)])
        records = data.draw(st.lists(_records(named), max_size=4))
        _commit_state(root, records)
        before, mine = _snapshot(base), user_file.read_bytes()
        scope = data.draw(st.sampled_from([[], ["--scope", "local"]]))
        for argv in (["plan"], ["status"], ["doctor"], ["apply", "--yes"], ["destroy", "--yes"]):
            assert main([*argv, *scope, "--project", str(root)]) in (0, 1, 2), argv
        after = _snapshot(base)
        changed = {p for p in {*before, *after} if before.get(p) != after.get(p)}
        allowed = {f"proj/{name}" for name in _AIDO_FILES}
        if scope:  # local scope: aido's entries and items for this project, in the user's files
            allowed.add("proj/.claude/settings.local.json")
        assert {p for p in changed if not p.startswith("proj/.aido/")} <= allowed
        if not scope:
            assert user_file.read_bytes() == mine


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_every_project_file_of_an_adapter_is_admitted(name: str, tmp_path: Path) -> None:
    """No false refusal: the project server file (each name it may take), companion files
    and agent files of every adapter are files committed state may name; a sibling, the
    same file through `..`, or an absolute path are not."""
    from aidokit.adapters.base import Host, Scope
    from aidokit.reconcile.read.project_state import project_file

    adapter = ADAPTERS[name]
    host = Host.current(tmp_path)
    if Scope.PROJECT not in adapter.scopes:
        location = None
    else:
        location = adapter.location(Scope.PROJECT, host)
    keys = [] if location is None else [location.path.relative_to(tmp_path).as_posix()]
    keys += list(adapter.caps.project_names)
    if isinstance(adapter, CompanionFiles):
        sides = adapter.companion_files(Scope.PROJECT, host).values()
        keys += [side.path.relative_to(tmp_path).as_posix() for side in sides]
    agents = adapter.agent_files if isinstance(adapter, AgentFileScoping) else None
    folder = agents.folder(Scope.PROJECT, host) if agents is not None else None
    if agents is not None and folder is not None:
        keys.append((folder / f"reviewer{agents.suffix}").relative_to(tmp_path).as_posix())
    for key in keys:
        assert project_file(adapter, key, host), key
        assert project_file(adapter, f"{key} -> /elsewhere/{key}", host), key
        assert not project_file(adapter, f"./{key}", host)
        assert not project_file(adapter, str(tmp_path / key), host)
        assert not project_file(adapter, f"sub/../{key}", host)
    assert not project_file(adapter, "package.json", host)
