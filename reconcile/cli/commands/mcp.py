"""`aido mcp add ID [--roles a,b] [--custom-url URL | --custom-command CMD ... |
--from-registry NAME [--registry URL]]`.

With `--custom-*`, declare a custom MCP; with `--from-registry`, a custom MCP
made from an MCP Registry server's server.json (a server no catalog entry
is); without, name catalog entry ID under `[mcp] add`. `--roles` sets the
entry's roles under `[mcp.roles]` (docs/roles.md).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.cli.plan_apply import finish_interrupted, project_dir
from aidokit.reconcile.core.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from aidokit.catalog.models import MCPDef
    from aidokit.reconcile.remote.registry_custom import RegistryCustom
    from aidokit.reconcile.write.ownfiles import Collector


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `mcp`'s own options; its help is `aido mcp add`'s (the one action)."""
    parser.usage = (
        "%(prog)s add ID [common options] [--roles A,B]\n"
        "         [--custom-url URL [--transport {http,sse}] [--header K=V]... |\n"
        "          --custom-command CMD [ARG]... [--env K=V]... |\n"
        "          --from-registry NAME [--registry URL]]"
    )
    parser.description = (
        "add server ID to aido.toml: a catalog entry under [mcp] add (`aido catalog list`, "
        "`aido search WORDS`), or a custom server, security-sensitive, as [custom.ID]: a "
        "remote one (--custom-url), a local command (--custom-command, last on the line) or "
        "an MCP Registry server the catalog does not hold (--from-registry). Then run "
        "`aido plan` and `aido apply`."
    )
    parser.epilog = (
        "examples:\n"
        "  aido mcp add context7 --roles researcher\n"
        "  aido mcp add my-api --custom-url https://api.example.com/mcp\n"
        "  aido mcp add notes --custom-command node tools/notes-mcp.js"
    )
    parser.add_argument("action", choices=("add",), metavar="ACTION", help="add (the one action)")
    parser.add_argument(
        "id", metavar="ID", help="the server's id: lower-case letters, digits, dashes"
    )
    parser.add_argument("--custom-url", metavar="URL", help="a remote server (https)")
    parser.add_argument("--transport", choices=("http", "sse"), default="http")
    parser.add_argument(
        "--roles",
        metavar="A,B",
        help='the roles whose agents get the server, e.g. tester-reviewer ("*": every agent)',
    )
    parser.add_argument(
        "--header",
        metavar="K=V",
        action="append",
        default=[],
        help="a header for a remote server; a literal secret is written as a ${NAME} "
        "reference you set, e.g. 'Bearer ${API_TOKEN}'",
    )
    parser.add_argument(
        "--env",
        metavar="K=V",
        action="append",
        default=[],
        help="an environment variable for a local server (repeatable)",
    )
    parser.add_argument(
        "--from-registry",
        metavar="NAME",
        help="a server from the MCP Registry that the catalog does not hold (aido search "
        "--registry), added as a custom server from its server.json",
    )
    parser.add_argument(
        "--registry",
        metavar="URL",
        help="the MCP Registry of --from-registry (default: the official one)",
    )
    parser.add_argument(
        "--custom-command",
        metavar="CMD",
        nargs=argparse.REMAINDER,
        help="a local server: the command and its arguments (must come last)",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido mcp add`."""
    from aidokit.catalog import entries
    from aidokit.reconcile.write.config_edit import add_custom, add_with_roles, build_custom
    from aidokit.reconcile.write.ownfiles import Collector

    roles = _roles(args.roles)
    catalog_ids = {entry.id for entry in entries.MCP_CATALOG}
    project = project_dir(args)
    collected = Collector(lambda p: p.name, f"+ {args.id}")
    if args.registry and not args.from_registry:
        raise ConfigError("--registry URL is for --from-registry NAME; pass both or neither")
    kinds = (args.custom_url, args.custom_command, args.from_registry)
    if not any(kinds) and args.id in catalog_ids:
        path = add_with_roles(project, args.id, roles, write=collected)
        _journal(args, project, collected)
        chosen = f" for roles {', '.join(roles)}" if roles else ""
        print(f"Added '{args.id}' to {path}{chosen}. Next: aido plan, then aido apply.")
        return 0
    if sum(bool(kind) for kind in kinds) != 1:
        from aidokit.catalog.spelling import closest

        close = closest(args.id, catalog_ids) if not any(kinds) else None
        typo = f"'{args.id}' is no catalog id (did you mean '{close}'?); " if close else ""
        raise ConfigError(
            f"{typo}aido mcp add needs a catalog id, or exactly one of --custom-url URL, "
            "--custom-command CMD [ARG]... or --from-registry NAME"
        )
    from aidokit.reconcile.checks.credentials import scrub

    # SPEC §7: a credential inside the URL, an argument, an env value or a header is never
    # written; it becomes a `${NAME}` reference the user sets (issue 54 item 5: a header's
    # was refused while the URL's was rewritten; both are rewritten now).
    taken: set[str] = set()
    replaced: list[str] = []

    def clean(text: str) -> str:
        text, names = scrub(text, args.id, taken)
        replaced.extend(names)
        return text

    fields: dict[str, object]
    origin = None
    if args.from_registry:
        origin = _from_registry(args, entries.MCP_CATALOG)
        fields = _cleaned(origin.fields, clean)
    elif args.custom_url:
        fields = {"url": clean(args.custom_url), "transport": args.transport}
        headers = _pairs(args.header, "--header")
        fields["headers"] = {
            key: _header_value(key, value, args.id, taken, replaced)
            for key, value in headers.items()
        }
        if args.env:
            raise ConfigError("--env is for --custom-command; a remote server takes --header")
    else:
        command, *rest = args.custom_command
        env = {key: clean(value) for key, value in _pairs(args.env, "--env").items()}
        fields = {"command": command, "args": [clean(arg) for arg in rest], "env": env}
        if args.header:
            raise ConfigError("--header is for --custom-url; a local server takes --env")
    custom = build_custom(fields)
    path = add_custom(project, args.id, custom, catalog_ids, roles, write=collected)
    _journal(args, project, collected)
    for name in replaced:
        print(
            f"A credential in the command line was not written: {path.name} has ${{{name}}} "
            f"in its place; set {name} in your environment (aido writes only the reference; "
            "your shell history still holds the value: rotate it if it was real)."
        )
    if origin is not None:
        needs = f"; it needs {', '.join(origin.env)} set" if origin.env else ""
        print(
            f"{origin.name} {origin.version} is not curated (no catalog entry is it): "
            f"it runs {origin.runs}{needs}."
        )
    print(
        f"Added [custom.{args.id}] to {path}. It is security-sensitive: `aido apply` shows "
        f"what it runs and asks you to type '{args.id}' at a terminal (or run aido confirm "
        f"{args.id} first)."
    )
    return 0


def _journal(args: argparse.Namespace, project: Path, collected: Collector) -> None:
    """Write the aido.toml edit as a transaction, so `aido undo` takes it back (issue 38 §3)."""
    from aidokit.reconcile.write.ownfiles import Extra, write_journaled

    finish_interrupted(args)
    extra = Extra(writes=tuple(w for w in collected.writes if w.changes))
    write_journaled(project=str(project), scope="project", kind="mcp add", extra=extra)


def _from_registry(args: argparse.Namespace, catalog: Sequence[MCPDef]) -> RegistryCustom:
    from aidokit.reconcile.remote.mcp_registry import OFFICIAL
    from aidokit.reconcile.remote.registry_custom import registry_custom

    if args.header or args.env:
        raise ConfigError(
            "--header and --env are for --custom-url and --custom-command; "
            "--from-registry takes the server's own from its server.json"
        )
    return registry_custom(args.registry or OFFICIAL, args.from_registry, catalog)


def _cleaned(fields: dict[str, object], clean: Callable[[str], str]) -> dict[str, object]:
    """A registry server's fields, each credential in its URL, arguments and env values a
    reference (its secrets are references already: catalog import makes them so)."""
    out = dict(fields)
    if isinstance(url := out.get("url"), str):
        out["url"] = clean(url)
    if isinstance(args := out.get("args"), list):
        out["args"] = [clean(str(arg)) for arg in args]
    if isinstance(env := out.get("env"), dict):
        out["env"] = {key: clean(str(value)) for key, value in env.items()}
    return out


def _roles(text: str | None) -> tuple[str, ...]:
    """`--roles a,b` as a tuple, each a catalog role or "*"; () when not given."""
    from aidokit.catalog.models import ALL_ROLES

    if text is None:
        return ()
    roles = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not roles or any(role not in (*ALL_ROLES, "*") for role in roles):
        raise ConfigError(
            f'--roles {excerpt(text)} must list roles among {", ".join(ALL_ROLES)}, or be "*" '
            "for every agent"
        )
    return roles


def _header_value(name: str, value: str, entry_id: str, taken: set[str], said: list[str]) -> str:
    """A header's value as aido.toml gets it: a literal secret (a token, a credential in
    an Authorization header) becomes `${ID_NAME}` after its scheme word (`Bearer`), as a
    credential in the URL does; a credential inside the value is scrubbed like the URL's."""
    from aidokit.catalog.models import PLACEHOLDER_RE
    from aidokit.reconcile.checks.credentials import scrub, variable
    from aidokit.reconcile.checks.hardening import CREDENTIAL_HEADERS, secret_like

    literal = PLACEHOLDER_RE.sub("", value)
    credential = name.lower() in CREDENTIAL_HEADERS and literal == value and value.strip()
    if not (credential or secret_like(literal, entropy=True)):
        cleaned, names = scrub(value, entry_id, taken)
        said.extend(names)
        return cleaned
    authorization = name.lower() in ("authorization", "proxy-authorization")
    base = reference = variable(entry_id, "token" if authorization else name)
    number = 2
    while reference in taken:
        reference, number = f"{base}_{number}", number + 1
    taken.add(reference)
    said.append(reference)
    scheme, _, rest = value.strip().partition(" ")
    if rest.strip() and scheme.isalpha() and " " not in rest.strip():
        return f"{scheme} ${{{reference}}}"  # `Bearer ${MY_API_TOKEN}`
    return f"${{{reference}}}"


def _pairs(items: list[str], flag: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            key, sep, value = item.partition(":")
        if not sep or not key.strip():
            raise ConfigError(f"{flag} {excerpt(item)} must look like NAME=VALUE")
        pairs[key.strip()] = value.strip()
    return pairs
