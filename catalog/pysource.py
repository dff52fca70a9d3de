"""Print a catalog entry as the Python a catalog pull request adds to `catalog/entries.py`."""

from __future__ import annotations

import json
from collections.abc import Iterable

from aidokit.catalog.errors import printable
from aidokit.catalog.models import CAPABILITY_KEYS, EnvVar, MCPDef, RemoteSpec, StdioSpec

_INDENT = "    "


def _s(text: str) -> str:
    # ensure_ascii: newlines, U+2028 and bidi controls become escapes inside the literal.
    return json.dumps(text, ensure_ascii=True)


def _tuple(items: Iterable[str]) -> str:
    parts = [_s(item) for item in items]
    if len(parts) == 1:
        return f"({parts[0]},)"
    return "(" + ", ".join(parts) + ")"


def _mapping(values: dict[str, str]) -> str:
    return "{" + ", ".join(f"{_s(key)}: {_s(value)}" for key, value in values.items()) + "}"


def spec_source(spec: StdioSpec | RemoteSpec) -> str:
    """Return a constructor call for `spec`, omitting defaults."""
    if isinstance(spec, StdioSpec):
        parts = [f"command={_s(spec.command)}"]
        if spec.args:
            parts.append(f"args={_tuple(spec.args)}")
        if spec.env:
            parts.append(f"env={_mapping(spec.env)}")
        if spec.cwd is not None:
            parts.append(f"cwd={_s(spec.cwd)}")
        name = "StdioSpec"
    else:
        parts = [f"url={_s(spec.url)}"]
        if spec.transport != "http":
            parts.append(f"transport={_s(spec.transport)}")
        if spec.headers:
            parts.append(f"headers={_mapping(spec.headers)}")
        name = "RemoteSpec"
    if not spec.requires_network:
        parts.append("requires_network=False")
    if spec.min_cli_version is not None:
        parts.append(f"min_cli_version={_s(spec.min_cli_version)}")
    return f"{name}({', '.join(parts)})"


def install_source(install: dict[str, StdioSpec | RemoteSpec]) -> str:
    """Return `everywhere(...)` for a lone spec, else the install map as a dict literal."""
    if len(install) == 1 and (kind := next(iter(install))) in CAPABILITY_KEYS:
        return f"everywhere({spec_source(install[kind])})"
    lines = [f"{_s(key)}: {spec_source(spec)}" for key, spec in install.items()]
    return "{\n" + "".join(f"{_INDENT * 3}{line},\n" for line in lines) + f"{_INDENT * 2}}}"


def _env_source(var: EnvVar) -> str:
    parts = [f"name={_s(var.name)}"]
    if var.secret:
        parts.append("secret=True")
    if not var.required:
        parts.append("required=False")
    if var.description:
        parts.append(f"description={_s(var.description)}")
    return f"EnvVar({', '.join(parts)})"


def entry_source(entry: MCPDef, *, notes: Iterable[str] = ()) -> str:
    """Return `MCPDef(...)` source for `entry`, preceded by review comments."""
    fields = [
        f"id={_s(entry.id)}",
        f"name={_s(entry.name)}",
        f"purpose={_s(entry.purpose)}",
        f"suggested_for={_tuple(entry.suggested_for)}",
        f"triggers={_tuple(entry.triggers)}",
        f"install={install_source(entry.install)}",
    ]
    if entry.env:
        fields.append(f"env=({', '.join(_env_source(var) for var in entry.env)},)")
    if entry.security_sensitive:
        fields.append("security_sensitive=True")
    if entry.homepage:
        fields.append(f"homepage={_s(entry.homepage)}")
    if entry.tags:
        fields.append(f"tags={_tuple(entry.tags)}")
    if entry.deprecated:
        fields.append("deprecated=True")
    if entry.replaced_by:
        fields.append(f"replaced_by={_s(entry.replaced_by)}")
    if entry.replacement_widens:
        fields.append(f"replacement_widens={_s(entry.replacement_widens)}")
    if entry.also_runs:
        fields.append(f"also_runs={_tuple(entry.also_runs)}")
    # A note names the file and its packages: a newline there would start a line of code.
    comments = "".join(f"{_INDENT}# {printable(note)}\n" for note in notes)
    body = "".join(f"{_INDENT * 2}{field},\n" for field in fields)
    return f"{comments}{_INDENT}MCPDef(\n{body}{_INDENT}),\n"
