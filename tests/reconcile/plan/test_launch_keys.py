"""Issue 48 §2: launch keys are aido's in every entry it owns (SPEC §6).

What a harness reads to start or reach a server (`Capabilities.launch_keys`) is never
someone else's field: a change or an addition in an entry aido owns is drift (`plan
--detailed-exitcode` exits 2, `status` says drifted, apply puts back what aido wrote,
without the added key) and `aido doctor --probe` asks for a confirmation. A person's
tuning (`timeout`, `trust`, `startup_timeout_sec`, ...) stays theirs (test_field_ownership).
Over every adapter of the registry, in each format's own spelling.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aidokit.adapters import ADAPTERS, spec_for
from aidokit.adapters.base import Host, Scope
from aidokit.adapters.common import identity_of
from aidokit.adapters.launch import launch_of
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.reconcile.probe.targets import probes_of
from aidokit.reconcile.read.world import gather, read_world
from tests.foreign_keys import add_key
from tests.helpers import new_project
from tests.scenarios.test_field_ownership import _configure, _entry, _run, _where

# A value of each launch key's type, each one a way to run or reach something else.
VALUES: dict[str, Any] = {
    "env": {"NODE_OPTIONS": "--require ./evil.js"},
    "environment": {"NODE_OPTIONS": "--require ./evil.js"},
    "envs": {"LD_PRELOAD": "./evil.so"},
    "env_vars": ["LD_PRELOAD"],
    "env_keys": ["LD_PRELOAD"],
    "cwd": "/tmp/evil",
    "working_directory": "/tmp/evil",
    "envFile": ".env.evil",
    "headers": {"X-Forwarded-Host": "evil.example"},
    "http_headers": {"X-Forwarded-Host": "evil.example"},
    "env_http_headers": {"Authorization": "EVIL_TOKEN"},
    "headersHelper": "sh ./evil.sh",
    "bearer_token_env_var": "EVIL_TOKEN",
    "authProviderType": "google_credentials",
    "tcp": "ws://evil.example/mcp",
    "remote": True,
    "protocol": "sse",
    "requestOptions": {"proxy": "http://evil.example"},
    "apiKey": "evil",
    "dev": {"debug": {"type": "node"}},
    "auth": {"type": "static", "headers": {"X-Evil": "1"}},
    "url": "https://evil.example/mcp",
    "uri": "https://evil.example/mcp",
    "serverUrl": "https://evil.example/mcp",
    "httpUrl": "https://evil.example/mcp",
    "type": "sse",
    "transport": "sse",
    "command": "evil",
    "cmd": "evil",
    "args": ["evil"],
    "name": "evil",
}
# Keys that pick a protocol for the same program or URL: no launch keys (adapters/base.py).
PROTOCOL = frozenset({"type", "transport", "protocol"})
EVERY_KEY = sorted({key for a in ADAPTERS.values() for key in a.caps.launch_keys})


def test_every_launch_key_has_a_value_here() -> None:
    """The test below covers every launch key an adapter declares."""
    assert [key for key in EVERY_KEY if key not in VALUES] == []


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_launch_keys_are_never_harness_keys(name: str) -> None:
    """A key cannot be both the harness's (kept as tuned) and a launch key (aido's)."""
    caps = ADAPTERS[name].caps
    assert caps.launch_keys and not caps.launch_keys & caps.harness_keys


def _rendered(name: str) -> list[dict[str, Any]]:
    """The entries `name` renders for a stdio and a remote catalog server."""
    adapter = ADAPTERS[name]
    found = []
    for entry_id in ("playwright", "memory", "context7", "sentry", "notion", "linear"):
        spec = spec_for(ENTRIES_BY_ID[entry_id], adapter)
        if spec is not None:
            built = adapter.build(ENTRIES_BY_ID[entry_id], spec)
            if isinstance(built.entry, dict):
                found.append(built.entry)
    return found


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_what_the_probe_reads_is_a_launch_key(name: str, tmp_path: Path) -> None:
    """The declaration agrees with how aido starts the entry as the harness does
    (`launch_of`): no key outside `launch_keys` changes what runs or where it goes."""
    adapter = ADAPTERS[name]
    host = Host.current(tmp_path)
    others = sorted({*VALUES, "timeout", "description"} - adapter.caps.launch_keys)
    for entry in _rendered(name):
        plain = launch_of(adapter, entry, host)
        for key in others:
            if key in entry or key in adapter.caps.harness_keys:
                continue
            tuned = launch_of(adapter, {**entry, key: VALUES.get(key, 30)}, host)
            if key in PROTOCOL:  # the same program or URL over another protocol
                tuned = tuned._replace(transport=plain.transport)
            assert tuned.key == plain.key, f"{name} reads {key!r} to start {entry}"


CASES = [
    pytest.param(name, key, id=f"{name}-{key}")
    for name in sorted(ADAPTERS)
    if spec_for(ENTRIES_BY_ID["playwright"], ADAPTERS[name]) is not None
    for key in sorted(ADAPTERS[name].caps.launch_keys)
]


def _sensitive(root: Path, scope: Scope, adapter: str) -> str | None:
    world = read_world(gather(root, scope=scope.value, only=[adapter]))
    uses = [use for probe in probes_of(world) for use in probe.uses if use.name == "playwright"]
    assert uses, "the probe does not see playwright"
    return uses[0].sensitive


@pytest.mark.parametrize(("adapter", "key"), CASES)
def test_a_launch_key_someone_added_is_drift(
    adapter: str, key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Adding launch key `key` to aido's entry: the plan shows drift (exit 2), status says
    drifted, the probe needs a confirmation, and apply takes the key out again."""
    root = new_project(tmp_path)
    found = _where(adapter, root)
    if found is None:
        pytest.skip(f"{adapter} has no config file on this OS")
    scope, location = found
    path = location.path
    path.parent.mkdir(parents=True, exist_ok=True)
    _configure(root, scope, adapter)
    assert _run(root, scope, "apply", "--yes") == 0
    converged = _entry(path, location)
    assert _sensitive(root, scope, adapter) is None  # aido's rendering runs unconfirmed
    if key in converged:
        pytest.skip(f"aido writes {key}: a change is drift already (test_field_ownership)")
    value = VALUES[key]
    tuned, _ = add_key(path.read_bytes(), location.fmt, "playwright", key, value, "end")
    path.write_bytes(tuned)
    entry = _entry(path, location)
    assert entry.get(key) == value
    capsys.readouterr()
    assert _run(root, scope, "plan", "--detailed-exitcode") == 2
    if identity_of(ADAPTERS[adapter], entry) != identity_of(ADAPTERS[adapter], converged):
        return  # another server now: a conflict, left alone (test_field_ownership)
    assert _run(root, scope, "status") == 0
    assert "1 drifted" in capsys.readouterr().out
    _run(root, scope, "doctor")
    assert "'playwright' in" in capsys.readouterr().out  # "... changed since aido wrote it"
    assert _sensitive(root, scope, adapter) is not None
    assert _run(root, scope, "apply", "--yes") == 0
    assert _entry(path, location) == converged
    assert _run(root, scope, "plan", "--detailed-exitcode") == 0


