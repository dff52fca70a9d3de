"""`server.json` import: validation, mapping to MCPDef, and printable Python (SPEC §3)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS, resolved
from aidokit.catalog.models import (
    CAPABILITY_KEYS,
    EnvVar,
    MCPDef,
    RemoteSpec,
    StdioSpec,
    everywhere,
)
from aidokit.catalog.pysource import entry_source
from aidokit.catalog.server_json import entry_from_server_json, load_server_json
from aidokit.reconcile.core.errors import CatalogError

SERVER_JSON = Path(__file__).resolve().parents[2] / "fixtures" / "server-json"
VALID = sorted(SERVER_JSON.glob("*.json"))


def _import(name: str) -> MCPDef:
    """The imported entry, its install map resolved against the registry (adapter names)."""
    (entry,) = resolved((entry_from_server_json(load_server_json(SERVER_JSON / name)).entry,))
    return entry


def _eval_source(source: str) -> MCPDef:
    namespace = {
        "MCPDef": MCPDef,
        "StdioSpec": StdioSpec,
        "RemoteSpec": RemoteSpec,
        "EnvVar": EnvVar,
        "everywhere": everywhere,
    }
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))
    value = eval(textwrap.dedent(code).strip().rstrip(","), namespace)  # noqa: S307  # own output
    assert isinstance(value, MCPDef)
    return value


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_printed_python_rebuilds_the_same_entry(path: Path) -> None:
    """The Python printed for a PR evaluates to exactly the imported entry."""
    result = entry_from_server_json(load_server_json(path))
    assert _eval_source(entry_source(result.entry, notes=result.notes)) == result.entry


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_imported_entries_are_safe_defaults(path: Path) -> None:
    """Imports are never suggested, name no harness, and reach every adapter able to run them."""
    entry = entry_from_server_json(load_server_json(path)).entry
    assert entry.triggers == ("never",)
    assert set(entry.install) <= set(CAPABILITY_KEYS)
    (full,) = resolved((entry,))
    assert set(full.install) <= set(ADAPTERS)
    assert "claude-code" in full.install


def test_npm_package_and_remote() -> None:
    """A remote is preferred; Claude Desktop falls back to the pinned npm package."""
    entry = _import("weather-npm-and-remote.json")
    assert entry.install["codex"] == RemoteSpec(
        url="https://weather.example.com/mcp",
        headers={"Authorization": "Bearer ${WEATHER_TOKEN}"},
    )
    assert entry.install["claude-desktop"] == StdioSpec(
        command="npx",
        args=("-y", "@example/weather-mcp@1.2.0", "--units", "metric"),
        env={"OWM_API_KEY": "${OWM_API_KEY}"},
    )
    assert entry.secret_names() == {"OWM_API_KEY", "WEATHER_TOKEN"}


def test_pypi_package_with_templated_argument() -> None:
    """A `{var}` in an argument becomes a declared `${NAME}` placeholder."""
    entry = _import("timezones-pypi.json")
    spec = entry.install["claude-code"]
    assert isinstance(spec, StdioSpec)
    assert spec.command == "uvx"
    assert spec.args == ("example-timezones-mcp==2026.10.19", "--local-timezone", "${TIMEZONES_TZ}")
    assert spec.env == {"LOG_LEVEL": "info"}
    assert [var.name for var in entry.env] == ["TIMEZONES_TZ"]


def test_oci_package_passes_env_to_docker() -> None:
    """An OCI image runs under docker with -e per variable; secrets never appear literally."""
    entry = _import("inventory-oci.json")
    # The database URL is an argument: harnesses that cannot reference one there get no entry.
    assert "goose" not in entry.install
    spec = entry.install["claude-code"]
    assert isinstance(spec, StdioSpec)
    assert spec.args[:8] == (
        "run",
        "-i",
        "--rm",
        "-e",
        "INVENTORY_TOKEN",
        "-e",
        "INVENTORY_REGION",
        "--network",
    )
    assert "example/inventory-mcp:0.4.1" in spec.args
    assert {"INVENTORY_TOKEN", "INVENTORY_DB_DATABASE_URL"} <= entry.secret_names()


def test_remote_only_prefers_streamable_http_and_generic_name() -> None:
    """Streamable HTTP wins over SSE, and a generic `/mcp` name takes its namespace's label."""
    entry = _import("tickets-remote-only.json")
    assert entry.id == "tickets"
    assert "claude-desktop" not in entry.install
    spec = entry.install["codex"]
    assert isinstance(spec, RemoteSpec)
    assert spec.transport == "http"
    assert spec.headers == {"X-API-Key": "${TICKETS_X_API_KEY}"}


def test_registry_api_wrapper_is_unwrapped() -> None:
    """A registry API response `{"server": ...}` imports like a bare server.json."""
    assert _import("registry-api-wrapper.json").id == "notes"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("no-namespace.json", "at name"),
        ("latest-version.json", "'latest' is not allowed"),
        ("nuget-only.json", "no npm, pypi or oci"),
    ],
)
def test_invalid_server_json(name: str, message: str) -> None:
    """Invalid or unusable server.json files are CatalogErrors naming the problem."""
    with pytest.raises(CatalogError, match=message):
        entry_from_server_json(load_server_json(SERVER_JSON / "invalid" / name))


def test_unreadable_and_non_json(tmp_path: Path) -> None:
    """A missing file or broken JSON is a one-sentence CatalogError naming the file."""
    with pytest.raises(CatalogError, match="cannot read"):
        load_server_json(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(CatalogError, match="not valid JSON"):
        load_server_json(broken)


def test_printed_python_rebuilds_every_catalog_entry() -> None:
    """`aido catalog sync` drafts a changed entry from the catalog's own: the printed Python
    carries every field a catalog entry sets (also_runs and replacement_widens included)."""
    from aidokit.catalog.entries import MCP_CATALOG

    lost = [entry.id for entry in MCP_CATALOG if _eval_source(entry_source(entry)) != entry]
    assert lost == []
