#!/usr/bin/env bash
# Load check of the proofreading page's server: 200 requests at once, each
# a 100-game PGN file, against `scoresheet serve` on a loopback port.
# Prints failures, latencies and the server's peak memory.
#
#   benches/serve_load.sh            # 200 requests of the first 100 TWIC games
#   N=50 GAMES=20 benches/serve_load.sh
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

# The first $GAMES games of the input.
file=$BENCH/serve-$GAMES.pgn
awk -v n="$GAMES" '/^\[Event / { g++ } g > n { exit } { print }' "$INPUT" > "$file"

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
timeout 900 python3 benches/serve_load.py "$url" "$file" "$server" "$N"
