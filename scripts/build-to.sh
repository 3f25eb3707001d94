#!/usr/bin/env bash
# Compiles the whole tree into another directory (default .tmp/dist) so that parallel work does not
# race on dist/. Usage: scripts/build-to.sh .tmp/mine
set -euo pipefail
out="${1:-.tmp/dist}"
npx swc . -d "$out" -q --only "apps/**/*.ts,libs/**/*.ts,test/**/*.ts,bench/**/*.ts,scripts/**/*.ts" --ignore "node_modules/**,dist/**,.tmp/**"
