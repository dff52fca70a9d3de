"""Every harness aido knows, by adapter name (SPEC §5): one line per adapter."""

from __future__ import annotations

from aidokit.adapters import claude_code, codex, opencode, vscode
from aidokit.adapters.base import Adapter

ADAPTERS: dict[str, Adapter] = {
    "claude-code": claude_code.ADAPTER,
    "codex": codex.ADAPTER,
    "vscode": vscode.ADAPTER,
    "opencode": opencode.ADAPTER,
}
