"""aido's modules' bytecode in one file: imported as Python imports them, never stale."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.reconcile.console import module_cache
from aidokit.reconcile.console.module_cache import ModuleFile
from tests.bytecode import python
from tests.fuzz import fuzz_settings

# A portion of the `aidokit` namespace package, as a checkout or an install adds one.
PACKAGE = {
    "aidokit/fakepkg/__init__.py": "VALUE = 1\n",
    "aidokit/fakepkg/mod.py": "from aidokit.fakepkg import VALUE\n\nDOUBLE = VALUE * 2\n",
    "aidokit/fakepkg/sub/__init__.py": '"""A nested package."""\n',
    "aidokit/fakepkg/sub/leaf.py": "import sys\n\nNAME = __name__\n",
}
MODULES = [
    "aidokit.fakepkg",
    "aidokit.fakepkg.mod",
    "aidokit.fakepkg.sub",
    "aidokit.fakepkg.sub.leaf",
]

# Import MODULES, with the file at argv[1] ahead of Python's own search unless argv[1] is
# "-"; print each module's import attributes, whether it came from the file, DOUBLE; save.
PROBE = """
import json, sys
import aidokit.reconcile
from aidokit.reconcile.console.module_cache import Finder, ModuleFile
file = None
if sys.argv[1] != "-":
    file = ModuleFile(sys.argv[1])
    sys.meta_path.insert(0, Finder(file))
import aidokit.fakepkg.mod, aidokit.fakepkg.sub.leaf
out = {}
for name in sys.argv[2:]:
    module = sys.modules[name]
    spec = module.__spec__
    out[name] = {
        "file": module.__file__, "cached": module.__cached__, "package": module.__package__,
        "path": getattr(module, "__path__", None), "origin": spec.origin,
        "locations": spec.submodule_search_locations, "parent": spec.parent,
        "has_location": spec.has_location, "loader_path": module.__loader__.path,
        "held": getattr(spec.loader, "held", None) and spec.loader.file.code(name) is not None,
    }
out["DOUBLE"] = aidokit.fakepkg.mod.DOUBLE
out["leaf"] = aidokit.fakepkg.sub.leaf.NAME
print(json.dumps(out))
if file is not None:
    file.save()
"""


def _portion(root: Path) -> Path:
    for relative, text in PACKAGE.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


def _probe(portion: Path, cache: Path | str, *flags: str, prelude: str = "") -> dict[str, object]:
    done = python(prelude + PROBE, str(cache), *MODULES, flags=flags, path=portion)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _held(result: dict[str, object]) -> list[bool]:
    return [result[name]["held"] for name in MODULES]  # type: ignore[index]


def _attributes(result: dict[str, object]) -> dict[str, object]:
    return {
        name: {k: v for k, v in result[name].items() if k != "held"}  # type: ignore[attr-defined]
        for name in MODULES
    }


@pytest.fixture
def portion(tmp_path: Path) -> Path:
    return _portion(tmp_path / "portion")


def test_a_second_run_serves_every_module_as_python_imports_it(
    portion: Path, tmp_path: Path
) -> None:
    """Modules and packages, nested too, come from the file the second time, with the
    same file, cached, package, path and spec attributes plain Python gives them."""
    cache = tmp_path / "modules.marshal"
    first = _probe(portion, cache)
    assert _held(first) == [False] * len(MODULES) and cache.exists()
    second = _probe(portion, cache)
    assert _held(second) == [True] * len(MODULES)
    plain = _probe(portion, "-")
    assert _attributes(second) == _attributes(plain) == _attributes(first)
    assert second["DOUBLE"] == 2 and second["leaf"] == "aidokit.fakepkg.sub.leaf"


def test_a_python_without_pread_reads_the_file_too(portion: Path, tmp_path: Path) -> None:
    """Windows' Python has no os.pread: the file is read by seeking, with the same result."""
    cache = tmp_path / "modules.marshal"
    without = "import os\ndel os.pread\n"
    _probe(portion, cache, prelude=without)
    again = _probe(portion, cache, prelude=without)
    assert _held(again) == [True] * len(MODULES) and again["DOUBLE"] == 2


