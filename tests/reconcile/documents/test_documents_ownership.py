"""Comment and whitespace ownership (docs/documents.md): every example of issue 14 as a test."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from docgen_json import strip_jsonc

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import Document, Format
from tests.helpers import aido, new_project, user_layer

JSONC = Path("/nowhere/.vscode/mcp.json")
TOML = Path("/nowhere/config.toml")
ENTRY = {"command": "npx", "args": ["-y", "pkg"]}
TOML_ENTRY = {"command": "npx", "args": ["-y", "pkg"], "env": {"TOKEN": "t"}}
SERVERS = ("servers",)
MCP = ("mcp_servers",)


def _round_trip(
    fmt: Format, path: Path, raw: bytes, key_path: tuple[str, ...]
) -> tuple[bytes, bytes]:
    """Add an entry (a fresh read, as apply does), then delete it (as destroy does)."""
    added = Document(path, fmt, raw)
    added.set_entry(key_path, "new", TOML_ENTRY if fmt is Format.TOML else ENTRY)
    middle = added.render()
    gone = Document(path, fmt, middle)
    gone.delete_entry(key_path, "new")
    return middle, gone.render()


# A comment inside an empty or one-line map, in every spot a person puts one.
COMPACT_MAPS = [
    b'{ "servers": {\n  // add yours here\n  }\n}',
    b'{ "servers": { // add yours here\n  }\n}',
    b'{"servers": {}, // add yours here\n}\n',
    b'{"servers": { /* add yours here */ }}',
    b'{"servers": {/* a */}}',
    b'{\n  "servers": {\n    // first\n\n    // second\n  },\n}\n',
    b'{\n\t"servers": { "a": {"command": "x"} // mine\n\t}\n}',
    b'{"servers": {"a": {"command": "x"}, // mine\n}}',
    b'{"servers": {"a": {"command": "x"} /* c */}}',
    b'{\r\n  "servers": {\r\n    // CRLF\r\n  }\r\n}\r\n',
]


@pytest.mark.parametrize("raw", COMPACT_MAPS)
def test_jsonc_comment_in_compact_map_survives_apply_and_destroy(raw: bytes) -> None:
    """apply then destroy gives the same bytes back; the added entry parses in between."""
    middle, after = _round_trip(Format.JSONC, JSONC, raw, SERVERS)
    assert strip_jsonc(middle)["servers"]["new"] == ENTRY
    assert after == raw


BEFORE_ENTRY = [
    b'{\n  "servers": {\n    // mine\n    "a": {"command": "x"}\n  }\n}\n',
    b'{\n  "servers": {\n    "a": {"command": "x"}, // about a\n    // about b\n'
    b'    "b": {"command": "y"}\n  }\n}\n',
    b'{"servers": {"a": {"command": "x"}, // mine\n "b": {"command": "y"}}}',
    b'{"servers": { // mine\n "b": {"command": "y"}}}',
]


@pytest.mark.parametrize("raw", BEFORE_ENTRY)
@pytest.mark.parametrize("first", ["add", "delete"])
def test_comment_before_an_entry_never_comments_out_a_new_one(raw: bytes, first: str) -> None:
    """Adding a server and deleting the entry below a `//` line keeps the new server live."""
    doc = Document(JSONC, Format.JSONC, raw)
    victim = "b" if b'"b"' in raw else "a"
    steps = [
        lambda: doc.set_entry(SERVERS, "new", ENTRY),
        lambda: doc.delete_entry(SERVERS, victim),
    ]
    for step in steps if first == "add" else steps[::-1]:
        step()
    servers = strip_jsonc(doc.render())["servers"]
    assert servers["new"] == ENTRY and victim not in servers
    assert doc.get_map(SERVERS) == servers


def test_comment_lines_above_a_member_leave_with_it() -> None:
    """The comment block directly above a member belongs to it; a blank line ends it."""
    raw = (
        b'{\n  "servers": {\n    // about the file\n\n    // about a\n    "a": 1,\n'
        b'    "b": 2 // about b\n  }\n}\n'
    )
    doc = Document(JSONC, Format.JSONC, raw)
    doc.delete_entry(SERVERS, "a")
    assert (
        doc.render()
        == b'{\n  "servers": {\n    // about the file\n\n    "b": 2 // about b\n  }\n}\n'
    )
    doc.delete_entry(SERVERS, "b")
    assert doc.render() == b'{\n  "servers": {\n    // about the file\n\n  }\n}\n'


CODEX = (
    b'model = "o3"\n\n[mcp_servers.owned]\ncommand = "old"\n\n'
    b'# my own server, keep it\n[mcp_servers.mine]\ncommand = "mine"\n\n'
    b'# profiles below\n[profiles.fast]\nmodel = "o4-mini"\n'
)


def test_toml_deleting_owned_table_keeps_the_comment_above_the_next_one() -> None:
    """Deleting `[mcp_servers.owned]` leaves the comment that introduces `mine`."""
    doc = Document(TOML, Format.TOML, CODEX)
    doc.delete_entry(MCP, "owned")
    assert doc.render() == CODEX.replace(b'\n[mcp_servers.owned]\ncommand = "old"\n', b"")


def test_toml_healing_owned_table_keeps_the_comment_above_the_next_one() -> None:
    """Healing `owned` rewrites its table only; every other byte stays."""
    doc = Document(TOML, Format.TOML, CODEX)
    doc.set_entry(MCP, "owned", {"command": "new"})
    assert doc.render() == CODEX.replace(b'command = "old"', b'command = "new"')


def test_toml_new_table_goes_before_the_comment_that_leads_a_table() -> None:
    """A new table never lands between a comment and the table it introduces."""
    doc = Document(TOML, Format.TOML, CODEX)
    doc.set_entry(MCP, "new", {"command": "npx"})
    out = doc.render()
    assert b"# my own server, keep it\n[mcp_servers.mine]" in out
    assert b"# profiles below\n[profiles.fast]" in out
    assert out.index(b"[mcp_servers.new]") < out.index(b"# profiles below")


TOML_FILES = [
    CODEX,
    b'model = "o3"\n',
    b'model = "o3"',
    b"",
    b"# only a comment\n",
    b'[mcp_servers.a]\ncommand = "x"\n# trailing note\n',
    b'[mcp_servers.a]\ncommand = "x"\n\n\n[other]\nk = 1\n',
    b'model = "o3"\r\n\r\n[mcp_servers.a]\r\ncommand = "x"\r\n',
    b'[mcp_servers]\n\n[mcp_servers.a]\ncommand = "x"\n',
    b'[mcp_servers.a]\ncommand = "x"\n[profiles.p]\nm = 1\n[mcp_servers.b]\ncommand = "y"\n',
    b'[mcp_servers.a.env]\nK = "v"\n\n[z]\n',
    b'[mcp_servers]\nmine.command = "x"\n',
    b'mcp_servers.mine.command = "x"\n',
    b'args = [\n  "[not.a.table]",\n]\ns = """\n[nor.this]\n"""\n',
]


@pytest.mark.parametrize("raw", TOML_FILES)
def test_toml_apply_then_destroy_is_byte_identical(raw: bytes) -> None:
    """Adding a table and deleting it again leaves no stray blank line or comment move."""
    middle, after = _round_trip(Format.TOML, TOML, raw, MCP)
    assert tomllib.loads(middle.decode())["mcp_servers"]["new"] == TOML_ENTRY
    assert after == raw


def test_toml_split_tables_and_sub_tables_are_one_entry() -> None:
    """An entry split by another table, with a sub-table, is replaced and deleted whole."""
    raw = (
        b'[mcp_servers.x]\ncommand = "a"\n\n[profiles.p]\nm = 1\n\n'
        b'[mcp_servers.x.env]\nK = "v"\n\n[mcp_servers.y]\ncommand = "b"\n'
    )
    doc = Document(TOML, Format.TOML, raw)
    doc.set_entry(MCP, "x", {"command": "c"})
    healed = doc.render()
    assert tomllib.loads(healed.decode())["mcp_servers"]["x"] == {"command": "c"}
    assert b"[profiles.p]\nm = 1\n" in healed and b'[mcp_servers.y]\ncommand = "b"\n' in healed
    doc.delete_entry(MCP, "x")
    # The blank line above [profiles.p] is that table's own, so it stays.
    assert doc.render() == b'\n[profiles.p]\nm = 1\n\n[mcp_servers.y]\ncommand = "b"\n'


REFUSED = [
    (b"mcp_servers = {}\n", "new"),
    (b'mcp_servers = { mine = { command = "x" } }\n', "new"),
    (b'mcp_servers = { mine = { command = "x" } }\n', "mine"),
    (b'[mcp_servers]\nmine = { command = "x" }\n', "mine"),
    (b'[mcp_servers]\nmine.command = "x"\n', "mine"),
    (b'mcp_servers.mine.command = "x"\n', "mine"),
    (b'[[mcp_servers]]\nname = "x"\n', "new"),
]


@pytest.mark.parametrize(("raw", "name"), REFUSED)
@pytest.mark.parametrize("edit", ["set", "delete"])
def test_toml_shapes_aido_does_not_edit_are_refused_cleanly(
    raw: bytes, name: str, edit: str
) -> None:
    """Inline maps, inline or dotted entries: a DocumentError naming the file, bytes kept."""
    doc = Document(TOML, Format.TOML, raw)
    try:
        if edit == "set":
            doc.set_entry(MCP, name, TOML_ENTRY)
        else:
            doc.delete_entry(MCP, name)
    except DocumentError as exc:
        assert str(exc).startswith(f"{TOML}:")
        assert "fix" in str(exc) or "rewrite" in str(exc)
    else:
        assert edit == "delete" and name not in (doc.get_map(MCP) or {})
    assert doc.render() == raw


def test_toml_entry_beside_dotted_user_entry_is_added() -> None:
    """A user's dotted-key entry is left alone while aido adds a table of its own."""
    raw = b'[mcp_servers]\nmine.command = "x"\n'
    doc = Document(TOML, Format.TOML, raw)
    doc.set_entry(MCP, "new", {"command": "y"})
    assert doc.render().startswith(raw)
    assert tomllib.loads(doc.render().decode())["mcp_servers"] == {
        "mine": {"command": "x"},
        "new": {"command": "y"},
    }


