"""Error messages quote a bounded excerpt of the input they name, never all of it (SPEC §7).

An error quotes the offending value (STYLE.md 4); that value came from a
file someone else wrote and may be megabytes long. Every message built from
input goes through `printable.excerpt`: about 80 characters, an ellipsis and
the total size.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.catalog.errors import excerpt
from tests.security.cli import CLAUDE_ONLY, project, run

HUGE = 60_000_000  # the 60 MB description


def one_bounded_error(stderr: str, *parts: str) -> None:
    """Exactly one `aido: error:` line, under 1,000 characters, naming each of `parts`."""
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("aido: error: "), stderr[:500]
    assert len(lines[0]) < 1000, lines[0][:500]
    for part in parts:
        assert part in lines[0], lines[0]


def test_excerpt_cuts_long_values_and_says_how_long() -> None:
    """A short value is its repr; a long one its first 80 characters, an ellipsis, its size."""
    assert excerpt("ab\x1b") == "'ab\\x1b'"
    assert excerpt("x" * 100) == f"{'x' * 80!r}… (100 characters)"
    assert excerpt(list(range(10**5))).endswith("… (688,890 characters)")
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert excerpt(deep) == "<a list nested too deep to show>"


def test_a_60_mb_server_json_description_is_quoted_in_80_characters(tmp_path: Path) -> None:
    """`catalog import` of a server.json with a 60 MB description names the rule, not the text."""
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "server-json"
    data = json.loads((fixture / "inventory-oci.json").read_text(encoding="utf-8"))
    data["description"] = "d" * HUGE
    server = tmp_path / "server.json"
    server.write_text(json.dumps(data), encoding="utf-8")
    result = run(project(tmp_path), "catalog", "import", str(server))
    assert result.returncode == 1
    one_bounded_error(result.stderr, "description", "(60,000,000 characters)", "maxLength")


def test_a_huge_custom_url_is_quoted_in_80_characters(tmp_path: Path) -> None:
    """A `[custom.*]` url of 5,000 characters that is not https is a short sentence."""
    url = "http://evil.example/" + "a" * 5_000  # more is slow in credentials.py (noted)
    root = project(tmp_path, CLAUDE_ONLY + f'\n[custom.x]\nurl = "{url}"\n')
    result = run(root, "plan")
    assert result.returncode == 1
    one_bounded_error(result.stderr, "must use https", "(5,020 characters)")


@pytest.mark.parametrize("where", ["stack_packs", "conformance"])
def test_a_huge_unknown_name_in_aido_toml_is_quoted_in_80_characters(
    tmp_path: Path, where: str
) -> None:
    """An unknown stack pack or conformance level of 100k characters is quoted cut short."""
    value = "p" * 100_000
    setting = f'{where} = ["{value}"]' if where == "stack_packs" else f'{where} = "{value}"'
    root = project(tmp_path, setting + "\n" + CLAUDE_ONLY)
    result = run(root, "plan")
    assert result.returncode == 1
    one_bounded_error(result.stderr, "(100,000 characters)")
