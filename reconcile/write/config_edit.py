"""Edit `aido.toml` for `aido mcp add`: append a `[custom.<id>]` table, name an entry under
`[mcp] add` and its roles under `[mcp.roles]`; keep every other byte."""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Collection
from pathlib import Path
from typing import cast

from aidokit.reconcile.checks import hardening
from aidokit.reconcile.core.atomic import file_digest, replace_file
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.safe_read import read_file
from aidokit.reconcile.documents import tomlscan
from aidokit.reconcile.read.choices.config import (
    CONFIG_NAME,
    LOCAL_CONFIG_NAME,
    CustomMCP,
    EntryRole,
    ProjectConfig,
    load_config,
    load_file,
    validate_config,
)

FLAGS = {
    "url": "--custom-url",
    "command": "--custom-command",
    "args": "--custom-command",
    "headers": "--header",
    "env": "--env",
    "transport": "--transport",
}
# What writes an edited config file: (file, its new text, the bytes it held when read).
# By default the file itself; import, remove and mcp add journal it (`write/ownfiles.py`).
Writer = Callable[[Path, str, bytes | None], None]


def build_custom(fields: dict[str, object]) -> CustomMCP:
    """A validated custom server from command-line values."""
    from aidokit.catalog.validation import ValidationError, validate  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)

    try:
        return validate(CustomMCP, fields)
    except ValidationError as exc:
        error = exc.errors()[0]
        flag = FLAGS.get(str(error["loc"][0]), "the custom server") if error["loc"] else "it"
        message = error["msg"].removeprefix("Value error, ")
        raise ConfigError(f"invalid {flag}: {message}") from None


def add_custom(
    project: Path,
    custom_id: str,
    custom: CustomMCP,
    catalog_ids: Collection[str],
    roles: tuple[str, ...] = (),
    *,
    write: Writer | None = None,
) -> Path:
    """Append `[custom.<custom_id>]` to the project's aido.toml (created if missing), and
    its `roles` under `[mcp.roles]` when given."""
    problem = hardening.id_problem(custom_id)
    if problem:
        raise ConfigError(f"{problem}; choose another id for aido mcp add")
    if custom_id in catalog_ids:
        raise ConfigError(
            f"'{custom_id}' is a catalog id; pick another id for the custom server, or add "
            f"'{custom_id}' to `add` under [mcp] in aido.toml"
        )
    loaded = load_config(project)  # the file must be valid before aido edits it
    if custom_id in loaded.config.custom:
        raise ConfigError(
            f"{loaded.path} already has [custom.{custom_id}]; edit it there or pick another id"
        )
    raw = read_file(loaded.path, error=ConfigError) if loaded.present else None
    text = raw.decode("utf-8") if raw is not None else ""
    new = _appended(text, _fragment(custom_id, custom))
    _check_result(new, loaded.config, custom_id, custom, loaded.path)
    if roles:
        new = _with_roles(new, custom_id, roles, add=False)
        expected = dataclasses.replace(
            loaded.config, custom={**loaded.config.custom, custom_id: custom}
        )
        _check_edit(new, _roles_set(expected, custom_id, roles, add=False), loaded.path,
                    f"set [mcp.roles] {custom_id}")  # fmt: skip
    (write or _write_config)(loaded.path, new, raw)
    return loaded.path


def add_with_roles(
    project: Path, entry_id: str, roles: tuple[str, ...], *, write: Writer | None = None
) -> Path:
    """Name catalog entry `entry_id` under `[mcp] add` (if not there), take it out of that
    file's `skip` (what `aido remove` recorded), and set its roles.

    A skip in aido.local.toml outranks aido.toml's add: refused, naming it.
    """
    local = load_file(project / LOCAL_CONFIG_NAME)
    if entry_id in local.config.mcp.skip:
        raise ConfigError(
            f"{local.path} skips '{entry_id}', which outranks an add in {CONFIG_NAME}; remove "
            f"'{entry_id}' from `skip` there, then run aido mcp add {entry_id} again"
        )
    loaded = load_config(project)  # the file must be valid before aido edits it
    raw = read_file(loaded.path, error=ConfigError) if loaded.present else None
    text = raw.decode("utf-8") if raw is not None else ""
    new = _with_roles(text, entry_id, roles, add=True)
    expected = _roles_set(loaded.config, entry_id, roles, add=True)
    _check_edit(new, expected, loaded.path, f"add '{entry_id}' with its roles")
    (write or _write_config)(loaded.path, new, raw)
    return loaded.path


