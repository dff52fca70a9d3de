"""The team's files come from the team's inputs only (issue 49, SPEC §4), property-tested.

For generated local layers (adds, skips, overrides, `enabled = false`, profiles) over
every adapter with a project file, after `aido apply` and `aido apply --scope local` (or
`aido use NAME`) the bytes of every file the repository would track equal the bytes with
no local layer at all, `aido.lock` included; the person's own files (Claude Code's local
scope and `.claude/settings.local.json`) hold exactly their choices.
"""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Scope
from tests.helpers import aido

TEAM = ("context7", "fetch", "memory")
POOL = ("context7", "fetch", "memory", "time", "git", "sequential-thinking")


def _project_adapters() -> list[str]:
    """Every adapter with a file in the project (the team's files) that can run the pool."""
    from aidokit.adapters import resolved
    from aidokit.catalog.entries import MCP_CATALOG

    pool = [entry for entry in resolved(MCP_CATALOG) if entry.id in POOL]
    return sorted(
        name
        for name, adapter in ADAPTERS.items()
        if Scope.PROJECT in adapter.scopes and all(name in entry.install for entry in pool)
    )


PROJECT_ADAPTERS = _project_adapters()
STDIO = ("fetch", "memory", "time", "git", "sequential-thinking")  # args/env overrides fit
PERSONAL = {"aido.local.toml", ".claude/settings.local.json"}  # the person's, in the project
COUNTER = itertools.count()


def team_toml() -> str:
    adapters = ", ".join(f'"{name}"' for name in PROJECT_ADAPTERS)
    add = ", ".join(f'"{i}"' for i in TEAM)
    return f"adapters = [{adapters}]\nsuggest = false\n[mcp]\nadd = [{add}]\n"


@st.composite
def local_layers(draw: st.DrawFn) -> tuple[str, set[str], set[str], str | None]:
    """A local layer, the servers it adds to the person's map and the team servers it
    switches off (both as aido should compute them), and its profile (None: none)."""
    add = draw(st.sets(st.sampled_from(POOL), max_size=3))
    skip = draw(st.sets(st.sampled_from(POOL), max_size=2)) - add
    overridden = draw(st.sets(st.sampled_from(STDIO), max_size=2)) - skip
    off = draw(st.sets(st.sampled_from(TEAM), max_size=2)) - skip
    profile = draw(st.none() | st.sets(st.sampled_from(POOL), max_size=3))
    lines = [f"[mcp]\nadd = {json.dumps(sorted(add))}\nskip = {json.dumps(sorted(skip))}\n"]
    wanted = (set(TEAM) | add) - skip
    additions = (add - set(TEAM)) | (overridden & wanted)
    switched = set(TEAM) - wanted
    for entry_id in sorted(overridden | off):
        lines.append(f"[override.{entry_id}]\n")
        if entry_id in overridden:
            lines.append('args = ["--x"]\nenv = { DEBUG = "1" }\n')
        if entry_id in off:
            lines.append("enabled = false\n")
    for entry_id in off & wanted:
        switched.add(entry_id)
        additions.discard(entry_id)  # switched off: no shadow entry of it
    if profile is not None:
        lines.append(f"[profiles.p]\nenable = {json.dumps(sorted(profile))}\n")
        additions &= profile
        switched |= set(TEAM) - profile
    return "".join(lines), additions, switched, None if profile is None else "p"


def team_files(project: Path) -> dict[str, bytes]:
    """Every file the repository would track (all but the person's own), by path."""
    found = {}
    for path in sorted(project.rglob("*")):
        name = path.relative_to(project).as_posix()
        if path.is_file() and name not in PERSONAL and not name.startswith(".git/"):
            found[name] = path.read_bytes()
    return found


def fresh(base: Path) -> Path:
    project = base / f"p{next(COUNTER)}"
    project.mkdir()
    (project / "aido.toml").write_text(team_toml())
    assert aido(project, "apply", "--yes") == 0
    return project


@settings(
    max_examples=int(os.environ.get("AIDO_FUZZ_EXAMPLES", "8")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(layer=local_layers())
def test_local_choices_never_reach_the_team_files(
    tmp_path: Path, sandbox_home: Path, layer: tuple[str, set[str], set[str], str | None]
) -> None:
    text, additions, switched, profile = layer
    without = team_files(fresh(tmp_path))
    project = fresh(tmp_path)
    (project / "aido.local.toml").write_text(text)
    assert aido(project, "apply", "--yes") == 0
    if profile is None:
        assert aido(project, "apply", "--yes", "--scope", "local") == 0
    else:
        assert aido(project, "use", profile) == 0
    assert team_files(project) == without  # aido.lock and .aido/state.json included
    home = sandbox_home / ".claude.json"
    claude = json.loads(home.read_text()) if home.exists() else {}
    mine = claude.get("projects", {}).get(str(project), {}).get("mcpServers", {})
    assert set(mine) == additions
    settings_file = project / ".claude" / "settings.local.json"
    local = json.loads(settings_file.read_text()) if settings_file.exists() else {}
    assert sorted(local.get("disabledMcpjsonServers", [])) == sorted(switched)
    assert set(local) <= {"disabledMcpjsonServers"}
