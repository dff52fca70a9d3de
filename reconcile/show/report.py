"""Render the fleet view (`aido report`) as Markdown for a job summary, or as stable JSON."""

from __future__ import annotations

import dataclasses
from typing import Any

from aidokit.catalog.errors import printable, shortened
from aidokit.reconcile.show.artifact import COUNTS, Baseline
from aidokit.reconcile.show.fleet import Finding, Fleet, Repository, deprecated, servers_in_use

REPORT_FORMAT_VERSION = 1


def headline(fleet: Fleet) -> str:
    """`12 repositories: 5 converged, 4 drifted, 3 failed.`"""
    total = len(fleet.repositories)
    noun = "repository" if total == 1 else "repositories"
    parts = ", ".join(f"{fleet.count(s)} {s}" for s in ("converged", "drifted", "failed"))
    return f"{total} {noun}: {parts}."


def render_report_markdown(fleet: Fleet) -> str:
    """Headline, one row per repository, then conflicts, deprecated/outdated, servers."""
    lines = ["# aido fleet report", "", headline(fleet), "", *_repositories(fleet)]
    lines += _findings(
        "Conflicts",
        "Entries of the same name that aido does not own; it leaves them alone",
        _conflicts(fleet),
    )
    lines += _findings("Deprecated entries", "The catalog has replaced them", deprecated(fleet))
    lines += _findings(
        "Outdated entries",
        "aido.toml or the catalog changed them since aido wrote them; `aido apply` updates them",
        _updates(fleet),
    )
    lines += _violations(fleet)
    lines += _servers(fleet)
    # Names and details come from other repositories' files: controls escaped (SPEC §7).
    return printable("\n".join(lines).rstrip("\n"), keep="\n") + "\n"


# Every character that means something inline in a GitHub job summary (emphasis,
# code, links and images, strike-through, math, the table's own `|`) is
# backslash-escaped; `<`, `>`, `&` become entities, so no raw HTML or entity.
_MARKDOWN = str.maketrans(
    {char: "\\" + char for char in "\\`*_[]|~$!"} | {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
)
CELL = 200  # characters of one value from an artifact a cell shows


def cell(text: str) -> str:
    """`text` from an artifact as literal text in one table cell: bounded, escaped, one line.

    Repository names, harness names, paths, entries and error sentences come
    from other repositories' jobs; a newline would end the row (and could
    start a heading), a `<` start HTML. Controls and newlines become visible
    escapes first, then Markdown's own characters are escaped.
    """
    return literal(shortened(text, CELL))


def literal(text: str) -> str:
    """`text` from an artifact as literal Markdown on one line, whole: controls and newlines
    as visible escapes, Markdown's own characters escaped."""
    return printable(text).translate(_MARKDOWN)


def _repositories(fleet: Fleet) -> list[str]:
    lines = [
        "## Repositories",
        "",
        "| repository | status | add | change | remove | conflict | baseline | behind | policy "
        "| error |",
        "|---|---|--:|--:|--:|--:|---|--:|---|---|",
    ]
    for repo in fleet.repositories:
        counts = [str(repo.counts.get(key, "")) for key in COUNTS[:4]] if repo.counts else [""] * 4
        baseline = ", ".join(_pinned(b) for b in repo.baselines)
        behind = ", ".join(_behind(b) for b in repo.baselines)
        row = [baseline, behind, _policy(repo), repo.error or ""]
        cells = " | ".join(cell(text) for text in row)
        lines.append(f"| {cell(repo.name)} | {repo.status} | {' | '.join(counts)} | {cells} |")
    return [*lines, ""]


def _pinned(baseline: Baseline) -> str:
    """`git+https://...#main:aido.toml@4f2a9c1`: the source and the pinned commit, short."""
    return f"{baseline.source}@{baseline.commit[:7]}" if baseline.commit else baseline.source


def _behind(baseline: Baseline) -> str:
    """Commits behind the ref, `not on its ref`, or `unmeasured` when the job did not look."""
    if baseline.latest is None:
        return "unmeasured" if baseline.commit else "local"
    return "not on its ref" if baseline.behind is None else str(baseline.behind)


def _policy(repo: Repository) -> str:
    """`2: deny rule 'puppeteer', allow_custom = false`: how many, and the distinct rules."""
    if not repo.violations:
        return ""
    rules = ", ".join(sorted({v.rule for v in repo.violations}))
    return f"{len(repo.violations)}: {rules}"


def _violations(fleet: Fleet) -> list[str]:
    found = [(repo.name, v) for repo in fleet.repositories for v in repo.violations]
    if not found:
        return []
    lines = [
        f"## Policy violations ({len(found)})",
        "",
        "Entries outside policy: asked (the plan refused it), hand-written (in a file aido "
        "does not own; doctor fails on it) or left-out (suggested; the plan leaves it out):",
        "",
        "| repository | harness | entry | rule | from | found |",
        "|---|---|---|---|---|---|",
    ]
    for name, v in found:
        row = (name, v.adapter, v.name, v.rule, f"{v.layer} ({v.kind})", v.found)
        lines.append("| " + " | ".join(cell(text) for text in row) + " |")
    return [*lines, ""]


def _conflicts(fleet: Fleet) -> list[Finding]:
    return [c for repo in fleet.repositories for c in repo.conflicts]


def _updates(fleet: Fleet) -> list[Finding]:
    return [u for repo in fleet.repositories for u in repo.updates]


def _findings(title: str, why: str, findings: list[Finding]) -> list[str]:
    if not findings:
        return []
    lines = [f"## {title} ({len(findings)})", "", f"{why}:", ""]
    lines += ["| repository | harness | file | entry | detail |", "|---|---|---|---|---|"]
    for f in findings:
        row = (f.repository, f.adapter, f.path, f.name, f.detail)
        lines.append("| " + " | ".join(cell(text) for text in row) + " |")
    return [*lines, ""]


def _servers(fleet: Fleet) -> list[str]:
    servers = servers_in_use(fleet)
    if not servers:
        return []
    lines = [
        f"## Servers in use ({len(servers)})",
        "",
        "Entries aido.toml declares or the project's facts select, written or pending:",
        "",
        "| server | repositories | harnesses |",
        "|---|--:|---|",
    ]
    for server, (repos, harnesses) in servers.items():
        names = ", ".join(harnesses)
        lines.append(f"| {cell(server)} | {len(repos)} | {cell(names)} |")
    return [*lines, ""]


def report_json(fleet: Fleet) -> dict[str, Any]:
    """The report as a JSON document (docs/schemas/report.schema.json)."""

    def finding(f: Finding) -> dict[str, Any]:
        return dataclasses.asdict(f)

    return {
        "format_version": REPORT_FORMAT_VERSION,
        "summary": {
            "repositories": len(fleet.repositories),
            **{s: fleet.count(s) for s in ("converged", "drifted", "failed")},
        },
        "repositories": [
            {
                "name": r.name,
                "status": r.status,
                "counts": dict(r.counts),
                "error": r.error,
                "baselines": [dataclasses.asdict(b) for b in r.baselines],
                "policy_violations": [dataclasses.asdict(v) for v in r.violations],
            }
            for r in fleet.repositories
        ],
        "conflicts": [finding(f) for f in _conflicts(fleet)],
        "deprecated": [finding(f) for f in deprecated(fleet)],
        "outdated": [finding(f) for f in _updates(fleet)],
        "servers": [
            {"id": server, "repositories": repos, "harnesses": harnesses}
            for server, (repos, harnesses) in servers_in_use(fleet).items()
        ],
    }
