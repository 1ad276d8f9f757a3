"""Processor seconds of a process tree, for benchmarks on a shared
machine: wall time there depends on what else runs, processor time
much less."""

import os


def tree_cpu(root=None):
    """Processor seconds (user and system) of process `root` (this one
    by default) and all its descendants, running or done: for a Spark
    driver, the JVM and its Python workers; for a finished command, its
    own time once waited for."""
    root = os.getpid() if root is None else root
    children = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = _stat(name)
            if fields:
                children.setdefault(int(fields[1]), []).append((int(name), fields))
    # utime and stime, then cutime and cstime: the waited-for children's.
    total = sum(int(x) for x in (_stat(root) or [0] * 15)[11:15])
    stack = [root]
    while stack:
        for pid, fields in children.get(stack.pop(), []):
            total += sum(int(x) for x in fields[11:15])
            stack.append(pid)
    return total / os.sysconf("SC_CLK_TCK")


def _stat(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            # The command name may hold spaces and parentheses.
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
