"""The ``puzzlebook`` command's first moments: Ctrl-C and ``kill`` are taken over (see ``signals``) before
anything heavy loads."""

from __future__ import annotations

from .signals import take_signals


def main() -> None:
    """Console entry point."""
    take_signals()
    from .cli import main as run  # everything heavy loads after the signals are ours

    run()
