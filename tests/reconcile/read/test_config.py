"""`aido.toml` loading: pydantic decides validity; decode's memo lets unchanged files skip it."""

from __future__ import annotations

import os
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.models import ALL_ROLES
from aidokit.catalog.validation import ValidationError
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read import decode
from aidokit.reconcile.read.choices.config import ProjectConfig, load_config, validate_config
from aidokit.reconcile.read.decode import KEEP, Memo, build, memo_folder
from tests.fuzz import fuzz_settings
from tests.helpers import load_config_by_memo, loads_pydantic, new_project

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"

_ids = st.from_regex(r"[a-z0-9][a-z0-9-]{0,8}", fullmatch=True)
_words = st.text(st.sampled_from("abc-_./:${}XYZ "), min_size=1, max_size=8)
_remote = st.fixed_dictionaries(
    {"url": st.sampled_from(["https://mcp.example.com/mcp", "http://127.0.0.1:9/mcp"])},
    optional={
        "transport": st.sampled_from(["http", "sse"]),
        "headers": st.dictionaries(st.sampled_from(["X-Team", "Authorization"]), _words),
    },
)
_local = st.fixed_dictionaries(
    {"command": _words},
    optional={
        "args": st.lists(_words, max_size=3),
        "env": st.dictionaries(st.from_regex(r"[A-Z_][A-Z0-9_]{0,5}", fullmatch=True), _words),
    },
)
_configs = st.fixed_dictionaries(
    {},
    optional={
        "adapters": st.lists(st.sampled_from(["claude-code", "codex", "vscode"]), max_size=3),
        "stack_packs": st.lists(st.sampled_from(["react", "python"]), max_size=2),
        "conformance": st.sampled_from(["strict", "relaxed"]),
        "mcp": st.fixed_dictionaries(
            {},
            optional={
                "add": st.lists(_ids, max_size=3),
                "skip": st.lists(_ids, max_size=3),
                "roles": st.dictionaries(_ids, st.lists(st.sampled_from(ALL_ROLES), max_size=3)),
            },
        ),
        "custom": st.dictionaries(_ids, _remote | _local, max_size=3),
    },
)


@fuzz_settings(300)
@given(_configs)
def test_build_matches_pydantic_for_every_accepted_config(data: dict[str, Any]) -> None:
    """Whatever pydantic accepts, the memo's builder turns into the very same config."""
    try:
        checked = validate_config(data)
    except ValidationError:
        return  # e.g. a secret-looking literal: never reaches the builder
    assert build(ProjectConfig, data) == checked


@pytest.mark.parametrize("path", sorted(FIXTURES.rglob("aido.toml")), ids=str)
def test_build_matches_pydantic_on_fixture_files(path: Path) -> None:
    """The same holds for every aido.toml the fixtures ship (the invalid ones fail both ways)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    try:
        checked = validate_config(data)
    except ValidationError:
        return
    assert build(ProjectConfig, data) == checked


def _exactly(built: object, expected: object) -> bool:
    """Equal, and of the same types throughout (`==` alone takes 1 for True and a list for ())."""
    return built == expected and repr(built) == repr(expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[mcp]\nadd = ["Git"]\n', "'Git'"),
        ('[mcp]\nadd = ["git\\n"]\n', "mcp.add"),
        ('[mcp]\nadd = "git"\n', "mcp.add"),
        ("suggest = 1\n", "suggest"),
        ("suggest = 2\n", "suggest"),
        ('suggest = "yes "\n', "suggest"),
        ("suggest = 0.5\n", "suggest"),
        ('suggest = ""\n', "suggest"),
        ("suggest = 2020-01-01\n", "suggest"),
        ('adapters = ["codex", 1]\n', "adapters"),
        ('[roles]\nwizard = ["qa"]\n', "wizard"),
        ('[roles]\nimplementer = ["bad name"]\n', "roles.implementer"),
        ('[mcp.roles]\ngit = ["wizard"]\n', "mcp.roles.git"),
        ('[forges]\n"git.example.com" = "gitea"\n', "'github', 'gitlab' or 'bitbucket'"),
        ('required_version = "bogus"\n', "required_version"),
    ],
    ids=[
        "upper-case id",
        "id with a newline",
        "string for a list",
        "int for a bool",
        "other int for a bool",
        "padded word for a bool",
        "fraction for a bool",
        "empty string for a bool",
        "date for a bool",
        "int item",
        "unknown role",
        "bad agent name",
        "unknown mcp role",
        "unknown forge",
        "bad version specifier",
    ],
)
def test_a_bad_value_gets_pydantics_word(tmp_path: Path, text: str, message: str) -> None:
    """A value of the wrong type or form: pydantic's verdict and message, not a guess."""
    project = new_project(tmp_path, text)
    try:
        expected: object = validate_config(tomllib.loads(text))
    except ValidationError:
        with pytest.raises(ConfigError, match=message):
            load_config(project)
        return
    assert load_config(project).config == expected


