"""Stand-ins hold module names only for the block that imports with them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from aidokit.catalog.stand_ins import deferred, forwarding, package_without_init, stand_ins


def test_a_stand_in_answers_inside_the_block_and_is_gone_after() -> None:
    """Inside: the stand-in (or a refusal for None); after: the names are free again."""
    fake = ModuleType("aido_test_absent_module")
    with stand_ins({"aido_test_absent_module": fake, "aido_test_refused": None}):
        import aido_test_absent_module  # type: ignore[import-not-found]

        assert aido_test_absent_module is fake
        with pytest.raises(ImportError):
            import aido_test_refused  # type: ignore[import-not-found]  # noqa: F401
    assert "aido_test_absent_module" not in sys.modules
    assert "aido_test_refused" not in sys.modules


def test_a_module_already_loaded_is_never_replaced() -> None:
    """A real module in sys.modules stays itself inside the block and after it."""
    real = sys.modules["json"]
    with stand_ins({"json": ModuleType("json")}):
        import json

        assert json is real
    assert sys.modules["json"] is real


def test_a_forwarding_stand_in_calls_the_real_module_when_used() -> None:
    """A forwarder kept from the block imports the real module on its first call."""
    stub = forwarding("colorsys", "rgb_to_hsv")
    sys.modules.pop("colorsys", None)
    with stand_ins({"colorsys": stub}):
        from colorsys import rgb_to_hsv
    assert "colorsys" not in sys.modules
    assert rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
    assert "colorsys" in sys.modules
    assert rgb_to_hsv.__name__ == "rgb_to_hsv"


def test_lean_stdlib_leaves_pathlib_and_argparse_whole() -> None:
    """In a fresh interpreter: no urllib.parse, ipaddress, gettext, ntpath or fnmatch, yet
    as_uri, argparse's words, Windows paths and match work, loading what they use.
    (Python 3.12's pathlib calls fnmatch when imported, so there fnmatch loads.)"""
    code = (
        "import sys\n"
        "from aidokit.catalog.stand_ins import lean_stdlib\n"
        "lean_stdlib()\n"
        "import argparse, pathlib\n"
        "names = ('urllib.parse', 'ipaddress', 'gettext', 'ntpath', 'fnmatch')\n"
        "skipped = [m for m in names if m in sys.modules]\n"
        "uri = pathlib.PurePosixPath('/a b').as_uri()\n"
        "usage = argparse._('usage: ')\n"
        "windows = pathlib.PureWindowsPath('C:/a/b').as_posix()\n"
        "matched = pathlib.PurePosixPath('a/b.txt').match('*.txt')\n"
        "loaded = all(m in sys.modules for m in ('urllib.parse', 'gettext', 'fnmatch'))\n"
        "print(skipped, uri, usage.strip(), windows, matched, loaded)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    skipped = "['fnmatch']" if sys.version_info[:2] == (3, 12) else "[]"
    assert run.stdout.split() == [skipped, "file:///a%20b", "usage:", "C:/a/b", "True", "True"]


def test_a_deferred_module_is_imported_when_first_read() -> None:
    """Binding it imports nothing; reading an attribute imports the real module and answers."""
    sys.modules.pop("colorsys", None)
    colorsys = deferred("colorsys")
    assert "colorsys" not in sys.modules
    assert colorsys.rgb_to_hsv(0.0, 1.0, 0.0) == (1 / 3, 1.0, 1.0)
    assert "colorsys" in sys.modules
    assert deferred("colorsys") is sys.modules["colorsys"]  # loaded already: the module itself
    with pytest.raises(AttributeError):
        colorsys.no_such_function  # noqa: B018


def test_a_deferred_stand_in_read_during_the_import_loads_the_real_module() -> None:
    """Read inside the block, a deferred stand-in imports the real module and gives it way."""
    sys.modules.pop("colorsys", None)
    with stand_ins({"colorsys": deferred("colorsys")}):
        import colorsys

        assert colorsys.rgb_to_hsv(0.0, 0.0, 1.0) == (2 / 3, 1.0, 1.0)
        real = sys.modules["colorsys"]
    assert sys.modules["colorsys"] is real  # the real module stays loaded after the block
    assert type(real) is ModuleType


def test_a_package_without_init_loads_submodules_and_runs_init_when_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its submodules import without its __init__; reading the package runs it, and the
    real package then holds the submodules already loaded."""
    package = tmp_path / "aido_test_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("import aido_test_pkg.extra\nRAN = True\n")
    (package / "part.py").write_text("VALUE = 1\n")
    (package / "extra.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("aido_test_pkg", "aido_test_pkg.part", "aido_test_pkg.extra"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    stub = package_without_init("aido_test_pkg")
    assert stub is not None
    monkeypatch.setitem(sys.modules, "aido_test_pkg", stub)
    from aido_test_pkg.part import VALUE  # type: ignore[import-not-found]

    assert VALUE == 1
    assert "aido_test_pkg.extra" not in sys.modules  # __init__ has not run
    assert stub.RAN is True  # reading the package runs it
    real = sys.modules["aido_test_pkg"]
    assert real is not stub and real.part is sys.modules["aido_test_pkg.part"]
    assert package_without_init("aido_test_no_such_package") is None


def test_a_deferred_module_answers_what_it_knows_and_never_changes_a_loaded_one() -> None:
    """`known` attributes answer without the import; a loaded module comes back untouched."""
    sys.modules.pop("colorsys", None)
    colorsys = deferred("colorsys", ONE_THIRD=1 / 3)
    assert colorsys.ONE_THIRD == 1 / 3 and "colorsys" not in sys.modules
    real = sys.modules["json"]
    assert deferred("json", dumps="not json's") is real
    assert callable(real.dumps) and real.dumps.__module__ == "json"
