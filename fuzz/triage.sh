#!/usr/bin/env bash
# Groups the failing inputs that fuzz/run.sh saved for each target (or the
# ones named) by where they panic and the start of the message, with a
# count and one example input per group.
#
#   fuzz/triage.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
bin=target/x86_64-unknown-linux-gnu/release

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    for dir in artifacts/*/; do
        [[ -d $dir ]] && targets+=("$(basename "$dir")")
    done
fi

for target in "${targets[@]}"; do
    [[ -x $bin/$target ]] || continue
    shopt -s nullglob
    inputs=(artifacts/"$target"/crash-*)
    shopt -u nullglob
    [[ ${#inputs[@]} -eq 0 ]] && continue
    echo "== $target: ${#inputs[@]} failing inputs"
    for input in "${inputs[@]}"; do
        if out=$("$bin/$target" "$input" 2>&1); then
            where="passes now"
        else
            where=$(grep -m1 -oE 'panicked at [^ ]+' <<<"$out" || echo "no panic (signal or timeout)")
        fi
        # The message's first line, with quoted text and numbers blurred so
        # that one bug makes one group.
        what=$(sed -n '/panicked at/{n;p;q}' <<<"$out" | cut -c1-200 |
            sed -E 's/"([^"\\]|\\.)*"/"…"/g; s/[0-9]+/N/g' | cut -c1-90)
        printf '%s\t%s\t%s\n' "$where" "$what" "$input"
    done | sort | awk -F'\t' '
        { key = $1 "\t" $2; count[key]++; if (!(key in example)) example[key] = $3 }
        END { for (k in count) { split(k, p, "\t"); printf "%5d  %s\n       %s\n       e.g. %s\n", count[k], p[1], p[2], example[k] } }'
done
