"""The three layers of desired state (SPEC §4) and how they merge.

- user: `$XDG_CONFIG_HOME/aido/aido.toml` (`%APPDATA%\aido\aido.toml` on Windows),
  a person's servers for every project; feeds `--scope user` only;
- project: `<project>/aido.toml`, committed; feeds `--scope project` and `--scope local`;
- local: `<project>/aido.local.toml`, git-ignored; merged over the project layer for
  `--scope local` only, whose plan holds just the person's difference (read/personal.py).

Merge rules (docs/configuration.md): `[mcp] add` and `skip` are unions in
which a later layer wins over an earlier one for the same id; a later layer
that sets `adapters`, `suggest`, `stack_packs` or `conformance` replaces it;
`[mcp.roles]`, `[roles]`, `[custom.<id>]` and `[forges]` merge per key; `[override.<id>]`
merges per id and per field (`env` per variable; `tools`, `exclude_tools` and `enabled`
only where the later layer sets them, so `aido.local.toml` can switch off what the
team's file enables; `agents.<name>` per agent and field). `[policy]` is not merged:
each layer's is kept (reconcile/read/choices/layers.py). Every layer's `required_version`
must hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from aidokit.adapters.base import Host, Scope, display
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.policy.layers import PolicyLayer, policy_file
from aidokit.reconcile.read.choices.config import (
    CONFIG_NAME,
    LOCAL_CONFIG_NAME,
    LoadedConfig,
    Override,
    PolicyChoices,
    ProjectConfig,
    ToolChoice,
    load_file,
)
from aidokit.reconcile.read.repo import git_ignores, read_small

T = TypeVar("T")

if TYPE_CHECKING:
    from aidokit.reconcile.read.choices.lockfile import BaselinePin

_REPLACED = ("adapters", "suggest", "stack_packs", "conformance")


def user_config_path(host: Host) -> Path:
    """The user layer's file: under the XDG config dir, or `%APPDATA%` on Windows."""
    if host.os == "win32":
        appdata = host.environ.get("APPDATA")
        base = Path(appdata) if appdata else host.home / "AppData" / "Roaming"
    else:
        base = host.xdg_config_home()
    return base / "aido" / CONFIG_NAME


def layer_paths(host: Host, scope: Scope) -> tuple[Path, ...]:
    """The config files of `scope`, in merge order (SPEC §4): the user layer, or the
    project's `aido.toml` and `aido.local.toml`. Project scope reads only the first
    (`load_layers`): the local layer feeds the person's own files, `--scope local`."""
    if scope is Scope.USER:
        return (user_config_path(host),)
    return (host.project / CONFIG_NAME, host.project / LOCAL_CONFIG_NAME)


def pins_path(host: Host, scope: Scope) -> Path:
    """The lock that pins the baselines of `scope`'s layers: the project's `aido.lock`,
    or for user scope the `aido.lock` beside the user's `aido.toml` (only baselines)."""
    folder = user_config_path(host).parent if scope is Scope.USER else host.project
    return folder / "aido.lock"


def load_layers(host: Host, scope: Scope, version: str) -> LoadedConfig:
    """Read and merge the layers of `scope`; check each one's `required_version`.

    A layer's `extends` puts its baselines under it (SPEC §4: baseline < project
    < local; baseline < user), read from the copies `aido.lock` pins.
    """
    paths = layer_paths(host, scope)
    if scope is Scope.PROJECT:  # SPEC §4: the team's files come from committed inputs only
        paths = paths[:1]
    loaded = [load_file(path, host.environ, name=display(path, host)) for path in paths]
    present = [layer for layer in loaded if layer.present]
    labelled = [(display(layer.path, host), layer) for layer in present]
    pins: dict[str, BaselinePin] = {}
    if any(layer.config.extends for layer in present):
        from aidokit.reconcile.read.baselines.layers import with_baselines  # noqa: PLC0415 (off a converged plan's path)

        labelled, pins = with_baselines(labelled, host, scope, pins_path(host, scope))
    for label, layer in labelled:
        check_version(layer, version, label if label.startswith("baseline ") else None)
    config, origin = merge(labelled)
    return LoadedConfig(
        config,
        loaded[0].path,
        present=bool(present),
        keys=frozenset(key for _label, layer in labelled for key in layer.keys),
        origin=origin,
        sources=tuple(layer.path for layer in present),
        layers=tuple(layer for _label, layer in labelled),
        baselines=pins,
    )


