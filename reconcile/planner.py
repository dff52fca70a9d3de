"""The pure diff (SPEC §6): desired entries vs one file's server map and ownership."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from aidokit.reconcile.desired import DesiredEntry
from aidokit.reconcile.history.state import Record, entry_digest
from aidokit.reconcile.plan import Action, Change, DiffKind, FieldDiff

Identity = Callable[[Mapping[str, Any]], str | None]
Lookup = Callable[[tuple[str, ...]], Mapping[str, Any]]


def plan_entries(
    *,
    adapter: str,
    current: Mapping[str, Any],
    desired: list[DesiredEntry],
    records: list[Record],
    identity: Identity,
    lookup: Lookup | None = None,
    gone: Mapping[str, str] | None = None,
) -> tuple[Change, ...]:
    """Every change for one file: its server map, then companions; sorted by label.

    `lookup(map_path)` reads another map of the same file (role scoping);
    `gone` says, per id, why an owned entry is no longer desired.
    """
    companions = plan_companions(
        desired=desired,
        records=[r for r in records if r.map_path],
        lookup=lookup or (lambda _: {}),
    )
    recorded = {r.name: r for r in records if not r.map_path}
    changes = [
        _plan_desired(item, current, recorded.get(item.name), identity, adapter) for item in desired
    ]
    wanted = {item.name for item in desired}
    for name, record in recorded.items():
        if name in wanted or name not in current:
            continue
        value = current[name]
        if _owned(record, value, identity):
            changes.append(
                Change(
                    action=Action.DELETE,
                    name=name,
                    id=record.id,
                    before=value,
                    reason=(gone or {}).get(record.id, "no longer desired"),
                )
            )
    return tuple(sorted([*changes, *companions], key=lambda c: (c.map_path, c.name)))


def plan_companions(
    *, desired: list[DesiredEntry], records: list[Record], lookup: Lookup
) -> list[Change]:
    """Changes for values outside the server map that belong to desired entries.

    A companion is owned when recorded; a user's different value at that key
    is a conflict, and a recorded one that drifted is healed.
    """
    recorded = {(r.map_path, r.name): r for r in records}
    changes: list[Change] = []
    wanted: set[tuple[tuple[str, ...], str]] = set()
    for item in desired:
        for comp in item.companions:
            key = (comp.map_path, comp.name)
            wanted.add(key)
            current = lookup(comp.map_path)
            base = {
                "name": comp.name,
                "id": item.id,
                "map_path": comp.map_path,
                "after": comp.value,
                "roles": item.roles,
            }
            if comp.name not in current:
                action = Action.HEAL if key in recorded else Action.CREATE
                changes.append(Change(action=action, reason=f"role scoping for {item.id}", **base))
            elif current[comp.name] == comp.value:
                changes.append(Change(action=Action.NOOP, before=comp.value, **base))
            elif key in recorded:
                changes.append(
                    Change(
                        action=Action.HEAL,
                        before=current[comp.name],
                        reason="the file drifted from what aido wrote",
                        **base,
                    )
                )
            else:
                changes.append(
                    Change(
                        action=Action.CONFLICT,
                        before=current[comp.name],
                        reason="set differently by hand",
                        hint="change it by hand",
                        **base,
                    )
                )
    for key, record in recorded.items():
        current = lookup(record.map_path)
        if (
            key not in wanted
            and record.name in current
            and entry_digest(current[record.name]) == record.digest
        ):
            changes.append(
                Change(
                    action=Action.DELETE,
                    name=record.name,
                    id=record.id,
                    map_path=record.map_path,
                    before=current[record.name],
                    reason="role scoping no longer desired",
                )
            )
    return changes


def _owned(record: Record | None, value: Any, identity: Identity) -> bool:
    """SPEC §6: recorded, an object, and still running what aido wrote."""
    return record is not None and isinstance(value, dict) and identity(value) == record.identity


def _plan_desired(
    item: DesiredEntry,
    current: Mapping[str, Any],
    record: Record | None,
    identity: Identity,
    adapter: str,
) -> Change:
    base: dict[str, Any] = {
        "name": item.name,
        "id": item.id,
        "reason": item.reason,
        "after": item.entry,
        "roles": item.roles,
        "sensitive": item.sensitive,
        "source": item.source,
    }
    if item.name not in current:
        action = Action.HEAL if record is not None else Action.CREATE
        if action is Action.HEAL:
            base["reason"] = "removed from the file since aido wrote it"
        return Change(action=action, **base)
    value = current[item.name]
    if not isinstance(value, dict):
        return Change(
            action=Action.CONFLICT,
            **{**base, "reason": "existing entry is not an object"},
            before=value,
            hint="fix or remove it by hand",
        )
    if not _owned(record, value, identity):
        # SPEC §6: a conflict names every way out.
        hint = (
            f"aido adopt {item.name} --adapter {adapter} takes it over; or add '{item.id}' "
            f"to `skip` under [mcp]; or customise aido's version with [override.{item.id}]"
        )
        reason = "an entry of that name exists that aido does not own"
        if record is not None:
            reason = "its command or URL was replaced since aido wrote it"
        return Change(action=Action.CONFLICT, **{**base, "reason": reason}, before=value, hint=hint)
    if value == item.entry:
        return Change(action=Action.NOOP, before=value, **base)
    assert record is not None  # _owned() checked it
    drifted = record.digest == entry_digest(item.entry)
    action = Action.HEAL if drifted else Action.UPDATE
    if drifted:
        base["reason"] = "the file drifted from what aido wrote"
    return Change(action=action, before=value, diff=field_diff(value, item.entry), **base)


def field_diff(before: Any, after: Any) -> tuple[FieldDiff, ...]:
    """Field-level differences as readable paths, computed with deepdiff."""
    diff = _deepdiff()(before, after, view="tree")
    rows: list[FieldDiff] = []
    for kind, key in (
        (DiffKind.CHANGED, "values_changed"),
        (DiffKind.CHANGED, "type_changes"),
        (DiffKind.ADDED, "dictionary_item_added"),
        (DiffKind.REMOVED, "dictionary_item_removed"),
        (DiffKind.ADDED, "iterable_item_added"),
        (DiffKind.REMOVED, "iterable_item_removed"),
    ):
        for level in diff.get(key, ()):
            old = None if kind is DiffKind.ADDED else level.t1
            new = None if kind is DiffKind.REMOVED else level.t2
            path = readable_path(level.path(output_format="list"))
            rows.append(FieldDiff(path=path, before=old, after=new, kind=kind))
    return tuple(sorted(rows, key=lambda r: r.path))


def _deepdiff() -> Any:
    """deepdiff's DeepDiff, imported only when a change must be rendered.

    Some of deepdiff's imports serve features aido never uses and cost more than
    the rest of it: pydantic (~40-60 ms), only to special-case pydantic models
    (the values compared here are parsed JSON/TOML); cachebox, whose import pulls
    in asyncio (~40 ms), only for the distance cache of `cache_size > 0` (aido
    keeps the default 0); inspect (and the dis it loads), only for
    `getmembers` of objects that are not dicts or lists; ast (~1.5 ms), only for
    `literal_eval` of paths; hashlib, whose import loads OpenSSL, only for
    DeepHash's sha1/sha256. For the moment of the import pydantic is refused
    (deepdiff has its own stand-in), cachebox is a stub whose cache raises if ever
    used, inspect and ast give a `getmembers` and a `literal_eval` that import the
    real one when called, and hashlib gives the interpreter's own sha1 and sha256 (the
    same digests). Two more it uses only inside functions aido never reaches are
    deferred, imported on first use (catalog/stand_ins.deferred): traceback, for
    logging's exception formatting (with linecache, tokenize and textwrap), and
    base64, for serializing bytes. A deepdiff that wants anything else from them
    is imported again with only the first two.
    """
    try:
        return _import_deepdiff(_stand_ins(light=True), light=True)
    except (ImportError, AttributeError):
        for name in [name for name in sys.modules if name.partition(".")[0] == "deepdiff"]:
            del sys.modules[name]
        return _import_deepdiff(_stand_ins(light=False), light=False)


def _import_deepdiff(modules: dict[str, ModuleType | None], *, light: bool) -> Any:
    """`deepdiff.DeepDiff`, imported while `modules` stand in (None: pydantic is refused).

    A light import takes it from `deepdiff.diff` under a package whose `__init__`
    waits (stand_ins.package_without_init): that `__init__` also loads Delta,
    DeepSearch and their modules, which aido never uses (~2 ms).
    """
    from aidokit.catalog.stand_ins import package_without_init, stand_ins

    if light and "deepdiff" not in sys.modules:
        package = package_without_init("deepdiff")
        if package is not None:
            sys.modules["deepdiff"] = package
    with stand_ins(modules):
        from deepdiff.diff import DeepDiff
    return DeepDiff


def _stand_ins(*, light: bool) -> dict[str, ModuleType | None]:
    """What deepdiff gets for the modules it does not need: see `_deepdiff`."""
    from aidokit.catalog.stand_ins import deferred, forwarding

    found: dict[str, ModuleType | None] = {"pydantic": None, "cachebox": _cachebox_stub()}
    if light:
        found["inspect"] = forwarding("inspect", "getmembers")
        found["ast"] = forwarding("ast", "literal_eval")
        found["platform"] = _platform_stub()
        pickled = _pickle_stub()
        if pickled is not None:
            found["pickle"] = pickled
        found.update({name: deferred(name) for name in ("traceback", "base64")})
        hashes = _builtin_hashes()
        if hashes is not None:
            found["hashlib"] = hashes
    return found


def _platform_stub() -> ModuleType:
    """`platform` for uuid, which deepdiff imports for its UUID type: uuid asks only
    `platform.system()` when imported, `os.uname().sysname` on every system that imports
    it (Windows and macOS do not); anything else imports the real module."""
    from aidokit.catalog.stand_ins import deferred

    if "platform" in sys.modules:  # the real one: stand_ins leaves a loaded module alone
        return sys.modules["platform"]
    stub = deferred("platform")
    vars(stub).update(system=lambda: os.uname().sysname)
    return stub


def _pickle_stub() -> ModuleType | None:
    """`pickle` as deepdiff's import uses it, without pickle.py (~1.5 ms with _compat_pickle
    and struct): the picklers and errors it names are the C accelerator's, the very objects
    pickle.py itself exports; anything else read from it imports the real module. None
    where the interpreter has no accelerator."""
    from aidokit.catalog.stand_ins import deferred

    if "pickle" in sys.modules:  # the real one: stand_ins leaves a loaded module alone
        return sys.modules["pickle"]
    try:
        import _pickle
    except ImportError:
        return None
    stub = deferred("pickle")
    names = ("Pickler", "Unpickler", "PickleError", "PicklingError", "UnpicklingError", "dumps")
    vars(stub).update({name: getattr(_pickle, name) for name in names})
    return stub


def _builtin_hashes() -> ModuleType | None:
    """A `hashlib` with the interpreter's own sha1 and sha256; None where there are none."""
    from aidokit.reconcile.documents.format import builtin_hash

    sha1, sha256 = builtin_hash("sha1"), builtin_hash("sha256")
    if sha1 is None or sha256 is None:
        return None
    stub = ModuleType("hashlib", "aido's stand-in while deepdiff is imported")
    vars(stub).update(sha1=sha1, sha256=sha256)
    return stub


def _cachebox_stub() -> ModuleType:
    """A `cachebox` module whose LRUCache raises: DeepDiff asks for it only when caching."""

    def no_cache(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("deepdiff was imported without cachebox: keep DeepDiff's cache_size 0")

    stub = ModuleType("cachebox", "aido's stand-in while deepdiff is imported")
    vars(stub).update(LRUCache=no_cache)
    return stub


def readable_path(parts: list[str | int]) -> str:
    """`['args', 1]` -> `args[1]`; `['env', 'A']` -> `env.A`; odd keys quoted: `env["a.b"]`."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif part and part.isascii() and all(c.isalnum() or c in "_-" for c in part):
            out.append(("." if out else "") + part)
        else:
            out.append(f"[{json.dumps(part, ensure_ascii=False)}]")
    return "".join(out)
