"""A policy layer (SPEC §4, docs/policy.md): one file's `[policy]`, its rules parsed, and
where the managed policy file is. reconcile/read/choices/layers.py reads the layers in
order (managed, user, project); verdict.py judges an entry against them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, NamedTuple

from aidokit.reconcile.core.errors import ConfigError

if TYPE_CHECKING:
    from aidokit.reconcile.policy.rules import Rule

POLICY_FILE_VARIABLE = "AIDO_POLICY_FILE"


class PolicyLayer(NamedTuple):
    """One layer's `[policy]`, its rules parsed, and where it came from."""

    label: str  # the file, as the plan names it
    kind: str  # "managed" | "user" | "project"
    allow: tuple[Rule, ...] | None
    deny: tuple[Rule, ...]
    allow_custom: bool
    write_native: bool


def policy_file(environ: Mapping[str, str], os_name: str) -> Path:
    """The managed policy file: `AIDO_POLICY_FILE`, else the system-wide one of the OS."""
    named = environ.get(POLICY_FILE_VARIABLE)
    if named is not None:
        if not named or not (Path(named).is_absolute() or PureWindowsPath(named).is_absolute()):
            raise ConfigError(
                f"{POLICY_FILE_VARIABLE}={named!r} is not an absolute path; set it to the "
                "managed policy file's full path, or unset it"
            )
        return Path(named)
    if os_name == "win32":
        return Path(environ.get("ProgramData") or r"C:\ProgramData") / "aido" / "policy.toml"
    return Path("/etc/aido/policy.toml")
