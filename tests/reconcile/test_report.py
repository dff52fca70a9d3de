"""`aido report` over the plans of a dozen fixture repositories (fixtures/fleet/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projects import FIXTURES, materialize  # fixtures/ is put on sys.path by tests/conftest.py
from syrupy.assertion import SnapshotAssertion

from aidokit.reconcile.cli.main import main
from tests.test_json_schemas import assert_valid

FLEET = FIXTURES / "fleet"
REPOS = sorted(p.name for p in FLEET.iterdir() if (p / "project").is_dir())
Capture = pytest.CaptureFixture[str]


def prepare(repo: str, dest: Path) -> Path:
    """Copy the repository, then run its steps.json: an optional apply, then hand edits."""
    project = materialize(f"fleet/{repo}/project", dest)
    steps_file = FLEET / repo / "steps.json"
    steps = json.loads(steps_file.read_text("utf-8")) if steps_file.exists() else {}
    if steps.get("apply"):
        assert main(["apply", "--yes", "--project", str(project)]) == 0
    for edit in steps.get("edits", []):
        path = project / edit["file"]
        text = path.read_text("utf-8")
        assert edit["find"] in text, f"{repo}/steps.json: {edit['find']!r} not in {edit['file']}"
        path.write_text(text.replace(edit["find"], edit["replace"], 1), "utf-8")
    return project


@pytest.fixture
def artifacts(tmp_path: Path, capsys: Capture) -> Path:
    """One `<repo>/plan.json` per fixture repository, as a CI matrix would upload them."""
    folder = tmp_path / "artifacts"
    for repo in REPOS:
        project = prepare(repo, tmp_path / "repos" / repo)
        capsys.readouterr()
        main(["plan", "--json", "--detailed-exitcode", "--project", str(project)])
        (folder / repo).mkdir(parents=True)
        (folder / repo / "plan.json").write_text(capsys.readouterr().out, "utf-8")
    (folder / "crashed").mkdir()
    (folder / "crashed" / "plan.json").write_text("", "utf-8")  # a job that died first
    capsys.readouterr()
    return folder


def report(capsys: Capture, *argv: str) -> str:
    capsys.readouterr()
    assert main(["report", *argv]) == 0
    return capsys.readouterr().out


def test_fleet_has_a_dozen_repositories() -> None:
    """The fixture fleet holds twelve repositories, failed and conflicting ones included."""
    assert len(REPOS) == 12
    assert {"billing", "search", "mobile"} <= set(REPOS)


def test_markdown_report_of_the_fleet(
    artifacts: Path, capsys: Capture, snapshot: SnapshotAssertion
) -> None:
    """The Markdown report of the fleet's plans matches the reviewed snapshot."""
    assert report(capsys, str(artifacts)) == snapshot


def test_json_report_validates_and_classifies(artifacts: Path, capsys: Capture) -> None:
    """The JSON report validates and says which repositories drifted, failed, conflict."""
    doc = json.loads(report(capsys, "--json", str(artifacts)))
    assert_valid("report", doc)
    status = {r["name"]: r["status"] for r in doc["repositories"]}
    assert {n for n, s in status.items() if s == "failed"} == {"billing", "search", "crashed"}
    assert {n for n, s in status.items() if s == "converged"} == {
        "api",
        "chat",
        "data-pipeline",
        "infra",
        "legacy",
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
