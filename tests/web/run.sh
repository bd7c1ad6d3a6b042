#!/usr/bin/env bash
# The browser tests (issue 36): builds the site or brings it up to date (scripts/web), installs puppeteer-core
# from package-lock.json into tests/web/node_modules (no browser download: Debian's chromium), and runs
# page.test.mjs with node's test runner, one test at a time. The desktop references come from
# AOILAB_BUILD_DIR (default build-test/: bin/aoilab and bin/aoilab-cli).
#   tests/web/run.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export AOILAB_BUILD_DIR=${1:-${AOILAB_BUILD_DIR:-$root/build-test}}
if [[ ! -d "$here/node_modules/puppeteer-core" ]]; then
  (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund)
fi
# scripts/web builds the site or brings it up to date (AOILAB_SITE: a site built elsewhere, used as it is).
if [[ -z "${AOILAB_SITE:-}" ]]; then
  "$root/scripts/web"
fi
cd "$here"
exec node --test --test-concurrency=1 page.test.mjs