def test_an_unchanged_file_is_not_validated_again(tmp_path: Path) -> None:
    """The first load validates with pydantic and remembers; the next one skips pydantic."""
    project = new_project(tmp_path, 'adapters = ["codex"]\n[mcp]\nadd = ["git"]\n')
    assert loads_pydantic(load_config_by_memo, project)
    assert not loads_pydantic(load_config_by_memo, project)
    (project / "aido.toml").write_text('adapters = ["codex"]\n[mcp]\nadd = ["fetch"]\n')
    assert loads_pydantic(load_config_by_memo, project)  # one changed byte is a new file


@pytest.mark.parametrize("value", ['"yes"', '"no"', '"OFF"', '"t"', "0", "1", "1.0"])
def test_a_boolean_is_a_toml_boolean(tmp_path: Path, value: str) -> None:
    """`suggest = "no"` or `1` is refused, as the JSON Schema refuses it (pydantic's lax
    mode would read "no" as false), on every load; the file stays byte-identical."""
    text = f'adapters = ["codex"]\nsuggest = {value}\n'
    project = new_project(tmp_path, text)
    for _ in range(2):
        with pytest.raises(ConfigError) as caught:
            load_config(project)
        assert str(caught.value) == (
            "invalid value for 'suggest' at aido.toml:2: must be a boolean: write true or false, "
            "without quotes"
        )
    assert (project / "aido.toml").read_text() == text
    assert not memo_folder(os.environ).exists()


def test_an_invalid_file_is_never_remembered(tmp_path: Path) -> None:
    """A file that fails stays failing, with the same message, however often it is loaded."""
    project = new_project(tmp_path, 'adapterz = ["codex"]\n')
    messages = []
    for _ in range(2):
        with pytest.raises(ConfigError) as caught:
            load_config(project)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert "unknown key 'adapterz' at aido.toml:1; did you mean 'adapters'?" in messages[0]
    assert not memo_folder(os.environ).exists()


@pytest.mark.parametrize(
    "edit",
    ["RULE = 2\n", "RULE = 1  # longer\n", "RULE = 1\n"],
    ids=["same size, new time", "new size", "same bytes, new time"],
)
def test_rule_sources_are_part_of_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: str
) -> None:
    """A memo entry made under other validation rules does not count.

    A rule source counts by its path, size and modification time, as Python's own
    bytecode cache counts it: any write of the file is another key.
    """
    rules = tmp_path / "rules.py"
    rules.write_text("RULE = 1\n")
    os.utime(rules, ns=(10**18, 10**18))
    monkeypatch.setattr(decode, "rule_parts", lambda model: ({"tests.fake_rules"}, set()))
    monkeypatch.setitem(sys.modules, "tests.fake_rules", type(sys)("fake"))
    sys.modules["tests.fake_rules"].__file__ = str(rules)
    memo = Memo(tmp_path / "memo", None)
    raw = b'adapters = ["codex"]\n'
    decode.rules_digest.cache_clear()
    before = memo.key(ProjectConfig, raw)
    memo.remember(before)
    assert memo.knows(before)
    rules.write_text(edit)
    decode.rules_digest.cache_clear()
    after = memo.key(ProjectConfig, raw)
    assert after != before
    assert not memo.knows(after)
    decode.rules_digest.cache_clear()


def test_memo_keeps_only_the_newest(tmp_path: Path) -> None:
    """The memo does not grow without bound: the oldest keys go first."""
    memo = Memo(tmp_path, None)
    keys = [memo.key(ProjectConfig, str(n).encode()) for n in range(KEEP + 5)]
    for n, key in enumerate(keys):
        memo.remember(key)
        os.utime(tmp_path / str(key), ns=(n * 10**9, n * 10**9))
    memo.remember(keys[-1])
    assert len(list(tmp_path.iterdir())) == KEEP
    assert not memo.knows(keys[0]) and memo.knows(keys[-1])


def test_unwritable_memo_still_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A memo folder aido cannot create only means validating every time."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    project = new_project(tmp_path, 'adapters = ["codex"]\n')
    for _ in range(2):
        assert load_config(project).config.adapters == ("codex",)


SECRET_HEADER = (
    '[custom.api]\nurl = "https://e.com/mcp"\nheaders = {Authorization = "Bearer ghp_%s"}\n'
    % ("a" * 36)
)


