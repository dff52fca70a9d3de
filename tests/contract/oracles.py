"""Ask each real harness CLI which MCP servers it read, as one normalised view.

Each oracle runs the CLI's own listing command in a sandbox and reports what
the CLI says, without reinterpreting it: env values and headers are kept as
printed (references like `${VAR}` stay references; a CLI that expands or
masks them shows that). Findings are in docs/harness-oracles.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping

from tests.contract import bundled, more_clis, newest
from tests.contract.sandbox import Sandbox, run_cli
from tests.contract.views import Raw as Raw
from tests.contract.views import Servers as Servers
from tests.contract.views import ServerView as ServerView
from tests.contract.views import dump_servers as dump_servers
from tests.contract.views import load_servers as load_servers


def codex(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `$CODEX_HOME/config.toml` (+ a trusted `.codex/config.toml`) via `mcp list --json`."""
    # stderr carries a PATH-alias warning whenever CODEX_HOME is under /tmp.
    records = json.loads(run_cli("codex", "mcp", "list", "--json", sandbox=sandbox, env=env).stdout)
    return {rec["name"]: _codex_view(rec) for rec in records}


def _codex_view(rec: Raw) -> ServerView:
    t = rec["transport"]
    if t["type"] == "stdio":
        return ServerView(
            name=rec["name"],
            transport="stdio",
            command=t["command"],
            args=tuple(t.get("args") or ()),
            env=dict(t.get("env") or {}),
            env_vars=tuple(_env_var_name(v) for v in t.get("env_vars") or ()),
            raw=rec,
        )
    if t["type"] != "streamable_http":
        raise AssertionError(f"codex reported an unknown transport {t['type']!r}: {rec}")
    return ServerView(
        name=rec["name"],
        transport="http",
        url=t["url"],
        headers=dict(t.get("http_headers") or {}),
        bearer_token_env_var=t.get("bearer_token_env_var"),
        env_headers=dict(t.get("env_http_headers") or {}),
        raw=rec,
    )


def _env_var_name(value: str | Raw) -> str:
    return value if isinstance(value, str) else str(value["name"])


# `○ name: npx -y pkg (stdio) - Disabled`, `✗ name (from ext): https://x (http) - Disconnected`
_GEMINI_LINE = re.compile(
    r"^\S+ (?P<name>[^:]+?)(?: \(from (?P<ext>[^)]*)\))?: (?P<target>.*) "
    r"\((?P<transport>stdio|http|sse)\) - (?P<status>\w+)$"
)


