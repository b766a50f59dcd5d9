import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import shutil

BROWSER = ("/usr/bin/chromium", "/usr/bin/chromedriver")
HOW = (
    "browser tests deselected: no chromium here. To run them: apt-get install chromium chromium-driver, "
    "then python -m pytest -m browser"
)


SLOW_FILES = {"test_safety.py", "test_studio.py", "test_bad_inputs.py", "test_generators.py"}
"""Modules of long tests: processes started and stopped, a corpus of bad specs, statistics."""


def _have_browser() -> bool:
    return all(shutil.which(path) for path in BROWSER)


def pytest_collection_modifyitems(config, items):
    """Browser tests run where Debian's chromium and chromedriver are; elsewhere they are deselected,
    never passed, and the run says so and how to run them."""
    # the longest tests first (the browser's, then those that run whole commands in processes), so
    # that no worker is left running one of them alone at the end while the others wait
    items.sort(key=lambda item: ("browser" not in item.keywords, item.path.name not in SLOW_FILES))
    if _have_browser():
        return
    chosen = [item for item in items if "browser" not in item.keywords]
    dropped = [item for item in items if "browser" in item.keywords]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = chosen
        config._puzzlebook_browser_note = HOW


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    note = getattr(config, "_puzzlebook_browser_note", None)
    if note:
        terminalreporter.write_line(note, yellow=True)
