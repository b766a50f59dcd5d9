"""Writing results: never a half-written file, and streams stay streams."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from .errors import PuzzlebookError


def write_output(target: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``target`` all at once.

    ``-`` means standard output. A regular file (or a new one) is written to a temporary file in the same
    folder and renamed over the target, so a failure never leaves a partial file. Anything else is written
    through in place: a symlink (``/dev/stdout`` is one, even when it leads to a file), a device or a
    named pipe; renaming over it would replace the link or the device instead of writing to it.
    """
    if str(target) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    path = Path(target)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        with open(path, "wb") as stream:
            stream.write(data)
        return
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise PuzzlebookError(f"cannot write {path}: the folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise PuzzlebookError(f"cannot write {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
