#!/usr/bin/env python3
"""Archives as they are found, at full size: line ends, games run together,
cut and compressed files, endless prose, huge tags, legacy encodings.

For each input: seconds, peak memory (/usr/bin/time -f %M), exit status,
the summary's counts, whether games read = converted + rejected, whether
the games written are the ones expected, and whether the rejects file is
byte for byte what was expected to be rejected.

    cargo build --release && python3 benches/archives.py [BINARY]

Inputs are written to target/archives/ (about 300 MB).
"""

import gzip
import os
import re
import subprocess
import sys
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/scoresheet"
DIR = "target/archives"
os.makedirs(DIR, exist_ok=True)

GOOD = b'[Event "good"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
BAD = b'[Event "bad"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
TAGLESS = b"1. d4 d5 2. c4 e6 *\n"


def case(name, data, expect_written, expect_rejects=None, args=(), status=(0, 1), expect_text=None, stops=False):
    """Runs convert on `data`; returns a table row. `stops`: the run is to
    stop at the input and write no file."""
    path = os.path.join(DIR, name)
    with open(path, "wb") as f:
        f.write(data)
    out = path + ".out"
    rejects = path + ".rejects"
    for p in (out, rejects):
        if os.path.exists(p):
            os.remove(p)
    start = time.time()
    run = subprocess.run(
        ["/usr/bin/time", "-f", "%M", BIN, "convert", path, "-o", out, "--rejects", rejects, *args],
        capture_output=True,
    )
    seconds = time.time() - start
    err = run.stderr.decode("utf-8", "replace")
    peak = int(err.strip().splitlines()[-1]) / 1024
    m = re.search(r"(\d+) games read: (\d+) converted, (\d+) rejected", err)
    read, converted, rejected = map(int, m.groups()) if m else (-1, -1, -1)
    output = open(out, "rb").read() if os.path.exists(out) else b""
    written = output.count(b"[Event ")
    got_rejects = open(rejects, "rb").read() if os.path.exists(rejects) else b""
    checks = []
    if stops:
        left = not os.path.exists(out) and not os.path.exists(rejects)
        checks.append("no file written" if left and "left as they were" in err else "FILES WRITTEN")
        checks.append("exit ok" if run.returncode in status else f"EXIT {run.returncode}")
        stop = [l for l in err.splitlines() if l.startswith("scoresheet: ")][:1]
        summary = stop[0][len("scoresheet: "):] if stop else "no message"
        print(f"| {name} | {len(data) / 1024:.1f} KiB | {seconds:.2f} | {peak:.1f} MiB | {run.returncode} | {summary} | {', '.join(checks)} |", flush=True)
        return
    checks.append("in=out+rej" if read == converted + rejected else "COUNTS DIFFER")
    if expect_written is not None:
        checks.append("written ok" if written == expect_written else f"WRITTEN {written} != {expect_written}")
    else:
        checks.append("written = converted" if written == converted else "WRITTEN != CONVERTED")
    if expect_text is not None:
        checks.append("names ok" if expect_text.encode() in output else "NAMES WRONG")
    if expect_rejects is not None:
        checks.append("rejects exact" if got_rejects == expect_rejects else "REJECTS DIFFER")
    checks.append("exit ok" if run.returncode in status else f"EXIT {run.returncode}")
    summary = f"{read} read: {converted} converted, {rejected} rejected"
    size = len(data)
    size = f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size / 1024:.1f} KiB"
    print(
        f"| {name} | {size} | {seconds:.2f} | {peak:.1f} MiB | {run.returncode} | {summary} | {', '.join(checks)} |",
        flush=True,
    )


print("| input | size | seconds | peak memory | exit | summary | checks |")
print("|---|---:|---:|---:|---:|---|---|")

games = GOOD * 15 + BAD + GOOD * 14
for end, label in ((b"\n", "lf"), (b"\r\n", "crlf"), (b"\r", "cr")):
    data = games.replace(b"\n", end)
    case(f"line-ends-{label}-30.pgn", data, 29, BAD.replace(b"\n", end))

together = (GOOD.rstrip(b"\n") + b"\n" + TAGLESS) * 5000
case("run-together-10000.pgn", together, 10000)

cut = GOOD * 1000 + GOOD[:60]
case("cut-mid-game.pgn", cut, 1000, GOOD[:60] + b"\n\n")

packed = gzip.compress(GOOD * 200_000, 1)
case("cut.pgn.gz", packed[: len(packed) * 2 // 3], None, status=(2,), stops=True)

prose = b"Not a move in sight, only words about the weather and the hall.\n\n"
paragraphs = b"1. e4 e5 2. Nf3 Nc6\n\n" + prose * (128 * 2**20 // len(prose))
case("paragraphs-128MB.txt", paragraphs, 1, paragraphs[len(b"1. e4 e5 2. Nf3 Nc6\n\n"):])

tags = b'[Event "tags"]\n' + b"".join(b'[T%d "v"]\n' % i for i in range(100_000)) + b"\n1. e4 e5 *\n\n"
case("tags-100k.pgn", GOOD + tags + GOOD, 3)

big_tag = b'[Event "big"]\n[Annotator "' + b"a" * (10 << 20) + b'"]\n[Result "*"]\n\n1. d4 d5 *\n\n'
case("tag-10MB.pgn", GOOD + big_tag + GOOD, 2, big_tag)

note = b'[Event "note"]\n[Result "*"]\n\n1. e4 {a note\n\n[Note "x"] more} e5 *\n\n'
case("comment-tag-line.pgn", GOOD + note + GOOD, 3)

hu_good = '[Event "jó"]\n[White "Szűcs, Győző"]\n[Result "1-0"]\n\n1. e4 e5 2. Vh5 Hc6 3. Fc4 Hf6 4. Vxf7# 1-0\n\n'
hu_bad = '[Event "rossz"]\n[White "Świerż, Michał"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
for enc, label, args in (
    ("iso-8859-2", "latin2", ("--encoding", "iso-8859-2")),
    ("cp852", "cp852", ("--encoding", "cp852")),
    ("windows-1250", "windows-1250-detected", ()),
    ("utf-16-le", "utf16le-no-bom", ()),
):
    good = hu_good.encode(enc)
    bad = hu_bad.encode(enc)
    case(f"{label}.pgn", good * 100 + bad + good * 100, 200, bad, args, expect_text="Szűcs, Győző")
invalid = BAD.replace(b"bad", b"b\x80\xc0\xafd")
case("invalid-utf8.pgn", GOOD * 100 + invalid + GOOD * 100, 200, invalid)
