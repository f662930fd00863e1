#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest. Lint, the type check and the format
# check are single-threaded, so they run side by side on a 2-core machine; each part's time is
# printed at the end and kept for `npm run bench` (decision 092).
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
timed "lint, typecheck, format" checks
timed build npm run --silent build
timed "unit and integration (Vitest)" npm run --silent test:unit
# With DATABASE_PASS=beside-journeys (.ci/run), the PostgreSQL pass runs while the journeys do:
# they spend much of their time waiting on Chromium and their servers, the pass on PostgreSQL,
# so side by side they take far less than one after the other (decision 146). Its output is
# kept apart and printed after the journeys', so neither is interleaved with the other.
journeys_beside_database_pass() {
  local log status=0 pass
  log="$(mktemp)"
  bash scripts/database-pass.sh >"$log" 2>&1 &
  pass=$!
  npm run --silent test:e2e || status=$?
  wait "$pass" || { echo "the PostgreSQL pass failed:"; status=1; }
  cat "$log"
  rm -f "$log"
  return "$status"
}
if [ "${DATABASE_PASS:-}" = beside-journeys ]; then
  timed "journeys beside the PostgreSQL pass" journeys_beside_database_pass
else
  timed "journeys (Playwright)" npm run --silent test:e2e
fi
print_times
