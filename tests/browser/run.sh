#!/usr/bin/env bash
# The proofreading page's browser test: installs what it needs (Chromium
# from the system's packages, playwright-core from npm), builds the
# release binary unless SCORESHEET names one, and drives the page. Says SKIPPED, and passes, only when no
# Chromium can be installed; any other failure fails.
set -euo pipefail
cd "$(dirname "$0")"

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ] && command -v apt-get >/dev/null; then
    apt=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            apt=(sudo)
        fi
    fi
    if [ "$(id -u)" -eq 0 ] || [ ${#apt[@]} -gt 0 ]; then
        echo "installing Chromium"
        "${apt[@]}" apt-get update -qq >/dev/null || true
        DEBIAN_FRONTEND=noninteractive "${apt[@]}" apt-get install -y -qq \
            chromium fonts-dejavu-core >/dev/null || true
    fi
fi
if [ ! -x "$chromium" ]; then
    echo "SKIPPED browser test: no Chromium at $chromium and none could be installed"
    echo "  (needs apt-get as root or with sudo; or set CHROMIUM to a Chromium binary)"
    exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "SKIPPED browser test: Node.js and npm are needed"
    exit 0
fi

npm ci --no-audit --no-fund --loglevel=error
# The release build, which CI has already made for the Python tests;
# SCORESHEET may name another binary.
if [ -z "${SCORESHEET:-}" ]; then
    (cd ../.. && cargo build --release --locked --quiet --bin scoresheet)
    SCORESHEET=../../target/release/scoresheet
fi
node proofread.mjs "$SCORESHEET"
