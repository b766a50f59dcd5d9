"""Outputs of a planned book or a single puzzle: PDF (reportlab lives only here), text.

reportlab reads the machine as it loads: it runs ``~/.reportlab_mods`` and ``~/.reportlab_settings`` (or
modules of those names anywhere on the path, such as the folder a command runs in) as Python, and takes
settings from ``RL_*`` variables. A HOME that is a file crashed every command, and the rest could change a
book's bytes or run what a shared folder holds. So reportlab loads here first, with those modules empty
and the variables out of its sight; the book's dates are fixed where the PDF is made (pdf.py).
"""

from __future__ import annotations

import os
import sys
from types import ModuleType


def _load_reportlab_alone() -> None:
    for name in ("reportlab_mods", "reportlab_settings"):
        sys.modules.setdefault(name, ModuleType(name))
    hidden = {key: os.environ.pop(key) for key in list(os.environ) if key.startswith("RL_")}
    try:
        import reportlab.rl_config  # noqa: F401  (reads the variables once, as it loads)
    finally:
        os.environ.update(hidden)


_load_reportlab_alone()
