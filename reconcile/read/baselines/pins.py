"""A baseline pin in a line: how the plan and `aido upgrade --baseline` say a pin appears,
goes or moves in `aido.lock`."""

from __future__ import annotations

from collections.abc import Mapping

from aidokit.reconcile.read.choices.lockfile import BaselinePin


def baseline_changes(
    before: Mapping[str, BaselinePin], after: Mapping[str, BaselinePin]
) -> list[str]:
    """One line per baseline pin that appears, goes or moves (`~ baseline SRC: abc -> def`)."""
    lines = []
    for source in sorted(set(before) | set(after)):
        was, now = before.get(source), after.get(source)
        if was is None and now is not None:
            lines.append(f"+ baseline {source}: {pin_text(now)}")
        elif now is None and was is not None:
            lines.append(f"- baseline {source}")
        elif was is not None and now is not None and was != now:
            lines.append(f"~ baseline {source}: {pin_text(was)} -> {pin_text(now)}")
    return lines


def pin_text(pin: BaselinePin) -> str:
    """A pin as a line shows it: the short commit, or the digest of a local file."""
    return pin.commit[:12] if pin.commit else pin.digest[:19]
