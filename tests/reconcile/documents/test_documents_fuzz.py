"""Fuzz the document layer: any bytes in, an AidoError or a correct edit out, never a crash.

`make test` runs a bounded number of examples; `make fuzz` sets AIDO_FUZZ_EXAMPLES higher.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings

FUZZ = fuzz_settings(250, HealthCheck.too_slow, HealthCheck.data_too_large)
PATH = Path("/fuzz/config")
SEEDS = {
    Format.JSON: b'{\n  "theme": "dark",\n  "mcpServers": {\n    "a": {"command": "x"}\n  }\n}\n',
    Format.JSONC: (
        b'\xef\xbb\xbf{\r\n\t// c\r\n\t"servers": { /* b */ "a": {"url": "u",}, },\r\n'
        b'\t"n": [1, 2.5e3, -0, true, null, "\\u00e9\\n"],\r\n}\r\n'
    ),
    Format.TOML: (
        b'# c\nmodel = "o4"\n[mcp_servers.a]\ncommand = "x"\nargs = ["y"]  # k\n'
        b"[mcp_servers.b.env]\nK = 'v'\n[[arr]]\nx = 1979-05-27T07:32:00Z\n"
    ),
    Format.YAML: (
        b"# Goose\nGOOSE_MODEL: gpt-4o\nextensions:\n  dev:\n    enabled: true  # k\n"
        b"    type: builtin\n  a:\n    cmd: npx\n    args: ['-y', \"p\"]\n    envs: {}\n"
    ),
    Format.MARKDOWN: (
        b"---\r\nname: qa  # c\r\nmcp_servers:\r\n  a:\r\n    command: x\r\n---\r\n"
        b"# QA\r\n---\r\nbody: [not yaml\r\n"
    ),
}
MAP = {
    Format.JSON: ("mcpServers",),
    Format.JSONC: ("servers",),
    Format.TOML: ("mcp_servers",),
    Format.YAML: ("extensions",),
    Format.MARKDOWN: ("mcp_servers",),
}
ENTRY: dict[str, Any] = {"command": "npx", "args": ["-y", 'p\u00e9"\\'], "env": {"K": "${K}"}}
TOKENS = [b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"//", b"/*", b"*/", b"\n", b"\r",
          b"=", b"[[", b"]]", b"'''", b'"""', b"#", b"\xef\xbb\xbf", b"\x00", b"\xff", b"1e999",
          b"true", b"nul", b"mcpServers", b"servers", b"mcp_servers", b".", b" ",
          b"- ", b"&a", b"*a", b"<<", b"!!", b"\t", b"extensions", b"---",
          b"9" * 4400, b"2024-13-01", b"1979-02-30T07:32:00Z"]  # fmt: skip
# The last three: an integer past the digits Python reads from text, impossible dates.


@st.composite
def mutated(draw: st.DrawFn, fmt: Format) -> bytes:
    """A seed document with random splices of syntax tokens and random bytes."""
    raw = bytearray(SEEDS[fmt])
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(raw)))
        cut = draw(st.integers(0, 4))
        piece = draw(st.one_of(st.sampled_from(TOKENS), st.binary(max_size=4)))
        raw[at : at + cut] = piece
    return bytes(raw)


def _exercise(fmt: Format, raw: bytes, name: str) -> None:
    """Read, edit and re-read `raw`; only AidoError may escape."""
    try:
        doc = Document(PATH, fmt, raw)
        before = doc.get_map(MAP[fmt])
    except AidoError:
        return
    try:
        doc.set_entry(MAP[fmt], name, ENTRY)
    except AidoError:
        return
    again = Document(PATH, fmt, doc.render())
    assert (again.get_map(MAP[fmt]) or {})[name] == ENTRY
    doc.delete_entry(MAP[fmt], name)
    after = Document(PATH, fmt, doc.render()).get_map(MAP[fmt])
    assert (after or {}) == {k: v for k, v in (before or {}).items() if k != name}


NAMES = st.one_of(st.sampled_from(["aido", "a", "a.b", "x y", '"q"']), st.text(max_size=6))


@FUZZ
@given(fmt=st.sampled_from(list(Format)), raw=st.binary(max_size=200), name=NAMES)
def test_arbitrary_bytes_never_crash_the_document_layer(fmt: Format, raw: bytes, name: str) -> None:
    """Arbitrary bytes either parse and edit correctly or raise an AidoError."""
    _exercise(fmt, raw, name)


@FUZZ
@given(data=st.data(), fmt=st.sampled_from(list(Format)), name=NAMES)
def test_mutated_documents_never_crash_the_document_layer(
    data: st.DataObject, fmt: Format, name: str
) -> None:
    """Near-valid JSON, JSONC and TOML either edit correctly or raise an AidoError."""
    _exercise(fmt, data.draw(mutated(fmt)), name)


def test_a_long_integer_anywhere_never_crashes_the_document_layer() -> None:
    """An integer past the digits Python reads, at every offset of the JSON and JSONC seeds
    and running into each kind of text, is an AidoError or plain text: all of them, not a
    random sample (make fuzz once found one). json converts a number before it reads what
    follows, so its error can come from the middle of broken text; TOML and YAML read a
    document whole first (their refusals: tests/security/test_reads.py, test_documents_yaml)."""
    tails = [b"", b"x", b'dark"', b"}}]", b": 1", b".5", b"e9", b'"', b"\n#", b"'"]
    crashes = []
    for fmt in (Format.JSON, Format.JSONC):
        seed = SEEDS[fmt]
        for at in range(len(seed) + 1):
            for sign, tail in itertools.product((b"", b"-"), tails):
                raw = seed[:at] + sign + b"9" * 4400 + tail + seed[at:]
                try:
                    Document(PATH, fmt, raw).get_map(MAP[fmt])
                except AidoError:
                    pass
                except Exception as exc:
                    crashes.append(f"{fmt} at {at}, then {tail!r}: {exc!r}"[:200])
    assert crashes == []
