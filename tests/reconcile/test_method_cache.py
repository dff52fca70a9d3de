"""The cache of compiled dataclass methods: same classes, compiled once, never trusted blindly."""

from __future__ import annotations

import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import pytest

from aidokit.reconcile.console import method_cache
from aidokit.reconcile.console.method_cache import MethodCache, default_path
from tests.bytecode import python

TEXT = "def __create_fn__():\n def f(x):\n  return x + 1\n return f"

# In a fresh interpreter: install the cache at argv[1], build aido's plan classes,
# print whether this run compiled anything, then check the classes behave.
PROBE = """
import sys
from pathlib import Path
from aidokit.reconcile.console import method_cache
method_cache.install(Path(sys.argv[1]))
from aidokit.reconcile.plan import Action, Change, FieldDiff, DiffKind
from dataclasses import FrozenInstanceError
print(method_cache._installed.new, len(method_cache._installed.used))
a = FieldDiff(path="env.A", before=None, after="1", kind=DiffKind.ADDED)
b = FieldDiff(path="env.A", before=None, after="1", kind=DiffKind.ADDED)
assert a == b and hash(a) == hash(b) and "env.A" in repr(a)
try:
    a.path = "x"
except FrozenInstanceError:
    pass
else:
    raise AssertionError("not frozen")
import json
print(json.dumps(sorted(m for m in sys.modules if m == "cachebox")))
"""


def _probe(cache: Path, *flags: str) -> list[str]:
    """Run PROBE with the cache at `cache`; its first output line, split."""
    return python(PROBE, str(cache), flags=flags).stdout.split("\n")[0].split()


def test_a_second_run_compiles_nothing_and_builds_the_same_classes(tmp_path: Path) -> None:
    """The first run compiles and saves the methods; the next loads them, classes unchanged."""
    cache = tmp_path / "methods.marshal"
    new, used = _probe(cache)
    assert new == "True" and int(used) > 10 and cache.read_bytes().startswith(MAGIC_NUMBER)
    assert _probe(cache) == ["False", used]


def test_nothing_is_written_under_dont_write_bytecode(tmp_path: Path) -> None:
    """PYTHONDONTWRITEBYTECODE (python -B) keeps the cache file unwritten, as it does .pyc files."""
    cache = tmp_path / "methods.marshal"
    assert _probe(cache, "-B")[0] == "True"
    assert not cache.exists()


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", MAGIC_NUMBER + b"\x00\x01", b"\x00\x00\r\n" + b"x" * 40],
    ids=["empty", "garbage", "truncated", "other-python"],
)
def test_an_unreadable_cache_is_ignored(tmp_path: Path, content: bytes) -> None:
    """A cache file of another Python or a broken one means compiling, never an error."""
    cache = tmp_path / "methods.marshal"
    cache.write_bytes(content)
    assert MethodCache(cache).codes == {}
    assert _probe(cache)[0] == "True"


def test_a_cached_method_is_the_compiled_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text saved by one cache comes back from the next as the same code, without compiling."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    first = MethodCache(tmp_path / "m")
    code = first.compiled(TEXT)
    first.save()
    second = MethodCache(tmp_path / "m")
    assert second.compiled(TEXT).co_code == code.co_code and not second.new
    namespace: dict[str, object] = {}
    exec(second.compiled(TEXT), {}, namespace)  # noqa: S102
    assert namespace["__create_fn__"]()(1) == 2  # type: ignore[operator]


