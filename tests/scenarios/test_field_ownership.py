"""Issue 31: aido owns the fields it writes into an entry, not the whole entry (SPEC §6)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from projects import materialize  # fixtures/ is put on sys.path by tests/conftest.py

from aidokit.adapters import ADAPTERS, spec_for
from aidokit.adapters.base import Host, Location, Scope
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.documents import NAMED_TABLES, Format
from aidokit.reconcile.read.choices.layers import user_config_path
from tests.adapters.runner import strip_jsonc
from tests.foreign_keys import POSITIONS, add_key
from tests.helpers import aido, new_project

TOML = (
    'adapters = ["codex", "gemini-cli"]\n'
    '[mcp]\nadd = ["context7", "playwright"]\nskip = ["sequential-thinking"]\n'
)
CODEX = ".codex/config.toml"
GEMINI = ".gemini/settings.json"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = new_project(tmp_path, TOML)
    assert aido(root, "apply", "--yes") == 0
    return root


def _tune(root: Path) -> None:
    """The issue's hand edits: a Codex timeout, Gemini's trust and timeout."""
    codex = root / CODEX
    text = codex.read_text()
    codex.write_text(
        text.replace(
            "[mcp_servers.playwright]\n", "[mcp_servers.playwright]\nstartup_timeout_sec = 30\n"
        )
    )
    gemini = root / GEMINI
    data = json.loads(gemini.read_text())
    data["mcpServers"]["playwright"] = {
        "trust": True,
        **data["mcpServers"]["playwright"],
        "timeout": 60000,
    }
    gemini.write_text(json.dumps(data, indent=2) + "\n")


def test_issue_example_is_not_drift(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Keys the harness or the user added to aido's entries: plan exits 0, apply writes nothing."""
    _tune(project)
    before = {name: (project / name).read_bytes() for name in (CODEX, GEMINI)}
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 0
    assert aido(project, "apply", "--yes") == 0
    assert {name: (project / name).read_bytes() for name in (CODEX, GEMINI)} == before
    assert aido(project, "status") == 0
    out = capsys.readouterr().out
    assert "1 key kept from the harness or the user: startup_timeout_sec" in out
    assert "2 keys kept from the harness or the user: trust, timeout" in out


def test_update_keeps_their_keys(project: Path) -> None:
    """An override changes aido's fields; the other keys keep their bytes."""
    _tune(project)
    (project / "aido.toml").write_text(TOML + '[override.playwright]\nargs = ["--headless"]\n')
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert aido(project, "apply", "--yes") == 0
    codex = (project / CODEX).read_text()
    assert "[mcp_servers.playwright]\nstartup_timeout_sec = 30\n" in codex
    entry = tomllib.loads(codex)["mcp_servers"]["playwright"]
    assert entry["args"][-1] == "--headless"
    gemini = json.loads((project / GEMINI).read_text())["mcpServers"]["playwright"]
    assert gemini["trust"] is True and gemini["timeout"] == 60000
    assert gemini["args"][-1] == "--headless"
    assert aido(project, "plan", "--detailed-exitcode") == 0


# -- every adapter and format ---------------------------------------------------------

# A value of the right type for each key a harness writes (docs/adapters.md).
VALUES: dict[str, Any] = {
    "alwaysAllow": ["browser_navigate"],
    "autoApprove": ["browser_navigate"],
    "disabledTools": ["browser_close"],
    "includeTools": ["browser_navigate"],
    "excludeTools": ["browser_close"],
    "enabled_tools": ["browser_navigate"],
    "disabled_tools": ["browser_close"],
    "tools": ["browser_navigate"],
    "trust": True,
    "disabled": False,
    "enabled": True,
    "oauth": {"clientId": "abc"},
    "gallery": "https://api.mcp.github.com",
    "version": "0.0.83",
    "description": "the browser, tuned by hand",
}


def _where(name: str, root: Path) -> tuple[Scope, Location] | None:
    """The first scope of adapter `name` with a file on this machine's OS."""
    adapter = ADAPTERS[name]
    host = Host.current(root)
    for scope in adapter.scopes:
        location = adapter.location(scope, host)
        if location is not None and scope is not Scope.LOCAL:
            return scope, location
    return None


