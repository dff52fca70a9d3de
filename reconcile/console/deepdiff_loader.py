"""deepdiff, imported light: stand-ins for the modules it loads for features aido never uses.

The planner renders a change's field-level differences with deepdiff (one of the
project's chosen packages); its import costs more than the rest of a plan, most
of it in modules aido's diffs never reach. `load_deepdiff` imports it with light
stand-ins for those (catalog/stand_ins.py) and falls back to a plain import if a
deepdiff ever wants more of them. tests/reconcile/test_deepdiff_loader.py holds
the answers equal to deepdiff's own; tests/reconcile/test_cli.py pins the imports.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import Any


def load_deepdiff() -> Any:
    """deepdiff's DeepDiff, imported only when a change must be rendered.

    Some of deepdiff's imports serve features aido never uses and cost more than
    the rest of it: pydantic (~40-60 ms), only to special-case pydantic models
    (the values compared here are parsed JSON/TOML); cachebox, whose import pulls
    in asyncio (~40 ms), only for the distance cache of `cache_size > 0` (aido
    keeps the default 0); inspect (and the dis it loads), only for
    `getmembers` of objects that are not dicts or lists; ast (~1.5 ms), only for
    `literal_eval` of paths; hashlib, whose import loads OpenSSL, only for
    DeepHash's sha1/sha256. For the moment of the import pydantic is refused
    (deepdiff has its own stand-in), cachebox is a stub whose cache raises if ever
    used, inspect and ast give a `getmembers` and a `literal_eval` that import the
    real one when called, and hashlib gives the interpreter's own sha1 and sha256 (the
    same digests). Two more it uses only inside functions aido never reaches are
    deferred, imported on first use (catalog/stand_ins.deferred): traceback, for
    logging's exception formatting (with linecache, tokenize and textwrap), and
    base64, for serializing bytes. A deepdiff that wants anything else from them
    is imported again with only the first two.
    """
    try:
        return _import_deepdiff(_stand_ins(light=True), light=True)
    except (ImportError, AttributeError):
        for name in [name for name in sys.modules if name.partition(".")[0] == "deepdiff"]:
            del sys.modules[name]
        return _import_deepdiff(_stand_ins(light=False), light=False)


def _import_deepdiff(modules: dict[str, ModuleType | None], *, light: bool) -> Any:
    """`deepdiff.DeepDiff`, imported while `modules` stand in (None: pydantic is refused).

    A light import takes it from `deepdiff.diff` under a package whose `__init__`
    waits (stand_ins.package_without_init): that `__init__` also loads Delta,
    DeepSearch and their modules, which aido never uses (~2 ms).
    """
    from aidokit.catalog.stand_ins import package_without_init, stand_ins

    if light and "deepdiff" not in sys.modules:
        package = package_without_init("deepdiff")
        if package is not None:
            sys.modules["deepdiff"] = package
    with stand_ins(modules):
        from deepdiff.diff import DeepDiff
    return DeepDiff


def _stand_ins(*, light: bool) -> dict[str, ModuleType | None]:
    """What deepdiff gets for the modules it does not need: see `load_deepdiff`."""
    from aidokit.catalog.stand_ins import deferred, forwarding

    found: dict[str, ModuleType | None] = {"pydantic": None, "cachebox": _cachebox_stub()}
    if light:
        found["inspect"] = forwarding("inspect", "getmembers")
        found["ast"] = forwarding("ast", "literal_eval")
        found["platform"] = _platform_stub()
        pickled = _pickle_stub()
        if pickled is not None:
            found["pickle"] = pickled
        found.update({name: deferred(name) for name in ("traceback", "base64")})
        hashes = _builtin_hashes()
        if hashes is not None:
            found["hashlib"] = hashes
    return found


def _platform_stub() -> ModuleType:
    """`platform` for uuid, which deepdiff imports for its UUID type: uuid asks only
    `platform.system()` when imported, `os.uname().sysname` on every system that imports
    it (Windows and macOS do not); anything else imports the real module."""
    from aidokit.catalog.stand_ins import deferred

    return deferred("platform", system=lambda: os.uname().sysname)


def _pickle_stub() -> ModuleType | None:
    """`pickle` as deepdiff's import uses it, without pickle.py (~1.5 ms with _compat_pickle
    and struct): the picklers and errors it names are the C accelerator's, the very objects
    pickle.py itself exports; anything else read from it imports the real module. None
    where the interpreter has no accelerator."""
    from aidokit.catalog.stand_ins import deferred

    try:
        import _pickle
    except ImportError:
        return None
    names = ("Pickler", "Unpickler", "PickleError", "PicklingError", "UnpicklingError", "dumps")
    return deferred("pickle", **{name: getattr(_pickle, name) for name in names})


def _builtin_hashes() -> ModuleType | None:
    """A `hashlib` with the interpreter's own sha1 and sha256; None where there are none."""
    from aidokit.reconcile.documents.format import builtin_hash

    sha1, sha256 = builtin_hash("sha1"), builtin_hash("sha256")
    if sha1 is None or sha256 is None:
        return None
    stub = ModuleType("hashlib", "aido's stand-in while deepdiff is imported")
    vars(stub).update(sha1=sha1, sha256=sha256)
    return stub


def _cachebox_stub() -> ModuleType:
    """A `cachebox` module whose LRUCache raises: DeepDiff asks for it only when caching."""

    def no_cache(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("deepdiff was imported without cachebox: keep DeepDiff's cache_size 0")

    stub = ModuleType("cachebox", "aido's stand-in while deepdiff is imported")
    vars(stub).update(LRUCache=no_cache)
    return stub
