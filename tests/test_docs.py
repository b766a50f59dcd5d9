"""The documentation's examples work as written: a reader copies them, so every spec and layout shown in
the README and the docs site is checked as puzzlebook would check it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlebook.build import check_book

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)


def blocks(kind: str) -> list[tuple[str, str]]:
    """(page and number, text) of every YAML example of ``kind``: a whole spec, or a layout file."""
    found = []
    for page in PAGES:
        for number, text in enumerate(BLOCK.findall(page.read_text(encoding="utf-8")), 1):
            spec = re.search(r"^title:", text, re.M) and re.search(r"^mazes:", text, re.M)
            layout = re.search(r"^base:", text, re.M)
            if (kind == "spec" and spec) or (kind == "layout" and layout):
                found.append((f"{page.relative_to(ROOT)}#{number}", text))
    return found


def test_the_docs_show_specs_and_layouts():
    assert len(blocks("spec")) >= 2 and len(blocks("layout")) >= 2


@pytest.mark.parametrize(("where", "text"), blocks("spec"), ids=[w for w, _ in blocks("spec")])
def test_every_spec_shown_is_valid(tmp_path, where, text):
    for name in re.findall(r"^students: (\S+\.txt)", text, re.M):
        (tmp_path / name).write_text("Ana\nBen\n", encoding="utf-8")
    spec = tmp_path / "book.yaml"
    spec.write_text(text, encoding="utf-8")
    assert check_book(spec).mazes, where


@pytest.mark.parametrize(("where", "text"), blocks("layout"), ids=[w for w, _ in blocks("layout")])
def test_every_layout_shown_is_valid(tmp_path, where, text):
    (tmp_path / "mine.yaml").write_text(text, encoding="utf-8")
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nlayout: mine.yaml\nmarks: suggested\nmazes:\n  - {size: 8x8}\n", encoding="utf-8"
    )
    assert check_book(spec).mazes, where


@pytest.mark.parametrize(
    "page", [ROOT / "README.md", ROOT / "docs" / "getting-started.md"], ids=lambda p: p.name
)
def test_the_ten_line_books_summary_is_what_validate_says(tmp_path, page):
    """The ten-line book's `validate` comment quotes its summary: a reader compares it with their own.
    It said 10 pages where validate says 11."""
    from puzzlebook.report import summary

    text = page.read_text(encoding="utf-8")
    spec = tmp_path / "book.yaml"
    spec.write_text(BLOCK.findall(text)[0], encoding="utf-8")
    quoted = re.search(r'validate book\.yaml .*"(.*) \(\.\.\.\)"', text)
    assert quoted is not None
    assert summary(check_book(spec)).startswith(quoted[1] + " ("), summary(check_book(spec))


def test_the_tables_the_docs_keep_are_what_the_code_makes():
    """The reference's and the algorithms' tables were made only when the site was built, so the pages
    read in the repository had empty sections (a newcomer's trial). They are kept in the pages now, and
    must be what the code makes: `python docs/hooks/generated.py` writes them again after a change."""
    hook = _hook()
    stale = [page.name for page, text in hook.pages().items() if page.read_text(encoding="utf-8") != text]
    assert not stale, f"run `python docs/hooks/generated.py`: {', '.join(stale)} keep old tables"
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    assert "| `seed` |" in reference and "| `algorithm` |" in reference and "| `page_size` |" in reference
    assert reference.count("| key | takes | meaning | default |") == 4
    assert hook.made(reference, site=True) == reference  # the site builds from them, made afresh
    site = hook.made("# What changed\n\n<!-- changelog -->\n", site=True)
    assert "## Unreleased" in site and "<!--" not in site


def _hook():
    import importlib.util

    found = importlib.util.spec_from_file_location("generated", ROOT / "docs" / "hooks" / "generated.py")
    assert found is not None and found.loader is not None
    hook = importlib.util.module_from_spec(found)
    found.loader.exec_module(hook)
    return hook


def test_every_key_in_the_reference_says_its_default():
    """The reference tables are made from the models at build time: a section made by a factory
    (``margins``, ``answer_key``) showed no default at all, as if it had none."""
    hook = _hook()
    rows = {}
    for table in (hook.spec_keys(), hook.maze_keys(), hook.cover_keys(), hook.layout_keys()):
        for line in table.splitlines()[2:]:
            key, _, _, default = (cell.strip() for cell in line.strip("|").split(" | "))
            assert default, line
            rows[key] = default
    assert rows["`margins`"] == "`top` 0.5in, `bottom` 0.5in, `inside` 0.625in, `outside` 0.5in"
    assert rows["`options`"] == "not set"
