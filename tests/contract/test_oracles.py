"""The real harness CLIs read the golden fixtures back exactly (harness-formats.md §25)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.contract import oracles
from tests.contract.oracles import Servers, dump_servers, load_servers, read_back
from tests.contract.sandbox import (
    FIXTURES,
    PROJECT_TOKEN,
    Sandbox,
    Version,
    make_sandbox,
    run_cli,
)
from tests.session import locked, shared_folder

pytestmark = pytest.mark.contract

# Claude Code releases whose `mcp get` prints an entry differently (bisected over the npm
# releases between 2.1.197 and 2.1.332; docs/harness-oracles.md).
UNTYPED_DETAILS_SINCE = (2, 1, 285)  # Type/Command/Args for an entry without "type"
DEFAULT_HIDDEN_SINCE = (2, 1, 268)  # `${VAR:-default}` shown as `${VAR}`

CASES = sorted(
    (case.parent.name, case.name)
    for case in FIXTURES.glob("*/*")
    if (case / "expected.json").exists()
)


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


Read = Callable[[str, str], tuple[Sandbox, Servers]]


@pytest.fixture(scope="module")
def fixture_read(tmp_path_factory: pytest.TempPathFactory, cli_cache: Path) -> Read:
    """Each golden fixture placed in a sandbox of its own and read back by its CLI once.

    The tests that only look at that one read (and at what it left in the sandbox)
    share it instead of starting the CLI again, whichever pytest-xdist worker runs
    them: the first to need a read makes it in the session's folder and saves what
    the CLI reported next to the sandbox; the others wait for it and load that.
    """
    folder = shared_folder(tmp_path_factory, "fixture-reads")

    def read(cli: str, scope: str) -> tuple[Sandbox, Servers]:
        root = (folder / f"{cli}-{scope}").resolve()
        saved = root.with_suffix(".json")
        with locked(root.with_suffix(".lock")):
            if not saved.exists():
                case = FIXTURES / cli / scope
                box = make_sandbox(root, cli_cache)
                box.place(case)
                servers = read_back(cli, box, scope, env=_load(case / "env.json"))
                saved.write_text(dump_servers(servers), encoding="utf-8")
        return Sandbox(root, cli_cache), load_servers(saved.read_text(encoding="utf-8"))

    return read


def test_every_cli_has_cases() -> None:
    """Each CLI has golden fixtures for its project and user scopes (qwen: project only)."""
    both = ("codex", "gemini", "opencode", "claude", "copilot", "kilo", "kilocode", "droid", "cn")
    for cli in both:
        assert {(cli, "project"), (cli, "user")} <= set(CASES)
    assert ("claude", "local") in CASES
    assert ("qwen", "project") in CASES


def _expected(cli: str, case: Path, version_of: Version) -> dict[str, Any]:
    """What the CLI in use should report for `case`: `expected.json`, or, for a CLI older
    than V, the case's `expected.before-V.json` of the lowest such V (what it printed then)."""
    older = sorted(
        (tuple(int(n) for n in path.name.removeprefix("expected.before-")[:-5].split(".")), path)
        for path in case.glob("expected.before-*.json")
    )
    for since, path in older:
        if version_of(cli) < since:
            return _load(path)
    return _load(case / "expected.json")


@pytest.mark.parametrize(("cli", "scope"), CASES, ids=[f"{c}-{s}" for c, s in CASES])
def test_cli_reads_fixture_back(
    cli: str, scope: str, fixture_read: Read, version_of: Version
) -> None:
    """The CLI reports exactly the names, transports, commands, args, URLs, env and headers."""
    _, servers = fixture_read(cli, scope)
    got = {name: view.summary() for name, view in servers.items()}
    assert got == _expected(cli, FIXTURES / cli / scope, version_of)


def test_gemini_expands_set_variables_and_keeps_unset_ones(
    sandbox: Sandbox, fixture_read: Read
) -> None:
    """Gemini CLI substitutes `$VAR`/`${VAR}` from its env at read time; unset ones stay literal."""
    assert not (FIXTURES / "gemini" / "user" / "env.json").exists()  # the shared read sets none
    unset = fixture_read("gemini", "user")[1]["brave-search"]
    assert unset.args[-1] == "$BRAVE_API_KEY"
    sandbox.place(FIXTURES / "gemini" / "user")
    expanded = read_back("gemini", sandbox, env={"BRAVE_API_KEY": "sentinel"})["brave-search"]
    assert expanded.args[-1] == "sentinel"


def test_opencode_resolves_unset_env_reference_to_empty(sandbox: Sandbox) -> None:
    """OpenCode replaces `{env:VAR}` at read time: an unset variable becomes ""."""
    sandbox.place(FIXTURES / "opencode" / "user")
    view = read_back("opencode", sandbox)["brave-search"]
    assert view.env["BRAVE_REGION"] == ""


def test_opencode_creates_global_config_when_missing(fixture_read: Read) -> None:
    """OpenCode writes `~/.config/opencode/opencode.jsonc` when no global config exists."""
    assert not (FIXTURES / "opencode" / "project" / "home").exists()
    sandbox, _ = fixture_read("opencode", "project")  # the sandbox after that opencode run
    created = sandbox.home / ".config" / "opencode" / "opencode.jsonc"
    assert json.loads(created.read_text(encoding="utf-8")) == {
        "$schema": "https://opencode.ai/config.json"
    }


