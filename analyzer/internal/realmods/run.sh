#!/usr/bin/env bash
# run.sh runs lockcycle over real modules fetched through the module proxy:
# the findings of go vet -vettool=lockcycle per module, and the wall time of
# plain go vet against go vet with lockcycle (best of $REPS runs each, with
# the packages compiled but no vet result cached).
#
#   bash analyzer/internal/realmods/run.sh [OUT_DIR]
#
# TIMES=0 skips the timing. Not part of go test ./...: it needs the network (the proxy) and minutes.
# docs/benchmarks-lockcycle.md lists the findings, judged by hand.
set -euo pipefail

root=$(cd "$(dirname "$0")/../../.." && pwd)
out=${1:-/tmp/lockcycle-realmods}
reps=${REPS:-3}
mkdir -p "$out/src"
bin="$out/lockcycle"
(cd "$root" && go build -o "$bin" ./cmd/lockcycle)

# module@version and the package patterns analysed in it.
mods=(
  "github.com/sasha-s/go-deadlock@v0.3.9 ./..."
  "github.com/jackc/puddle/v2@v2.2.3 ./..."
  "github.com/hashicorp/yamux@v0.1.2 ./..."
  "go.etcd.io/bbolt@v1.5.0 ./..."
  "github.com/hashicorp/raft@v1.8.0 ./..."
  "github.com/hashicorp/golang-lru/v2@v2.0.7 ./..."
  "github.com/patrickmn/go-cache@v2.1.0+incompatible ./..."
  "golang.org/x/sync@v0.24.0 ./..."
  "go.etcd.io/raft/v3@v3.7.0 ./..."
  "github.com/golang/groupcache@v0.0.0-20241129210726-2c02b8208cf8 ./..."
  "google.golang.org/grpc@v1.85.0 ./internal/transport/... ./internal/grpcsync/... ./balancer/... ./internal/balancer/..."
)

# best prints the best wall time in seconds of $reps runs of "$@" (exit
# status ignored), each with a copy of the build cache $warm: compiled
# packages are cached, vet results are not.
best() {
  local b=
  for _ in $(seq "$reps"); do
    rm -rf "$out/cache-run"
    cp -r "$warm" "$out/cache-run"
    local s e t
    s=$(date +%s.%N)
    GOCACHE="$out/cache-run" "$@" >/dev/null 2>&1 || true
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
  done
  printf '%.2f' "$b"
}

printf '%-45s %8s %8s %6s %s\n' module vet vettool ratio findings > "$out/times.txt"
for entry in "${mods[@]}"; do
  read -r mv pats <<<"$entry"
  mod=${mv%@*}
  name=$(echo "$mod" | tr / _)
  dir="$out/src/$name"
  if [ ! -d "$dir" ]; then
    src=$(go mod download -json "$mv" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    cp -r "$src" "$dir"
    chmod -R u+w "$dir"
    if [ ! -f "$dir/go.mod" ]; then
      (cd "$dir" && go mod init "$mod" >/dev/null 2>&1)
    fi
    (cd "$dir" && go mod tidy >/dev/null 2>&1 || true)
  fi
  # shellcheck disable=SC2086
  (cd "$dir" && go vet -vettool="$bin" $pats >"$out/$name.txt" 2>&1 || true)
  if [ "${TIMES:-1}" = 0 ]; then
    printf '%-45s %8s %8s %6s %s\n' "$mod" - - - "$(grep -cE '^[^[:space:]#][^:]*:[0-9]+:[0-9]+: [^[:space:]]' "$out/$name.txt" || true)" >> "$out/times.txt"
    continue
  fi
  # A build cache with every package (and test variant) compiled and no vet
  # result, for the packages or for their dependencies (go vet analyses
  # those too, for facts).
  warm="$out/cache-warm-$name"
  # shellcheck disable=SC2086
  [ -d "$warm" ] || (cd "$dir" && GOCACHE="$warm" go test -vet=off -run '^$' -count=1 $pats >/dev/null 2>&1 || true)
  # shellcheck disable=SC2086
  tv=$(cd "$dir" && best go vet $pats)
  # shellcheck disable=SC2086
  tl=$(cd "$dir" && best go vet -vettool="$bin" $pats)
  n=$(grep -cE '^[^[:space:]#][^:]*:[0-9]+:[0-9]+: [^[:space:]]' "$out/$name.txt" || true)
  printf '%-45s %8s %8s %6.2f %s\n' "$mod" "$tv" "$tl" "$(echo "$tl / $tv" | bc -l)" "$n" >> "$out/times.txt"
done
cat "$out/times.txt"