def test_codex_env_subtable_is_drift(tmp_path: Path) -> None:
    """Codex's `[mcp_servers.<name>.env]` table form, added under aido's entry, is drift
    too; apply takes the table out and keeps the rest of the file."""
    root = new_project(tmp_path)
    _configure(root, Scope.PROJECT, "codex")
    assert _run(root, Scope.PROJECT, "apply", "--yes") == 0
    path = root / ".codex" / "config.toml"
    converged = path.read_bytes()
    path.write_bytes(
        converged + b'\n[mcp_servers.playwright.env]\nNODE_OPTIONS = "--require ./evil.js"\n'
    )
    assert _run(root, Scope.PROJECT, "plan", "--detailed-exitcode") == 2
    assert _run(root, Scope.PROJECT, "apply", "--yes") == 0
    assert b"NODE_OPTIONS" not in path.read_bytes()
    assert _run(root, Scope.PROJECT, "plan", "--detailed-exitcode") == 0


def test_an_empty_launch_key_changes_nothing(tmp_path: Path) -> None:
    """`env: {}` (a harness's default on its own rewrite) runs the same: no drift."""
    root = new_project(tmp_path)
    _configure(root, Scope.PROJECT, "claude-code")
    assert _run(root, Scope.PROJECT, "apply", "--yes") == 0
    path = root / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["playwright"]["env"] = {}
    path.write_text(json.dumps(data))
    assert _run(root, Scope.PROJECT, "plan", "--detailed-exitcode") == 0