def test_only_aidos_and_deepdiffs_classes_go_through_the_cache(tmp_path: Path) -> None:
    """A dataclass of another package is compiled as usual and never saved."""
    assert method_cache._ours({"__name__": "aidokit.reconcile.plan"})
    assert method_cache._ours({"__name__": "deepdiff._multiprocessing"})
    assert not method_cache._ours({"__name__": "deepdiffer"})
    assert not method_cache._ours({"__name__": "__main__"})
    code = (
        "import sys, dataclasses\nfrom pathlib import Path\n"
        "from aidokit.reconcile.console import method_cache\n"
        "method_cache.install(Path(sys.argv[1]))\n"
        "@dataclasses.dataclass(frozen=True)\nclass Mine:\n    x: int\n"
        "assert Mine(1) == Mine(1)\n"
        "print(len(method_cache._installed.used))\n"
    )
    cache = tmp_path / "methods.marshal"
    assert python(code, str(cache)).stdout.strip() == "0" and not cache.exists()


def test_the_cache_lives_beside_aidos_bytecode() -> None:
    """The default file is in the package's __pycache__, tagged with this Python."""
    path = Path(default_path(f"dataclass-methods-{method_cache.FORMAT}"))
    assert path.parent.name == "__pycache__" and sys.implementation.cache_tag in path.name


LAZY_INSPECT = """
import sys
from aidokit.reconcile.console import method_cache
method_cache.install()
import typing
import aidokit.reconcile.plan
print("inspect" in sys.modules)
# The methods are compiled as dataclasses compiles them: no future import leaks in.
assert typing.get_type_hints(aidokit.reconcile.plan.FieldDiff.__init__)["path"] is str
from dataclasses import dataclass
@dataclass
class Undocumented:
    x: int
print("inspect" in sys.modules, Undocumented.__doc__)
"""


def test_dataclasses_import_inspect_only_for_a_class_without_a_docstring() -> None:
    """aido's documented classes need no inspect; an undocumented one still gets its doc."""
    assert python(LAZY_INSPECT).stdout.splitlines() == ["False", "True Undocumented(x: int)"]


def test_an_annotation_compiled_through_the_cache_evaluates_as_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`expression` gives the text until the cache is installed, then its cached code,
    which evaluates to what the text does and is kept apart from method texts."""
    monkeypatch.setattr(method_cache, "_installed", None)
    assert method_cache.expression("tuple[int, ...]") == "tuple[int, ...]"
    cache = MethodCache(tmp_path / "m")
    monkeypatch.setattr(method_cache, "_installed", cache)
    code = method_cache.expression("dict[str, tuple[int, ...]] | None")
    assert not isinstance(code, str)
    assert eval(code) == eval("dict[str, tuple[int, ...]] | None")  # noqa: S307
    assert method_cache.expression("dict[str, tuple[int, ...]] | None") is code
    assert list(cache.codes) == ["eval\0dict[str, tuple[int, ...]] | None"]


class _Annotated:
    """Own annotations (strings: this module's future import)."""

    x: int
    y: list[str]


class _Inherits(_Annotated):
    """Only its parent's annotations."""


class _Empty:
    """No annotations at all."""


class _Odd:
    """An `__annotations__` that is not a dict."""

    __annotations__ = ("x",)  # type: ignore[assignment]


@pytest.mark.parametrize("cls", [_Annotated, _Inherits, _Empty, int, type, object])
def test_class_annotations_answer_as_inspect_does(cls: type) -> None:
    """What dataclasses asks inspect from Python 3.12 on, answered without it, the same:
    a new dict of the class's own annotations."""
    import inspect

    ours = method_cache.class_annotations(cls)
    assert ours == inspect.get_annotations(cls)
    assert ours is not vars(cls).get("__annotations__")  # a new dict, never the very one


def test_class_annotations_leave_other_questions_to_inspect() -> None:
    """Evaluated annotations and those of functions come from inspect; a broken
    `__annotations__` is refused as inspect refuses it."""
    import inspect

    assert method_cache.class_annotations(_Annotated, eval_str=True) == {"x": int, "y": list[str]}
    function = test_class_annotations_leave_other_questions_to_inspect
    assert method_cache.class_annotations(function) == inspect.get_annotations(function)
    for asked in (method_cache.class_annotations, inspect.get_annotations):
        with pytest.raises(ValueError, match="neither a dict nor None"):
            asked(_Odd)
