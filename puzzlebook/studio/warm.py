"""The studio's warm build workers (``worker.py``): one started ahead for each build slot, so a build
waits for no start-up, each used for build after build (keeping the mazes it made), and replaced when
it is stopped at a build's time limit, has built ``USES`` books, or grew past ``MOST_BYTES``.

Workers are started by one thread of their own that lives as long as the studio: a child asks to be
killed when the thread that started it ends (PR_SET_PDEATHSIG), and a request's thread ends with its
request.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

USES = 200
"""Builds a worker makes before it is replaced: a long session's memory is given back now and then."""
MOST_BYTES = 1_500_000_000
"""A worker that holds more memory than this after a build is replaced."""


class Stopped(Exception):
    """The build took longer than it may, and its worker was stopped."""


class Workers:
    """Warm workers for the builds of one folder, ``ready`` of them started ahead."""

    def __init__(self, env: dict[str, str], folder: Path, ready: int) -> None:
        self.env, self.folder, self.ready = env, folder, ready
        self.idle: list[subprocess.Popen[bytes]] = []
        self.busy: set[subprocess.Popen[bytes]] = set()
        self.uses: dict[int, int] = {}
        self.lock = threading.Lock()
        self.asks: queue.Queue[Future[subprocess.Popen[bytes]] | None] = queue.Queue()
        self.closed = False
        threading.Thread(target=self._starter, name="studio-workers", daemon=True).start()
        for _ in range(ready):
            self._start_ahead()

    def _starter(self) -> None:
        """The one thread that starts workers (see the module's note)."""
        while (asked := self.asks.get()) is not None:
            try:
                asked.set_result(
                    subprocess.Popen(
                        [sys.executable, "-m", "puzzlebook.studio.worker"],
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.DEVNULL,
                        env=self.env,
                        cwd=self.folder,
                    )
                )
            except OSError as exc:
                asked.set_exception(exc)

    def _start(self) -> subprocess.Popen[bytes]:
        asked: Future[subprocess.Popen[bytes]] = Future()
        self.asks.put(asked)
        return asked.result()

    def _start_ahead(self) -> None:
        def started() -> None:
            with contextlib.suppress(OSError):
                worker = self._start()
                with self.lock:
                    if self.closed:
                        worker.kill()
                    else:
                        self.idle.append(worker)

        threading.Thread(target=started, daemon=True).start()

    def build(self, argv: list[str], seconds: float) -> tuple[int, str]:
        """``puzzlebook build ARGV`` in a warm worker: its exit code and what it said on stderr."""
        with self.lock:
            worker = self.idle.pop(0) if self.idle else None
        if worker is None or worker.poll() is not None:
            worker = self._start()  # none ready (both slots at work, or one just replaced)
        with self.lock:
            self.busy.add(worker)
        kept = False
        try:
            answer = _ask(worker, argv, seconds)
            kept = answer is not None and self._keep(worker)
            if answer is None:
                raise Stopped
            return int(answer["code"]), str(answer["stderr"])
        finally:
            with self.lock:
                self.busy.discard(worker)
                if kept and not self.closed:
                    self.idle.append(worker)
            if not kept:
                _end(worker)
                if not self.closed:
                    self._start_ahead()

    def _keep(self, worker: subprocess.Popen[bytes]) -> bool:
        self.uses[worker.pid] = self.uses.get(worker.pid, 0) + 1
        return self.uses[worker.pid] < USES and _memory(worker.pid) < MOST_BYTES

    def close(self) -> None:
        """Every worker stopped, idle or at work: the studio is stopping."""
        with self.lock:
            self.closed = True
            workers = [*self.idle, *self.busy]
            self.idle.clear()
        self.asks.put(None)
        for worker in workers:
            with contextlib.suppress(OSError):
                worker.kill()


def _ask(worker: subprocess.Popen[bytes], argv: list[str], seconds: float) -> dict[str, Any] | None:
    """The worker's answer to one job, or None when it gave none within ``seconds`` (or died)."""
    assert worker.stdin is not None and worker.stdout is not None
    try:
        worker.stdin.write(json.dumps(argv).encode() + b"\n")
        worker.stdin.flush()
    except OSError:
        return None
    ready, _, _ = select.select([worker.stdout], [], [], seconds)
    if not ready:
        return None
    line = worker.stdout.readline()
    if not line:
        return None
    answer: dict[str, Any] = json.loads(line)
    return answer


def _end(worker: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):
        worker.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        worker.wait(timeout=5)


def _memory(pid: int) -> int:
    """A process's resident memory in bytes (0 where /proc cannot say)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0
