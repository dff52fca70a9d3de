"""`python -m aidokit.reconcile` runs the CLI."""

from __future__ import annotations

from aidokit.reconcile.cli.main import entry

entry()
