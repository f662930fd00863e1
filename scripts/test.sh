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
timed "journeys (Playwright)" npm run --silent test:e2e
print_times
