"""Shared rendering: placeholders to harness references, and what cannot be written (SPEC §5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from aidokit.adapters.base import substitute
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

Reference = Callable[[str], str]


@dataclass(frozen=True)
class Rendered:
    """An entry in a harness's shape plus what the user must still do by hand."""

    entry: dict[str, Any]
    notes: tuple[str, ...] = ()


def dollar_brace(name: str) -> str:
    """`${NAME}`: Claude Code, Copilot CLI, Gemini CLI, Kiro, Crush."""
    return "${" + name + "}"


def env_colon(name: str) -> str:
    """`${env:NAME}`: VS Code, Cursor, Roo Code, Windsurf."""
    return "${env:" + name + "}"


def brace_env(name: str) -> str:
    """`{env:NAME}`: OpenCode."""
    return "{env:" + name + "}"


class Refs:
    """Rewrite one server's placeholders for one harness, collecting notes.

    `reference` is None for a harness with no reference syntax: a map value
    that needs a variable is then left out and reported, never filled in from
    the environment (SPEC §5: nothing secret is written).
    """

    def __init__(
        self,
        adapter: str,
        server: MCPDef,
        reference: Reference | None,
        *,
        in_text: bool = True,
    ) -> None:
        self.adapter = adapter
        self.server = server
        self.reference = reference
        # False where the harness expands references only in env/header values.
        self.in_text = in_text
        self.notes: list[str] = []

    def text(self, value: str, where: str) -> str:
        """`value` with references; CatalogError if this harness cannot reference it."""
        names = PLACEHOLDER_RE.findall(value)
        if not names:
            return value
        if self.reference is None or not self.in_text:
            raise CatalogError(
                f"{self.adapter}: server {self.server.id!r} uses ${{{names[0]}}} in {where}, "
                f"but {self.adapter} cannot reference environment variables there; give "
                f"install[{self.adapter!r}] a spec without placeholders in {where}"
            )
        return substitute(value, self.reference)

    def texts(self, values: Iterable[str], where: str) -> list[str]:
        """Each of `values` through `text`."""
        return [self.text(value, where) for value in values]

    def mapping(self, values: Mapping[str, str], where: str) -> dict[str, str]:
        """An env or header map; values this harness cannot reference are left out."""
        out: dict[str, str] = {}
        for key, value in values.items():
            names = PLACEHOLDER_RE.findall(value)
            if not names:
                out[key] = value
            elif self.reference is None:
                self.omit(names, f"{where} {key!r}")
            else:
                out[key] = substitute(value, self.reference)
        return out

    def omit(self, names: Iterable[str], what: str, *, how: str = "by hand") -> None:
        """Record that `what` was left out and the user must set it."""
        secrets = self.server.secret_names()
        for name in names:
            kind = "secret" if name in secrets else "variable"
            self.notes.append(
                f"{self.adapter}: server {self.server.id!r} needs {what} from {kind} {name}; "
                f"aido writes no value for it, set it {how}"
            )

    def done(self, entry: dict[str, Any]) -> Rendered:
        """The entry with the notes gathered so far."""
        return Rendered(entry=entry, notes=tuple(self.notes))


def refuse_cwd(adapter: str, server: MCPDef, cwd: str | None) -> None:
    """Raise when a spec needs a working directory the harness has no field for."""
    if cwd is not None:
        raise CatalogError(
            f"{adapter}: server {server.id!r} sets cwd={cwd!r}, which {adapter} entries "
            f"cannot express; wrap the command or drop cwd from install[{adapter!r}]"
        )


def refuse_transport(adapter: str, server: MCPDef, transport: str, why: str) -> NoReturn:
    """Raise for a remote transport the harness cannot use."""
    raise CatalogError(
        f"{adapter}: server {server.id!r} needs {transport} transport, but {why}; "
        f"remove {adapter!r} from its install map"
    )


def stdio_fields(refs: Refs, spec: StdioSpec) -> dict[str, Any]:
    """`command`, `args` and (when set) `env`: the Claude Desktop-style stdio shape."""
    entry: dict[str, Any] = {
        "command": refs.text(spec.command, "command"),
        "args": refs.texts(spec.args, "args"),
    }
    env = refs.mapping(spec.env, "env")
    if env:  # every value may have been left out for a harness without references
        entry["env"] = env
    return entry


def remote_fields(refs: Refs, spec: RemoteSpec, *, url_key: str = "url") -> dict[str, Any]:
    """The URL under `url_key` and (when set) `headers`."""
    entry: dict[str, Any] = {url_key: refs.text(spec.url, "url")}
    headers = refs.mapping(spec.headers, "header")
    if headers:
        entry["headers"] = headers
    return entry
