#!/usr/bin/env bash
# Load check of the proofreading page's server against `scoresheet serve`
# on a loopback port.
#
# The default: 200 requests at once, each a 100-game PGN file; prints
# failures, latencies and the server's peak memory.
#
#   benches/serve_load.sh            # 200 requests of the first 100 TWIC games
#   N=50 GAMES=20 benches/serve_load.sh
#
# STUCK=1: 40 clients that send the largest text the server takes (the
# TWIC and Lichess samples together, 1,999,138 bytes) and never read
# their answers, and 300 connections whose headers never end; prints the
# server's peak memory, when the slow headers were dropped, and how long
# it takes to stop on SIGTERM while never-reading clients hold answers.
#
#   STUCK=1 benches/serve_load.sh
#   STUCK=1 READERS=40 SLOW=300 HOLD=45 benches/serve_load.sh
#
# Needs ../shared/corpus/twic1599-sample.pgn (or INPUT=FILE.pgn) and
# Python 3. Builds the release binary unless SCORESHEET names one.
set -euo pipefail
cd "$(dirname "$0")/.."
. benches/lib.sh

N=${N:-200}
GAMES=${GAMES:-100}
INPUT=${INPUT:-../shared/corpus/twic1599-sample.pgn}
[ -f "$INPUT" ] || { say "input $INPUT not found"; exit 2; }

if [ -z "${SCORESHEET:-}" ]; then
    cargo build --release --locked --quiet
    SCORESHEET=target/release/scoresheet
fi

if [ -n "${STUCK:-}" ]; then
    file=$BENCH/serve-stuck.pgn
    lichess=../shared/corpus/lichess-2025-05-sample.pgn
    [ -f "$lichess" ] || { say "input $lichess not found"; exit 2; }
    cat "$INPUT" "$lichess" > "$file"
else
    # The first $GAMES games of the input.
    file=$BENCH/serve-$GAMES.pgn
    awk -v n="$GAMES" '/^\[Event / { g++ } g > n { exit } { print }' "$INPUT" > "$file"
fi

out=$BENCH/serve.out
"$SCORESHEET" serve --port 0 > "$out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url=
for _ in $(seq 1 100); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$out" || true)
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { say "the server printed no address"; cat "$out" >&2; exit 1; }

say "server $url (pid $server), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${STUCK:-}" ]; then
    # 300 connections and 80 clients, from one process.
    ulimit -n 4096 2>/dev/null || true
    timeout 900 python3 benches/serve_stuck.py "$url" "$file" "$server" \
        "${READERS:-40}" "${SLOW:-300}" "${HOLD:-45}"
else
    timeout 900 python3 benches/serve_load.py "$url" "$file" "$server" "$N"
fi