def test_claude_never_expands_references(sandbox: Sandbox) -> None:
    """Claude Code prints `${VAR}` in env and headers unexpanded even when the variable is set."""
    sandbox.place(FIXTURES / "claude" / "project")
    env = {"GITHUB_PAT": "sentinel", "SENTRY_AUTH_TOKEN": "sentinel"}
    servers = oracles.claude(sandbox, env, names=("github", "sentry"))
    assert {name: view.scope for name, view in servers.items()} == {
        "github": "project",
        "sentry": "project",
    }
    assert servers["github"].headers == {"Authorization": "Bearer ${GITHUB_PAT}"}
    assert servers["sentry"].env["SENTRY_AUTH_TOKEN"] == "${SENTRY_AUTH_TOKEN}"


def test_claude_get_details_of_untyped_stdio_entry(fixture_read: Read, version_of: Version) -> None:
    """`claude mcp get` prints Type/Command/Args for an entry without `"type": "stdio"` only
    since 2.1.285; before, just its Scope and Status."""
    assert not (FIXTURES / "claude" / "project" / "env.json").exists()
    servers = fixture_read("claude", "project")[1]
    if version_of("claude") >= UNTYPED_DETAILS_SINCE:
        docs = servers["docs"].raw
        assert (docs["Type"], docs["Command"], docs["Args"]) == ("stdio", "docs-mcp", "--port 0")
    else:
        assert "Command" not in servers["docs"].raw
    assert servers["filesystem"].raw["Command"] == "npx"


def test_claude_get_prints_a_default_only_before_2_1_268(
    fixture_read: Read, version_of: Version
) -> None:
    """Since 2.1.268 `claude mcp get` prints `${VAR:-default}` as `${VAR}`; before, verbatim."""
    sentry = fixture_read("claude", "project")[1]["sentry"]
    written = "${SENTRY_HOST:-sentry.io}"
    shown = "${SENTRY_HOST}" if version_of("claude") >= DEFAULT_HIDDEN_SINCE else written
    assert sentry.env == {"SENTRY_AUTH_TOKEN": "${SENTRY_AUTH_TOKEN}", "SENTRY_HOST": shown}
    placed = (FIXTURES / "claude" / "project" / "project" / ".mcp.json").read_text()
    assert written in placed  # the file keeps the default: only the listing drops it


def test_claude_rewrites_its_home_file_but_keeps_servers(fixture_read: Read) -> None:
    """Each `claude` run rewrites `~/.claude.json`: adds state, drops `theme`, keeps servers."""
    sandbox, _ = fixture_read("claude", "user")  # the sandbox after that claude run
    placed = (FIXTURES / "claude" / "user" / "home" / ".claude.json").read_text(encoding="utf-8")
    before = json.loads(placed.replace(PROJECT_TOKEN, str(sandbox.project)))
    assert "theme" in before
    after = json.loads((sandbox.home / ".claude.json").read_text(encoding="utf-8"))
    assert after["mcpServers"] == before["mcpServers"]
    assert {"userID", "firstStartTime", "migrationVersion"} <= set(after)
    assert "theme" not in after  # a top-level key the user had was silently removed
    assert list((sandbox.home / ".claude" / "backups").iterdir())


def test_codex_ignores_project_config_until_trusted(sandbox: Sandbox) -> None:
    """Codex reads `.codex/config.toml` only once `[projects."<path>"]` is trusted."""
    sandbox.place(FIXTURES / "codex" / "project")
    (sandbox.home / ".codex" / "config.toml").unlink()
    assert read_back("codex", sandbox) == {}
    sandbox.trust_project("codex")
    assert set(read_back("codex", sandbox)) == {"filesystem", "sentry", "linear", "docs"}


def test_copilot_lists_workspace_servers_only_when_trusted(sandbox: Sandbox) -> None:
    """Copilot CLI ignores `.github/mcp.json` unless the folder is in `trusted_folders`."""
    sandbox.place(FIXTURES / "copilot" / "project")
    (sandbox.home / ".copilot" / "config.json").unlink()
    assert read_back("copilot", sandbox) == {}
    sandbox.trust_project("copilot")
    assert set(read_back("copilot", sandbox)) == {"filesystem", "sentry", "linear"}


def test_copilot_dot_mcp_json_shadows_github_mcp_json(sandbox: Sandbox) -> None:
    """With both files present, Copilot CLI lists `.mcp.json` and ignores `.github/mcp.json`."""
    sandbox.place(FIXTURES / "copilot" / "project")
    sandbox.write("project/.mcp.json", '{"mcpServers": {"other": {"command": "other-mcp"}}}\n')
    servers = read_back("copilot", sandbox, "project")
    assert set(servers) == {"other"}
    assert servers["other"].raw["sourcePath"] == str(sandbox.project / ".mcp.json")


def test_missing_cli_fails_instead_of_skipping(
    sandbox: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing harness CLI fails the test with a pointer to `make harnesses`."""
    monkeypatch.setenv("AIDO_HARNESS_BIN", str(tmp_path / "nowhere"))
    with pytest.raises(pytest.fail.Exception, match="make harnesses"):
        run_cli("codex", "--version", sandbox=sandbox)
