"""Every `AIDO_*` setting aido reads, checked at once before a command writes (issue 30 §3).

Each setting is read where it is used (the journal's retention when a
transaction closes, the lock timeout when a file is locked), and some of those
moments come after the first write. A bad value found there would leave the
files written and exit 1; `check_settings` reads them all first, with the same
readers, so exit 1 means nothing was written. `tests/reconcile/write/test_settings.py`
holds `READERS` to every `AIDO_*` name in the package's source.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Mapping

from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.lock import timeout
from aidokit.reconcile.policy.layers import policy_file
from aidokit.reconcile.read.baselines import git
from aidokit.reconcile.read.baselines.resolve import check_roots
from aidokit.reconcile.read.facts import forge_hosts
from aidokit.reconcile.write.journal import settings

Reader = Callable[[Mapping[str, str]], object]


def _journal(env: Mapping[str, str]) -> object:
    return settings(env)


def _lock_timeout(env: Mapping[str, str]) -> object:
    return timeout(env)


def _forge_hosts(env: Mapping[str, str]) -> object:
    return forge_hosts({}, env)


def _registry(name: str) -> Reader:
    """`aido outdated --registry` refuses a base URL that is not http(s) (package_index.py)."""

    def check(env: Mapping[str, str]) -> object:
        base = env[name]
        if not base.startswith(("https://", "http://")):
            raise ConfigError(f"{name}={base!r} is not an http(s) URL; fix or unset it")
        return base

    return check


def _registry_timeout(env: Mapping[str, str]) -> object:
    """`aido outdated --registry` refuses a deadline not above 0 seconds (download.py)."""
    raw = env["AIDO_REGISTRY_TIMEOUT"]
    try:
        seconds = float(raw) if raw else 1.0
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ConfigError(
            f"AIDO_REGISTRY_TIMEOUT={raw!r} is not a number of seconds above 0; fix or unset it"
        )
    return seconds


def _policy_file(env: Mapping[str, str]) -> object:
    """The managed policy file must be named by an absolute path (read/choices/layers.py)."""
    return policy_file(env, sys.platform)


def _git_timeout(env: Mapping[str, str]) -> object:
    return git.timeout(env)


def _baseline_roots(env: Mapping[str, str]) -> object:
    return check_roots(env)


READERS: dict[str, Reader] = {
    "AIDO_GIT_TIMEOUT": _git_timeout,
    "AIDO_BASELINE_ROOTS": _baseline_roots,
    "AIDO_JOURNAL_KEEP": _journal,
    "AIDO_JOURNAL_MAX_MB": _journal,
    "AIDO_LOCK_TIMEOUT": _lock_timeout,
    "AIDO_FORGE_HOSTS": _forge_hosts,
    "AIDO_NPM_REGISTRY": _registry("AIDO_NPM_REGISTRY"),
    "AIDO_PYPI_URL": _registry("AIDO_PYPI_URL"),
    "AIDO_REGISTRY_TIMEOUT": _registry_timeout,
    "AIDO_POLICY_FILE": _policy_file,
}


def check_settings(environ: Mapping[str, str] | None = None) -> None:
    """Raise the reader's own error for the first bad `AIDO_*` setting; read only those set."""
    env = os.environ if environ is None else environ
    done: set[Reader] = set()
    for name, reader in READERS.items():
        if name in env and reader not in done:
            done.add(reader)
            reader(env)
