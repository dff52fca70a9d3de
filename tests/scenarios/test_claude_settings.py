"""Claude Code's settings file as a companion file: the budget and the native policy as
array items aido owns one by one (docs/context-budget.md, docs/policy.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters.base import ITEMS, Scope
from aidokit.adapters.budget import Budget
from aidokit.adapters.claude_code import ADAPTER
from aidokit.adapters.policy import PolicyRules
from tests.fuzz import fuzz_settings
from tests.helpers import aido, new_project
from tests.homes import own_home

BASE = (
    'adapters = ["claude-code"]\n[mcp]\nadd = ["playwright"]\n'
    'skip = ["sequential-thinking", "context7"]\n'
)
EXCLUDE = '[override.playwright]\nexclude_tools = ["browser_install", "browser_close"]\n'
OFF = "[override.playwright]\nenabled = false\n"


def _settings(root: Path) -> Path:
    return root / ".claude" / "settings.json"


def test_exclude_tools_become_deny_items_and_destroy_takes_them_back(tmp_path: Path) -> None:
    """Each excluded tool is a `permissions.deny` item after the user's own; destroy gives
    the file back byte for byte, the user's items, order and layout included."""
    root = new_project(tmp_path, BASE + EXCLUDE)
    before = (
        b'{\n    "model": "opus",\n    "permissions": {\n        "deny": [\n'
        b'            "Bash(rm:*)"\n        ]\n    }\n}\n'
    )
    _settings(root).parent.mkdir()
    _settings(root).write_bytes(before)
    assert aido(root, "apply", "--yes") == 0
    data = json.loads(_settings(root).read_bytes())
    assert data["permissions"]["deny"] == [
        "Bash(rm:*)",
        "mcp__playwright__browser_close",
        "mcp__playwright__browser_install",
    ]
    assert b'\n            "mcp__playwright__browser_install"\n' in _settings(root).read_bytes()
    assert "playwright" in json.loads((root / ".mcp.json").read_text())["mcpServers"]
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert _settings(root).read_bytes() == before


def test_a_settings_file_aido_created_goes_again(tmp_path: Path) -> None:
    """With no settings file, apply creates it; destroy removes it."""
    root = new_project(tmp_path, BASE + EXCLUDE)
    assert aido(root, "apply", "--yes") == 0
    assert _settings(root).exists()
    assert aido(root, "destroy", "--yes") == 0
    assert not _settings(root).exists()


def test_switched_off_at_project_scope_is_a_disabled_mcpjson_item(tmp_path: Path) -> None:
    """`enabled = false` keeps the `.mcp.json` entry and names it in disabledMcpjsonServers."""
    root = new_project(tmp_path, BASE + OFF)
    assert aido(root, "apply", "--yes") == 0
    assert json.loads(_settings(root).read_text()) == {"disabledMcpjsonServers": ["playwright"]}
    assert "playwright" in json.loads((root / ".mcp.json").read_text())["mcpServers"]


def test_switching_back_on_removes_only_aidos_item(tmp_path: Path) -> None:
    """The user's disabled server stays when aido's item leaves the array."""
    root = new_project(tmp_path, BASE + OFF)
    _settings(root).parent.mkdir()
    _settings(root).write_text('{"disabledMcpjsonServers": ["mine"]}')
    assert aido(root, "apply", "--yes") == 0
    assert json.loads(_settings(root).read_text())["disabledMcpjsonServers"] == [
        "mine",
        "playwright",
    ]
    (root / "aido.toml").write_text(BASE)
    assert aido(root, "apply", "--yes") == 0
    assert _settings(root).read_text() == '{"disabledMcpjsonServers": ["mine"]}'


def test_an_item_the_user_wrote_is_never_claimed(tmp_path: Path) -> None:
    """An item already in the array is the user's: aido adds nothing and destroy keeps it."""
    root = new_project(tmp_path, BASE + EXCLUDE)
    before = '{"permissions": {"deny": ["mcp__playwright__browser_close"]}}'
    _settings(root).parent.mkdir()
    _settings(root).write_text(before)
    assert aido(root, "apply", "--yes") == 0
    deny = json.loads(_settings(root).read_text())["permissions"]["deny"]
    assert deny == ["mcp__playwright__browser_close", "mcp__playwright__browser_install"]
    assert aido(root, "destroy", "--yes") == 0
    assert _settings(root).read_text() == before


