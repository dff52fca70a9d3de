"""The program a stdio entry starts: is it there, and can it run without downloading?

Package launchers fetch the package on first use. `--offline` keeps them to their
caches: npm's `npx` reads `npm_config_offline` (npm's config: every `--offline`
flag is also that variable), uv's `uvx` reads `UV_OFFLINE`, and `docker run` takes
`--pull=never`. A launcher aido cannot keep offline is not started at all.

A package aido vouches for (a catalog entry exactly as aido renders it now) is what
the catalog names, from where the user's own configuration fetches it: the
project must not redirect it. Package launchers read configuration from the
folder they start in and its parents (npm: the `.npmrc` beside the nearest
`package.json` or `node_modules`, and that project's `node_modules/.bin`
before any download), so such a package is launched from the user's home
folder. (uv's tool commands read no project configuration at all, only the
user's and the system's: docs.astral.sh/uv/concepts/configuration-files; the
same folder keeps `uv`, `pipx` and the others equally out of the project.)
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from pathlib import Path, PurePath

from aidokit.adapters.launch import Launch

# Launchers that download packages and have no offline switch aido knows of.
DOWNLOADERS = frozenset({"pnpx", "bunx", "pipx", "yarn", "pnpm", "bun", "deno"})
# What each launcher prints when the package is not in its cache while offline.
# npm: "code ENOTCACHED ... cache mode is 'only-if-cached'"; uv: "was not found in the cache",
# "network was disabled"; docker: "No such image".
NOT_CACHED = re.compile(
    r"ENOTCACHED|only-if-cached|not found in the cache|network was disabled|No such image"
)


def program(command: str) -> str:
    """The launcher's name, e.g. `npx` for `/usr/bin/npx` or `npx.cmd`."""
    name = PurePath(command).name
    return name.removesuffix(".cmd").removesuffix(".exe")


def find(command: str, env: Mapping[str, str], cwd: Path) -> str | None:
    """Where `command` is, looked up as the harness would (its PATH; a path as it is)."""
    if os.sep in command or (os.altsep and os.altsep in command):
        path = Path(command) if Path(command).is_absolute() else cwd / command
        return str(path) if path.is_file() and os.access(path, os.X_OK) else None
    return shutil.which(command, path=env.get("PATH", ""))


# Launchers that fetch and run a package, reading configuration from where they start.
PACKAGE_LAUNCHERS = frozenset({"npx", "npm", "uvx", "uv", "pipx", *DOWNLOADERS})


def users_own(launch: Launch, home: Path, project: Path) -> Launch | str:
    """`launch` started from `home`, out of the project's reach, when it launches a package;
    why it cannot be when home is inside the project."""
    if program(launch.command) not in PACKAGE_LAUNCHERS:
        return launch
    try:
        inside = home.resolve().is_relative_to(project.resolve())
    except OSError:
        inside = True
    if inside:
        return (
            f"your home folder {home} is inside the project, so the project's package manager "
            "configuration would choose where this package comes from; aido probes it only "
            "from a project that does not hold your home folder"
        )
    return launch._replace(cwd=str(home))


def offline(launch: Launch) -> Launch | str:
    """`launch` kept to the launcher's cache, or why it cannot be."""
    name = program(launch.command)
    env = dict(launch.env)
    if name == "npx":
        env["npm_config_offline"] = "true"
    elif name in ("uvx", "uv"):
        env["UV_OFFLINE"] = "1"
    elif name == "docker":
        if not launch.args or launch.args[0] != "run":
            return "--offline: aido runs docker only as `docker run`, with --pull=never"
        return launch._replace(args=("run", "--pull=never", *launch.args[1:]))
    elif name in DOWNLOADERS:
        return f"--offline: {name} may download the server and has no offline switch aido knows"
    else:
        return launch
    return launch._replace(env=tuple(sorted(env.items())))


def not_cached(stderr: str) -> bool:
    """Whether a launcher's stderr says the package was not in its cache (offline)."""
    return NOT_CACHED.search(stderr) is not None
