"""Turn an official MCP Registry `server.json` into a catalog entry (SPEC §3).

Used by `aido catalog import`, which prints the entry as Python for a pull
request: nothing is ever registered at run time. The format is described in
harness-formats.md §23; the schema aido checks it against is
`server_json.schema.json` beside this module, loaded only when importing.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from aidokit.catalog.errors import EXCERPT, CatalogError, excerpt, shortened
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec, StdioSpec

_TEMPLATE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_RUNNERS = {"npm": "npx", "pypi": "uvx", "oci": "docker"}


class ImportResult(NamedTuple):
    """The entry made from a server.json, and what a reviewer must look at."""

    entry: MCPDef
    notes: tuple[str, ...] = ()


def load_server_json(path: Path) -> dict[str, Any]:
    """Read and validate a server.json file (or a registry API `{"server": ...}` wrapper)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CatalogError(f"cannot read {path}: {exc.strerror}; check the path.") from exc
    except ValueError as exc:
        raise CatalogError(f"{path} is not valid JSON ({exc}); fix the file.") from exc
    return server_json_from(data, source=str(path))


def server_json_from(data: Any, *, source: str) -> dict[str, Any]:
    """The validated server.json in parsed JSON `data` (unwrapping a registry API answer)."""
    if isinstance(data, dict) and "name" not in data and isinstance(data.get("server"), dict):
        data = data["server"]
    validate_server_json(data, source=source)
    return data  # type: ignore[no-any-return]


def server_json_schema() -> dict[str, Any]:
    """Return the JSON Schema aido validates server.json against."""
    text = resources.files("aidokit.catalog").joinpath("server_json.schema.json").read_text()
    return json.loads(text)  # type: ignore[no-any-return]


def validate_server_json(data: object, *, source: str) -> None:
    """Raise CatalogError naming the first schema violation in `data`."""
    import jsonschema  # type: ignore[import-untyped]  # heavy: only `catalog import` needs it

    validator = jsonschema.Draft7Validator(server_json_schema())
    errors = sorted(validator.iter_errors(data), key=lambda err: list(err.absolute_path))
    if errors:
        first = errors[0]
        where = shortened("/".join(str(part) for part in first.absolute_path), EXCERPT)
        where = where or "(top level)"
        message = first.message
        if first.validator == "not" or len(message) > EXCERPT * 2:  # jsonschema quotes it all
            rule = "" if first.validator == "not" else f" by its {first.validator} rule"
            message = f"{excerpt(first.instance)} is not allowed{rule}"
        raise CatalogError(
            f"{source} is not a valid server.json at {where}: {message}; "
            "fix it against the MCP Registry schema."
        )


