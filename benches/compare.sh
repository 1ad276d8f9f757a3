#!/usr/bin/env bash
# Throughput of scoresheet beside its peers on the TCEC corpus (34.4 MB,
# 25,036 real games), best of RUNS runs each, with peak memory.
#
#   benches/compare.sh             install what is missing, build, measure
#   RUNS=5 benches/compare.sh      more runs per command
#   SCORESHEET=path/to/binary ...  measure that binary instead of building
#   WAIT=0 benches/compare.sh      do not wait for idle cores before each run
#
# Peers, installed here when missing:
#   pgn-extract      Debian package (apt-get), run as `pgn-extract -s`
#                    writing SAN PGN;
#   python-chess     PyPI package `chess`, in a venv under target/bench/,
#                    reading and exporting every game (it is ~100 times
#                    slower, so it reads the first 10% of the corpus);
#   pgn-reader       benches/peers/pgn-reader-replay, a one-thread program
#                    on the crates pgn-reader + shakmaty: replay only, and
#                    replay writing SAN PGN.
#
# MB are 10^6 bytes of input; times are wall-clock seconds of the best run
# (its user time beside it); peak memory is the maximum resident set size
# from /usr/bin/time. The goals are checked at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
. benches/lib.sh

# --- peers and tools -------------------------------------------------------

[ -x /usr/bin/time ] || apt_install time
PGN_EXTRACT=$(command -v pgn-extract || true)
if [ -z "$PGN_EXTRACT" ] && [ ! -x /usr/games/pgn-extract ]; then
    apt_install pgn-extract
fi
PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)

VENV=$BENCH/venv
if ! "$VENV/bin/python" -c 'import chess' 2>/dev/null; then
    say "installing python-chess (pip, in $VENV)"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q chess
fi

if [ -z "${SCORESHEET:-}" ]; then
    say "building scoresheet"
    cargo build --release --quiet
    SCORESHEET=target/release/scoresheet
fi
say "building benches/peers/pgn-reader-replay"
cargo build --release --quiet --manifest-path benches/peers/pgn-reader-replay/Cargo.toml
PGN_READER=benches/peers/pgn-reader-replay/target/release/pgn-reader-replay

# --- input -----------------------------------------------------------------