@pytest.mark.parametrize("edit", ["same size", "other size", "deleted pyc"])
def test_a_changed_source_is_compiled_again(portion: Path, tmp_path: Path, edit: str) -> None:
    """A source whose time or size changed is imported as Python does, its new code used."""
    cache = tmp_path / "modules.marshal"
    _probe(portion, cache)
    source = portion / "aidokit/fakepkg/mod.py"
    if edit == "deleted pyc":
        shutil.rmtree(source.parent / "__pycache__")
        assert _held(_probe(portion, cache)) == [True] * len(MODULES)
        return
    text = "DOUBLE = 3\n" if edit == "same size" else "DOUBLE = 'changed'\n"
    before = source.stat()
    source.write_text(text.ljust(before.st_size - 1) + "\n" if edit == "same size" else text)
    # Two seconds on: Python's own .pyc check sees whole seconds only.
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns + 2_000_000_000))
    again = _probe(portion, cache)
    assert again["DOUBLE"] == (3 if edit == "same size" else "changed")
    assert _held(again) == [True, False, True, True]
    assert _held(_probe(portion, cache)) == [True] * len(MODULES)  # and kept again


def test_a_source_reinstalled_with_the_same_time_and_size_is_compiled_again(
    portion: Path, tmp_path: Path
) -> None:
    """An installer that keeps a wheel's timestamps writes a new version of a module with
    the old modification time; same size, .pyc removed as an uninstall does. Python
    compiles the new source, and so the file must not serve the old code."""
    cache = tmp_path / "modules.marshal"
    _probe(portion, cache)
    source = portion / "aidokit/fakepkg/mod.py"
    before = source.stat()
    shutil.rmtree(source.parent / "__pycache__")
    source.write_text("DOUBLE = 7\n".ljust(before.st_size - 1) + "\n", encoding="utf-8")
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (source.stat().st_mtime_ns, source.stat().st_size) == (
        before.st_mtime_ns,
        before.st_size,
    )
    again = _probe(portion, cache)
    assert again["DOUBLE"] == 7 and _held(again) == [True, False, True, True]


def test_a_source_somewhere_else_is_not_served(portion: Path, tmp_path: Path) -> None:
    """The same files at another place on the path (times kept) are imported from there."""
    cache = tmp_path / "modules.marshal"
    _probe(portion, cache)
    moved = tmp_path / "moved"
    shutil.copytree(portion, moved, copy_function=shutil.copy2)
    result = _probe(moved, cache)
    assert _held(result) == [False] * len(MODULES)
    assert str(result["aidokit.fakepkg.mod"]["file"]).startswith(str(moved))  # type: ignore[index]


def _damage(cache: Path, how: str) -> None:
    data = cache.read_bytes()
    if how == "empty":
        cache.write_bytes(b"")
    elif how == "garbage":
        cache.write_bytes(b"\x00garbage" * 50)
    elif how == "other python":
        cache.write_bytes(b"\x00\x00\r\n" + data[4:])
    elif how == "truncated":
        cache.write_bytes(data[: len(data) - 40])
    elif how == "code overwritten":
        cache.write_bytes(data[:-60] + b"\xff" * 60)
    elif how == "index of other types":
        import marshal

        head = marshal.dumps({name: ("x", 1, (0, 0, "y"), -1, 5) for name in MODULES})
        cache.write_bytes(data[:4] + len(head).to_bytes(4, "little") + head)


DAMAGES = [
    "empty",
    "garbage",
    "other python",
    "truncated",
    "code overwritten",
    "index of other types",
]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_file_means_importing_as_python_does(
    portion: Path, tmp_path: Path, how: str
) -> None:
    """A file that cannot be read, or parts of it, never fails an import or serves wrong code."""
    cache = tmp_path / "modules.marshal"
    _probe(portion, cache)
    _damage(cache, how)
    result = _probe(portion, cache)
    assert result["DOUBLE"] == 2 and result["leaf"] == "aidokit.fakepkg.sub.leaf"
    assert _held(_probe(portion, cache)) == [True] * len(MODULES)  # written whole again


