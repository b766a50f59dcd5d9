"""The ``puzzlebook`` command's first moments: Ctrl-C and ``kill`` are taken over (see ``signals``) before
anything heavy loads."""

from __future__ import annotations

import os

from .signals import take_signals


def main() -> None:
    """Console entry point."""
    take_signals()
    if os.environ.get("PUZZLEBOOK_STUDIO_FOLDER"):  # a studio's build: it ends with the studio
        from .workers import die_with_parent

        die_with_parent()
    from .cli import main as run  # everything heavy loads after the signals are ours

    run()
