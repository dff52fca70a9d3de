"""Property: an imported server launches what the hand-written one launched (issue 50 §1).

Generated hand-written entries, in each harness's own shape and reference syntax
(VS Code's `${env:X}`, `${workspaceFolder}`, `${input:id}`; Claude Code's `${X}` and
`${X:-default}`; Gemini's `$X`; OpenCode's `{env:X}` and argv list; Codex's `env_vars`,
`bearer_token_env_var`, `env_http_headers`), with env names, headers and extra args. For
every harness the import writes the server to, the probe's own launch resolution
(`launch_of`) of what aido renders there starts the same argv with the same
environment values, or reaches the same URL with the same headers, as the hand-written
entry in its own harness, every variable set to a value of its own.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS, spec_for
from aidokit.adapters.base import Adapter
from aidokit.adapters.launch import Launch, launch_of
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.read.choices.custom import custom_server
from aidokit.reconcile.write.carry import probe_host
from aidokit.reconcile.write.importer import carry, classify

TARGETS = tuple(
    ADAPTERS[name]
    for name in ("claude-code", "codex", "vscode", "cursor", "gemini-cli", "opencode", "kiro",
                 "windsurf", "roo", "cline", "copilot-cli", "amazon-q")
)  # fmt: skip
NAMES = st.sampled_from(["API_TOKEN", "GH_PAT", "DB_URL", "HOME_DIR", "MY_KEY"])
WORDS = st.sampled_from(["--verbose", "serve", "--port=8080", "-y", "./data", "stdio", "a b"])


def reference(syntax: str, name: str) -> str:
    """`name` referenced the way a harness of that `Expansion` spells it."""
    return {
        "dollar": "${" + name + "}",
        "shell": "$" + name,
        "env-colon": "${env:" + name + "}",
        "brace-env": "{env:" + name + "}",
    }.get(syntax, "${" + name + "}")


@st.composite
def hand_written(draw: st.DrawFn) -> tuple[Adapter, dict[str, Any]]:
    """One harness and an entry a person could have written in it."""
    adapter = draw(st.sampled_from(TARGETS))
    syntax = adapter.caps.expands

    def value() -> str:
        kind = draw(st.sampled_from(["word", "ref", "ref-in-text", "harness-word", "default"]))
        if kind == "word":
            return draw(WORDS)
        name = draw(NAMES)
        if kind == "ref":
            return reference(syntax, name)
        if kind == "ref-in-text":
            return f"--token={reference(syntax, name)}"
        if kind == "harness-word" and syntax == "env-colon":
            return draw(st.sampled_from(["${workspaceFolder}/srv", "${userHome}/x", "${input:pg}"]))
        if kind == "default" and syntax == "dollar":
            return "${" + name + ":-fallback}"
        return draw(WORDS)

    remote = draw(st.booleans())
    if remote:
        url = "https://mcp.example.net/" + draw(st.sampled_from(["mcp", "sse", "v1/mcp"]))
        if adapter.name == "codex":
            entry: dict[str, Any] = {"url": url}
            if draw(st.booleans()):
                entry["bearer_token_env_var"] = draw(NAMES)
            if draw(st.booleans()):
                entry["env_http_headers"] = {"X-Api-Key": draw(NAMES)}
            return adapter, entry
        headers = {"Authorization": "Bearer " + reference(syntax, draw(NAMES))}
        if draw(st.booleans()):
            headers["X-Trace"] = draw(WORDS)
        key = "httpUrl" if adapter.name == "gemini-cli" else "url"
        entry = {key: url, "headers": headers}
        if adapter.name in ("claude-code", "vscode", "kiro", "copilot-cli"):
            entry["type"] = "http"
        return adapter, entry
    command = draw(st.sampled_from(["node", "python3", "./bin/server", "my-tool"]))
    args = [value() for _ in range(draw(st.integers(0, 4)))]
    env = {draw(NAMES): value() for _ in range(draw(st.integers(0, 3)))}
    if adapter.name == "opencode":
        return adapter, {"type": "local", "command": [command, *args], "environment": env}
    if adapter.name == "codex":
        entry = {"command": command, "args": [a for a in args if "$" not in a]}
        entry["env"] = {k: v for k, v in env.items() if "$" not in v and "{" not in v}
        if draw(st.booleans()):
            entry["env_vars"] = [draw(NAMES)]
        return adapter, entry
    entry = {"command": command, "args": args, "env": env}
    if adapter.name in ("claude-code", "vscode", "copilot-cli"):
        entry["type"] = "stdio"
    return adapter, entry


class Target(NamedTuple):
    adapter: Adapter
    shown: str
    entries: dict[str, Any]

    def servers(self) -> dict[str, Any]:
        return self.entries


class File(NamedTuple):
    adapter: Adapter
    shown: str


ALL_NAMES = ("API_TOKEN", "GH_PAT", "DB_URL", "HOME_DIR", "MY_KEY")


def referenced(entry: dict[str, Any]) -> set[str]:
    """The variables the hand-written entry names, however its harness spells them."""
    text = repr(entry)
    return {name for name in ALL_NAMES if name in text}


def started(launch: Launch, environ: dict[str, str], names: set[str]) -> tuple[object, ...]:
    """What a launch starts, compared by hand: argv, the values it sets beside the
    environment it passes on, which of the entry's variables reach the server, URL and
    headers."""
    env = sorted((k, v) for k, v in launch.env if environ.get(k) != v)
    reach = sorted(k for k, _ in launch.env if k in names)
    return (launch.command, launch.args, env, reach, launch.url, sorted(launch.headers))


@settings(max_examples=150, deadline=None)
@given(hand_written())
def test_every_harness_it_is_written_to_launches_the_same(case: tuple[Adapter, dict]) -> None:
    source, entry = case
    catalog = {server.id: server for server in MCP_CATALOG}
    target = Target(source, "file", {"srv": entry})
    found = classify(target, "srv", entry, catalog)  # type: ignore[arg-type]
    found = carry(_with_file(found, source), TARGETS)
    if found.custom is None:
        assert found.problem, found
        return
    server = custom_server("srv", found.custom)
    written = found.custom.adapters or tuple(a.name for a in TARGETS)
    assert source.name in written, found.cannot
    names = referenced(entry)
    host = probe_host(ALL_NAMES)
    want = started(launch_of(source, entry, host), dict(host.environ), names)
    for name in written:
        adapter = ADAPTERS[name]
        spec = spec_for(server, adapter)
        assert spec is not None
        rendered = adapter.build(server, spec).entry
        mine = probe_host(ALL_NAMES)
        got = started(launch_of(adapter, rendered, mine), dict(mine.environ), names)
        assert got == want, (name, rendered)
        for text in map(str, rendered.values()):
            assert "env:workspaceFolder" not in text and "env:userHome" not in text
    said = " ".join(found.cannot)
    for adapter in TARGETS:
        if adapter.name not in written:
            assert f"is not written to {adapter.name}" in said


def _with_file(found: Any, source: Adapter) -> Any:
    from dataclasses import replace

    return replace(found, file=File(source, "file"))
