"""Outputs of a planned book or a single puzzle: PDF (reportlab lives only here), text.

reportlab reads the machine as it loads: it runs ``~/.reportlab_mods`` and ``~/.reportlab_settings`` (or
modules of those names anywhere on the path, such as the folder a command runs in) as Python, and takes
settings from ``RL_*`` variables. A HOME that is a file crashed every command, and the rest could change a
book's bytes or run what a shared folder holds. So reportlab loads here first, with those modules empty
and the variables out of its sight; the book's dates are fixed where the PDF is made (pdf.py).

reportlab also imports Pillow's ``Image`` (for bitmaps) and HarfBuzz (for shaping) as it loads, 50 ms of
CPU where most books draw no bitmap and shape no letter: each is a ``_StandIn`` until first used.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

LOADED_ON_FIRST_USE = ("PIL.Image", "uharfbuzz")
"""Modules reportlab imports as it loads that most books never use."""


class _StandIn(ModuleType):
    """A module an import finds but that loads only when one of its names is first read; every name is
    then read from the module itself (PEP 562's ``__getattr__``), which takes the stand-in's place where
    an import looks for it. An import of the stand-in checks nothing else (its ``__spec__`` is None)."""

    def __init__(self, spec: ModuleSpec) -> None:
        super().__init__(spec.name)
        self.__spec = spec
        self.__module: ModuleType | None = None
        self.__lock = threading.RLock()  # one load; the module may read its own names as it loads

    def __getattr__(self, name: str) -> Any:
        with self.__lock:
            if self.__module is None:
                self.__module = _placed(importlib.util.module_from_spec(self.__spec))
                try:
                    assert self.__spec.loader is not None  # ``find_spec`` found one
                    self.__spec.loader.exec_module(self.__module)
                except BaseException:
                    self.__module = None
                    _placed(self)
                    raise
        return getattr(self.__module, name)


def _placed(module: ModuleType) -> ModuleType:
    """``module`` where an import finds it: in ``sys.modules``, and as its package's attribute."""
    sys.modules[module.__name__] = module
    parent, _, child = module.__name__.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    return module


def _on_first_use(name: str) -> None:
    """A ``_StandIn`` for module ``name`` where an import finds it; nothing if it is loaded already or not
    installed (reportlab does without it)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)  # imports the parent package, PIL, which is small
    if spec is not None and spec.loader is not None:
        _placed(_StandIn(spec))


def _load_reportlab_alone() -> None:
    for name in ("reportlab_mods", "reportlab_settings"):
        sys.modules.setdefault(name, ModuleType(name))
    for name in LOADED_ON_FIRST_USE:
        _on_first_use(name)
    hidden = {key: os.environ.pop(key) for key in list(os.environ) if key.startswith("RL_")}
    try:
        import reportlab.rl_config  # noqa: F401  (reads the variables once, as it loads)
    finally:
        os.environ.update(hidden)


_load_reportlab_alone()
