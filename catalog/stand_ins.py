"""Importing a module while some of the modules it imports are stand-ins.

aido imports a few packages for one feature each (dataclasses, deepdiff) whose
own imports serve features aido never uses and cost start-up time: for the
moment of that import, each of those names is held by a light stand-in (or by
None, which makes importing it fail), then given back.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType


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