def check_version(layer: LoadedConfig, version: str, label: str | None = None) -> None:
    """Refuse to run when this aido's version is outside the layer's `required_version`."""
    wanted = layer.config.required_version
    if wanted is None:
        return
    from packaging.specifiers import SpecifierSet  # only when a layer pins a version

    if not SpecifierSet(wanted).contains(version, prereleases=True):
        raise ConfigError(
            f"{label or layer.path} requires aido {wanted} but this is aido {version}; install "
            "a matching aido, or change required_version in that file"
        )


def merge(layers: Sequence[tuple[str, LoadedConfig]]) -> tuple[ProjectConfig, dict[str, str]]:
    """The merged config of `layers` (earliest first), and which file each choice came from."""
    origin: dict[str, str] = {}
    add: dict[str, str] = {}
    skip: dict[str, str] = {}
    merged = ProjectConfig()
    for label, layer in layers:
        config = layer.config
        for key in _REPLACED:
            if key in layer.keys:
                merged = replace(merged, **{key: getattr(config, key)})
                origin[key] = label
        _choose(config.mcp.add, add, skip, label)
        _choose(config.mcp.skip, skip, add, label)
        merged = replace(
            merged,
            mcp=replace(merged.mcp, roles={**merged.mcp.roles, **config.mcp.roles}),
            roles={**merged.roles, **config.roles},
            custom={**merged.custom, **config.custom},
            override=_overrides(merged.override, config.override),
            forges={**merged.forges, **config.forges},
            profiles={**merged.profiles, **config.profiles},
        )
        origin.update({f"custom:{key}": label for key in config.custom})
        origin.update({f"override:{key}": label for key in config.override})
    origin.update({f"add:{key}": label for key, label in add.items()})
    origin.update({f"skip:{key}": label for key, label in skip.items()})
    merged = replace(merged, mcp=replace(merged.mcp, add=tuple(add), skip=tuple(skip)))
    return merged, origin


def _choose(ids: Sequence[str], into: dict[str, str], other: dict[str, str], label: str) -> None:
    """Record `ids` as chosen by `label`; a later layer's choice beats an earlier opposite one."""
    for entry_id in ids:
        into[entry_id] = label
        if other.get(entry_id) != label:  # within one file, `skip` wins (as before layers)
            other.pop(entry_id, None)


def _overrides(
    before: Mapping[str, Override], later: Mapping[str, Override]
) -> dict[str, Override]:
    """Per id; inside one id a later layer's field replaces, `env` merges per variable."""
    merged = dict(before)
    for key, new in later.items():
        old = merged.get(key)
        if old is None:
            merged[key] = new
            continue
        runs = new if new.replaces else old  # command and url go together
        merged[key] = Override(
            args=new.args or old.args,
            env={**old.env, **new.env},
            command=runs.command,
            url=runs.url,
            tools=_later(new.tools, old.tools),
            exclude_tools=_later(new.exclude_tools, old.exclude_tools),
            enabled=_later(new.enabled, old.enabled),
            agents=_agent_choices(old.agents, new.agents),
            adapters=_later(new.adapters, old.adapters),
            variables={**old.variables, **new.variables},
        )
    return merged


def _later(new: T | None, old: T | None) -> T | None:
    """A field a later layer sets wins; one it leaves unset keeps the earlier value."""
    return old if new is None else new