def _roles_set(
    config: ProjectConfig, entry_id: str, roles: tuple[str, ...], *, add: bool
) -> ProjectConfig:
    """`config` with `entry_id`'s roles set (and, with `add`, `entry_id` in `[mcp] add`)."""
    mcp = config.mcp
    names = (*mcp.add, entry_id) if add and entry_id not in mcp.add else mcp.add
    skip = tuple(i for i in mcp.skip if i != entry_id) if add else mcp.skip
    table = dict(mcp.roles)
    if roles:  # `--roles` checked each against EntryRole
        table[entry_id] = cast("tuple[EntryRole, ...]", roles)
    chosen = dataclasses.replace(mcp, add=names, skip=skip, roles=table)
    return dataclasses.replace(config, mcp=chosen)


def _with_roles(text: str, entry_id: str, roles: tuple[str, ...], *, add: bool) -> str:
    """`text` with `[mcp.roles] entry_id = roles` (and `entry_id` in `[mcp] add`)."""
    import tomlkit

    doc = tomlkit.parse(text)
    if "mcp" not in doc:
        doc.add("mcp", tomlkit.table())
    mcp = doc["mcp"]
    if not isinstance(mcp, dict):  # the file validated: [mcp] is a table
        raise RuntimeError("aido bug: expected isinstance(mcp, dict)")
    if add:
        if "add" not in mcp:
            mcp["add"] = tomlkit.array()
        if entry_id not in mcp["add"]:
            mcp["add"].append(entry_id)
        if entry_id in (mcp.get("skip") or []):
            mcp["skip"].remove(entry_id)
    if roles:
        if "roles" not in mcp:
            table = tomlkit.table()
            table.add(entry_id, list(roles))
            table.add(tomlkit.nl())  # a blank line before the table that follows
            mcp["roles"] = table
        else:
            mcp["roles"][entry_id] = list(roles)
    return tomlkit.dumps(doc)


def _fragment(custom_id: str, custom: CustomMCP) -> str:
    """The `[custom.<id>]` table, rendered by tomlkit (which quotes and escapes)."""
    import tomlkit

    table = tomlkit.table()
    data = {
        item.name: getattr(custom, item.name)
        for item in dataclasses.fields(custom)
        if getattr(custom, item.name) not in (None, (), {})
    }
    if custom.url is None:
        del data["transport"]  # for a remote server it is stated, so the file says what runs
    for key in ("url", "transport", "headers", "command", "args", "env", "adapters"):
        if key in data:
            value = data[key]
            table[key] = (
                _inline(value)
                if isinstance(value, dict)
                else list(value)
                if isinstance(value, tuple)
                else value
            )
    doc = tomlkit.document()
    outer = tomlkit.table(is_super_table=True)
    outer.append(custom_id, table)
    doc.append("custom", outer)
    return tomlkit.dumps(doc)


def _inline(values: dict[str, str]) -> object:
    import tomlkit

    table = tomlkit.inline_table()
    table.update(values)
    return table


def _appended(text: str, fragment: str) -> str:
    """`text` unchanged, then a blank line and `fragment`, in the file's line endings."""
    newline = "\r\n" if "\r\n" in text else "\n"
    if text and not text.endswith("\n"):
        text += newline
    if text.strip():
        text += newline
    return text + fragment.replace("\n", newline)


def _check_result(
    new: str, before: ProjectConfig, custom_id: str, custom: CustomMCP, path: Path
) -> None:
    """The edited file must load as the old config plus exactly the new entry."""
    from aidokit.catalog.validation import ValidationError  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)

    try:
        after = validate_config(tomllib.loads(new))
    except (tomllib.TOMLDecodeError, ValidationError):
        raise ConfigError(
            f"cannot add [custom.{custom_id}] to {path} without rewriting it (is `custom` "
            f"defined inline?); add the table to {CONFIG_NAME} by hand"
        ) from None
    expected = dataclasses.replace(before, custom={**before.custom, custom_id: custom})
    if after != expected:
        raise ConfigError(f"adding [custom.{custom_id}] to {path} would change other settings")


def record_skip(path: Path, entry_id: str, *, write: Writer | None = None) -> bool:
    """Add `entry_id` to `[mcp] skip` in the config file at `path` (created if missing).

    Drops it from that file's `add` too. Every other byte is kept; the result
    must load as the old config with exactly that change. False when the
    file already skips it.
    """
    loaded = load_file(path)  # the file must be valid before aido edits it
    before = loaded.config
    if entry_id in before.mcp.skip and entry_id not in before.mcp.add:
        return False
    raw = read_file(path, error=ConfigError) if loaded.present else None
    text = raw.decode("utf-8") if raw is not None else ""
    new = _with_skip(text, entry_id)
    mcp = before.mcp
    expected = dataclasses.replace(
        before,
        mcp=dataclasses.replace(
            mcp,
            add=tuple(i for i in mcp.add if i != entry_id),
            skip=(*mcp.skip, entry_id) if entry_id not in mcp.skip else mcp.skip,
        ),
    )
    _check_edit(new, expected, path, f"add '{entry_id}' to `skip` under [mcp]")
    (write or _write_config)(path, new, raw)
    return True