def _configure(root: Path, scope: Scope, name: str, extra: str = "") -> None:
    """aido.toml (or the user layer, SPEC §4) wanting playwright in adapter `name`."""
    text = f'adapters = ["{name}"]\n[mcp]\nadd = ["playwright"]\nskip = ["sequential-thinking"]\n'
    config = root / "aido.toml"
    if scope is Scope.USER:
        config = user_config_path(Host.current(root))
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text + extra, encoding="utf-8")


def _run(root: Path, scope: Scope, *argv: str) -> int:
    return main([*argv, "--scope", scope.value, "--project", str(root)])


def _foreign(adapter: str, entry: dict[str, Any]) -> tuple[str, Any]:
    """A key the harness writes and aido did not render (or any key aido does not own)."""
    candidates = [*sorted(ADAPTERS[adapter].caps.harness_keys), "timeout", "tuned_by_hand"]
    key = next(k for k in candidates if k not in entry)
    return key, VALUES.get(key, 30)


def _entry(path: Path, location: Location) -> Any:
    """The playwright entry as the reference parser reads the file."""
    raw = path.read_bytes()
    if location.fmt is Format.TOML:
        value: Any = tomllib.loads(raw.decode())
    elif location.fmt is Format.YAML:
        from ruamel.yaml import YAML

        value = YAML(typ="safe", pure=True).load(raw.decode())
    elif location.fmt is Format.JSONC:
        value = json.loads(strip_jsonc(raw.decode()))
    else:
        value = json.loads(raw)
    for key in location.map_path:
        if key == NAMED_TABLES:  # an array of tables keyed by `name` (Mistral Vibe)
            value = {item["name"]: item for item in value}
            continue
        value = value[key]
    return value["playwright"]


def _kept(path: Path, kept: tuple[bytes, ...]) -> None:
    raw = path.read_bytes()
    for text in kept:
        assert text in raw, f"{path.name}: lost {text!r}"


CASES = [
    pytest.param(name, where, id=f"{name}-{where}")
    for name in ADAPTERS
    for where in POSITIONS
    if spec_for(ENTRIES_BY_ID["playwright"], ADAPTERS[name]) is not None
]


