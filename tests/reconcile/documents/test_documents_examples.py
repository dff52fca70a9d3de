"""Golden examples: new entries follow the file's own style; key paths and types are exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import Document, Format

PATH = Path("/nowhere/settings.json")
ENTRY = {"command": "npx", "args": ["-y", "pkg"]}


def _added(fmt: Format, raw: bytes, key_path: tuple[str, ...] = ("mcpServers",)) -> bytes:
    """Return `raw` after adding ENTRY as "new"."""
    doc = Document(PATH, fmt, raw)
    doc.set_entry(key_path, "new", ENTRY)
    return doc.render()


def test_crlf_bom_and_four_space_indent_are_followed() -> None:
    """A CRLF, BOM, 4-space file gets a CRLF, 4-space entry and keeps its BOM."""
    raw = b'\xef\xbb\xbf{\r\n    "mcpServers": {\r\n        "a": {}\r\n    }\r\n}'
    assert _added(Format.JSON, raw) == (
        b'\xef\xbb\xbf{\r\n    "mcpServers": {\r\n        "a": {},\r\n        "new": {\r\n'
        b'            "command": "npx",\r\n            "args": [\r\n                "-y",\r\n'
        b'                "pkg"\r\n            ]\r\n        }\r\n    }\r\n}'
    )


def test_crlf_toml_gets_crlf_tables() -> None:
    """New tables in a CRLF config.toml end their lines in CRLF too, not a mix."""
    raw = b'# mine\r\nmodel = "o3"\r\n\r\n[mcp_servers.a]\r\ncommand = "x"\r\n'
    new = _added(Format.TOML, raw, ("mcp_servers",))
    assert new.startswith(raw)
    assert new[len(raw) :] == (
        b'\r\n[mcp_servers.new]\r\ncommand = "npx"\r\nargs = ["-y", "pkg"]\r\n'
    )


def test_toml_with_mixed_line_ends_gets_lf_tables() -> None:
    """A file that already mixes LF and CRLF keeps its lines; aido does not guess a style."""
    raw = b'model = "o3"\r\n[mcp_servers.a]\ncommand = "x"\n'
    new = _added(Format.TOML, raw, ("mcp_servers",))
    assert new.startswith(raw) and b"\r\n[mcp_servers.new]" not in new


def test_one_line_arrays_are_followed() -> None:
    """A file that keeps `args` on one line gets its new `args` on one line too."""
    raw = b'{\n  "mcpServers": {\n    "a": {\n      "args": ["x", "y"]\n    }\n  }\n}\n'
    assert _added(Format.JSON, raw) == (
        b'{\n  "mcpServers": {\n    "a": {\n      "args": ["x", "y"]\n    },\n'
        b'    "new": {\n      "command": "npx",\n      "args": ["-y", "pkg"]\n    }\n  }\n}\n'
    )


def test_split_arrays_stay_split_and_brackets_in_strings_do_not_count() -> None:
    """One element per line stays the layout; `"[a, b]"` inside a string is not an array."""
    raw = (
        b'{\n  "mcpServers": {\n    "a": {\n      "command": "[x, y] [z]",\n'
        b'      "args": [\n        "x"\n      ]\n    }\n  }\n}\n'
    )
    assert _added(Format.JSON, raw).endswith(
        b'"new": {\n      "command": "npx",\n      "args": [\n        "-y",\n        "pkg"\n'
        b"      ]\n    }\n  }\n}\n"
    )


def test_tabs_compact_colon_and_trailing_commas_are_followed() -> None:
    """A tab-indented JSONC file with `":"` and trailing commas gets the same in new entries."""
    raw = b'{\n\t"context_servers":{\n\t\t"a":{},\n\t},\n}\n'
    assert _added(Format.JSONC, raw, ("context_servers",)) == (
        b'{\n\t"context_servers":{\n\t\t"a":{},\n\t\t"new":{\n\t\t\t"command":"npx",\n'
        b'\t\t\t"args":[\n\t\t\t\t"-y",\n\t\t\t\t"pkg",\n\t\t\t],\n\t\t},\n\t},\n}\n'
    )


def test_inline_map_gets_inline_entry() -> None:
    """An inline map stays on one line."""
    raw = b'{"mcpServers": {"a": {}}, "x": 1}'
    assert _added(Format.JSON, raw) == (
        b'{"mcpServers": {"a": {}, "new": {"command": "npx", "args": ["-y", "pkg"]}}, "x": 1}'
    )


def test_key_path_with_dots_and_slashes_creates_intermediate_objects() -> None:
    """Keys holding dots and slashes are single keys; missing objects are created."""
    raw = b'{\n  "projects": {\n    "/home/u/other": {}\n  }\n}\n'
    key_path = ("projects", "/home/u/my.app", "mcpServers")
    doc = Document(PATH, Format.JSON, _added(Format.JSON, raw, key_path))
    assert doc.get_map(key_path) == {"new": ENTRY}
    assert doc.value["projects"]["/home/u/other"] == {}


def test_deleting_last_entry_leaves_empty_map() -> None:
    """Removing the only entry keeps the key with `{}`."""
    doc = Document(PATH, Format.JSON, b'{\n  "mcpServers": {\n    "a": {"x": 1}\n  }\n}\n')
    doc.delete_entry(("mcpServers",), "a")
    assert doc.render() == b'{\n  "mcpServers": {}\n}\n'


def test_wrong_typed_map_names_line_and_column() -> None:
    """A map that is not an object is a DocumentError at its line:column."""
    doc = Document(PATH, Format.JSON, b'{\n  "mcpServers": ["a"]\n}\n')
    with pytest.raises(
        DocumentError, match=r"settings\.json:2:17: \"mcpServers\" must be an object"
    ):
        doc.get_map(("mcpServers",))
    with pytest.raises(DocumentError):
        doc.set_entry(("mcpServers",), "x", ENTRY)


def test_wrong_typed_entry_is_returned_as_is() -> None:
    """A single odd entry inside a valid map is the caller's business."""
    doc = Document(PATH, Format.JSON, b'{"mcpServers": {"a": 3, "b": null}}')
    assert doc.get_map(("mcpServers",)) == {"a": 3, "b": None}
    doc.set_entry(("mcpServers",), "a", ENTRY)
    assert doc.get_map(("mcpServers",)) == {"a": ENTRY, "b": None}


