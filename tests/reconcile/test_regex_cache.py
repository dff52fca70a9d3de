"""The cache of compiled regular expressions: the same patterns, compiled once, never trusted."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.reconcile.console import regex_cache
from aidokit.reconcile.console.regex_cache import Patterns
from tests.bytecode import python
from tests.fuzz import fuzz_settings

PATTERNS: list[tuple[str | bytes, int]] = [
    (r"(?P<key>[A-Za-z_]\w*)\s*=\s*(?P<value>.*)", 0),
    (r"^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$", 0),
    (r"straße|STRASSE", re.IGNORECASE),
    (r"(?x) a  b # verbose", 0),
    (r"^line$", re.MULTILINE | re.DOTALL),
    (rb"[ \t\n\r]*\Z", 0),
    (rb"(?P<n>\d+)", re.ASCII),
    (r"\d+", re.ASCII),
    ("(?s:requirements.*\\.txt)\\Z", 0),
]

# re's own compile: importing aido wrapped it (reconcile/__init__.py).
_original: Any = getattr(re._compiler.compile, "compile_as_re", re._compiler.compile)  # type: ignore[attr-defined]


def _twice(
    folder: Path, patterns: list[tuple[str | bytes, int]]
) -> tuple[Patterns, dict[Any, Any], Patterns, Any]:
    """A cache filled and saved by one 'run' (and what it noted before saving); the next
    run's cache and compile function."""
    first = Patterns(folder / "regex.marshal")
    compile_first = regex_cache.cached_compile(first, _original)
    for pattern, flags in patterns:
        compile_first(pattern, flags)
    assert not first.codes and len(first.compiled) == len(patterns)  # noted, not worked out
    noted = dict(first.compiled)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "dont_write_bytecode", False)
        first.save()
    second = Patterns(folder / "regex.marshal")
    return first, noted, second, regex_cache.cached_compile(second, _refuse)


def _refuse(pattern: Any, flags: Any = 0) -> Any:
    raise AssertionError(f"compiled {pattern!r} again")


def test_a_second_run_builds_equal_patterns_without_compiling(tmp_path: Path) -> None:
    """Every kind of pattern (str, bytes, flags, named groups, verbose) comes back from
    the file equal to what re compiles, with the same groups and the same matches; what
    is kept is what re handed its engine when it compiled, seen then."""
    _, noted, cache, compile_again = _twice(tmp_path, PATTERNS)
    assert all(seen is not None for _, seen in noted.values())
    assert len(cache.codes) == len(PATTERNS)
    for pattern, flags in PATTERNS:
        built = compile_again(pattern, flags)
        reference = _original(pattern, flags)
        assert built == reference and built.groupindex == reference.groupindex
        assert (built.flags, built.groups, built.pattern) == (
            reference.flags,
            reference.groups,
            reference.pattern,
        )
    assert not cache.new
    built = compile_again(PATTERNS[0][0], 0)
    assert built.match("name = value").group("value") == "value"


# Regex syntax, so most texts parse: groups, named groups, classes, repeats, lookarounds.
SYNTAX = st.lists(
    st.sampled_from(
        [
            "a",
            "b",
            "é",
            "ß",
            "\\d",
            "\\w",
            "\\s",
            "\\b",
            ".",
            "^",
            "$",
            "|",
            "(",
            ")",
            "(?:",
            "(?P<g>",
            "(?=",
            "(?<!x)",
            "[",
            "]",
            "[^",
            "-",
            "*",
            "+",
            "?",
            "{2,3}",
            "*?",
            "\\1",
            "(?i)",
            "\\Z",
            "\\n",
            "\\\\",
        ]
    ),
    max_size=14,
).map("".join)
FLAGS = st.sampled_from([0, re.I, re.M, re.S, re.X, re.A, re.I | re.M | re.S])


@pytest.mark.filterwarnings("ignore::FutureWarning")  # re's "possible nested set"
@fuzz_settings(300)
@given(pattern=SYNTAX, flags=FLAGS, as_bytes=st.booleans())
def test_any_pattern_comes_back_as_re_compiles_it(
    tmp_path_factory: pytest.TempPathFactory, pattern: str, flags: int, as_bytes: bool
) -> None:
    """Whatever re accepts, the cache gives back equal (same opcodes, flags, groups); what
    re refuses it refuses with the same error."""
    source: str | bytes = pattern.encode() if as_bytes else pattern
    try:
        reference = _original(source, flags)
    except (re.error, ValueError, OverflowError) as refused:
        cache = Patterns(tmp_path_factory.mktemp("r") / "regex.marshal")
        with pytest.raises(type(refused)):
            regex_cache.cached_compile(cache, _original)(source, flags)
        return
    _, _, _, compile_again = _twice(tmp_path_factory.mktemp("r"), [(source, flags)])
    again = compile_again(source, flags)
    assert again == reference and again.groupindex == reference.groupindex
    assert again.groups == reference.groups and again.flags == reference.flags


