"""deepdiff, imported with stand-ins for the modules aido's diffs never need: same answers."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from types import ModuleType

import pytest

from aidokit.reconcile.console import deepdiff_loader

# In a fresh interpreter, as the CLI has it (dataclasses loaded without inspect): import
# deepdiff as the planner does, then report what the process holds.
PROBE = """
import sys, types
from aidokit.reconcile.console import method_cache
method_cache.install()
from aidokit.reconcile.console import deepdiff_loader
DeepDiff = deepdiff_loader.load_deepdiff()
loaded = sorted(m for m in ("inspect", "ast", "hashlib", "_hashlib", "pydantic", "cachebox",
                            "asyncio", "platform", "pickle") if m in sys.modules)
import deepdiff.deephash
held = sorted(
    f"{name}.{key}" for name, module in list(sys.modules.items()) if module is not None
    and not name.startswith("deepdiff") and name != "__main__"
    for key, value in list(vars(module).items())
    if isinstance(value, types.ModuleType) and "aido's stand-in" in (value.__doc__ or "")
)
print(loaded, held)
print(deepdiff.deephash.sha256(b"aido").hexdigest(), deepdiff.deephash.sha1(b"aido").hexdigest())
class Box:
    def __init__(self, x):
        self.x = x
print(DeepDiff(Box(1), Box(2)).get("values_changed"))
import deepdiff.diff
print(dict(deepdiff.diff.getmembers(Box(3)))["x"], "inspect" in sys.modules)
import deepdiff.helper
print(deepdiff.helper.literal_eval("[1, 'a']"), type(deepdiff.helper.literal_eval).__name__)
deferred = [m for m in ("traceback", "base64") if m in sys.modules]
nl = chr(10)
lines = DeepDiff(f"a{nl}b{nl}", f"a{nl}c{nl}")["values_changed"]["root"]["diff"].splitlines()
import logging
try:
    raise ValueError("boom")
except ValueError:
    text = logging.Formatter().formatException(sys.exc_info())
print(deferred, lines[-2:], text.splitlines()[-1])
waiting = sorted(m for m in ("deepdiff.delta", "deepdiff.search") if m in sys.modules)
import uuid, platform as real_platform
import pickle, deepdiff.serialization
# uuid holds the stand-in, not the real platform (3.13's uuid holds neither).
uuid_platform = getattr(uuid, "platform", None)
print(uuid._LINUX == (real_platform.system() == "Linux"), uuid_platform is real_platform,
      deepdiff.serialization._RestrictedUnpickler.__mro__[1] is pickle.Unpickler,
      deepdiff.serialization.pickle_load(deepdiff.serialization.pickle_dump({"a": [1]})))
import deepdiff
print(waiting, deepdiff.Delta.__module__, deepdiff.DeepDiff is DeepDiff is deepdiff.diff.DeepDiff)
"""


def test_deepdiff_loads_without_inspect_ast_openssl_pydantic_or_asyncio() -> None:
    """No stand-in outlives the import; hashes and object diffs are deepdiff's own answers."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    loaded, hashes, objects, after, literal, deferred, logs, package = done.stdout.splitlines()
    assert loaded == "[] []"  # nothing heavy, and no module outside deepdiff holds a stand-in
    assert hashes.split() == [
        hashlib.sha256(b"aido").hexdigest(),
        hashlib.sha1(b"aido").hexdigest(),  # noqa: S324  # deepdiff's own choice, compared
    ]
    assert objects == "{'root.x': {'new_value': 2, 'old_value': 1}}"
    assert after == "3 True"  # deepdiff's getmembers is the real one, imported when called
    assert literal == "[1, 'a'] function"  # and its literal_eval, from ast when first called
    # traceback and base64 wait until used; then they are the real modules.
    assert deferred == "[] ['-b', '+c'] ValueError: boom"
    # uuid read the system as platform does, from a stand-in that loads platform when read.
    # pickle's classes are the very ones pickle exports; deepdiff's pickling round-trips.
    assert logs == "True False True {'a': [1]}"
    # deepdiff's __init__ (Delta, DeepSearch) waits until the package itself is read.
    assert package == "[] deepdiff.delta True"


def test_a_deepdiff_that_wants_more_of_a_stand_in_is_imported_plainly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stand-in missing what deepdiff imports: deepdiff is imported again, without it."""
    saved = {name: module for name, module in sys.modules.items() if name.startswith("deepdiff")}
    for name in saved:
        monkeypatch.delitem(sys.modules, name)
    real = deepdiff_loader._stand_ins

    def without_getmembers(*, light: bool) -> dict[str, ModuleType | None]:
        found = real(light=light)
        if light:
            found["inspect"] = ModuleType("inspect")  # no getmembers
        return found

    monkeypatch.setattr(deepdiff_loader, "_stand_ins", without_getmembers)
    DeepDiff = deepdiff_loader.load_deepdiff()
    assert DeepDiff({"a": 1}, {"a": 2}).get("values_changed")
    import deepdiff.diff

    assert deepdiff.diff.getmembers.__module__ == "inspect"  # the real one, on the retry