class _Builder:
    """Collects env vars while translating registry inputs into catalog strings."""

    def __init__(self, slug: str) -> None:
        self.prefix = slug.upper().replace("-", "_")
        self.env: dict[str, EnvVar] = {}
        self.notes: list[str] = []

    def declare(self, name: str, spec: dict[str, Any], *, secret: bool = False) -> None:
        if name not in self.env:
            self.env[name] = EnvVar(
                name=name,
                secret=secret or bool(spec.get("isSecret")),
                required=bool(spec.get("isRequired", False)),
                description=str(spec.get("description", "")),
            )

    def var_name(self, variable: str) -> str:
        upper = re.sub(r"[^A-Za-z0-9]+", "_", variable).upper()
        return upper if variable.isupper() else f"{self.prefix}_{upper}"

    def value(self, item: dict[str, Any], fallback_name: str) -> str:
        """Translate an Input's value into the catalog's `${NAME}` syntax."""
        raw = item.get("value")
        secret = bool(item.get("isSecret"))
        if raw is None or (secret and not _TEMPLATE.search(str(raw))):
            # A secret is never printed literally; it becomes a reference.
            self.declare(fallback_name, item, secret=secret)
            return f"${{{fallback_name}}}"
        variables = item.get("variables") or {}

        def replace(match: re.Match[str]) -> str:
            name = self.var_name(match.group(1))
            self.declare(name, variables.get(match.group(1), {}), secret=secret)
            return f"${{{name}}}"

        return _TEMPLATE.sub(replace, str(raw))

    def arguments(self, items: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []
        for item in items:
            hint = item.get("valueHint") or item.get("name") or "value"
            fallback = self.var_name(str(hint).lstrip("-"))
            if item["type"] == "named":
                if item.get("value") is None and "default" in item:
                    out += [item["name"], str(item["default"])]
                elif item.get("value") is not None or item.get("isRequired"):
                    out += [item["name"], self.value(item, fallback)]
                continue
            if item.get("value") is None and "default" in item:
                out.append(str(item["default"]))
            else:
                out.append(self.value(item, fallback))
        return out

    def stdio(self, package: dict[str, Any]) -> StdioSpec | None:
        kind = package["registryType"]
        if kind not in _RUNNERS or package["transport"]["type"] != "stdio":
            self.notes.append(f"skipped {kind} package {excerpt(package['identifier'])}")
            return None
        env = {
            var["name"]: self.value(var, var["name"])
            for var in package.get("environmentVariables", [])
        }
        runtime = self.arguments(package.get("runtimeArguments", []))
        args = self.arguments(package.get("packageArguments", []))
        return StdioSpec(
            command=_RUNNERS[kind], args=_launch(package, runtime, list(env), args), env=env
        )

    def remote(self, remote: dict[str, Any]) -> RemoteSpec:
        url = self.value({"value": remote["url"], "variables": remote.get("variables")}, "URL")
        if not url.startswith(("http://", "https://")):
            raise CatalogError(
                f"remote URL {excerpt(remote['url'])} does not start with a fixed https:// host; "
                "catalog entries need a fixed URL."
            )
        headers = {
            header["name"]: self.value(header, self.var_name(header["name"]))
            for header in remote.get("headers", [])
        }
        if remote["type"] == "streamable-http":
            return RemoteSpec(url=url, transport="http", headers=headers)
        return RemoteSpec(url=url, transport="sse", headers=headers)


def _launch(
    package: dict[str, Any], runtime: list[str], env: list[str], args: list[str]
) -> tuple[str, ...]:
    identifier, version = package["identifier"], package.get("version")
    kind = package["registryType"]
    if kind == "npm":
        pinned = f"{identifier}@{version}" if version else identifier
        return ("-y", *runtime, pinned, *args)
    if kind == "pypi":
        pinned = f"{identifier}=={version}" if version else identifier
        return (*runtime, pinned, *args)
    tagged = ":" in identifier.rsplit("/", 1)[-1] or "@" in identifier
    image = identifier if tagged or not version else f"{identifier}:{version}"
    passthrough = [part for name in env for part in ("-e", name)]
    return ("run", "-i", "--rm", *passthrough, *runtime, image, *args)


_GENERIC = frozenset({"mcp", "server", "mcp-server", "server-mcp"})


def _slug(name: str) -> str:
    namespace, _, last = name.lower().rpartition("/")
    if last in _GENERIC:
        # `com.example.tickets/mcp` says more in its namespace than in "mcp".
        last = namespace.rsplit(".", 1)[-1]
    slug = re.sub(r"[^a-z0-9-]+", "-", last).strip("-")[:63]
    if not slug:
        raise CatalogError(
            f"server name {excerpt(name)} gives no usable catalog id; pick one by hand."
        )
    return slug


def entry_from_server_json(data: dict[str, Any]) -> ImportResult:
    """Build a catalog entry from a validated server.json."""
    slug = _slug(data["name"])
    builder = _Builder(slug)
    stdio = next((spec for pkg in data.get("packages", []) if (spec := builder.stdio(pkg))), None)
    remotes = data.get("remotes", [])
    remotes = sorted(remotes, key=lambda remote: remote["type"] != "streamable-http")
    remote = builder.remote(remotes[0]) if remotes else None
    # The remote form wherever an adapter can run it, the package everywhere else.
    install: dict[str, StdioSpec | RemoteSpec] = {
        spec.kind: spec for spec in (remote, stdio) if spec is not None
    }
    if not install:
        raise CatalogError(
            f"server {excerpt(data['name'])} has no npm, pypi or oci stdio package and no remote; "
            "it cannot be a catalog entry yet."
        )
    repository = data.get("repository") or {}
    entry = MCPDef(
        id=slug,
        name=data.get("title") or slug,
        purpose=data["description"],
        suggested_for=("implementer",),
        triggers=("never",),
        install=install,
        env=tuple(builder.env.values()),
        homepage=data.get("websiteUrl") or repository.get("url", ""),
        tags=(f"registry:{data['name']}",),
    )
    notes = [*builder.notes, "review suggested_for and triggers: they are safe defaults"]
    return ImportResult(_checked(entry, data["name"]), tuple(notes))


def _checked(entry: MCPDef, name: str) -> MCPDef:
    """`entry` after pydantic checked every field rule (patterns, lengths) of the catalog."""
    from aidokit.catalog.validation import ValidationError, dump, validate  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)

    try:
        return validate(MCPDef, dump(entry))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "entry"
        raise CatalogError(
            f"server {excerpt(name)} does not make a valid catalog entry "
            f"({where}: {first['msg']}); "
            "fix the server.json or write the entry by hand."
        ) from None
