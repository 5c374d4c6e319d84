#!/usr/bin/env bash
# What the container image does, without building one (no image registry is needed): a clean
# production install (no development packages) beside the built app, in a folder of its own,
# started with the image's command; its readiness endpoint must answer. Run `npm run build` first.
# The files copied are the ones the Dockerfile copies into its final stage.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PRODUCTION_CHECK_PORT:-3298}
dir=$(mktemp -d)
pid=""
# With SERVER_LOG_DIR set (CI), the server's output is kept there for the scan of every log line.
keep_log() { [ -z "${SERVER_LOG_DIR:-}" ] || { mkdir -p "$SERVER_LOG_DIR" && cat "$dir/server.log" >>"$SERVER_LOG_DIR/production-install.log" 2>/dev/null; } || true; }
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; keep_log; rm -rf "$dir"' EXIT
test -f build/server/index.js || { echo "No build: run npm run build first." >&2; exit 1; }

cp package.json package-lock.json server.js "$dir/"
mkdir -p "$dir/server" "$dir/db"
cp server/restart-budget.js "$dir/server/"
cp -r db/migrations "$dir/db/"
cp -r build "$dir/build"
# The production dependencies alone: the project's installed packages, hard-linked (no download,
# a second or two), pruned of everything a production install (`npm install --omit=dev`, as the
# image runs) would leave out.
cp -al node_modules "$dir/node_modules"
(cd "$dir" && npm prune --omit=dev --no-audit --no-fund --loglevel=error)
if [ -e "$dir/node_modules/eslint" ] || [ -e "$dir/node_modules/@playwright/test" ]; then
  echo "development packages were installed" >&2
  exit 1
fi
echo "pinned runtime kept: $("$dir/node_modules/.bin/node" --version)"

# The CSV import's worker thread, as the built server starts it, with the production packages.
node_modules/.bin/node scripts/ci/check-csv-worker.ts "$dir"

# The image's command, as its final stage runs it (an embedded database in a fresh data folder).
(cd "$dir" && exec env NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$dir/data" SEED=false \
  node_modules/.bin/node server.js) >"$dir/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 240); do
  if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then
    echo "readiness: $(curl -s "http://127.0.0.1:$port/readyz")"
    status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/forum")
    [ "$status" = 200 ] || { echo "/forum answered $status" >&2; exit 1; }
    kill -TERM "$pid"
    wait "$pid"
    pid=""
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
echo "the production install did not become ready; its log:" >&2
tail -30 "$dir/server.log" >&2
exit 1
