"""Regular expressions compiled on first use: the same answers as `re`, nothing built early."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from aidokit.catalog.lazyregex import LazyRegex

CASES = [
    (r"[ \t]*:[ \t]*", 0, "a : b", " : "),
    (r"^name:[ \t]*(\S+)$", re.M, "x\nname: qa\ny", "name: qa"),
    (r"(TOKEN|SECRET)", re.IGNORECASE, "my_token_here", "token"),
    (r"\A---\n(.*?)^---$", re.M | re.S, "---\na: 1\n---\nbody", "---\na: 1\n---"),
]


@pytest.mark.parametrize(("pattern", "flags", "text", "found"), CASES)
def test_every_method_answers_as_re_does(pattern: str, flags: int, text: str, found: str) -> None:
    """match, fullmatch, search, findall, finditer and sub, with positions, equal re's."""
    lazy, real = LazyRegex(pattern, flags), re.compile(pattern, flags)
    assert lazy.pattern == real.pattern and lazy.flags == flags
    for pos, end in [(0, sys.maxsize), (1, len(text)), (0, 3)]:
        for name in ("match", "fullmatch", "search"):
            got, want = getattr(lazy, name)(text, pos, end), getattr(real, name)(text, pos, end)
            assert (got and got.group(0)) == (want and want.group(0))
        assert lazy.findall(text, pos, end) == real.findall(text, pos, end)
        assert [m.span() for m in lazy.finditer(text, pos, end)] == [
            m.span() for m in real.finditer(text, pos, end)
        ]
    assert lazy.sub("_", text) == real.sub("_", text)
    assert lazy.sub(lambda m: m.group(0).upper(), text, 1) == real.sub(
        lambda m: m.group(0).upper(), text, 1
    )
    first = lazy.search(text)
    assert first is not None and first.group(0) == found


def test_a_bad_pattern_fails_when_used() -> None:
    """A broken expression is an error at its first use, as re.compile's would be."""
    lazy = LazyRegex("(")
    with pytest.raises(re.error):
        lazy.match("x")


# In a fresh interpreter: load what a plan loads, then say which lazy expressions compiled.
PROBE = """
import sys
from aidokit.catalog.lazyregex import LazyRegex
import aidokit.reconcile.cli, aidokit.reconcile.engine, aidokit.reconcile.render.text
import aidokit.reconcile.documents.jsonedit, aidokit.reconcile.facts.agents
import aidokit.reconcile.history.journal
found = [
    (name, key) for name, module in list(sys.modules.items()) if name.startswith("aidokit.")
    for key, value in vars(module).items() if isinstance(value, LazyRegex)
]
print(len(found), [f"{n}.{k}" for n, k in found if vars(sys.modules[n])[k]._compiled])
"""


def test_importing_the_plan_path_compiles_none_of_them() -> None:
    """The lazy expressions of the modules a plan imports stay uncompiled until used."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    count, compiled = done.stdout.strip().split(" ", 1)
    assert int(count) >= 15 and compiled == "[]"
