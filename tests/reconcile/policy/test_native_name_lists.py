"""`[policy] write_native` for Gemini CLI and Qwen Code: the policy as `mcp.allowed` /
`mcp.excluded` items of the user's own settings file, the same file that holds the
servers, owned item by item (docs/policy.md, "Written into each harness")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.adapters.base import ITEMS, Scope
from aidokit.adapters.codex import ADAPTER as CODEX
from aidokit.adapters.gemini_cli import ADAPTER as GEMINI
from aidokit.adapters.policy import PolicyRules
from aidokit.adapters.qwen_code import ADAPTER as QWEN
from aidokit.adapters.vscode import ADAPTER as VSCODE
from tests.adapters.runner import strip_jsonc
from tests.helpers import aido, new_project


def jsonc_loads(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(strip_jsonc(text))
    return data


EXCLUDED = ("mcp", "excluded", ITEMS)
ALLOWED = ("mcp", "allowed", ITEMS)


def _base(adapter: str) -> str:
    skip = '["sequential-thinking", "context7"]'
    return f'adapters = ["{adapter}"]\n[mcp]\nadd = ["playwright"]\nskip = {skip}\n'


def test_gemini_writes_exact_names_and_says_what_it_cannot() -> None:
    """Ids as names; a pattern, a package and a host each named in a note, not written."""
    rules = PolicyRules(allow=None, deny=("memory", "id:git", "mem*", "npm:@evil/*", "host:x.net"))
    native = GEMINI.native_policy(rules, Scope.USER)
    assert native is not None
    assert [(c.map_path, c.name, c.value, c.file) for c in native.items] == [
        (EXCLUDED, "memory", "memory", None),
        (EXCLUDED, "git", "git", None),
    ]
    for rule in ("mem*", "npm:@evil/*", "host:x.net"):
        said = [note for note in native.notes if f"deny rule '{rule}'" in note]
        assert said and "mcp.excluded" in said[0]
    assert GEMINI.native_policy(rules, Scope.PROJECT) is None


def test_an_allow_list_is_written_whole_or_not_at_all() -> None:
    """Every allow rule an id: `mcp.allowed` holds them; one it cannot say: none, and a note."""
    whole = GEMINI.native_policy(PolicyRules(allow=("github", "playwright"), deny=()), Scope.USER)
    assert whole is not None
    assert [(c.map_path, c.value) for c in whole.items] == [
        (ALLOWED, "github"),
        (ALLOWED, "playwright"),
    ]
    part = GEMINI.native_policy(PolicyRules(allow=("github", "npm:x"), deny=()), Scope.USER)
    assert part is not None and part.items == ()
    assert "allow rule 'npm:x'" in part.notes[0] and "mcp.allowed" in part.notes[0]
    empty = GEMINI.native_policy(PolicyRules(allow=(), deny=()), Scope.USER)
    assert empty is not None and empty.items == () and "allow = []" in empty.notes[0]


def test_allow_custom_false_is_said_not_written() -> None:
    native = GEMINI.native_policy(PolicyRules(allow=None, deny=(), allow_custom=False), Scope.USER)
    assert native is not None and native.items == ()
    assert "allow_custom = false" in native.notes[0]


def test_qwen_matches_patterns_so_an_id_pattern_is_written() -> None:
    """Qwen Code's lists take `*` (its matchesServerPattern): `mem*` goes in as written."""
    rules = PolicyRules(allow=("git*",), deny=("mem*", "pypi:evil"))
    native = QWEN.native_policy(rules, Scope.USER)
    assert native is not None
    assert [(c.map_path, c.value) for c in native.items] == [(ALLOWED, "git*"), (EXCLUDED, "mem*")]
    assert "deny rule 'pypi:evil'" in native.notes[0]


def _user(home: Path, adapter: str, folder: str, policy: str) -> Path:
    config = home / ".config" / "aido" / "aido.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(_base(adapter) + policy)
    (home / folder).mkdir(exist_ok=True)
    return config


POLICY = '[policy]\ndeny = ["memory", "npm:@evil/*"]\nwrite_native = true\n'
SETTINGS = (
    b'{\n  // my theme\n  "theme": "dark",\n  "mcp": {\n    "excluded": [\n'
    b'      "old-one"\n    ]\n  }\n}\n'
)


