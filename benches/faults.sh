#!/usr/bin/env bash
# Faults of paths, pipes and streams: for each case, what the run did
# (exit status, seconds, peak memory, the summary or message) and whether
# the promise held (no hang, no file touched that should not be, output
# complete). Each case is also a test in tests/archives.rs or
# tests/pipes.rs; this runs them at a larger size and measures.
#
#   benches/faults.sh                  build, then run every case
#   SCORESHEET=path/to/binary ...      measure that binary
set -uo pipefail
cd "$(dirname "$0")/.."
[ -n "${SCORESHEET:-}" ] || cargo build --release -q
bin=$(realpath "${SCORESHEET:-target/release/scoresheet}")
dir=$(realpath -m target/faults)
rm -rf "$dir"
mkdir -p "$dir"

good='[Event "good"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
'
bad='[Event "bad"]
[Result "*"]

1. e4 e5 2. Ke3 *
'
games() { for _ in $(seq "$1"); do printf '%s\n' "$good"; done; }

row() { printf '| %s | %s | %s |\n' "$1" "$2" "$3"; }
# run NAME CMD...: times CMD with a 60 s limit, prints "exit seconds peakKiB"
run() {
    local start end
    start=$(date +%s.%N)
    timeout 60 /usr/bin/time -f "%M" -o "$dir/time.txt" "$@"
    local status=$?
    end=$(date +%s.%N)
    printf '%s %.2f %s' "$status" "$(echo "$end - $start" | bc)" "$(tail -n 1 "$dir/time.txt" 2>/dev/null)"
}

echo "| case | exit, seconds, peak KiB | outcome |"
echo "|---|---|---|"

# A directory with two symbolic-link loops, a named pipe, a binary, a
# hidden file and a gzip file, 1,000 games in each of 20 files.
arch=$dir/archive
mkdir -p "$arch/sub"
for i in $(seq -w 1 20); do games 1000 >"$arch/g$i.pgn"; done
games 1000 | gzip -1 >"$arch/sub/more.pgn.gz"
games 10 >"$arch/.hidden.pgn"
head -c 100000 /dev/urandom >"$arch/noise.bin"
ln -s "$arch" "$arch/sub/loop1"
ln -s "$arch/sub" "$arch/sub/loop2"
mkfifo "$arch/pipe.pgn"
m=$(run "$bin" convert "$arch" -o "$dir/walk.pgn" 2>"$dir/walk.err")
row "directory: 21 files of 1,000 games, 2 link loops, a FIFO, a binary, a hidden file" "$m" \
    "$(grep -c 'skipped' "$dir/walk.err") skipped with a note; $(grep 'games read' "$dir/walk.err" | sed 's/^scoresheet: //'); $(grep -c '^\[Event' "$dir/walk.pgn") games written"

# The output inside the directory walked, run twice: the second run
# would read the first one's output and is refused.
mkdir -p "$arch/out"
run "$bin" convert "$arch" -o "$arch/out/all.pgn" -q 2>/dev/null >/dev/null
m=$(run "$bin" convert "$arch" -o "$arch/out/all.pgn" 2>"$dir/self.err")
row "output inside the walked directory, second run" "$m" \
    "$(grep -v 'skipped' "$dir/self.err" | head -n 1 | sed "s|$dir/||g"); $(grep -c '^\[Event' "$arch/out/all.pgn") games in the output"
rm -rf "$arch/out"

# A game file of the directory walked named as the output.
m=$(run "$bin" convert "$arch" -o "$arch/g01.pgn" 2>"$dir/over.err")
row "\`-o\` a game file of the directory walked" "$m" \
    "$(grep -v 'skipped' "$dir/over.err" | head -n 1 | sed "s|$dir/||g"); g01.pgn $(games 1000 | cmp -s - "$arch/g01.pgn" && echo untouched || echo CHANGED)"

# Links to a directory walked already and to a file: read once.
ln -s sub "$arch/latest"
ln -s g01.pgn "$arch/z.pgn"
m=$(run "$bin" convert "$arch" -o "$dir/links.pgn" 2>"$dir/links.err")
row "a link to a directory of the walk and one to a file" "$m" \
    "$(grep -c 'skipped, the same' "$dir/links.err") skipped as read already; $(grep 'games read' "$dir/links.err" | sed 's/^scoresheet: //'); $(grep -c '^\[Event' "$dir/links.pgn") games written"
rm "$arch/latest" "$arch/z.pgn"

