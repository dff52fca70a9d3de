#!/usr/bin/env bash
# Drift check for CI (used by action.yml, usable from any CI): run
# `aido plan --detailed-exitcode` on the project, print the plan, save it as
# JSON and, on GitHub Actions, annotate the drifted files, write a Markdown
# summary (counts, changes per file, the plan folded) and set the step outputs.
#
# Environment:
#   AIDO_PROJECT    project folder (default: .)
#   AIDO_ADAPTERS   space-separated adapter names (default: aido.toml / detected)
#   AIDO_FROZEN     "true" to pass --frozen (fail when aido.lock would change)
#   AIDO_BIN        the aido executable (default: aido on PATH)
#   AIDO_PYTHON     a python to read the JSON plan (default: python3, else python)
#   AIDO_PLAN_JSON  where to save `aido plan --json` (default: $RUNNER_TEMP or
#                   $TMPDIR, aido-plan.json)
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_WORKSPACE, GITHUB_REPOSITORY
#                   set by GitHub Actions
# Exit: 0 converged, 2 drifted (changes or conflicts), 1 error.
set -uo pipefail

project="${AIDO_PROJECT:-.}"
aido="${AIDO_BIN:-aido}"
python="${AIDO_PYTHON:-$(command -v python3 || command -v python || echo python3)}"
plan_json="${AIDO_PLAN_JSON:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}/aido-plan.json}"
args=(--detailed-exitcode --scope project --no-color --project "$project")
for adapter in ${AIDO_ADAPTERS:-}; do
  args+=(--adapter "$adapter")
done
if [ "${AIDO_FROZEN:-false}" = "true" ]; then
  args+=(--frozen)
fi

"$aido" plan --json "${args[@]}" >"$plan_json" 2>/dev/null
code=$?
output="$("$aido" plan "${args[@]}" 2>&1)"
printf '%s\n' "$output"

summary() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    printf '%s\n' "$@" >>"$GITHUB_STEP_SUMMARY"
  fi
}
# The project as a reviewer knows it: the repository (and the folder in it), not `.`.
name="${project%/}"
name="${name#./}"
if [ -n "${GITHUB_REPOSITORY:-}" ]; then
  case "$name" in
    . | "") name="$GITHUB_REPOSITORY" ;;
    /*) ;;
    *) name="$GITHUB_REPOSITORY/$name" ;;
  esac
elif [ "$name" = "." ] || [ -z "$name" ]; then
  name="$(basename "$(cd "${GITHUB_WORKSPACE:-.}" && pwd)")"
fi
# The job summary: Markdown like `aido report` (counts, a table per file, the plan folded).
job_summary() {
  local text
  if text="$(cd "${GITHUB_WORKSPACE:-.}" && "$aido" report --job-summary --name "$name" "$plan_json" 2>/dev/null)"; then
    summary "$text"
  else
    summary "### aido: the check failed in $name (exit $code)" '' 'aido plan printed no plan; the job log has its message.'
  fi
}
# drifted/changes/conflicts from the saved plan; changes and conflicts are empty when
# the check failed (exit 1: an error, the counts would be a guess).
outputs() {
  "$python" - "$plan_json" "$code" <<'PY'
import json, sys
try:
    s = json.load(open(sys.argv[1], encoding="utf-8")).get("summary") or {}
except (OSError, ValueError, AttributeError):
    s = {}
ok = bool(s) and sys.argv[2] in ("0", "2")
changes = sum(s.get(k, 0) for k in ("add", "change", "remove")) if ok else ""
print(f"drifted={'true' if sys.argv[2] == '2' else 'false'}")
print(f"changes={changes}")
print(f"conflicts={s.get('conflict', '') if ok else ''}")
PY
  echo "plan-json=$plan_json"
}
annotate() {
  local lines
  lines="$(cd "${GITHUB_WORKSPACE:-.}" && "$aido" report --annotations "$plan_json" 2>/dev/null)"
  if [ -n "$lines" ]; then
    printf '%s\n' "$lines"
  else
    echo "::error title=aido error::aido plan failed in $name (exit $code)"
  fi
}

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  outputs >>"$GITHUB_OUTPUT"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  job_summary
fi
if [ "$code" != 0 ]; then
  annotate
fi
exit "$code"
