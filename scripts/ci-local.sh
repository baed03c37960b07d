#!/bin/sh
# ci-local.sh runs the CI recipe of docs/ci.md on this machine: N shards
# of deadhunt confirm at once (one per CI job there), then deadhunt merge.
#
# usage: scripts/ci-local.sh [-n shards] [-o dir] [confirm flags] [packages]
#
# Run it in the module to hunt. It writes dir/shard-i.json and
# dir/shard-i.txt (each shard's report and output), dir/all.json and
# dir/all.sarif (the merged report, as SARIF), and exits with merge's
# status, which is confirm's for one hunt: 0 nothing confirmed, 1 something
# was not hunted, 3 a deadlock confirmed; 2 if a shard was called wrong.
# $DEADHUNT names the deadhunt binary (default: deadhunt on $PATH).
set -eu

shards=4
out=.deadhunt/ci
while [ $# -gt 0 ]; do
	case $1 in
	-n) shards=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	*) break ;;
	esac
done
deadhunt=${DEADHUNT:-deadhunt}
mkdir -p "$out"
rm -f "$out"/shard-*.json "$out"/shard-*.txt "$out"/shard-*.status

i=1
while [ "$i" -le "$shards" ]; do
	( set +e
	  "$deadhunt" confirm --shard "$i/$shards" -o "$out/shard-$i.json" "$@" >"$out/shard-$i.txt" 2>&1
	  echo $? >"$out/shard-$i.status" ) &
	i=$((i + 1))
done
wait

reports=
i=1
while [ "$i" -le "$shards" ]; do
	status=$(cat "$out/shard-$i.status")
	case $status in
	0|1|3) ;;
	*) echo "ci-local: shard $i/$shards exited $status:" >&2; cat "$out/shard-$i.txt" >&2; exit 2 ;;
	esac
	if [ ! -f "$out/shard-$i.json" ]; then
		echo "ci-local: shard $i/$shards wrote no report:" >&2; cat "$out/shard-$i.txt" >&2; exit 1
	fi
	reports="$reports $out/shard-$i.json"
	i=$((i + 1))
done

set +e
# shellcheck disable=SC2086 # the report names have no spaces
"$deadhunt" merge -o "$out/all.json" --sarif "$out/all.sarif" $reports
exit $?
