"""Edits aido makes to aido.toml (`aido remove`, `forget`): the rest of the file stays put."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.reconcile.write.config_edit import record_skip
from tests.fuzz import fuzz_settings

# What may follow the [mcp] table: another table led by its own comment, blank lines.
_NEXT = st.sampled_from(
    [
        "",
        "\n# Team overrides: tune time\n[override.time]\nargs = ['--local-timezone=UTC']\n",
        "\n# Roles: who gets what\n[mcp.roles]\ntime = ['implementer']\n",
        "\n\n# custom servers below\n\n[custom.mine]\nurl = 'https://mcp.example.com/mcp'\n",
    ]
)
_MCP = st.sampled_from(
    [
        '[mcp]\nadd = ["context7", "time"]\n',
        '[mcp]\n# what the team uses\nadd = [\n  "context7",\n  "time",\n]\n',
        '[mcp]\nadd = ["context7", "time"]  # the team\'s\n# skip = ["x"]  # never these\n',
        "[mcp]\n",
    ]
)


@fuzz_settings(60)
@given(_MCP, _NEXT, st.booleans())
def test_skip_goes_into_the_mcp_table_above_the_next_tables_comment(
    mcp: str, after: str, crlf: bool
) -> None:
    """`skip = [...]` lands right after the last key of [mcp] (issue 54 item 5: it went under
    the comment that leads the next table); every other line stays where it was."""
    import tempfile

    text = 'adapters = ["claude-code"]\n\n' + mcp + after
    if crlf:
        text = text.replace("\n", "\r\n")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "aido.toml"
        path.write_bytes(text.encode())
        assert record_skip(path, "context7")
        new = path.read_bytes().decode()
    lines = new.splitlines()
    skip = lines.index('skip = ["context7"]')
    table = lines.index("[mcp]")
    body = lines[table + 1 : skip]
    assert all(not line.startswith("[") for line in body), new
    mine = mcp.splitlines()
    last = max(i for i, line in enumerate(mine) if not line.startswith("#"))
    assert lines[skip + 1 :] == [*mine[last + 1 :], *after.splitlines()], new
    data = tomllib.loads(new)
    assert data["mcp"]["skip"] == ["context7"]
    assert "context7" not in data["mcp"].get("add", [])
    assert ("\r\n" in new) == crlf and ("\n" in new.replace("\r\n", "")) is not crlf


@pytest.mark.parametrize(
    ("after", "header"),
    [
        ("\n# Team overrides: tune time\n[override.time]\nenabled = false\n", "[override.time]"),
        ("\n# Roles: who gets what\n[mcp.roles]\ntime = ['implementer']\n", "[mcp.roles]"),
    ],
)
def test_the_next_tables_comment_stays_above_it(tmp_path: Path, after: str, header: str) -> None:
    """The exact file of the finding: the comment that leads the next table stays its."""
    path = tmp_path / "aido.toml"
    path.write_text('[mcp]\nadd = ["context7", "time"]\n' + after)
    assert record_skip(path, "context7")
    comment = after.strip().splitlines()[0]
    assert path.read_text() == (
        f'[mcp]\nadd = ["time"]\nskip = ["context7"]\n\n{comment}\n{header}\n'
        + after.strip().split("\n", 2)[2]
        + "\n"
    )
