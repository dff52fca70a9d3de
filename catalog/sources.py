"""Where an install spec's package comes from, read by each ecosystem's own grammar (issue 30 §1).

A spec from the repository (`aido.lock`, an imported entry) may keep the
catalog's launcher and flags and put another source in the package slot:
`@playwright/mcp@https://evil.example/pw.tgz`, `...@file:./x`,
`...@github:attacker/evil`, `...@npm:other@1`, `pkg @ git+https://...`. Only
"the catalog's own registry package at a plain version" (for docker: the
same repository on the same registry at another tag or digest) is the same
source; anything else runs what the catalog does not, and needs the typed
confirmation of SPEC §7.

The grammars, checked against their sources:

- npm (npm-package-arg `npa.js`, which `npx` uses): a whole argument that is a
  URL (`/^(?:git[+])?[a-z]+:/i`), an scp-like git address
  (`/^[^@]+@[^:.]+\\.[^:]+:.+$/`) or an unscoped name part with a slash or a
  tarball suffix is not a registry spec. Else the name ends at the first `@`
  after the first character; its spec is a file (`.`, `~/`, `/`, `X:`,
  `file:`), an alias (`npm:`), hosted git (a slash: `user/repo`,
  `github:`...), a URL (`scheme:`), a tarball, or else a registry version,
  range or tag. Plain: an exact semver version (semver.org 2.0).
- PyPI (`packaging.requirements.Requirement`, PEP 508, as uv reads a
  requirement), plus uv's `name@version`: plain is `name==V` (or `name@V`)
  with V a public PEP 440 version, no URL, no marker, no wildcard, the same
  extras as the catalog's. A path, a `git+` URL or `name @ url` is not.
- Docker (distribution/reference): `[domain/]path[:tag][@digest]`; the
  domain is the first component when it has a `.` or `:` or is `localhost`,
  else Docker Hub (`docker.io`, one-component names under `library/`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from aidokit.catalog.models import RemoteSpec, StdioSpec

# npm-package-arg's own tests of a whole argument and of a spec.
_NPM_URL = re.compile(r"^(?:git[+])?[a-z]+:", re.IGNORECASE)
_NPM_GIT = re.compile(r"^[^@]+@[^:.]+\.[^:]+:.+$", re.IGNORECASE)
_NPM_TARBALL = re.compile(r"[.](?:tgz|tar\.gz|tar)$", re.IGNORECASE)
_NPM_FILE = re.compile(r"^(?:[.]|~[/]|[/\\]|[a-zA-Z]:)")
# validate-npm-package-name: URL-safe, no leading dot or underscore, at most 214 characters.
_NPM_NAME = re.compile(r"^(?:@[a-z0-9~-][a-z0-9._~-]*/)?[a-z0-9~-][a-z0-9._~-]*$")
# semver.org 2.0's own regular expression.
_SEMVER = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$"
)
# distribution/reference's grammar.
_DOCKER_COMPONENT = re.compile(r"^[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*$")
_DOCKER_TAG = re.compile(r"^[\w][\w.-]{0,127}$")
_DOCKER_DIGEST = re.compile(r"^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[0-9a-fA-F]{32,}$")
_DOCKER_DOMAIN = re.compile(
    r"^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*"
    r"|\[[0-9a-fA-F:]+\])(?::[0-9]+)?$"
)


class Source(NamedTuple):
    """A registry package (or docker repository) and whether it is asked for at a plain version."""

    registry: str  # "npm" | "pypi" | "docker"
    name: str  # as the registry compares names (PyPI's normalised, docker's with its domain)
    plain: bool  # at an exact version (docker: any tag or digest, or none)
    extras: frozenset[str] = frozenset()  # PyPI extras

    def same_package(self, other: Source) -> bool:
        """Whether both name the same package of the same registry, with the same extras."""
        return (self.registry, self.name, self.extras) == (other.registry, other.name, other.extras)


def npm_source(arg: str) -> Source | None:
    """The npm registry package `arg` asks for, or None when it names another source."""
    at = arg.find("@", 1)
    name_part = arg[:at] if at > 0 else arg
    if _NPM_URL.match(arg) or _NPM_GIT.match(arg):
        return None
    if not name_part.startswith("@") and ("/" in name_part or "\\" in name_part):
        return None
    if _NPM_TARBALL.search(name_part) or not _npm_name(name_part):
        return None
    if at <= 0:
        return Source("npm", name_part, plain=False)  # no version: the `latest` tag
    spec = arg[at + 1 :]
    if _NPM_FILE.match(spec) or _NPM_URL.match(spec) or "/" in spec or "\\" in spec:
        return None  # a file, an alias (npm:), hosted git or a URL
    if _NPM_TARBALL.search(spec):
        return None
    return Source("npm", name_part, plain=bool(_SEMVER.match(spec)))


def _npm_name(name: str) -> bool:
    return len(name) <= 214 and bool(_NPM_NAME.match(name))


def pypi_source(arg: str) -> Source | None:
    """The PyPI package the requirement `arg` asks for, or None when it names another source."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name
    from packaging.version import InvalidVersion, Version

    name, at, version = arg.partition("@")
    if at and name and "://" not in version and not name[-1:].isspace():
        # uv's `name@version` (`uvx ruff@0.3.0`): a version request, never a URL.
        if version == "latest":  # uv's `name@latest`: the registry's newest, not a pin
            latest = pypi_source(name)
            return None if latest is None else latest._replace(plain=False)
        arg = f"{name}=={version}" if version and version[0].isdigit() else f"{name}==?"
    try:
        requirement = Requirement(arg)
    except InvalidRequirement:
        return None
    if requirement.url is not None:
        return None
    clauses = list(requirement.specifier)
    plain = False  # no version, a range, an arbitrary (===) or a wildcard version
    if len(clauses) == 1 and clauses[0].operator == "==" and "*" not in clauses[0].version:
        try:
            plain = Version(clauses[0].version).local is None
        except InvalidVersion:
            plain = False
    return Source(
        "pypi",
        canonicalize_name(requirement.name),
        plain=plain and requirement.marker is None,
        extras=frozenset(canonicalize_name(e) for e in requirement.extras),
    )


