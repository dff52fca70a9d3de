"""Entries outside policy that aido did not write (SPEC §7): doctor fails, the plan lists them,
and the CI artifact carries them as `policy_violations` for `aido report`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from aidokit.reconcile.show.artifact import JobError, PlanDoc, read_artifact
from tests.helpers import aido, new_project

ROOT = Path(__file__).resolve().parents[3]
BASE = 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["memory"]\n'
# A user's own .mcp.json: comments are not JSON, so odd spacing and a CRLF stand for the care.
MCP_JSON = (
    '{\r\n  "mcpServers": {\r\n    "evil": {"command": "npx", "args": ["-y", "@evil/tool@1.0.0"]},'
    '\r\n    "memory": {"command": "npx",'
    ' "args": ["-y", "@modelcontextprotocol/server-memory@1.0.0"]},'
    '\r\n    "web": {"type": "http", "url": "https://mcp.Evil.example.net/mcp"}\r\n  }\r\n}\r\n'
)


def managed(text: str) -> None:
    path = Path(os.environ["AIDO_POLICY_FILE"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def valid(name: str, doc: object) -> None:
    schema = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text())
    problems = [e.message for e in Draft202012Validator(schema).iter_errors(doc)]
    assert not problems, problems


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = new_project(tmp_path, BASE)
    (root / ".mcp.json").write_bytes(MCP_JSON.encode())
    return root


def test_doctor_fails_on_hand_written_entries_outside_policy(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand-written entry a deny rule names is a doctor error naming the file and the rule."""
    managed('[policy]\ndeny = ["npm:@evil/*", "host:*.example.net"]\n')
    assert aido(project, "doctor") == 1
    out = capsys.readouterr().out
    assert "'evil' in .mcp.json (claude-code), not written by aido, is outside policy" in out
    assert "deny rule 'npm:@evil/*'" in out and "deny rule 'host:*.example.net'" in out
    assert "'memory' in .mcp.json" not in out