def test_a_damaged_entry_is_compiled_again(tmp_path: Path) -> None:
    """Opcodes `_sre` refuses mean compiling the pattern, never an error or a wrong pattern."""
    _, _, cache, _ = _twice(tmp_path, PATTERNS)
    for key, (flags, code, *rest) in list(cache.codes.items()):
        cache.codes[key] = (flags, [999_999, *code[1:]], *rest)
    compile_again = regex_cache.cached_compile(cache, _original)
    for pattern, flags in PATTERNS:
        assert compile_again(pattern, flags) == _original(pattern, flags)


def test_a_result_that_does_not_rebuild_the_same_pattern_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another Python's `re` internals (here: parts that build another pattern) are not cached."""
    monkeypatch.setattr(regex_cache, "_plain", lambda parts: ("x",))
    first, _, second, _ = _twice(tmp_path, [(r"\w+", 0)])
    assert not first.codes and not second.codes


def test_a_pattern_whose_call_was_not_seen_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where re's call to its engine was not seen (another re, another thread's call in
    between), nothing is kept for the pattern: the next run compiles it as re does."""
    from re import _compiler  # type: ignore[attr-defined]

    monkeypatch.setattr(_compiler, "_sre", sys.modules["_sre"])  # no noting
    first, noted, second, _ = _twice(tmp_path, PATTERNS)
    assert all(seen is None for _, seen in noted.values())
    assert not first.codes and not second.codes


def test_debug_and_parsed_patterns_go_to_re_itself(tmp_path: Path) -> None:
    """re.DEBUG prints the compiled program, and re.Scanner hands over a parsed pattern:
    neither is answered from the file or noted for it."""
    cache = Patterns(tmp_path / "regex.marshal")
    calls: list[object] = []

    def spy(pattern: Any, flags: Any = 0) -> Any:
        calls.append(pattern)
        return _original(pattern, flags & ~re.DEBUG)

    compile_pattern = regex_cache.cached_compile(cache, spy)
    compile_pattern("a+", re.DEBUG)
    compile_pattern("a+", re.DEBUG)
    parsed = re._parser.parse("b+", 0)  # type: ignore[attr-defined]
    assert compile_pattern(parsed, 0).match("bb")
    assert calls == ["a+", "a+", parsed] and not cache.compiled
    scanner = re.Scanner([(r"\d+", lambda _, token: int(token))])  # type: ignore[attr-defined]
    assert scanner.scan("12") == ([12], "")  # through the installed cache


# Compile a pattern no one else uses, with the cache file moved to argv[1]; then end
# as the `aido` command does (cli.entry) or as any importer of aido does.
PROBE = """
import re, sys
from pathlib import Path
from aidokit.reconcile import cli
from aidokit.reconcile.console import regex_cache
regex_cache._installed.path = Path(sys.argv[1])
re.compile("only-this-probe-[0-9]+")
if sys.argv[2] == "command":
    sys.argv[1:] = ["--version"]
    cli.entry()
"""


@pytest.mark.parametrize(("ending", "written"), [("command", True), ("importer", False)])
def test_only_the_aido_command_writes_the_file(tmp_path: Path, ending: str, written: bool) -> None:
    """A process that imports aido compiles through the cache but never writes it; the
    `aido` command does (so the file holds aido's patterns, not every importer's)."""
    cache = tmp_path / "regex.marshal"
    python(PROBE, str(cache), ending)
    assert cache.exists() is written
    if written:
        patterns = {key[1] for key in Patterns(cache).codes}
        assert "only-this-probe-[0-9]+" in patterns


def test_the_cache_lives_beside_aidos_bytecode() -> None:
    """The default file is in the package's __pycache__, tagged with this Python."""
    assert regex_cache._installed is not None
    path = Path(regex_cache._installed.path)
    assert path.parent.name == "__pycache__" and sys.implementation.cache_tag in path.name