def docker_source(image: str) -> Source | None:
    """The docker repository `image` names (tag or digest aside), or None when it is not one."""
    rest, at, digest = image.partition("@")
    if at and not _DOCKER_DIGEST.match(digest):
        return None
    slash = rest.rfind("/")
    colon = rest.rfind(":")
    tag = ""
    if colon > slash:
        rest, tag = rest[:colon], rest[colon + 1 :]
        if not _DOCKER_TAG.match(tag):
            return None
    parts = rest.split("/")
    domain = "docker.io"
    if len(parts) > 1 and ("." in parts[0] or ":" in parts[0] or parts[0] == "localhost"):
        domain = parts.pop(0)
        if not _DOCKER_DOMAIN.match(domain):
            return None
    if domain in ("index.docker.io", "registry-1.docker.io"):
        domain = "docker.io"
    if domain == "docker.io" and len(parts) == 1:
        parts = ["library", *parts]
    if not parts or not all(_DOCKER_COMPONENT.match(p) for p in parts):
        return None
    return Source("docker", f"{domain}/{'/'.join(parts)}", plain=True)


# Launcher options that take no value and come before the package (the catalog's `npx -y`).
_NPX_SWITCHES = frozenset({"-y", "--yes", "-q", "--quiet", "--no-install"})
_UVX_SWITCHES = frozenset({"-q", "--quiet", "--offline", "--no-cache", "--isolated"})
# `docker run` options without a value, and those that take the next argument.
_DOCKER_SWITCHES = frozenset({"-i", "-t", "-it", "-ti", "--rm", "--interactive", "--tty", "--init"})
_DOCKER_VALUED = frozenset(
    {"-e", "--env", "-v", "--volume", "--name", "--network", "-w", "--workdir"}
)


def package_slot(spec: StdioSpec) -> tuple[int, str] | None:
    """Where `spec`'s package is in its arguments, and its registry; None if aido cannot say."""
    args = spec.args
    if spec.command == "npx":
        return _first_operand(args, _NPX_SWITCHES, "npm")
    if spec.command == "uvx":
        if args[:1] == ("--from",) and len(args) > 2:
            return 1, "pypi"
        return _first_operand(args, _UVX_SWITCHES, "pypi")
    if spec.command == "uv" and args[:2] == ("run", "--with") and len(args) > 3:
        return 2, "pypi"
    if spec.command == "docker" and args[:1] == ("run",):
        index = 1
        while index < len(args) and args[index].startswith("-"):
            option = args[index].split("=", 1)[0]
            if option in _DOCKER_VALUED and "=" not in args[index]:
                index += 1
            elif option not in _DOCKER_SWITCHES and option not in _DOCKER_VALUED:
                return None
            index += 1
        return (index, "docker") if index < len(args) else None
    return None


def _first_operand(
    args: tuple[str, ...], switches: frozenset[str], registry: str
) -> tuple[int, str] | None:
    for index, arg in enumerate(args):
        if not arg.startswith("-"):
            return index, registry
        if arg not in switches:
            return None
    return None


_READERS = {"npm": npm_source, "pypi": pypi_source, "docker": docker_source}


_LAUNCHERS = {"npx": "npm", "uvx": "pypi"}


def launched_package(command: str, arg: str) -> Source | None:
    """The registry package `command arg` launches (`npx pkg@1`, `uvx pkg==1`), if it is one."""
    registry = _LAUNCHERS.get(command)
    return None if registry is None else _READERS[registry](arg)


def source_of(spec: StdioSpec | RemoteSpec) -> Source | None:
    """The registry package `spec` runs, if aido can read one from its launcher."""
    if not isinstance(spec, StdioSpec):
        return None
    slot = package_slot(spec)
    return None if slot is None else _READERS[slot[1]](spec.args[slot[0]])


