"""Plain readings: checks that let a file of a common shape be built without pydantic.

`decode(..., plain=...)` builds a file with its generic builder when the model's
plain reading takes the file's data. A reading answers True only where pydantic
surely accepts the data as it is: every value of its exact type (strict mode:
`true` is not `1`, `1.0` is not an int, a number is never a string), the keys
the model has and no other. Anything else answers False and pydantic decides,
with its own error message. These are the pieces the readings of `aido.toml`,
`aido.lock` and the state share; each reading lives beside its model.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]


class Repeated(dict[str, Any]):
    """A JSON object that names a key twice, as `json.loads` reads it (the last one wins).

    pydantic may read it otherwise (a dict field checks every value, the
    overridden ones too), so no plain reading takes it: they all ask for a
    `dict` exactly. aido never writes one.
    """


def pairs(found: list[tuple[str, Any]]) -> dict[str, Any]:
    """`json.loads`'s `object_pairs_hook` for a file a plain reading may take (`Repeated`)."""
    value = dict(found)
    return value if len(value) == len(found) else Repeated(found)


def text(value: object) -> bool:
    """A string."""
    return type(value) is str


def filled(value: object) -> bool:
    """A string of at least one character (`NonEmpty`)."""
    return type(value) is str and value != ""


def flag(value: object) -> bool:
    """A bool."""
    return type(value) is bool


def whole(value: object) -> bool:
    """An int: JSON's `true` is a bool and `1.0` a float, and strict mode refuses both."""
    return type(value) is int


def literal(*values: object) -> Check:
    """One of a `Literal`'s values, of its exact type (pydantic's Literal[1] takes `true`:
    the builder would keep True, so it is left to pydantic)."""
    kinds = {type(value) for value in values}
    return lambda value: type(value) in kinds and value in values


def maybe(check: Check) -> Check:
    """`X | None`: null, or what `check` takes."""
    return lambda value: value is None or check(value)


def items(check: Check, *, least: int = 0) -> Check:
    """A tuple field: a list (never another sequence) of at least `least` items `check` takes."""
    return lambda value: type(value) is list and len(value) >= least and all(map(check, value))


def table(check: Check) -> Check:
    """A `dict[str, X]` field: an object whose every value `check` takes."""
    return lambda value: (
        type(value) is dict and all(type(key) is str and check(item) for key, item in value.items())
    )


def fields(model: type[Any], checks: Mapping[str, Check], *, tag: str | None = None) -> Check:
    """An object that builds `model`: each field's check, its required keys, no other key.

    `checks` must name every field of the model (a field added later would
    otherwise pass unchecked); `tag` is a tagged union's field, required even
    where it has a default.
    """
    found = dataclasses.fields(model)
    if sorted(checks) != sorted(field.name for field in found):
        raise TypeError(f"the plain reading of {model.__name__} must check each of its fields")
    required = {
        field.name
        for field in found
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
    } | ({tag} if tag else set())

    def check(value: object) -> bool:
        return (
            type(value) is dict
            and required <= value.keys()
            and all(checks.get(key, _never)(item) for key, item in value.items())
        )

    return check


def tagged(field: str, variants: Mapping[str, Check]) -> Check:
    """A tagged union (`Tagged`): its tag names a variant, whose check decides."""

    def check(value: object) -> bool:
        if type(value) is not dict:
            return False
        tag = value.get(field)
        return type(tag) is str and tag in variants and variants[tag](value)

    return check


def matches(pattern: str, value: object) -> bool:
    """A string `pattern` matches, read as pydantic's regex engine reads it.

    Only ASCII without a newline: Python's `$` also matches before a final
    newline, pydantic's does not.
    """
    if type(value) is not str or not value.isascii() or "\n" in value:
        return False
    return re.match(pattern, value) is not None


def _never(value: object) -> bool:
    """An unknown key: pydantic refuses it (`Strict`)."""
    return False
