"""everywhere() maps a spec to the adapters that can run it; resolve picks one."""

from __future__ import annotations

import pytest

from aidokit.catalog.install import ADAPTER_NAMES, can_run, everywhere, unreferenced_variables
from aidokit.catalog.models import RemoteSpec, StdioSpec

STDIO = StdioSpec(command="npx", args=("-y", "demo@1.0.0"))
HTTP = RemoteSpec(url="https://example.com/mcp")
SSE = RemoteSpec(url="https://example.com/sse", transport="sse")


def test_stdio_runs_everywhere() -> None:
    """A stdio spec reaches all 25 adapters."""
    assert list(everywhere(STDIO)) == list(ADAPTER_NAMES)
    assert len(ADAPTER_NAMES) == 25


def test_catalog_knows_every_registered_adapter() -> None:
    """The catalog keys install specs by exactly the adapters the registry holds."""
    from aidokit.adapters.registry import ADAPTERS

    assert sorted(ADAPTER_NAMES) == sorted(ADAPTERS)


def test_remote_http_skips_claude_desktop_and_junie() -> None:
    """Claude Desktop takes no remote server in its file (§11), Junie documents stdio only."""
    assert set(everywhere(HTTP)) == set(ADAPTER_NAMES) - {"claude-desktop", "junie"}


def test_sse_skips_adapters_without_sse() -> None:
    """Codex, Goose, Amazon Q, Zed, Factory Droid, Claude Desktop, Junie never get SSE."""
    reach = set(everywhere(SSE))
    for adapter in (
        "codex",
        "goose",
        "amazon-q",
        "zed",
        "factory-droid",
        "claude-desktop",
        "junie",
    ):
        assert adapter not in reach
    assert "claude-code" in reach


def test_except_removes_adapters_and_rejects_unknown_names() -> None:
    """except_ drops named adapters; a typo in it is an error, not a silent no-op."""
    assert "cursor" not in everywhere(STDIO, except_=("cursor",))
    with pytest.raises(ValueError, match="curser"):
        everywhere(STDIO, except_=("curser",))


def test_can_run_unknown_adapter() -> None:
    """An adapter name outside the list can run nothing."""
    assert not can_run("notepad", STDIO)


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
    reach = set(everywhere(spec))
    no_syntax = ("antigravity", "visual-studio", "lm-studio", "continue", "junie")
    for adapter in ("zed", "cline", "claude-desktop", *no_syntax):
        assert adapter not in reach
        assert unreferenced_variables(adapter, spec) == ("TOK",)
    assert {"claude-code", "kiro", "amazon-q", "goose"} & reach
    assert {"qwen-code", "kilo", "kilo-legacy"} & reach
    assert unreferenced_variables("claude-code", spec) == ()


def test_remote_without_variables_still_reaches_zed_and_cline() -> None:
    """A remote server that needs no credentials is written for Zed, Cline and the like."""
    assert {"zed", "cline", "antigravity", "visual-studio", "lm-studio", "continue"} <= set(
        everywhere(HTTP)
    )
    assert unreferenced_variables("zed", HTTP) == () == unreferenced_variables("zed", STDIO)
