"""Importing a module while some of the modules it imports are stand-ins.

aido imports a few packages for one feature each (dataclasses, deepdiff) whose
own imports serve features aido never uses and cost start-up time: for the
moment of that import, each of those names is held by a light stand-in (or by
None, which makes importing it fail), then given back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import Any


def imported(name: str) -> ModuleType:
    """Module `name` (absolute), imported now: `importlib.import_module` without importing
    the importlib package, which no other module of a converged plan needs (~0.1 ms)."""
    __import__(name)
    return sys.modules[name]


@contextmanager
def stand_ins(modules: Mapping[str, ModuleType | None]) -> Iterator[None]:
    """Each name in `modules` not imported yet answers with its stand-in inside the block.

    Only what the block imports binds a stand-in; afterwards the names are free
    again, so the next import of one of them loads the real module.
    """
    taking = {name: module for name, module in modules.items() if name not in sys.modules}
    sys.modules.update(taking)  # type: ignore[arg-type]  # None: "import fails", as Python reads it
    try:
        yield
    finally:
        for name, module in taking.items():
            if sys.modules.get(name, module) is module:
                sys.modules.pop(name, None)


def forwarding(name: str, *functions: str) -> ModuleType:
    """A stand-in for module `name` whose `functions` import the real module when called.

    For a module imported only for a function or two that the run may never
    call: the caller keeps the forwarder, which costs one more call per use.
    """

    def forwarder(function: str) -> Callable[..., Any]:
        def forward(*args: Any, **kwargs: Any) -> Any:
            return getattr(imported(name), function)(*args, **kwargs)

        forward.__name__ = forward.__qualname__ = function
        return forward

    stub = ModuleType(name, f"aido's stand-in for {name} while a module is imported")
    vars(stub).update({function: forwarder(function) for function in functions})
    return stub


class _Deferred(ModuleType):
    """A module imported when one of its attributes is first read (`deferred`)."""

    def __getattr__(self, attribute: str) -> Any:
        module = sys.modules.get(self.__name__)
        if module is None or module is self:  # self: standing in during an import
            sys.modules.pop(self.__name__, None)
            module = imported(self.__name__)
            for name, value in vars(self).items():  # submodules loaded under a package's
                if isinstance(value, ModuleType) and name not in vars(module):
                    setattr(module, name, value)
        return getattr(module, attribute)


def deferred(name: str, **known: Any) -> ModuleType:
    """Module `name`, imported only when the caller first reads one of its attributes.

    For a module that only some runs use (an editor's helpers, which a converged
    plan never calls). Type checkers see the real module: import it under
    `TYPE_CHECKING` and bind this in the `else` branch. `known`: attributes it
    answers without the import (the same objects the module holds, or what it
    would answer). A module already loaded is given back as it is, never changed.
    """
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    module = _Deferred(name, f"{name}, imported when first used")
    vars(module).update(known)
    return module


def package_without_init(name: str) -> ModuleType | None:
    """Installed package `name`, its `__init__` run only when one of its own attributes
    is first read; its submodules import as usual. None if there is no such package.

    For a package whose `__init__` imports much that a caller importing one submodule
    does not need. Put it in `sys.modules` to hold the name: it stays, and the first
    read of an attribute replaces it with the real package, which keeps the
    submodules already loaded.
    """
    from importlib.util import find_spec

    spec = find_spec(name)
    if spec is None or spec.submodule_search_locations is None:
        return None
    package = _Deferred(name, f"{name}, its __init__ run when first read")
    package.__path__ = list(spec.submodule_search_locations)
    return package


def lean_stdlib() -> None:
    """Import pathlib and argparse without the modules they load for features aido skips.

    pathlib imports urllib.parse (and its ipaddress, ~2 ms) for `as_uri` alone,
    ntpath for Windows paths and fnmatch for `glob` and `match` (~0.4 ms); argparse
    imports gettext (~1 ms) to translate its words, which the CLI keeps in English
    anyway (cli._argparse_in_english). Their forwarders (`forwarding`, `deferred`)
    load the real module on first use, so nothing behaves differently.
    """
    with stand_ins(
        {
            "urllib.parse": forwarding("urllib.parse", "quote_from_bytes"),
            "ntpath": deferred("ntpath"),
            "fnmatch": deferred("fnmatch"),
            "gettext": forwarding("gettext", "gettext", "ngettext"),
        }
    ):
        import argparse  # noqa: F401
        import pathlib  # noqa: F401
