#!/usr/bin/env bash
# Compiles the whole tree into another directory (default .tmp/dist) so that parallel work does not
# race on dist/. Usage: scripts/build-to.sh .tmp/mine
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs "${1:-.tmp/dist}"
