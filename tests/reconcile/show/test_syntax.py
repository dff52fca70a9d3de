"""A field shown in a plan reads back, in its file's syntax, as the value aido has
(issue 38 point 5): JSON for `.mcp.json`, TOML for Codex, YAML for frontmatter."""

from __future__ import annotations

import io
import json
import tomllib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from aidokit.adapters.base import Format
from aidokit.reconcile.documents.syntax import field

# Control characters never reach a plan as they are (`printable` escapes them first).
_text = st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"))
_scalars = st.one_of(st.text(_text, max_size=12), st.booleans(), st.integers(-(2**31), 2**31))
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(_text, max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def _read(fmt: Format, line: str) -> Any:
    if fmt is Format.TOML:
        return tomllib.loads(line)
    if fmt is Format.YAML:
        return YAML(typ="safe").load(io.StringIO(line))
    return json.loads("{" + line + "}")


@settings(max_examples=200, deadline=None)
@given(
    st.text(_text, min_size=1, max_size=8),
    _values,
    st.sampled_from([Format.JSON, Format.TOML, Format.YAML]),
)
def test_a_field_reads_back_as_its_value(key: str, value: Any, fmt: Format) -> None:
    """`field(fmt, key, value)` parsed by the format's own reader is `{key: value}`."""
    assert _read(fmt, field(fmt, key, value)) == {key: value}
