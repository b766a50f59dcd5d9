"""The design's boundaries, checked: third-party libraries stay in their stage, randomness is passed in."""

import ast
import tempfile
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "puzzlebook"
MODULES = sorted(PACKAGE.rglob("*.py"))


def module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


NAMES = {module_name(path): path for path in MODULES}


def imports(path):
    """(module, line) of every import in ``path``, wherever it stands (a function's lazy import too),
    relative ones resolved: ``from ..render.pdf import x`` is puzzlebook.render.pdf, and
    ``from . import shapes`` is the module puzzlebook.shapes when there is one."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(
                    [*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])]
                )
            else:
                base = node.module or ""
            for alias in node.names:
                inner = f"{base}.{alias.name}"
                yield (inner if inner in NAMES else base), node.lineno


def own_imports(path):
    """The puzzlebook modules ``path`` imports, itself left out."""
    return {name for name, _ in imports(path) if name in NAMES and name != module_name(path)}


def test_imports_are_resolved_relative_ones_included():
    """The checks below see through relative imports: a test that could not fail would prove nothing."""
    assert "puzzlebook.render.pdf" in own_imports(PACKAGE / "build.py")
    assert "puzzlebook.typeset" in own_imports(PACKAGE / "render" / "pdf.py")
    assert "puzzlebook.generators" in own_imports(PACKAGE / "puzzles.py")


def test_no_import_cycles():
    """The pipeline runs one way: no module imports, even lazily, one that imports it back."""
    graph = {name: own_imports(path) for name, path in NAMES.items()}
    cycles = []
    done: set[str] = set()

    def visit(name, trail):
        if name in trail:
            cycles.append(" -> ".join([*trail[trail.index(name) :], name]))
            return
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


ALLOWED = {
    "reportlab": lambda rel: rel.startswith("render/"),
    "yaml": lambda rel: rel in ("yamlread.py", "studio/edits.py"),  # reading YAML, and editing its text
    "argparse": lambda rel: rel == "cli/reading.py",  # the command line is read in one place
}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_third_party_libraries_stay_in_their_stage(path):
    rel = str(path.relative_to(PACKAGE))
    for name, line in imports(path):
        top = name.split(".")[0]
        if top in ALLOWED:
            assert ALLOWED[top](rel), f"{rel}:{line} imports {name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_level_random_state(path):
    """Only rng.py makes generators; nobody calls random.random(), random.seed() and friends."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            assert node.attr == "Random", f"{path.name} uses random.{node.attr}"
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            pytest.fail(f"{path.name} imports from random")


def test_generators_do_not_draw_and_renderers_do_not_generate():
    stages = ("puzzlebook.render", "puzzlebook.layout", "reportlab")
    for path in (PACKAGE / "generators").glob("*.py"):
        for name, line in imports(path):
            assert not name.startswith(stages), f"{path.name}:{line} imports {name}"
    for path in (PACKAGE / "render").glob("*.py"):
        for name, line in imports(path):
            assert not name.startswith(("puzzlebook.generators", "puzzlebook.workers")), (
                f"render/{path.name}:{line} imports {name}"
            )
        for node in ast.walk(ast.parse(path.read_text())):  # a puzzle's type, to read it; never the maker
            if isinstance(node, ast.ImportFrom) and node.module == "puzzles":
                assert {alias.name for alias in node.names} <= {"Puzzle"}, f"render/{path.name}:{node.lineno}"


def test_every_package_folder_is_installed():
    """pyproject.toml lists the packages by name: a new folder left off works in a checkout (and in an
    editable install) and is missing from the wheel users get."""
    import tomllib

    listed = set(
        tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    folders = {
        ".".join(("puzzlebook", *init.parent.relative_to(PACKAGE).parts))
        for init in PACKAGE.rglob("__init__.py")
    }
    assert folders <= listed, f"not in pyproject.toml's packages: {sorted(folders - listed)}"


DATA = {"drawings.py"}  # the start and end pictures' drawings: data, not rooms of code


def test_no_module_holds_many_jobs():
    """A room a newcomer can read: no module of code over about 500 lines (issue 27's measure)."""
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in MODULES
        if (lines := len(path.read_text().splitlines())) > 500 and str(path.relative_to(PACKAGE)) not in DATA
    }
    assert not long, f"modules over 500 lines: {long}"


def _loaded_after(code: str) -> set[str]:
    """The modules a fresh Python holds after running ``code`` with this checkout first on the path."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    shown = "import sys; print('\\n'.join(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\n{shown}"], env=env, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


HEAVY = ("reportlab", "pydantic", "PIL", "puzzlebook.generators", "puzzlebook.layout", "puzzlebook.render")
"""What a command loads only when it needs it: the PDF library, the spec's models, the mazes, the pages."""


