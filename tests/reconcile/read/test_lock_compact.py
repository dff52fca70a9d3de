"""The compact aido.lock (issue 32 §6): a few lines per entry, the old format still read.

Format 2 keeps one spec per line: `*` for the spec the adapters not named share, and
each adapter whose spec differs. A format-1 lock (every adapter listed under its spec)
is read as it stands: converged, it stays byte-identical (`--frozen` passes); when the
lock moves, apply writes format 2 and every old pin survives.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS, resolved
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.reconcile.read.choices.lockfile import (
    LOCK_NAME,
    Lock,
    Locked,
    Spec,
    compacted,
    parse_lock,
    render_lock,
)
from tests.helpers import aido, new_project

TOML = 'adapters = ["claude-code", "cursor", "codex"]\nsuggest = false\n'
THREE = TOML + '[mcp]\nadd = ["context7", "playwright", "git"]\n'
OLD_PLAYWRIGHT = "@playwright/mcp@0.0.1"


def _v1(lock: Lock, full: dict[str, dict[str, Spec]]) -> str:
    """`lock` as aido wrote it in format 1: rows of adapters sharing one spec."""
    entries = {}
    for entry_id, install in sorted(full.items()):
        rows: dict[str, tuple[list[str], dict[str, Any]]] = {}
        for adapter, spec in sorted(install.items()):
            data = dataclasses.asdict(spec)
            rows.setdefault(json.dumps(data, sort_keys=True), ([], data))[0].append(adapter)
        specs = json.dumps(
            {a: dataclasses.asdict(s) for a, s in sorted(install.items())},
            sort_keys=True,
            separators=(",", ":"),
        )
        import hashlib

        entries[entry_id] = {
            "source": lock.entries[entry_id].source,
            "digest": "sha256:" + hashlib.sha256(specs.encode()).hexdigest(),
            "packages": list(lock.entries[entry_id].packages()),
            "install": sorted(
                ({"adapters": names, "spec": data} for names, data in rows.values()),
                key=lambda row: row["adapters"][0],
            ),
        }
    doc = {"format_version": 1, "entries": entries}
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def _catalog_install(entry_id: str) -> dict[str, Spec]:
    """The entry's spec per adapter name, as a plan (and the lock) sees it."""
    (entry,) = resolved(tuple(e for e in MCP_CATALOG if e.id == entry_id))
    return dict(entry.install)


def test_three_servers_take_a_few_lines_each(tmp_path: Path) -> None:
    """3 servers over every harness: at most 12 lines per entry (format 1 took ~60)."""
    project = new_project(tmp_path, THREE)
    assert aido(project, "apply", "--yes") == 0
    text = (project / LOCK_NAME).read_text()
    assert json.loads(text)["format_version"] == 2
    assert len(text.splitlines()) <= 3 * 12 + 4
    assert all(len(line) < 200 for line in text.splitlines())


def test_a_format_1_lock_is_read_and_kept_until_it_moves(tmp_path: Path) -> None:
    """An old lock pinning an older playwright: plan is converged and --frozen passes with
    the file byte-identical; adding an entry rewrites it in format 2, the old pin kept."""
    project = new_project(tmp_path, THREE)
    assert aido(project, "apply", "--yes") == 0
    lock = parse_lock((project / LOCK_NAME).read_bytes(), project / LOCK_NAME)
    full = {key: _catalog_install(key) for key in lock.entries}
    full["playwright"] = {
        a: dataclasses.replace(s, args=("-y", OLD_PLAYWRIGHT)) if isinstance(s, StdioSpec) else s
        for a, s in full["playwright"].items()
    }
    old = _v1(lock, full)
    (project / LOCK_NAME).write_text(old)
    assert aido(project, "apply", "--yes") == 0  # renders playwright from the old pin
    assert OLD_PLAYWRIGHT in (project / ".mcp.json").read_text()
    assert aido(project, "plan", "--frozen", "--detailed-exitcode") == 0
    assert (project / LOCK_NAME).read_text() == old
    (project / "aido.toml").write_text(THREE.replace('"git"]', '"git", "memory"]'))
    assert aido(project, "apply", "--yes") == 0
    new = json.loads((project / LOCK_NAME).read_text())
    assert new["format_version"] == 2
    assert f"npm:{OLD_PLAYWRIGHT}" in new["entries"]["playwright"]["packages"]
    assert set(new["entries"]) == {"context7", "playwright", "git", "memory"}
    assert OLD_PLAYWRIGHT in (project / ".mcp.json").read_text()
    assert aido(project, "plan", "--frozen", "--detailed-exitcode") == 0


_COMMANDS = st.sampled_from(["npx", "uvx", "docker"])
_STDIO = st.builds(
    StdioSpec,
    command=_COMMANDS,
    args=st.lists(st.sampled_from(["-y", "pkg@1", "pkg@2", "--flag"]), max_size=3).map(tuple),
    requires_network=st.booleans(),
    min_cli_version=st.sampled_from([None, "1.0"]),
)
_REMOTE = st.builds(
    RemoteSpec,
    url=st.sampled_from(["https://a.example/mcp", "https://b.example/mcp"]),
    transport=st.sampled_from(["http", "sse"]),
    min_cli_version=st.sampled_from([None, "2.1.32"]),
)
_INSTALL = st.dictionaries(
    st.sampled_from(sorted(ADAPTERS)), st.one_of(_STDIO, _REMOTE), min_size=1, max_size=12
)


@settings(max_examples=150, deadline=None)
@given(install=_INSTALL)
def test_compact_round_trips_and_resolves_to_every_spec(install: dict[str, Spec]) -> None:
    """Any specs per adapter: the compact entry renders, parses back equal (digest checked),
    and resolves to exactly the spec of each adapter it was made from."""
    locked = compacted("some-id", "catalog", install)
    text = render_lock(Lock({"some-id": locked}))
    back = parse_lock(text.encode(), Path("/nowhere") / LOCK_NAME).entries["some-id"]
    assert back.same_specs(locked) and back.digest == locked.digest
    assert back.resolved(install) == install
    assert isinstance(json.loads(text), dict)


def test_a_new_harness_of_another_kind_never_gets_the_default() -> None:
    """`*` (a remote here) covers a harness added later only when its own spec is remote too."""
    remote = RemoteSpec(url="https://a.example/mcp")
    stdio = StdioSpec(command="npx", args=("-y", "pkg@1"))
    locked = compacted("x", "catalog", {"claude-code": remote, "cursor": remote, "zed": stdio})
    newer = {"claude-code": remote, "cursor": remote, "zed": stdio, "kiro": stdio, "roo": remote}
    assert locked.resolved(newer) == {"claude-code": remote, "cursor": remote, "zed": stdio,
                                      "roo": remote}  # fmt: skip


def test_lock_entry_of_one_adapter_names_it() -> None:
    """A single adapter is named, never `*`."""
    spec = StdioSpec(command="node", args=("tool.js",))
    locked = compacted("tool", "custom", {"cursor": spec})
    assert locked.default is None and locked.install == {"cursor": spec}
    assert isinstance(locked, Locked)