def same_source(ours: StdioSpec | RemoteSpec, theirs: StdioSpec | RemoteSpec) -> bool:
    """Whether `theirs` runs `ours`'s package at some plain version and is otherwise `ours`.

    Every other field and argument must be equal: a flag such as
    `--registry`, `--index-url` or `--from`, or an env value, changes where
    the launcher installs from as much as the package slot does.
    """
    if ours == theirs:
        return True
    if not isinstance(ours, StdioSpec) or not isinstance(theirs, StdioSpec):
        return False
    slot = package_slot(ours)
    if slot is None or len(theirs.args) != len(ours.args):
        return False
    index, registry = slot
    if replace(theirs, args=ours.args) != ours:
        return False
    if any(
        a != b for i, (a, b) in enumerate(zip(ours.args, theirs.args, strict=True)) if i != index
    ):
        return False
    mine = _READERS[registry](ours.args[index])
    other = _READERS[registry](theirs.args[index])
    return mine is not None and other is not None and other.plain and other.same_package(mine)


# ======================================================================================
# Every package a launch installs, for policy (issue 48 item 5): not only the catalog's
# slot, but each slot the launcher's own grammar has for a package, whatever the path
# it is started by.
# ======================================================================================

# npm's exec and config options that take the next argument (npm docs: `npm exec`,
# config definitions); `--package`/`-p` name a package to install.
_NPM_VALUED = frozenset(
    {"--package", "-p", "--call", "-c", "--registry", "--cache", "--userconfig", "--prefix",
     "--workspace", "-w", "--include", "--omit", "--loglevel", "--node-options", "--shell",
     "--script-shell"}
)  # fmt: skip
# uv's `tool run` options that take the next argument (`uv tool run --help`); `--from` and
# `--with` name packages to install.
_UV_VALUED = frozenset(
    {"--from", "--with", "--with-editable", "--with-requirements", "--python", "-p", "--index",
     "--index-url", "-i", "--extra-index-url", "--default-index", "--find-links", "-f",
     "--constraints", "-c", "--overrides", "--build-constraints", "-b", "--cache-dir",
     "--directory", "--project", "--config-file", "--color", "--index-strategy",
     "--keyring-provider", "--resolution", "--prerelease", "--exclude-newer", "--env-file",
     "--reinstall-package", "--upgrade-package", "-P", "--refresh-package", "--config-setting",
     "-C", "--link-mode", "--python-platform", "--no-binary-package", "--no-build-package"}
)  # fmt: skip
# pipx run's options that take the next argument; `--spec` names the package.
_PIPX_VALUED = frozenset({"--spec", "--python", "--pip-args", "--index-url", "-i"})


def launcher(command: str) -> str:
    """The program `command` starts, as its name: `npx` for `/usr/bin/npx` or `npx.cmd`."""
    name = re.split(r"[/\\]", command)[-1].lower()
    for suffix in (".cmd", ".exe", ".bat", ".ps1"):
        name = name.removesuffix(suffix)
    return name


def installed_packages(spec: StdioSpec) -> tuple[Source, ...]:
    """Every registry package `spec`'s launcher installs, read by its own grammar."""
    program, args = launcher(spec.command), spec.args
    if program == "npm" and args[:1] in (("exec",), ("x",)):
        program, args = "npx", args[1:]
    if program == "uv" and args[:2] == ("tool", "run"):
        program, args = "uvx", args[2:]
    if program == "npx":
        named, operand = _options(args, _NPM_VALUED, {"--package", "-p"})
        found = [_npm_installed(n) for n in (named or operand)]
    elif program == "uvx":
        named, operand = _options(args, _UV_VALUED, {"--from", "--with"})
        froms = any(a == "--from" or a.startswith("--from=") for a in args)
        found = [pypi_source(n) for n in (named if froms else [*named, *operand])]
    elif program == "uv" and args[:1] == ("run",):
        named, _ = _options(args[1:], _UV_VALUED, {"--with"})
        found = [pypi_source(n) for n in named]
    elif program == "pipx" and args[:1] == ("run",):
        named, operand = _options(args[1:], _PIPX_VALUED, {"--spec"})
        found = [pypi_source(n) for n in (named or operand)]
    elif program == "docker":
        found = [source_of(replace(spec, command="docker"))]
    else:
        return ()
    return tuple(dict.fromkeys(s for s in found if s is not None))


def _options(
    args: tuple[str, ...], valued: frozenset[str], packages: set[str]
) -> tuple[list[str], list[str]]:
    """The values of the `packages` options before the first operand, and that operand."""
    named: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return named, list(args[index + 1 : index + 2])
        if not arg.startswith("-") or arg == "-":
            return named, [arg]
        option, eq, value = arg.partition("=")
        if not eq and option in valued and index + 1 < len(args):
            index += 1
            value = args[index]
        if option in packages:
            named.append(value)
        index += 1
    return named, []


def _npm_installed(arg: str) -> Source | None:
    """The registry package `arg` installs: an alias (`name@npm:other@1`) installs `other`."""
    at = arg.find("@", 1)
    if at > 0 and arg[at + 1 : at + 5].lower() == "npm:":
        return _npm_installed(arg[at + 5 :])
    return npm_source(arg)
