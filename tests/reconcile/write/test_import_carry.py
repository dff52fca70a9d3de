"""`aido import` never changes what a server does (issue 50 §1, §2).

Each harness a server is imported for launches what the hand-written entry launched in
its own harness; a harness that cannot express a value does not get the server, says
so in one line, and aido.toml records the restriction so `aido plan` writes it nowhere
else. A server that cannot be carried, or whose confirmation is refused, skips itself.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import aido, new_project
from tests.reconcile.security_helpers import AIDO, sandbox_env
from tests.terminal import on_a_pty

THREE = 'adapters = ["claude-code", "codex", "vscode"]\nsuggest = false\n'
VSCODE = {
    "inputs": [{"id": "pg-url", "type": "promptString", "password": True}],
    "servers": {
        "pg": {"command": "npx", "args": ["-y", "some-pg-mcp", "${input:pg-url}"]},
        "tool": {
            "command": "node",
            "args": ["${workspaceFolder}/tools/server.js"],
            "env": {"TOKEN": "${env:MY_TOKEN}"},
        },
    },
}


def typed(argv: list[str], env: dict[str, str], answers: list[str]) -> tuple[int, str]:
    """Run `argv` on a pseudo-terminal, typing each of `answers` at each confirmation."""
    return on_a_pty(argv, env, [(b"to allow it", a.encode() + b"\n") for a in answers])


def vscode_project(tmp_path: Path, servers: dict[str, object] = VSCODE) -> Path:
    project = new_project(tmp_path, THREE)
    (project / ".vscode").mkdir()
    (project / ".vscode" / "mcp.json").write_text(json.dumps(servers, indent=2))
    return project


def test_a_server_goes_only_where_it_launches_the_same(tmp_path: Path, sandbox_home: Path) -> None:
    """The issue's VS Code file: `${input:..}` and `${workspaceFolder}` stay VS Code's;
    claude-code and codex get neither server, one line each says why; aido.toml records
    the restriction and `aido plan` over every adapter then works (exit 0, not 1)."""
    project = vscode_project(tmp_path)
    env = sandbox_env(sandbox_home)
    argv = [AIDO, "import", "--yes", "--adapter", "vscode", "--project", str(project)]
    code, out = typed(argv, env, ["pg", "tool"])
    assert code == 0, out
    out = " ".join(out.split())
    assert "codex cannot expand ${input:pg-url}: pg is not written to codex" in out
    assert "claude-code cannot expand ${workspaceFolder}: tool is not written to claude-code" in out
    config = tomllib.loads((project / "aido.toml").read_text())
    assert config["custom"]["pg"]["adapters"] == ["vscode"]
    assert config["custom"]["tool"]["adapters"] == ["vscode"]
    written = (project / ".vscode" / "mcp.json").read_text()
    assert "${workspaceFolder}/tools/server.js" in written and "env:workspaceFolder" not in written
    assert "${env:MY_TOKEN}" in written and "${input:pg-url}" in written
    plan = [AIDO, "plan", "--detailed-exitcode", "--project", str(project)]
    code, out = typed(plan, env, [])
    assert code == 0, out
    assert not (project / ".mcp.json").exists()


def test_a_refused_confirmation_skips_only_that_server(tmp_path: Path, sandbox_home: Path) -> None:
    """Typing something else for one server skips it; the other is imported."""
    project = vscode_project(tmp_path)
    argv = [AIDO, "import", "--yes", "--project", str(project)]
    code, out = typed(argv, sandbox_env(sandbox_home), ["pg", "no"])
    assert code == 0, out
    assert "skipped tool in .vscode/mcp.json: you did not confirm it" in " ".join(out.split())
    config = tomllib.loads((project / "aido.toml").read_text())
    assert set(config["custom"]) == {"pg"}


def test_import_by_id_takes_only_the_named_servers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido import ID` adopts that server only: by its own name or the catalog id it runs."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    servers = {
        "Context7": {"type": "http", "url": "https://mcp.context7.com/mcp"},
        "playwright": {"command": "npx", "args": ["-y", "@playwright/mcp@latest"]},
    }
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": servers}))
    assert aido(project, "import", "--yes", "context7") == 0
    out = capsys.readouterr().out
    assert "as catalog id context7 (the entry is renamed to it)" in out
    assert tomllib.loads((project / "aido.toml").read_text())["mcp"]["add"] == ["context7"]


def test_an_unknown_id_names_what_there_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped id is one sentence with the servers found; nothing changes."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    hand = {"mcpServers": {"playwright": {"command": "npx", "args": ["@playwright/mcp"]}}}
    (project / ".mcp.json").write_text(json.dumps(hand))
    before = (project / "aido.toml").read_bytes()
    assert aido(project, "import", "--yes", "playwrite") == 1
    err = capsys.readouterr().err
    assert "no hand-written server 'playwrite'" in err and "playwright" in err
    assert (project / "aido.toml").read_bytes() == before


def test_the_persons_own_token_variable_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Codex's `gh` with `bearer_token_env_var = "GH_PAT"` becomes catalog github that
    still reads GH_PAT, in Codex and in Claude Code: an override, not a rename."""
    project = new_project(tmp_path, 'adapters = ["codex", "claude-code"]\nsuggest = false\n')
    (project / ".codex").mkdir()
    (project / ".codex" / "config.toml").write_text(
        '[mcp_servers.gh]\nurl = "https://api.githubcopilot.com/mcp/"\n'
        'bearer_token_env_var = "GH_PAT"\n'
    )
    assert aido(project, "import", "--yes") == 0
    config = tomllib.loads((project / "aido.toml").read_text())
    assert config["override"]["github"]["variables"] == {"GITHUB_PERSONAL_ACCESS_TOKEN": "GH_PAT"}
    codex = tomllib.loads((project / ".codex" / "config.toml").read_text())
    assert codex["mcp_servers"]["github"]["bearer_token_env_var"] == "GH_PAT"
    claude = json.loads((project / ".mcp.json").read_text())["mcpServers"]["github"]
    assert claude["headers"] == {"Authorization": "Bearer ${GH_PAT}"}
    assert aido(project, "plan", "--detailed-exitcode") == 0


