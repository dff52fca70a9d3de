"""How much of a plan is notices (issue 54 item 1): `python -m bench.notice_share`.

Runs `aido plan` on each bundled fixture project (fixtures/projects/*, fixtures/demo-project)
in a terminal 80 columns wide, with a scratch HOME, and counts the characters of notice
lines against the whole plan. A notice line is a `Note:`, `Warning:` or `(and N more ...)`
line, the one-line notice counts of a converged plan, a change's `roles:` or `hint:` line,
and every line wrapped from one of them.
"""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import tempfile
import termios
from pathlib import Path

from bench._proc import sandbox_env
from fixtures.projects import FIXTURES, materialize

WIDTH = 80
_HEADS = ("Note: ", "Warning: ", "(and ", "roles: ", "hint: ")
_COUNTS = (" on roles and agents: ", " other note", " for the harness's trust: ")


def fixtures() -> list[str]:
    """The bundled fixture projects, by their path under fixtures/."""
    found = sorted(f"projects/{p.name}" for p in (FIXTURES / "projects").iterdir() if p.is_dir())
    return [*found, "demo-project"]


def is_notice_head(line: str) -> bool:
    """Whether `line` starts a notice (see the module's docstring)."""
    text = line.strip()
    return text.startswith(_HEADS) or (text[:1].isdigit() and any(c in text for c in _COUNTS))


def share(text: str) -> tuple[int, int]:
    """(characters of notice lines, characters of all lines) in a rendered plan."""
    notice = total = 0
    lead: int | None = None  # the indent of the notice the current lines continue
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if is_notice_head(line):
            lead = indent
        elif lead is None or not line.strip() or indent <= lead:
            lead = None
        total += len(line)
        notice += len(line) if lead is not None else 0
    return notice, total


def plan_text(name: str, *argv: str) -> str:
    """`aido plan ARGV` on fixture `name` as an 80-column terminal shows it."""
    with tempfile.TemporaryDirectory() as scratch:
        project = materialize(name, Path(scratch) / "project")
        home = Path(scratch) / "home"
        home.mkdir()
        env = sandbox_env(home)
        env.pop("CI", None)
        env["AIDO_POLICY_FILE"] = str(home / "managed" / "policy.toml")
        primary, secondary = pty.openpty()
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, WIDTH, 0, 0))
        with subprocess.Popen(
            [str(Path(sys.executable).with_name("aido")), "plan", *argv],
            cwd=project,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=secondary,
            stderr=subprocess.DEVNULL,
        ) as process:
            os.close(secondary)
            chunks = []
            while True:
                try:
                    chunk = os.read(primary, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                chunks.append(chunk)
            process.wait()
        os.close(primary)
        return b"".join(chunks).decode().replace("\r\n", "\n").replace(str(project), "<project>")


def main() -> int:
    """Print each fixture's notice share, and the share over all of them."""
    notice_all = total_all = 0
    for name in fixtures():
        notice, total = share(plan_text(name))
        notice_all, total_all = notice_all + notice, total_all + total
        print(
            f"{name:<28} {notice:>6} of {total:>6} characters are notices ({_pct(notice, total)})"
        )
    print(f"{'all':<28} {notice_all:>6} of {total_all:>6} ({_pct(notice_all, total_all)})")
    return 0


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


if __name__ == "__main__":
    sys.exit(main())