def test_adopt_does_not_take_a_planted_launch_key_as_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry equal to aido's but for an added `env` is not adopted as it stands: the
    hint is `adopt --force`, which shows the key going."""
    root = new_project(tmp_path)
    _configure(root, Scope.PROJECT, "claude-code")
    assert _run(root, Scope.PROJECT, "apply", "--yes") == 0
    path = root / ".mcp.json"
    data = json.loads(path.read_text())
    assert _run(root, Scope.PROJECT, "destroy", "--yes") == 0
    data["mcpServers"]["playwright"]["env"] = {"NODE_OPTIONS": "--require ./evil.js"}
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert _run(root, Scope.PROJECT, "plan", "--detailed-exitcode") == 2
    assert "adopt playwright --adapter claude-code --force" in capsys.readouterr().out


def test_docs_security_lists_each_adapters_launch_keys() -> None:
    """docs/security.md's table names the launch keys of every adapter whose keys differ from
    the common set as it declares them; every other adapter reads the common set."""
    from aidokit.adapters.base import LAUNCH_KEYS

    text = (Path(__file__).resolve().parents[3] / "docs" / "security.md").read_text("utf-8")
    table = text.split("### Launch keys are aido's", 1)[1].split("###", 1)[0]
    rows = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[1]
    assert "| every other adapter | the common set |" in table
    for name, adapter in ADAPTERS.items():
        keys = set(adapter.caps.launch_keys)
        if keys == LAUNCH_KEYS:
            assert name not in rows, f"docs/security.md: {name} reads the common set"
            continue
        assert name in rows, f"docs/security.md lists no launch keys for {name}"
        said = rows[name]
        if said.startswith("the common set"):
            keys -= LAUNCH_KEYS
            assert adapter.caps.launch_keys >= LAUNCH_KEYS, name
        named = {part.strip(" `,") for part in said.replace(" and ", ",").split(",")}
        assert {k for k in named if k and not k.startswith("the common")} == keys, name


def test_zed_command_object_with_env_is_never_kept(tmp_path: Path) -> None:
    """Zed's object form of `command` (`path`, `args`, `env`) put in place of aido's
    command: the entry runs something aido did not write, so the plan shows it (exit 2)
    and the probe asks first."""
    root = new_project(tmp_path)
    _configure(root, Scope.PROJECT, "zed")
    assert _run(root, Scope.PROJECT, "apply", "--yes") == 0
    path = root / ".zed" / "settings.json"
    data = json.loads(path.read_text())
    entry = data["context_servers"]["playwright"]
    entry["command"] = {
        "path": entry["command"], "args": entry.pop("args"),
        "env": {"NODE_OPTIONS": "--require ./evil.js"},
    }  # fmt: skip
    path.write_text(json.dumps(data))
    assert _run(root, Scope.PROJECT, "plan", "--detailed-exitcode") == 2
    assert _sensitive(root, Scope.PROJECT, "zed") is not None
