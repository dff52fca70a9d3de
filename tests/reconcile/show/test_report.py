"""`aido report` over the plans of a dozen fixture repositories (fixtures/fleet/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from projects import FIXTURES, materialize  # fixtures/ is put on sys.path by tests/conftest.py
from syrupy.assertion import SnapshotAssertion

from aidokit.reconcile.cli.main import main
from tests.test_json_schemas import assert_valid

FLEET = FIXTURES / "fleet"
REPOS = sorted(p.name for p in FLEET.iterdir() if (p / "project").is_dir())
RUNNER = "/srv/ci"
MERGE = Path(__file__).resolve().parents[3] / "ci" / "aido-upstream.py"
Capture = pytest.CaptureFixture[str]
# Fixed identity and dates: the baseline's commit ids, and so the snapshot, are the same each run.
GIT_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_AUTHOR_NAME": "platform",
    "GIT_AUTHOR_EMAIL": "platform@acme.example",
    "GIT_COMMITTER_NAME": "platform",
    "GIT_COMMITTER_EMAIL": "platform@acme.example",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
}


def git(repo: Path, *argv: str) -> None:
    subprocess.run(["git", *argv], cwd=repo, env={**os.environ, **GIT_ENV}, check=True)


def commit_baseline(repo: Path, version: str) -> None:
    """Commit fixtures/fleet/baseline/<version>.toml as the baseline repository's aido.toml."""
    (repo / "aido.toml").write_bytes((FLEET / "baseline" / f"{version}.toml").read_bytes())
    git(repo, "add", "aido.toml")
    git(repo, "commit", "-q", "-m", version)


@pytest.fixture
def baseline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The platform team's baseline repository at v1; its `git+file://` source."""
    return baseline_repository(tmp_path, monkeypatch)


def baseline_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Make the baseline repository at v1 under tmp_path/org, allowed as a baseline root."""
    repo = tmp_path / "org" / "aido-base"
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    commit_baseline(repo, "v1")
    monkeypatch.setenv("AIDO_BASELINE_ROOTS", str(tmp_path / "org"))
    return f"git+file://{repo}#main:aido.toml"


def prepare(repo: str, dest: Path, baseline: str = "") -> Path:
    """Copy the repository, then run its steps.json: pin its baseline, an optional apply,
    then hand edits."""
    project = materialize(f"fleet/{repo}/project", dest)
    steps_file = FLEET / repo / "steps.json"
    steps = json.loads(steps_file.read_text("utf-8")) if steps_file.exists() else {}
    if steps.get("baseline"):
        toml = project / "aido.toml"
        toml.write_text(toml.read_text("utf-8").replace("@BASELINE@", baseline), "utf-8")
        assert main(["upgrade", "--baseline", "--project", str(project)]) == 0
    if steps.get("apply"):
        assert main(["apply", "--yes", "--project", str(project)]) == 0
    for edit in steps.get("edits", []):
        path = project / edit["file"]
        text = path.read_text("utf-8")
        assert edit["find"] in text, f"{repo}/steps.json: {edit['find']!r} not in {edit['file']}"
        path.write_text(text.replace(edit["find"], edit["replace"], 1), "utf-8")
    return project


@pytest.fixture
def artifacts(tmp_path: Path, capsys: Capture, baseline: str) -> Path:
    """One `<repo>/plan.json` per fixture repository, as a CI matrix would upload them.

    The repositories that extend the baseline pin v1; then v2 lands upstream, so
    each is one commit behind, measured as ci/aido-check.sh does (`aido outdated
    --baseline --json`, put into the plan by ci/aido-upstream.py).
    """
    folder = tmp_path / "artifacts"
    projects = {repo: prepare(repo, tmp_path / "repos" / repo, baseline) for repo in REPOS}
    commit_baseline(tmp_path / "org" / "aido-base", "v2")
    for repo, project in projects.items():
        (folder / repo).mkdir(parents=True)
        plan = folder / repo / "plan.json"
        extends = "extends" in (project / "aido.toml").read_text("utf-8")
        if extends:
            capsys.readouterr()
            main(["outdated", "--baseline", "--json", "--project", str(project)])
            (tmp_path / "outdated.json").write_text(capsys.readouterr().out, "utf-8")
        capsys.readouterr()
        main(["plan", "--json", "--detailed-exitcode", "--project", str(project)])
        plan.write_text(capsys.readouterr().out, "utf-8")
        if extends:
            merge = [sys.executable, str(MERGE), str(plan), str(tmp_path / "outdated.json")]
            subprocess.run(merge, check=True)
        # The baseline's folder differs each run: as a runner's fixed path, for the snapshot.
        plan.write_text(plan.read_text("utf-8").replace(str(tmp_path), RUNNER), "utf-8")
    (folder / "crashed").mkdir()
    (folder / "crashed" / "plan.json").write_text("", "utf-8")  # a job that died first
    capsys.readouterr()
    return folder


def report(capsys: Capture, *argv: str) -> str:
    capsys.readouterr()
    assert main(["report", *argv]) == 0
    return capsys.readouterr().out


def test_fleet_has_fifteen_repositories() -> None:
    """The fixture fleet holds fifteen repositories, failed and conflicting ones included, and
    three on the platform team's baseline."""
    assert len(REPOS) == 15
    assert {"billing", "search", "mobile", "platform", "sandbox", "tooling"} <= set(REPOS)