def test_replacing_an_equal_entry_changes_no_byte() -> None:
    """Setting an entry to the value it already has (any layout, key order) is a no-op."""
    raw = b'{"mcpServers": {"a": {"args": ["-y","pkg"],  "command": "npx"}}}'
    assert _added(Format.JSON, raw).count(b'"a"') == 1
    doc = Document(PATH, Format.JSON, raw)
    doc.set_entry(("mcpServers",), "a", ENTRY)
    assert doc.render() == raw


def test_toml_names_needing_quotes_are_quoted() -> None:
    """TOML server names with dots or spaces become quoted keys; env is a sub-table."""
    doc = Document(Path("/nowhere/config.toml"), Format.TOML, b'model = "o3"\n')
    doc.set_entry(("mcp_servers",), "my.srv x", {**ENTRY, "env": {"TOKEN": "t"}})
    assert doc.render() == (
        b'model = "o3"\n\n[mcp_servers."my.srv x"]\ncommand = "npx"\nargs = ["-y", "pkg"]\n\n'
        b'[mcp_servers."my.srv x".env]\nTOKEN = "t"\n'
    )
    assert doc.get_map(("mcp_servers",)) == {"my.srv x": {**ENTRY, "env": {"TOKEN": "t"}}}


def test_entry_values_that_json_cannot_hold_are_refused() -> None:
    """NaN or a non-JSON type in an entry is a caller bug, not a silent write."""
    doc = Document(PATH, Format.JSON, b"{}")
    with pytest.raises(ValueError):
        doc.set_entry(("mcpServers",), "a", {"x": float("nan")})
    with pytest.raises(TypeError):
        doc.set_entry(("mcpServers",), "a", {"x": {1, 2}})
    assert doc.render() == b"{}"
