"""The user's cache folder: what puzzlebook works out once and keeps (fonts converted to TrueType, the
facts of fonts read). Nothing here is needed: a cache that cannot be read or written is only slower,
never an error, and every name in it is a hex digest, so nothing is written outside it. Each kind's
folder is kept under ``MOST`` bytes, the files least recently used removed first: a teacher's class
lists of Chinese names each converted a font's letters again (up to 12.5 MB each), for good."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

MOST = 200 * 1024 * 1024
"""Bytes one kind's folder keeps at most (``write`` removes the least recently used files beyond)."""


def folder(kind: str) -> Path | None:
    """Where things of ``kind`` are kept: under ``$XDG_CACHE_HOME`` when it is an absolute path (as the
    XDG spec asks), else ``~/.cache``; None where there is no home to find."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    except (RuntimeError, KeyError, OSError):
        return None
    return root / "puzzlebook" / kind


def read(place: Path, limit: int) -> bytes | None:
    """A kept file: a regular file (never a link followed) of at most ``limit`` bytes; None for
    anything else."""
    try:
        fd = os.open(place, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with contextlib.suppress(OSError):  # used now: the last to go when the folder is kept small
            os.utime(file.fileno())
        return file.read(limit + 1)


def write(place: Path, data: bytes, kind: Path) -> None:
    """Keep a file in ``kind``'s folder (``folder``): written to a new file in its folder, then renamed
    into place, so no reader ever sees half of one; a folder that is a link, or a cache that cannot be
    written, is skipped."""
    try:
        place.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if place.parent.is_symlink() or place.parent.parent.is_symlink():
            return
        fd, part = tempfile.mkstemp(dir=place.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.replace(part, place)
        except BaseException:
            os.unlink(part)
            raise
        _keep_under(kind, MOST, place)
    except OSError:
        return


def _keep_under(kind: Path, most: int, new: Path) -> None:
    """Remove the kind's least recently used files (by their times of last use) until it holds at most
    ``most`` bytes, never ``new``; links and anything but regular files are left alone."""
    files = []
    for folder, _, names in os.walk(kind):  # links to folders are not followed
        for name in names:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode):
                files.append((info.st_mtime_ns, info.st_size, path))
    total = sum(size for _, size, _ in files)
    for _, size, path in sorted(files):
        if total <= most:
            return
        if path != str(new):
            with contextlib.suppress(OSError):
                os.unlink(path)
                total -= size
