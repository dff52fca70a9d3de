"""A comment or trailing comma in a strict-JSON harness file (issue 38 §2).

Cursor's documentation describes `.cursor/mcp.json` as JSON and nothing says it takes
comments (docs/adapters.md, "Strict JSON"), so aido never edits such a file as JSONC: the
error says it in the harness's terms, names file, line and the fix, leaves the file
byte-identical, and is the last thing `apply` says (no "see above").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Format, Host, Scope
from aidokit.reconcile.core.errors import DocumentError, JsoncInStrictJsonError
from aidokit.reconcile.documents import read_document
from tests.helpers import aido, new_project

BODY = [
    "{",
    '  "mcpServers": {',
    '    "mine": {"command": "node", "args": ["x.js"]}',
    "  }",
    "}",
]


def _strict_project_adapters() -> list[str]:
    """Every adapter whose project-scope file is strict JSON (its reader refuses JSONC)."""
    host = Host(project=Path("/p"), home=Path("/h"), os="linux", environ={})
    names = []
    for name, adapter in ADAPTERS.items():
        location = adapter.location(Scope.PROJECT, host)
        if location is not None and location.fmt is Format.JSON:
            names.append(name)
    return names


STRICT = _strict_project_adapters()


def test_the_strict_harnesses_include_cursor_and_claude_code() -> None:
    """The list below is derived from each adapter's format declaration."""
    assert {"cursor", "claude-code"} <= set(STRICT)


def _commented(line: int, comment: str) -> bytes:
    """The body with `comment` on a line of its own before line `line` (1-based)."""
    lines = [*BODY[: line - 1], f"  {comment}", *BODY[line - 1 :]]
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.parametrize("adapter", STRICT)
def test_a_comment_is_named_in_the_harness_terms(
    tmp_path: Path, adapter: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """plan and apply fail on the file, naming harness, line and fix; the file stays."""
    project = new_project(tmp_path, f'adapters = ["{adapter}"]\n')
    host = Host.current(project)
    location = ADAPTERS[adapter].location(Scope.PROJECT, host)
    assert location is not None
    location.path.parent.mkdir(parents=True, exist_ok=True)
    raw = _commented(2, "// my servers")
    location.path.write_bytes(raw)
    title = ADAPTERS[adapter].title
    assert aido(project, "plan") == 1
    out = capsys.readouterr().out
    expected = f"{title} reads strict JSON, and the comment at line 2 makes"
    assert expected in out
    assert out.rstrip().splitlines()[-1].startswith("Error: ")  # repeated after the summary
    assert aido(project, "apply", "--yes") == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("aido: error: nothing was written: ")
    assert expected in err[-1] and "delete the comment" in err[-1] and "see above" not in err[-1]
    assert location.path.read_bytes() == raw


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    line=st.integers(min_value=2, max_value=len(BODY) - 1),
    comment=st.sampled_from(["// note", "/* block */", "/* two\n   lines */", "//"]),
    crlf=st.booleans(),
)
def test_any_comment_gives_its_own_line(
    tmp_path: Path, line: int, comment: str, crlf: bool
) -> None:
    """Wherever the comment stands (line or block, LF or CRLF), the error names its line."""
    raw = _commented(line, comment)
    if crlf:
        raw = raw.replace(b"\n", b"\r\n")
    path = tmp_path / "mcp.json"
    path.write_bytes(raw)
    with pytest.raises(JsoncInStrictJsonError) as caught:
        read_document(path, Format.JSON)
    assert (caught.value.line, caught.value.what) == (line, "comment")
    assert f"{path}:{line}:3: " in caught.value.harness_words("Cursor")
    assert path.read_bytes() == raw


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('{"mcpServers": {"a": {"command": "x"},}}\n', 1),
        ('{\n  "mcpServers": {\n    "a": {"command": "x", "args": ["y",]}\n  }\n}\n', 3),
    ],
)
def test_a_trailing_comma_is_named_too(tmp_path: Path, text: str, line: int) -> None:
    """A trailing comma is JSONC as well: named as one, with its line."""
    path = tmp_path / "mcp.json"
    path.write_text(text)
    with pytest.raises(JsoncInStrictJsonError) as caught:
        read_document(path, Format.JSON)
    assert (caught.value.what, caught.value.line) == ("trailing comma", line)
    assert "delete the trailing comma" in caught.value.harness_words("Cursor")


def test_broken_json_with_a_comment_is_not_blamed_on_the_comment(tmp_path: Path) -> None:
    """A file that is broken beyond its comments keeps json's own words."""
    path = tmp_path / "mcp.json"
    path.write_text('{\n  // mine\n  "mcpServers": {"a": }\n}\n')
    with pytest.raises(DocumentError) as caught:
        read_document(path, Format.JSON)
    assert not isinstance(caught.value, JsoncInStrictJsonError)
    assert "is not valid JSON" in str(caught.value)


def test_jsonc_harness_files_are_still_edited(tmp_path: Path) -> None:
    """A JSONC format (VS Code, Zed, Gemini) reads the same comment as a comment."""
    path = tmp_path / "settings.json"
    path.write_bytes(_commented(2, "// mine"))
    assert read_document(path, Format.JSONC).get_map(("mcpServers",)) is not None


def test_every_error_is_repeated_last(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two broken files: the closing line of apply lists both, numbered."""
    project = new_project(tmp_path, 'adapters = ["cursor", "claude-code"]\n')
    (project / ".cursor").mkdir()
    (project / ".cursor" / "mcp.json").write_bytes(_commented(3, "// mine"))
    (project / ".mcp.json").write_text("{broken")
    assert aido(project, "apply", "--yes") == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert "2 files have errors: (1) " in last and "(2) " in last
    assert "Cursor reads strict JSON" in last and ".mcp.json" in last
