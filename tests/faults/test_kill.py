"""SIGKILL a real `aido apply` at random moments: files stay whole, state stays honest."""

from __future__ import annotations

import json
import random
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.registry import ADAPTERS
from aidokit.reconcile.documents import read_document
from aidokit.reconcile.state import load_state
from tests.faults.sandbox import CONFIG_A, CONFIG_B, claude_json, parse, run, start

KILLS = {"user": 10, "local": 10, "project": 12}
BIG = 10 * 1024 * 1024
TOGGLED = {"playwright", "serena"}  # in CONFIG_A, not in CONFIG_B
PROJECT_FILES = {
    ".mcp.json": (
        '{\n  "mcpServers": {\n    "users-own": {"command": "node", "args": ["x.js"]}\n  }\n}\n'
    ),
    ".codex/config.toml": (
        '# my codex settings\nmodel = "o4"\n\n[mcp_servers.mine]\ncommand = "uvx"\n'
        'args = ["my-tool"]  # keep\n'
    ),
    "opencode.json": '{\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {}\n}\n',
}


@dataclass
class Case:
    """One kill scenario: where aido runs and which files it edits."""

    project: Path
    home: Path
    scope: str
    adapters: list[str]
    files: list[Path]

    def apply(self) -> tuple[str, ...]:
        """The argv of the apply under test."""
        return ("apply", "--yes", "--scope", self.scope)

    def configure(self, template: str) -> None:
        """Write aido.toml from CONFIG_A or CONFIG_B."""
        text = template.format(adapters=json.dumps(self.adapters))
        (self.project / "aido.toml").write_text(text)

    def snapshot(self) -> dict[Path, bytes]:
        """Bytes of every edited file."""
        return {f: f.read_bytes() for f in self.files}


@pytest.fixture(scope="module")
def big_claude_json(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, str]:
    """A ~10 MB ~/.claude.json generated once for the module, and the project key inside."""
    folder = tmp_path_factory.mktemp("big")
    key = str(folder / "proj")
    claude_json(folder / ".claude.json", target_bytes=BIG, project_key=key)
    return (folder / ".claude.json").read_bytes(), key


def _case(kind: str, home: Path, big: tuple[bytes, str], fixture_project: object) -> Case:
    """Build the scenario `kind` under `home`."""
    if kind == "project":
        assert callable(fixture_project)
        project: Path = fixture_project("demo-project")
        for rel, text in PROJECT_FILES.items():
            (project / rel).parent.mkdir(parents=True, exist_ok=True)
            (project / rel).write_text(text)
        adapters = ["claude-code", "codex", "vscode", "opencode"]
        files = [project / rel for rel in [*PROJECT_FILES, ".vscode/mcp.json"]]
        return Case(project, home, "project", adapters, files)
    raw, key = big
    project = Path(key)
    project.mkdir(exist_ok=True)
    (home / ".claude.json").write_bytes(raw)
    return Case(project, home, kind, ["claude-code"], [home / ".claude.json"])


def _converge(case: Case) -> tuple[float, int]:
    """Apply, adopt what a killed run wrote but did not record, and check the plan is empty.

    Returns the apply's wall time and how many entries needed adopting: the one window
    left (SPEC §6 order: file first, then state) shows such an entry, exactly aido's, as
    a conflict; nothing is lost and `aido adopt` records it.
    """
    started = time.monotonic()
    done = run(case.project, case.home, *case.apply())
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    argv = ("plan", "--json", "--detailed-exitcode", "--scope", case.scope)
    plan = run(case.project, case.home, *argv)
    assert plan.returncode == 0, plan.stdout + plan.stderr
    adopted = 0
    for file in json.loads(plan.stdout)["files"]:
        for change in file["changes"]:
            assert change["action"] == "conflict" and change["before"] == change["after"]
            adopt = ("adopt", change["name"], "--adapter", file["adapter"], "--scope", case.scope)
            assert run(case.project, case.home, *adopt).returncode == 0
            adopted += 1
    return took, adopted


def _stale_records(case: Case, unwanted: set[str]) -> int:
    """Count records naming an entry absent from its file; each must be one being deleted.

    File first, then state (SPEC §6): a run killed between the two writes of a delete
    leaves the record of an entry it removed. The planner ignores it (not desired, not in
    the file) and the next apply that edits the file drops it.
    """
    host = Host.current(case.project)
    paths = [case.project / ".aido" / "state.json", case.home / ".local/state/aido/state.json"]
    stale = 0
    for state_path in paths:
        for record in load_state(state_path).records:
            location = ADAPTERS[record.adapter].location(Scope(case.scope), host)
            assert location is not None
            entries = read_document(location.path, location.fmt).get_map(location.map_path)
            if record.name not in (entries or {}):
                assert record.name in unwanted, f"state claims absent {record}"
                stale += 1
    return stale


def _leftovers(case: Case) -> list[str]:
    """Temp files left by killed runs next to the edited files and the state files."""
    folders = {f.parent for f in case.files}
    folders |= {case.project / ".aido", case.home / ".local/state/aido"}
    return [
        p.name
        for folder in folders
        if folder.is_dir()
        for p in folder.iterdir()
        if p.name.startswith((".aido-tmp-", ".state-"))
    ]


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KILLS))
def test_sigkilled_apply_leaves_old_or_new_files_and_honest_state(
    kind: str,
    sandbox_home: Path,
    big_claude_json: tuple[bytes, str],
    fixture_project: object,
) -> None:
    """After each SIGKILL: old or new files, honest state, no leftovers, next apply converges."""
    case = _case(kind, sandbox_home, big_claude_json, fixture_project)
    versions: dict[str, dict[Path, bytes]] = {}
    took = []
    for template in (CONFIG_A, CONFIG_B, CONFIG_A, CONFIG_B):
        case.configure(template)
        took.append(_converge(case)[0])
        versions[template] = case.snapshot()
    assert versions[CONFIG_A] != versions[CONFIG_B]
    rng = random.Random(f"kill-{kind}")
    duration = max(took[1:])
    landed = {"old": 0, "new": 0}
    windows = {"record of a deleted entry": 0, "unrecorded new entry": 0}
    for n in range(KILLS[kind]):
        template, other = (CONFIG_A, CONFIG_B) if n % 2 == 0 else (CONFIG_B, CONFIG_A)
        case.configure(template)
        child = start(case.project, case.home, *case.apply())
        time.sleep(rng.uniform(0.4, 1.05) * duration)
        child.send_signal(signal.SIGKILL)
        child.communicate()
        for path in case.files:
            raw = path.read_bytes()
            assert raw in (versions[other][path], versions[template][path]), path
            parse(path)
            landed["new" if raw == versions[template][path] else "old"] += 1
        # Only the toggled entries are ever deleted; a record left by an earlier kill may
        # linger while no apply has edited its file since.
        windows["record of a deleted entry"] += bool(_stale_records(case, TOGGLED))
        windows["unrecorded new entry"] += bool(_converge(case)[1])
        assert case.snapshot() == versions[template]
        assert _leftovers(case) == []
        # A stale record lingers only until the next apply that edits its file.
        assert template == CONFIG_B or _stale_records(case, set()) == 0
    print(f"\n{kind}: {KILLS[kind]} kills, apply {duration:.2f}s, files seen {landed}, {windows}")
