"""Every harness aido knows, by adapter name (SPEC §5): one line per adapter."""

from __future__ import annotations

from aidokit.adapters import (
    amazon_q,
    claude_code,
    claude_desktop,
    cline,
    codex,
    copilot_cli,
    crush,
    cursor,
    gemini_cli,
    goose,
    kiro,
    opencode,
    roo,
    vscode,
    windsurf,
    zed,
)
from aidokit.adapters.base import Adapter

ADAPTERS: dict[str, Adapter] = {
    "claude-code": claude_code.ADAPTER,
    "codex": codex.ADAPTER,
    "vscode": vscode.ADAPTER,
    "opencode": opencode.ADAPTER,
    "copilot-cli": copilot_cli.ADAPTER,
    "cursor": cursor.ADAPTER,
    "gemini-cli": gemini_cli.ADAPTER,
    "windsurf": windsurf.ADAPTER,
    "claude-desktop": claude_desktop.ADAPTER,
    "zed": zed.ADAPTER,
    "kiro": kiro.ADAPTER,
    "amazon-q": amazon_q.ADAPTER,
    "cline": cline.ADAPTER,
    "roo": roo.ADAPTER,
    "crush": crush.ADAPTER,
    "goose": goose.ADAPTER,
}
