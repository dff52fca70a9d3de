"""The GitHub job summary of one drift check, and the short `--summary` fix lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters.base import Format, Scope
from aidokit.reconcile.plan.model import Action, FileChange, Plan
from aidokit.reconcile.plan.model import Change as PlanChange
from aidokit.reconcile.show.artifact import Change, FieldDiff, JobError, PlanDoc, PlannedFile
from aidokit.reconcile.show.job_summary import render_job_summary
from aidokit.reconcile.show.summary import render_summary
from tests.fuzz import fuzz_settings

ROOT = Path("/home/runner/work/shop/shop")


def change(action: str, name: str, **extra: object) -> Change:
    fields: dict[str, object] = {"id": name, "reason": "always", "hint": None, "in_map": False}
    return Change(action=action, name=name, **{**fields, **extra})  # type: ignore[arg-type]


def doc(*files: PlannedFile, project: Path = ROOT, **counts: int) -> PlanDoc:
    keys = ("add", "change", "remove", "conflict", "error")
    return PlanDoc(project=str(project), counts={k: counts.get(k, 0) for k in keys}, files=files)


def planned(path: str, *changes: Change, error: str | None = None) -> PlannedFile:
    return PlannedFile("claude-code", path, error, changes, ())


def test_conflicts_alone_never_say_apply() -> None:
    """A conflict is not fixed by apply: the summary says how, without `aido apply`."""
    conflict = change("conflict", "github", reason="not aido's", hint="aido adopt github")
    text = render_job_summary(doc(planned(".mcp.json", conflict), conflict=1), name="x", root=ROOT)
    assert "aido apply" not in text and "`aido plan` names each way out" in text
    assert "| .mcp.json | claude-code | 0 | 0 | 0 | 1 | \\! github |" in text
    assert "hint: aido adopt github" in text


def test_changes_and_a_conflict_say_both() -> None:
    """Changes and a conflict: apply for the changes, the plan for the conflict."""
    files = planned(".mcp.json", change("create", "context7"), change("conflict", "github"))
    text = render_job_summary(doc(files, add=1, conflict=1), name="x", root=ROOT)
    assert "Fix: run `aido apply` and commit the result." in text
    assert "**1** to add, **0** to change, **0** to remove, **1** conflict." in text


def test_a_subfolder_project_is_named_and_its_paths_are_the_repositorys() -> None:
    """A project below the workspace: its files and the fix name the folder, relative."""
    files = planned(
        ".mcp.json", change("update", "context7", diff=(FieldDiff("changed", "url", "a", "b"),))
    )
    text = render_job_summary(
        doc(files, project=ROOT / "web", change=1), name="acme/shop/web", root=ROOT
    )
    assert text.startswith("### aido: MCP config drifted in acme/shop/web\n")
    assert "| web/.mcp.json | claude-code | 0 | 1 |" in text
    assert "run `aido apply --project web`" in text
    assert '~ url: "a" -> "b"' in text and str(ROOT) not in text


def test_a_job_error_names_file_and_line_relative() -> None:
    """An aido.toml error: the file relative to the repository, its line, no runner path."""
    error = JobError(
        f"{ROOT}/aido.toml is not valid TOML: x (at line 3, column 1)",
        code="config",
        path=str(ROOT / "aido.toml"),
        line=3,
    )
    text = render_job_summary(error, name="acme/shop", root=ROOT)
    assert text == (
        "### aido: the check failed in acme/shop\n\n"
        "**Error** (aido.toml, line 3): aido.toml is not valid TOML: x (at line 3, column 1)\n"
    )


def test_a_document_that_is_no_plan_is_the_failure() -> None:
    """The job left no plan: the summary says why, as the report would."""
    text = render_job_summary("plan.json is gone; the job left no plan", name="x", root=ROOT)
    assert text.startswith("### aido: the check failed in x\n")


@fuzz_settings(200)
@given(
    name=st.text(max_size=30),
    entry=st.text(min_size=1, max_size=30),
    value=st.text(max_size=40),
    error=st.none() | st.text(max_size=40),
)
def test_nothing_from_the_files_escapes_its_cell_or_its_fence(
    name: str, entry: str, value: str, error: str | None
) -> None:
    """Names, values and errors from the repository's files stay text: no HTML of theirs, no
    table row broken, no fence closed early."""
    files = planned(".mcp.json", change("create", entry, after={"url": value}), error=error)
    text = render_job_summary(doc(files, add=1, error=int(error is not None)), name=name, root=ROOT)
    fence = re.search(r"^(`{3,})diff$", text, re.M)
    assert fence and text.count("\n" + fence.group(1) + "\n") == 1
    outside = text[: fence.start()] + text.split("\n" + fence.group(1) + "\n")[1]
    assert re.findall(r"<[^ ]", outside) == ["<d", "<s", "</", "</"]  # <details>, <summary>
    rows = [line for line in text.splitlines() if line.startswith("| .mcp.json |")]
    assert len(rows) == 1 and len(re.findall(r"(?<!\\)\|", rows[0])) == 8


def plan(*actions: Action, error: str | None = None) -> Plan:
    changes = tuple(PlanChange(action=a, name=f"e{n}", id=None) for n, a in enumerate(actions))
    file = FileChange(
        adapter="claude-code",
        scope=Scope.PROJECT,
        path=".mcp.json",
        abs_path="/p/.mcp.json",
        fmt=Format.JSON,
        map_path=("mcpServers",),
        state_path="/s",
        record_path=".mcp.json",
        digest="",
        changes=changes,
        error=error,
    )
    return Plan(project="/p", scope=Scope.PROJECT, files=(file,))


def test_short_summary_says_apply_only_when_apply_fixes_it() -> None:
    """`aido plan --summary`: apply for changes; not for a conflict alone, nor for an error."""
    assert "Fix: run `aido apply`" in render_summary(plan(Action.CREATE, Action.CONFLICT))
    conflict = render_summary(plan(Action.CONFLICT))
    assert "aido apply" not in conflict and "Conflicts are never overwritten" in conflict
    broken = render_summary(plan(error="not JSON"))
    assert "aido apply" not in broken and "Fix: repair the file(s)" in broken


def test_the_job_summary_names_each_entry_a_policy_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The policy's entries by id (issue 54 item 5): a suggested entry it leaves out is in
    the plan's JSON (found "left-out", valid against plan.schema.json) and the job summary
    names it with its harness, rule and layer; an entry aido.toml asks for and the policy
    refuses is named under the error; neither counts as drift."""
    import json

    from jsonschema import Draft202012Validator

    from aidokit.reconcile.show.artifact import plan_doc
    from tests.helpers import aido, new_project

    toml = 'adapters = ["claude-code", "cursor"]\n[mcp]\nadd = ["context7"]\n'
    policy = '[policy]\ndeny = ["sequential-thinking"]\n'
    project = new_project(tmp_path, toml + policy)
    (project / ".cursor").mkdir()
    capsys.readouterr()
    assert aido(project, "plan", "--json") == 0
    document = json.loads(capsys.readouterr().out)
    schema = Path(__file__).parents[3] / "docs" / "schemas" / "plan.schema.json"
    Draft202012Validator(json.loads(schema.read_text())).validate(document)
    left = [v for v in document["policy_violations"] if v["found"] == "left-out"]
    assert {(v["name"], v["adapter"]) for v in left} == {
        ("sequential-thinking", "claude-code"),
        ("sequential-thinking", "cursor"),
    }
    assert "policy" not in document["summary"]
    parsed = plan_doc(document)
    assert isinstance(parsed, PlanDoc)
    text = render_job_summary(parsed, name="acme/shop", root=project)
    assert "Left out by policy (suggested, not installed):" in text
    assert (
        "- `sequential-thinking` (cursor): deny rule 'sequential-thinking' in aido.toml "
        "(project policy)" in text
    )
    asked = new_project(tmp_path, toml.replace('"context7"', '"context7", "time"')
                        + '[policy]\ndeny = ["time"]\n', folder="asked")  # fmt: skip
    assert aido(asked, "plan", "--json") == 1
    error = plan_doc(json.loads(capsys.readouterr().out))
    assert isinstance(error, JobError)
    text = render_job_summary(error, name="acme/shop", root=asked)
    assert "Refused by policy (a layer asks for it):" in text
    assert "- `time` (" in text and "deny rule 'time' in aido.toml" in text
