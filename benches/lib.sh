# Helpers sourced by the benchmark scripts (run from the repository root).

BENCH=target/bench
mkdir -p "$BENCH"

say() { printf '%s\n' "$*" >&2; }

apt_install() {
    say "installing $* (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# tcec_pgn: decompresses the TCEC corpus to $BENCH/tcec.pgn unless a copy
# with the right checksum is there, and prints that path.
tcec_pgn() {
    local zst=../shared/corpus/tcec-nocomments.pgn.zst
    local sha256=0c4883c8d0fef67828673cc9cbece0654c6258a1c7e09a50726b5376ef33fb90
    local pgn=$BENCH/tcec.pgn
    if [ ! -f "$pgn" ] || ! echo "$sha256  $pgn" | sha256sum --check --status; then
        command -v zstd >/dev/null || apt_install zstd
        [ -f "$zst" ] || { say "corpus $zst not found"; exit 2; }
        say "decompressing $zst"
        rm -f "$pgn"
        zstd -d -q "$zst" -o "$pgn"
    fi
    echo "$pgn"
}
