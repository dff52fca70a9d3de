"""Which adapters run a spec: each adapter's capabilities decide, the catalog names none."""

from __future__ import annotations

import dataclasses

import pytest

from aidokit.adapters import (
    ADAPTERS,
    can_run,
    resolved,
    spec_for,
    supported,
    unreferenced_variables,
)
from aidokit.adapters.base import Adapter
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import (
    CAPABILITY_KEYS,
    EnvVar,
    MCPDef,
    RemoteSpec,
    StdioSpec,
    everywhere,
)
from aidokit.reconcile.core.errors import CatalogError

STDIO = StdioSpec(command="npx", args=("-y", "demo@1.0.0"))
HTTP = RemoteSpec(url="https://example.com/mcp")
SSE = RemoteSpec(url="https://example.com/sse", transport="sse")
ENTRIES = pytest.mark.parametrize("entry", MCP_CATALOG, ids=lambda e: e.id)


def _entry(install: dict[str, StdioSpec | RemoteSpec]) -> MCPDef:
    env = ("TOK",) if any("${TOK}" in repr(spec) for spec in install.values()) else ()
    return MCPDef(
        id="demo",
        name="Demo",
        purpose="a test entry",
        suggested_for=("implementer",),
        triggers=("never",),
        install=install,
        env=tuple(EnvVar(name=name, secret=True) for name in env),
    )


def _reach(spec: StdioSpec | RemoteSpec) -> dict[str, StdioSpec | RemoteSpec]:
    return supported(_entry(everywhere(spec)), ADAPTERS.values())


def test_stdio_runs_everywhere() -> None:
    """A stdio spec reaches every adapter (25 or more), in registry order."""
    assert list(_reach(STDIO)) == list(ADAPTERS)
    assert len(ADAPTERS) >= 25


def test_remote_http_skips_claude_desktop_and_junie() -> None:
    """Claude Desktop takes no remote server in its file (§11), Junie documents stdio only."""
    assert set(_reach(HTTP)) == set(ADAPTERS) - {"claude-desktop", "junie"}


def test_sse_skips_adapters_without_sse() -> None:
    """Codex, Goose, Amazon Q, Zed, Claude Desktop, Junie never get SSE (Factory Droid does:
    its binary's schema has an `sse` type)."""
    reach = set(_reach(SSE))
    for adapter in (
        "codex",
        "goose",
        "amazon-q",
        "zed",
        "claude-desktop",
        "junie",
    ):
        assert adapter not in reach
        assert not can_run(ADAPTERS[adapter], SSE)
    assert "claude-code" in reach
    assert "factory-droid" in reach


@pytest.mark.parametrize(
    "spec",
    [
        RemoteSpec(url="https://example.com/mcp", headers={"Authorization": "Bearer ${TOK}"}),
        RemoteSpec(url="https://example.com/mcp?key=${TOK}"),
        RemoteSpec(url="https://example.com/sse", transport="sse", headers={"X-Key": "${TOK}"}),
    ],
)
def test_remote_needing_a_variable_skips_harnesses_that_cannot_reference_one(
    spec: RemoteSpec,
) -> None:
    """Harnesses without a header/URL variable syntax never get an entry lacking its credentials."""
    reach = set(_reach(spec))
    no_syntax = [name for name, adapter in ADAPTERS.items() if not adapter.caps.references]
    assert {"zed", "cline", "claude-desktop"} <= set(no_syntax)  # the docs' examples
    for adapter in no_syntax:
        assert adapter not in reach
        assert unreferenced_variables(ADAPTERS[adapter], spec) == ("TOK",)
    assert {"claude-code", "kiro", "amazon-q", "goose"} & reach
    assert {"qwen-code", "kilo", "kilo-legacy"} & reach
    assert unreferenced_variables(ADAPTERS["claude-code"], spec) == ()


def test_remote_without_variables_still_reaches_zed_and_cline() -> None:
    """A remote server that needs no credentials is written for Zed, Cline and the like."""
    assert {"zed", "cline", "antigravity", "visual-studio", "lm-studio", "continue"} <= set(
        _reach(HTTP)
    )
    zed = ADAPTERS["zed"]
    assert unreferenced_variables(zed, HTTP) == () == unreferenced_variables(zed, STDIO)


