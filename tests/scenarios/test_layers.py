"""Desired state real teams can live with (issue 16): layers, overrides, remove, orphans.

Black-box through the CLI: one test (or more) per bullet of the issue's
"What is wrong today".
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from aidokit.reconcile import __version__
from tests.helpers import aido, new_project, user_layer

CLAUDE_ONLY = 'adapters = ["claude-code"]\nsuggest = false\n'


def user_config(text: str) -> Path:
    """Write the user layer (`$XDG_CONFIG_HOME/aido/aido.toml`) and return its path."""
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "aido" / "aido.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def servers(path: Path, *keys: str) -> dict[str, object]:
    """The server map of a JSON harness file (`mcpServers` unless keys say otherwise)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in keys or ("mcpServers",):
        data = data[key]
    assert isinstance(data, dict)
    return data


def records(state: Path) -> list[dict[str, object]]:
    """The ownership records of a state file (none when it does not exist)."""
    if not state.exists():
        return []
    found: list[dict[str, object]] = json.loads(state.read_text(encoding="utf-8"))["records"]
    return found


def gitlab_project(tmp_path: Path, name: str) -> Path:
    """A project whose origin is on GitLab (so `gitlab` is suggested there)."""
    root = tmp_path / name
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "config").write_text(
        '[remote "origin"]\n\turl = git@gitlab.com:acme/app.git\n', encoding="utf-8"
    )
    (root / "aido.toml").write_text('adapters = ["claude-code"]\n', encoding="utf-8")
    return root


# User scope is built from whichever project you stand in.


