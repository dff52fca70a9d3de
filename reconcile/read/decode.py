"""The one decoder of aido's own files: state, journal records, confirmations, saved plans, config.

Every such file has a model, a frozen dataclass, and `decode` turns the file's
parsed data into it. Pydantic decides validity (`catalog/validation.py`,
imported only when something must be validated, since importing it costs
about as much as a whole plan). A memo of the digests of bytes that passed,
or that aido wrote itself, lets a known file be built by one generic builder
without pydantic: a converged `aido plan` never imports it. The memo and
builder buy about 100 ms of CPU on every plan of an unchanged project (111 ms
with them, 212 ms without, 3.11, 2026-12-06: `make bench`, row "start-up device:
memo + builder"); they stay while they buy at least 10 ms (issue 52).

The memo is an empty file per key in `<user state dir>/validated/`. A key
hashes the model's name, the source of every module that decides what the
model accepts, and the file's bytes: a changed byte or a changed rule is
validated again. A planted key would let a file skip validation, so the memo
is trusted only in a folder the user owns that no one else can write, never
inside the project, and a digest is remembered only when the builder gives
exactly what pydantic gave.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from aidokit.catalog.models import ByName, Check, Tagged
from aidokit.reconcile.core import paths
from aidokit.reconcile.core.atomic import sha256
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.core.paths import user_state_dir

if TYPE_CHECKING:
    from pydantic import ValidationError

T = TypeVar("T")
KEEP = 256  # keys kept; the oldest go first
MEMO_NAME = "validated"


def decode(
    model: type[T],
    raw: bytes,
    data: object,
    *,
    fail: Callable[[ValidationError], AidoError],
    project: Path | None = None,
    parsed: bool = False,
    memo: bool = True,
    environ: Mapping[str, str] | None = None,
) -> T:
    """`data` (parsed from the file bytes `raw`) as a `model`; raises `fail(error)` if invalid.

    A JSON file is validated strictly from `raw` itself (`parsed=False`); a TOML
    file (`parsed=True`) from `data`, as strictly (`validation.validate_data`).
    `project` is the project the file belongs to: a memo inside it is ignored.
    `memo=False`: validate every time (a saved plan, input from anywhere).
    A memo hit the builder refuses is validated, for pydantic's message.
    """
    known = Memo(memo_folder(environ), project)
    key = known.key(model, raw) if memo else None
    if known.knows(key):
        try:
            built: T = build(model, data)
            return built
        except (AttributeError, KeyError, TypeError, ValueError):
            pass  # not what pydantic accepted after all: validate, for the real message
    from aidokit.catalog import validation  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)

    try:
        value: T = (
            validation.validate_data(model, data)
            if parsed
            else validation.validate_json(model, raw)
        )
    except validation.ValidationError as exc:
        raise fail(exc) from None
    if _builds_same(model, data, value):
        known.remember(key)
    return value


def remember(
    model: type[Any],
    raw: bytes,
    *,
    project: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Record that aido itself wrote `raw` as a `model`, so reading it back needs no pydantic."""
    memo = Memo(memo_folder(environ), project)
    memo.remember(memo.key(model, raw))


def _builds_same(model: type[Any], data: object, value: object) -> bool:
    """Whether the trusted builder gives exactly pydantic's value (lax mode may coerce).

    Exactly: equal, and by `repr` of the same types throughout, since `==` takes
    1 for True (pydantic reads `suggest = 1` as True, the builder would keep 1).
    """
    try:
        built = build(model, data)
    except (AttributeError, KeyError, TypeError, ValueError):
        return False
    return bool(built == value) and repr(built) == repr(value)


def build(kind: Any, value: Any) -> Any:
    """`value` as a `kind`, trusting that pydantic accepted it: nothing is checked."""
    return _builder(kind)(value)


Builder = Callable[[Any], Any]


def _same(value: Any) -> Any:
    """str, int, bool, a Literal or Any: JSON and TOML give them as they are."""
    return value


