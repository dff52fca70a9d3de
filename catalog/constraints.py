"""Field constraints that pydantic enforces but that cost nothing to import.

aido's models are stdlib frozen dataclasses, so `aido plan` never imports
pydantic (a heavy import: docs/benchmarks.md) for files it validated before. Pydantic still
validates them wherever input arrives (`aido.toml`, `catalog import`, the
tests) through `TypeAdapter`, and the markers below are how a field states its
rules: each implements pydantic's `__get_pydantic_core_schema__` hook and
imports pydantic only when pydantic itself calls it. The JSON Schemas that
`aido schema` prints come from the same markers (`pattern`, `minLength`). The
markers are small slotted classes that compare, hash and print by type and value,
as the decode memo's digest of a model's rules needs (`reconcile/read/decode.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar


class Strict:
    """Base of every model: pydantic treats unknown keys as errors, as SPEC §3 asks."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}


class _Marker:
    """Equal, hashed and shown by type and the values of its slots."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({values})"


class Pattern(_Marker):
    """The string must match `regex` (anchored by the regex itself)."""

    __slots__ = ("regex",)

    def __init__(self, regex: str) -> None:
        self.regex = regex

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return {**handler(source), "pattern": self.regex}


class NonEmpty(_Marker):
    """The string must have at least one character."""

    __slots__ = ()

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return {**handler(source), "min_length": 1}


class Check(_Marker):
    """Run `check(value)` after the type is validated; a ValueError is the error message."""

    __slots__ = ("check",)

    def __init__(self, check: Callable[[Any], Any]) -> None:
        self.check = check

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.check, handler(source))


class Tagged(_Marker):
    """A union told apart by the value of its `field` (errors then name one variant)."""

    __slots__ = ("field",)

    def __init__(self, field: str) -> None:
        self.field = field

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from typing import Annotated

        from pydantic import Discriminator

        return handler.generate_schema(Annotated[source, Discriminator(self.field)])


class ByName(_Marker):
    """An enum stored by its member's name (`"CREATE"`), not by its value."""

    __slots__ = ()

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        def member(name: object) -> Any:
            if not isinstance(name, str) or name not in source.__members__:
                raise ValueError(f"expected one of {', '.join(source.__members__)}")
            return source[name]

        return core_schema.no_info_plain_validator_function(member)