def test_markdown_report_of_the_fleet(
    artifacts: Path, capsys: Capture, snapshot: SnapshotAssertion
) -> None:
    """The Markdown report of the fleet's plans matches the reviewed snapshot."""
    assert report(capsys, str(artifacts)) == snapshot


def test_json_report_has_each_baseline_and_violation(artifacts: Path, capsys: Capture) -> None:
    """Per repository: the baseline it is on, pinned at v1 and one commit behind v2, and its
    policy violations: a hand-written denied package, a refused id; the rest have neither."""
    doc = json.loads(report(capsys, "--json", str(artifacts)))
    assert_valid("report", doc)
    rows = {r["name"]: r for r in doc["repositories"]}
    on_baseline = {name for name, r in rows.items() if r["baselines"]}
    assert on_baseline == {"platform", "sandbox", "tooling"}
    pins = {
        (b["commit"], b["latest"], b["behind"]) for n in on_baseline for b in rows[n]["baselines"]
    }
    [(commit, latest, behind)] = pins
    assert commit != latest and behind == 1
    assert rows["platform"]["status"] == "converged" and not rows["platform"]["policy_violations"]
    [hand] = rows["sandbox"]["policy_violations"]
    assert (hand["name"], hand["found"], hand["path"]) == ("scraper", "hand-written", ".mcp.json")
    assert hand["kind"] == "project" and hand["layer"].startswith("baseline git+file://")
    [asked] = rows["tooling"]["policy_violations"]
    assert (asked["name"], asked["found"], asked["rule"]) == (
        "puppeteer",
        "asked",
        "deny rule 'puppeteer'",
    )
    assert rows["tooling"]["status"] == "failed"
    others = set(rows) - on_baseline
    assert not any(rows[n]["policy_violations"] or rows[n]["baselines"] for n in others)


def test_json_report_validates_and_classifies(artifacts: Path, capsys: Capture) -> None:
    """The JSON report validates and says which repositories drifted, failed, conflict."""
    doc = json.loads(report(capsys, "--json", str(artifacts)))
    assert_valid("report", doc)
    status = {r["name"]: r["status"] for r in doc["repositories"]}
    failed = {"billing", "search", "crashed", "tooling"}
    assert {n for n, s in status.items() if s == "failed"} == failed
    assert {n for n, s in status.items() if s == "converged"} == {
        "api",
        "chat",
        "data-pipeline",
        "infra",
        "legacy",
        "platform",
        "sandbox",
    }
    assert [(c["repository"], c["name"]) for c in doc["conflicts"]] == [("mobile", "context7")]
    assert [(d["repository"], d["id"]) for d in doc["deprecated"]] == [("legacy", "puppeteer")]
    servers = {s["id"]: s for s in doc["servers"]}
    assert (
        "codex" in servers["context7"]["harnesses"] and "api" in servers["context7"]["repositories"]
    )


def test_files_and_folders_name_repositories_alike(artifacts: Path, capsys: Capture) -> None:
    """Naming plan files one by one gives the same report as naming their folder."""
    files = [str(p) for p in sorted(artifacts.glob("*/plan.json"))]
    assert report(capsys, *files) == report(capsys, str(artifacts))


def test_flat_plan_files_are_named_by_their_stem(tmp_path: Path, capsys: Capture) -> None:
    """`acme-api.json` in a folder is the repository `acme-api`."""
    project = prepare("infra", tmp_path / "infra")
    capsys.readouterr()
    main(["plan", "--json", "--project", str(project)])
    (tmp_path / "plans").mkdir()
    (tmp_path / "plans" / "acme-infra.json").write_text(capsys.readouterr().out, "utf-8")
    doc = json.loads(report(capsys, "--json", str(tmp_path / "plans")))
    assert [r["name"] for r in doc["repositories"]] == ["acme-infra"]


def test_no_plans_is_an_error(tmp_path: Path, capsys: Capture) -> None:
    """An empty folder or a missing path exits 1 naming what to pass."""
    assert main(["report", str(tmp_path)]) == 1
    assert "no plan files" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "nope")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_outdated_entries_are_the_updates(tmp_path: Path, capsys: Capture) -> None:
    """An `update` change (aido.toml or the catalog changed the entry) is listed as outdated."""
    project = prepare("storefront", tmp_path / "storefront")
    capsys.readouterr()
    main(["plan", "--json", "--project", str(project)])
    doc = json.loads(capsys.readouterr().out)
    doc["files"][0]["changes"][0]["action"] = "update"  # what an upgraded catalog yields
    (tmp_path / "storefront.json").write_text(json.dumps(doc), "utf-8")
    out = json.loads(report(capsys, "--json", str(tmp_path / "storefront.json")))
    assert [o["repository"] for o in out["outdated"]] == ["storefront"]