def _agent_choices(
    before: Mapping[str, ToolChoice], later: Mapping[str, ToolChoice]
) -> dict[str, ToolChoice]:
    """`[override.<id>.agents.<name>]`: per agent and per field, as for the override."""
    merged = dict(before)
    for name, new in later.items():
        old = merged.get(name, ToolChoice())
        merged[name] = ToolChoice(
            tools=_later(new.tools, old.tools),
            exclude_tools=_later(new.exclude_tools, old.exclude_tools),
            enabled=_later(new.enabled, old.enabled),
        )
    return merged


def layer_notes(loaded: LoadedConfig, host: Host, scope: Scope) -> list[str]:
    """Say which files the desired state came from when it is not just `aido.toml`."""
    notes: list[str] = []
    if scope is Scope.USER:
        notes.append(
            f"user scope: desired state from {display(loaded.path, host)} only (never from a "
            "project); project-only triggers do not apply"
        )
    elif len(loaded.sources) > 1 or any(p.name != CONFIG_NAME for p in loaded.sources):
        names = " + ".join(display(p, host) for p in loaded.sources)
        notes.append(f"desired state from {names} (later files win)")
        if any(p.name == LOCAL_CONFIG_NAME for p in loaded.sources) and not _ignored(host):
            notes.append(
                f"{LOCAL_CONFIG_NAME} is not git-ignored; add it to .gitignore (or to your own "
                ".git/info/exclude) so your personal choices are never committed"
            )
    if "adapters" in loaded.origin and loaded.origin["adapters"] != display(loaded.path, host):
        notes.append(f"adapters set in {loaded.origin['adapters']}")
    return notes


def _ignored(host: Host) -> bool:
    """Whether git ignores the local layer: the project's top `.gitignore` or
    `.git/info/exclude` names it (a plain line check), else git itself says so (any
    pattern, a nested or global ignore file: issue 54 item 5, the hint said "not
    git-ignored" of a file git ignored)."""
    text = read_small(host.project / ".gitignore") or ""
    # ...or the person's own `.git/info/exclude`, where aido puts it (issue 49 §1).
    text += "\n" + (read_small(host.project / ".git" / "info" / "exclude") or "")
    names = {line.strip().lstrip("/") for line in text.splitlines()}
    if names & {LOCAL_CONFIG_NAME, "*.local.toml", "aido.local.*"}:
        return True
    return git_ignores(host.project, host.project / LOCAL_CONFIG_NAME)


# ======================================================================================
# Where policies come from and in which order they are read (SPEC §4, docs/policy.md).
#
# Three kinds of layer, each kept whole (never merged into one list):
#
# - managed: `/etc/aido/policy.toml` (`%ProgramData%\aido\policy.toml` on Windows;
#   `AIDO_POLICY_FILE` names another file), holding `[policy]` only;
# - user: the `[policy]` of the user layer (and of what it extends), for every
#   scope and every project the person runs aido in;
# - project: the `[policy]` of the project's layers (baselines, `aido.toml`,
#   `aido.local.toml`), for project and local scope.
#
# Every layer can only narrow (reconcile/policy/verdict.py), so a repository can
# never admit what the managed file or the user refused. `write_native` is read
# from the managed file and the user layer only: a repository never decides what
# aido writes into a person's user-level files.
# ======================================================================================


def managed_layer(host: Host) -> PolicyLayer | None:
    """The managed policy file's layer, or None when there is no such file."""
    path = policy_file(host.environ, host.os)
    loaded = load_file(path, host.environ, name=str(path))
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
            label = layer.label or display(layer.path, host)  # a baseline: its source
            layers.append(_layer(label, what, choices))
            if what == "project" and choices.write_native:
                notes.append(
                    f"{label}: [policy] write_native is read from the user layer or the "
                    "managed policy file only; a project cannot turn it on"
                )
    return tuple(layers), tuple(notes)


def _layer(label: str, kind: str, choices: PolicyChoices | None) -> PolicyLayer:
    from aidokit.reconcile.policy.rules import parse_rule  # noqa: PLC0415 (only when a layer has a policy)

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