@pytest.mark.parametrize(
    ("adapter", "path", "text"),
    [
        (
            "codex",
            ".codex/config.toml",
            "# GitHub, read with my own token\n[mcp_servers.gh]\n"
            'url = "https://api.githubcopilot.com/mcp/"\nbearer_token_env_var = "GH_PAT"\n',
        ),
        (
            "vscode",
            ".vscode/mcp.json",
            '{\n  "servers": {\n    // GitHub, read with my own token\n    "gh": {\n'
            '      "type": "http",\n      "url": "https://api.githubcopilot.com/mcp/",\n'
            '      "headers": {"Authorization": "Bearer ${env:GH_PAT}"}\n    }\n  }\n}\n',
        ),
    ],
)
def test_a_comment_above_a_renamed_entry_is_never_dropped(
    tmp_path: Path, adapter: str, path: str, text: str
) -> None:
    """`gh` imported as catalog github: the person's comment stays in the file."""
    project = new_project(tmp_path, f'adapters = ["{adapter}"]\nsuggest = false\n')
    (project / path).parent.mkdir(parents=True)
    (project / path).write_text(text)
    assert aido(project, "import", "--yes") == 0
    after = (project / path).read_text()
    assert "GitHub, read with my own token" in after
    assert "github" in after and '"gh"' not in after and "servers.gh]" not in after


def test_import_says_what_differs_and_what_it_keeps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Honest words (issue 50 §4): a catalog server run another way is the catalog's,
    with what differs (the form, the version) and what import keeps (arguments)."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    servers = {
        "pw": {"command": "npx", "args": ["@playwright/mcp@latest", "--headless"]},
        "git": {"command": "docker", "args": ["run", "-i", "--rm", "mcp/git"]},
    }
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": servers}))
    assert aido(project, "import", "--yes") == 0
    out = capsys.readouterr().out
    assert "it ran '@playwright/mcp@latest'; the catalog pins '@playwright/mcp@" in out
    assert "kept: its arguments '--headless'" in out
    assert "it ran the image 'docker.io/mcp/git'; claude-code gets the catalog's form" in out
    assert "something else" not in out


def test_the_checklist_imports_only_the_ticked_servers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal without ids, `aido import` offers every server ticked; the ones the
    person keeps ticked are imported (the numbered fallback of reconcile/cli/multiselect)."""
    from aidokit.reconcile.cli import multiselect
    from aidokit.reconcile.cli.commands import imports

    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    servers = {
        "context7": {"type": "http", "url": "https://mcp.context7.com/mcp"},
        "playwright": {"command": "npx", "args": ["-y", "@playwright/mcp@latest"]},
    }
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": servers}))
    original = multiselect.choose
    shown: list[str] = []

    def numbered(title: str, choices: Any, marked: Any, **_: Any) -> list[str]:
        shown.extend(marked)
        return original(title, choices, marked, keys=False, ask=lambda prompt: "playwright")

    monkeypatch.setattr(multiselect, "choose", numbered)
    picked = imports._picked(_found_of(project))
    assert sorted(shown) == ["context7", "playwright"]  # every server ticked to start with
    assert [item.name for item in picked] == ["playwright"]


def _found_of(project: Path) -> list[Any]:
    from aidokit.reconcile.read.world import gather, read_world
    from aidokit.reconcile.write.importer import find, usable

    return usable(find(read_world(gather(project, scope="project", only=None))))[0]


def test_a_dropped_url_query_is_said_and_never_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hosted URL with a query is the catalog's server; the line says the query is not
    kept, without printing it (it may hold a credential)."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    url = "https://mcp.context7.com/mcp?api_key=ctx7-secret-value"
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"c7": {"url": url}}}))
    aido(project, "import", "--yes")
    out = capsys.readouterr().out
    assert "its URL's query is not kept" in out and "ctx7-secret-value" not in out
