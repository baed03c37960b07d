#!/usr/bin/env bash
# run.sh times deadhunt confirm on real modules fetched through the module
# proxy, against plain go test, for docs/benchmarks-cost.md:
#
#   bash trigger/driver/internal/costmods/run.sh BEFORE_BIN AFTER_BIN [OUT_DIR]
#
# BEFORE_BIN and AFTER_BIN are deadhunt binaries (go build -o ... ./cmd/deadhunt
# at the two commits). Per module: plain `go test -count=1 ./...` (build
# cache warm), then `confirm ./...` with each binary (default flags), one
# after the other, each bounded by CAP seconds (default 900), with the load
# average at its end; WARM=1 hunts with AFTER_BIN once before timing, so
# that the timed hunts (-count=1: results not reused) find their
# instrumented binaries built, as the plain run finds its test binaries.
# Prints one line per module: plain, before and after wall seconds and
# the after run's "why the hunts stopped" line. Not part of go test
# ./...: it needs the proxy and many minutes.
set -uo pipefail
before=$1
after=$2
out=${3:-/tmp/cost-mods}
cap=${CAP:-900}
# MODES: which timings to take (each is kept in OUT_DIR/NAME.MODE.time and
# not taken again while that file is there).
MODES=${MODES:-plain before after}
mkdir -p "$out"
mods=(
  "github.com/patrickmn/go-cache@v2.1.0+incompatible"
  "github.com/hashicorp/golang-lru/v2@v2.0.7"
  "github.com/jackc/puddle/v2@v2.2.3"
  "github.com/cskr/pubsub@v1.0.2"
  "golang.org/x/sync@v0.24.0"
  "github.com/keegancsmith/rpc@v1.3.0" # net/rpc with contexts (hashicorp/net-rpc-msgpackrpc has no tests)
  "github.com/sasha-s/go-deadlock@v0.3.9"
  "github.com/asaskevich/EventBus@v0.0.0-20200907212545-49d423059eef"
  # issue 31's: go-memdb, and modules used nowhere else in the repository
  "github.com/hashicorp/go-memdb@v1.3.5"
  "github.com/smallnest/chanx@v1.2.0"
  "github.com/dustin/go-broadcast@v0.0.0-20171205050544-f664265f5a66"
  "github.com/afex/hystrix-go@v0.0.0-20180502004556-fa1af6a1f4f5"
  "github.com/bluele/gcache@v0.0.2"
  "github.com/Code-Hex/go-generics-cache@v1.5.1"
  "github.com/sethvargo/go-limiter@v0.7.1"
  "github.com/puzpuzpuz/xsync/v3@v3.5.1"
  "github.com/rubyist/circuitbreaker@v2.2.1+incompatible"
)
# ONLY: a regular expression; only the modules it matches are timed.
if [ -n "${ONLY:-}" ]; then
  sel=()
  for mv in "${mods[@]}"; do [[ $mv =~ $ONLY ]] && sel+=("$mv"); done
  mods=("${sel[@]}")
fi
wall() { # wall seconds of "$@" bounded by $cap; output to $log
  local s e
  s=$(date +%s.%N)
  timeout "$cap" "$@" >"$log" 2>&1
  local rc=$?
  e=$(date +%s.%N)
  if [ $rc = 124 ]; then printf '>%s' "$cap"; else printf '%.2f' "$(echo "$e - $s" | bc)"; fi
}
for mv in "${mods[@]}"; do
  mod=${mv%@*}
  name=$(basename "$mod")
  [[ $name =~ ^v[0-9]+$ ]] && name=$(basename "$(dirname "$mod")")
  dir="$out/$name"
  if [ ! -d "$dir" ]; then
    src=$(go mod download -json "$mv" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    cp -r "$src" "$dir" && chmod -R u+w "$dir"
    (cd "$dir" && { [ -f go.mod ] || go mod init "$mod" >/dev/null 2>&1; } && go mod tidy >/dev/null 2>&1)
  fi
  cd "$dir" || continue
  go test -count=1 ./... >/dev/null 2>&1 # warm the build cache
  # warm deadhunt's too (the runtime and the instrumented packages, built
  # once per runtime version and module go line): the plain run is timed
  # warm, so is the hunt. A whole hunt: one of no test (-run '^$') builds
  # nothing.
  [ -n "${WARM:-}" ] && "$after" confirm ./... >/dev/null 2>&1
  for mode in $MODES; do
    if [ ! -s "$out/$name.$mode.time" ]; then
      rm -rf .deadhunt; log="$out/$name.$mode.txt"
      case $mode in
        plain) wall go test -count=1 ./... > "$out/$name.$mode.time" ;;
        before) wall "$before" confirm -count=1 -v ./... > "$out/$name.$mode.time" ;;
        after) wall "$after" confirm -count=1 -v ./... > "$out/$name.$mode.time" ;;
      esac
      echo " load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/$name.$mode.time"
    fi
  done
  tests=$(grep -cE '^[^ ]+ Test[^ ]*: [0-9]+ runs' "$out/$name.after.txt" 2>/dev/null)
  printf '%s\t%s tests\tplain %s\tbefore %s\tafter %s\t%s\n' "$mv" "$tests" "$(cat "$out/$name.plain.time" 2>/dev/null)" \
    "$(cat "$out/$name.before.time" 2>/dev/null)" "$(cat "$out/$name.after.time" 2>/dev/null)" "$(grep 'why the hunts stopped' "$out/$name.after.txt" 2>/dev/null)"
  cd - >/dev/null || exit 1
done
