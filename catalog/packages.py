"""Which package (and version) or URL an install spec runs: read from its launcher's arguments.

`npx -y pkg@1.2.3` runs npm's `pkg` 1.2.3; `uvx pkg==1.2.3` and
`uvx --from pkg==1.2.3 tool` run PyPI's `pkg` 1.2.3; a remote spec runs its
URL. Used by `aido.lock`, `aido outdated` and `make verify-catalog`.
"""

from __future__ import annotations

from typing import NamedTuple

from aidokit.catalog.models import RemoteSpec, StdioSpec


class Package(NamedTuple):
    """A published package at one version (version "" when the spec does not pin one);
    ordered by registry, name, then version."""

    registry: str  # "npm" | "pypi"
    name: str
    version: str

    def __str__(self) -> str:
        pin = "@" if self.registry == "npm" else "=="
        return (
            f"{self.registry}:{self.name}{pin}{self.version}"
            if self.version
            else (f"{self.registry}:{self.name}")
        )


def package_of(spec: StdioSpec | RemoteSpec) -> Package | None:
    """The npm or PyPI package `spec` launches, if it launches one through npx or uvx."""
    if not isinstance(spec, StdioSpec):
        return None
    if spec.command == "npx":
        target = _first_operand(spec.args)
        return None if target is None else _npm(target)
    if spec.command == "uvx":
        args = list(spec.args)
        if "--from" in args[:-1]:
            return _pypi(args[args.index("--from") + 1])
        target = _first_operand(spec.args)
        return None if target is None else _pypi(target)
    return None


def spec_packages(spec: StdioSpec | RemoteSpec) -> tuple[str, ...]:
    """What `spec` runs, as short strings: `npm:pkg@1.2.3`, `pypi:pkg==1.2.3` or `url:...`."""
    if isinstance(spec, RemoteSpec):
        return (f"url:{spec.url}",)
    package = package_of(spec)
    return () if package is None else (str(package),)


def _first_operand(args: tuple[str, ...]) -> str | None:
    return next((arg for arg in args if not arg.startswith("-")), None)


def _npm(target: str) -> Package:
    # npm-package-arg: the name ends at the first "@" after a scope's leading one.
    at = target.find("@", 1)
    if at <= 0:  # no version, or only a scope's leading "@"
        return Package("npm", target, "")
    return Package("npm", target[:at], target[at + 1 :])


def _pypi(target: str) -> Package:
    name, sep, version = target.partition("==")
    return Package("pypi", name, version if sep else "")
