#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine with Go and Node, then runs every test:
# Go (store, API, command line; with the race detector where a C compiler exists), the UI's unit tests,
# the check that the committed ui/dist matches its source, and the browser journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# step names what runs next, with the minutes and seconds since the start (where the run's time goes).
step() { printf '\n== %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "installing Chromium for the browser tests, poppler's pdftotext to read their printed PDFs, wrk for the load run's test and systemd-analyze for the service unit's (Debian packages)"
if [ ! -x /usr/bin/chromium ] || ! command -v pdftotext >/dev/null 2>&1 || ! command -v wrk >/dev/null 2>&1 ||
  ! command -v systemd-analyze >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium poppler-utils wrk systemd >/dev/null
fi

step "installing the UI's packages"
(cd ui && npm ci --no-audit --no-fund --loglevel=error)

step "checking that the committed ui/dist is built from the current source"
(cd ui && npx vite build --logLevel error --outDir "$work/dist" --emptyOutDir)
if ! diff -r ui/dist "$work/dist" >"$work/dist.diff"; then
  head -20 "$work/dist.diff"
  echo "ui/dist is stale: run 'npm run build' in ui/ and commit ui/dist" >&2
  exit 1
fi

step "UI types (tsc): Vite's build strips them unchecked"
(cd ui && npx tsc --noEmit)

step "UI unit tests (Vitest)"
(cd ui && npx vitest run)

step "Go: formatting and vet"
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would change: $unformatted" >&2; exit 1; fi
go vet ./...

step "building the shop as an owner installs it (the root tests, the load run's test and the browser journeys run it)"
CGO_ENABLED=0 go build -o "$work/goldshop" .
export GOLDSHOP_BIN="$work/goldshop"

step "Go tests"
race=""
if command -v gcc >/dev/null 2>&1; then
  race="-race"
else
  echo "no C compiler (gcc): the Go tests run WITHOUT the race detector; install Debian's gcc to have it" >&2
fi
# three packages at a time on two cores: the command-line and backup tests wait on servers, replicas and the
# disk much of the time, and a third package keeps the cores busy meanwhile. A package's limit is 40 minutes,
# not go test's 10: under the race detector on a loaded machine (stress-ng beside a browser build) the app's
# package alone took over ten; the limit stops a hang, it does not time the tests.
# SQLite's C, translated to Go (modernc.org/sqlite/lib and its libc), is compiled without the race detector's
# checks: it guards its own memory with its own mutexes, a race inside it is not ours to find, and checking
# every load and store of it made every test that touches a database four times slower (the Go tests took six
# minutes instead of under two). Our code, database/sql and the driver's Go are still checked, and so are the
# locks between them, which come from Go's sync package.
norace=()
[ -n "$race" ] && norace=(-gcflags='modernc.org/sqlite/lib=-race=false' -gcflags='modernc.org/libc/...=-race=false')
go test $race "${norace[@]}" -count=1 -p 3 -timeout 40m ./...

fuzztime=${FUZZTIME:-10000x}
step "the ledger property test (a thousand random money sequences, without -race) beside fuzzing every Fuzz target for $fuzztime (parsers of untrusted input, uploads, money bodies, packet decoders)"
# Side by side: the property test keeps about one core busy (one writer), and fuzzing each target starts by
# compiling it; its output follows the fuzzing's.
go test -count=1 -timeout 40m -run '^TestRandomMoneySequencesKeepTheLedgerTrue$' ./store -rapid.checks=1000 >"$work/property.log" 2>&1 &
property=$!
# Go fuzzes one target per run. A failure leaves its input in the package's testdata/fuzz/<FuzzName>/.
# A count of executions, not a duration: a -fuzztime duration can end in a spurious "context deadline exceeded"
# on a loaded machine (golang/go#75804, fixed only in Go 1.27). Minimizing is bounded the same way: by default a
# worker spends up to a minute shrinking each new interesting input, which once stalled a run for half of one.
grep -rHo --include='*_test.go' --exclude-dir=node_modules --exclude-dir=.git '^func Fuzz[A-Za-z0-9_]*' . | sort |
  while IFS=: read -r file decl; do
    go test -run '^$' -fuzz "^${decl#func }\$" -fuzztime "$fuzztime" -fuzzminimizetime 1000x "./$(dirname "${file#./}")" || exit 1
  done
property_status=0
wait "$property" || property_status=$?
cat "$work/property.log"
[ "$property_status" -eq 0 ] || exit "$property_status"

step "browser journeys (Playwright driving /usr/bin/chromium, phone and desktop) and socket.io-client tests"
CGO_ENABLED=0 go build -o "$work/conformance" ./app/socketio/conformance
CGO_ENABLED=0 go build -o "$work/pushservice" ./tools/pushservice
# "The next version": the same shop whose service worker differs by one line, as any new build's does, so the
# app-install journey sees a phone offered the update and reloading into it. An overlay, not a second checkout.
cp ui/dist/sw.js "$work/sw-next.js" && printf '\n// the next build\n' >>"$work/sw-next.js"
printf '{"Replace":{"%s":"%s"}}' "$PWD/ui/dist/sw.js" "$work/sw-next.js" >"$work/overlay.json"
CGO_ENABLED=0 go build -overlay "$work/overlay.json" -o "$work/goldshop-next" .
mkdir -p test-artifacts
e2e() { (cd ui && GOLDSHOP_BIN="$work/goldshop" GOLDSHOP_NEXT_BIN="$work/goldshop-next" CONFORMANCE_BIN="$work/conformance" \
  PUSH_SERVICE_BIN="$work/pushservice" ARTIFACTS="$PWD/../test-artifacts" node --test "$@"); }
# The journeys run in two lanes side by side, each file alone in its lane (as `npm run e2e` runs them all); the
# files of the second lane are chosen by their measured durations so that the two end at about the same time,
# every other file runs in the first. A third lane gained nothing: the phase is bound by the two cores, and the
# slower journeys under it turned a socket.io test's two hundred handshakes into a 30 s timeout.
second=(e2e/trade.test.mjs e2e/money.test.mjs e2e/journeys.test.mjs e2e/admin-notices.test.mjs e2e/prices.test.mjs
  e2e/gold-request.test.mjs e2e/owner-shop.test.mjs e2e/push.test.mjs e2e/orders.test.mjs e2e/daily-limits.test.mjs
  e2e/stock.test.mjs e2e/plans.test.mjs e2e/price-feed.test.mjs)
e2e "${second[@]}" >"$work/second-lane.log" 2>&1 &
second_lane=$!
first=$(cd ui && find e2e -name '*.test.mjs' | sort | grep -v -x -F -f <(printf '%s\n' "${second[@]}"))
status=0
e2e $first || status=$?
wait "$second_lane" || status=$?
printf '\n== the second lane: %s\n' "${second[*]}"
cat "$work/second-lane.log"
step "the end: $([ "$status" -eq 0 ] && echo every test passed || echo some test failed)"
exit "$status"
