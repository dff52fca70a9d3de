"""git, run the one safe way aido runs it for baselines (SPEC §7).

A baseline's URL comes from a repository's `aido.toml`, so git is run with
the options that keep it from doing what the user did not approve: only the
source's own protocol is allowed (never `ext::`), no hooks, no prompt for a
password, no pager, ssh in batch mode, a deadline for the whole command
(`AIDO_GIT_TIMEOUT`, seconds) after which its whole process group is killed
(`git-remote-https` included), and `--` before every URL. No configuration
but aido's reaches it: no system or global file (`GIT_CONFIG_NOSYSTEM`,
`GIT_CONFIG_GLOBAL=/dev/null`), no `GIT_*` variable of the environment but the
ssh and CA ones, and `-c` overrides for what a repository's own config could
run (fsmonitor, hooks, alternate ref commands); only the credential helpers of
the user's global file are passed on, so private baselines still sign in. An
answer that does not come in time, or a git that fails, is one sentence naming
the source.
"""

from __future__ import annotations

import math
import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from aidokit.catalog.errors import printable, shortened
from aidokit.reconcile.core.errors import ConfigError, SecurityError
from aidokit.reconcile.core.processes import run_group
from aidokit.reconcile.read.baselines.source import Source

DEFAULT_TIMEOUT = 60.0
_SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "core.alternateRefsCommand=true",
    "core.alternateRefsPrefixes=",
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
        GIT_CONFIG_GLOBAL=os.devnull,
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
    if source.scheme == "https":
        config += [arg for helper in credential_helpers(environ) for arg in ("-c", helper)]
    where = ["--git-dir", str(repo)] if repo is not None else []
    command = ["git", *config, *where, *args]
    seconds = timeout(environ)
    try:
        done = run_group(command, env=git_environ(environ, source), timeout=seconds, cwd=repo)
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
    lines = [line for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    text = lines[-1].strip() if lines else "git failed"
    return printable(shortened(text.removeprefix("fatal: "), 200))


def credential_helpers(environ: Mapping[str, str]) -> list[str]:
    """`credential.helper=...` for each helper of the user's global git config (read with no
    `GIT_*` variable of the environment), so a private https baseline still signs in."""
    env = {k: v for k, v in environ.items() if not k.startswith("GIT_")}
    try:
        done = run_group(
            ["git", "config", "--global", "--get-all", "credential.helper"],
            env={**env, "GIT_CONFIG_NOSYSTEM": "1"}, timeout=timeout(environ),
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return []
    helpers = done.stdout.decode("utf-8", "replace").splitlines()
    return [f"credential.helper={helper}" for helper in helpers if helper.strip()]


def safe_folder(path: Path) -> None:
    """Create aido's bare cache repository at `path` (private) when it is missing."""
    if (path / "HEAD").is_file():
        return
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    done = run_group(
        ["git", "init", "--bare", "--quiet", "--template=", str(path)], env=env, timeout=60
    )
    if done.returncode != 0:
        raise ConfigError(f"cannot create aido's baseline cache repository {path}: "
                          f"{_last_line(done.stderr)}")  # fmt: skip


# What `git init --bare --template=` writes in a repository's config; anything else in
# aido's cache repository was planted (SPEC §7), since aido never sets configuration there.
_INIT_KEYS = frozenset({
    "core.repositoryformatversion", "core.filemode", "core.bare", "core.ignorecase",
    "core.precomposeunicode", "core.logallrefupdates", "core.symlinks",
    "extensions.objectformat", "extensions.refstorage",
})  # fmt: skip


def check_repository(path: Path) -> None:
    """Refuse aido's cache repository at `path` when it holds what aido never writes there:
    alternates, a `commondir`, or configuration beyond what `git init` wrote."""
    planted = [name for name in ("objects/info/alternates", "commondir") if
               os.path.lexists(path / name)]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    done = run_group(
        ["git", "config", "--file", str(path / "config"), "--null", "--name-only", "--list"],
        env=env, timeout=60,
    )  # fmt: skip
    keys = done.stdout.decode("utf-8", "replace").split("\0")
    planted += [key for key in keys if key and key.lower() not in _INIT_KEYS]
    if done.returncode != 0 or planted:
        what = ", ".join(printable(item) for item in planted[:3]) or "a config git cannot read"
        raise SecurityError(
            f"aido's baseline cache repository {path} holds {what}, which aido never writes "
            "there; delete it and run the command again"
        )