def _plant(project: Path, folder: Path) -> None:
    """Put a memo key for the project's aido.toml into `folder`, as an attacker would."""
    folder.mkdir(parents=True, exist_ok=True)
    key = Memo(folder, None).key(ProjectConfig, (project / "aido.toml").read_bytes())
    (folder / str(key)).touch()


def test_planted_key_cannot_smuggle_a_literal_secret(tmp_path: Path) -> None:
    """Even a key in the user's own cache does not let a secret value through."""
    project = new_project(tmp_path, SECRET_HEADER)
    with pytest.raises(ConfigError) as first:
        load_config(project)
    _plant(project, memo_folder(os.environ))
    with pytest.raises(ConfigError) as second:
        load_config(project)
    assert str(second.value) == str(first.value)
    assert "secret" in str(first.value)


def test_memo_inside_the_project_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG_STATE_HOME pointing into the repository (say by .envrc) neither reads nor writes."""
    project = new_project(tmp_path, 'adapterz = ["codex"]\n')
    monkeypatch.setenv("XDG_STATE_HOME", str(project / ".state"))
    _plant(project, memo_folder(os.environ))
    with pytest.raises(ConfigError, match="unknown key 'adapterz'"):
        load_config(project)
    (project / "aido.toml").write_text('adapters = ["codex"]\n')
    load_config(project)
    assert len(list(memo_folder(os.environ).iterdir())) == 1  # only the planted key


def test_memo_writable_by_others_is_ignored(tmp_path: Path) -> None:
    """A memo folder other users can write is not trusted."""
    project = new_project(tmp_path, 'adapterz = ["codex"]\n')
    folder = memo_folder(os.environ)
    _plant(project, folder)
    folder.chmod(0o777)
    with pytest.raises(ConfigError, match="unknown key 'adapterz'"):
        load_config(project)


def test_bad_env_name_is_not_called_an_id(tmp_path: Path) -> None:
    """An env variable name that breaks its rule gets its own hint, not the id rule's."""
    project = new_project(tmp_path, '[custom.api]\ncommand = "npx"\nenv = {"1BAD" = "x"}\n')
    with pytest.raises(ConfigError) as caught:
        load_config(project)
    assert str(caught.value).startswith("invalid environment variable name '1BAD' at aido.toml:")
    assert "like 'API_TOKEN'" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('adapters = ["codex"]\n[mcp]\nroles = {git = ["wizard"]}\n', "aido.toml:3"),
        (
            'adapters = ["codex"]\n\n[custom.api]\nurl = "https://e.com/mcp"\ncommand = "x"\n',
            "aido.toml:3",
        ),
        ('[mcp]\nadd = ["git"]\n\n[mcp.roles]\ngit = ["wizard"]\n', "aido.toml:5"),
        ('[custom.api]\ncommand = "npx"\nenv = {"1BAD" = "x"}\n', "aido.toml:3"),
    ],
    ids=["inline table", "table-level rule", "sub-table header", "quoted inline key"],
)
def test_errors_point_at_the_line(tmp_path: Path, text: str, where: str) -> None:
    """The line named is the offending key's, inside inline tables too, else its table's."""
    with pytest.raises(ConfigError) as caught:
        load_config(new_project(tmp_path, text))
    assert f" at {where}" in str(caught.value)


def test_unreadable_rule_sources_turn_the_memo_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where aido's source cannot be read (a bytecode-only install), every load validates."""
    monkeypatch.setattr(decode, "rule_parts", lambda model: ({"tests.gone_rules"}, set()))
    decode.rules_digest.cache_clear()
    project = new_project(tmp_path, 'adapters = ["codex"]\n')
    for _ in range(2):
        assert load_config(project).config.adapters == ("codex",)
    assert not memo_folder().exists()
    assert Memo(tmp_path, project).key(ProjectConfig, b"") is None
    decode.rules_digest.cache_clear()