def _with_skip(text: str, entry_id: str) -> str:
    """`text` with `entry_id` appended to `[mcp] skip` and removed from `[mcp] add`."""
    import tomlkit

    doc = tomlkit.parse(text)
    if "mcp" not in doc:
        doc.add("mcp", tomlkit.table())
    mcp = doc["mcp"]
    if not isinstance(mcp, dict):  # the file validated: [mcp] is a table
        raise RuntimeError("aido bug: expected isinstance(mcp, dict)")
    add = mcp.get("add")
    if add is not None and entry_id in add:
        add.remove(entry_id)
    if "skip" not in mcp:
        placed = _new_skip(tomlkit.dumps(doc), entry_id)
        if placed is not None:
            return placed
        mcp["skip"] = tomlkit.array()
    skip = mcp["skip"]
    if entry_id not in skip:
        skip.append(entry_id)
    return tomlkit.dumps(doc)


def _new_skip(text: str, entry_id: str) -> str | None:
    """`text` with `skip = ["ID"]` on the line after the last key of its `[mcp]` table (or
    after the header), so it stays above the blank lines and comments that lead the next
    table (tomlkit appends at the table's end, under the next table's comment); None when
    the file has no `[mcp]` header (tomlkit places it then)."""
    found = tomlscan.statements(text)
    mine = [s for s in found if s.table == ("mcp",) and s.kind != "array"]
    if not any(s.kind == "table" for s in mine):
        return None
    at = mine[-1].end
    newline = "\r\n" if "\r\n" in text else "\n"
    line = f"skip = [{tomlscan.render_string(entry_id)}]{newline}"
    before = text[:at]
    if before and not before.endswith("\n"):
        line = newline + line
    return before + line + text[at:]


def _check_edit(new: str, expected: ProjectConfig, path: Path, what: str) -> None:
    """The edited text must load as `expected`, or aido writes nothing."""
    from aidokit.catalog.validation import ValidationError  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)

    try:
        after = validate_config(tomllib.loads(new))
    except (tomllib.TOMLDecodeError, ValidationError):
        after = None
    if after != expected:
        raise ConfigError(f"cannot {what} in {path} without rewriting it; edit the file by hand")


def _write_config(path: Path, text: str, raw: bytes | None) -> None:
    """Write a config file through its link, only if it still holds the bytes aido read."""
    replace_file(path, text.encode("utf-8"), file_digest(raw), create_parents=True)


def record_import(
    path: Path, expected: ProjectConfig, *, write: Writer | None = None
) -> tuple[int, bool]:
    """Rewrite the config at `path` by a minimal edit so that it loads as `expected`;
    return how many servers it now names that it did not, and whether it changed at all.

    Only `[mcp] add` entries, `[override.<id>]` and `[custom.<id>]` tables are added
    (`aido import`);
    every other byte stays.
    """
    import tomlkit

    loaded = load_file(path)
    raw = read_file(path, error=ConfigError) if loaded.present else None
    text = raw.decode("utf-8") if raw is not None else ""
    doc = tomlkit.parse(text)
    before = loaded.config
    new_adds = [i for i in expected.mcp.add if i not in before.mcp.add]
    if new_adds:
        if "mcp" not in doc:
            doc.add("mcp", tomlkit.table())
        mcp = doc["mcp"]
        if not isinstance(mcp, dict):  # the file validated: [mcp] is a table
            raise RuntimeError("aido bug: expected isinstance(mcp, dict)")
        if "add" not in mcp:
            mcp["add"] = tomlkit.array()
        for entry_id in new_adds:
            mcp["add"].append(entry_id)
        for entry_id in new_adds:
            if entry_id in (mcp.get("skip") or []):
                mcp["skip"].remove(entry_id)
    for entry_id, override in expected.override.items():
        if entry_id not in before.override:
            if "override" not in doc:
                doc.add("override", tomlkit.table(is_super_table=True))
            table = tomlkit.table()
            if override.args:
                table["args"] = list(override.args)
            if override.env:
                table["env"] = dict(override.env)
            if override.variables:
                table["variables"] = _inline(dict(override.variables))
            if override.adapters is not None:
                table["adapters"] = list(override.adapters)
            doc["override"][entry_id] = table
    new = tomlkit.dumps(doc)
    for custom_id, custom in expected.custom.items():
        if custom_id not in before.custom:
            new = _appended(new, _fragment(custom_id, custom))
    _check_edit(new, expected, path, "add the imported servers")
    named = len(new_adds) + len(set(expected.custom) - set(before.custom))
    changed = new != text
    if changed:
        (write or _write_config)(path, new, raw)
    return named, changed
