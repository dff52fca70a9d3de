"""SPEC §7 input hardening: ids, names, paths and values that reach a file are checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters.base import Format, Scope
from aidokit.reconcile.checks import hardening
from aidokit.reconcile.core.errors import SecurityError
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan
from aidokit.reconcile.write.apply import check_values
from tests.helpers import aido, new_project, saved_plan


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path)


def plan_error(project: Path, toml: str, capsys: pytest.CaptureFixture[str]) -> str:
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n' + toml)
    assert aido(project, "plan") == 1
    assert not (project / ".mcp.json").exists()
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "key", ['"a\\"b"', '"a.b"', '"a\\nb"', '"a]b"', '"../x"', '"A"', '"-x"', '"a b"']
)
def test_custom_ids_that_could_inject_keys_are_rejected(
    project: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[custom."<id>"]` with quotes, dots, newlines, `]`, traversal or capitals is an error."""
    err = plan_error(project, f'[custom.{key}]\nurl = "https://e.com/mcp"\n', capsys)
    assert "invalid id" in err


@pytest.mark.parametrize("bad", ['a"b', "a.b", "a\nb", "a]b", "../x", "x/../../y", "é"])
def test_mcp_add_rejects_injected_ids(
    project: Path, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido mcp add` refuses ids that are not slugs and leaves aido.toml absent."""
    assert aido(project, "mcp", "add", bad, "--custom-url", "https://e.com/mcp") == 1
    assert "invalid id" in capsys.readouterr().err
    assert not (project / "aido.toml").exists()


@pytest.mark.parametrize(
    ("toml", "needle"),
    [
        ('url = "https://e.com/m\\u0000cp"', "control character"),
        ('url = "https://e.com/\\u202emcp"', "control character"),
        ('url = "https://e.com/mcp"\nheaders = {X = "a\\r\\nInjected: 1"}', "control character"),
        ('url = "https://e.com/mcp"\nheaders = {"X Y" = "1"}', "not a valid HTTP header"),
        ('command = "npx"\nargs = ["ok", "bad\\u001b[2J"]', "argument 1"),
        ('command = "np\\nx"', "control character"),
        ('command = "npx"\nenv = {A = "x\\u0007"}', "control character"),
    ],
)
def test_control_characters_are_rejected(
    project: Path, toml: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Control, escape and bidi characters in urls, headers, args, commands and env fail."""
    err = plan_error(project, f"[custom.x]\n{toml}\n", capsys)
    assert needle in err and "aido.toml" in err


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/mcp",
        "http://localhost.evil.io/mcp",
        "http://127.0.0.1.nip.io/mcp",
        "ftp://example.com",
        "https://user:pass@example.com/mcp",
        "https:///nohost",
    ],
)
def test_unsafe_urls_are_rejected(url: str) -> None:
    """Only https, or http to loopback, without credentials, is accepted."""
    assert hardening.url_problem(url) is not None


@pytest.mark.parametrize(
    "url", ["https://mcp.example.com/mcp", "http://localhost:8080/mcp", "http://127.0.0.5/x",
            "http://[::1]:3000/mcp"],
)  # fmt: skip
def test_safe_urls_are_accepted(url: str) -> None:
    """https anywhere, http to localhost, 127.0.0.0/8 and ::1."""
    assert hardening.url_problem(url) is None


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Authorization", "Bearer abc123def456ghi789"),
        ("Authorization", "Basic dXNlcjpwYXNz"),
        ("X-Api-Key", "0123456789abcdef"),
        ("X-Token", "ghp_abcdefghijklmnopqrstuvwxyz0123"),
        ("X-Token", "sk-proj-abcdefghijklmnop"),
        ("X-Slack", "xoxb-1234567890-abcdefghij"),
        ("X-Other", "Zq8vR2mN5xK9wL3pT7yH1cF6bJ4dG0sA"),
        ("Authorization", "Bearer ${API_TOKEN} ghp_abcdefghijklmnopqrstuvwxyz0123"),
    ],
)
def test_literal_secret_headers_are_refused(name: str, value: str) -> None:
    """Headers that look like literal secrets are refused with an env-reference hint."""
    problem = hardening.header_problem(name, value)
    assert problem is not None and "${API_TOKEN}" in problem


@pytest.mark.parametrize(
    ("name", "value"),
    [("Authorization", "Bearer ${API_TOKEN}"), ("Accept", "application/json"), ("X-Org", "acme")],
)
def test_reference_and_plain_headers_are_accepted(name: str, value: str) -> None:
    """Env references and ordinary header values pass."""
    assert hardening.header_problem(name, value) is None


def test_literal_secret_in_env_is_refused(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`env = {API_KEY = "..."}` would commit a secret; it must be `${API_KEY}`."""
    err = plan_error(project, '[custom.x]\ncommand = "npx"\nenv = {API_KEY = "hunter2"}\n', capsys)
    assert "literal secret" in err and "${API_KEY}" in err


def test_custom_needs_exactly_one_kind(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A custom server is a url or a command, not both and not neither."""
    both = '[custom.x]\nurl = "https://e.com"\ncommand = "npx"\n'
    assert "exactly one of" in plan_error(project, both, capsys)
    assert "exactly one of" in plan_error(project, '[custom.x]\ntransport = "sse"\n', capsys)


def test_error_names_file_line_and_field(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The error names aido.toml, the line and the dotted key."""
    err = plan_error(project, '\n[custom.x]\nurl = "http://example.com"\n', capsys)
    assert "'custom.x.url' at aido.toml:4" in err and "must use https" in err


def _plan_with(change: Change, tmp_path: Path) -> Plan:
    file = FileChange(
        adapter="claude-code", scope=Scope.PROJECT, path=".mcp.json",
        abs_path=str(tmp_path / ".mcp.json"), fmt=Format.JSON, map_path=("mcpServers",),
        state_path=str(tmp_path / ".aido/state.json"), record_path=".mcp.json", digest="absent",
        changes=(change,),
    )  # fmt: skip
    return Plan(project=str(tmp_path), scope=Scope.PROJECT, files=(file,))


@pytest.mark.parametrize(
    ("name", "after"),
    [
        ('a"b', {"command": "x"}),
        ("a.b", {"command": "x"}),
        ("../x", {"command": "x"}),
        ("ok", {"command": "x\n"}),
        ("ok", {"command": "x", "env": {"A\u0000": "1"}}),
        ("ok", {"command": "x", "args": ["\u2028"]}),
    ],
)
def test_apply_refuses_injected_names_and_values(
    tmp_path: Path, name: str, after: dict[str, object]
) -> None:
    """Apply's last check refuses names and values that could inject keys or controls."""
    change = Change(action=Action.CREATE, name=name, id=name, after=after)
    with pytest.raises(SecurityError):
        check_values(_plan_with(change, tmp_path))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("abs_path", "/etc/passwd"),
        ("state_path", "/tmp/elsewhere/state.json"),
        ("record_path", "../../outside.json"),
        ("map_path", ["other"]),
        ("adapter", "no-such-adapter"),
    ],
)
def test_saved_plan_with_tampered_paths_is_refused(
    tmp_path: Path, field: str, value: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan with a file, state or map path written into it (it names files by
    address), another state key or an unknown adapter is refused, nothing written."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    saved, data = saved_plan(project)
    data["files"][0][field] = value
    saved.write_text(json.dumps(data))
    assert aido(project, "apply", str(saved)) == 1
    assert f"run aido plan --out {saved}" in capsys.readouterr().err
    assert sorted(p.name for p in project.iterdir()) == ["aido.toml"]