@pytest.mark.parametrize(
    "text",
    [
        'adapters = "cursor"\n',
        '[mcp]\nadd = "time"\n',
        "[mcp]\nadd = [1]\n",
        "suggest = 1\n",
        '[override.time]\nenv = "x"\n',
        "[override.time]\nargs = [true]\n",
        '[custom.mine]\nurl = "https://mcp.example.com/mcp"\ntransport = "grpc"\n',
        "[custom.mine]\n",
        "[mcp]\nadd = { a = 1 }\n",
        "[roles]\nimplementer = 3\n",
        '[policy]\nallow_custom = "no"\n',
    ],
)
def test_an_invalid_value_is_said_in_aido_tomls_words(tmp_path: Path, text: str) -> None:
    """One style for every schema error (issue 54 §6): the key, the file and line, what the
    value must be; none of the validation library's own wording."""
    project = new_project(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(project)
    message = str(caught.value)
    assert message.startswith(("invalid value for '", "unknown key '", "invalid id")), message
    assert " at aido.toml:" in message
    for library in ("Input should", "Field required", "valid dictionary", "type=", "pydantic"):
        assert library not in message, message
    assert (project / "aido.toml").read_text() == text


# One broken text per kind of reason tomllib gives (issue 54 §6).
_NOT_TOML = [
    "a = [1\n",
    "a = {x = 1\n",
    "[mcp]\n[mcp]\n",
    "a = 1\na = 2\n",
    "a = \n",
    "a 1\n",
    "[mcp\n",
    "[[a]\n",
    "a = 1 b = 2\n",
    "= 1\n",
    'a = "x\n',
    'a = "x\x01"\n',
    "a = 'x\x01'\n",
    'a = "\\q"\n',
    'a = "\\uD800"\n',
    'a = "\\uZZZZ"\n',
    "a = {x=1, x=2}\n",
    "[a.b]\nc=1\n[a]\nb.c=1\n",
    "a = '''x\n",
    'a = """x\n',
    "a = {x=1,}\n",
    "a = 1979-13-27T25:00:00\n",
]
_POSITION = re.compile(r"\(at (?:line (\d+), column (\d+)|end of document)\)$")


def _tomllib_says(text: str) -> tuple[str, int, int]:
    """tomllib's reason for `text` and where it stopped (the end: after the last character)."""
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _POSITION.search(str(exc))
        assert found, str(exc)
        reason = str(exc)[: found.start()].strip()
        if found.group(1):
            return reason, int(found.group(1)), int(found.group(2))
        lines = text.splitlines()
        return reason, len(lines), len(lines[-1]) + 1
    raise AssertionError(f"{text!r} is TOML")


def _said_in_aidos_words(text: str, name: str, message: str, where: Path) -> None:
    reason, line, column = _tomllib_says(text)
    assert message.startswith(f"{name}:{line}:{column} is not valid TOML: "), message
    assert message.endswith("; fix it and run aido again"), message
    assert reason not in message, message  # none of the parser's wording
    assert str(where) not in message, message  # the file as the schema errors name it
    for library in ("(at line", "end of document", "tomllib", "tomlkit", "('", "\\x"):
        assert library not in message, message


@pytest.mark.parametrize("text", _NOT_TOML)
@pytest.mark.parametrize("layer", ["aido.toml", "aido.local.toml"])
def test_a_toml_syntax_error_is_said_like_a_schema_error(
    tmp_path: Path, text: str, layer: str
) -> None:
    """A TOML syntax error names `FILE:LINE:COL` (not the file's full path) and says what is
    wrong in aido's words, as schema errors do; the file stays byte-identical."""
    from aidokit.reconcile.read.choices.config import load_file

    path = tmp_path / layer
    path.write_bytes(text.encode())
    with pytest.raises(ConfigError) as caught:
        load_file(path)
    _said_in_aidos_words(text, layer, str(caught.value), tmp_path)
    assert caught.value.details["line"] == _tomllib_says(text)[1]
    assert path.read_bytes() == text.encode()


@fuzz_settings(300)
@given(st.text(st.sampled_from("ab =[]{}\"'\\.,#\n1\x01"), max_size=24))
def test_any_toml_syntax_error_is_said_in_aidos_words(text: str) -> None:
    """Whatever tomllib refuses, the message is aido's: position, words, no parser text."""
    from aidokit.reconcile.read.choices.config import parse_config

    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        pass
    else:
        return
    where = Path("/nowhere/project/aido.toml")
    with pytest.raises(ConfigError) as caught:
        parse_config(text.encode(), where)
    _said_in_aidos_words(text, "aido.toml", str(caught.value), where.parent)


def test_a_user_layer_error_names_it_under_home(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user layer's syntax error names `~/.config/aido/aido.toml:LINE:COL`, a baseline's
    label stays in front; and bytes that are not UTF-8 are said with their place."""
    from aidokit.reconcile.cli.main import main

    config = sandbox_home / ".config" / "aido" / "aido.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("[mcp\n")
    assert main(["--project", str(tmp_path), "--scope", "user", "plan"]) == 1
    err = capsys.readouterr().err
    assert "~/.config/aido/aido.toml:1:5 is not valid TOML: a [table] header is not closed" in err
    project = new_project(tmp_path, "", folder="utf")
    (project / "aido.toml").write_bytes(b'[mcp]\nadd = ["\xff"]\n')
    with pytest.raises(ConfigError) as caught:
        load_config(project)
    assert str(caught.value) == (
        "aido.toml:2:9 is not UTF-8 text (byte 0xff); save the file as UTF-8 and run aido again"
    )