def test_the_plan_lists_them_and_leaves_the_file_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`plan --json` carries `policy_violations` (schema-valid); the user's bytes stay."""
    managed('[policy]\ndeny = ["npm:@evil/*"]\n')
    assert aido(project, "plan", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    valid("plan", doc)
    assert doc["policy_violations"] == [
        {
            "name": "evil",
            "adapter": "claude-code",
            "rule": "deny rule 'npm:@evil/*'",
            "layer": os.environ["AIDO_POLICY_FILE"],
            "kind": "managed",
            "found": "hand-written",
            "path": ".mcp.json",
        }
    ]
    assert (project / ".mcp.json").read_bytes() == MCP_JSON.encode()


def test_a_hand_written_catalog_entry_is_judged_as_that_entry(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`memory` running the catalog's package is admitted by `allow = ["memory"]`; the others,
    custom by what they run, are not (an id never admits a custom server)."""
    managed('[policy]\nallow = ["memory"]\n')
    assert aido(project, "plan", "--json") == 0
    names = [v["name"] for v in json.loads(capsys.readouterr().out)["policy_violations"]]
    assert names == ["evil", "web"]


def test_aidos_own_entries_are_not_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry aido owns is the plan's to judge (it deletes it): never a hand-written one."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert "context7" in json.loads((project / ".mcp.json").read_text())["mcpServers"]
    managed('[policy]\ndeny = ["host:mcp.context7.com"]\n')
    capsys.readouterr()
    assert aido(project, "plan", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    found = {v["found"] for v in doc.get("policy_violations", [])}
    assert found == {"left-out"}  # context7, left out by the plan; no hand-written one
    actions = {c["name"]: c["action"] for f in doc["files"] for c in f["changes"]}
    assert actions["context7"] == "delete"
    assert aido(project, "doctor") == 0


def test_the_artifact_carries_violations_of_a_plan_and_of_a_refusal(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido report` reads `policy_violations` from a plan, and from a refusal's error details."""
    managed('[policy]\ndeny = ["npm:@evil/*"]\n')
    assert aido(project, "plan", "--json") == 0
    artifact = tmp_path / "plan.json"
    artifact.write_text(capsys.readouterr().out)
    doc = read_artifact(artifact)
    assert isinstance(doc, PlanDoc)
    assert [(v.name, v.found, v.path) for v in doc.policy_violations] == [
        ("evil", "hand-written", ".mcp.json")
    ]
    managed('[policy]\ndeny = ["memory"]\n')
    assert aido(project, "plan", "--json") == 1
    error = json.loads(capsys.readouterr().out)
    valid("error", error)
    artifact.write_text(json.dumps(error))
    refused = read_artifact(artifact)
    assert isinstance(refused, JobError) and refused.code == "policy"
    assert [(v.name, v.rule, v.kind, v.found) for v in refused.policy_violations] == [
        ("memory", "deny rule 'memory'", "managed", "asked")
    ]


@pytest.mark.parametrize(
    ("violations", "message"),
    [
        ("3", "policy_violations is an integer, not a list"),
        ('["x"]', "policy_violations[0] is the string 'x', not an object"),
        ('[{"name": "a"}]', "policy_violations[0].adapter is missing"),
    ],
)
def test_a_wrong_shaped_violation_list_is_that_artifacts_error(
    tmp_path: Path, violations: str, message: str
) -> None:
    """Artifacts are outside input (SPEC §7): a wrong shape fails that repository, by field."""
    artifact = tmp_path / "plan.json"
    artifact.write_text(
        '{"format_version": 1, "project": "p", "files": [], "summary": {},'
        f' "policy_violations": {violations}}}'
    )
    found = read_artifact(artifact)
    assert isinstance(found, str) and message in found


# Nothing desired: the file holds only the user's servers, so the plan is otherwise converged.
OWN_ONLY = 'adapters = ["claude-code"]\nsuggest = false\n'


def test_a_server_outside_policy_is_pending_drift(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 49 §4: a hand-written server policy refuses shows in the text plan (rule and
    layer named), counts in `--json`'s summary, and makes `--detailed-exitcode` exit 2."""
    (project / "aido.toml").write_text(OWN_ONLY, encoding="utf-8")
    managed('[policy]\ndeny = ["npm:@evil/*"]\n')
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    out = capsys.readouterr().out
    layer = os.environ["AIDO_POLICY_FILE"]
    assert f"! evil in .mcp.json (claude-code): deny rule 'npm:@evil/*' in {layer}" in out
    assert "No changes" not in out and "1 server outside policy." in out
    assert aido(project, "plan", "--json", "--detailed-exitcode") == 2
    doc = json.loads(capsys.readouterr().out)
    valid("plan", doc)
    assert doc["summary"]["policy"] == 1
    assert (project / ".mcp.json").read_bytes() == MCP_JSON.encode()


def test_the_pre_commit_hook_fails_on_a_server_outside_policy(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hook's own command (.pre-commit-hooks.yaml) fails and names the server and rule."""
    import yaml

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    [hook] = [hook for hook in hooks if hook["id"] == "aido-check"]
    argv = hook["entry"].split()[1:]
    (project / "aido.toml").write_text(OWN_ONLY, encoding="utf-8")
    assert aido(project, *argv) == 0
    managed('[policy]\ndeny = ["host:*.example.net"]\n')
    capsys.readouterr()
    assert aido(project, *argv) == 2
    out = capsys.readouterr().out
    assert ".mcp.json (claude-code): ! web outside policy: deny rule 'host:*.example.net'" in out


def test_the_job_summary_names_a_server_outside_policy(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido report --job-summary` shows drift, naming the server, rule and layer."""
    (project / "aido.toml").write_text(OWN_ONLY, encoding="utf-8")
    managed('[policy]\ndeny = ["npm:@evil/*"]\n')
    capsys.readouterr()
    aido(project, "plan", "--json")
    artifact = tmp_path / "plan.json"
    artifact.write_text(capsys.readouterr().out)
    assert aido(project, "report", "--job-summary", "--name", "proj", str(artifact)) == 0
    out = capsys.readouterr().out
    assert "drifted" in out and "converged" not in out
    assert "`evil`" in out and "deny rule 'npm:@evil/\\*'" in out  # Markdown-escaped
    assert "**1** outside policy" in out
