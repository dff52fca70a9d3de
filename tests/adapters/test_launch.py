"""`launch_of`: an entry read as its harness starts it, references expanded its way."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host
from aidokit.adapters.launch import launch_of
from aidokit.catalog.models import EnvVar, MCPDef, StdioSpec
from tests.fuzz import fuzz_settings

ENV = {"PATH": "/usr/bin", "HOME": "/home/u", "TOKEN": "s3cret", "SHELL": "/bin/sh", "X": "1"}


def host(environ: dict[str, str] | None = None) -> Host:
    return Host(Path("/p"), Path("/home/u"), "linux", ENV if environ is None else environ)


def env_of(launch: object) -> dict[str, str]:
    return dict(launch.env)  # type: ignore[attr-defined]


def test_claude_code_expands_dollar_brace_and_defaults() -> None:
    """Claude Code: `${VAR}` is the value, `${VAR:-d}` falls back, the environment is inherited."""
    entry = {
        "type": "stdio",
        "command": "npx",
        "args": ["-y", "pkg", "--dsn", "${DB:-postgres://localhost/dev}"],
        "env": {"GITHUB_TOKEN": "${TOKEN}"},
    }
    launch = launch_of(ADAPTERS["claude-code"], entry, host())
    assert launch.args == ("-y", "pkg", "--dsn", "postgres://localhost/dev")
    assert env_of(launch)["GITHUB_TOKEN"] == "s3cret" and env_of(launch)["X"] == "1"
    assert launch.missing == () and launch.problem is None


def test_claude_code_keeps_an_unset_reference_and_names_it() -> None:
    """An unset `${VAR}` stays literal in Claude Code, and the probe names the variable."""
    entry = {"command": "srv", "env": {"K": "${NOPE}"}}
    launch = launch_of(ADAPTERS["claude-code"], entry, host())
    assert env_of(launch)["K"] == "${NOPE}" and launch.missing == ("NOPE",)


def test_vscode_expands_env_colon_and_workspace_folder() -> None:
    """VS Code: `${env:VAR}`, `${workspaceFolder}` and `${userHome}` are replaced."""
    entry = {
        "type": "stdio",
        "command": "node",
        "args": ["${workspaceFolder}/srv.js", "${userHome}"],
        "env": {"T": "${env:TOKEN}", "U": "${env:UNSET}"},
    }
    launch = launch_of(ADAPTERS["vscode"], entry, host())
    assert launch.args == ("/p/srv.js", "/home/u")
    assert env_of(launch)["T"] == "s3cret" and env_of(launch)["U"] == ""
    assert launch.missing == ("UNSET",)


def test_vscode_input_variables_cannot_be_probed() -> None:
    """`${input:ID}` is asked for by VS Code itself: the launch says why aido cannot start it."""
    entry = {"type": "http", "url": "https://x.test/mcp", "headers": {"A": "${input:tok}"}}
    launch = launch_of(ADAPTERS["vscode"], entry, host())
    assert launch.transport == "http" and launch.problem and "${input:tok}" in launch.problem


def test_opencode_argv_environment_and_brace_env() -> None:
    """OpenCode: `command` is the argv, `environment` over its own, `{env:VAR}` (unset: empty)."""
    entry = {
        "type": "local",
        "command": ["npx", "-y", "pkg"],
        "environment": {"T": "{env:TOKEN}", "U": "{env:UNSET}"},
        "enabled": True,
    }
    launch = launch_of(ADAPTERS["opencode"], entry, host())
    assert (launch.command, launch.args) == ("npx", ("-y", "pkg"))
    assert env_of(launch)["T"] == "s3cret" and env_of(launch)["U"] == ""
    assert launch.missing == ("UNSET",) and env_of(launch)["X"] == "1"


def test_codex_passes_only_its_own_variables_and_env_vars() -> None:
    """Codex: its short list plus `env_vars` names and literal `env`; nothing else inherited."""
    entry = {"command": "srv", "args": ["a"], "env": {"L": "lit"}, "env_vars": ["TOKEN", "GONE"]}
    launch = launch_of(ADAPTERS["codex"], entry, host())
    assert env_of(launch) == {
        "PATH": "/usr/bin", "HOME": "/home/u", "SHELL": "/bin/sh", "TOKEN": "s3cret", "L": "lit",
    }  # fmt: skip
    assert launch.missing == ("GONE",)


def test_codex_remote_headers_come_from_the_environment() -> None:
    """Codex: `bearer_token_env_var` and `env_http_headers` are read from the environment."""
    entry = {
        "url": "https://x.test/mcp",
        "bearer_token_env_var": "TOKEN",
        "env_http_headers": {"X-Key": "UNSET"},
        "http_headers": {"X-Static": "v"},
    }
    launch = launch_of(ADAPTERS["codex"], entry, host())
    headers = dict(launch.headers)
    assert headers["Authorization"] == "Bearer s3cret" and headers["X-Static"] == "v"
    assert launch.missing == ("UNSET",)


def test_untyped_urls_follow_each_harness() -> None:
    """A URL without `type` is streamable HTTP for Cursor, SSE for Gemini CLI; `httpUrl` is HTTP."""
    assert launch_of(ADAPTERS["cursor"], {"url": "https://a/mcp"}, host()).transport == "http"
    assert launch_of(ADAPTERS["gemini-cli"], {"url": "https://a/sse"}, host()).transport == "sse"
    assert launch_of(ADAPTERS["gemini-cli"], {"httpUrl": "https://a/m"}, host()).transport == "http"


def test_wrong_shapes_are_a_problem_not_a_crash() -> None:
    """An entry whose fields have the wrong types is reported, never started."""
    for name, entry in [
        ("claude-code", {"command": 3}),
        ("claude-code", {"command": "x", "args": "not a list"}),
        ("codex", {"command": "x", "env_vars": [1]}),
        ("opencode", {"type": "local", "command": "npx"}),
        ("goose", {"cmd": "x", "envs": [1]}),
    ]:
        assert launch_of(ADAPTERS[name], entry, host()).problem, (name, entry)


NAMES = st.from_regex(r"[A-Z][A-Z0-9_]{0,12}", fullmatch=True).filter(
    lambda n: n not in ENV and n not in ("LANG", "LC_ALL", "TERM", "TMPDIR", "TZ", "USER")
)
VALUES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1)


@fuzz_settings(40)
@given(name=NAMES, value=VALUES)
def test_what_aido_renders_each_harness_starts_with_the_value(name: str, value: str) -> None:
    """For a secret the catalog references, each harness's rendering launches with its value.

    Claude Code, Codex, VS Code and OpenCode each write the reference their own way;
    read back as the harness starts the server, every one gives the variable's value.
    """
    server = MCPDef(
        id="x", name="x", purpose="x", suggested_for=("implementer",), triggers=("always",),
        install={"stdio": StdioSpec(command="srv", args=("a",), env={name: "${" + name + "}"})},
        env=(EnvVar(name=name, secret=True),), homepage="https://x.test",
    )  # fmt: skip
    environ = {**ENV, name: value}
    for adapter in ("claude-code", "codex", "vscode", "opencode"):
        spec = server.install["stdio"]
        entry = ADAPTERS[adapter].build(server, spec).entry
        launch = launch_of(ADAPTERS[adapter], entry, host(environ))
        assert env_of(launch)[name] == value, adapter
        assert (launch.command, launch.args, launch.missing) == ("srv", ("a",), ()), adapter
