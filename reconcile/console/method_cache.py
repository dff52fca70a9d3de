"""The compiled methods of aido's dataclasses, kept beside aido's own bytecode.

`dataclasses` writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__`
and (frozen) `__setattr__`/`__delattr__` as source text and compiles it when
the class is defined: about 0.5 ms a class, a quarter of a converged plan's CPU
for the ~60 classes it loads. The text depends only on the class, so its code
object is as cacheable as a module's: this keeps the compiled methods of
`aidokit.*` classes in one marshal file in the package's `__pycache__`, trusted
as Python trusts the `.pyc` files beside it, and written only where Python would
write those (not under PYTHONDONTWRITEBYTECODE, not in a read-only install).
A file of another Python, or one that cannot be read, is ignored: the methods
are compiled as before. Classes of other packages are never cached, except
deepdiff's (`CACHED`): a drifted plan imports it, and its one dataclass costs
that plan ~0.7 ms to compile.
"""

from __future__ import annotations

import atexit
import sys
from types import CodeType, GetSetDescriptorType, ModuleType
from typing import TYPE_CHECKING, Any

from aidokit.catalog.stand_ins import deferred, stand_ins
from aidokit.reconcile.console.cache_file import CacheFile, default_path

if TYPE_CHECKING:
    from pathlib import Path

# In the file's name: a new format (2: compiled without this module's future imports)
# starts a new file, so no install keeps code objects an older aido compiled.
FORMAT = 2


class MethodCache(CacheFile):
    """Source text of a generated method -> its code object."""

    def compiled(self, text: str, mode: str = "exec") -> CodeType:
        """The code object of `text` (compiled in `mode`), from the cache or compiled now."""
        key = text if mode == "exec" else f"{mode}\0{text}"  # source text never holds a NUL
        code: CodeType | None = self.get(key)
        if code is None:
            code = _compile(text, mode)
            self.put(key, code)
        return code


def expression(text: str) -> CodeType | str:
    """Expression `text` (an annotation decode evaluates) compiled, from the cache once it is
    installed: compiling the ~70 annotations of a plan's models costs ~0.6 ms. Without
    the cache, the text itself, which `eval` compiles."""
    return text if _installed is None else _installed.compiled(text, "eval")


def _compile(text: str, mode: str = "exec") -> CodeType:
    """`text` compiled as dataclasses' own `exec` compiles it.

    Not under this module's `from __future__ import annotations` (a string given
    to compile or exec here would inherit it): `__init__`'s annotations stay the
    field types dataclasses passes in, not the names of the variables holding them.
    """
    return compile(text, "<string>", mode, dont_inherit=True)


# The packages whose classes' methods are cached: aido and what its plans import.
CACHED = ("aidokit.", "deepdiff.")


def _ours(namespace: object) -> bool:
    """Whether `namespace` is the globals of a module of a `CACHED` package."""
    return isinstance(namespace, dict) and str(namespace.get("__name__")).startswith(CACHED)


_installed: MethodCache | None = None


def _dataclasses_without_inspect() -> ModuleType:
    """`dataclasses`, imported without `inspect` and the ast, dis and tokenize it pulls in.

    dataclasses asks inspect for the signature of a class without a docstring (to
    write one), and from Python 3.12 for each class's own annotations; aido's classes
    all have a docstring, and `class_annotations` answers the second, so `inspect`
    (~5 ms of start-up) is imported only if some class asks for more. The empty
    stand-in (catalog/stand_ins.py) holds the name only for that one import, which
    imports nothing that uses inspect.
    """
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        import dataclasses

        return dataclasses
    with stand_ins({"inspect": ModuleType("inspect"), "copy": deferred("copy")}):
        import dataclasses
    later = deferred("inspect", get_annotations=class_annotations)
    dataclasses.inspect = later  # type: ignore[attr-defined]
    return dataclasses


def class_annotations(
    obj: Any, *, globals: Any = None, locals: Any = None, eval_str: bool = False
) -> dict[str, Any]:
    """`inspect.get_annotations` as it answers for a class with `eval_str` false (what
    dataclasses asks, 3.12 on): a new dict of the class's own `__annotations__`. Any
    other question goes to inspect itself."""
    if eval_str or not isinstance(obj, type):
        from inspect import get_annotations

        found: dict[str, Any] = get_annotations(
            obj, globals=globals, locals=locals, eval_str=eval_str
        )
        return found
    namespace = getattr(obj, "__dict__", None)
    own = namespace.get("__annotations__") if namespace and hasattr(namespace, "get") else None
    if own is None or isinstance(own, GetSetDescriptorType):
        return {}
    if not isinstance(own, dict):
        raise ValueError(f"{obj!r}.__annotations__ is neither a dict nor None")
    return dict(own)


def install(path: Path | None = None) -> None:
    """Route the compiling of `aidokit.*` dataclass methods through the cache (once)."""
    global _installed  # one cache per process, saved at exit
    if _installed is not None:
        return
    dataclasses = _dataclasses_without_inspect()
    cache = _installed = MethodCache(path or default_path(f"dataclass-methods-{FORMAT}"))
    builtin_exec = exec

    def cached_exec(source: Any, globals: Any = None, locals: Any = None) -> None:
        if isinstance(source, str):
            source = cache.compiled(source) if _ours(globals) else _compile(source)
        builtin_exec(source, globals, locals)

    # dataclasses calls `exec(text, globals, ns)` by its module-global name.
    dataclasses.exec = cached_exec  # type: ignore[attr-defined]
    atexit.register(cache.save)
