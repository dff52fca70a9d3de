#!/usr/bin/env bash
# Drift check for CI (used by action.yml, usable from any CI): run
# `aido plan --detailed-exitcode` on the project and, when the harness config
# files drifted, fail with the rendered plan in the job summary.
#
# Environment:
#   AIDO_PROJECT   project folder (default: .)
#   AIDO_ADAPTERS  space-separated adapter names (default: aido.toml / detected)
#   AIDO_FROZEN    "true": also fail when aido.lock would change (plan --frozen)
#   AIDO_BIN       the aido executable (default: aido on PATH)
#   GITHUB_STEP_SUMMARY  where the Markdown summary goes (set by GitHub Actions)
# Exit: 0 converged, 2 drifted, 1 error.
set -uo pipefail

project="${AIDO_PROJECT:-.}"
aido="${AIDO_BIN:-aido}"
args=(plan --detailed-exitcode --scope project --no-color --project "$project")
if [ "${AIDO_FROZEN:-false}" = "true" ]; then
  args+=(--frozen)
fi
for adapter in ${AIDO_ADAPTERS:-}; do
  args+=(--adapter "$adapter")
done

output="$("$aido" "${args[@]}" 2>&1)"
code=$?
printf '%s\n' "$output"

summary() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    printf '%s\n' "$@" >>"$GITHUB_STEP_SUMMARY"
  fi
}
plan_block() {
  summary '' '```text' "$output" '```'
}

case "$code" in
  0)
    summary "### aido: \`$project\` is converged" '' 'Every MCP config file matches aido.toml.'
    ;;
  2)
    summary "### aido: MCP config drifted in \`$project\`" '' \
      'Run `aido apply` in the project (or `aido plan` to review) and commit the result.'
    plan_block
    echo "::error title=aido drift::MCP config files in $project differ from aido.toml; run aido apply"
    ;;
  *)
    summary "### aido: the check failed in \`$project\` (exit $code)"
    plan_block
    echo "::error title=aido error::aido plan failed in $project (exit $code)"
    ;;
esac
exit "$code"