def test_nothing_is_written_under_dont_write_bytecode(portion: Path, tmp_path: Path) -> None:
    """python -B (PYTHONDONTWRITEBYTECODE) writes no file, as it writes no .pyc."""
    cache = tmp_path / "modules.marshal"
    _probe(portion, cache, "-B")
    assert not cache.exists()


def test_other_modules_are_left_to_python(tmp_path: Path) -> None:
    """Only `aidokit.*` submodules go through the file: top-level names never do."""
    finder = module_cache.Finder(ModuleFile(str(tmp_path / "none")))
    assert finder.find_spec("json", None) is None
    assert finder.find_spec("aidokitx.y", [str(tmp_path)]) is None


# The aido command (cli.entry) saves the file at exit, a process importing aido does not.
COMMAND = """
import sys
from pathlib import Path
from aidokit.reconcile import cli
from aidokit.reconcile.console import module_cache
module_cache._installed.path = sys.argv[1]
empty = compile("", "", "exec")
module_cache._installed.added["aidokit.probe"] = ("/nowhere.py", False, (0, 0, 0), empty, None)
if sys.argv[2] == "command":
    sys.argv[1:] = ["--version"]
    cli.entry()
"""


@pytest.mark.parametrize(("ending", "written"), [("command", True), ("importer", False)])
def test_only_the_aido_command_writes_the_file(tmp_path: Path, ending: str, written: bool) -> None:
    cache = tmp_path / "modules.marshal"
    python(COMMAND, str(cache), ending)
    assert cache.exists() is written
    if written:
        assert "aidokit.probe" in ModuleFile(str(cache)).index


