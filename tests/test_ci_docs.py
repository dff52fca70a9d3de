"""docs/ci.md's GitHub and GitLab recipes, run as far as they run offline.

Only the steps that reach the network are stood in for: `apt-get` and `pip`
(aido is already installed here; the pinned-commit pip line itself is run by
tests/test_install.py), `git clone` (a copy of a fixtures/fleet repository),
and GitHub's checkout/upload/download actions (folder copies). Every `aido`
line and the Action's own check step run for real.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from tests.reconcile.show.test_report import baseline_repository, prepare
from tests.test_ci import environ, github_env, outputs, run_step

ROOT = Path(__file__).resolve().parent.parent
YAML_FENCE = re.compile(r"^```yaml\n(.*?)^```", re.M | re.S)
SHIMS = {
    "apt-get": "exit 0\n",
    "pip": 'echo "pip $*" >>"$SHIM_LOG"\n',
    # `git clone ... URL DEST`: a copy of the fixture repository named by the URL's last part.
    "git": (
        'if [ "$1" = clone ]; then\n'
        '  url="${@: -2:1}"; name="$(basename "$url" .git)"\n'
        '  cp -R "$FLEET_REPOS/$name" "${@: -1}"; echo "git clone $url" >>"$SHIM_LOG"; exit 0\n'
        "fi\n"
        'exec "$REAL_GIT" "$@"\n'
    ),
}


def recipes() -> list[dict[str, Any]]:
    """Every YAML block of docs/ci.md, parsed."""
    text = (ROOT / "docs" / "ci.md").read_text("utf-8")
    return [YAML(typ="safe").load(block) for block in YAML_FENCE.findall(text)]


def gitlab_jobs() -> dict[str, dict[str, Any]]:
    """Every GitLab job (a mapping with a `script:` list) across the GitLab recipes."""
    return {
        name: job
        for doc in recipes()
        if isinstance(doc, dict) and "jobs" not in doc
        for name, job in doc.items()
        if isinstance(job, dict) and "script" in job
    }


def github_workflow(name: str) -> dict[str, Any]:
    return next(d for d in recipes() if isinstance(d, dict) and d.get("name") == name)


@pytest.fixture
def shims(tmp_path: Path) -> dict[str, str]:
    """A PATH with stand-ins for the network steps, and where they log what they were asked."""
    folder = tmp_path / "shims"
    folder.mkdir()
    for name, body in SHIMS.items():
        (folder / name).write_text("#!/usr/bin/env bash\n" + body)
        (folder / name).chmod(0o755)
    return {
        "SHIM_DIR": str(folder),
        "SHIM_LOG": str(tmp_path / "shims.log"),
        "REAL_GIT": shutil.which("git") or "git",
        "FLEET_REPOS": str(tmp_path / "fleet"),
    }


def gitlab_job(
    job: dict[str, Any], cwd: Path, home: Path, shims: dict[str, str], **variables: str
) -> subprocess.CompletedProcess[str]:
    """Run a job's script lines like a GitLab runner: in order, stopping at the first failure."""
    env = environ(home, **shims, CI_JOB_TOKEN="job-token", **job.get("variables", {}))
    env.update(variables, PATH=f"{shims['SHIM_DIR']}:{env['PATH']}")
    script = "set -e\n" + "\n".join(job["script"])
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True)


def test_gitlab_drift_job_fails_on_drift_and_passes_converged(
    fixture_project: Any, sandbox_home: Path, shims: dict[str, str]
) -> None:
    """`aido-drift`: the pinned pip line, then the check: exit 2 on drift, 0 once applied."""
    job = gitlab_jobs()["aido-drift"]
    project = fixture_project("demo-project")
    result = gitlab_job(job, project, sandbox_home, shims)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Fix: run `aido apply`" in result.stdout and "# .mcp.json" in result.stdout
    log = Path(shims["SHIM_LOG"]).read_text()
    assert "pip install aidokit @ git+https://github.com/aidokit/aidokit@<commit-sha>" in log
    env = environ(sandbox_home)
    subprocess.run(["aido", "apply", "--yes"], cwd=project, env=env, check=True)
    assert gitlab_job(job, project, sandbox_home, shims).returncode == 0


@pytest.fixture
def baseline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The fleet's baseline repository at v1 (tests/reconcile/show/test_report.py)."""
    return baseline_repository(tmp_path, monkeypatch)


