"""A person's own choices for a project, apart from the team's (SPEC §4, issue 49).

The team's files (those the repository tracks) come from the committed inputs only:
`aido.toml`, its baselines, `aido.lock` and the catalog. What one person changes
(`aido.local.toml`, and the profile `aido use` made active) goes only into that
person's own files, the per-person places each harness has for a project (Claude
Code: its local scope in `~/.claude.json` and `.claude/settings.local.json`).

So `--scope local` plans the difference, never a copy of the team's set:

- additions: servers the person's layers want and the team's do not, and team
  servers the person customises (`[override.<id>]` beyond `enabled`), which the
  harness's local scope shadows by name;
- switches: team servers the person turns off (`skip`, `enabled = false`, or left
  out of the active profile), compiled into the harness's own per-person switch.

The active profile is kept per person and per project in the user state folder
(`profiles.json`), never in the repository.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from aidokit.reconcile.core.atomic import current_digest, replace_file
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.safe_read import read_file
from aidokit.reconcile.read.choices.lockfile import read_lock

if TYPE_CHECKING:
    from aidokit.reconcile.read.choices.config import ProjectConfig
    from aidokit.reconcile.read.choices.lockfile import Lock
    from aidokit.reconcile.read.desired import Wanted

PROFILES_NAME = "profiles.json"

# The one line for a harness with no per-person place (issue 49 §2, its words).
NOWHERE = (
    "{adapter} has no per-person file for this project: this choice is not written there; "
    "add it to your user layer to have it in every project, or ask the team to add it to "
    "aido.toml"
)


class Personal(NamedTuple):
    """One person's difference from the team's set for this project."""

    wanted: list[Wanted]  # what goes into the person's own server map
    off: tuple[str, ...]  # team servers switched off for this person, by id
    profile: str | None  # the active profile, when one is
    # The person's own pins for this project (never the team's aido.lock), as read.
    lock: Lock | None = None
    lock_digest: str = ""
    lock_path: Path | None = None


def personal_choices(
    mine: Sequence[Wanted],
    team: Sequence[Wanted],
    merged: ProjectConfig,
    team_config: ProjectConfig,
    profile: str | None,
) -> Personal:
    """The person's additions and switches: `mine` (every layer) less `team` (aido.toml)."""
    team_ids = {item.server.id for item in team}
    wanted_ids = {item.server.id for item in mine}
    off = {entry_id for entry_id in team_ids if entry_id not in wanted_ids}
    additions = []
    for item in mine:
        entry_id = item.server.id
        override = merged.override.get(entry_id)
        if entry_id in team_ids and override is not None and override.enabled is False:
            team_override = team_config.override.get(entry_id)
            if team_override is None or team_override.enabled is not False:
                off.add(entry_id)  # the team has it on: switched off for this person
            continue
        if entry_id not in team_ids or _customised(entry_id, merged, team_config):
            additions.append(item)
    if profile is not None:
        enable = set(merged.profiles[profile].enable)
        additions = [item for item in additions if item.server.id in enable]
        off |= {entry_id for entry_id in team_ids if entry_id not in enable}
    return Personal(additions, tuple(sorted(off)), profile)


def _customised(entry_id: str, merged: ProjectConfig, team: ProjectConfig) -> bool:
    """Whether the person's layer changes a team server beyond switching it."""
    return merged.override.get(entry_id) != team.override.get(entry_id)


def personal_lock_path(state_dir: Path, project: Path) -> Path:
    """Where one person's pins for `project` live: the user state folder, per project
    (`projects/<digest of its path>/aido.lock`), never in the repository."""
    import hashlib  # noqa: PLC0415 (heavy for start-up (OpenSSL); a converged plan hashes nothing)

    key = hashlib.sha256(str(project).encode("utf-8")).hexdigest()[:16]
    return state_dir / "projects" / key / "aido.lock"


def with_lock(personal: Personal, state_dir: Path, project: Path) -> Personal:
    """`personal` with its pins read from the user state folder."""
    path = personal_lock_path(state_dir, project)
    lock, digest = read_lock(path)
    return personal._replace(lock=lock, lock_digest=digest, lock_path=path)


def profiles_path(state_dir: Path) -> Path:
    """Where each person's active profile per project is kept."""
    return state_dir / PROFILES_NAME


def read_profiles(state_dir: Path) -> dict[str, str]:
    """Project folder -> its active profile; an unreadable file is an error naming it."""
    path = profiles_path(state_dir)
    raw = read_file(path, error=ConfigError)
    if raw is None:
        return {}
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        data = None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ConfigError(
            f"{path} is not aido's list of active profiles; delete it and run `aido use NAME` again"
        )
    return data


def active_profile(state_dir: Path, project: Path) -> str | None:
    """The profile `aido use` made active for `project`, if any."""
    return read_profiles(state_dir).get(str(project))


def save_profile(state_dir: Path, project: Path, name: str | None) -> None:
    """Record `name` as `project`'s active profile (None: none), 0600, atomically."""
    profiles = read_profiles(state_dir)
    if name is None:
        profiles.pop(str(project), None)
    else:
        profiles[str(project)] = name
    path = profiles_path(state_dir)
    text = json.dumps(dict(sorted(profiles.items())), indent=2) + "\n"
    os.makedirs(path.parent, mode=0o700, exist_ok=True)
    replace_file(path, text.encode(), current_digest(path), create_parents=True, mode=0o600)


def known_profile(name: str | None, profiles: Mapping[str, object]) -> str | None:
    """`name` when the layers still define it, else None (the plan says so)."""
    return name if name is not None and name in profiles else None