def test_a_file_that_cannot_be_written_is_not_worked_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under -B, or with no folder to write into, saving marshals nothing and writes nothing."""
    from aidokit.reconcile.console import cache_file

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert cache_file.writable(str(tmp_path / "__pycache__" / "f"))  # made when saved
    assert not cache_file.writable(str(tmp_path / "no" / "such" / "f"))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert not cache_file.writable(str(tmp_path / "f"))
    file = ModuleFile(str(tmp_path / "f"))
    file.add("aidokit.x", "/x.py", False, (0, 0, 0), compile("", "", "exec"))
    monkeypatch.setattr(module_cache.marshal, "dumps", _never)
    file.save()
    assert not (tmp_path / "f").exists()


def _never(*args: object) -> bytes:
    raise AssertionError("marshalled")


# `aido plan` on argv[2] with the file at argv[1] ahead of Python's search, as the
# `aido` command has it; print which aidokit modules did not come from the file.
PLAN = """
import json, sys
import aidokit.reconcile
from aidokit.reconcile.console.module_cache import Finder, Loader, ModuleFile
file = ModuleFile(sys.argv[1])
sys.meta_path.insert(0, Finder(file))
early = {m for m in sys.modules if m.startswith("aidokit")}  # imported before the finder
from aidokit.reconcile import cli
code = cli.main(["plan", "--project", sys.argv[2]])
searched = sorted(
    name for name, module in sys.modules.items()
    if name.startswith("aidokit") and name not in early
    and not (isinstance(module.__spec__.loader, Loader) and module.__spec__.loader.held)
)
file.save()
ours = sorted(name for name in sys.modules if name.startswith("aidokit"))
print(json.dumps([code, searched, ours]), file=sys.stderr)
"""


def test_a_second_plan_reads_every_aido_module_from_the_file(
    fixture_project: Callable[[str], Path], tmp_path: Path
) -> None:
    """The pin beside tests/reconcile/test_cli.py's import pins: the demo's plan imports
    its aido modules from the file from the second run on, the same aido modules either way."""
    project = fixture_project("demo-project")
    cache = tmp_path / "modules.marshal"

    def plan() -> list[object]:
        done = python(PLAN, str(cache), str(project))
        result: list[object] = json.loads(done.stderr.strip().splitlines()[-1])
        return result

    first, second = plan(), plan()
    assert first[0] == second[0] == 0
    assert len(first[1]) > 80 and second[1] == []  # type: ignore[arg-type]
    assert first[2] == second[2]


# One change a person, an editor or an installer makes between two runs.
EDIT = st.tuples(
    st.just("edit"), st.integers(0, 99), st.booleans(), st.booleans()
)  # value, same size, old modification time kept
CHANGES = st.lists(
    st.one_of(
        EDIT,
        st.just(("drop pyc",)),
        st.just(("touch",)),
        st.tuples(st.just("damage"), st.sampled_from(DAMAGES)),
    ),
    min_size=1,
    max_size=4,
)


def _change(portion: Path, cache: Path, change: tuple[object, ...]) -> None:
    source = portion / "aidokit/fakepkg/mod.py"
    if change[0] == "edit":
        _, value, same_size, keep_time = change
        before = source.stat()
        padding = "" if same_size else "# " + "x" * (before.st_size % 7 + 1) + "\n"
        source.write_text(f'DOUBLE = "{value:02d}"\n{padding}', encoding="utf-8")
        if keep_time:
            os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    elif change[0] == "drop pyc":
        shutil.rmtree(source.parent / "__pycache__", ignore_errors=True)
    elif change[0] == "touch":
        os.utime(source)
    elif cache.exists():
        _damage(cache, str(change[1]))


@fuzz_settings(12)
@given(changes=CHANGES)
def test_the_file_imports_what_python_imports_whatever_changed(
    tmp_path_factory: pytest.TempPathFactory, changes: list[tuple[object, ...]]
) -> None:
    """After any sequence of edits (same size or not, old modification time kept or not),
    touches, dropped .pyc files and damaged files, a run with the file imports the values
    a run of plain Python imports, and the file is read again once nothing changed."""
    root = tmp_path_factory.mktemp("changes")
    portion = _portion(root / "portion")
    (portion / "aidokit/fakepkg/mod.py").write_text('DOUBLE = "02"\n', encoding="utf-8")
    cache = root / "modules.marshal"
    _probe(portion, cache)
    for change in changes:
        _change(portion, cache, change)
        served, plain = _probe(portion, cache), _probe(portion, "-")
        assert served["DOUBLE"] == plain["DOUBLE"]
    assert _held(_probe(portion, cache)) == [True] * len(MODULES)


# Import the portion's modules through a file at argv[1] that holds none of them; print,
# for each, whether Python's own .pyc bytes were at hand and whether they load as its code.
KEEPING = """
import json, marshal, sys
import aidokit.reconcile
from aidokit.reconcile.console.module_cache import Finder, ModuleFile
file = ModuleFile(sys.argv[1])
sys.meta_path.insert(0, Finder(file))
import aidokit.fakepkg.mod, aidokit.fakepkg.sub.leaf
kept = {name: [blob is not None, blob is None or marshal.loads(blob) == code]
        for name, (_, _, _, code, blob) in file.added.items()}
print(json.dumps(kept))
"""


@pytest.mark.parametrize("pyc", ["none yet", "valid", "stale", "none, -B"])
def test_a_new_module_is_kept_as_the_bytes_of_its_pyc(
    portion: Path, tmp_path: Path, pyc: str
) -> None:
    """What the file adds for a module it did not hold is the marshalled code Python read
    from, or wrote to, the .pyc: the same code, not marshalled a second time; with no
    .pyc at hand (-B) the code is marshalled when saved."""

    def run(*flags: str) -> dict[str, list[bool]]:
        cache = str(tmp_path / f"{len(flags)}.marshal")
        done = python(KEEPING, cache, flags=flags, path=portion)
        kept: dict[str, list[bool]] = json.loads(done.stdout)
        return kept

    if pyc in ("valid", "stale"):
        run()  # writes the .pyc files
    if pyc == "stale":
        source = portion / "aidokit/fakepkg/mod.py"
        before = source.stat()
        source.write_text("DOUBLE = 'other'\n", encoding="utf-8")
        os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns + 2_000_000_000))
    kept = run("-B") if pyc == "none, -B" else run()
    assert sorted(kept) == MODULES
    at_hand = pyc != "none, -B"
    assert all(entry == [at_hand, True] for entry in kept.values())
