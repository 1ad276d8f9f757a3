#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each, one after
# another, and prints a table: target, executions, crashes.
#
#   fuzz/run.sh SECONDS [TARGET...]
#
# Each target starts from its seeds in fuzz/corpus/<target>/ and grows its
# own corpus in fuzz/work/<target>/ (not committed). libFuzzer runs one
# job at a time (-fork=1) and goes on after a crash, so one run finds
# every failure it can; each failing input is saved as
# fuzz/artifacts/<target>/crash-<sha1> and its panic is in
# fuzz/work/<target>.log. Reproduce one with
#   cargo fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-...
# and minimise it with
#   cargo fuzz tmin -s none TARGET fuzz/artifacts/TARGET/crash-...
#
# Builds use stable Rust: cargo-fuzz needs RUSTC_BOOTSTRAP=1 for the
# sanitizer-coverage flags. No sanitizer is used: the crate is safe Rust,
# and what is looked for is panics and broken properties.
set -euo pipefail

if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
fi
seconds=$1
shift
cd "$(dirname "$0")"

all_targets=(san iccf descriptive lexer split decode fen lang_toml convert writers document)
targets=("${@:-${all_targets[@]}}")

export RUSTC_BOOTSTRAP=1
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
command -v cargo-fuzz >/dev/null || {
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 2
}
cargo fuzz build -s none >&2
bin=target/x86_64-unknown-linux-gnu/release

rows=()
for target in "${targets[@]}"; do
    mkdir -p "work/$target" "artifacts/$target"
    log="work/$target.log"
    before=$(find "artifacts/$target" -name 'crash-*' | wc -l)
    echo "fuzzing $target for ${seconds}s" >&2
    # A target that fails keeps going: -fork=1 restarts its one job.
    "$bin/$target" \
        -artifact_prefix="artifacts/$target/" \
        -max_total_time="$seconds" \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -timeout=20 -rss_limit_mb=2048 -max_len=16384 \
        "work/$target" "corpus/$target" >"$log" 2>&1 || true
    # Fork mode's status lines: "#N: cov: … oom/timeout/crash: a/b/c …".
    status=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1 || true)
    runs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$status")
    failures=$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1 \2 \3#p' <<<"$status")
    read -r ooms timeouts crashes <<<"${failures:-0 0 0}"
    after=$(find "artifacts/$target" -name 'crash-*' | wc -l)
    # The last status line can lag the last crash: count saved inputs too.
    found=$((after - before))
    total=$((ooms + timeouts + crashes))
    rows+=("$target ${runs:-0} $((total > found ? total : found))")
done

printf '\n%-12s %12s %8s\n' target executions crashes
for row in "${rows[@]}"; do
    # shellcheck disable=SC2086
    printf '%-12s %12s %8s\n' $row
done
