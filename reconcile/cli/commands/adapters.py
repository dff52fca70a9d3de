"""`aido adapters`: every harness aido knows, its files here, and how it is verified."""

from __future__ import annotations

import argparse
from typing import Any

from aidokit.reconcile.cli.console import say_text
from aidokit.reconcile.cli.plan_apply import project_dir

FORMAT_VERSION = 1  # of `aido adapters --json`, docs/schemas/adapters.schema.json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `adapters`' own options."""
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def describe(project: Any) -> list[dict[str, Any]]:
    """One record per adapter, for this project on this machine."""
    from aidokit.adapters import ADAPTERS, verified_by_cli
    from aidokit.adapters.base import Host

    host = Host.current(project)
    verified = verified_by_cli()
    rows = []
    for name, adapter in ADAPTERS.items():
        files = []
        for scope in adapter.scopes:
            location = adapter.location(scope, host)
            if location is None:
                continue
            files.append(
                {
                    "scope": scope.value,
                    "path": str(location.path),
                    "format": location.fmt.value,
                    "key": ".".join(location.map_path),
                    "detected": adapter.detect(host, scope),
                }
            )
        cli = verified.get(name)
        rows.append(
            {
                "name": name,
                "title": adapter.title,
                "scopes": [s.value for s in adapter.scopes],
                "files": files,
                "verified": f"real CLI `{cli}` in CI" if cli else "documentation only",
                "verified_by": adapter.evidence.verified_by,
                "evidence_date": adapter.evidence.date,
                "evidence": adapter.evidence.link,
                "unconfirmed": list(adapter.evidence.unconfirmed),
                "agents": _agent_folders(adapter, host),
            }
        )
    return rows


def _agent_folders(adapter: Any, host: Any) -> list[dict[str, Any]]:
    """Where the adapter's agent files live per scope, when it can scope by agent."""
    from aidokit.adapters.agents import AgentFileScoping

    scopes = adapter.scopes
    if not isinstance(adapter, AgentFileScoping):
        return []
    agents = adapter.agent_files
    found = []
    for scope in scopes:
        folder = agents.folder(scope, host)
        if folder is not None:
            found.append({
                "scope": scope.value,
                "path": str(folder / f"<name>{agents.suffix}"),
                "format": agents.fmt.value,
                "key": ".".join(agents.map_path),
            })  # fmt: skip
    return found


def run(args: argparse.Namespace) -> int:
    """Run `aido adapters`."""
    project = project_dir(args)
    rows = describe(project)
    if args.json:
        from aidokit.reconcile.show.json_output import dumps

        doc = {
            "format_version": FORMAT_VERSION,
            "project": str(project),
            "count": len(rows),
            "adapters": rows,
        }
        print(dumps(doc), end="")
        return 0
    lines: list[str] = []
    for row in rows:
        lines.append(f"{row['name']}  ({row['title']}; verified by {row['verified_by']})")
        lines.append(f"  evidence {row['evidence']} (checked {row['evidence_date']})")
        lines += [f"  unconfirmed: {gap}" for gap in row["unconfirmed"]]
        for file in row["files"]:
            found = f"  [detected: {file['detected']}]" if file["detected"] else ""
            lines.append(
                f"  {file['scope']:<8} {file['path']}  ({file['format']}, {file['key']}){found}"
            )
        for agent in row["agents"]:
            where = f"{agent['path']}  ({agent['format']}, {agent['key']})"
            lines.append(f"  agents   {agent['scope']}: {where}")
    lines.append(_count_line(rows))
    say_text("\n".join(lines) + "\n")
    return 0


def _count_line(rows: list[dict[str, Any]]) -> str:
    """`42 adapters: 17 real CLI, 6 source, 9 docs, 10 secondary` (how each is verified)."""
    from aidokit.adapters.base import VERIFIED_BY

    counts = {kind: sum(row["verified_by"] == kind for row in rows) for kind in VERIFIED_BY}
    said = ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
    return f"{len(rows)} adapters: {said}"
