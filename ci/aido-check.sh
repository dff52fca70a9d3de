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
#   AIDO_FAIL_ON_POLICY  "false" to let a plan pass with entries outside policy
#                   that aido does not own, reporting them only (default "true":
#                   exit 1 on them)
#   AIDO_TOOL_PINS  "true" to also run `aido doctor --probe` (it starts the servers aido
#                   vouches for; others need a typed confirmation and are skipped) and
#                   fail when a server's tools moved from their pin in aido.lock; the
#                   job summary lists each changed tool (default "false")
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_WORKSPACE, GITHUB_REPOSITORY
#                   set by GitHub Actions
# When aido.toml (or aido.local.toml) extends a baseline, `aido outdated
# --baseline --json` runs first: it brings the pinned copy the plan reads onto
# the runner and measures how far behind its ref each pin is, which
# ci/aido-upstream.py puts into the saved plan for `aido report`.
# Exit: 0 converged, 2 drifted (changes, conflicts, or with AIDO_FAIL_ON_POLICY=false
# nothing but entries outside policy: then 0), 1 error or (unless
# AIDO_FAIL_ON_POLICY=false) an entry outside policy.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

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

extends=false
for layer in "$project/aido.toml" "$project/aido.local.toml"; do
  if [ -f "$layer" ] && grep -Eq '^[[:space:]]*extends[[:space:]]*=' "$layer"; then
    extends=true
  fi
done
if [ "$extends" = "true" ]; then
  "$aido" outdated --baseline --json --project "$project" >"$plan_json.outdated" 2>/dev/null
fi

"$aido" plan --json "${args[@]}" >"$plan_json" 2>/dev/null
code=$?
if [ "$extends" = "true" ]; then
  "$python" "$here/aido-upstream.py" "$plan_json" "$plan_json.outdated"
  rm -f "$plan_json.outdated"
fi
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
# Tool pins (opt-in): every server's tools against its pin in aido.lock.
pins_code=0
tool_pins() {
  local probe_json="${plan_json%.json}-probe.json" text
  "$aido" doctor --probe --json --scope project --project "$project" >"$probe_json" 2>/dev/null
  pins_code=$?
  if text="$("$aido" report --tool-pins --name "$name" "$probe_json" 2>&1)"; then
    printf '%s\n' "$text"
    summary '' "$text"
  else
    printf '%s\n' "$text"
    summary '' "### aido: the tool pin check failed in $name (exit $pins_code)"
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
  echo "policy-violations=$violations"
  echo "baselines-behind=$behind"
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

# Entries outside policy (hand-written, or refused by the plan) and baselines behind.
counts="$("$python" - "$plan_json" <<'PY'
import json, sys
try:
    doc = json.load(open(sys.argv[1], encoding="utf-8"))
    error = doc.get("error") or {}
    found = doc.get("policy_violations") or (error.get("details") or {}).get(
        "policy_violations"
    ) or []
    late = [b for b in doc.get("baselines") or [] if b.get("behind") != 0 and "latest" in b]
    s = doc.get("summary") or {}
    other = sum(s.get(k, 0) for k in ("add", "change", "remove", "conflict", "forget"))
    print(len(found), len(late), other)
except (OSError, ValueError, AttributeError, TypeError):
    print("", "", "")
PY
)"
read -r violations behind other <<<"$counts"
# `plan --detailed-exitcode` exits 2 on a server outside policy (SPEC §6); with
# fail-on-policy "false" such servers are reported only, so they alone do not fail the step.
if [ "${AIDO_FAIL_ON_POLICY:-true}" = "false" ] && [ "$code" = 2 ] && [ "${other:-1}" = 0 ] \
  && [ "${violations:-0}" != "0" ]; then
  code=0
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  outputs >>"$GITHUB_OUTPUT"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  job_summary
fi
if [ "${AIDO_TOOL_PINS:-false}" = "true" ]; then
  tool_pins
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    echo "tool-pins-failed=$([ "$pins_code" = 0 ] && echo false || echo true)" >>"$GITHUB_OUTPUT"
  fi
  if [ "$pins_code" != 0 ] && [ "$code" = 0 ]; then
    echo "::error title=aido tool pins::tools changed since their pin in aido.lock (or a probe failed) in $name; the job summary lists them"
    exit 1
  fi
fi
if [ "${AIDO_FAIL_ON_POLICY:-true}" != "false" ] && [ "${violations:-0}" != "0" ] \
  && [ "$code" != "1" ]; then
  printf 'aido: %s entr%s outside policy in %s (aido doctor names each); ' "$violations" \
    "$([ "$violations" = 1 ] && echo y || echo ies)" "$name"
  printf 'remove them, or set fail-on-policy to false\n'
  summary '' "### aido: entries outside policy in $name" '' \
    'Files hold MCP servers the policy refuses; `aido doctor` names each entry, rule and file.'
  annotate
  exit 1
fi
if [ "$code" != 0 ]; then
  annotate
fi
exit "$code"