def test_help_loads_no_library_it_does_not_need():
    """`puzzlebook --help` and `--version` start in a blink: the command line's modules import the
    generators, the spec, the layout and the renderers inside the commands that use them."""
    for code in (
        "import puzzlebook.cli",
        "import sys\nsys.argv = ['puzzlebook', '--help']\nfrom puzzlebook.cli import main\ntry: main()\n"
        "except SystemExit: pass",
        "import sys\nsys.argv = ['puzzlebook', '--version']\nfrom puzzlebook.cli import main\ntry: main()\n"
        "except SystemExit: pass",
    ):
        loaded = _loaded_after(code)
        assert "puzzlebook.cli.mazes" in loaded  # the check reads what was really imported
        heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY))
        assert not heavy, f"{code!r} loads {heavy[:5]}"
        assert not {"typer", "click"} & loaded  # the command line is read by argparse alone


def test_a_maze_drawn_as_a_pdf_loads_none_of_the_specs_models(tmp_path: Path) -> None:
    """`puzzlebook maze -f pdf` plans one page and draws it: it takes the maze as a ``MazeRequest``
    (``spec.request``) and loads none of the spec's models, checks or loading (a tenth of its time)."""
    out = tmp_path / "maze.pdf"
    loaded = _loaded_after(
        "import sys\nsys.argv = ['puzzlebook', 'maze', '-s', '12x12', '-f', 'pdf', '-o', "
        f"{str(out)!r}]\nfrom puzzlebook.cli import main\ntry: main()\nexcept SystemExit: pass"
    )
    assert out.read_bytes().startswith(b"%PDF")  # the maze was drawn
    assert {"puzzlebook.layout.single", "puzzlebook.spec.request"} <= loaded
    spec = sorted(m for m in loaded if m.startswith("puzzlebook.spec.") and m != "puzzlebook.spec.request")
    assert not spec, spec


def test_validate_loads_neither_the_workers_nor_the_cover_maker():
    """`validate` checks the spec, plans its pages and measures its words: a book without a cover loads
    no cover drawing, no worker pool, and no maze is made; its words are measured from the fonts' kept
    facts (``fontfacts``), so no renderer and no font library loads either."""
    spec = PACKAGE.parent / "sample_configs" / "kids-activity-book.yaml"
    loaded = _loaded_after(f"from puzzlebook.build import check_book\ncheck_book({str(spec)!r})")
    assert "puzzlebook.layout" in loaded and "puzzlebook.textfit" in loaded  # it did plan and measure
    unneeded = {"puzzlebook.workers", "puzzlebook.cover.make", "puzzlebook.render.cover", "multiprocessing"}
    unneeded |= {"puzzlebook.render", "reportlab", "fontTools"}
    assert not loaded & unneeded, sorted(loaded & unneeded)


def test_a_books_workers_start_before_reportlab_draws_anything(tmp_path):
    """A book's mazes start on the other cores before the main process loads any of reportlab (its
    document and canvas take 40 ms it spends while they work; its package and settings, Pillow with
    them, 13 ms more): the workers make the mazes and write their walls with none of it."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmarks: suggested\nanswer_key: true\nmazes:\n  - {size: 10x10, count: 6}\n")
    code = (
        "from puzzlebook import build, workers\nworkers.START = 0\n"
        f"checked = build.check_book({str(spec)!r}, output_given=True)\n"
        "_, coming = build.generate(checked, ahead=True)\nassert coming.makers._pool is not None\n"
        "import sys\nbefore = {m for m in sys.modules if m.startswith(('reportlab', 'PIL', 'puzzlebook.render'))}\n"
        "coming[1]\n"
        "coming.close()\nassert not before, sorted(before)"
    )
    loaded = _loaded_after(code)
    assert "puzzlebook.workers" in loaded and "puzzlebook.drawn" in loaded


def test_a_book_without_a_cover_loads_no_cover_drawing():
    """A book without a cover is built without loading the cover's planning and drawing (reportlab's
    paragraphs among them): start-up a big book's build would pay for nothing."""
    spec = PACKAGE.parent / "sample_configs" / "kids-activity-book.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "book.pdf"
        loaded = _loaded_after(
            f"from puzzlebook.build import build_book\nbuild_book({str(spec)!r}, {str(out)!r})"
        )
        assert out.stat().st_size > 10_000  # the book was built
    assert "puzzlebook.render.pdf" in loaded
    assert not loaded & {"puzzlebook.cover.make", "puzzlebook.render.cover"}
