"""How big the committed state is (issue 54 §6): `python -m bench.state_size`.

Applies each bundled fixture project (fixtures/projects/*, fixtures/demo-project) with a
scratch HOME (`aido apply --yes`, for claude-code, codex, vscode and cursor where it detects
no harness; entries that need a typed confirmation are left out with `aido remove`), then
prints the lines and bytes of its `.aido/state.json` and its records.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench._proc import sandbox_env
from bench.notice_share import fixtures
from fixtures.projects import materialize

AIDO = str(Path(sys.executable).with_name("aido"))
_HARNESSES = ("claude-code", "codex", "vscode", "cursor")  # where a fixture detects none


def state_of(name: str) -> str | None:
    """The `.aido/state.json` text after applying fixture `name`, or None (none written)."""
    with tempfile.TemporaryDirectory() as scratch:
        project = materialize(name, Path(scratch) / "project")
        home = Path(scratch) / "home"
        home.mkdir()
        env = sandbox_env(home)
        env["AIDO_POLICY_FILE"] = str(home / "managed" / "policy.toml")
        argv = [AIDO, "apply", "--yes"]
        for _attempt in range(4):  # a gated entry refuses the apply: skip it, try again
            done = subprocess.run(argv, cwd=project, env=env, capture_output=True, text=True)
            if "No harness config file is targeted" in done.stdout + done.stderr:
                argv = [*argv, *(f"--adapter={name}" for name in _HARNESSES)]
                continue
            if done.returncode == 0:
                break
            gated = _gated(project, env)
            if not gated:
                return None
            subprocess.run([AIDO, "remove", *gated], cwd=project, env=env, capture_output=True)
        state = project / ".aido" / "state.json"
        return state.read_text(encoding="utf-8") if state.exists() else None


def _gated(project: Path, env: dict[str, str]) -> list[str]:
    """The ids of the entries a plan holds that need a typed confirmation."""
    done = subprocess.run(
        [AIDO, "plan", "--json"], cwd=project, env=env, capture_output=True, text=True
    )
    try:
        plan = json.loads(done.stdout)
    except json.JSONDecodeError:
        return []
    ids = {
        change.get("id")
        for file in plan.get("files", [])
        for change in file.get("changes", [])
        if change.get("sensitive") and change.get("id")
    }
    return sorted(ids)


def main() -> int:
    """Print each fixture's state size, and the total."""
    lines_all = bytes_all = records_all = 0
    for name in fixtures():
        text = state_of(name)
        if text is None:
            print(f"{name:<28} no state written")
            continue
        records = len(json.loads(text).get("records", []))
        lines, size = text.count("\n"), len(text.encode("utf-8"))
        lines_all, bytes_all, records_all = (
            lines_all + lines,
            bytes_all + size,
            records_all + records,
        )
        print(f"{name:<28} {records:>3} records {lines:>5} lines {size:>7} bytes")
    print(f"{'all':<28} {records_all:>3} records {lines_all:>5} lines {bytes_all:>7} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
