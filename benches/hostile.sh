#!/usr/bin/env bash
# Hostile inputs at full size: for each, the time, the peak memory, the
# exit status and the summary line of `scoresheet convert`. Two good games
# surround each hostile one, so the summary shows whether they survived.
#
#   benches/hostile.sh            # writes inputs to target/hostile/
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SCORESHEET:-}" ] || cargo build --release -q
bin=${SCORESHEET:-target/release/scoresheet}
dir=target/hostile
mkdir -p "$dir"

python3 - "$dir" <<'PY'
import os, random, sys
d = sys.argv[1]
good1 = b'[Event "good one"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
good2 = b'[Event "good two"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
def write(name, body):
    with open(os.path.join(d, name), "wb") as f:
        f.write(good1)
        if callable(body):
            body(f)
        else:
            f.write(body)
        f.write(b"\n\n")
        f.write(good2)
random.seed(1)
write("random-50MB.bin", lambda f: [f.write(random.randbytes(1 << 20)) for _ in range(50)])
write("nul-bytes.pgn", b'[Event "nul"]\n\n1. e4\0 e5\0\0 2. Nf3 *' + b"\0" * (1 << 20))
write("invalid-utf8.pgn", b'[Event "bad bytes"]\n\n1. e4 \x80\x81\xfe\xff\xc3 e5 *' * 1000)
write("line-100MB.pgn", lambda f: (f.write(b'[Event "line"]\n\n1. e4 {'), [f.write(b"x" * (1 << 20)) for _ in range(100)]))
write("nested-100k.pgn", b'[Event "nested"]\n\n1. e4 ' + b"(1. d4 " * 100_000 + b" *")
write("open-comment-50MB.pgn", lambda f: (f.write(b'[Event "open"]\n\n1. e4 { never closed\n'), [f.write(b"more words of a comment that never ends\n" * 25_000) for _ in range(50)]))
write("numbers-10M.pgn", lambda f: (f.write(b'[Event "numbers"]\n\n'), [f.write(b"".join(b"%d. " % n for n in range(i, i + 100_000))) for i in range(1, 10_000_001, 100_000)], f.write(b"*")))
write("tag-10MB.pgn", b'[Event "' + b"a" * (10 << 20) + b'"]\n\n1. d4 d5 *')
write("plies-100k.pgn", b'[Event "long"]\n\n' + b"".join(b"%d. Nf3 Nf6 %d. Ng1 Ng8 " % (2 * n + 1, 2 * n + 2) for n in range(25_000)) + b"1/2-1/2")
write("kings-20.pgn", b'[Event "kings"]\n[FEN "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKK4/8 w - - 0 1"]\n\n1. Kb3 *')
write("tags-599k.pgn", b'[Event "tags"]\n' + b'[A ""]\n' * 599_000 + b'\n1. e4 e5 *')
# Text without tags, read as a document: one move number on every line.
with open(os.path.join(d, "one-number-4MB.pgn"), "wb") as f:
    f.write(b"1. e4 e5\n" + b"2. Qz9 xx\n" * 400_000)
with open(os.path.join(d, "two-pieces-one-letter.toml"), "w") as f:
    f.write('code = "xx"\nname = "Broken"\n[pieces]\nking = ["K"]\nqueen = ["K"]\nrook = ["R"]\nbishop = ["B"]\nknight = ["N"]\n')
PY

printf '%-28s %8s %10s %6s  %s\n' input seconds "peak KiB" exit summary
for f in "$dir"/*.bin "$dir"/*.pgn; do
    name=$(basename "$f")
    args=()
    [[ $name == invalid-utf8.pgn ]] && args=(--encoding windows-1250)
    start=$(date +%s.%N)
    set +e
    /usr/bin/time -f "%M" -o "$dir/time.txt" "$bin" convert "$f" -o /dev/null --rejects "$dir/$name.rejects" "${args[@]}" 2>"$dir/$name.err"
    status=$?
    set -e
    end=$(date +%s.%N)
    summary=$(grep -ah "games read" "$dir/$name.err" | tail -n 1 | sed "s/^scoresheet: //" || true)
    printf '%-28s %8.2f %10s %6s  %s\n' "$name" "$(echo "$end - $start" | bc)" "$(tail -n 1 "$dir/time.txt")" "$status" "$summary"
done
set +e
/usr/bin/time -f "%M" -o "$dir/time.txt" "$bin" convert --lang "$dir/two-pieces-one-letter.toml" "$dir/kings-20.pgn" -o /dev/null 2>"$dir/toml.err"
status=$?
set -e
printf '%-28s %8s %10s %6s  %s\n' two-pieces-one-letter.toml - "$(tail -n 1 "$dir/time.txt")" "$status" "$(head -n 1 "$dir/toml.err")"