def test_json_strict_round_trip_of_empty_and_spaced_maps() -> None:
    """`{}`, `{ }` and a map with a blank line inside come back byte for byte."""
    for raw in (b'{"mcpServers": {}}', b'{"mcpServers": { }}', b'{\n  "mcpServers": {\n\n  }\n}'):
        middle, after = _round_trip(Format.JSON, JSONC, raw, ("mcpServers",))
        assert json.loads(middle)["mcpServers"]["new"] == ENTRY
        assert after == raw


def test_empty_map_on_two_lines_comes_back_open_when_its_origin_is_known() -> None:
    """`{` and `}` on two lines at the `{` line's indentation look exactly like an
    opened-up `{}`: with the origin apply records it comes back open, without one (a
    state written before aido kept it) as `{}`."""
    raw = b'{\n  "mcpServers": {\n  }\n}\n'
    origin = Document(JSONC, Format.JSON, raw).origin(("mcpServers",))
    middle, after = _round_trip(Format.JSON, JSONC, raw, ("mcpServers",))
    assert after == b'{\n  "mcpServers": {}\n}\n'
    gone = Document(JSONC, Format.JSON, middle)
    gone.restore(("mcpServers",), origin)
    gone.delete_entry(("mcpServers",), "new")
    assert gone.render() == raw


def test_toml_layout_refusal_shows_in_the_plan_and_apply_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the CLI, user scope: the Codex file is a plan error; ~/.claude.json stays too."""
    home = Path(os.environ["HOME"])
    (home / ".codex").mkdir()
    config = home / ".codex" / "config.toml"
    config.write_bytes(b'mcp_servers = { mine = { command = "x" } }\n')
    claude = home / ".claude.json"
    claude.write_bytes(b"{}\n")
    user_layer(home)
    project = new_project(tmp_path)
    aido(project, "plan", "--scope", "user")
    out = capsys.readouterr().out
    assert f"error: {config}:1:" in out and "rewrite it as one table per server" in out
    assert aido(project, "apply", "--scope", "user", "--yes") != 0
    assert config.read_bytes() == b'mcp_servers = { mine = { command = "x" } }\n'
    assert claude.read_bytes() == b"{}\n"