# An entry the walk cannot read: the rest is read, the run fails.
ln -s nowhere "$arch/dangling.pgn"
m=$(run "$bin" convert "$arch" -o "$dir/dangling.pgn" 2>"$dir/dangling.err")
row "a link that leads nowhere in the walk" "$m" \
    "$(grep 'dangling.pgn:' "$dir/dangling.err" | head -n 1 | sed "s|$dir/||g"); $(grep -c '^\[Event' "$dir/dangling.pgn") games written"
rm "$arch/dangling.pgn"

# Outputs sharing a path with each other or an input.
printf 'precious\n' >"$dir/x.pgn"
games 100 >"$dir/in.pgn"
ln -s "$dir/in.pgn" "$dir/link-in.pgn"
for args in "--rejects $dir/x.pgn -o $dir/x.pgn" "-o $dir/x.pgn --summary $dir/x.pgn" "-o $dir/link-in.pgn" "--report -"; do
    # shellcheck disable=SC2086
    m=$(run "$bin" convert "$dir/in.pgn" $args 2>"$dir/same.err")
    row "convert in.pgn ${args//$dir\//}" "$m" "$(head -n 1 "$dir/same.err"); x.pgn $(cmp -s <(printf 'precious\n') "$dir/x.pgn" && echo untouched || echo CHANGED)"
done

# Output through a symbolic link, mode 0640 kept.
printf 'old\n' >"$dir/real.pgn"
chmod 640 "$dir/real.pgn"
ln -s "$dir/real.pgn" "$dir/link.pgn"
m=$(run "$bin" convert "$dir/in.pgn" -o "$dir/link.pgn" -q)
row "-o through a symbolic link to a 0640 file" "$m" \
    "link $( [ -L "$dir/link.pgn" ] && echo kept || echo REPLACED ), target $(grep -c '^\[Event' "$dir/real.pgn") games, mode $(stat -c %a "$dir/real.pgn")"

# A missing input with an existing output.
m=$(run "$bin" convert "$dir/missing.pgn" -o "$dir/x.pgn" 2>"$dir/missing.err")
row "missing input, existing -o" "$m" "$(head -n 1 "$dir/missing.err"); x.pgn $(cmp -s <(printf 'precious\n') "$dir/x.pgn" && echo untouched || echo CHANGED)"

# A closed pipe: 200,000 games into `head -c 1000`.
{ printf '%s\n' "$bad"; games 200000; } >"$dir/big.pgn"
start=$(date +%s.%N)
"$bin" convert "$dir/big.pgn" 2>"$dir/pipe.err" | head -c 1000 >/dev/null
status=${PIPESTATUS[0]}
end=$(date +%s.%N)
row "convert big.pgn (200,001 games) \| head -c 1000" "$status $(printf '%.2f' "$(echo "$end - $start" | bc)") -" \
    "stderr: $(grep -c . "$dir/pipe.err") line(s): $(grep -v 'read:' "$dir/pipe.err" | head -n 1)"
for _ in $(seq 20000); do printf '%s\n' "$bad"; done >"$dir/bad.pgn"
start=$(date +%s.%N)
"$bin" audit "$dir/bad.pgn" 2>"$dir/pipe.err" | head -n 1 >/dev/null
status=${PIPESTATUS[0]}
end=$(date +%s.%N)
row "audit bad.pgn (20,000 rejected games) \| head -n 1" "$status $(printf '%.2f' "$(echo "$end - $start" | bc)") -" "stderr: $(grep -c . "$dir/pipe.err") line(s): $(head -n 1 "$dir/pipe.err")"

# Standard error that cannot be written.
m=$(run "$bin" convert "$dir/big.pgn" -o "$dir/full.pgn" 2>/dev/full)
row "convert big.pgn -o FILE 2>/dev/full" "$m" "$(grep -c '^\[Event' "$dir/full.pgn") games written, $(find "$dir" -name '.*partial' | wc -l) partial files left"

# -j 0 against -j 1.
m=$(run "$bin" convert "$dir/big.pgn" -q -j 0 -o "$dir/j0.pgn" 2>/dev/null)
"$bin" convert "$dir/big.pgn" -q -j 1 -o "$dir/j1.pgn" 2>/dev/null
row "-j 0 (all cores) against -j 1" "$m" "outputs $(cmp -s "$dir/j0.pgn" "$dir/j1.pgn" && echo identical || echo DIFFER)"
