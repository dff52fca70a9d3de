"""Recognising what a hand-written server entry runs, versions aside, so `aido import` and
the plan's conflict hints can tell which catalog entry it is (issue 38 §1, 32)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from aidokit.adapters import spec_for
from aidokit.adapters.base import Adapter
from aidokit.adapters.common import identity_of
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec
from aidokit.catalog.sources import docker_source, launched_package, npm_source, pypi_source
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


# ---- Recognition as catalog data (issue 50 §3) -----------------------------------------
#
# What a hand-written entry runs is read as a set of forms: `npm <name>`, `pypi <name>`,
# `image <repository>` (each as its registry compares names, versions aside) and
# `url <scheme://host/path>`. A catalog entry's forms are those of its install specs plus
# the other ways its server is launched or reached that it declares (`MCPDef.also_runs`).
# The entry's name decides nothing: it is only renamed to the id of what it runs.

# Launchers whose first operand is a package: the words before it that take a value, and
# the option that names the package outright (`npx -p pkg cmd`, `uvx --from pkg cmd`).
_PACKAGE_RUNNERS: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {
    "npx": ("npm", frozenset({"--registry", "--cache", "--userconfig", "-c", "--call"}),
            frozenset({"-p", "--package"})),
    "bunx": ("npm", frozenset({"--registry"}), frozenset({"-p", "--package"})),
    "pnpx": ("npm", frozenset({"--registry"}), frozenset()),
    "uvx": ("pypi", frozenset({"--with", "--python", "-p", "--index-url", "--index",
                               "--extra-index-url", "--default-index", "--with-requirements"}),
            frozenset({"--from"})),
    "pipx": ("pypi", frozenset({"--python", "--index-url", "--pip-args"}), frozenset({"--spec"})),
}  # fmt: skip
# Commands that take a subcommand before the package: `pnpm dlx`, `uv tool run`, ...
_SUBCOMMANDS = {
    "pnpm": ("dlx",), "yarn": ("dlx",), "npm": ("exec",), "bun": ("x",), "pipx": ("run",),
    "uv": ("tool", "run"),
}  # fmt: skip
_SUB_RUNNER = {"pnpm": "pnpx", "yarn": "pnpx", "npm": "npx", "bun": "bunx", "uv": "uvx"}
_WRAPPERS = frozenset({"mcp-remote"})  # npm packages whose first operand is the server's URL


def entry_argv(entry: Mapping[str, Any]) -> tuple[str, list[str]] | None:
    """The program and arguments of a hand-written entry, in any harness's shape: `command`
    and `args` (a string or OpenCode's list), Goose's `cmd`, Zed's `command.path`."""
    command: object = entry.get("command", entry.get("cmd"))
    args: object = entry.get("args", [])
    if isinstance(command, Mapping):  # Zed: {"path": ..., "args": [...]}
        nested: Mapping[str, Any] = command
        command, args = nested.get("path"), nested.get("args", args)
    if isinstance(command, list) and command and all(isinstance(w, str) for w in command):
        words: list[str] = command
        extra = args if isinstance(args, list) else []
        command, args = words[0], [*words[1:], *extra]
    if not isinstance(command, str) or not command or not isinstance(args, list):
        return None
    return command, [str(a) for a in args]


def entry_url(entry: Mapping[str, Any]) -> str | None:
    """The URL a hand-written entry reaches, in any harness's spelling."""
    for key in ("url", "serverUrl", "httpUrl", "uri", "endpoint"):
        value = entry.get(key)
        if isinstance(value, str) and "://" in value:
            return value
    return None


def url_form(url: str) -> str:
    """`url` as a form: scheme and host lowered, query, fragment and trailing `/` dropped."""
    return "url " + _url_form(url)


def run_forms(entry: Mapping[str, Any]) -> set[str]:
    """Every form a hand-written entry runs (see above); empty when aido cannot read one."""
    url = entry_url(entry)
    if url is not None:
        return {url_form(url)}
    argv = entry_argv(entry)
    return set() if argv is None else argv_forms(*argv)


def _program(word: str) -> str:
    name = word.replace("\\", "/").rsplit("/", 1)[-1].lower()
    for suffix in (".exe", ".cmd", ".bat", ".ps1"):
        name = name.removesuffix(suffix)
    return name


def argv_forms(command: str, args: list[str]) -> set[str]:
    """The forms of a command line: every package a launcher in it runs (`cmd /c npx`,
    `docker exec box npx pkg`, `wsl npx pkg`), the image `docker run` starts, the URL an
    `mcp-remote` reaches and a package run from its `node_modules` folder."""
    words = [command, *args]
    forms: set[str] = set()
    index = 0
    while index < len(words):
        program = _program(words[index])
        rest = words[index + 1 :]
        if program in ("docker", "podman") and rest[:1] == ["run"]:
            image = first_plain(rest[1:])
            source = docker_source(image) if image else None
            if source is not None:
                forms.add(f"image {source.name}")
            break
        if program in _SUBCOMMANDS and rest[: len(_SUBCOMMANDS[program])] == list(
            _SUBCOMMANDS[program]
        ):
            runner = _SUB_RUNNER.get(program, program)
            found = _package_form(runner, rest[len(_SUBCOMMANDS[program]) :])
            if found:
                forms |= found
                break
        if program in _PACKAGE_RUNNERS:
            found = _package_form(program, rest)
            if found:
                forms |= found
                break
        index += 1
    for word in args:  # `node /usr/lib/node_modules/@scope/pkg/dist/index.js`
        path = word.replace("\\", "/")
        if "/node_modules/" in path:
            parts = path.split("/node_modules/", 1)[1].split("/")
            name = "/".join(parts[:2]) if parts[0].startswith("@") else parts[0]
            source = npm_source(name)
            if source is not None:
                forms.add(f"npm {source.name}")
    return forms


def _package_form(runner: str, words: list[str]) -> set[str]:
    registry, valued, naming = _PACKAGE_RUNNERS[runner]
    package: str | None = None
    skip = False
    rest: list[str] = []
    for position, word in enumerate(words):
        if skip:
            skip = False
            continue
        option, eq, value = word.partition("=")
        if option in naming:
            if eq:
                package = value
            elif position + 1 < len(words):
                package = words[position + 1]
                skip = True
            continue
        if word in valued or word in _VALUE_FLAGS:
            skip = True
            continue
        if word.startswith("-"):
            continue
        if package is None:
            package = word
        rest = words[position + 1 :]
        break
    if package is None:
        return set()
    if package.startswith("git+"):  # a source repository: `git+https://host/o/r(.git)(@ref)`
        return {"git " + _git_form(package[4:])}
    source = npm_source(package) if registry == "npm" else pypi_source(package)
    if source is None:
        return set()
    forms = {f"{registry} {source.name}"}
    if registry == "npm" and source.name in _WRAPPERS:
        target = first_plain(rest)
        if target and "://" in target:
            forms.add(url_form(target))
    return forms


def _git_form(url: str) -> str:
    """A source repository as `host/owner/repo`: scheme, user, `.git` and `@ref` aside."""
    base = url.split("#", 1)[0].split("://", 1)[-1]
    host, _, path = base.partition("/")
    host = host.rsplit("@", 1)[-1]
    path = path.split("@", 1)[0].removesuffix("/").removesuffix(".git")
    return f"{host.lower()}/{path.lower()}"


def declared_forms(text: str) -> str:
    """One `MCPDef.also_runs` item as a form: `npm:pkg`, `pypi:pkg`, `image:repo` or a URL."""
    kind, colon, name = text.partition(":")
    if "://" in text:
        return url_form(text)
    if kind == "git" and name:
        return "git " + _git_form(name)
    if kind == "npm":
        source = npm_source(name)
    elif kind == "pypi":
        source = pypi_source(name)
    elif kind == "image":
        source = docker_source(name)
    else:
        source = None
    if not colon or source is None:
        raise ValueError(f"{text!r} is not npm:<package>, pypi:<package>, image:<name> or a URL")
    registry = {"docker": "image"}.get(source.registry, source.registry)
    return f"{registry} {source.name}"


def spec_forms(spec: StdioSpec | RemoteSpec) -> set[str]:
    """The forms one install spec runs."""
    if isinstance(spec, RemoteSpec):
        return {url_form(spec.url)}
    return argv_forms(spec.command, list(spec.args))


def server_forms(server: MCPDef) -> set[str]:
    """Every form `server` runs: its install specs' and the ones it declares."""
    forms: set[str] = set()
    for spec in server.install.values():
        forms |= spec_forms(spec)
    forms |= {declared_forms(text) for text in server.also_runs}
    return forms


def _url_below(mine: str, theirs: str) -> bool:
    """Whether URL form `mine` is `theirs` or a path below it (`/mcp/<org>/<project>`)."""
    if mine == theirs:
        return True
    return mine.startswith(theirs.rstrip("/") + "/")


def recognise(entry: Mapping[str, Any], catalog: Iterable[MCPDef]) -> MCPDef | None:
    """The catalog entry whose server `entry` runs, whatever its name and launch form, or
    None. Sensitive and deprecated entries are recognised too (the caller gates them).
    Two entries that run one package with different arguments (postgres-mcp and
    postgres-readonly) are told apart by those arguments, else neither is named."""
    mine = run_forms(entry)
    if not mine:
        return None
    argv = entry_argv(entry)
    args = set(argv[1]) if argv else set()
    hits: list[MCPDef] = []
    for server in catalog:
        theirs = server_forms(server)
        urls = [t for t in theirs if t.startswith("url ")]
        if mine & theirs or any(_url_below(m, t) for m in mine for t in urls if m[:4] == "url "):
            hits.append(server)
    if len(hits) > 1:  # the arguments that set them apart: the most specific that fits
        fits = [s for s in hits if _extra_args(s) <= args]
        most = max((len(_extra_args(s)) for s in fits), default=0)
        hits = [s for s in fits if len(_extra_args(s)) == most]
    return hits[0] if len(hits) == 1 else None


def _extra_args(server: MCPDef) -> set[str]:
    """The arguments of `server`'s stdio specs beside its launcher and package."""
    words: set[str] = set()
    for spec in server.install.values():
        if isinstance(spec, StdioSpec):
            words |= {a for a in spec.args[1:] if a.startswith("--") or a in ("mcp", "stdio")}
    return words


_NAME_NOISE = ("mcp-server-", "server-", "mcp-")
_NAME_TAILS = ("-mcp-server", "-mcp", "-server")


def normal_name(name: str) -> str:
    """A server name as people vary it, reduced: case and `_` aside, the last part of a
    registry or marketplace name (`io.github.ChromeDevTools/chrome-devtools-mcp`,
    `github.com/upstash/context7-mcp`, `.../src/filesystem`) and `mcp` affixes dropped."""
    text = name.strip().lower().replace("_", "-").replace(" ", "-")
    text = text.rstrip("/").rsplit("/", 1)[-1]
    for head in _NAME_NOISE:
        if text.startswith(head) and len(text) > len(head):
            text = text[len(head) :]
    for tail in _NAME_TAILS:
        if text.endswith(tail) and len(text) > len(tail):
            text = text[: -len(tail)]
    return text
