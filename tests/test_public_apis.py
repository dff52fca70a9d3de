"""aido runs on public APIs only: no CPython-private names, no import machinery, no self-writes.

The rule (issue 29): no module of aidokit imports or patches a private name (a
leading-underscore module, or attribute, of the standard library or of another
package), assigns into `sys.modules` or `sys.meta_path`, registers atexit
handlers, or writes under its own install folder. `os._exit` is public and
documented: `cli.entry` ends the process with it after saving and flushing.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import aidokit

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("catalog", "adapters", "reconcile")
ALLOWED = frozenset({"os._exit"})  # public: ends the process without teardown (cli.entry)
_IMPORT_MACHINERY = frozenset({"meta_path", "path_hooks", "path_importer_cache"})
_MUTATORS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__"})


def _private(name: str) -> bool:
    """A leading-underscore name that is not a dunder (`_sre`, `_exit`; not `__file__`)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _foreign(module: str) -> bool:
    """A module that is not aido's own."""
    return module != "__future__" and module.split(".")[0] != "aidokit"


def _dotted(node: ast.expr) -> str | None:
    """`a.b.c` for a chain of names and attributes; None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def findings(source: str) -> list[str]:
    """What in `source` breaks the rule, one line each (empty: nothing)."""
    tree = ast.parse(source)
    bound: dict[str, str] = {}  # local name -> the foreign module or object it names
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not _foreign(alias.name):
                    continue
                if any(map(_private, alias.name.split("."))) or alias.name == "atexit":
                    found.append(f"line {node.lineno}: import {alias.name}")
                local = alias.asname or alias.name.split(".")[0]
                bound[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and _foreign(node.module or ""):
            module = node.module or ""
            for alias in node.names:
                if any(map(_private, [*module.split("."), alias.name])) or module == "atexit":
                    found.append(f"line {node.lineno}: from {module} import {alias.name}")
                bound[alias.asname or alias.name] = f"{module}.{alias.name}"
    for node in ast.walk(tree):
        found += _misuse(node, bound)
    return found


def _misuse(node: ast.AST, bound: dict[str, str]) -> Iterator[str]:
    """A private attribute read, a patched module, or a touch of the import machinery."""
    where = f"line {getattr(node, 'lineno', '?')}"
    if isinstance(node, ast.Attribute):
        name = _dotted(node)
        root = name.split(".")[0] if name else None
        if name and root in bound:
            full = bound[root] + name[len(root) :]
            if _private(node.attr) and full not in ALLOWED:
                yield f"{where}: private name {full}"
            if full.startswith("sys.") and node.attr in _IMPORT_MACHINERY:
                yield f"{where}: import machinery {full}"
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign | ast.Delete):
        targets = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        targets = [node.target]
    for target in targets:
        base = target.value if isinstance(target, ast.Subscript) else target
        name = _dotted(base) if isinstance(base, ast.expr) else None
        if name and name.split(".")[0] in bound and (name.count(".") or target is not base):
            yield f"{where}: assigns into {name}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        owner = _dotted(node.func.value)
        if owner == "sys.modules" and node.func.attr in _MUTATORS:
            yield f"{where}: sys.modules.{node.func.attr}"
    if isinstance(node, ast.Call) and _dotted(node.func) == "setattr" and node.args:
        name = _dotted(node.args[0])
        if name and name.split(".")[0] in bound:
            yield f"{where}: setattr on {name}"


def _modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_uses_a_private_name_or_the_import_machinery(path: Path) -> None:
    """Each product module imports, reads and patches public names only."""
    assert findings(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import _sre",
        "from _collections_abc import dict_items",
        "from re import _compiler",
        "import re\nre._compiler.compile = None",
        "import atexit\natexit.register(print)",
        "import sys\nsys.modules['inspect'] = None",
        "import sys\nsys.modules.update({})",
        "import sys\ndel sys.modules['x']",
        "import sys\nsys.meta_path.insert(0, object())",
        "import dataclasses\ndataclasses.exec = exec",
        "import argparse\nargparse.ngettext = print",
        "import argparse\nclass S(argparse._SubParsersAction): pass",
        "import argparse as a\nsetattr(a, 'x', 1)",
        "from importlib import _bootstrap",
    ],
)
def test_the_rule_catches_each_kind_of_breach(source: str) -> None:
    """Private imports, private attributes, patches, sys.modules and meta_path writes, atexit."""
    assert findings(source)


@pytest.mark.parametrize(
    "source",
    [
        "import os\nos._exit(0)",
        "import sys\nsys.modules.get('x')",
        "import sys\nx = sys.modules['aidokit']",
        "from aidokit.reconcile import _private",
        "class A:\n    def f(self):\n        self._x = 1",
        "import json\nvalue = json.loads('1')",
    ],
)
def test_the_rule_lets_public_use_pass(source: str) -> None:
    """os._exit, reading sys.modules, aido's own private names and plain calls pass."""
    assert findings(source) == []


def _installed(folder: Path) -> set[Path]:
    return {path.relative_to(folder) for path in folder.rglob("*")}


def _bytecode(path: Path) -> bool:
    """Python's own bytecode of a module beside it (`__pycache__/m.cpython-311.pyc`)."""
    tag = sys.implementation.cache_tag
    if path.parent.name != "__pycache__" or not path.name.endswith(f".{tag}.pyc"):
        return False
    return path.parent.parent.joinpath(path.name.removesuffix(f".{tag}.pyc") + ".py").exists()


@pytest.mark.slow
def test_running_aido_writes_nothing_under_its_install_folder(
    fixture_project: Callable[[str], Path],
) -> None:
    """plan, apply, a drifted plan and status leave the package folder as it was, but bytecode."""
    project = fixture_project("demo-project")
    folder = Path(next(iter(aidokit.__path__)))
    before = _installed(folder)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def aido(*argv: str) -> None:
        command = [sys.executable, "-m", "aidokit.reconcile", *argv, "--project", str(project)]
        subprocess.run(command, env=env, capture_output=True, check=False)

    aido("plan")
    aido("apply", "--yes")
    mcp = project / ".mcp.json"
    data = json.loads(mcp.read_text())
    data["mcpServers"]["git"]["env"] = {"DRIFT": "1"}
    mcp.write_text(json.dumps(data, indent=2) + "\n")
    aido("plan")
    aido("status")
    new = sorted(path for path in _installed(folder) - before if not _bytecode(folder / path))
    assert new == [] or all(path.name == "__pycache__" for path in new), new


def test_no_assert_in_product_code() -> None:
    """Product code says what it checks with `if ...: raise` (issue 52 §4): `python -O`
    strips an assert, so an invariant written as one would silently stop holding."""
    root = Path(__file__).resolve().parents[1]
    found = [
        f"{path.relative_to(root).as_posix()}:{node.lineno}"
        for folder in ("catalog", "adapters", "reconcile")
        for path in sorted((root / folder).rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert found == []
