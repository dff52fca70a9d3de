"""Every harness aido knows, by adapter name (SPEC §5): one line per adapter."""

from __future__ import annotations

from aidokit.adapters import (
    amazon_q,
    amp,
    antigravity,
    auggie,
    claude_code,
    claude_desktop,
    cline,
    codex,
    continue_dev,
    copilot_cli,
    crush,
    cursor,
    factory_droid,
    gemini_cli,
    goose,
    junie,
    kilo,
    kilo_legacy,
    kiro,
    lm_studio,
    opencode,
    openhands,
    qwen_code,
    roo,
    vibe,
    visual_studio,
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
    "qwen-code": qwen_code.ADAPTER,
    "kilo": kilo.ADAPTER,
    "kilo-legacy": kilo_legacy.ADAPTER,
    "antigravity": antigravity.ADAPTER,
    "factory-droid": factory_droid.ADAPTER,
    "visual-studio": visual_studio.ADAPTER,
    "continue": continue_dev.ADAPTER,
    "lm-studio": lm_studio.ADAPTER,
    "junie": junie.ADAPTER,
    "amp": amp.ADAPTER,
    "auggie": auggie.ADAPTER,
    "openhands": openhands.ADAPTER,
    "vibe": vibe.ADAPTER,
}

# Adapters whose output the real harness CLI reads back in CI
# (tests/contract/test_aido_writes.py), by that CLI's binary: each adapter says
# so itself (`verified_by = "real CLI"` and `cli`); the rest are verified against
# source or documentation only (docs/adapters.md).
VERIFIED_BY_CLI: dict[str, str] = {
    name: adapter.cli
    for name, adapter in ADAPTERS.items()
    if adapter.verified_by == "real CLI" and adapter.cli is not None
}
