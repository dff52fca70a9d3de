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

from aidokit.reconcile.plan.model import Change, FileChange
from aidokit.reconcile.probe import launchers
from aidokit.reconcile.probe.targets import Job, Probe, Result, Status, allowed


@dataclass(frozen=True)
class Settings:
    """How the probes run: where, whether offline, and who confirmed what."""

    project: Path
    offline: bool
    confirmed: Callable[[FileChange, Change], bool]
    scope_flag: str = ""  # `--scope user` when the hint must name it


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
            return Result(probe, Status.MISSING_LAUNCHER, error=_no_launcher(launch.command))
    if launch.missing:
        names = ", ".join(launch.missing)
        verb = "is" if len(launch.missing) == 1 else "are"
        return Result(probe, Status.MISSING_ENV, error=f"{names} {verb} not set in this "
                      "environment; set it where the harness starts")  # fmt: skip
    if not allowed(probe, settings.confirmed):
        return Result(probe, Status.SKIPPED, error=_needs_confirmation(probe, settings))
    if not settings.offline:
        return Job(probe, launch, settings.project, offline=False)
    if launch.transport != "stdio":
        return Result(probe, Status.SKIPPED, error="--offline: aido does not connect to remote "
                      "servers")  # fmt: skip
    kept = launchers.offline(launch)
    if isinstance(kept, str):
        return Result(probe, Status.SKIPPED, error=kept)
    return Job(probe, kept, settings.project, offline=True)


def _needs_confirmation(probe: Probe, settings: Settings) -> str:
    use = next(use for use in probe.uses if use.sensitive)
    return (
        f"{use.sensitive}, so running it needs the confirmation installing it needs; run "
        f"`aido doctor --probe {use.id}{settings.scope_flag}` at a terminal and type its id"
    )


def _no_launcher(command: str) -> str:
    hint = launchers.INSTALL.get(launchers.program(command), "install it or fix the command")
    return f"`{command}` is not on PATH; {hint}"
