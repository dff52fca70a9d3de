"""Run every benchmark, print one table, write docs/benchmarks.md (`make bench`)."""

from __future__ import annotations

import importlib
import os
import platform
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.full_apply import PEER_PKGS

# Each module has `run() -> list[dict]` with keys name, aido, baseline, ratio, unit, note.
MODULES = [
    "bench.cold_start",
    "bench.full_apply",
    "bench.one_server",
    "bench.document_edit",
    "bench.many_entries",
    "bench.many_toml",
    "bench.plan_scale",
    "bench.catalog_eval",
]
COLUMNS = ["name", "aido", "baseline", "ratio", "unit", "note"]
OUT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
NOTES = """## Where the missed targets stand (issue 21)

- Converged `aido plan` vs `python -c pass` + 45 ms: most of the gap is aido's
  own import graph (about 60 dataclasses built at import across plan, desired,
  adapters, catalog, documents) and the argument parser of every command.
  Options: build the parser of the command being run only; defer dataclass-heavy
  modules a converged plan does not use (journal, transaction, render_*); cache
  the parsed catalog; `slots`/plain classes for hot records.
- Drifted plan: deepdiff is imported only when a change is rendered, and
  without pydantic (deepdiff imports it only to special-case pydantic models):
  `import deepdiff` went from about 166 ms to 110 ms (python itself 13 ms) on
  this machine. What is left is deepdiff's own graph (its LFU cache pulls in
  asyncio through cachebox, plus logging, uuid, platform). Options while keeping
  deepdiff: a small structural diff for the common one-entry case with deepdiff
  kept for nested values, or upstream a lazy import of deepdiff's cache.
- One server vs add-mcp: aido's whole apply is one Python start-up plus the
  import graph above plus validation of aido.toml on a first run (pydantic,
  remembered in the memo afterwards); add-mcp is one Node start-up with its
  bundle. The same import work as the converged plan is the lever; a first run
  also pays pydantic, which a hand-written check of the common aido.toml shape
  (with pydantic only to word the error) would avoid.
"""


def _cell(value: Any) -> str:
    """Format one table cell."""
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def _machine() -> str:
    """Describe where the numbers were taken."""
    load = ", ".join(f"{n:.2f}" for n in os.getloadavg())
    return (
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}"
        f" ({platform.python_implementation()}), {platform.platform()};"
        f" load average at the end (1, 5, 15 min): {load}"
    )


def _table(rows: list[dict[str, Any]]) -> str:
    """Render rows as a Markdown table."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(_cell(row[c]) for c in COLUMNS) + " |" for row in rows]
    return "\n".join(lines)


def main() -> int:
    """Run the benchmarks and report."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="aido-bench-state-") as state:
        # The in-process benchmarks apply for real: their journal, locks and state
        # belong in a scratch folder, never in the user's own ~/.local/state/aido.
        os.environ["XDG_STATE_HOME"] = state
        for name in MODULES:
            print(f"running {name} ...", file=sys.stderr)
            rows += importlib.import_module(name).run()
    table = _table(rows)
    print(table)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        "# Benchmarks\n\nWritten by `make bench` (`python -m bench`); do not edit by hand.\n\n"
        f"Machine: {_machine()}.\n\n"
        f"Peers (npm, pinned, in .cache/peers): {', '.join(PEER_PKGS)}.\n\n{table}\n\n{NOTES}",
        encoding="utf-8",
    )
    print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
