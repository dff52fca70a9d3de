"""The subcommands, one module each, listed here in help order.

What they share lives beside this package: cli/plan_apply.py (project, plan, apply and
report) and cli/console.py (colour, width, printing for a person, yes/no).

Each module provides add_arguments(parser) and run(args) -> int, and imports its
heavy dependencies inside `run` to keep start-up fast. A module is imported only
when its command runs (or a whole-tree view such as completion asks for it).
"""

from __future__ import annotations

import argparse
from importlib import import_module
from typing import Protocol


class Command(Protocol):
    """What a command module provides."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


# (name, help), in help order: the main commands first (MAIN), then the rest.
COMMANDS: tuple[tuple[str, str], ...] = (
    ("init", "write a commented aido.toml from the detected harnesses and stack"),
    ("plan", "show what `aido apply` would change in every harness config file"),
    ("apply", "write the planned changes (or exactly those of a saved plan file)"),
    (
        "status",
        "list every MCP entry in the targeted files: managed, drifted, conflict or unmanaged",
    ),
    ("undo", "restore the files of the last apply (or of transaction TX) from aido's journal"),
    ("upgrade", "move aido.lock to this aido's catalog pins (all entries, or the ids named)"),
    ("outdated", "list aido.lock entries whose catalog pin (or registry release) is newer"),
    (
        "suggest",
        "show which catalog entries the project's context selects, and which trigger matched why",
    ),
    (
        "search",
        "search the catalog by id, name, purpose and tags (offline); with --registry, an MCP "
        "Registry too, its servers marked curated or not",
    ),
    (
        "catalog",
        "browse the MCP catalog (list, show ID), draft an entry from a server.json (import "
        "FILE) or drafts from an MCP Registry (sync)",
    ),
    (
        "adapters",
        "list every harness adapter: scopes, the files it would use here, format, verification",
    ),
    ("adopt", "take ownership of an existing entry that matches (or, with --force, replace it)"),
    (
        "import",
        "turn the servers you wrote by hand into aido.toml choices (catalog ids, else "
        "[custom.*]) and adopt them, in one plan",
    ),
    (
        "remove",
        "keep a catalog id out: record it under `skip` (aido.toml, or aido.local.toml with "
        "--local) and delete the entries of it that aido owns",
    ),
    ("destroy", "delete every entry aido owns in the targeted files; nothing else is touched"),
    (
        "forget",
        "stop managing a server's entries and keep their bytes: record it under `skip` and "
        "drop aido's ownership records of it",
    ),
    (
        "use",
        "switch a named set of servers on for this project ([profiles.NAME]), in your own "
        "files only; --none ends it",
    ),
    ("schema", "print the JSON Schema of aido.toml"),
    ("mcp", "add a catalog entry, or a custom (security-sensitive) MCP server, to aido.toml"),
    (
        "confirm",
        "confirm a security-sensitive entry by typing its id at a terminal (then aido apply)",
    ),
    ("confirmations", "list this project's confirmed security-sensitive entries, or revoke one"),
    (
        "doctor",
        "report deprecated entries, missing secrets, old harness CLIs, stale state, bad files",
    ),
    ("report", "summarise many `aido plan --json` outputs (files or folders, one per repository)"),
    ("completion", "print a shell completion script (bash, zsh or fish)"),
)

# `aido --help` lists these first, as "Main commands".
MAIN = ("init", "plan", "apply", "status")

# One example per command: `aido --help` and each command's own help show it.
EXAMPLES: dict[str, str] = {
    "init": "aido init",
    "plan": "aido plan --detailed-exitcode",
    "apply": "aido apply",
    "status": "aido status",
    "undo": "aido undo --list",
    "upgrade": "aido upgrade context7",
    "outdated": "aido outdated --registry",
    "suggest": "aido suggest",
    "search": "aido search browser testing",
    "catalog": "aido catalog show context7",
    "adapters": "aido adapters",
    "adopt": "aido adopt github --adapter claude-code",
    "import": "aido import",
    "remove": "aido remove sequential-thinking",
    "destroy": "aido destroy --adapter cursor",
    "forget": "aido forget context7",
    "use": "aido use review",
    "schema": "aido schema > aido-toml.schema.json",
    "mcp": "aido mcp add context7 --roles researcher",
    "confirm": "aido confirm my-api",
    "confirmations": "aido confirmations",
    "doctor": "aido doctor",
    "report": "aido report plans/",
    "completion": "aido completion bash",
}

# `import` is a Python keyword, so its module is named `imports`.
_MODULES = {"import": "imports"}


def load(name: str) -> Command:
    """The module of command `name`, imported now."""
    module: Command = import_module(f"{__name__}.{_MODULES.get(name, name)}")
    return module
