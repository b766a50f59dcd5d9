"""What a path is, in plain words, and where a spec's files may lie: the rules reading (``inputs``) and
writing (``output``) share, so a file a spec may not read is one it may not write either."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

PSEUDO = ("/proc", "/sys", "/dev")
"""Folders of files that are not files: never read, whatever they claim to be."""

HIDDEN = (
    "is a hidden file or in a hidden folder (its name starts with a dot), where settings and passwords "
    "are kept"
)
"""Why a spec neither reads nor writes a hidden file: a shared spec saved in a home folder could print
.git-credentials as a class list, or write its book over .git/config."""


def hidden(parts: Iterable[str]) -> bool:
    """Whether a path below a spec's folder (its parts) is a hidden file or passes through a hidden folder."""
    return any(part.startswith(".") and part not in (".", "..") for part in parts)


def below(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> Path | None:
    """Where ``path`` really is below ``folder`` (links followed, ``..`` settled, both sides by their real
    paths), or None when it is not in it."""
    real, base = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    return real.relative_to(base) if real.is_relative_to(base) else None


def what_it_is(info: os.stat_result, real: str) -> str | None:
    """What a path that is not a regular file is, as a parent would say it ("a named pipe"), or None for
    a regular file; ``real`` is its real path (a file under /proc is the kernel's, not a file)."""
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a Unix socket (where a program takes connections)"
    if stat.S_ISBLK(mode):
        return "a disk"
    if stat.S_ISCHR(mode):
        return "a terminal" if _terminal(info.st_rdev) else "a device"
    if not stat.S_ISREG(mode):
        return "not a file"
    for folder in PSEUDO:
        if real == folder or real.startswith(folder + "/"):
            return f"a system entry under {folder}"
    return None


def _terminal(device: int) -> bool:
    """Linux's terminals by device number: consoles and serial lines (4), /dev/tty (5, 0) and the
    terminals of windows and logins (136-143); elsewhere a terminal is called a device."""
    major, minor = os.major(device), os.minor(device)
    return sys.platform == "linux" and (major == 4 or (major, minor) == (5, 0) or 136 <= major <= 143)


def other_kind(path: str, made: str, kind: str, ending: str) -> str:
    """What a file already at ``path`` of another kind than ``made`` (a book, a maze) is told: it is
    never replaced (``build -o Makefile``, ``maze -o notes``), and the name with its ending is offered."""
    name = Path(path)
    fixed = f"{name.stem if name.suffix else name.name}{ending}"
    return f"is a file already, and not {kind}: the {made} would replace it; name the {made} {fixed}, or remove {name.name} first"
