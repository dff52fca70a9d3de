"""`aido suggest`: which catalog entries this project's facts select, and why."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

NAME = "suggest"
HELP = "show which catalog entries the project's context selects, and which trigger matched why"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `suggest`'s own options."""
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _choices(project: Path) -> tuple[str | None, list[str] | None]:
    """Read `conformance` and `stack_packs` from aido.toml if present (SPEC §4)."""
    import tomllib

    from aidokit.reconcile.errors import ConfigError

    path = project / "aido.toml"
    if not path.is_file():
        return None, None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read as TOML ({exc}); fix the file.") from exc
    conformance = data.get("conformance")
    packs = data.get("stack_packs")
    if conformance is not None and not isinstance(conformance, str):
        raise ConfigError(f'{path}: conformance must be a string, e.g. "standard".')
    if packs is not None and not (
        isinstance(packs, list) and all(isinstance(p, str) for p in packs)
    ):
        raise ConfigError(f'{path}: stack_packs must be a list of pack ids, e.g. ["react"].')
    return conformance, packs


def run(args: argparse.Namespace) -> int:
    """Run `aido suggest`."""
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.select import select
    from aidokit.catalog.views import selection_json, selection_text
    from aidokit.reconcile.context import detect_facts
    from aidokit.reconcile.errors import ConfigError

    project = Path(args.project or ".").resolve()
    if not project.is_dir():
        raise ConfigError(f"project folder {project} does not exist; pass an existing --project.")
    conformance, packs = _choices(project)
    facts = detect_facts(project, conformance=conformance, stack_packs=packs)
    selection = select(MCP_CATALOG, facts)
    if args.json:
        print(json.dumps(selection_json(selection, facts), indent=2))
    else:
        sys.stdout.write(selection_text(selection, len(MCP_CATALOG)))
    return 0
