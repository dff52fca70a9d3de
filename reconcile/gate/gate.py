"""The security gate's interactive half (SPEC §7): ask for typed confirmations.

`apply.check_gates` is the authority: right before writing, it refuses any
security-sensitive change the user's store does not confirm. This module
asks for the missing confirmations, at a terminal only, and stores them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Adapter
from aidokit.reconcile.core.errors import SecurityError
from aidokit.reconcile.core.terminal import Terminal, open_terminal
from aidokit.reconcile.documents.syntax import ascii_escaped, entry_lines
from aidokit.reconcile.gate.confirmations import ConfirmationStore
from aidokit.reconcile.plan.model import Change, FileChange, Plan

Target = tuple[FileChange, Change]


def sensitive_targets(plan: Plan) -> dict[str, list[Target]]:
    """The plan's security-sensitive writes, by entry id."""
    found: dict[str, list[Target]] = {}
    for file in plan.files:
        for change in file.actionable:
            if change.needs_confirmation:
                found.setdefault(change.id or change.name, []).append((file, change))
    return dict(sorted(found.items()))


@dataclass
class Gate:
    """Unconfirmed sensitive writes of one plan and the terminal to ask about them."""

    store: ConfirmationStore
    pending: dict[str, list[Target]] = field(default_factory=dict)
    terminal: Terminal | None = None

    @classmethod
    def for_plan(
        cls,
        plan: Plan,
        *,
        environ: Mapping[str, str] | None = None,
        opener: Callable[[], Terminal | None] = open_terminal,
        retry: str = "",
    ) -> Gate:
        """Find what needs confirming; refuse now when there is no terminal to ask at.

        `retry` is the command that asks again at a terminal, for a command whose servers
        `aido confirm` cannot name yet (`aido import`: they are not in aido.toml)."""
        env = os.environ if environ is None else environ
        sensitive = sensitive_targets(plan)
        if not sensitive:  # routine plans never touch the store
            return cls(ConfirmationStore(path=Path(), project=plan.project))
        store = ConfirmationStore.load(env, Path(plan.project))
        pending: dict[str, list[Target]] = {}
        for entry_id, targets in sensitive.items():
            if not all(store.covers(file, change) for file, change in targets):
                pending[entry_id] = targets
        gate = cls(store, pending)
        if pending:
            gate.terminal = opener()
            if gate.terminal is None:
                raise refusal(sorted(pending), plan.scope, retry=retry)
        return gate

    def ask(self) -> None:
        """Ask for each pending id at the terminal; store what was confirmed, refuse the rest."""
        if not self.pending:
            return
        if self.terminal is None:  # for_plan refused otherwise
            raise RuntimeError("aido bug: expected self.terminal is not None")
        try:
            for entry_id, targets in self.pending.items():
                if not ask_for(self.terminal, entry_id, targets):
                    raise SecurityError(
                        f"'{entry_id}' was not confirmed (the answer must be exactly "
                        f"'{entry_id}'); aido wrote nothing"
                    )
                self.store = self.store.confirm(targets)
                self.store.save()
        finally:
            self.terminal.close()

    def ask_each(self) -> list[str]:
        """Ask for each pending id at the terminal; store what was confirmed and return the
        ids that were not (`aido import`: a refused server skips only itself, issue 50)."""
        refused: list[str] = []
        if not self.pending:
            return refused
        if self.terminal is None:  # for_plan refused otherwise
            raise RuntimeError("aido bug: expected self.terminal is not None")
        try:
            for entry_id, targets in self.pending.items():
                if not ask_for(self.terminal, entry_id, targets):
                    refused.append(entry_id)
                    continue
                self.store = self.store.confirm(targets)
                self.store.save()
        finally:
            self.terminal.close()
        return refused


def refusal(ids: list[str], scope: str, *, retry: str = "") -> SecurityError:
    """The error for sensitive entries that cannot be confirmed here."""
    names = ", ".join(f"'{i}'" for i in ids)
    verb = "is security-sensitive and needs" if len(ids) == 1 else "are security-sensitive and need"
    flag = "" if scope == "project" else f" --scope {scope}"
    commands = " and ".join(f"`aido confirm {i}{flag}`" for i in ids)
    fix = f"run {commands} in a terminal, then apply again"
    if retry:
        fix = f"run `{retry}{flag}` in an interactive terminal and type each name when asked"
    return SecurityError(
        f"{names} {verb} a confirmation typed at an interactive "
        f"terminal (--yes, environment variables and piped input cannot give it); "
        f"{fix}; aido wrote nothing"
    )


def ask_for(terminal: Terminal, entry_id: str, targets: list[Target]) -> bool:
    """Show what `entry_id` runs and where it goes; True only if the user types the id."""
    terminal.write(describe(entry_id, targets))
    answer = terminal.ask(f"Type '{entry_id}' to allow it (anything else refuses): ")
    return answer == entry_id


def describe(entry_id: str, targets: list[Target]) -> str:
    """What a confirmation covers: the exact entry per file, escapes made visible."""
    lines = [
        "",
        f"'{entry_id}' is security-sensitive: it runs a program or connects to a server "
        "with your permissions.",
        "It will be written, exactly as shown, to:",
    ]
    for file, change in targets:
        lines.append(f"  {file.path} ({file.adapter}, {file.scope}):")
        # In the file's own syntax (TOML for Codex, YAML for Goose; issue 54 item 5);
        # control, bidi and look-alike characters show as \\u escapes.
        where = change.map_path or file.map_path
        shown = entry_lines(file.fmt, where, change.name, change.after)
        lines += [f"    {ascii_escaped(line)}" for line in shown]
        lines.append(f"    runs: {runs(change.after, ADAPTERS.get(file.adapter))}")
    return "\n".join(lines) + "\n"


_COMMON: tuple[tuple[str, ...], str] = (("url",), "command")


def runs(entry: object, adapter: Adapter | None = None) -> str:
    """A one-line summary of what an entry runs: its command line or its URL.

    The adapter says under which keys its entries keep them (`url_keys`,
    `command_key`); without one, the common `url` and `command`.
    """
    if not isinstance(entry, dict):
        return json.dumps(entry, ensure_ascii=True)
    url_keys, command_key = (
        (adapter.caps.url_keys, adapter.caps.command_key) if adapter else _COMMON
    )
    for key in url_keys:
        if isinstance(entry.get(key), str):
            return f"connects to {json.dumps(entry[key], ensure_ascii=True)}"
    command = entry.get(command_key)
    args = entry.get("args") or []
    argv = command if isinstance(command, list) else [command, *args]
    return "command " + json.dumps(argv, ensure_ascii=True)
