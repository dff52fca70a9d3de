"""`python -m aidokit.reconcile` runs the CLI."""

from __future__ import annotations

import sys

from aidokit.reconcile.cli import main

sys.exit(main())