@pytest.mark.parametrize(
    "text",
    [
        '{\n  // a comment\n  "model": "opus"\n}\n',
        '{"model": "opus",}',
        '{"permissions": {"deny": "mcp__x"}}',
        '{"permissions": []}',
        "{",
    ],
)
def test_a_settings_file_claude_would_not_read_is_refused(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A malformed settings file (Claude Code reads it as strict JSON) is a plan error
    naming it and the fix; nothing is written."""
    root = new_project(tmp_path, BASE + EXCLUDE)
    _settings(root).parent.mkdir()
    _settings(root).write_text(text)
    assert aido(root, "apply", "--yes") == 1
    out = capsys.readouterr()
    assert ".claude/settings.json" in out.out + out.err
    assert "aido will not edit this file" in out.out + out.err
    assert _settings(root).read_text() == text
    assert not (root / ".mcp.json").exists()


@pytest.mark.parametrize("text", ['{"permissions": {"deny": ["Bash"],}}', "{"])
def test_a_settings_file_without_aidos_items_is_none_of_its_business(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a budget the plan neither shows the settings file nor minds that it is
    malformed: aido has nothing to put there and nothing recorded."""
    root = new_project(tmp_path, BASE)
    _settings(root).parent.mkdir()
    _settings(root).write_text(text)
    assert aido(root, "plan", "--json") == 0
    paths = [f["path"] for f in json.loads(capsys.readouterr().out)["files"]]
    assert paths == [".mcp.json"]
    assert aido(root, "apply", "--yes") == 0
    assert _settings(root).read_text() == text


def test_undo_gives_the_settings_file_back(tmp_path: Path) -> None:
    """`aido undo` restores the settings file with the rest of the transaction."""
    root = new_project(tmp_path, BASE + EXCLUDE)
    before = b'{\r\n\t"permissions": {\r\n\t\t"deny": ["Read(./.env)"]\r\n\t}\r\n}\r\n'
    _settings(root).parent.mkdir()
    _settings(root).write_bytes(before)
    assert aido(root, "apply", "--yes") == 0
    assert _settings(root).read_bytes() != before
    assert aido(root, "undo", "--yes") == 0
    assert _settings(root).read_bytes() == before


def test_user_scope_switches_off_by_denying_every_tool(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user-scope server has no disabledMcpjsonServers: `mcp__<id>` in ~/.claude/settings.json
    denies its tools, and the plan says it still starts."""
    root = new_project(tmp_path)
    config = sandbox_home / ".config" / "aido" / "aido.toml"
    config.parent.mkdir(parents=True)
    config.write_text(BASE + OFF)
    (sandbox_home / ".claude").mkdir()
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    settings = sandbox_home / ".claude" / "settings.json"
    assert json.loads(settings.read_text()) == {"permissions": {"deny": ["mcp__playwright"]}}
    assert "still starts" in capsys.readouterr().out
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert not settings.exists()


@pytest.mark.parametrize(
    ("budget", "deny"),
    [
        (OFF, ["mcp__playwright"]),
        (EXCLUDE, ["mcp__playwright__browser_close", "mcp__playwright__browser_install"]),
    ],
)
def test_user_scope_budget_without_a_claude_folder_yet(
    tmp_path: Path, sandbox_home: Path, budget: str, deny: list[str]
) -> None:
    """No ~/.claude/ yet (Claude Code has not run on this machine): the server still goes
    into ~/.claude.json, so its budget must too: aido creates ~/.claude/settings.json rather
    than write a server that loads every tool; destroy takes the file back out."""
    root = new_project(tmp_path)
    config = sandbox_home / ".config" / "aido" / "aido.toml"
    config.parent.mkdir(parents=True)
    config.write_text(BASE + budget)
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    settings = sandbox_home / ".claude" / "settings.json"
    assert json.loads(settings.read_text()) == {"permissions": {"deny": deny}}
    assert settings.stat().st_mode & 0o777 == 0o600
    assert aido(root, "plan", "--detailed-exitcode", "--scope", "user") == 0
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert not settings.exists()


def test_only_these_tools_needs_the_tool_list() -> None:
    """`tools = [...]` denies the others once the probe listed them, else says it cannot."""
    entry = {"type": "stdio", "command": "npx"}
    unknown = ADAPTER.budget("pw", entry, Budget(tools=("a",)))
    assert unknown.companions == () and not unknown.filtered
    assert "doctor --probe" in unknown.notes[0]
    known = ADAPTER.budget("pw", entry, Budget(tools=("a",), known=("a", "b", "c.d")))
    assert [c.value for c in known.companions] == ["mcp__pw__b", "mcp__pw__c_d"]
    assert {c.map_path for c in known.companions} == {("permissions", "deny", ITEMS)}


def test_native_policy_items() -> None:
    """Ids as serverName, hosts as serverUrl patterns; packages said in a note; an allow list
    with a rule Claude cannot say is not written at all."""
    rules = PolicyRules(allow=None, deny=("memory", "host:*.evil.net", "npm:@evil/*"))
    native = ADAPTER.native_policy(rules, Scope.USER)
    assert native is not None
    assert [c.value for c in native.items] == [
        {"serverName": "memory"},
        {"serverUrl": "https://*.evil.net/*"},
    ]
    assert "npm:@evil/*" in native.notes[0]
    mixed = ADAPTER.native_policy(PolicyRules(allow=("github", "npm:x"), deny=()), Scope.USER)
    assert mixed is not None and mixed.items == () and "allowedMcpServers" in mixed.notes[0]
    assert ADAPTER.native_policy(rules, Scope.PROJECT) is None


def test_write_native_at_user_scope_and_back(tmp_path: Path, sandbox_home: Path) -> None:
    """`write_native` in the user layer writes deniedMcpServers items; dropping it removes
    exactly them."""
    root = new_project(tmp_path)
    config = sandbox_home / ".config" / "aido" / "aido.toml"
    config.parent.mkdir(parents=True)
    policy = '[policy]\ndeny = ["memory"]\nallow = ["playwright"]\nwrite_native = true\n'
    config.write_text(BASE + policy)
    (sandbox_home / ".claude").mkdir()
    settings = sandbox_home / ".claude" / "settings.json"
    settings.write_text('{\n  "theme": "dark"\n}\n')
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    data = json.loads(settings.read_text())
    assert data["deniedMcpServers"] == [{"serverName": "memory"}]
    assert data["allowedMcpServers"] == [{"serverName": "playwright"}]
    config.write_text(BASE + policy.replace("write_native = true\n", ""))
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    assert settings.read_text() == '{\n  "theme": "dark"\n}\n'


def test_write_native_in_a_project_writes_nothing(tmp_path: Path, sandbox_home: Path) -> None:
    """A project layer cannot turn write_native on: no settings items."""
    root = new_project(tmp_path, BASE + '[policy]\ndeny = ["memory"]\nwrite_native = true\n')
    assert aido(root, "apply", "--yes") == 0
    assert not _settings(root).exists()
    assert not (sandbox_home / ".claude" / "settings.json").exists()


_KEYS = st.sampled_from(["model", "theme", "env", "hooks", "permissions"])
_STRINGS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=8)


@st.composite
def _settings_files(draw: st.DrawFn) -> bytes:
    """A settings file as people and Claude write them: odd indents, CRLF, user keys,
    existing deny items, inline or one-a-line arrays."""
    indent = draw(st.sampled_from(["  ", "    ", "\t", " "]))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    deny = draw(st.lists(st.one_of(_STRINGS, st.just("mcp__playwright__browser_close")),
                         max_size=3, unique=True))  # fmt: skip
    inline = draw(st.booleans())
    value: dict[str, object] = {k: draw(_STRINGS) for k in draw(st.sets(_KEYS, max_size=3))}
    if deny or draw(st.booleans()):
        value["permissions"] = {"deny": deny, **draw(st.sampled_from([{}, {"allow": ["x"]}]))}
    if draw(st.booleans()):
        value["disabledMcpjsonServers"] = draw(st.lists(_STRINGS, max_size=2))
    text = json.dumps(value, indent=None if inline else indent, ensure_ascii=draw(st.booleans()))
    return (text.replace("\n", newline) + draw(st.sampled_from(["", newline]))).encode()


_ONE = '[override.playwright]\nexclude_tools = ["browser_close"]\n'
_BUDGETS = st.sampled_from([EXCLUDE, OFF, _ONE])


@fuzz_settings(30)
@given(raw=_settings_files(), budget=_BUDGETS)
def test_apply_then_destroy_gives_back_every_byte(
    tmp_path_factory: pytest.TempPathFactory, raw: bytes, budget: str
) -> None:
    """Whatever the settings file holds, apply then destroy restores it byte for byte, and
    apply leaves every value of the user's as it was."""
    folder = tmp_path_factory.mktemp("p")
    with own_home(folder / "home"):
        _apply_then_destroy(new_project(folder, BASE + budget), raw, budget)


def _apply_then_destroy(root: Path, raw: bytes, budget: str) -> None:
    _settings(root).parent.mkdir()
    _settings(root).write_bytes(raw)
    before = json.loads(raw)
    permissions = before.get("permissions", {})
    if not isinstance(permissions, dict) and "exclude_tools" in budget:
        # A user's `permissions` that is no object has no deny list to add to: refused,
        # the file byte for byte as it was.
        assert aido(root, "apply", "--yes") == 1
        assert _settings(root).read_bytes() == raw
        return
    assert aido(root, "apply", "--yes") == 0
    after = json.loads(_settings(root).read_bytes())
    for key, value in before.items():
        if key not in ("permissions", "disabledMcpjsonServers"):
            assert after[key] == value
    for key in ("disabledMcpjsonServers",):
        assert after.get(key, [])[: len(before.get(key, []))] == before.get(key, [])
    old_deny = permissions.get("deny", []) if isinstance(permissions, dict) else []
    assert after["permissions"]["deny"][: len(old_deny)] == old_deny if old_deny else True
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert _settings(root).read_bytes() == raw
