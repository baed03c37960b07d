#!/bin/sh
# run.sh measures deadhunt at scale on the corpus (docs/benchmarks-ci.md):
#   cache: a first hunt of ./corpus/... with an empty hunt cache, a second
#          of the unchanged corpus, a third after one package changed
#          (corpus/deadlock/crosspkg/store, which crosspkg imports);
#   shards: one hunt without the cache, then .ci/shards (four
#          shards at once, merge) without it; their findings compared;
#   alone: each of four shards alone, one after the other, as each would
#          run on a machine of its own (balanced by the one hunt's report
#          when there is one from the shards part).
# usage: hunt/internal/benchci/run.sh [workdir [parts]]   (from the repository root;
# parts default to "cache shards alone")
set -eu
work=${1:-$(mktemp -d)}
parts=${2:-cache shards alone}
repo=$(pwd)
mkdir -p "$work"
go build -o "$work/deadhunt" ./cmd/deadhunt
rm -rf "$work/src" "$work/cache" && mkdir "$work/src"
git archive HEAD | tar -x -C "$work/src"
cd "$work/src"
dh=$work/deadhunt

secs() { date +%s.%N; }
hunt() { # name, then confirm's arguments
	name=$1; shift
	t0=$(secs)
	set +e; "$dh" confirm "$@" >"$work/$name.txt" 2>&1; code=$?; set -e
	t1=$(secs)
	cached=$(grep -c ' \[cached\]$' "$work/$name.txt" || true)
	tests=$(grep -c ' runs\? (' "$work/$name.txt" || true)
	printf '%s\t%.1f s\texit %d\t%s test lines, %s cached\n' "$name" "$(echo "$t1 - $t0" | bc)" "$code" "$tests" "$cached"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$repo" rev-parse --short HEAD)"
case " $parts " in *" cache "*)
export DEADHUNT_CACHE="$work/cache"
hunt first -o "$work/first.json" ./corpus/...
hunt second -o "$work/second.json" ./corpus/...
sed -i '1i // edited by hunt/internal/benchci/run.sh: every line below moves down one' corpus/deadlock/crosspkg/store/store.go
hunt changed -o "$work/changed.json" ./corpus/...
grep -v ' \[cached\]$' "$work/changed.txt" | grep ' runs (' | sed 's/^/\thunted again: /' || true
sed -i '1d' corpus/deadlock/crosspkg/store/store.go
;; esac

export DEADHUNT_CACHE=off
case " $parts " in *" shards "*)
hunt one -o "$work/one.json" ./corpus/...
t0=$(secs)
set +e; DEADHUNT=$dh sh "$repo/.ci/shards" -n 4 -o "$work/ci" ./corpus/... >"$work/shards.txt" 2>&1; code=$?; set -e
t1=$(secs)
printf 'shards\t%.1f s\texit %d\t(4 at once, then merge)\n' "$(echo "$t1 - $t0" | bc)" "$code"
for f in one ci/all; do
	"$dh" merge "$work/$f.json" 2>/dev/null | python3 -c 'import json,sys; r=json.load(sys.stdin); print(sorted(f["id"]+" "+f["status"] for f in r["findings"]))' >"$work/$(basename $f).ids"
done
if cmp -s "$work/one.ids" "$work/all.ids"; then echo "shards merged: same findings and statuses as one hunt ($(tr ',' '\n' <"$work/one.ids" | grep -c DH-) findings)"; else echo "shards merged: findings DIFFER"; diff "$work/one.ids" "$work/all.ids" || true; fi

;; esac

case " $parts " in *" alone "*)
export DEADHUNT_CACHE=off
for b in "" "$work/one.json"; do
	[ -z "$b" ] || [ -f "$b" ] || continue
	flag=; [ -z "$b" ] || flag="--balance $b"
	for i in 1 2 3 4; do
		# shellcheck disable=SC2086
		hunt "alone-$i-of-4${b:+-balanced}" --shard "$i/4" $flag -o "$work/alone-$i.json" ./corpus/...
	done
done
;; esac
