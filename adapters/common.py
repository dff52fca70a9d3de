"""Pieces most adapters share: the base class, identity, detection, version lookups."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from aidokit.adapters.base import (
    ITEMS,
    Adapter,
    Capabilities,
    Companion,
    Evidence,
    Format,
    Host,
    Location,
    Scope,
    display,
)
from aidokit.adapters.policy import NativePolicy, PolicyRules


class AdapterBase:
    """What most adapters share: the facts every one states, and helpers for `location`.
    An adapter adds `location`, `build`, `schema` and `detect`, and the methods of the
    optional Protocols its harness has (adapters/base.py)."""

    name: str
    title: str
    scopes: tuple[Scope, ...]
    evidence: Evidence
    caps: Capabilities = Capabilities()

    def at(
        self,
        scope: Scope,
        fmt: Format,
        map_path: tuple[str, ...],
        *,
        project: Path | None = None,
        user: Path | None = None,
    ) -> Location | None:
        """The file of `scope`: `project` or `user` (None where the harness has none)."""
        path = project if scope is Scope.PROJECT else user if scope is Scope.USER else None
        return None if path is None else Location(self.name, scope, path, fmt, map_path)

    def project_or_home(
        self, scope: Scope, host: Host, relative: str, fmt: Format
    ) -> Location | None:
        """`relative` under the project (project scope) or the home folder (user scope),
        holding `mcpServers`: the layout of harnesses whose user file mirrors the project's."""
        return self.at(
            scope, fmt, ("mcpServers",), project=host.project / relative, user=host.home / relative
        )


def command_identity(command: object, args: object) -> str | None:
    """`command` plus its first non-flag argument (the package), e.g. `npx @scope/pkg`.

    Flags and later arguments are left out on purpose: an edited flag is drift
    to heal, while a different program or package is a different server.
    """
    if not isinstance(command, str) or not command:
        return None
    if _is_cmd_c(command, args):  # `cmd /c npx pkg` runs `npx pkg`
        if not isinstance(args, list):
            raise RuntimeError("aido bug: expected isinstance(args, list)")
        return command_identity(args[1], args[2:])
    package = None
    if isinstance(args, list):
        package = next((a for a in args if isinstance(a, str) and not a.startswith("-")), None)
    return f"{command} {package}" if package else command


def _is_cmd_c(command: str, args: object) -> bool:
    """Whether `command args` is Windows' `cmd /c PROGRAM ...` wrapper."""
    if command.lower() not in ("cmd", "cmd.exe") or not isinstance(args, list) or len(args) < 2:
        return False
    return isinstance(args[0], str) and args[0].lower() == "/c"


def argv_identity(argv: object) -> str | None:
    """Identity of an argv-list command (OpenCode's `command`)."""
    if not isinstance(argv, list) or not argv:
        return None
    return command_identity(argv[0], argv[1:])


def entry_identity(
    entry: object,
    *,
    url_keys: tuple[str, ...] = ("url",),
    command_key: str = "command",
    args_key: str = "args",
) -> str | None:
    """The URL or command identity of a JSON/TOML entry; None for a non-object."""
    if not isinstance(entry, Mapping):
        return None
    for key in url_keys:
        url = entry.get(key)
        if isinstance(url, str) and url:
            return url
    return command_identity(entry.get(command_key), entry.get(args_key))


def identity_of(adapter: Adapter, entry: object) -> str | None:
    """The URL or command an existing entry of `adapter` runs, for ownership checks: its
    first URL of `caps.url_keys`, else its `caps.command_key` (an argv list with
    `caps.argv_command`) plus the package; None for a non-object."""
    caps = adapter.caps
    if caps.argv_command:
        if not isinstance(entry, Mapping):
            return None
        url = next((u for u in map(entry.get, caps.url_keys) if isinstance(u, str) and u), None)
        return url or argv_identity(entry.get(caps.command_key))
    return entry_identity(entry, url_keys=caps.url_keys, command_key=caps.command_key)


def detect_any(
    host: Host,
    scope: Scope,
    *,
    project: Iterable[str] = (),
    user: Iterable[Path] = (),
    cli: Iterable[str] = (),
) -> str | None:
    """Why the harness counts as in use for `scope`, or None.

    Project scope looks only at the project's own files; user and local
    scope look at the harness's config folder and its CLI on PATH.
    """
    if scope is Scope.PROJECT:
        return next((f"found {rel}" for rel in project if (host.project / rel).exists()), None)
    for path in user:
        if path.exists():
            return f"found {display(path, host)}"
    import shutil  # noqa: PLC0415 (only here: it imports the compression modules)

    search = host.environ.get("PATH", "")
    for exe in cli:
        if shutil.which(exe, path=search):
            return f"`{exe}` is on PATH"
    return None


