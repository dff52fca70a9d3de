""" "Did you mean" for a mistyped command, option value, adapter name or catalog id."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.catalog.spelling import closest, did_you_mean, maybe
from tests.inprocess import run_main


def test_closest_takes_a_typo_or_a_unique_prefix() -> None:
    """A letter off, or the start of exactly one name; nothing for a word unlike any name."""
    assert closest("plna", ["plan", "apply"]) == "plan"
    assert closest("claude", ["claude-code", "claude-desktop", "codex"]) == "claude-code"
    assert closest("kilo", ["kilo", "kilo-legacy"]) == "kilo"
    assert closest("zzzz", ["plan", "apply"]) is None
    assert did_you_mean("adapterz", ["adapters"]) == "; did you mean 'adapters'?"
    assert maybe("zzzz", ["plan"]) == ""


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["plna"], "unknown command 'plna' (did you mean 'plan'?); `aido --help` lists"),
        (["plan", "--scope", "projet"], "invalid choice 'projet' (did you mean 'project'?)"),
        (["catalog", "lst"], "unknown action 'lst' (did you mean 'list'?); `aido catalog --help`"),
        (["catalog", "show", "contxt7"], "did you mean 'context7'?"),
        (["plan", "--adapter", "claud"], "unknown adapter 'claud' (did you mean 'claude-code'?)"),
        (["init", "--yes", "--adapter", "codx"], "unknown adapter 'codx' (did you mean 'codex'?)"),
        (["remove", "contxt7"], "'contxt7' is not a catalog id or a custom server (did you mean"),
        (["mcp", "add", "contxt7"], "'contxt7' is no catalog id (did you mean 'context7'?)"),
    ],
)
def test_a_mistyped_name_is_answered_with_the_closest(
    argv: list[str], expected: str, tmp_path: Path, sandbox_home: Path
) -> None:
    """Exit 1, the closest name in the one-line error; no file is written."""
    (tmp_path / ".git").mkdir()
    done = run_main(argv, cwd=tmp_path)
    assert done.returncode == 1, done.stdout
    assert expected in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".git"]
