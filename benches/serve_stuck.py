#!/usr/bin/env python3
"""Clients that never read, and headers that never end, against `scoresheet serve`.

Usage: serve_stuck.py URL FILE PID [READERS] [SLOW] [HOLD]

Opens SLOW connections (default 300) that send a request's headers one
byte a second and never finish them, and READERS connections (default
40) that each send FILE to URL/api/read and never read the answer (with
a small receive buffer, so the answer cannot hide in the kernel). For
HOLD seconds (default 45) it samples the server's resident memory and
open connections every 20 ms; then it opens READERS more never-reading
clients, waits until answers wait for them, sends SIGTERM to PID and
measures how long the process takes to end. Standard library only;
loopback addresses only. Exits non-zero when the server does not stop
within 10 s, or its peak memory is at least LIMIT_MIB (default 256).
"""

import os
import signal
import socket
import sys
import threading
import time
import urllib.parse


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            # A zombie has ended; only its parent has not collected it.
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def sockets_open(pid):
    try:
        return sum(
            1
            for fd in os.listdir(f"/proc/{pid}/fd")
            if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        )
    except OSError:
        return 0


def main():
    url, path, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
    readers = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    slow = int(sys.argv[5]) if len(sys.argv) > 5 else 300
    hold = float(sys.argv[6]) if len(sys.argv) > 6 else 45.0
    limit_mib = float(os.environ.get("LIMIT_MIB", "256"))
    parts = urllib.parse.urlsplit(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("serve_stuck.py: loopback addresses only")
    addr = (parts.hostname, parts.port)
    body = open(path, "rb").read()
    head = (
        f"POST /api/read?file=stuck.pgn HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        f"Content-Type: application/octet-stream\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()

    held = []  # every socket stays open, and unread, until the end
    lock = threading.Lock()
    sent = [0]

    def never_reads():
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.settimeout(120)
        try:
            s.connect(addr)
            with lock:
                held.append(s)
            s.sendall(head + body)
            with lock:
                sent[0] += 1
        except OSError:
            pass  # the server may drop it; the memory is what counts

    # The slow headers: one byte a second each, from one thread.
    dripping = []
    for _ in range(slow):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(addr)
        s.sendall(f"GET / HTTP/1.1\r\nHost: {parts.netloc}\r\nX-Slow: ".encode())
        s.setblocking(False)
        dripping.append(s)
    closed_after = []
    opened = time.monotonic()
    done = threading.Event()

    def drip():
        while not done.is_set() and dripping:
            for s in list(dripping):
                try:
                    s.send(b"a")
                    s.recv(4096)
                    # The server answered or closed it: headers given up.
                    closed_after.append(time.monotonic() - opened)
                    dripping.remove(s)
                    s.close()
                except BlockingIOError:
                    pass
                except OSError:
                    closed_after.append(time.monotonic() - opened)
                    dripping.remove(s)
                    s.close()
            done.wait(1.0)

    peak = [0]
    peak_sockets = [0]

    def sample():
        while not done.is_set():
            try:
                peak[0] = max(peak[0], status_kib(pid, "VmRSS"))
            except OSError:
                return
            peak_sockets[0] = max(peak_sockets[0], sockets_open(pid))
            time.sleep(0.02)

    before = status_kib(pid, "VmRSS")
    threads = [threading.Thread(target=drip), threading.Thread(target=sample)]
    threads += [threading.Thread(target=never_reads) for _ in range(readers)]
    for t in threads:
        t.start()
    marks = []
    began = time.monotonic()
    while time.monotonic() - began < hold:
        time.sleep(5)
        marks.append(
            (
                time.monotonic() - began,
                status_kib(pid, "VmRSS") / 1024,
                sockets_open(pid),
                len(dripping),
            )
        )

    # Fresh never-reading clients, then the stop signal while their
    # answers wait for them.
    late = [threading.Thread(target=never_reads) for _ in range(readers)]
    for t in late:
        t.start()
    time.sleep(5)
    late_rss = status_kib(pid, "VmRSS") / 1024
    late_sockets = sockets_open(pid)
    signalled = time.monotonic()
    os.kill(pid, signal.SIGTERM)
    stopped = None
    while time.monotonic() - signalled < 10:
        if not alive(pid):
            stopped = time.monotonic() - signalled
            break
        time.sleep(0.005)
    hwm = 0
    if stopped is None:
        try:
            hwm = status_kib(pid, "VmHWM")
        except OSError:
            pass
        os.kill(pid, signal.SIGKILL)
    done.set()
    for s in held + dripping:
        s.close()

    print(f"input: {path}, {len(body):,} bytes; {readers} never-reading clients, {slow} slow headers")
    print(f"server RSS MiB: before {before / 1024:.1f}, peak sampled {peak[0] / 1024:.1f}")
    if hwm:
        print(f"server high-water mark MiB: {hwm / 1024:.1f}")
    print(f"server sockets open, peak: {peak_sockets[0]}")
    for at, rss, socks, drips in marks:
        print(f"  at {at:5.1f} s: RSS {rss:7.1f} MiB, {socks} sockets, {drips} slow headers still open")
    if closed_after:
        closed_after.sort()
        print(
            f"slow headers dropped: {len(closed_after)} of {slow}, after {closed_after[0]:.1f}"
            f"-{closed_after[-1]:.1f} s"
        )
    else:
        print(f"slow headers dropped: 0 of {slow}")
    print(f"requests sent whole: {sent[0]} of {2 * readers}")
    print(f"before SIGTERM: {readers} fresh never-reading clients, RSS {late_rss:.1f} MiB, {late_sockets} sockets")
    if stopped is None:
        print("SIGTERM: still running after 10 s (killed)")
        sys.exit(1)
    print(f"SIGTERM: stopped in {stopped:.3f} s")
    sys.exit(1 if peak[0] / 1024 >= limit_mib else 0)


if __name__ == "__main__":
    main()