INPUT=$(tcec_pgn)
# The first 10% of the corpus, cut where a game starts, for python-chess.
SMALL=$BENCH/tcec-10pct.pgn
if [ ! -s "$SMALL" ]; then
    limit=$(( $(stat -c %s "$INPUT") / 10 ))
    awk -v limit="$limit" '
        { bytes += length($0) + 1 }
        bytes > limit && /^\[Event / { exit }
        { print }' "$INPUT" > "$SMALL"
fi

# --- measuring -------------------------------------------------------------

# Percent of CPU time idle, all cores, over the next two seconds.
idle_percent() {
    local a b
    read -r -a a < /proc/stat
    sleep 2
    read -r -a b < /proc/stat
    local total=0 i
    for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
    echo $((100 * (b[4] + b[5] - a[4] - a[5]) / (total > 0 ? total : 1)))
}

# Before each run, waits for idle cores (>= 95% idle over two seconds), so
# that another program's work does not share the two cores; gives up after
# MAX_WAIT seconds in all (30 minutes) and counts the runs measured busy.
MAX_WAIT=${MAX_WAIT:-1800}
BUSY_RUNS=0
await_idle() {
    [ "${WAIT:-1}" = 0 ] && return 0
    while [ "$SECONDS" -lt "$MAX_WAIT" ]; do
        [ "$(idle_percent)" -ge 95 ] && return 0
    done
    BUSY_RUNS=$((BUSY_RUNS + 1))
}

RESULTS=$BENCH/compare.tsv
: > "$RESULTS"

# measure NAME INPUT COMMAND...: best wall time of RUNS runs, standard
# output to $STDOUT (/dev/null unless set).
measure() {
    local name=$1 input=$2 stdout=${STDOUT:-/dev/null}
    shift 2
    local bytes best=
    bytes=$(stat -c %s "$input")
    for run in $(seq "$RUNS"); do
        await_idle
        /usr/bin/time -f '%e %U %S %M' -o "$BENCH/time.txt" "$@" >"$stdout" 2>"$BENCH/stderr.txt" || {
            status=$?
            # 1 is "some games had problems", not a failure of the run.
            if [ "$status" != 1 ]; then
                say "$name failed ($status):"
                cat "$BENCH/stderr.txt" >&2
                exit 1
            fi
        }
        read -r wall user sys rss < <(tail -n 1 "$BENCH/time.txt")
        if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$wall best_user=$user best_sys=$sys
        fi
        if [ "$run" = 1 ] || [ "$rss" -gt "$peak" ]; then peak=$rss; fi
    done
    awk -v n="$name" -v b="$bytes" -v w="$best" -v u="$best_user" -v s="$best_sys" -v m="$peak" \
        'BEGIN { printf "%s\t%d\t%.2f\t%.2f\t%.2f\t%.1f\t%.1f\n", n, b, w, u, s, b / 1e6 / w, m / 1024 }' \
        >> "$RESULTS"
    tail -n 1 "$RESULTS" | awk -F'\t' '{ printf "  %-34s %6.2f s wall %6.2f s user %7.1f MB/s %7.1f MiB\n", $1, $3, $4, $6, $7 }' >&2
}

say "load before: $(cat /proc/loadavg)"
say "input: $INPUT ($(stat -c %s "$INPUT") bytes), best of $RUNS"

OUT=$BENCH/out.pgn
measure "scoresheet audit -j 1" "$INPUT" "$SCORESHEET" audit -q -j 1 "$INPUT"
measure "scoresheet audit -j 2" "$INPUT" "$SCORESHEET" audit -q -j 2 "$INPUT"
# Standard output into a file, as the peers write theirs: no fsync.
STDOUT=$OUT measure "scoresheet convert --to pgn -j 1" "$INPUT" "$SCORESHEET" convert -q -j 1 --to pgn "$INPUT"
STDOUT=$OUT measure "scoresheet convert --to pgn -j 2" "$INPUT" "$SCORESHEET" convert -q -j 2 --to pgn "$INPUT"
# -o FILE writes beside FILE, fsyncs and renames into place.
measure "scoresheet convert --to pgn -j 2 -o FILE" "$INPUT" "$SCORESHEET" convert -q -j 2 --to pgn "$INPUT" -o "$OUT"
measure "pgn-extract -s (SAN out)" "$INPUT" "$PGN_EXTRACT" -s -o "$OUT" "$INPUT"
measure "pgn-reader replay" "$INPUT" "$PGN_READER" "$INPUT"
measure "pgn-reader replay, SAN out" "$INPUT" "$PGN_READER" "$INPUT" --san "$OUT"
measure "python-chess read+export (10%)" "$SMALL" "$VENV/bin/python" benches/peers/python-chess-export.py "$SMALL" "$OUT"
rm -f "$OUT" "$BENCH/time.txt" "$BENCH/stderr.txt"
say "load after: $(cat /proc/loadavg)"
[ "$BUSY_RUNS" = 0 ] || say "warning: $BUSY_RUNS run(s) measured while other programs were busy"

# --- report ----------------------------------------------------------------

rate() { awk -F'\t' -v n="$1" '$1 == n { print $6 }' "$RESULTS"; }
echo
echo "| command | input MB | wall s (best of $RUNS) | user s | MB/s | peak MiB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
awk -F'\t' '{ printf "| %s | %.1f | %.2f | %.2f | %.1f | %.1f |\n", $1, $2 / 1e6, $3, $4, $6, $7 }' "$RESULTS"
echo
goal() { # goal TEXT VALUE TARGET
    awk -v t="$1" -v v="$2" -v g="$3" 'BEGIN { printf "%-44s %8.2f  (goal >= %s) %s\n", t, v, g, (v >= g ? "met" : "NOT met") }'
}
audit1=$(rate "scoresheet audit -j 1")
audit2=$(rate "scoresheet audit -j 2")
conv1=$(rate "scoresheet convert --to pgn -j 1")
conv2=$(rate "scoresheet convert --to pgn -j 2")
extract=$(rate "pgn-extract -s (SAN out)")
goal "audit -j 2, MB/s" "$audit2" 100
goal "convert -j 2, MB/s" "$conv2" 30
goal "convert -j 2 / pgn-extract" "$(awk -v a="$conv2" -v b="$extract" 'BEGIN { print a / b }')" 5
goal "audit: 2 threads / 1 thread" "$(awk -v a="$audit2" -v b="$audit1" 'BEGIN { print a / b }')" 1.8
goal "convert: 2 threads / 1 thread" "$(awk -v a="$conv2" -v b="$conv1" 'BEGIN { print a / b }')" 1.8
