"""Small builders for catalog install specs, so each entry stays one readable block."""

from __future__ import annotations

from aidokit.catalog.models import EnvVar, RemoteSpec, StdioSpec


def npx(package: str, *args: str, env: dict[str, str] | None = None, net: bool = True) -> StdioSpec:
    """Run an npm package through `npx -y` (pinned by the caller)."""
    return StdioSpec(
        command="npx", args=("-y", package, *args), env=env or {}, requires_network=net
    )


def uvx(*args: str, env: dict[str, str] | None = None, net: bool = True) -> StdioSpec:
    """Run a PyPI package through `uvx` (pinned by the caller)."""
    return StdioSpec(command="uvx", args=args, env=env or {}, requires_network=net)


def secret(name: str, description: str, *, required: bool = True) -> EnvVar:
    """Declare a secret env var (only ever passed as a `${NAME}` reference)."""
    return EnvVar(name=name, secret=True, required=required, description=description)


def passthrough(*names: str) -> dict[str, str]:
    """Hand each variable to the server as a `${NAME}` reference, never a literal."""
    return {name: f"${{{name}}}" for name in names}


# Serena ships one context per client (serena/resources/config/contexts/ in
# serena-agent 2.1.0). Its `agent` and `desktop-app` contexts turn on
# `execute_shell_command`; every context used here excludes it: the clients it
# ships a context for get theirs, and every other harness (which has its own
# shell tool) gets `ide`, so Serena never runs shell commands behind the
# confirmation gate (SPEC §7).
_SERENA_CONTEXT = ("claude-code", "codex", "copilot-cli", "vscode")
SERENA_SHELL_CONTEXTS = frozenset({"agent", "desktop-app"})


def serena(context: str, *, project: bool = True) -> StdioSpec:
    """Serena started with `context` (and `--project .` where the harness starts in the project)."""
    return uvx(
        "--from",
        "serena-agent==2.1.0",
        "serena",
        "start-mcp-server",
        "--context",
        context,
        *(("--project", ".") if project else ()),
        net=False,
    )


def serena_install() -> dict[str, StdioSpec | RemoteSpec]:
    """Serena's install map: `ide` everywhere, its own context where it ships one."""
    return {
        "stdio": serena("ide"),
        **{client: serena(client) for client in _SERENA_CONTEXT},
        # Claude Desktop is not started in a project folder: no `--project .`.
        "claude-desktop": serena("ide", project=False),
    }