def installed_version(binary: str, package: str, host: Host) -> str | None:
    """The version of npm package `package` whose `binary` is first on the host's PATH, from
    its package.json (no run of the CLI: `--version` of a compiled harness takes seconds);
    None when it is not on PATH or not installed from that package."""
    import shutil  # noqa: PLC0415 (only here: it imports the compression modules)

    found = shutil.which(binary, path=host.environ.get("PATH", ""))
    if found is None:
        return None
    for folder in list(Path(found).resolve().parents)[:3]:
        try:
            meta = json.loads((folder / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(meta, dict) and meta.get("name") == package:
            version = meta.get("version")
            return version if isinstance(version, str) else None
    return None


def version_tuple(text: str) -> tuple[int, ...]:
    """`7.7.2` -> (7, 7, 2); the leading dotted numbers only (`0.0.17-g1` -> (0, 0, 17))."""
    match = re.match(r"\d+(?:\.\d+)*", text.strip().removeprefix("v"))
    return tuple(int(part) for part in match[0].split(".")) if match else ()


def first_existing(paths: Iterable[Path], default: Path) -> Path:
    """The first of `paths` that exists, else `default`."""
    return next((path for path in paths if path.exists()), default)


def name_lists(rules: PolicyRules, title: str, *, patterns: bool) -> NativePolicy:
    """`rules` as the `mcp.allowed` / `mcp.excluded` server-name lists of a Gemini-style
    settings file (Gemini CLI, Qwen Code), items of the servers' own file (`file` None).

    An id rule is the name aido gives the entry; `patterns`: the harness matches `*` in
    a name (Qwen Code), else only exact names (Gemini CLI). A package or host has no form
    in a list of names, so the notes say so; an allow list with one such rule is not
    written at all, since a part of it would keep out servers the policy admits.
    """
    name = re.compile(r"[a-z0-9*-]+" if patterns else r"[a-z0-9-]+")

    def said(rule: str) -> str | None:
        kind, sep, value = rule.partition(":")
        if not sep:
            kind, value = "id", rule
        return value if kind == "id" and name.fullmatch(value) else None

    form = "names and `*` patterns" if patterns else "exact names"
    items: list[Companion] = []
    notes: list[str] = []
    allow = rules.allow
    lost = [rule for rule in allow or () if said(rule) is None]
    if allow is not None and lost:
        notes.append(
            f"[policy] allow rule '{lost[0]}': {title}'s mcp.allowed holds {form}, not "
            "packages or hosts, so aido writes no mcp.allowed and enforces the allow list "
            "in its own plans only"
        )
    elif allow is not None and not allow:
        notes.append(
            f"[policy] allow = []: an empty mcp.allowed admits no server in {title}, but aido "
            "owns a list's items, not the list, so it writes none and enforces it in its own "
            "plans only"
        )
    elif allow is not None:
        items += [Companion(("mcp", "allowed", ITEMS), n, n) for n in map(said, allow) if n]
    for rule in rules.deny:
        value = said(rule)
        if value is None:
            notes.append(
                f"[policy] deny rule '{rule}': {title}'s mcp.excluded holds {form}, not "
                "packages or hosts, so aido enforces it in its own plans only"
            )
        else:
            items.append(Companion(("mcp", "excluded", ITEMS), value, value))
    if not rules.allow_custom:
        notes.append(
            f"[policy] allow_custom = false: {title}'s lists name servers, not what they run, "
            "so aido enforces it in its own plans only"
        )
    return NativePolicy(tuple(items), tuple(notes))


def rule_parts(rule: str) -> tuple[str, str]:
    """A policy rule's kind and value as written (`github` and `id:github` are ids)."""
    kind, sep, value = rule.partition(":")
    return ("id", rule) if not sep else (kind, value)


def server_matchers(rules: tuple[str, ...]) -> tuple[list[dict[str, str]], list[str]]:
    """Rules as the `serverName` / `serverUrl` items VS Code's and Claude Code's managed
    lists take (a name exactly, a URL as a `*` pattern), and the rules with no such form
    (packages, id patterns: `serverCommand` is an exact argv, not a package)."""
    items: list[dict[str, str]] = []
    lost: list[str] = []
    for rule in rules:
        kind, value = rule_parts(rule)
        if kind == "id" and "*" not in value:
            items.append({"serverName": value})
        elif kind == "host":
            items += [{"serverUrl": f"{scheme}://{value}/*"} for scheme in ("https", "http")]
        else:
            lost.append(rule)
    return items, lost
