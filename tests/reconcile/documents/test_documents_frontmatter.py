"""Agent files (Markdown with YAML frontmatter): only aido's keys change, the body never does.

Examples name the layouts of issue 22; the property runs derandomized in CI (a failure
reproduces) over generated frontmatter with comments, LF or CRLF, and bodies that hold
`---` lines, YAML-looking text and trailing text without a final newline.
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
from tests.reconcile.documents.edit_ops import edited

PATH = Path("/nowhere/.gemini/agents/qa.md")
MAP = ("mcp_servers",)
ENTRY: dict[str, Any] = {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.41"]}
PROPS = fuzz_settings(150, HealthCheck.too_slow)


def _doc(raw: bytes) -> Document:
    return Document(PATH, Format.MARKDOWN, raw)


def _apply(raw: bytes, name: str = "playwright", entry: Any = ENTRY) -> bytes:
    return edited(_doc(raw), MAP, ("set", name, entry))


def _destroy(raw: bytes, name: str = "playwright") -> bytes:
    return edited(_doc(raw), MAP, ("delete", name, None))


BODY_WITH_RULES = b"# QA\n\n---\n\nname: not frontmatter\n---\nmcp_servers: {}\n"


def test_body_with_dashes_is_copied_byte_for_byte() -> None:
    """A body holding `---` lines and YAML-looking text is never read or touched."""
    raw = b"---\nname: qa\ndescription: tests\n---\n" + BODY_WITH_RULES
    applied = _apply(raw)
    assert applied.endswith(b"---\n" + BODY_WITH_RULES)
    assert _doc(applied).get_map(MAP) == {"playwright": ENTRY}
    assert _destroy(applied) == raw


def test_crlf_and_comments_in_the_frontmatter_stay() -> None:
    """CRLF line breaks and comments survive; the new lines use CRLF too."""
    raw = b"---\r\n# who\r\nname: qa  # the agent\r\ntools: [Read]\r\n---\r\nBody\r\n"
    applied = _apply(raw)
    assert b"\n" not in applied.replace(b"\r\n", b"")
    assert applied.startswith(b"---\r\n# who\r\nname: qa  # the agent\r\ntools: [Read]\r\n")
    assert _destroy(applied) == raw


def test_existing_user_servers_stay_and_the_map_stays() -> None:
    """A map the user already has keeps their entries; removing aido's leaves them."""
    raw = b"---\nname: qa\nmcp_servers:\n  mine:  # keep\n    command: x\n---\nb"
    applied = _apply(raw)
    assert _doc(applied).get_map(MAP) == {"mine": {"command": "x"}, "playwright": ENTRY}
    assert _destroy(applied) == raw


def test_bom_empty_frontmatter_and_no_final_newline() -> None:
    """A BOM, an empty frontmatter and a file ending on the closing line all round trip."""
    for raw in (b"\xef\xbb\xbf---\nname: qa\n---\nx", b"---\n---\nbody\n", b"---\nname: qa\n---"):
        assert _destroy(_apply(raw)) == raw


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"# QA\nno frontmatter\n", "does not start with a `---`"),
        (b"---\nname: qa\nbody without a close\n", "never closed"),
        (b"---\nname: [qa\n---\nbody\n", "not valid YAML"),
        (b"---\n- a list\n---\nbody\n", "must be a mapping"),
        (b"---\nname: qa\nmcp_servers: [a]\n---\nbody\n", "must be a mapping"),
        (b"---\nx: &a {k: 1}\nmcp_servers:\n  y: *a\n---\n", "anchor"),
        (b"---\nname: qa\n---\n\xff\n", "not UTF-8"),
    ],
)
def test_unreadable_frontmatter_is_refused(raw: bytes, reason: str) -> None:
    """Frontmatter aido cannot read fails closed with one sentence naming the file."""
    with pytest.raises(DocumentError) as info:
        _apply(raw)
    assert str(PATH) in str(info.value) and reason in str(info.value)


def test_errors_name_the_files_own_line() -> None:
    """A YAML error's line number counts the opening `---` line, as an editor shows it."""
    with pytest.raises(DocumentError, match=r"qa\.md:3:"):
        _doc(b"---\nname: qa\nbad: a: b\n---\nbody\n")


# -- generated round trips ---------------------------------------------------------------

words = st.text(st.characters(codec="ascii", categories=("L", "N")), min_size=1, max_size=8)
comment = st.builds(lambda w: f"# {w}", words)
user_key = st.builds(
    lambda k, v: f"{k}: {v}", st.sampled_from(["name", "description", "model"]), words
)
front_lines = st.lists(  # one line per key: a duplicate key is not valid frontmatter
    st.one_of(comment, user_key, st.just("")), max_size=5, unique_by=lambda ln: ln.split(":")[0]
)
body_line = st.one_of(
    words, st.just("---"), st.just("mcp_servers: {}"), st.just("- item"), st.just("")
)
bodies = st.lists(body_line, max_size=6)


# How a generated file ends its lines: LF or CRLF, with or without a final one.
endings = {"newline": st.sampled_from(["\n", "\r\n"]), "final": st.booleans()}


def agent_file(front: list[str], body: list[str], newline: str, final: bool) -> bytes:
    """An agent file: `front` between `---` fences, then `body`, ended as `endings` drew."""
    text = newline.join(["---", *front, "---", *body])
    return (text + (newline if final else "")).encode("utf-8")


entries = st.fixed_dictionaries(
    {"command": words},
    optional={
        "args": st.lists(words, max_size=2),
        "env": st.dictionaries(words, words, max_size=2),
    },
)


@PROPS
@given(
    front=front_lines,
    body=bodies,
    **endings,
    new=st.dictionaries(
        st.sampled_from(["playwright", "a.b", "x y"]), entries, min_size=1, max_size=3
    ),
)
@example(
    front=["# c", "name: qa"],
    body=["---", "x"],
    newline="\r\n",
    final=False,
    new={"playwright": ENTRY},
)
def test_apply_heal_destroy_round_trip(
    front: list[str], body: list[str], newline: str, final: bool, new: dict[str, Any]
) -> None:
    """Apply, heal and destroy give back the original bytes; the body never changes."""
    raw = agent_file(front, body, newline, final)
    tail = raw[raw.index(b"---", 3) :]
    doc = _doc(raw)
    for name, entry in new.items():
        doc.set_entry(MAP, name, entry)
    applied = doc.render()
    assert applied.endswith(tail) and _doc(applied).get_map(MAP) == new
    healed = _doc(applied.replace(b"command: ", b"command: z", 1))
    for name, entry in new.items():
        healed.set_entry(MAP, name, entry)
    assert healed.render() == applied
    again = _doc(applied)
    for name in new:
        again.delete_entry(MAP, name)
    assert again.render() == raw
