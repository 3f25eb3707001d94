#!/usr/bin/env bash
# The whole CI (npm run ci, .ci/run): services, install, format, lint, typecheck, build, migrations,
# the unit suite in a fresh clone with nothing beside it, the integration and end-to-end suites, then the
# fault-injection suite (it writes bench/reports/faults.*). Stops at the first failing step, naming it;
# prints each step's duration.
set -euo pipefail
cd "$(dirname "$0")/.."

TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_DATABASE_URL

timings=()
ci_started=$(date +%s%N)

ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
fmt_ms() { printf '%d.%03ds' $(($1 / 1000)) $(($1 % 1000)); }

summary() {
  echo
  echo "==> CI timings"
  local line
  for line in "${timings[@]}"; do echo "    $line"; done
  echo "    total $(fmt_ms "$(ms_since "$ci_started")")"
}

# step "<name>" command args... — runs one step, records its time, stops CI on failure.
step() {
  local name=$1
  shift
  echo
  echo "==> [$name] $*"
  local started rc=0
  started=$(date +%s%N)
  "$@" || rc=$?
  local took
  took=$(ms_since "$started")
  if [ "$rc" -ne 0 ]; then
    timings+=("$(printf '%-10s FAILED (exit %d) after %s' "$name" "$rc" "$(fmt_ms "$took")")")
    summary
    echo
    echo "CI FAILED at step [$name] (exit $rc): $*" >&2
    exit "$rc"
  fi
  timings+=("$(printf '%-10s ok  %s' "$name" "$(fmt_ms "$took")")")
}

# npm ci only when needed locally (no node_modules, or package-lock.json newer than the last install,
# which npm records in node_modules/.package-lock.json); always on CI.
install_deps() {
  if [ "${CI:-}" = "true" ] || [ ! -d node_modules ] ||
    [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  else
    echo "node_modules is up to date with package-lock.json; skipping npm ci"
  fi
}

# A clean dist/ so that compiled tests of deleted sources do not run.
build() {
  rm -rf dist
  npm run build
}

# As root, the embedded PostgreSQL of `npm start` (and of its tests) runs as the OS user postgres,
# which must be able to reach the binaries in node_modules and the data directory under the checkout.
# A clone inside a private directory (mode 0700, e.g. a mktemp dir) would stop it: grant search (x)
# permission only, on each ancestor that lacks it, and say so.
traversable_checkout() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "not root: the embedded PostgreSQL runs as this user"
    return 0
  fi
  local dir
  dir=$(pwd -P)
  while [ "$dir" != "/" ]; do
    if [ "$(($(stat -c '%a' "$dir" | sed 's/^.*\(.\)$/\1/') & 1))" -eq 0 ]; then
      echo "chmod o+x $dir"
      chmod o+x "$dir"
    fi
    dir=$(dirname "$dir")
  done
}

# The repository must stand on its own: a clone in an empty temporary folder, with no sibling folders
# and no TON_FIXTURES_DIR, builds and passes the unit suite (which reads every vendored fixture). The
# clone is of a snapshot commit of the working tree (tracked and untracked files, .gitignore obeyed),
# made with a throwaway index so that neither HEAD nor the index changes: on CI it equals HEAD, locally
# it also covers uncommitted work. node_modules is this checkout's, linked, to spare a second npm ci.
unit_in_clone() {
  local here snapshot parent rc=0
  here=$(pwd -P)
  snapshot=$(
    export GIT_INDEX_FILE
    GIT_INDEX_FILE=$(mktemp)
    trap 'rm -f "$GIT_INDEX_FILE"' EXIT
    git read-tree HEAD
    git add -A
    git commit-tree -p HEAD -m "ci: working tree snapshot" "$(git write-tree)"
  )
  parent=$(mktemp -d)
  chmod o+x "$parent"
  echo "cloning $snapshot into $parent/ton-access"
  git clone -q --no-checkout . "$parent/ton-access"
  (
    cd "$parent/ton-access"
    git checkout -q --detach "$snapshot"
    ln -sfn "$here/node_modules" node_modules
    npm run build
    env -u TON_FIXTURES_DIR node scripts/run-tests.mjs unit
  ) || rc=$?
  rm -rf "$parent"
  return "$rc"
}

migrate() {
  DATABASE_URL="$TEST_DATABASE_URL" node dist/libs/database/src/migrate.js
}

step services bash scripts/ensure-services.sh
step checkout traversable_checkout
step install install_deps
step format npm run format:check
step lint npm run lint
step typecheck npm run typecheck
step build build
step migrate migrate
step unit unit_in_clone
step integration node scripts/run-tests.mjs integration
step e2e node scripts/run-tests.mjs e2e
step faults node scripts/run-tests.mjs faults
summary
echo
echo "CI passed"
