"""A studio server for a test: started on a free port in a thread, stopped when the test is done."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from puzzlebook.studio import serve
from puzzlebook.studio.server import StudioServer


@contextmanager
def running(folder: Path) -> Iterator[StudioServer]:
    server = serve(folder, 0)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)  # quick to stop
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
