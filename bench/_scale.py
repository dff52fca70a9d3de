"""Shared by the entry-count benchmarks: synthetic catalogs, rows measured against 100 entries."""

from __future__ import annotations

import dataclasses
from typing import Any

from aidokit.catalog.entries import MCP_CATALOG

SIZES = (10, 100, 1000)


def plain_entry(adapter: str) -> Any:
    """The first catalog entry `adapter` installs that needs no secret and is not sensitive."""
    return next(
        e for e in MCP_CATALOG if adapter in e.install and not e.security_sensitive and not e.env
    )


def synthetic(base: Any, size: int) -> tuple[Any, ...]:
    """`size` always-on copies of the catalog entry `base` under new ids."""
    return tuple(
        dataclasses.replace(base, id=f"synthetic-{n:04d}", triggers=("always",))
        for n in range(size)
    )


def scale_rows(times: dict[int, float], name: str, note: str) -> list[dict[str, Any]]:
    """One row per size (`{size}` in `name`) against the 100-entry time; 1000 says if <= 12x."""
    rows = []
    for size, took in times.items():
        ratio = took / times[100]
        target = f"; target <= 12x: {'met' if ratio <= 12 else 'MISSED'}" if size == 1000 else ""
        rows.append(
            {
                "name": name.format(size=size),
                "aido": took * 1000,
                "baseline": times[100] * 1000,
                "ratio": ratio,
                "unit": "ms",
                "note": note + target,
            }
        )
    return rows
