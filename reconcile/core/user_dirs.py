"""aido's per-user folders: where state, confirmations, the journal and the decode memo live."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from aidokit.reconcile.core.errors import ConfigError


def user_state_dir(environ: Mapping[str, str]) -> Path:
    """aido's per-user state folder, honouring XDG_STATE_HOME and HOME.

    Either must name an absolute folder: `HOME=""` would otherwise put the state,
    journal and confirmations in `/.local/state/aido`, and a relative one in
    whatever folder aido runs from (a repository).
    """
    base = environ.get("XDG_STATE_HOME")
    if base:
        if not os.path.isabs(base):
            raise ConfigError(
                f"XDG_STATE_HOME={base!r} is not an absolute path, so aido cannot tell where "
                "its state belongs; set it to an absolute folder, or unset it"
            )
        return Path(base) / "aido"
    home = environ["HOME"] if "HOME" in environ else str(Path.home())
    if not (os.path.isabs(home) and os.path.isdir(home)):
        raise ConfigError(
            f"HOME={home!r} is not an absolute path to an existing folder, so aido cannot "
            "find its state folder; set HOME to your home folder (or XDG_STATE_HOME to an "
            "absolute folder)"
        )
    return Path(home) / ".local" / "state" / "aido"