@pytest.mark.parametrize(("adapter", "where"), CASES)
def test_someone_elses_key_in_an_owned_entry_is_theirs(
    adapter: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A key aido did not write, added to its entry: no drift, kept byte for byte through
    update and heal; a changed command conflicts; destroy then undo gives the bytes back."""
    root = new_project(tmp_path)
    found = _where(adapter, root)
    if found is None:
        pytest.skip(f"{adapter} has no config file on this OS")
    scope, location = found
    path = location.path
    path.parent.mkdir(parents=True, exist_ok=True)
    _configure(root, scope, adapter)
    assert _run(root, scope, "apply", "--yes") == 0
    key, value = _foreign(adapter, _entry(path, location))
    tuned, kept = add_key(path.read_bytes(), location.fmt, "playwright", key, value, where)
    path.write_bytes(tuned)
    assert _entry(path, location)[key] == value
    # Not drift: the plan is clean and apply writes nothing.
    assert _run(root, scope, "plan", "--detailed-exitcode") == 0
    assert _run(root, scope, "apply", "--yes") == 0
    assert path.read_bytes() == tuned
    # A catalog change updates aido's fields and keeps that key.
    _configure(root, scope, adapter, '[override.playwright]\nargs = ["--headless"]\n')
    assert _run(root, scope, "plan", "--detailed-exitcode") == 2
    assert _run(root, scope, "apply", "--yes") == 0
    _kept(path, kept)
    assert _entry(path, location)[key] == value
    assert "--headless" in json.dumps(_entry(path, location))
    assert _run(root, scope, "plan", "--detailed-exitcode") == 0
    # A changed owned field heals, the key stays.
    path.write_bytes(path.read_bytes().replace(b"--headless", b"--headed", 1))
    capsys.readouterr()
    assert _run(root, scope, "plan", "--detailed-exitcode") == 2
    assert "^ playwright" in capsys.readouterr().out
    assert _run(root, scope, "apply", "--yes") == 0
    _kept(path, kept)
    assert b"--headed" not in path.read_bytes()
    # A changed command is someone else's entry: a conflict, left alone.
    converged = path.read_bytes()
    path.write_bytes(converged.replace(b"npx", b"bunx", 1))
    capsys.readouterr()
    assert _run(root, scope, "plan", "--detailed-exitcode") == 2
    assert "! playwright" in capsys.readouterr().out
    path.write_bytes(converged)
    # destroy removes the whole entry; undo gives back every byte.
    assert _run(root, scope, "destroy", "--yes") == 0
    assert b"playwright" not in path.read_bytes() if path.exists() else True
    assert _run(root, scope, "undo", "--yes") == 0
    assert path.read_bytes() == converged


# -- records of an earlier aido --------------------------------------------------------


@pytest.fixture
def legacy(tmp_path: Path) -> Path:
    """A project applied by the aido before field ownership: its records list no fields."""
    root = materialize("legacy-state/project", tmp_path / "project")
    assert '"fields"' not in (root / ".aido/state.json").read_text()
    return root


def test_records_without_fields_report_nothing_new(legacy: Path) -> None:
    """The first plan after the upgrade: the fields aido renders now are its own; no change."""
    before = {p: p.read_bytes() for p in legacy.rglob("*") if p.is_file()}
    assert aido(legacy, "plan", "--detailed-exitcode") == 0
    assert aido(legacy, "apply", "--yes") == 0
    assert {p: p.read_bytes() for p in legacy.rglob("*") if p.is_file()} == before


def test_records_without_fields_keep_someone_elses_keys(legacy: Path) -> None:
    """An old record's entry tuned by hand: not drift; the next update keeps the keys and
    records the fields aido owns."""
    _tune(legacy)
    assert aido(legacy, "plan", "--detailed-exitcode") == 0
    toml = (legacy / "aido.toml").read_text()
    (legacy / "aido.toml").write_text(toml + '[override.playwright]\nargs = ["--headless"]\n')
    assert aido(legacy, "apply", "--yes") == 0
    codex = (legacy / CODEX).read_text()
    assert "[mcp_servers.playwright]\nstartup_timeout_sec = 30\n" in codex
    gemini = json.loads((legacy / GEMINI).read_text())["mcpServers"]["playwright"]
    assert (gemini["trust"], gemini["timeout"]) == (True, 60000)
    state = json.loads((legacy / ".aido/state.json").read_text())
    fields = {(r["adapter"], r["name"]): r["fields"] for r in state["records"]}
    assert fields[("codex", "playwright")] == ["args", "command"]
    assert aido(legacy, "plan", "--detailed-exitcode") == 0


def test_adopt_keeps_the_extra_keys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An entry equal to aido's rendering plus the user's keys is adopted as it stands."""
    root = new_project(tmp_path, TOML)
    assert aido(root, "apply", "--yes", "--adapter", "gemini-cli") == 0
    gemini = root / GEMINI
    data = json.loads(gemini.read_text())
    assert aido(root, "destroy", "--yes") == 0
    data["mcpServers"]["playwright"]["trust"] = True
    gemini.write_text(json.dumps(data, indent=2) + "\n")
    before = gemini.read_bytes()
    capsys.readouterr()
    assert aido(root, "adopt", "playwright", "--adapter", "gemini-cli") == 0
    assert "1 key kept from the harness or the user: trust" in capsys.readouterr().out
    assert gemini.read_bytes() == before
    assert aido(root, "plan", "--detailed-exitcode", "--adapter", "gemini-cli") == 2  # context7
    assert aido(root, "apply", "--yes", "--adapter", "gemini-cli") == 0
    assert json.loads(gemini.read_text())["mcpServers"]["playwright"]["trust"] is True