@cache
def _builder(kind: Any) -> Builder:
    """The function that builds a `kind` from its JSON or TOML value, made once per type."""
    origin = typing.get_origin(kind)
    if origin is Annotated:
        return _annotated(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind)
    if origin is tuple:
        item = _builder(typing.get_args(kind)[0])
        return tuple if item is _same else lambda value: tuple(map(item, value))
    if origin is dict:
        key, item = map(_builder, typing.get_args(kind))
        return lambda value: {key(k): item(v) for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):
        return _union(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind
    return _same


def _dataclass(cls: Any) -> Builder:
    """Build each field by its own builder; fields that need none are passed as they are."""
    fields = {name: _builder(hint) for name, hint in _hints(cls).items()}
    made = {name: item for name, item in fields.items() if item is not _same}

    def build_one(value: Any) -> Any:
        return cls(**{k: made[k](v) if k in made else v for k, v in value.items()})

    return build_one


def _union(kind: Any) -> Builder:
    """`X | None`, or a union of literals; unions of models are tagged (`_annotated`)."""
    options = [arg for arg in typing.get_args(kind) if arg is not type(None)]
    if len(options) == 1:
        inner = _builder(options[0])
        return inner if inner is _same else lambda value: None if value is None else inner(value)
    if all(typing.get_origin(option) is Literal for option in options):
        return _same

    def untagged(value: Any) -> Any:
        raise ValueError(f"untagged union {kind}")

    return untagged


def _annotated(kind: Any) -> Builder:
    """An `Annotated` type, by its markers: an enum by name, a tagged union."""
    inner, *markers = typing.get_args(kind)
    for marker in markers:
        if isinstance(marker, ByName):
            return lambda value: inner[value]
        if isinstance(marker, Tagged):
            return _tagged(inner, marker.field)
    return _builder(inner)


def _tagged(union: Any, field: str) -> Builder:
    """The variant of a tagged union whose `field` is a Literal of the value's `field`."""
    variants = {
        tag: _builder(option)
        for option in typing.get_args(union)
        for tag in typing.get_args(_hints(option)[field])
    }
    return lambda value: variants[value[field]](value)


@cache
def _hints(cls: Any) -> dict[str, Any]:
    """The resolved annotations of one of aido's models, with their metadata, once each."""
    return typing.get_type_hints(cls, include_extras=True)


class Memo:
    """Which exact bytes passed validation (or were written by aido) as which model."""

    def __init__(self, folder: Path, project: Path | None) -> None:
        self.folder = folder
        self.project = project

    def key(self, model: Any, raw: bytes) -> str | None:
        """The key of `raw` read as a `model`; None when the model's rules cannot be read."""
        rules = rules_digest(model)
        if rules is None:
            return None
        digest = sha256(b"aido decode memo 1\0")
        digest.update(f"{model.__module__}.{model.__qualname__}\0".encode())
        digest.update(rules)
        digest.update(raw)
        return digest.hexdigest()

    def knows(self, key: str | None) -> bool:
        """Whether that key is in the memo, in a folder aido trusts (`privatefolder`)."""
        if key is None or not paths.trusted(self.folder, self.project):
            return False
        return (self.folder / key).is_file()

    def remember(self, key: str | None) -> None:
        """Add a key; a memo aido cannot write only costs the next run a validation."""
        if key is None or paths.state_folder_problem(self.folder, self.project) is not None:
            return
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            (self.folder / key).touch()
            known = sorted(self.folder.iterdir(), key=lambda p: p.stat().st_mtime_ns)
            for stale in known[:-KEEP]:
                stale.unlink(missing_ok=True)
        except OSError:
            pass


def memo_folder(environ: Mapping[str, str] | None = None) -> Path:
    """Where the memo lives: `<user state dir>/validated`."""
    return user_state_dir(os.environ if environ is None else environ) / MEMO_NAME


@cache
def rules_digest(model: Any) -> bytes | None:
    """A digest of everything that decides what `model` accepts.

    That is the source file (`_source_stamp`) of this module, of the model's
    module and of every module its fields' checks and enums come from, plus
    every other marker and literal value its fields hold (a `Pattern` whose
    regex lives elsewhere). None when a module has no file to look at: then
    there is no safe key and every read validates.
    """
    modules, leaves = rule_parts(model)
    digest = sha256()
    try:
        for name in sorted(modules):
            digest.update(_source_stamp(getattr(sys.modules.get(name), "__file__", None) or ""))
    except OSError:
        return None
    digest.update(repr(sorted(leaves)).encode())
    return digest.digest()


def _source_stamp(path: str) -> bytes:
    """A source file's path, size and modification time (ns): a changed source has new ones.

    Python decides by the same facts (in seconds) whether the bytecode it runs is
    still that source's, so the memo trusts exactly what the running code does;
    reading and hashing every rule module on each run cost more than the rest
    of decoding.
    """
    found = os.stat(path)
    return f"{path}\0{found.st_size}\0{found.st_mtime_ns}\0".encode("utf-8", "surrogateescape")


def rule_parts(model: Any) -> tuple[set[str], set[str]]:
    """The modules and the other markers (their repr) reachable from `model`'s fields."""
    modules = {__name__, "aidokit.catalog.models"}
    leaves: set[str] = set()
    _collect(model, modules, leaves, set())
    return modules, leaves


def _collect(kind: Any, modules: set[str], leaves: set[str], seen: set[int]) -> None:
    """Add what decides the validity of `kind`: aido's modules of its parts, and the rest."""
    if id(kind) in seen:
        return
    seen.add(id(kind))
    if isinstance(kind, Check):
        modules.add(getattr(kind.check, "__module__", "") or "")
    elif isinstance(kind, type) and dataclasses.is_dataclass(kind):
        modules.add(kind.__module__)
        for hint in _hints(kind).values():
            _collect(hint, modules, leaves, seen)
    elif isinstance(kind, type) and kind.__module__.startswith("aidokit."):
        modules.add(kind.__module__)  # an enum
    elif typing.get_origin(kind) is None:
        leaves.add(repr(kind))  # a Pattern, a literal value
    for part in (*typing.get_args(kind), *getattr(kind, "__metadata__", ())):
        _collect(part, modules, leaves, seen)
