#!/usr/bin/env bash
# The server tests that meet the database, on PostgreSQL and on Node 22 from the npm registry
# (decisions 028, 091, 092): one server pass per database, and each Node line runs the server
# code. `.ci/run` has `npm test` start this beside the journeys (decision 146). Needs
# TEST_DATABASE_URL; starts the machine's PostgreSQL cluster when it is installed but stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ci-times.sh

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
fi

# Node 22, installed from the npm registry's node-linux-<arch> package into a cache folder kept
# between runs. The native modules (sharp, @napi-rs/canvas) use Node-API, so one npm ci serves both.
case "$(uname -m)" in
  x86_64) node_arch=x64 ;;
  aarch64 | arm64) node_arch=arm64 ;;
  *) node_arch="$(uname -m)" ;;
esac
node22_dir="${NODE22_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hookreel/node22}"
node22_bin="$node22_dir/node_modules/node-linux-$node_arch/bin"
if [ ! -x "$node22_bin/node" ]; then
  echo "Installing Node 22 from the npm registry into $node22_dir"
  npm install --prefix "$node22_dir" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-$node_arch@22"
fi
export PATH="$node22_bin:$PATH"
mapfile -t database_tests < <(node --import tsx scripts/database-tests.ts)
if [ "${#database_tests[@]}" -eq 0 ]; then
  echo "scripts/database-tests.ts found no test files: the PostgreSQL pass would test nothing." >&2
  exit 1
fi
echo "Node $(node --version): the ${#database_tests[@]} server test files that meet the database, on PostgreSQL ($TEST_DATABASE_URL)"
timed "server tests on PostgreSQL (Node 22)" npx vitest run --project server "${database_tests[@]}"
