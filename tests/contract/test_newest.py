"""What the CLIs of issue 33's new adapters do with the files aido writes, beyond the read-back."""

from __future__ import annotations

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Format, Host, Scope
from tests.contract import bundled
from tests.contract.oracles import read_back
from tests.contract.sandbox import FIXTURES, Sandbox, run_cli

pytestmark = pytest.mark.contract


def test_auggie_keeps_the_teams_switched_off_entry_off(sandbox: Sandbox) -> None:
    """The `disabled` key Auggie's /mcp switch writes (a harness key aido keeps) is read."""
    sandbox.place(FIXTURES / "auggie" / "project")
    servers = read_back("auggie", sandbox)
    assert servers["linear"].raw["enabled"] is False
    assert servers["playwright"].raw["enabled"] is True


def test_auggie_refuses_a_settings_file_it_cannot_parse(sandbox: Sandbox) -> None:
    """A broken `.augment/settings.json` makes `auggie mcp list` fail, never list half of it."""
    sandbox.write("project/.augment/settings.json", '{"mcpServers": {"x": {"type": "http"}}}\n')
    proc = run_cli("auggie", "mcp", "list", "--json", sandbox=sandbox, check=False)
    assert proc.returncode != 0


def test_openhands_keeps_a_switched_off_entry_off(sandbox: Sandbox) -> None:
    """`enabled: false` (the key `openhands mcp disable` writes, kept by aido) leaves the
    server out of the ones a session starts; an entry without it is on."""
    sandbox.place(FIXTURES / "openhands" / "user")
    loaded = bundled.openhands_load(sandbox)
    assert "context7" in loaded["servers"] and "context7" not in loaded["enabled"]
    assert {"memory", "notes", "linear", "docs"} <= set(loaded["enabled"])


def test_openhands_reads_the_file_the_adapter_names(sandbox: Sandbox) -> None:
    """`OPENHANDS_PERSISTENCE_DIR` moves the file, else it is `~/.openhands/mcp.json`."""
    adapter = ADAPTERS["openhands"]
    for environ in ({}, {"OPENHANDS_PERSISTENCE_DIR": str(sandbox.root / "oh-state")}):
        host = Host(sandbox.project, sandbox.home, "linux", environ)
        location = adapter.location(Scope.USER, host)
        assert location is not None
        assert bundled.openhands_load(sandbox, environ)["path"] == str(location.path)


def test_openhands_refuses_a_file_with_a_comment(sandbox: Sandbox) -> None:
    """The loader is strict JSON (pydantic): a comment fails the whole file, so the adapter
    writes plain JSON; an empty file fails too."""
    path = "home/.openhands/mcp.json"
    for text in ('{\n  // mine\n  "mcpServers": {}\n}\n', ""):
        sandbox.write(path, text)
        loaded = bundled.run_python(
            "openhands", "openhands_mcp.py", sandbox=sandbox, env=None, check=False
        )
        assert loaded["error"].startswith(("Invalid MCP configuration", "Error reading")), text
    location = ADAPTERS["openhands"].location(Scope.USER, Host.current(sandbox.project))
    assert location is not None and location.fmt is Format.JSON


def test_vibe_reads_a_project_file_only_in_a_trusted_folder(sandbox: Sandbox) -> None:
    """`.vibe/config.toml` is left out until `$VIBE_HOME/trusted_folders.toml` lists the
    folder (what the adapter's plan note says); then its servers are read."""
    case = FIXTURES / "vibe" / "project"
    sandbox.write("project/.vibe/config.toml", (case / "project/.vibe/config.toml").read_text())
    assert bundled.vibe(sandbox) == {}
    sandbox.trust_project("vibe")
    assert sorted(bundled.vibe(sandbox)) == ["git", "sentry"]


def test_vibe_reads_the_file_the_adapter_names(sandbox: Sandbox) -> None:
    """`VIBE_HOME` moves the user file, else it is `~/.vibe/config.toml`."""
    adapter = ADAPTERS["vibe"]
    text = (FIXTURES / "vibe" / "user" / "home/.vibe/config.toml").read_text()
    for environ in ({}, {"VIBE_HOME": str(sandbox.root / "vibe-home")}):
        host = Host(sandbox.project, sandbox.home, "linux", environ)
        location = adapter.location(Scope.USER, host)
        assert location is not None and location.fmt is Format.TOML
        sandbox.write(location.path.relative_to(sandbox.root), text)
        assert "memory" in bundled.vibe(sandbox, environ)
        location.path.unlink()
        assert bundled.vibe(sandbox, environ) == {}
