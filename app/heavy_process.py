"""What a heavy-work pool process (app/heavy.py) does first, before it imports anything of the service: kept apart
from app.heavy, whose imports would make this process's metrics before it could leave the workers' directory."""

import os
import signal
import threading
from time import sleep

PARENT_CHECK_SECONDS = 1.0
HEAVY_NICENESS = 10  # a pool process's nice value above its worker's: when the CPUs are short, the event loop runs


def start_pool_process() -> None:
    """A pool process keeps its metrics to itself (its counts go back to its worker with each answer, so it writes no
    file beside the workers' in PROMETHEUS_MULTIPROC_DIR), leaves signals to its worker (Ctrl-C reaches the whole
    process group; SIGTERM is the worker's to drain), gives way to it for the CPU (the event loop answers first), and
    ends with it, however the worker ended."""
    os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.nice(HEAVY_NICENESS)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True, name="end-with-worker").start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        sleep(PARENT_CHECK_SECONDS)
    os._exit(0)
