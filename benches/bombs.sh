#!/usr/bin/env bash
# Compressed inputs made to take the machine's time or memory, and one
# damaged in the middle: for each, the seconds, the peak memory, the exit
# status and the first line on standard error of
# `scoresheet convert FILE -o OUT --rejects REJ`, and whether OUT and REJ
# were left as they were (each holds one line before the run).
#
#   benches/bombs.sh               # writes inputs to target/bench/bombs/
#   SCORESHEET=path/to/binary benches/bombs.sh
#
# Goal: every bomb stops in bounded time (the 400 MiB of text the default
# limits let through) and memory (under 64 MiB), and no output is replaced.
set -euo pipefail
cd "$(dirname "$0")/.."
. benches/lib.sh

if [ -z "${SCORESHEET:-}" ]; then
    cargo build --release -q
    SCORESHEET=target/release/scoresheet
fi
dir=$BENCH/bombs
mkdir -p "$dir"
for tool in zstd gzip bzip2; do
    command -v "$tool" >/dev/null || apt_install "$tool"
done

# 10 GiB of line ends as 160 zstd frames of 64 MiB: the bomb of a few
# hundred kilobytes that took 224 s to read to its end.
newlines() { head -c "$1" /dev/zero | tr '\0' '\n'; }
if [ ! -f "$dir/newlines-10GiB.zst" ]; then
    newlines $((64 << 20)) | zstd -19 -q -c >"$dir/frame.zst"
    for _ in $(seq 160); do cat "$dir/frame.zst"; done >"$dir/newlines-10GiB.zst"
    rm "$dir/frame.zst"
fi
[ -f "$dir/newlines-1GiB.gz" ] || newlines $((1 << 30)) | gzip -9 -c >"$dir/newlines-1GiB.gz"
[ -f "$dir/newlines-1GiB.bz2" ] || newlines $((1 << 30)) | bzip2 -9 -c >"$dir/newlines-1GiB.bz2"

python3 - "$dir" <<'PY'
import gzip, lzma, os, sys, zlib
d = sys.argv[1]
games = b"".join(
    b'[Event "game %d"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' % i
    for i in range(20_000)
)
# 1 GiB of line ends as an xz stream whose block header states a 3 GiB
# dictionary (properties byte 39), its CRC32 made anew: a decoder that
# trusts it fills a gigabyte of memory.
out = os.path.join(d, "newlines-1GiB-dictionary-3GiB.xz")
packer = lzma.LZMACompressor(format=lzma.FORMAT_XZ, preset=1)
chunk = b"\n" * (1 << 20)
xz = bytearray(b"".join([packer.compress(chunk) for _ in range(1024)] + [packer.flush()]))
size = (xz[12] + 1) * 4
at = 14
for present in (0x40, 0x80):  # compressed and uncompressed sizes, varints
    if xz[13] & present:
        while xz[at] & 0x80:
            at += 1
        at += 1
assert xz[at:at + 2] == b"\x21\x01", "LZMA2, one byte of properties"
xz[at + 2] = 39
xz[12 + size - 4:12 + size] = zlib.crc32(xz[12:12 + size - 4]).to_bytes(4, "little")
open(out, "wb").write(xz)
# gzip with 16 bytes flipped in the middle.
gz = bytearray(gzip.compress(games, 1))
middle = len(gz) // 2
for i in range(middle, middle + 16):
    gz[i] ^= 0xFF
open(os.path.join(d, "flipped-middle.pgn.gz"), "wb").write(gz)
PY

printf '%-36s %9s %8s %10s %5s %-9s %s\n' input size seconds "peak KiB" exit outputs "first message"
for f in "$dir"/newlines-10GiB.zst "$dir"/newlines-1GiB.gz "$dir"/newlines-1GiB.bz2 \
    "$dir"/newlines-1GiB-dictionary-3GiB.xz "$dir"/flipped-middle.pgn.gz; do
    name=$(basename "$f")
    echo before >"$dir/out.pgn"
    echo before >"$dir/rejects.pgn"
    start=$(date +%s.%N)
    set +e
    /usr/bin/time -f "%M" -o "$dir/time.txt" "$SCORESHEET" convert "$f" -o "$dir/out.pgn" \
        --rejects "$dir/rejects.pgn" -q 2>"$dir/$name.err"
    status=$?
    set -e
    end=$(date +%s.%N)
    kept=replaced
    if [ "$(cat "$dir/out.pgn" "$dir/rejects.pgn")" = "$(printf 'before\nbefore')" ]; then
        kept=kept
    fi
    printf '%-36s %9s %8.2f %10s %5s %-9s %s\n' "$name" "$(stat -c %s "$f")" \
        "$(echo "$end - $start" | bc)" "$(tail -n 1 "$dir/time.txt")" "$status" "$kept" \
        "$(grep -v '^Command exited' "$dir/$name.err" | head -n 1 | cut -c 1-160)"
done
