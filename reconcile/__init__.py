"""aido's core: context, desired state, plan, apply, state, documents and the CLI."""

# First, so every other aidokit module can come from it: reconcile/console/module_cache.py.
from aidokit.reconcile.console import module_cache

module_cache.install()

from aidokit.catalog.stand_ins import lean_stdlib  # noqa: E402

__version__ = "0.1.0"

# Before any module of the CLI imports them (start-up time): catalog/stand_ins.py.
lean_stdlib()

# Before json, argparse, dataclasses and aido's modules compile their patterns.
from aidokit.reconcile.console import regex_cache  # noqa: E402

regex_cache.install()
