"""Recognising what a hand-written server entry runs, versions aside, so `aido import` and
the plan's conflict hints can tell which catalog entry it is (issue 38 §1, 32)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from aidokit.adapters import spec_for
from aidokit.adapters.base import Adapter
from aidokit.adapters.common import identity_of
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec
from aidokit.catalog.sources import docker_source, launched_package
from aidokit.reconcile.core.errors import CatalogError


def identities(adapter: Adapter, catalog: Iterable[MCPDef]) -> dict[str, str]:
    """Bare identity -> catalog id, for every catalog entry this adapter can render; and
    the form of each of the entry's install specs for any adapter (its npx/uvx package,
    docker image or remote URL, `form_key`), so a server the catalog renders as a remote
    here is still recognised in its package form."""
    index: dict[str, str] = {}
    forms: dict[str, str] = {}
    claimed: dict[str, set[str]] = {}  # form or identity -> every entry, sensitive ones too
    for server in catalog:
        for other in server.install.values():
            key = spec_form(other)
            if key:
                claimed.setdefault(key, set()).add(server.id)
                if not server.security_sensitive:
                    forms.setdefault(key, server.id)
        spec = spec_for(server, adapter)
        if spec is None:
            continue
        try:
            identity = identity_of(adapter, adapter.build(server, spec).entry)
        except CatalogError:
            continue
        if identity:
            claimed.setdefault(bare(identity), set()).add(server.id)
            if not server.security_sensitive:
                index.setdefault(bare(identity), server.id)
    # A package two entries run with different arguments (postgres-mcp read-write and
    # postgres-readonly) says nothing about which one a hand-written server is: it claims
    # none, and the server is imported as custom.
    forms = {key: entry_id for key, entry_id in forms.items() if len(claimed[key]) == 1}
    index = {key: entry_id for key, entry_id in index.items() if len(claimed[key]) == 1}
    return {**forms, **index}


def takes_as(adapter: Adapter, entry: Mapping[str, Any], server: MCPDef) -> bool:
    """Whether `aido import` would take a hand-written `entry` of that name as catalog entry
    `server` (the same rule as `find`): it runs what the catalog renders for this harness,
    or one of the entry's install specs, versions aside. The plan's conflict hint asks."""
    if server.security_sensitive:
        return False
    forms = {spec_form(other) for other in server.install.values()}
    if form_key(entry) in forms - {None}:
        return True
    spec = spec_for(server, adapter)
    mine = identity_of(adapter, entry)
    if spec is None or not mine:
        return False
    try:
        theirs = identity_of(adapter, adapter.build(server, spec).entry)
    except CatalogError:
        return False
    return theirs is not None and bare(mine) == bare(theirs)


# Launchers whose first argument (after these subcommands) is a package, and flags of
# docker/podman `run` that take a value (so the image is the first other argument).
_RUNNERS = {"npx": (), "bunx": (), "uvx": (), "pnpx": (), "pnpm": ("dlx",), "pipx": ("run",),
            "yarn": ("dlx",), "npm": ("exec",), "bun": ("x",)}  # fmt: skip
_CONTAINERS = ("docker", "podman")
_VALUE_FLAGS = frozenset(
    {"-e", "--env", "-v", "--volume", "--name", "--network", "-p", "--publish", "--env-file",
     "--mount", "-w", "--workdir", "-u", "--user", "--entrypoint", "--platform", "--from"}
)  # fmt: skip


def form_key(entry: Mapping[str, Any]) -> str | None:
    """What a hand-written entry runs, versions aside: `npm @scope/pkg`, `pypi pkg`,
    `image ghcr.io/o/img`, or its URL without query and trailing slash."""
    url = next(
        (entry[k] for k in ("url", "serverUrl", "httpUrl") if isinstance(entry.get(k), str)), None
    )
    if url is not None:
        return _url_form(url)
    command, args = entry.get("command"), entry.get("args", [])
    if isinstance(command, list) and command:
        command, args = command[0], command[1:]
    if not isinstance(command, str) or not isinstance(args, list):
        return None
    return _argv_form(command, [str(a) for a in args])


def spec_form(spec: StdioSpec | RemoteSpec) -> str | None:
    if isinstance(spec, RemoteSpec):
        return _url_form(spec.url)
    return _argv_form(spec.command, list(spec.args))


def _url_form(url: str) -> str:
    base = url.split("#", 1)[0].split("?", 1)[0].rstrip("/")
    scheme, sep, rest = base.partition("://")
    host, slash, path = rest.partition("/")
    return f"{scheme.lower()}{sep}{host.lower()}{slash}{path}"


def _argv_form(command: str, args: list[str]) -> str | None:
    program = command.replace("\\", "/").rsplit("/", 1)[-1].lower().removesuffix(".exe")
    program = program.removesuffix(".cmd")
    if program in ("cmd",) and len(args) >= 2 and args[0].lower() == "/c":
        return _argv_form(args[1], args[2:])
    words = list(args)
    if program in _CONTAINERS:
        if not words or words[0] != "run":
            return None
        image = first_plain(words[1:])
        source = docker_source(image) if image else None  # its tag or digest aside
        return f"image {source.name if source else image}" if image else None
    if program not in _RUNNERS:
        return None
    for sub in _RUNNERS[program]:
        if words and words[0] == sub:
            words = words[1:]
    package = first_plain(words)
    if package is None:
        return None
    # By the ecosystem's grammar (catalog/sources.py): a package from another source
    # (`pkg@file:x.tgz`, `pkg@npm:other@1`, `pkg @ git+...`) stays whole and matches nothing.
    ecosystem = "pypi" if program in ("uvx", "pipx") else "npm"
    source = launched_package("uvx" if ecosystem == "pypi" else "npx", package)
    return f"{ecosystem} {source.name if source else package}"


def first_plain(words: list[str]) -> str | None:
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in _VALUE_FLAGS:
            skip = True
        elif not word.startswith("-"):
            return word
    return None


def bare(identity: str) -> str:
    """An identity without its version: `npx @scope/pkg@1.2` -> `npx @scope/pkg`.

    The package is read by its ecosystem's grammar (catalog/sources.py): one
    from another source (`pkg@file:x.tgz`, `pkg@npm:other@1`, `pkg @ git+...`)
    stays whole, so it matches no catalog entry and is imported as custom.
    """
    if "://" in identity:
        return identity.rstrip("/")
    command, _, package = identity.partition(" ")
    source = launched_package(command, package)
    return f"{command} {source.name}" if source is not None else identity
