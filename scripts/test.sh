#!/usr/bin/env bash
# `npm test`: every test. Lint, the type check and the format check run side by side, beside the
# journeys and at the lowest CPU priority: the journeys leave about a quarter of the two cores
# idle while they wait on Chromium, renders and timers, and the checks fit in that time instead of
# taking a minute of their own (decision 248). A failed check is reported once the journeys end.
# Each part's time is printed at the end and kept for `npm run bench` (decision 092).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ci-times.sh

timed tools bash scripts/ensure-test-tools.sh

checks() {
  local dir
  dir="$(mktemp -d)"
  npm run --silent lint >"$dir/lint" 2>&1 &
  local lint=$!
  npm run --silent typecheck >"$dir/typecheck" 2>&1 &
  local typecheck=$!
  npm run --silent format:check >"$dir/format" 2>&1 &
  local format=$!
  local failed=0
  wait "$lint" || { echo "lint failed:"; failed=1; }
  cat "$dir/lint"
  wait "$typecheck" || { echo "typecheck failed:"; failed=1; }
  cat "$dir/typecheck"
  wait "$format" || { echo "format check failed:"; failed=1; }
  cat "$dir/format"
  rm -rf "$dir"
  return "$failed"
}

timed build npm run --silent build
timed "unit and integration (Vitest)" npm run --silent test:unit

checks_output="$(mktemp)"
(
  renice -n 19 -p "$BASHPID" >/dev/null
  timed_beside "lint, typecheck, format" checks
) >"$checks_output" 2>&1 &
checks_pid=$!
journeys_status=0
timed "journeys (Playwright)" npm run --silent test:e2e || journeys_status=$?
checks_status=0
wait "$checks_pid" || checks_status=$?
cat "$checks_output"
rm -f "$checks_output"
print_times
if [ "$checks_status" -ne 0 ] || [ "$journeys_status" -ne 0 ]; then exit 1; fi