@pytest.mark.parametrize(("adapter", "folder"), [("gemini-cli", ".gemini"), ("qwen-code", ".qwen")])
def test_write_native_in_the_servers_own_file_and_back(
    tmp_path: Path, sandbox_home: Path, adapter: str, folder: str
) -> None:
    """At user scope the items go after the user's own, comments kept; the plan is then
    converged and names what the file cannot say; without write_native the file is given
    back byte for byte (the servers aido wrote go with destroy)."""
    root = new_project(tmp_path)
    config = _user(sandbox_home, adapter, folder, POLICY)
    settings_file = sandbox_home / folder / "settings.json"
    settings_file.write_bytes(SETTINGS)
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    data = jsonc_loads(settings_file.read_text())
    assert data["mcp"]["excluded"] == ["old-one", "memory"]
    assert "playwright" in data["mcpServers"] and data["theme"] == "dark"
    assert b"// my theme" in settings_file.read_bytes()
    assert aido(root, "plan", "--scope", "user", "--detailed-exitcode") == 0
    config.write_text(_base(adapter) + POLICY.replace("write_native = true\n", ""))
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    assert "memory" not in jsonc_loads(settings_file.read_text())["mcp"]["excluded"]
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert settings_file.read_bytes() == SETTINGS


def test_the_plan_names_what_gemini_cannot_say(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = new_project(tmp_path)
    _user(sandbox_home, "gemini-cli", ".gemini", POLICY)
    assert aido(root, "plan", "--scope", "user", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    notes = [n for f in plan["files"] for n in f.get("notes", [])]
    assert any("deny rule 'npm:@evil/*'" in n for n in notes)


def test_a_name_the_user_already_excluded_is_never_claimed(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """`memory` already in the user's list stays theirs: dropping the policy leaves it."""
    root = new_project(tmp_path)
    config = _user(sandbox_home, "gemini-cli", ".gemini", POLICY)
    settings_file = sandbox_home / ".gemini" / "settings.json"
    mine = b'{\n  "mcp": {\n    "excluded": ["memory"]\n  }\n}\n'
    settings_file.write_bytes(mine)
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    assert jsonc_loads(settings_file.read_text())["mcp"]["excluded"] == ["memory"]
    config.write_text(_base("gemini-cli") + POLICY.replace("write_native = true\n", ""))
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert settings_file.read_bytes() == mine


def test_a_project_scope_plan_writes_no_policy(tmp_path: Path, sandbox_home: Path) -> None:
    """The policy is written at user scope only: a project's file gets no `mcp` lists."""
    root = new_project(tmp_path, _base("gemini-cli"))
    _user(sandbox_home, "gemini-cli", ".gemini", POLICY)
    assert aido(root, "apply", "--yes") == 0
    assert "mcp" not in jsonc_loads((root / ".gemini" / "settings.json").read_text())


_STRINGS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=6)


@st.composite
def _settings_files(draw: st.DrawFn) -> bytes:
    """A settings file as people and Gemini write them: indents, CRLF, comments, the user's
    own `mcp` keys and list items, inline or one-a-line arrays, a final newline or none."""
    indent = draw(st.sampled_from(["  ", "    ", "\t"]))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    value: dict[str, object] = {}
    if draw(st.booleans()):
        value["theme"] = draw(_STRINGS)
    mcp: dict[str, object] = {}
    for key in draw(st.sets(st.sampled_from(["excluded", "allowed", "serverCommand"]))):
        names = st.lists(_STRINGS, max_size=3, unique=True)
        mcp[key] = "x" if key == "serverCommand" else draw(names)
    if mcp or draw(st.booleans()):
        value["mcp"] = mcp
    inline = draw(st.booleans())
    text = json.dumps(value, indent=None if inline else indent, ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):
        text = "// the user's settings" + newline + text
    return (text.replace("\n", newline) + draw(st.sampled_from(["", newline]))).encode()


@settings(max_examples=25, deadline=None)
@given(before=_settings_files(), allow=st.booleans())
def test_apply_then_destroy_gives_every_byte_back(
    tmp_path_factory: pytest.TempPathFactory, before: bytes, allow: bool
) -> None:
    """Over generated layouts: write_native adds its items, destroy takes back exactly them."""
    tmp = tmp_path_factory.mktemp("native")
    home = tmp / "home"
    with pytest.MonkeyPatch.context() as patch:
        for name, value in {
            "HOME": home,
            "XDG_CONFIG_HOME": home / ".config",
            "XDG_STATE_HOME": home / ".local" / "state",
            "XDG_CACHE_HOME": home / ".cache",
            "AIDO_POLICY_FILE": home / "managed" / "policy.toml",
        }.items():
            patch.setenv(name, str(value))
        root = new_project(tmp)
        extra = 'allow = ["playwright", "github"]\n' if allow else ""
        _user(home, "gemini-cli", ".gemini", POLICY + extra)
        settings_file = home / ".gemini" / "settings.json"
        settings_file.write_bytes(before)
        assert aido(root, "apply", "--yes", "--scope", "user") == 0
        data = jsonc_loads(settings_file.read_text())
        assert "memory" in data["mcp"]["excluded"]
        assert aido(root, "destroy", "--yes", "--scope", "user") == 0
        assert settings_file.read_bytes() == before


def _backticked(text: str) -> list[str]:
    return text.split("`")[1::2]


def test_vscode_says_the_managed_policy_an_administrator_sets() -> None:
    """Policy-only lists: the ChatDeniedMcpServers / ChatAllowedMcpServers values as VS Code
    takes them (a JSON string of serverName / serverUrl items); what has no form, named."""
    rules = PolicyRules(allow=("github",), deny=("memory", "host:*.evil.net", "npm:@evil/*"))
    text = VSCODE.admin_policy(rules, {})
    assert text is not None and "/etc/vscode/policy.json" in text
    start, end = text.index("{"), text.index("} in /etc/vscode")
    policy = json.loads(text[start : end + 1])
    assert json.loads(policy["ChatAllowedMcpServers"]) == [{"serverName": "github"}]
    assert json.loads(policy["ChatDeniedMcpServers"]) == [
        {"serverName": "memory"},
        {"serverUrl": "https://*.evil.net/*"},
        {"serverUrl": "http://*.evil.net/*"},
    ]
    assert "'npm:@evil/*' cannot be said there" in text
    assert VSCODE.admin_policy(PolicyRules(allow=None, deny=()), {}) is None


def test_codex_says_the_requirements_an_administrator_writes() -> None:
    """An allow list as `mcp_servers.<name>.identity` lines of requirements.toml, each valid
    TOML, with the command or URL aido writes; deny rules have no form there."""
    import tomllib

    entries = {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},
        "linear": {"url": "https://mcp.linear.app/mcp"},
    }
    rules = PolicyRules(allow=("github", "linear"), deny=("memory",))
    text = CODEX.admin_policy(rules, entries)
    assert text is not None and "/etc/codex/requirements.toml" in text
    tables = [tomllib.loads(line) for line in _backticked(text)]
    assert tables == [
        {"mcp_servers": {"github": {"identity": {"command": "npx"}}}},
        {"mcp_servers": {"linear": {"identity": {"url": "https://mcp.linear.app/mcp"}}}},
    ]
    assert "no deny list, so 'memory'" in text
    packages = CODEX.admin_policy(PolicyRules(allow=("npm:@x/y",), deny=()), entries)
    assert packages is not None and "allow rule 'npm:@x/y' has no form there" in packages


def test_doctor_prints_what_an_administrator_puts_where(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With write_native, doctor names the files aido does not write, a warning each."""
    root = new_project(tmp_path)
    config = sandbox_home / ".config" / "aido" / "aido.toml"
    config.parent.mkdir(parents=True)
    config.write_text(
        'adapters = ["codex", "vscode"]\n[mcp]\nadd = ["github"]\n'
        '[policy]\nallow = ["github"]\ndeny = ["memory"]\nwrite_native = true\n'
    )
    (sandbox_home / ".codex").mkdir()
    aido(root, "doctor", "--scope", "user")
    out = capsys.readouterr()
    text = out.out + out.err
    assert "/etc/codex/requirements.toml" in text and "mcp_servers.github.identity" in text
    assert "/etc/vscode/policy.json" in text and "ChatDeniedMcpServers" in text


def test_a_saved_plan_writes_the_items_it_derives_and_no_other(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido plan --out` then `aido apply FILE`: the policy items are planned again and must
    be the same; a saved plan with one item more is refused and writes nothing."""
    root = new_project(tmp_path)
    _user(sandbox_home, "gemini-cli", ".gemini", POLICY)
    saved = tmp_path / "plan.json"
    assert aido(root, "plan", "--scope", "user", "--out", str(saved)) == 0
    doc = json.loads(saved.read_text())
    tampered = json.loads(saved.read_text())
    [file] = [f for f in tampered["files"] if f["adapter"] == "gemini-cli"]
    [item] = [c for c in file["changes"] if c["name"] == "memory"]
    file["changes"].append({**item, "name": "playwright", "after": "playwright"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered))
    settings_file = sandbox_home / ".gemini" / "settings.json"
    capsys.readouterr()
    assert aido(root, "apply", str(bad), "--scope", "user") != 0
    assert "playwright" in capsys.readouterr().err and not settings_file.exists()
    saved.write_text(json.dumps(doc))
    assert aido(root, "apply", str(saved), "--scope", "user") == 0
    assert jsonc_loads(settings_file.read_text())["mcp"]["excluded"] == ["memory"]
