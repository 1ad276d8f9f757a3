#!/usr/bin/env python3
"""Load check of `scoresheet serve`: N requests at once, each a whole file.

Usage: serve_load.py URL FILE PID [N]

Sends FILE to URL/api/read N times (default 200), all at once from N
threads, and prints how many failed, the latencies, and the peak resident
memory of the server process PID (sampled every 20 ms, and the kernel's
high-water mark). Standard library only; loopback addresses only.
"""

import json
import statistics
import sys
import threading
import time
import urllib.parse
import http.client


def rss_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    url, path, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    parts = urllib.parse.urlsplit(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("serve_load.py: loopback addresses only")
    body = open(path, "rb").read()
    games = body.count(b"[Event ")
    start_barrier = threading.Barrier(n)
    results = [None] * n

    def one(i):
        start_barrier.wait()
        started = time.monotonic()
        try:
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=300)
            conn.request(
                "POST",
                "/api/read?file=load.pgn",
                body=body,
                headers={"Content-Type": "application/octet-stream"},
            )
            response = conn.getresponse()
            data = response.read()
            conn.close()
            elapsed = time.monotonic() - started
            if response.status != 200:
                results[i] = (False, elapsed, f"status {response.status}: {data[:200]!r}")
                return
            read = json.loads(data)
            if len(read["games"]) != games:
                results[i] = (False, elapsed, f"{len(read['games'])} games, not {games}")
                return
            results[i] = (True, elapsed, len(data))
        except Exception as e:  # every failure is counted, none stops the run
            results[i] = (False, time.monotonic() - started, repr(e))

    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            try:
                peak[0] = max(peak[0], rss_kib(pid, "VmRSS"))
            except OSError:
                return
            time.sleep(0.02)

    before = rss_kib(pid, "VmRSS")
    sampler = threading.Thread(target=sample)
    sampler.start()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    wall = time.monotonic() - began
    done.set()
    sampler.join()
    hwm = rss_kib(pid, "VmHWM")
    after = rss_kib(pid, "VmRSS")

    ok = [r for r in results if r and r[0]]
    failed = [r for r in results if not r or not r[0]]
    latencies = sorted(r[1] for r in ok)
    print(f"input: {path}, {len(body):,} bytes, {games} games")
    print(f"requests: {n} at once; {len(ok)} answered in full, {len(failed)} failed")
    for r in failed[:5]:
        print(f"  failure: {r[2] if r else 'no answer'}")
    if latencies:
        p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
        print(
            "latency s: min {:.2f}, median {:.2f}, p95 {:.2f}, max {:.2f}".format(
                latencies[0], statistics.median(latencies), p95, latencies[-1]
            )
        )
        print(f"answer size: {ok[0][2]:,} bytes")
    print(f"wall s: {wall:.2f}; {n * games / wall:,.0f} games/s")
    print(
        f"server RSS MiB: before {before / 1024:.1f}, peak sampled {peak[0] / 1024:.1f}, "
        f"high-water mark {hwm / 1024:.1f}, after {after / 1024:.1f}"
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
