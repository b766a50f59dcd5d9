"""The design's boundaries, checked: third-party libraries stay in their stage, randomness is passed in."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "puzzlebook"
MODULES = sorted(PACKAGE.rglob("*.py"))


def imports(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


ALLOWED = {
    "reportlab": lambda rel: rel.startswith("render/"),
    "yaml": lambda rel: rel in ("spec.py",),
    "typer": lambda rel: rel == "cli.py",
}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_third_party_libraries_stay_in_their_stage(path):
    rel = str(path.relative_to(PACKAGE))
    for name in imports(path):
        if name in ALLOWED:
            assert ALLOWED[name](rel), f"{rel} imports {name}"


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
    for path in (PACKAGE / "generators").glob("*.py"):
        assert not {"render", "layout", "reportlab"} & set(path.read_text().split()), path.name
    for path in (PACKAGE / "render").glob("*.py"):
        text = path.read_text()
        assert "generators" not in text and "make_puzzle" not in text, path.name


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