def test_user_scope_reads_only_the_user_layer(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--scope user` writes the user layer's servers, never a project's, from any project."""
    user_config('adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["time"]\n')
    (sandbox_home / ".claude.json").write_text("{}")
    first = gitlab_project(tmp_path, "django")
    assert aido(first, "apply", "--yes", "--scope", "user") == 0
    assert set(servers(sandbox_home / ".claude.json")) == {"time"}
    assert "user scope: desired state from ~/.config/aido/aido.toml" in capsys.readouterr().out
    other = new_project(tmp_path, 'adapters = ["claude-code"]\n[mcp]\nadd = ["git"]\n')
    assert aido(other, "plan", "--detailed-exitcode", "--scope", "user") == 0


def test_project_only_triggers_never_match_in_user_scope(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With an empty user config, user scope gets only project-independent suggestions."""
    (sandbox_home / ".claude.json").write_text("{}")
    user_layer(sandbox_home)
    project = gitlab_project(tmp_path, "django")
    assert aido(project, "plan", "--scope", "user", "--adapter", "claude-code") == 0
    out = capsys.readouterr().out
    assert "+ context7" in out and "gitlab" not in out


# No personal layer.


def test_local_layer_adds_and_skips_without_touching_aido_toml(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """aido.local.toml adds one server and skips one: the team's files keep the team's set
    (issue 49 §1); `--scope local` writes the addition and the switch into the person's own
    files, naming the layer of each."""
    team = CLAUDE_ONLY + '[mcp]\nadd = ["context7", "time"]\n'
    project = new_project(tmp_path, team)
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["fetch"]\nskip = ["time"]\n')
    capsys.readouterr()
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out
    assert "fetch" not in out and "+ time  (added in aido.toml)" in out
    assert aido(project, "apply", "--yes") == 0
    assert set(servers(project / ".mcp.json")) == {"context7", "time"}
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "local") == 0
    out = capsys.readouterr().out
    assert "desired state from aido.toml + aido.local.toml" in out
    assert "+ fetch  (added in aido.local.toml)" in out and "context7" not in out
    assert "the team's time switched off for you: aido.local.toml" in out
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    assert set(servers(sandbox_home / ".claude.json", "projects", str(project), "mcpServers")) == {
        "fetch"
    }
    local = json.loads((project / ".claude" / "settings.local.json").read_text())
    assert local == {"disabledMcpjsonServers": ["time"]}
    assert (project / "aido.toml").read_text() == team


def test_local_layer_replaces_adapters_and_merges_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`adapters` in the local layer replaces the team's; `[mcp] add` from both still counts."""
    project = new_project(
        tmp_path, 'adapters = ["vscode"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    )
    (project / "aido.local.toml").write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["fetch"]\n')
    assert aido(project, "apply", "--yes") == 0  # the team's files: the team's adapters
    assert set(servers(project / ".vscode" / "mcp.json", "servers")) == {"time"}
    assert not (project / ".mcp.json").exists()
    capsys.readouterr()
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    assert "adapters set in aido.local.toml" in capsys.readouterr().out
    home = Path(os.environ["HOME"])
    assert set(servers(home / ".claude.json", "projects", str(project), "mcpServers")) == {"fetch"}


def test_project_skip_is_undone_by_a_local_add(tmp_path: Path) -> None:
    """Local wins: a server the team skips can be added back for one person."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nskip = ["time"]\n')
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["time"]\n')
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    home = Path(os.environ["HOME"])
    assert set(servers(home / ".claude.json", "projects", str(project), "mcpServers")) == {"time"}
    assert not (project / ".mcp.json").exists()


def test_bad_local_layer_names_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An invalid aido.local.toml is an error naming that file and the key; nothing changes."""
    project = new_project(tmp_path, CLAUDE_ONLY)
    (project / "aido.local.toml").write_text("[mcp]\nadd = []\nsikp = []\n")
    assert aido(project, "apply", "--yes", "--scope", "local") == 1
    err = capsys.readouterr().err
    assert "aido.local.toml:3" in err and "did you mean 'skip'" in err
    assert not (project / ".mcp.json").exists()


# Suggestions are opt-out only.


def test_suggest_false_installs_only_what_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`suggest = false`: no trigger suggestion, only `add` and `[custom.*]`."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    assert aido(project, "plan", "--detailed-exitcode") == 0
    (project / "aido.toml").write_text(CLAUDE_ONLY + '[mcp]\nadd = ["time"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert set(servers(project / ".mcp.json")) == {"time"}


# Catalog entries can't be customised.


def test_override_args_and_env_are_an_update_not_a_conflict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[override.playwright]` appends args and sets env: planned as aido's own update."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["playwright"]\n')
    assert aido(project, "apply", "--yes") == 0
    catalog_args = servers(project / ".mcp.json")["playwright"]["args"]  # type: ignore[index]
    with (project / "aido.toml").open("a") as out:
        out.write('[override.playwright]\nargs = ["--headless"]\nenv = { DEBUG = "pw:*" }\n')
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    out = capsys.readouterr().out
    assert "~ playwright" in out and "customised by [override.playwright] in aido.toml" in out
    assert aido(project, "apply", "--yes") == 0
    entry = servers(project / ".mcp.json")["playwright"]
    assert entry["args"] == [*catalog_args, "--headless"]  # type: ignore[index]
    assert entry["env"] == {"DEBUG": "pw:*"}  # type: ignore[index]
    assert aido(project, "plan", "--detailed-exitcode") == 0
    # Dropping the override takes the entry back to the catalog's: aido still owns it.
    (project / "aido.toml").write_text(CLAUDE_ONLY + '[mcp]\nadd = ["playwright"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert servers(project / ".mcp.json")["playwright"]["args"] == catalog_args  # type: ignore[index]


def test_override_is_part_of_the_digest(tmp_path: Path) -> None:
    """A hand edit that undoes an override is healed back to the overridden entry."""
    project = new_project(
        tmp_path,
        CLAUDE_ONLY + '[mcp]\nadd = ["playwright"]\n[override.playwright]\nargs = ["--headless"]\n',
    )
    assert aido(project, "apply", "--yes") == 0
    path = project / ".mcp.json"
    applied = path.read_bytes()
    data = json.loads(applied)
    data["mcpServers"]["playwright"]["args"].remove("--headless")
    path.write_text(json.dumps(data))
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert aido(project, "apply", "--yes") == 0
    assert "--headless" in servers(path)["playwright"]["args"]  # type: ignore[operator]


def test_override_changing_the_url_makes_it_custom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An override of `url` makes the entry security-sensitive: apply without a terminal refuses."""
    project = new_project(
        tmp_path,
        CLAUDE_ONLY + '[mcp]\nadd = ["context7"]\n'
        '[override.context7]\nurl = "https://mirror.example.com/mcp"\n',
    )
    assert aido(project, "apply", "--yes") == 1
    assert "context7" in capsys.readouterr().err
    assert not (project / ".mcp.json").exists()


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('[override.context7]\nargs = ["--x"]\n', "remote server"),
        (
            "[override.github]\n"
            'env = { GITHUB_PERSONAL_ACCESS_TOKEN = "${GITHUB_PERSONAL_ACCESS_TOKEN}" }\n',
            "marks secret",
        ),
        ('[override.nope]\nargs = ["--x"]\n', "unknown catalog id 'nope'"),
        ('[override.time]\nargz = ["--x"]\n', "did you mean 'args'"),
        ('[override.time]\ncommand = "x"\nurl = "https://a.example/mcp"\n', "not both"),
    ],
)
def test_bad_override_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, message: str
) -> None:
    """An override that cannot apply is one sentence naming the file; nothing is written."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["context7", "github", "time"]\n')
    (project / "aido.local.toml").write_text(table)
    assert aido(project, "apply", "--yes", "--scope", "local") == 1
    err = capsys.readouterr().err
    assert message in err and "aido.local.toml" in err
    assert not (project / ".mcp.json").exists()


# `aido remove ID` is undone by the next apply.


def test_remove_records_a_skip_that_the_next_apply_keeps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido remove` of a suggested entry deletes it, records a skip, and it stays out."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert "context7" in servers(project / ".mcp.json")
    capsys.readouterr()
    assert aido(project, "remove", "context7", "--yes") == 0
    out = capsys.readouterr().out
    assert "- context7  (delete: skipped in aido.toml)" in out and "no longer desired" not in out
    assert tomllib.loads((project / "aido.toml").read_text())["mcp"]["skip"] == ["context7"]
    assert aido(project, "apply", "--yes") == 0
    assert "context7" not in servers(project / ".mcp.json")


def test_remove_local_records_the_skip_for_one_person(tmp_path: Path) -> None:
    """`aido remove ID --local` writes aido.local.toml and leaves aido.toml byte-identical."""
    team = '# team choices\nadapters = ["claude-code"]  # keep\n'
    project = new_project(tmp_path, team)
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "remove", "context7", "--local", "--yes") == 0
    assert (project / "aido.toml").read_text() == team
    local = tomllib.loads((project / "aido.local.toml").read_text())
    assert local["mcp"]["skip"] == ["context7"]
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_remove_keeps_comments_and_drops_the_id_from_add(tmp_path: Path) -> None:
    """The skip is added by a minimal edit: comments stay, the same file's `add` loses the id."""
    text = '# ours\nadapters = ["claude-code"]\nsuggest = false\n\n'
    text += '[mcp]\nadd = ["time", "fetch"]  # both\n'
    project = new_project(tmp_path, text)
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "remove", "time", "--yes") == 0
    after = (project / "aido.toml").read_text()
    assert (
        after.startswith('# ours\nadapters = ["claude-code"]\nsuggest = false\n')
        and "# both" in after
    )
    assert tomllib.loads(after)["mcp"] == {"add": ["fetch"], "skip": ["time"]}
    assert set(servers(project / ".mcp.json")) == {"fetch"}


def test_remove_unknown_id_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`aido remove` of an id nobody knows changes nothing."""
    project = new_project(tmp_path, CLAUDE_ONLY)
    raw = (project / "aido.toml").read_bytes()
    assert aido(project, "remove", "nope", "--yes") == 1
    assert "'nope' is not a catalog id" in capsys.readouterr().err
    assert (project / "aido.toml").read_bytes() == raw


def test_remove_in_user_scope_writes_the_user_layer(tmp_path: Path, sandbox_home: Path) -> None:
    """`aido remove ID --scope user` records the skip in the user config."""
    path = user_config('adapters = ["claude-code"]\n')
    (sandbox_home / ".claude.json").write_text("{}")
    project = new_project(tmp_path, CLAUDE_ONLY)
    assert aido(project, "apply", "--yes", "--scope", "user") == 0
    assert aido(project, "remove", "context7", "--yes", "--scope", "user") == 0
    assert "context7" in tomllib.loads(path.read_text())["mcp"]["skip"]
    assert "context7" not in servers(sandbox_home / ".claude.json")
    assert (project / "aido.toml").read_text() == CLAUDE_ONLY


# Dropped adapters leave orphans.


def test_dropped_adapter_entries_are_planned_as_deletes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Removing vscode from `adapters` deletes aido's entries in .vscode/mcp.json, keeps yours."""
    both = 'adapters = ["claude-code", "vscode"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    project = new_project(tmp_path, both)
    (project / ".vscode").mkdir()
    (project / ".vscode" / "mcp.json").write_text('{"servers": {"mine": {"command": "x"}}}')
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(both.replace(', "vscode"', ""))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    out = capsys.readouterr().out
    assert "- time  (delete: vscode is no longer targeted)" in out
    assert aido(project, "apply", "--yes") == 0
    assert servers(project / ".vscode" / "mcp.json", "servers") == {"mine": {"command": "x"}}
    state = records(project / ".aido" / "state.json")
    assert {r["adapter"] for r in state} == {"claude-code"}
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_dropped_adapter_is_destroyed_too(tmp_path: Path) -> None:
    """`aido destroy` also removes aido's entries from files of adapters no longer targeted."""
    both = 'adapters = ["claude-code", "vscode"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    project = new_project(tmp_path, both)
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(both.replace(', "vscode"', ""))
    assert aido(project, "destroy", "--yes") == 0
    # SPEC §6: aido created .vscode/mcp.json and it holds nothing else now, so it goes.
    assert not (project / ".vscode" / "mcp.json").exists()
    assert records(project / ".aido" / "state.json") == []


def test_adapter_flag_leaves_other_adapters_files_alone(tmp_path: Path) -> None:
    """`--adapter X` narrows the run: other adapters' owned entries are not orphans."""
    both = 'adapters = ["claude-code", "vscode"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    project = new_project(tmp_path, both)
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan", "--detailed-exitcode", "--adapter", "claude-code") == 0


# State outlives files.


def test_records_of_a_deleted_file_are_dropped_by_destroy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """apply, rm .mcp.json, destroy: the plan says the records go; a later hand entry is yours."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["context7"]\n')
    assert aido(project, "apply", "--yes") == 0
    entry = servers(project / ".mcp.json")["context7"]
    (project / ".mcp.json").unlink()
    capsys.readouterr()
    assert aido(project, "destroy", "--yes") == 0
    out = capsys.readouterr().out
    assert ".mcp.json no longer exists: aido forgets its 1 ownership record" in out
    assert records(project / ".aido" / "state.json") == []
    # The same name and URL written by hand later is the user's: a conflict, never deleted.
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"context7": entry}}))
    capsys.readouterr()
    assert aido(project, "plan") == 0
    assert "! context7" in capsys.readouterr().out
    assert aido(project, "destroy", "--yes") == 0
    assert "context7" in servers(project / ".mcp.json")


def test_records_of_a_deleted_file_are_dropped_by_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After `rm .mcp.json`, apply plans creates (not heals) and drops the stale records."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["context7", "time"]\n')
    assert aido(project, "apply", "--yes") == 0
    (project / ".mcp.json").unlink()
    (project / "aido.toml").write_text(CLAUDE_ONLY + '[mcp]\nadd = ["time"]\n')
    capsys.readouterr()
    assert aido(project, "apply", "--yes") == 0
    out = capsys.readouterr().out
    assert "+ time" in out and "forgets its 2 ownership records" in out
    assert [r["name"] for r in records(project / ".aido" / "state.json")] == ["time"]


# Partial writes.


def test_user_scope_skips_a_harness_that_is_not_installed(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`~/.codex` missing: codex is skipped with a note, claude-code is written, exit 0."""
    user_config('adapters = ["claude-code", "codex"]\nsuggest = false\n[mcp]\nadd = ["time"]\n')
    (sandbox_home / ".claude.json").write_text("{}")
    project = new_project(tmp_path, CLAUDE_ONLY)
    assert aido(project, "plan", "--scope", "user") == 0
    assert "codex is not installed (~/.codex does not exist); skipped" in capsys.readouterr().out
    assert aido(project, "apply", "--yes", "--scope", "user") == 0
    assert set(servers(sandbox_home / ".claude.json")) == {"time"}
    assert not (sandbox_home / ".codex").exists()
    assert aido(project, "plan", "--detailed-exitcode", "--scope", "user") == 0


def test_duplicate_adapter_is_planned_once(tmp_path: Path) -> None:
    """The same adapter named twice writes its file once and is then converged."""
    project = new_project(
        tmp_path,
        'adapters = ["claude-code", "claude-code"]\nsuggest = false\n[mcp]\nadd = ["time"]\n',
    )
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
    both = ("--adapter", "claude-code", "--adapter", "claude-code")
    assert aido(project, "plan", "--detailed-exitcode", *both) == 0


def test_one_bad_file_writes_nothing_anywhere(tmp_path: Path) -> None:
    """Preflight: an unparseable file among the targets stops apply before the first write."""
    project = new_project(
        tmp_path, 'adapters = ["claude-code", "vscode"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    )
    (project / ".vscode").mkdir()
    (project / ".vscode" / "mcp.json").write_text("{ nope")
    assert aido(project, "apply", "--yes") == 1
    assert not (project / ".mcp.json").exists()
    assert (project / ".vscode" / "mcp.json").read_text() == "{ nope"


# No version contract.


def test_required_version_outside_the_range_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`required_version` that this aido does not satisfy: error naming both versions, exit 1."""
    project = new_project(tmp_path, 'required_version = ">=99"\n' + CLAUDE_ONLY)
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert "requires aido >=99" in err and f"this is aido {__version__}" in err
    (project / "aido.toml").write_text(f'required_version = "=={__version__}"\n' + CLAUDE_ONLY)
    assert aido(project, "plan") == 0


def test_required_version_must_be_a_specifier(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `required_version` that is not PEP 440 is a config error naming the line."""
    project = new_project(tmp_path, CLAUDE_ONLY + 'required_version = "banana"\n')
    assert aido(project, "plan") == 1
    assert "aido.toml:3" in capsys.readouterr().err


def test_required_version_in_the_local_layer_holds_too(tmp_path: Path) -> None:
    """Every layer's `required_version` must hold, not only the last one's."""
    project = new_project(tmp_path, 'required_version = "<0.0.1"\n' + CLAUDE_ONLY)
    (project / "aido.local.toml").write_text('required_version = ">=0"\n')
    assert aido(project, "plan") == 1


# [roles]: validated and merged, consumed later by role scoping.


def test_roles_table_is_validated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`[roles]` maps a known role to plain agent names; anything else is an error."""
    project = new_project(tmp_path, CLAUDE_ONLY + '[roles]\ntester-reviewer = ["qa"]\n')
    assert aido(project, "plan") == 0
    (project / "aido.toml").write_text(CLAUDE_ONLY + '[roles]\ntester = ["qa"]\n')
    assert aido(project, "plan") == 1
    (project / "aido.toml").write_text(CLAUDE_ONLY + '[roles]\ntester-reviewer = ["../qa"]\n')
    assert aido(project, "plan") == 1
    assert "roles" in capsys.readouterr().err


def test_forget_plan_json_matches_its_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`plan --json` counts the records to forget, and docs/schemas/plan.schema.json accepts it."""
    from tests.test_json_schemas import assert_valid

    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["context7"]\n')
    assert aido(project, "apply", "--yes") == 0
    (project / ".mcp.json").unlink()
    (project / "aido.toml").write_text(CLAUDE_ONLY)
    capsys.readouterr()
    assert aido(project, "plan", "--json", "--detailed-exitcode") == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["forget"] == 1
    assert_valid("plan", doc)


def test_local_layer_outside_gitignore_gets_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A local layer that git would commit is pointed out; once ignored, the note goes."""
    project = new_project(tmp_path, CLAUDE_ONLY)
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["time"]\n')
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "local") == 0
    assert "aido.local.toml is not git-ignored" in capsys.readouterr().out
    (project / ".gitignore").write_text("node_modules/\n/aido.local.toml\n")
    assert aido(project, "plan", "--scope", "local") == 0
    assert "not git-ignored" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "ignore",
    [
        {".gitignore": "**/aido.local.toml\n"},
        {".gitignore": "*.local.*\n"},
        {".gitignore": "aido.*.toml\n!aido.toml\n"},
        {".git/info/exclude": "aido.local.t?ml\n"},
        {"config/ignore": "aido.local.toml\n"},  # the person's core.excludesFile
    ],
    ids=["double-star", "any-local", "negated", "exclude-glob", "excludes-file"],
)
def test_the_gitignore_hint_holds_only_while_git_would_commit_the_file(
    tmp_path: Path, ignore: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """After `aido remove --local` the hint to git-ignore aido.local.toml shows only when git
    would commit it: any pattern git reads counts (issue 54 item 5: the hint showed for a
    file git ignored); without one the hint is there."""
    import shutil
    import subprocess

    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    project = new_project(tmp_path, CLAUDE_ONLY + '[mcp]\nadd = ["time"]\n')
    subprocess.run([git, "init", "-q"], cwd=project, check=True)
    for name, text in ignore.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text)
    if "config/ignore" in ignore:
        excludes = str(project / "config" / "ignore")
        subprocess.run([git, "config", "core.excludesFile", excludes], cwd=project, check=True)
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "remove", "time", "--local", "--yes", "-v") == 0
    assert aido(project, "plan", "--scope", "local", "-v") == 0
    assert "not git-ignored" not in capsys.readouterr().out
    for name in ignore:
        (project / name).write_text("")
    (project / ".git" / "info" / "exclude").write_text("")
    assert aido(project, "plan", "--scope", "local", "-v") == 0
    assert "aido.local.toml is not git-ignored" in capsys.readouterr().out