def gemini(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `.gemini/settings.json` and `~/.gemini/settings.json` via `gemini mcp list`.

    The listing has no JSON mode and does not print env or headers. In an
    untrusted folder (the sandbox default) every server is listed as
    Disabled and none is started.
    """
    proc = run_cli("gemini", "mcp", "list", sandbox=sandbox, env=env)
    return _listed(proc.stdout + "\n" + proc.stderr, _GEMINI_LINE)


def opencode(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read the resolved `mcp` map via `opencode debug config` (`mcp list` starts servers).

    `debug config` masks every header value and any value whose key looks
    secret (`*_TOKEN`, `*API_KEY*`, ...) as `***`, and has already replaced
    `{env:VAR}` with the variable's value (empty when unset).
    """
    proc = run_cli("opencode", "debug", "config", "--pure", sandbox=sandbox, env=env)
    mcp: Raw = json.loads(proc.stdout).get("mcp") or {}
    servers: Servers = {}
    for name, rec in mcp.items():
        if rec.get("type") == "local":
            command, *args = rec["command"]
            view = ServerView(
                name,
                "stdio",
                command=command,
                args=tuple(args),
                env=dict(rec.get("environment") or {}),
                raw=rec,
            )
        else:
            # OpenCode's remote type speaks streamable HTTP and falls back to SSE itself.
            view = ServerView(
                name, "http", url=rec["url"], headers=dict(rec.get("headers") or {}), raw=rec
            )
        servers[name] = view
    return servers


_CLAUDE_SCOPES = {"Project config": "project", "User config": "user", "Local config": "local"}


def claude(
    sandbox: Sandbox, env: Mapping[str, str] | None = None, names: Collection[str] | None = None
) -> Servers:
    """Read every scope via `claude mcp list`, then `claude mcp get NAME` for the details.

    `names`: only these of the listed servers (one `get` each), else all of them.
    Runs one CLI call at a time: each call rewrites `~/.claude.json`.
    Servers that are not pending approval get a health check; the sandbox
    PATH holds only `node`, so stdio commands fail to spawn at once.
    """
    listing = run_cli("claude", "mcp", "list", sandbox=sandbox, env=env).stdout
    servers: Servers = {}
    for name, target in _claude_list_lines(listing):
        if names is not None and name not in names:
            continue
        detail = run_cli("claude", "mcp", "get", name, sandbox=sandbox, env=env).stdout
        servers[name] = _claude_view(name, target, _parse_claude_get(detail))
    return servers


def _claude_list_lines(listing: str) -> list[tuple[str, str]]:
    out = []
    for line in listing.splitlines():
        head, sep, status = line.rpartition(" - ")
        name, colon, target = head.partition(": ")
        if sep and colon and status[:1] in "✓✔✘⏸!" and " " not in name:
            out.append((name, target))
    return out


def _parse_claude_get(text: str) -> Raw:
    rec: Raw = {}
    block: str | None = None
    for line in text.splitlines():
        if line.startswith("    ") and block is not None:
            sep = "=" if block == "Environment" else ": "
            key, _, value = line.strip().partition(sep)
            rec[block][key] = value
        elif line.startswith("  ") and ":" in line:
            key, _, value = line.strip().partition(":")
            block = key if key in ("Environment", "Headers") and not value.strip() else None
            rec[key] = {} if block else value.strip()
    return rec


def _claude_view(name: str, target: str, rec: Raw) -> ServerView:
    scope = next((v for k, v in _CLAUDE_SCOPES.items() if rec.get("Scope", "").startswith(k)), None)
    raw = {"list": target, **rec}
    kind = rec.get("Type")
    if kind == "stdio":
        args = tuple(rec["Args"].split(" ")) if rec.get("Args") else ()
        env = rec.get("Environment", {})
        return ServerView(name, "stdio", rec["Command"], args, env=env, scope=scope, raw=raw)
    if kind in ("http", "sse"):
        headers = rec.get("Headers", {})
        return ServerView(name, kind, url=rec["URL"], headers=headers, scope=scope, raw=raw)
    # `mcp get` prints no details for an entry without `"type"`; only the
    # listing line ("command args" or "url (HTTP)") says what was read.
    m = re.fullmatch(r"(?P<url>\S+) \((?P<kind>HTTP|SSE)\)", target)
    if m:
        return ServerView(name, m["kind"].lower(), url=m["url"], scope=scope, raw=raw)
    command, *rest = target.split(" ")
    return ServerView(name, "stdio", command, tuple(rest), scope=scope, raw=raw)


def copilot(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `~/.copilot/mcp-config.json` and trusted workspace files via `mcp list --json`."""
    proc = run_cli("copilot", "mcp", "list", "--json", sandbox=sandbox, env=env)
    records: Raw = json.loads(proc.stdout).get("mcpServers") or {}
    return {name: _copilot_view(name, rec) for name, rec in records.items()}


def _copilot_view(name: str, rec: Raw) -> ServerView:
    scope = {"user": "user", "workspace": "project"}.get(rec.get("source", ""))
    if rec.get("type") in ("local", "stdio", None):
        return ServerView(
            name,
            "stdio",
            command=rec["command"],
            args=tuple(rec.get("args") or ()),
            env=dict(rec.get("env") or {}),
            scope=scope,
            raw=rec,
        )
    return ServerView(
        name,
        rec["type"],
        url=rec["url"],
        headers=dict(rec.get("headers") or {}),
        scope=scope,
        raw=rec,
    )


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# `● name: npx -y pkg (stdio) - Pending approval`, `✗ name: https://x (http) - Disconnected`
_QWEN_LINE = re.compile(
    r"^\S+ (?P<name>[^:\s]+): (?P<target>.*?) \((?P<transport>stdio|http|sse)\) - (?P<status>.+)$"
)


def qwen(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `.qwen/settings.json` and `~/.qwen/settings.json` via `qwen mcp list`.

    The listing has no JSON mode, prints colour codes whatever NO_COLOR says,
    and does not print env or headers. Project servers the user has not
    approved are listed as "Pending approval" and never started; every other
    server is connected to (see docs/harness-oracles.md), so the contract
    tests place files at project scope only.
    """
    proc = run_cli("qwen", "mcp", "list", sandbox=sandbox, env=env)
    return _listed(_ANSI.sub("", proc.stdout), _QWEN_LINE)


ORACLES: dict[str, Callable[[Sandbox, Mapping[str, str] | None], Servers]] = {
    "codex": codex,
    "gemini": gemini,
    "opencode": opencode,
    "claude": claude,
    "copilot": copilot,
    "qwen": qwen,
    "cline": bundled.cline,
    "amp": newest.amp,
    "auggie": newest.auggie,
    "openhands": bundled.openhands,
    "kilo": more_clis.kilo,
    "kilocode": more_clis.kilocode,
    "droid": more_clis.droid,
    "cn": bundled.continue_,
    "vibe": bundled.vibe,
    "hermes": bundled.hermes,
    "dcode": bundled.deepagents,
}


def read_back(
    cli: str,
    sandbox: Sandbox,
    scope: str | None = None,
    *,
    env: Mapping[str, str] | None = None,
) -> Servers:
    """Return the servers `cli` reads in `sandbox`, keeping `scope` where the CLI reports one.

    Servers from CLIs that do not report a scope (codex, gemini, opencode, qwen)
    are always kept: place files for one scope per sandbox to test it.
    `env` is added to the CLI's environment (e.g. values for secret refs).
    """
    servers = ORACLES[cli](sandbox, env)
    if scope is None:
        return servers
    return {n: s for n, s in servers.items() if s.scope in (None, scope)}


def _listed(text: str, pattern: re.Pattern[str]) -> Servers:
    """Servers from `mcp list` lines of the Gemini shape (name, target, transport)."""
    servers: Servers = {}
    for line in text.splitlines():
        m = pattern.match(line.strip())
        if not m:
            continue
        target, transport = m["target"].strip(), m["transport"]
        raw: Raw = {"line": line.strip(), **m.groupdict()}
        if transport == "stdio":
            command, *args = target.split(" ")
            view = ServerView(m["name"], "stdio", command=command, args=tuple(args), raw=raw)
        else:
            view = ServerView(m["name"], transport, url=target, raw=raw)
        servers[view.name] = view
    return servers
