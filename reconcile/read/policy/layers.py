"""Where policies come from and in which order they are read (SPEC §4, docs/policy.md).

Three kinds of layer, each kept whole (never merged into one list):

- managed: `/etc/aido/policy.toml` (`%ProgramData%\\aido\\policy.toml` on Windows;
  `AIDO_POLICY_FILE` names another file), holding `[policy]` only;
- user: the `[policy]` of the user layer (and of what it extends), for every
  scope and every project the person runs aido in;
- project: the `[policy]` of the project's layers (baselines, `aido.toml`,
  `aido.local.toml`), for project and local scope.

Every layer can only narrow (reconcile/plan/policy/verdict.py), so a repository can
never admit what the managed file or the user refused. `write_native` is read
from the managed file and the user layer only: a repository never decides what
aido writes into a person's user-level files.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, NamedTuple

from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.choices.config import LoadedConfig, PolicyChoices, load_file

if TYPE_CHECKING:
    from aidokit.reconcile.read.policy.rules import Rule

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


def managed_layer(host: Host) -> PolicyLayer | None:
    """The managed policy file's layer, or None when there is no such file."""
    path = policy_file(host.environ, host.os)
    loaded = load_file(path, host.environ)
    if not loaded.present:
        return None
    extra = sorted(key for key in loaded.keys if key != "policy")
    if extra:
        raise ConfigError(
            f"{path} is a managed policy file and may hold only [policy], not '{extra[0]}'; "
            "move that key to an aido.toml"
        )
    return _layer(str(path), "managed", loaded.config.policy)


def policy_layers(
    host: Host, scope: Scope, loaded: LoadedConfig, user: LoadedConfig | None
) -> tuple[tuple[PolicyLayer, ...], tuple[str, ...]]:
    """Every layer's policy in order (managed, user, project), and notes for the user.

    `loaded` is the merged config of `scope`; `user` the user layer when `scope`
    is not user scope (its policy holds in every project).
    """
    from aidokit.reconcile.read.choices.layers import shown

    layers: list[PolicyLayer] = []
    notes: list[str] = []
    managed = managed_layer(host)
    if managed is not None:
        layers.append(managed)
    kind = "user" if scope is Scope.USER else "project"
    for source, what in ((user, "user"), (loaded, kind)):
        for layer in source.layers if source is not None else ():
            choices = layer.config.policy
            if choices is None:
                continue
            label = layer.label or shown(layer.path, host)  # a baseline: its source
            layers.append(_layer(label, what, choices))
            if what == "project" and choices.write_native:
                notes.append(
                    f"{label}: [policy] write_native is read from the user layer or the "
                    "managed policy file only; a project cannot turn it on"
                )
    return tuple(layers), tuple(notes)


def _layer(label: str, kind: str, choices: PolicyChoices | None) -> PolicyLayer:
    from aidokit.reconcile.read.policy.rules import parse_rule  # only when a layer has a policy

    choices = choices or PolicyChoices()
    allow = None if choices.allow is None else tuple(map(parse_rule, choices.allow))
    return PolicyLayer(
        label,
        kind,
        allow,
        tuple(map(parse_rule, choices.deny)),
        choices.allow_custom,
        choices.write_native and kind != "project",
    )
