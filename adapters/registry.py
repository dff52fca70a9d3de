"""Every harness adapter, by name: one line each (SPEC §5)."""

from __future__ import annotations

from aidokit.adapters import claude_code
from aidokit.adapters.base import Adapter

ADAPTERS: dict[str, Adapter] = {
    "claude-code": claude_code.ADAPTER,
}
