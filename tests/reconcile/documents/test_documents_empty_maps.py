"""A server map the user wrote empty comes back byte for byte after apply and destroy (issue 22).

The class: in every editor (JSON, JSONC, TOML, plain YAML, Markdown frontmatter: Gemini
CLI's `mcp_servers`, Copilot CLI's `mcp-servers`), a map the user wrote empty, in any
of the ways the format allows, takes aido's entries and gives them back leaving exactly
the user's bytes; a map aido created goes again with its last entry. `key:` with no
value (YAML null) is not a map: the editor refuses it naming the file, and nothing is
written. Apply takes the map's origin (`Document.origin`) before the first entry and
destroy hands it back (`Document.restore`), as aido's state records do. Derandomized
in CI; AIDO_FUZZ_EXAMPLES explores.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings

PROPS = fuzz_settings(60, HealthCheck.too_slow)
ENTRY: dict[str, Any] = {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.41"]}
NAMES = ["playwright", "context7", "git"]

# (format, file, map path, the map's line(s) as the user wrote them; "" = no map at all)
YAML_EMPTY = ["{KEY}: {{}}", "{KEY}: {{}}  # mine", "{KEY}: {{ }}", "{KEY}:   {{}}", ""]
YAML_NULL = ["{KEY}:", "{KEY}:  # servers go here", "{KEY}: ~", "{KEY}: null"]
EDITORS = [
    (Format.MARKDOWN, "/p/.gemini/agents/qa.md", ("mcp_servers",)),
    (Format.MARKDOWN, "/p/.github/agents/qa.agent.md", ("mcp-servers",)),
    (Format.YAML, "/p/.config/goose/config.yaml", ("extensions",)),
]


def _yaml_file(fmt: Format, key: str, line: str, newline: str, body: str) -> bytes:
    """An agent file (or a plain YAML file) with the map written as `line`."""
    lines = ["# the user's", "name: qa", *([line.format(KEY=key)] if line else []), "tools: [a]"]
    text = newline.join(lines) + newline
    if fmt is Format.MARKDOWN:
        text = "---" + newline + text + "---" + newline + body
    return text.encode()


def _round_trip(fmt: Format, path: str, map_path: tuple[str, ...], raw: bytes, n: int) -> bytes:
    """Apply `n` entries (origin taken first), then destroy them with the origin given back."""
    doc = Document(Path(path), fmt, raw)
    origin = doc.origin(map_path)
    for name in NAMES[:n]:
        doc.set_entry(map_path, name, ENTRY)
    applied = doc.render()
    assert applied != raw
    again = Document(Path(path), fmt, applied)
    again.restore(map_path, origin)
    for name in NAMES[:n]:
        again.delete_entry(map_path, name)
    return again.render()


@PROPS
@given(
    editor=st.sampled_from(EDITORS),
    line=st.sampled_from(YAML_EMPTY),
    newline=st.sampled_from(["\n", "\r\n"]),
    body=st.sampled_from(["", "# QA\n---\nmcp_servers: {}\n", "text without newline"]),
    n=st.integers(1, 3),
)
@example(editor=EDITORS[0], line=YAML_EMPTY[0], newline="\n", body="", n=1)
@example(editor=EDITORS[1], line=YAML_EMPTY[1], newline="\r\n", body="---\n", n=2)
def test_yaml_empty_map_comes_back(
    editor: tuple[Format, str, tuple[str, ...]], line: str, newline: str, body: str, n: int
) -> None:
    """A YAML map the user wrote `{}` (or that aido created) gives back the same bytes."""
    fmt, path, map_path = editor
    raw = _yaml_file(fmt, map_path[0], line, newline, body)
    assert _round_trip(fmt, path, map_path, raw, n) == raw


@pytest.mark.parametrize("editor", EDITORS)
@pytest.mark.parametrize("line", YAML_NULL)
def test_yaml_null_map_is_refused_naming_the_file(
    editor: tuple[Format, str, tuple[str, ...]], line: str
) -> None:
    """`key:` with no value (or a comment, `~`, `null`) is refused, naming file and line."""
    fmt, path, map_path = editor
    raw = _yaml_file(fmt, map_path[0], line, "\n", "")
    doc = Document(Path(path), fmt, raw)
    with pytest.raises(DocumentError, match=f"{path}:[0-9]+:.*must be a mapping, not null"):
        doc.set_entry(map_path, "playwright", ENTRY)


OTHER = [
    (Format.JSON, "/p/.mcp.json", ("mcpServers",), b'{"mcpServers": {}}\n'),
    (Format.JSON, "/p/.mcp.json", ("mcpServers",), b'{\r\n  "mcpServers": {\r\n  }\r\n}\r\n'),
    (Format.JSONC, "/p/.vscode/mcp.json", ("servers",), b'{\n  // c\n  "servers": {} // x\n}\n'),
    (Format.JSONC, "/p/.vscode/mcp.json", ("servers",), b'{\n  "inputs": []\n}\n'),
    (Format.TOML, "/p/.codex/config.toml", ("mcp_servers",), b"# c\n[mcp_servers]\n"),
    (Format.TOML, "/p/.codex/config.toml", ("mcp_servers",), b"model = 'x'\r\n"),
]


@pytest.mark.parametrize("n", [1, 3])
@pytest.mark.parametrize(("fmt", "path", "map_path", "raw"), OTHER)
def test_json_and_toml_empty_map_comes_back(
    fmt: Format, path: str, map_path: tuple[str, ...], raw: bytes, n: int
) -> None:
    """The JSON, JSONC and TOML editors meet the same rule for an empty or missing map."""
    assert _round_trip(fmt, path, map_path, raw, n) == raw