def test_gitlab_fleet_matrix_then_report(
    tmp_path: Path, sandbox_home: Path, shims: dict[str, str], baseline: str
) -> None:
    """`aido-fleet` per matrix REPO leaves plans as artifacts; `aido-report` reads them all.

    Each job runs on a fresh runner: a home with no copy of the baseline a repository
    extends (acme/platform), which the job's `aido outdated --baseline` fetches first.
    """
    jobs = gitlab_jobs()
    repos = jobs["aido-fleet"]["parallel"]["matrix"][0]["REPO"]
    assert len(repos) == 4 and "acme/platform" in repos
    artifacts = tmp_path / "report-job"
    artifacts.mkdir()
    roots = {"AIDO_BASELINE_ROOTS": str(Path(baseline.removeprefix("git+file://")).parent)}
    for repo in repos:
        prepare(repo.split("/")[-1], Path(shims["FLEET_REPOS"]) / repo.split("/")[-1], baseline)
        job_dir = tmp_path / "jobs" / repo
        job_dir.mkdir(parents=True)
        runner = tmp_path / "runners" / repo
        runner.mkdir(parents=True)
        result = gitlab_job(jobs["aido-fleet"], job_dir, runner, shims, REPO=repo, **roots)
        assert result.returncode in (0, 2), result.stderr  # drift fails the job, plan saved
        shutil.copytree(job_dir / "plans", artifacts / "plans", dirs_exist_ok=True)
    result = gitlab_job(jobs["aido-report"], artifacts, sandbox_home, shims)
    assert result.returncode == 0, result.stderr
    report = (artifacts / "fleet.md").read_text()
    assert report.startswith("# aido fleet report") and "4 repositories" in report
    for repo in repos:
        assert f"| {repo} |" in report
    assert (artifacts / "fleet.json").read_text().startswith("{")


def action_step(step: dict[str, Any]) -> bool:
    return str(step.get("uses", "")).startswith("aidokit/aidokit@")


def test_github_drift_workflow_runs_the_action(
    fixture_project: Any, sandbox_home: Path, tmp_path: Path
) -> None:
    """`aido.yml`: the Action with the documented inputs fails on drift and sets its outputs."""
    workflow = github_workflow("aido")
    assert workflow["jobs"]["drift"]["strategy"]["matrix"]["os"] == [
        "ubuntu-latest",
        "macos-latest",
        "windows-latest",
    ]
    step = next(s for s in workflow["jobs"]["drift"]["steps"] if action_step(s))
    workspace = fixture_project("demo-project")
    env = github_env(tmp_path, sandbox_home, workspace, **step.get("with", {}))
    result = run_step(env, workspace)
    assert result.returncode == 2, result.stdout + result.stderr
    assert outputs(tmp_path)["drifted"] == "true"


def test_github_fleet_workflow_matrix_then_report(
    tmp_path: Path, sandbox_home: Path, shims: dict[str, str]
) -> None:
    """`aido-fleet.yml`: each matrix repo's plan uploaded, the report job's summary from them."""
    workflow = github_workflow("aido fleet")
    drift, report = workflow["jobs"]["drift"], workflow["jobs"]["report"]
    assert drift["strategy"]["fail-fast"] is False and report["needs"] == "drift"
    upload = next(s for s in drift["steps"] if "upload-artifact" in str(s.get("uses")))
    assert upload["with"]["path"] == "${{ steps.aido.outputs.plan-json }}"
    download = tmp_path / "report-job" / "plans"
    for repo in drift["strategy"]["matrix"]["repo"]:
        workspace = prepare(repo, tmp_path / "checkouts" / repo)
        job_tmp = tmp_path / "runner" / repo
        job_tmp.mkdir(parents=True)
        result = run_step(github_env(job_tmp, sandbox_home, workspace), workspace)
        assert result.returncode in (0, 2), result.stdout + result.stderr
        plan = Path(outputs(job_tmp)["plan-json"])
        (download / repo).mkdir(parents=True)
        shutil.copy(plan, download / repo / plan.name)  # upload, then download-artifact
    summary = tmp_path / "summary.md"
    env = environ(sandbox_home, **shims, GITHUB_STEP_SUMMARY=str(summary))
    env["PATH"] = f"{shims['SHIM_DIR']}:{env['PATH']}"
    for step in report["steps"]:
        if "run" in step:
            subprocess.run(
                ["bash", "-e", "-c", step["run"]], cwd=download.parent, env=env, check=True
            )
    text = summary.read_text()
    assert text.startswith("# aido fleet report") and "3 repositories" in text
