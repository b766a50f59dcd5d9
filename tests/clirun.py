"""Run a puzzlebook command in this process, as a terminal-less shell would: what it wrote to standard
output and error (apart, and mixed in the order written, as a person reading both would see them) and
its exit code.

    from clirun import invoke
    result = invoke(["maze", "-s", "5x5", "--seed", "1"])
    assert result.exit_code == 0 and result.stdout.startswith("+--")
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass

from puzzlebook.cli import main


@dataclass(frozen=True)
class Result:
    exit_code: int
    stdout_bytes: bytes
    stderr_bytes: bytes
    output_bytes: bytes

    @property
    def stdout(self) -> str:
        return _text(self.stdout_bytes)

    @property
    def stderr(self) -> str:
        return _text(self.stderr_bytes)

    @property
    def output(self) -> str:
        """Standard output and error together, each write where it came."""
        return _text(self.output_bytes)


class _Copied(io.BytesIO):
    """A stream's bytes, each write copied into the mixed output too."""

    def __init__(self, mixed: io.BytesIO) -> None:
        super().__init__()
        self.mixed = mixed

    def write(self, data) -> int:  # type: ignore[no-untyped-def]
        self.mixed.write(data)
        return super().write(data)


def invoke(args: list[str], terminal_width: int | None = None) -> Result:
    """``puzzlebook ARGS...``; ``terminal_width`` is the width --help wraps its lines to."""
    mixed = io.BytesIO()
    out, err = _Copied(mixed), _Copied(mixed)
    streams = sys.stdin, sys.stdout, sys.stderr
    columns = os.environ.get("COLUMNS")
    text = [
        io.TextIOWrapper(stream, encoding="utf-8", write_through=True) for stream in (io.BytesIO(), out, err)
    ]
    sys.stdin, sys.stdout, sys.stderr = text
    if terminal_width is not None:
        os.environ["COLUMNS"] = str(terminal_width)
    code = 0
    try:
        main(list(args))
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        for stream in text:  # let go of the wrappers without closing the bytes under them
            stream.flush()
            stream.detach()
        sys.stdin, sys.stdout, sys.stderr = streams
        if terminal_width is not None:
            if columns is None:
                os.environ.pop("COLUMNS", None)
            else:
                os.environ["COLUMNS"] = columns
    return Result(code, out.getvalue(), err.getvalue(), mixed.getvalue())


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace").replace("\r\n", "\n")
