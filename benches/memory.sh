#!/usr/bin/env bash
# Peak memory of scoresheet on a ~2 GB input: the TCEC corpus concatenated
# 60 times in target/bench/ (deleted afterwards), read by `audit` and
# `convert -o /dev/null` with 1 and 2 threads. The goal is a peak resident
# set of at most 64 MiB whatever the input size.
#
#   benches/memory.sh                 build, then measure
#   SCORESHEET=path/to/binary ...     measure that binary instead
#   COPIES=30 benches/memory.sh       a smaller input
set -euo pipefail
cd "$(dirname "$0")/.."

BENCH=target/bench
CORPUS=../shared/corpus/tcec-nocomments.pgn.zst
COPIES=${COPIES:-60}
GOAL_KIB=$((64 * 1024))
mkdir -p "$BENCH"

say() { printf '%s\n' "$*" >&2; }

[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
command -v zstd >/dev/null || { apt-get update -qq && apt-get install -y -qq zstd >/dev/null; }
if [ -z "${SCORESHEET:-}" ]; then
    say "building scoresheet"
    cargo build --release --quiet
    SCORESHEET=target/release/scoresheet
fi

[ -f "$CORPUS" ] || { say "corpus $CORPUS not found"; exit 2; }
BIG=$BENCH/big.pgn
trap 'rm -f "$BIG"' EXIT
say "writing $BIG: $COPIES copies of the corpus"
for _ in $(seq "$COPIES"); do zstd -d -q -c "$CORPUS"; done > "$BIG"
size=$(stat -c %s "$BIG")
say "input: $size bytes; load $(cat /proc/loadavg)"

echo "| command | wall s | user s | MB/s | peak RSS MiB | goal <= 64 MiB |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
status=0
run() { # run NAME COMMAND...
    local name=$1
    shift
    /usr/bin/time -f '%e %U %M' -o "$BENCH/time.txt" "$@" >/dev/null 2>"$BENCH/stderr.txt" || {
        code=$?
        [ "$code" = 1 ] || { say "$name failed ($code)"; cat "$BENCH/stderr.txt" >&2; exit 1; }
    }
    read -r wall user rss < <(tail -n 1 "$BENCH/time.txt")
    [ "$rss" -le "$GOAL_KIB" ] || status=1
    awk -v n="$name" -v w="$wall" -v u="$user" -v r="$rss" -v b="$size" -v g="$GOAL_KIB" \
        'BEGIN { printf "| %s | %.1f | %.1f | %.1f | %.1f | %s |\n", n, w, u, b / 1e6 / w, r / 1024, (r <= g ? "met" : "NOT met") }'
}
run "scoresheet audit -j 1" "$SCORESHEET" audit -q -j 1 "$BIG"
run "scoresheet audit -j 2" "$SCORESHEET" audit -q -j 2 "$BIG"
run "scoresheet convert -j 1 -o /dev/null" "$SCORESHEET" convert -q -j 1 "$BIG" -o /dev/null
run "scoresheet convert -j 2 -o /dev/null" "$SCORESHEET" convert -q -j 2 "$BIG" -o /dev/null
rm -f "$BENCH/time.txt" "$BENCH/stderr.txt"
say "load after: $(cat /proc/loadavg)"
exit "$status"
