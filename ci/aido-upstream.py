"""Put how far each baseline is behind its ref into a saved `aido plan --json` (or error) document.

Usage: python ci/aido-upstream.py PLAN_JSON OUTDATED_JSON

OUTDATED_JSON is `aido outdated --baseline --json`. Each of its `baselines`
(source, locked, latest, behind) is matched by source to the plan's
`baselines` (which gain `latest` and `behind`); a source the plan does not
list (the plan failed before it read its layers) is added with the locked
commit. `aido report` reads the result (docs/ci.md). Only the standard
library: it runs under whatever python the CI job has. A file that is not
the JSON it should be leaves the plan as it was.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile


def merged(plan: dict, outdated: dict) -> dict:
    """`plan` with each baseline of `outdated` matched in by source."""
    rows = [row for row in outdated.get("baselines") or [] if isinstance(row, dict)]
    known = plan.get("baselines")
    baselines = [dict(b) for b in known if isinstance(b, dict)] if isinstance(known, list) else []
    by_source = {b.get("source"): b for b in baselines}
    for row in rows:
        if not isinstance(row.get("source"), str):
            continue
        entry = by_source.get(row["source"])
        if entry is None:
            entry = {"source": row["source"], "commit": row.get("locked")}
            baselines.append(entry)
            by_source[row["source"]] = entry
        if isinstance(row.get("latest"), str):
            entry["latest"] = row["latest"]
            entry["behind"] = row.get("behind")
    if baselines:
        plan = {**plan, "baselines": baselines}
    return plan


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: aido-upstream.py PLAN_JSON OUTDATED_JSON", file=sys.stderr)
        return 1
    try:
        with open(argv[1], encoding="utf-8") as file:
            plan = json.load(file)
        with open(argv[2], encoding="utf-8") as file:
            outdated = json.load(file)
    except (OSError, ValueError):
        return 0  # no plan (the job crashed) or no measurement: nothing to add
    if not isinstance(plan, dict) or not isinstance(outdated, dict):
        return 0
    folder = os.path.dirname(os.path.abspath(argv[1]))
    fd, temp = tempfile.mkstemp(dir=folder, prefix=".aido-plan.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        json.dump(merged(plan, outdated), file, indent=2, sort_keys=True)
        file.write("\n")
    os.replace(temp, argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
