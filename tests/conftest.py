import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import fcntl
import hashlib
import shutil

import pytest

BROWSER = ("/usr/bin/chromium", "/usr/bin/chromedriver")
HOW = (
    "browser tests deselected: no chromium here. To run them: apt-get install chromium chromium-driver, "
    "then python -m pytest -m browser"
)
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
"""Debian's fonts-noto-cjk: CJK fonts with PostScript (CFF) outlines, as most CJK fonts are."""
HOW_CJK = (
    "CJK font tests deselected: no Noto CJK here. To run them: apt-get install fonts-noto-cjk fontconfig, "
    "then python -m pytest -m cjk"
)


SAMPLES = Path(__file__).parent.parent / "sample_configs"


@pytest.fixture(scope="session", autouse=True)
def own_caches_and_no_installed_fonts(tmp_path_factory):
    """Every test, and every command a test starts, keeps converted fonts in a cache folder of the run's
    own (never the user's), and asks fontconfig of an empty configuration, so a message that names a
    font installed here is the same on every machine; tests of fontconfig's answers say so themselves."""
    base = tmp_path_factory.getbasetemp()
    empty = base / "fonts.conf"
    empty.write_text('<?xml version="1.0"?>\n<fontconfig></fontconfig>\n')
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(base / "cache"))
        patch.setenv("FONTCONFIG_FILE", str(empty))
        yield


@pytest.fixture(scope="session")
def sample_book(tmp_path_factory, worker_id):
    """``sample_book(NAME)``: the book of ``sample_configs/NAME`` and the copy of the folder it was built
    in, built once for the whole run however many tests and workers read it (test_build and test_pdfread
    each built every sample). Kept under the spec folder's digest, so an edited sample is built again;
    tests only read what it returns."""
    from puzzlebook.build import build_book

    base = tmp_path_factory.getbasetemp()
    shared = base if worker_id == "master" else base.parent
    digest = hashlib.sha256()
    for path in sorted(SAMPLES.iterdir()):
        if path.is_file() and path.suffix != ".pdf":
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    folder = shared / f"samples-{digest.hexdigest()[:16]}"

    def book(name: str) -> tuple[Path, Path]:
        built = folder / f"{name}.built"
        with open(shared / "samples.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if not folder.exists():
                shutil.copytree(SAMPLES, folder, ignore=shutil.ignore_patterns("*.pdf"))
        # a lock a sample: a worker waits only for the book it asks for, never for another being built
        with open(shared / f"samples-{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not built.exists():
                target, _ = build_book(folder / name)
                built.write_text(str(Path(target).resolve()))
        return Path(built.read_text()), folder

    return book


SLOW_FILES = {"test_safety.py", "test_studio.py", "test_bad_inputs.py", "test_generators.py"}
"""Modules of long tests: processes started and stopped, a corpus of bad specs, statistics."""


def _have_browser() -> bool:
    return all(shutil.which(path) for path in BROWSER)


def pytest_collection_modifyitems(config, items):
    """Browser tests run where Debian's chromium and chromedriver are, CJK font tests where Debian's
    Noto CJK is; elsewhere they are deselected, never passed, and the run says so and how to run them."""
    # the longest tests first (the browser's, then those that run whole commands in processes), so
    # that no worker is left running one of them alone at the end while the others wait
    items.sort(key=lambda item: ("browser" not in item.keywords, item.path.name not in SLOW_FILES))
    config._puzzlebook_notes = []
    have_cjk = NOTO_CJK.is_file() and bool(shutil.which("fc-list"))
    for marker, present, how in (("browser", _have_browser(), HOW), ("cjk", have_cjk, HOW_CJK)):
        if present:
            continue
        dropped = [item for item in items if marker in item.keywords]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = [item for item in items if marker not in item.keywords]
            config._puzzlebook_notes.append(how)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    for note in getattr(config, "_puzzlebook_notes", []):
        terminalreporter.write_line(note, yellow=True)
