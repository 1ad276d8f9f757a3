#!/usr/bin/env bash
# Reading the TCEC corpus compressed (zstd, as stored) against the same
# games decompressed: `scoresheet audit -q -j 2`, report to /dev/null, the
# two inputs alternated in every round so that both meet the same load.
#
#   benches/compressed.sh              build, then ROUNDS rounds (default 7)
#   ROUNDS=41 benches/compressed.sh
#   JOB=convert benches/compressed.sh  another job (output to /dev/null)
#   SCORESHEET=path/to/binary ...      measure that binary
#
# Prints each run's wall and CPU time and the load average, then the best
# and the median of each input and their ratio (compressed / plain), and
# the median and quartiles of the rounds' own ratios: this machine's
# speed drifts by a third within a minute, which moves the medians of
# the two inputs apart, while the two runs of a round meet the same
# speed. Goal: at most 1.15.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-7}
JOB=${JOB:-audit --report /dev/null}
. benches/lib.sh

PLAIN=$(tcec_pgn)
ZST=../shared/corpus/tcec-nocomments.pgn.zst
if [ -z "${SCORESHEET:-}" ]; then
    cargo build --release --locked -q
    SCORESHEET=target/release/scoresheet
fi

# Prints "wall cpu" (seconds; cpu = user + system) of one run, to the
# millisecond: /usr/bin/time's hundredths are 2-3 % of a run this short,
# as much as the difference measured.
wall() {
    python3 - "$SCORESHEET" $JOB -q -j 2 "$1" <<'PY'
import os, subprocess, sys, time

start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
if os.waitstatus_to_exitcode(status) not in (0, 1):
    sys.exit(f"{sys.argv[1]} failed: {status}")
print(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f}")
PY
}

plain=()
zst=()
paired=()
plain_cpu=()
zst_cpu=()
for round in $(seq "$ROUNDS"); do
    read -r p pc <<<"$(wall "$PLAIN")"
    read -r z zc <<<"$(wall "$ZST")"
    say "round $round: plain $p s (cpu $pc s), zst $z s (cpu $zc s), load $(cut -d' ' -f1 /proc/loadavg)"
    plain+=("$p")
    zst+=("$z")
    plain_cpu+=("$pc")
    zst_cpu+=("$zc")
    paired+=("$(awk -v z="$z" -v p="$p" 'BEGIN {printf "%.4f", z / p}')")
done

stats() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {printf "%s %s", a[1], a[int((NR+1)/2)]}'; }
read -r pbest pmed <<<"$(stats "${plain[@]}")"
read -r zbest zmed <<<"$(stats "${zst[@]}")"
echo "plain: best $pbest s, median $pmed s ($(stat -c %s "$PLAIN") bytes)"
echo "zst:   best $zbest s, median $zmed s ($(stat -c %s "$ZST") bytes)"
read -r pcbest pcmed <<<"$(stats "${plain_cpu[@]}")"
read -r zcbest zcmed <<<"$(stats "${zst_cpu[@]}")"
echo "cpu:   plain best $pcbest s, median $pcmed s; zst best $zcbest s, median $zcmed s"
awk -v pb="$pbest" -v zb="$zbest" -v pm="$pmed" -v zm="$zmed" -v pc="$pcmed" -v zc="$zcmed" \
    'BEGIN {printf "ratio zst/plain: best %.3f, median %.3f (goal <= 1.15); cpu median %.3f\n", zb/pb, zm/pm, zc/pc}'
printf '%s\n' "${paired[@]}" | sort -n | awk '{a[NR]=$1} END {
    printf "ratio of each round: median %.3f, quartiles %.3f-%.3f, over %d rounds (goal <= 1.15)\n",
        a[int((NR+1)/2)], a[int((NR+3)/4)], a[int((3*NR+1)/4)], NR}'
