"""The checks before a probe starts anything, in the order a user fixes them.

An entry aido cannot read as its harness starts it is `skipped`; a program that
is not on the harness's PATH is `missing-launcher`; a variable the entry
references that is not set is `missing-env` (named, never its value). None of
that runs anything; then an entry that needs a confirmation it lacks is
`skipped`, and under `--offline` so is one whose launcher could download. What
is left becomes a `Job`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aidokit.adapters.launch import Launch
from aidokit.catalog.errors import printable
from aidokit.reconcile.plan.model import Change, FileChange
from aidokit.reconcile.probe import launchers
from aidokit.reconcile.probe.targets import Job, Probe, Result, Status, allowed
from aidokit.reconcile.read.machine import INSTALL


@dataclass(frozen=True)
class Settings:
    """How the probes run: where, whether offline, and who confirmed what."""

    project: Path
    offline: bool
    confirmed: Callable[[FileChange, Change], bool]
    scope_flag: str = ""  # `--scope user` when the hint must name it
    # Where a package aido vouches for is launched from (None: the home folder).
    home: Path | None = None


def prepare(probe: Probe, settings: Settings) -> Job | Result:
    """`probe` ready to run, or the result it gets without running."""
    launch = probe.launch
    if launch.problem is not None:
        return Result(probe, Status.SKIPPED, error=f"aido cannot start it as the harness would: "
                      f"{launch.problem}")  # fmt: skip
    if launch.transport == "stdio":
        env = dict(launch.env)
        cwd = Path(launch.cwd) if launch.cwd else settings.project
        if launchers.find(launch.command, env, cwd) is None:
            return Result(probe, Status.MISSING_LAUNCHER, error=_no_launcher(launch))
    if launch.missing:
        names = ", ".join(launch.missing)
        verb = "is" if len(launch.missing) == 1 else "are"
        return Result(probe, Status.MISSING_ENV, error=f"{names} {verb} not set in this "
                      "environment; set it where the harness starts")  # fmt: skip
    if not allowed(probe, settings.confirmed):
        return Result(probe, Status.SKIPPED, error=_needs_confirmation(probe, settings))
    if vouched(probe) and launch.transport == "stdio":
        moved = launchers.users_own(launch, settings.home or Path.home(), settings.project)
        if isinstance(moved, str):
            return Result(probe, Status.SKIPPED, error=moved)
        launch = moved
    if not settings.offline:
        return Job(probe, launch, settings.project, offline=False)
    if launch.transport != "stdio":
        return Result(probe, Status.SKIPPED, error="--offline: aido does not connect to remote "
                      "servers")  # fmt: skip
    kept = launchers.offline(launch)
    if isinstance(kept, str):
        return Result(probe, Status.SKIPPED, error=kept)
    return Job(probe, kept, settings.project, offline=True)


def vouched(probe: Probe) -> bool:
    """Whether aido runs `probe` on its own word (an entry it needs no confirmation for)."""
    return any(use.sensitive is None for use in probe.uses)


def _needs_confirmation(probe: Probe, settings: Settings) -> str:
    use = next(use for use in probe.uses if use.sensitive)
    return (
        f"{use.sensitive}, so running it needs the confirmation installing it needs; run "
        f"`aido doctor --probe {use.id}{settings.scope_flag}` at a terminal and type its id"
    )


def _no_launcher(launch: Launch) -> str:
    """The command as the file writes it: expanded, it would show the variables' values."""
    command = launch.shown[0] if launch.shown else launch.command
    hint = INSTALL.get(launchers.program(command), "install it or fix the command")
    return f"`{printable(command)}` is not on PATH; {hint}"
