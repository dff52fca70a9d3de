"""git, run the one safe way aido runs it for baselines (SPEC §7).

A baseline's URL comes from a repository's `aido.toml`, so git is run with
the options that keep it from doing what the user did not approve: only the
source's own protocol is allowed (never `ext::`), no hooks, no prompt for a
password, no pager, ssh in batch mode, a deadline for the whole command
(`AIDO_GIT_TIMEOUT`, seconds), and `--` before every URL. An answer that does
not come in time, or a git that fails, is one sentence naming the source.
"""

from __future__ import annotations

import math
import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.baselines.source import Source

DEFAULT_TIMEOUT = 60.0
_SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "core.askPass=",
    "protocol.allow=never",
    "protocol.ext.allow=never",
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "transfer.fsckObjects=true",
)


def timeout(environ: Mapping[str, str]) -> float:
    """`AIDO_GIT_TIMEOUT` in seconds (default 60); anything but seconds above 0 is refused."""
    raw = environ.get("AIDO_GIT_TIMEOUT", "")
    try:
        seconds = float(raw) if raw else DEFAULT_TIMEOUT
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ConfigError(
            f"AIDO_GIT_TIMEOUT={raw!r} is not a number of seconds above 0; fix or unset it"
        )
    return seconds


def git_environ(environ: Mapping[str, str], source: Source) -> dict[str, str]:
    """The environment git runs in: the user's, with prompts off and one protocol allowed."""
    env = {k: v for k, v in environ.items() if not k.startswith("GIT_") or k in _KEPT}
    env.update(
        GIT_TERMINAL_PROMPT="0",
        GIT_ALLOW_PROTOCOL=source.scheme,
        GIT_PAGER="cat",
        GIT_ASKPASS="",
        SSH_ASKPASS="",
        GIT_CONFIG_NOSYSTEM="1",
        LC_ALL="C",
    )
    if "GIT_SSH_COMMAND" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
    return env


_KEPT = frozenset({"GIT_SSH_COMMAND", "GIT_SSH", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH"})


def run_git(
    args: Sequence[str],
    source: Source,
    environ: Mapping[str, str],
    *,
    repo: Path | None = None,
    what: str,
) -> bytes:
    """Run `git args` (in the bare `repo` when given) and return its stdout.

    `what` says what aido was doing, for the error: "fetch", "read the remote ref".
    """
    config = [arg for item in _SAFE_CONFIG for arg in ("-c", item)]
    config += ["-c", f"protocol.{source.scheme}.allow=always"]
    where = ["--git-dir", str(repo)] if repo is not None else []
    command = ["git", *config, *where, *args]
    seconds = timeout(environ)
    try:
        done = subprocess.run(
            command,
            env=git_environ(environ, source),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=seconds,
            check=False,
            cwd=repo if repo is not None else None,
        )
    except FileNotFoundError:
        raise ConfigError(
            f"cannot {what} baseline {source.text}: git is not installed; install git"
        ) from None
    except subprocess.TimeoutExpired:
        raise ConfigError(
            f"cannot {what} baseline {source.text}: git did not finish within {seconds:g} "
            "seconds; check the network, or raise AIDO_GIT_TIMEOUT"
        ) from None
    if done.returncode != 0:
        reason = _last_line(done.stderr)
        raise ConfigError(
            f"cannot {what} baseline {source.text}: {reason}; check the URL, the ref and "
            "your access to the repository"
        )
    return done.stdout


def _last_line(stderr: bytes) -> str:
    from aidokit.catalog.errors import printable, shortened

    lines = [line for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    text = lines[-1].strip() if lines else "git failed"
    return printable(shortened(text.removeprefix("fatal: "), 200))


def safe_folder(path: Path) -> None:
    """Create aido's bare cache repository at `path` (private) when it is missing."""
    if (path / "HEAD").is_file():
        return
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    subprocess.run(
        ["git", "init", "--bare", "--quiet", "--template=", str(path)],
        env={k: v for k, v in os.environ.items() if not k.startswith("GIT_")},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=True,
    )
