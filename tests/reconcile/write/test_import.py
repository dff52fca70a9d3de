"""`aido import`: hand-written servers become aido.toml choices that aido owns (issue 16)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.helpers import aido, new_project

CLAUDE_ONLY = 'adapters = ["claude-code"]\nsuggest = false\n'
HAND = {
    "context7": {"type": "http", "url": "https://mcp.context7.com/mcp"},
    "playwright": {"command": "npx", "args": ["-y", "@playwright/mcp@latest"]},
    "my-api": {"type": "http", "url": "https://mcp.example.com/mcp"},
}


def team(tmp_path: Path, servers: dict[str, object], config: str = CLAUDE_ONLY) -> Path:
    """A project with hand-written servers in .mcp.json."""
    project = new_project(tmp_path, config)
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": servers}, indent=2))
    return project


def config(project: Path) -> dict[str, object]:
    """The project's aido.toml, parsed."""
    return tomllib.loads((project / "aido.toml").read_text(encoding="utf-8"))


def test_import_turns_entries_into_choices_and_adopts_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Catalog matches become `add` ids; afterwards aido owns them (destroy removes them)."""
    project = team(tmp_path, {k: HAND[k] for k in ("context7", "playwright")})
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 0
    out = capsys.readouterr().out
    assert "import context7 from .mcp.json as catalog id into aido.toml" in out
    assert "~ playwright" in out  # the catalog's pinned version replaces @latest, in the plan
    assert config(project)["mcp"] == {"add": ["context7", "playwright"]}
    assert aido(project, "plan", "--detailed-exitcode") == 0
    assert aido(project, "destroy", "--yes") == 0
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"] == {}


def test_importing_a_custom_server_needs_its_typed_confirmation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Importing a custom server without a terminal refuses (--yes cannot confirm); no change."""
    project = team(tmp_path, HAND)
    before = {p: p.read_bytes() for p in (project / "aido.toml", project / ".mcp.json")}
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 1
    assert (
        "import my-api from .mcp.json as [custom.my-api] into aido.toml" in capsys.readouterr().out
    )
    assert {p: p.read_bytes() for p in before} == before
    assert not (project / ".aido").exists()


def test_a_custom_import_without_a_terminal_hints_import_not_confirm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido confirm my-api` cannot work for a server not in aido.toml yet: the refusal says
    to run the import itself at a terminal, where it asks for the name (issue 38 point 6)."""
    project = team(tmp_path, HAND)
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 1
    err = capsys.readouterr().err
    assert "aido confirm" not in err
    assert "run `aido import` in an interactive terminal" in err and "'my-api'" in err


def test_typing_the_id_imports_a_custom_server(tmp_path: Path, sandbox_home: Path) -> None:
    """At a terminal, typing the custom server's id imports and adopts it."""
    from tests.reconcile.security_helpers import AIDO, run_in_pty, sandbox_env

    project = team(tmp_path, {"my-api": HAND["my-api"]})
    argv = [AIDO, "import", "--yes", "--project", str(project)]
    code, out = run_in_pty(argv, sandbox_env(sandbox_home), "my-api")
    assert code == 0, out
    assert config(project)["custom"] == {
        "my-api": {"url": "https://mcp.example.com/mcp", "transport": "http"}
    }
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_import_keeps_aido_toml_bytes_and_appends(tmp_path: Path) -> None:
    """The config edit keeps comments and existing choices."""
    text = "# team file\n" + CLAUDE_ONLY + '\n[mcp]\nadd = ["time"]  # ours\n'
    project = team(tmp_path, {"context7": HAND["context7"]}, text)
    assert aido(project, "import", "--yes") == 0
    after = (project / "aido.toml").read_text()
    assert after.startswith("# team file\n") and "# ours" in after
    assert config(project)["mcp"] == {"add": ["time", "context7"]}


@pytest.mark.parametrize(
    ("name", "entry", "problem"),
    [
        # A catalog server under another name is imported under its id now (issue 32 §4,
        # tests/scenarios/test_import_onboard.py), so it is no longer left alone.
        ("Bad Name", {"command": "x"}, "invalid id 'Bad Name'"),
        ("github", {"command": "my-own-github"}, "it runs 'my-own-github', not catalog github"),
    ],
)
def test_entries_that_cannot_be_imported_are_left_alone(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    entry: dict[str, object],
    problem: str,
) -> None:
    """An entry aido cannot import is named with the reason; no file changes."""
    project = team(tmp_path, {name: entry})
    before = {p: p.read_bytes() for p in (project / "aido.toml", project / ".mcp.json")}
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 0
    out = capsys.readouterr().out
    assert f"skipped {name} in .mcp.json" in out and problem in out
    assert {p: p.read_bytes() for p in before} == before
    assert not (project / ".aido").exists()


def test_import_with_nothing_to_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After apply, every entry is aido's: import says so and changes nothing."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["time"]\n')
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 0
    assert "Nothing to import" in capsys.readouterr().out


def test_import_adapter_flag_limits_the_files(tmp_path: Path) -> None:
    """`aido import --adapter A` reads only that adapter's file."""
    both = 'adapters = ["claude-code", "vscode"]\nsuggest = false\n'
    project = team(tmp_path, {"context7": HAND["context7"]}, both)
    (project / ".vscode").mkdir()
    vscode = {"servers": {"playwright": {"type": "stdio", **HAND["playwright"]}}}
    (project / ".vscode" / "mcp.json").write_text(json.dumps(vscode))
    assert aido(project, "import", "--yes", "--adapter", "vscode") == 0
    assert config(project)["mcp"] == {"add": ["playwright"]}


def test_import_needs_a_terminal_or_yes(tmp_path: Path) -> None:
    """Without --yes and without a terminal, import refuses and writes nothing."""
    project = team(tmp_path, HAND)
    raw = (project / "aido.toml").read_bytes()
    assert aido(project, "import") == 1
    assert (project / "aido.toml").read_bytes() == raw
