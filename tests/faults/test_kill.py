"""SIGKILL a real `aido apply` at random durable steps: files stay whole, state stays honest.

Each kill lands at a step the test picks (`killpoint.py` kills aido just before
its N-th rename or unlink), so no run waits on a timer and every kill hits.
The killed runs are forked children of the test process (`killpoint.fork`);
the applies and plans that check convergence after each kill run in-process.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.documents import read_document
from aidokit.reconcile.read.ownership import load_state, settle
from tests.faults import killpoint
from tests.faults.sandbox import CONFIG_A, CONFIG_B, claude_json, env_for, parse
from tests.inprocess import run_main

KILLPOINT = str(Path(__file__).with_name("killpoint.py"))

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
        """Write the scope's aido.toml from CONFIG_A or CONFIG_B.

        User scope reads only the user layer (SPEC §4), never the project's file; local
        scope writes a person's difference from the team's, so the template is theirs.
        """
        text = template.format(adapters=json.dumps(self.adapters))
        config = self.project / "aido.toml"
        if self.scope == "local":  # one person's servers: local scope writes only those
            config.write_text(f"adapters = {json.dumps(self.adapters)}\nsuggest = false\n")
            config = self.project / "aido.local.toml"
        if self.scope == "user":
            config = self.home / ".config" / "aido" / "aido.toml"
            config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(text)

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


def _run(case: Case, *argv: str) -> subprocess.CompletedProcess[str]:
    """`aido ARGV --project PROJECT` in-process, in the environment the killed runs had."""
    return run_main([*argv, "--project", str(case.project)], cwd=case.project, env=_env(case))


def _env(case: Case) -> dict[str, str | None]:
    env: dict[str, str | None] = {"CODEX_HOME": None, "APPDATA": None}
    return {**env, **env_for(case.home)}


def _converge(case: Case) -> None:
    """Apply, then check the plan is empty: no conflict, nothing left to adopt.

    A killed run's pending records (written before the file) settle against the
    file, so an entry it wrote is owned and one it deleted is not claimed.
    """
    done = _run(case, *case.apply())
    assert done.returncode == 0, done.stderr
    argv = ("plan", "--json", "--detailed-exitcode", "--scope", case.scope)
    plan = _run(case, *argv)
    assert plan.returncode == 0, plan.stdout + plan.stderr
    summary = json.loads(plan.stdout)["summary"]
    assert summary == {"add": 0, "change": 0, "remove": 0, "conflict": 0, "error": 0}


def _hooked_apply(case: Case, *, kill_at: int = 0, count: str = "", script: bool = False) -> int:
    """Run the apply under test through the kill hook (forked, or as a script); its exit code."""
    argv = [*case.apply(), "--project", str(case.project)]
    if not script:
        env = env_for(case.home)
        return killpoint.fork(argv, cwd=case.project, env=env, kill_at=kill_at, count=count)[0]
    hook = [sys.executable, KILLPOINT, "--kill-at", str(kill_at), "--count", count]
    done = subprocess.run(
        [*hook, *argv], cwd=case.project, env=env_for(case.home), capture_output=True, timeout=120
    )
    return done.returncode


def _steps(case: Case, template: str, *, script: bool = False) -> int:
    """Apply `template` through the hook, converge, and return how many durable steps it took."""
    case.configure(template)
    count = case.project.parent / "steps"
    assert _hooked_apply(case, count=str(count), script=script) == 0
    _converge(case)
    return int(count.read_text().split()[0])


def _stale_records(case: Case, unwanted: set[str]) -> int:
    """Count pending deletions a kill left; no settled record may name an absent entry.

    Apply saves its intent (pending records) before the file; what state claims is
    the records settled against the file (`state.settle`, as every plan does), and
    none of those may name an entry the file lacks (SPEC §6).
    """
    host = Host.current(case.project)
    paths = [case.project / ".aido" / "state.json", case.home / ".local/state/aido/state.json"]
    pending = 0
    for state_path in paths:
        records = load_state(state_path).records
        for adapter in {r.adapter for r in records}:
            location = ADAPTERS[adapter].location(Scope(case.scope), host)
            assert location is not None
            document = read_document(location.path, location.fmt)
            entries = document.get_map(location.map_path) or {}
            mine = [r for r in records if r.adapter == adapter]
            key = location.map_path
            claims = settle(mine, lambda m, d=document, k=key: d.get_map(m or k) or {})
            for record in claims:
                assert record.map_path or record.name in entries, f"state claims absent {record}"
            for record in mine:
                if record.pending and record.name not in entries:
                    assert record.name in unwanted, f"pending record of {record.name} not deleted"
                    pending += 1
    return pending


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
    steps = {}
    for n, template in enumerate((CONFIG_A, CONFIG_B, CONFIG_A, CONFIG_B)):
        steps[template] = _steps(case, template, script=n == 0)  # once as a fresh interpreter
        versions[template] = case.snapshot()
    assert versions[CONFIG_A] != versions[CONFIG_B]
    rng = random.Random(f"kill-{kind}")
    landed = {"old": 0, "new": 0}
    windows = {"pending deletion left by the kill": 0}
    for n in range(KILLS[kind]):
        template, other = (CONFIG_A, CONFIG_B) if n % 2 == 0 else (CONFIG_B, CONFIG_A)
        case.configure(template)
        step = rng.randint(1, steps[template])
        assert _hooked_apply(case, kill_at=step) == -signal.SIGKILL, step
        for path in case.files:
            raw = path.read_bytes()
            assert raw in (versions[other][path], versions[template][path]), path
            parse(path)
            landed["new" if raw == versions[template][path] else "old"] += 1
        # Only the toggled entries are ever deleted; a record left by an earlier kill may
        # linger while no apply has edited its file since.
        windows["pending deletion left by the kill"] += bool(_stale_records(case, TOGGLED))
        _converge(case)
        assert case.snapshot() == versions[template]
        assert _leftovers(case) == []
        # A stale record lingers only until the next apply that edits its file.
        assert template == CONFIG_B or _stale_records(case, set()) == 0
    seen = f"files seen {landed}, {windows}"
    print(f"\n{kind}: {KILLS[kind]} kills, of {sorted(steps.values())} steps; {seen}")