def test_a_variable_in_args_skips_harnesses_that_cannot_reference_one() -> None:
    """A secret passed as an argument is installed only where `args` expands references."""
    spec = StdioSpec(command="npx", args=("-y", "demo@1.0.0", "${TOK}"))
    reach = set(_reach(spec))
    no_args = {name for name, a in ADAPTERS.items() if "args" not in a.caps.references}
    assert {"codex", "claude-desktop", "zed"} <= no_args  # the docs' examples
    assert reach == set(ADAPTERS) - no_args
    assert unreferenced_variables(ADAPTERS["codex"], spec) == ("TOK",)


def test_remote_is_preferred_and_stdio_fills_in() -> None:
    """With both kinds, an adapter takes the remote form it can run, else the stdio one."""
    entry = _entry({"remote": SSE, "stdio": STDIO})
    assert spec_for(entry, ADAPTERS["claude-code"]) is SSE
    assert spec_for(entry, ADAPTERS["codex"]) is STDIO
    assert set(supported(entry, ADAPTERS.values())) == set(ADAPTERS)


def test_an_adapter_named_in_install_takes_its_own_spec() -> None:
    """A per-adapter key overrides the spec by kind, even one the adapter could run."""
    own = StdioSpec(command="uvx", args=("demo==1.0.0",))
    entry = _entry({"stdio": STDIO, "cursor": own})
    assert spec_for(entry, ADAPTERS["cursor"]) is own
    assert spec_for(entry, ADAPTERS["windsurf"]) is STDIO


def test_resolving_twice_changes_nothing() -> None:
    """A resolved entry is keyed by adapter names only, and resolves to itself."""
    once = resolved(MCP_CATALOG)
    assert resolved(once) == once
    assert all(set(entry.install) <= set(ADAPTERS) for entry in once)


@ENTRIES
def test_install_keys_are_kinds_or_registered_adapters(entry: MCPDef) -> None:
    """A typo in an adapter key would be silently unused: every key is a kind or an adapter."""
    assert set(entry.install) <= set(CAPABILITY_KEYS) | set(ADAPTERS)


@ENTRIES
def test_install_specs_fit_their_adapters(entry: MCPDef) -> None:
    """Every adapter an entry resolves to can run its spec, credentials included."""
    (full,) = resolved((entry,))
    assert full.install, "an entry no adapter can run"
    for name, spec in full.install.items():
        adapter = ADAPTERS[name]
        if isinstance(spec, RemoteSpec):
            assert spec.transport in adapter.caps.transports
            assert not unreferenced_variables(adapter, spec), (name, "would lack its auth")
        assert spec_for(entry, adapter) is spec


def _server(spec: StdioSpec | RemoteSpec, adapter: str) -> MCPDef:
    return dataclasses.replace(_entry(everywhere(spec)), install={adapter: spec})


def _renders(adapter: Adapter, spec: StdioSpec | RemoteSpec, refusal: str = "") -> bool:
    """Whether `adapter` renders `spec`; a refusal is a CatalogError that says `refusal`."""
    try:
        adapter.build(_server(spec, adapter.name), spec)
    except CatalogError as exc:
        assert refusal in str(exc)
        return False
    return True


@pytest.mark.parametrize("adapter", ADAPTERS.values(), ids=lambda a: a.name)
def test_transports_say_what_render_takes(adapter: Adapter) -> None:
    """An adapter renders exactly the transports it lists, and refuses the others by name."""
    for spec in (STDIO, HTTP, SSE):
        kind = "stdio" if isinstance(spec, StdioSpec) else spec.transport
        assert _renders(adapter, spec, kind) == (kind in adapter.caps.transports), kind


@pytest.mark.parametrize("adapter", ADAPTERS.values(), ids=lambda a: a.name)
def test_reference_capabilities_say_what_render_takes(adapter: Adapter) -> None:
    """A variable in `args` or in a remote URL renders exactly where the adapter says it can."""
    in_args = StdioSpec(command="npx", args=("-y", "demo@1.0.0", "${TOK}"))
    assert _renders(adapter, in_args) == ("args" in adapter.caps.references)
    if "http" in adapter.caps.transports:
        in_url = RemoteSpec(url="https://example.com/mcp?key=${TOK}")
        assert _renders(adapter, in_url) == ("url" in adapter.caps.references)
        in_headers = RemoteSpec(url="https://example.com/mcp", headers={"X-Key": "${TOK}"})
        rendered = adapter.build(_server(in_headers, adapter.name), in_headers).entry
        assert ("X-Key" in repr(rendered)) == ("headers" in adapter.caps.references), rendered
