"""Optional: a policy in a harness's own enforcement (docs/policy.md, `write_native`).

A harness with an enforcement file aido may write (Claude Code's `allowedMcpServers`,
Gemini CLI's and Qwen Code's `mcp.allowed`/`mcp.excluded`) is a `WritesPolicy`: it
says the rules as items of a companion file (reconcile/plan/policy/native.py). A
harness whose enforcement file only an administrator keeps (VS Code's managed policy,
Codex's requirements.toml) is a `ShowsAdminPolicy`: aido prints what goes there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol, runtime_checkable

from aidokit.adapters.base import Companion, Scope


class PolicyRules(NamedTuple):
    """The policy of the layers that set `write_native` (reconcile/plan/policy/native.py), as
    `WritesPolicy.native_policy` reads it: each rule as written (`github`, `id:github`,
    `npm:@scope/*`, `pypi:name`, `docker:image`, `host:*.example.com`)."""

    allow: tuple[str, ...] | None  # None: no allow list
    deny: tuple[str, ...]
    allow_custom: bool = True
    layers: tuple[str, ...] = ()  # the files the rules came from, as the plan names them


class NativePolicy(NamedTuple):
    """A policy as a harness's own enforcement can say it (`WritesPolicy.native_policy`):
    the items aido owns in a companion file, and what that file cannot express."""

    items: tuple[Companion, ...] = ()
    notes: tuple[str, ...] = ()


@runtime_checkable
class WritesPolicy(Protocol):
    """Optional: the harness enforces a policy from a file aido may write items into."""

    def native_policy(self, rules: PolicyRules, scope: Scope) -> NativePolicy | None:
        """`rules` as items of the harness's own enforcement in a companion file (None: it
        has none in `scope`); what it cannot express is said in the notes."""
        ...


@runtime_checkable
class ShowsAdminPolicy(Protocol):
    """Optional: the harness enforces a policy from a file only an administrator keeps."""

    def admin_policy(
        self, rules: PolicyRules, entries: Mapping[str, Mapping[str, Any]]
    ) -> str | None:
        """`rules` as the enforcement file only an administrator keeps (VS Code's managed
        policy, Codex's requirements.toml), which aido never writes: where it goes and
        what goes in it, in its own syntax, for the plan and `aido doctor` to print
        (None: nothing to say for these rules). `entries`: aido's entries for it, by name."""
        ...
