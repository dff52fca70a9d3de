"""The probe's text report (issue 54 item 2): tool names in text, folded; a table that fits
80 columns; one row per server, with every harness that starts it."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS
from aidokit.adapters.launch import Launch
from aidokit.reconcile.probe.render import WIDTH, render_probes
from aidokit.reconcile.probe.targets import Probe, Result, Status, Use

ID = st.text(string.ascii_lowercase + string.digits + "-", min_size=1, max_size=24).filter(
    lambda s: s[0] != "-"
)
TOOL = st.text(string.ascii_lowercase + "_-", min_size=1, max_size=30)
HARNESSES = st.lists(st.sampled_from(sorted(ADAPTERS)), min_size=1, max_size=12, unique=True)


def _probe(server: str, adapters: list[str], command: str = "x") -> Probe:
    launch = Launch("stdio", command=command, args=(), shown=(command,))
    uses = tuple(
        Use(a, ".mcp.json", server, server, "aido wrote it", (None, None)) for a in adapters
    )  # type: ignore[arg-type]
    return Probe(launch, uses)


@settings(max_examples=150, deadline=None)
@given(
    servers=st.lists(
        st.tuples(ID, HARNESSES, st.sampled_from(list(Status)), st.lists(TOOL, max_size=40)),
        min_size=1,
        max_size=6,
        unique_by=lambda s: s[0],
    )
)
def test_every_line_fits_80_columns(
    servers: list[tuple[str, list[str], Status, list[str]]],
) -> None:
    """Whatever the ids (up to 24 characters), harnesses and tool names: 80 columns."""
    results = [
        Result(_probe(server, adapters), status, tuple(tools) if status is Status.OK else (),
               error=None if status is Status.OK else "it did not answer initialize in time")
        for server, adapters, status, tools in servers
    ]  # fmt: skip
    out = render_probes(results)
    assert max(len(line) for line in out.splitlines()) <= WIDTH, out


def test_tool_names_are_in_the_text_folded() -> None:
    """A server's tool names follow its row, folded between names, never inside one."""
    tools = tuple(f"browser_tool_number_{n}" for n in range(20))
    out = render_probes([Result(_probe("playwright", ["claude-code"]), Status.OK, tools)])
    body = " ".join(line.strip() for line in out.splitlines()[2:-1])
    assert body.startswith("tools: browser_tool_number_0, ")
    assert body.split("tools: ", 1)[1].split(", ") == list(tools)
    assert len(out.splitlines()) > 4  # folded over several lines


def test_one_row_per_server_with_all_its_harnesses() -> None:
    """Serena runs in another form for Codex (its own context): still one row, both harnesses;
    the harness whose probe failed is named beside the error."""
    results = [
        Result(_probe("serena", ["claude-code", "vscode"]), Status.OK, ("find_symbol",)),
        Result(_probe("context7", ["cursor"]), Status.OK, ("resolve-library-id",)),
        Result(_probe("serena", ["codex"], "y"), Status.FAILED, error="it exited"),
    ]
    lines = render_probes(results).splitlines()
    rows = [line for line in lines if line and not line.startswith(" ")]
    assert [row.split()[0] for row in rows[1:-1]] == ["serena", "context7"]
    assert rows[1].split()[1:] == ["failed", "1", "0.0s", "claude-code,", "vscode,", "codex"]
    assert "    codex: it exited" in lines


def test_a_long_id_stands_on_its_own_line() -> None:
    """An id wider than the SERVER column does not push the table past 80 columns."""
    server = "a-" + "very-" * 11 + "long-id"
    out = render_probes([Result(_probe(server, ["claude-code", "cursor"]), Status.OK, ("t",))])
    lines = out.splitlines()
    assert lines[1] == server
    assert lines[2].split() == ["ok", "1", "0.0s", "claude-code,", "cursor"]
    assert max(len(line) for line in lines if line != server) <= WIDTH
