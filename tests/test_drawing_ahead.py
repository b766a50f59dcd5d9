"""A book's pages drawn as the cores make its mazes, with walls written where the mazes are made: the
same file as a book drawn once every maze is made, here."""

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest
from pdfcheck import page_texts
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFFormXObject,
    PDFName,
    PDFStream,
    pdfdocEnc,
)
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from puzzlebook import build, puzzles, workers
from puzzlebook.coming import Coming
from puzzlebook.coming import _as_sent as coming_sent
from puzzlebook.drawn import (
    FORM_PREAMBLE,
    form_object,
    form_stream,
    line_path,
    solution_path,
    wall_path,
    walls_ahead,
)
from puzzlebook.errors import GenerationError, PuzzlebookError
from puzzlebook.layout import MazeFrame, Text, drawing_order
from puzzlebook.madefrom import made_from
from puzzlebook.render.pdfformat import encoded
from puzzlebook.render.pdfstream import _compress_now

BOOK = """\
title: Ahead
seed: 31
marks: suggested
answer_key: {key}
mazes:
  - {{size: 9x7, algorithm: wilson, count: 9}}
  - {{size: 8x8, algorithm: kruskal, count: 5, grid: hex}}
  - {{size: 5, algorithm: prim, count: 4, grid: circle}}
  - {{size: 6x9, algorithm: recursive-backtracker, count: 6, marks: none}}
"""


@pytest.fixture
def two_cores(monkeypatch):
    """Spread even tiny books over two processes, so the tests see the pool at work."""
    monkeypatch.setattr(workers, "START", 0)
    monkeypatch.setattr(workers, "BATCH", 0)
    monkeypatch.setattr(workers, "cores", lambda: 2)


def _puzzles():
    """Mazes of squares, hexagons and circles with their ends, and one whose reader picks them."""
    yield puzzles.make_puzzle("recursive-backtracker", 30, 30, 4711, marks="suggested")
    yield puzzles.make_puzzle("wilson", 9, 7, 3, marks="suggested", grid="hex")
    yield puzzles.make_puzzle("prim", 5, 5, 8, marks="suggested", grid="circle")
    yield puzzles.make_puzzle("kruskal", 12, 5, 2)


def _build(spec, out, ahead, progress=None, pages=None):
    checked = build.check_book(spec, output_given=True)
    places = build.targets(checked, out)
    checked, made = build.generate(checked, progress, ahead=ahead)
    build.write_books(checked, places, made, pages, made=lambda: made_from(checked.inputs, None))
    return made


@pytest.mark.parametrize("key", ["true", "separate", "false"])
def test_a_book_drawn_as_its_mazes_come_is_the_file_drawn_after_them(tmp_path, two_cores, key, monkeypatch):
    """Squares, hexagons and circles, answers in the book, apart or none: walls forms and answer
    lines written in the workers make the same bytes as the canvas makes them here."""
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(key=key))
    tasks = []

    class Counting(workers.ProcessPoolExecutor):
        def submit(self, fn, *args, **options):
            if fn is workers._chunk:
                task, jobs = args
                assert task.args == (coming_sent,)  # each maze made with its walls and line
                tasks.append([uses for _, _, uses in jobs])
            return super().submit(fn, *args, **options)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Counting)
    coming = _build(spec, tmp_path / "ahead.pdf", True)
    uses = [one for chunk in tasks for one in chunk]
    assert len(uses) == 9 + 5 + 4 + 6  # every maze, once, in the pool
    answered = 0 if key == "false" else 9 + 5 + 4  # the mazes without marks have no answer
    assert sum(line for _, line in uses) == answered  # every answer's line written there
    assert isinstance(coming, Coming) and not coming.makers._pool  # and the pool stopped
    # every wall and answer written was placed, and let go
    assert all(coming.form(number) is None and coming.line(number) is None for number in range(1, 25))
    plain = _build(spec, tmp_path / "after.pdf", False)
    assert not isinstance(plain, Coming)
    names = ["ahead.pdf", "after.pdf"] + (
        ["ahead-answers.pdf", "after-answers.pdf"] if key == "separate" else []
    )
    files = [(tmp_path / name).read_bytes() for name in names]
    assert files[0] == files[1] and files[2:3] == files[3:4]


def test_pages_are_drawn_while_the_cores_make_the_later_mazes(tmp_path, two_cores):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(key="true"))
    told = []
    _build(spec, tmp_path / "b.pdf", True, lambda n: told.append("maze"), lambda n: told.append("page"))
    mazes = 9 + 5 + 4 + 6
    assert told.count("maze") == mazes  # the progress bar hears of every maze and every page, as before
    assert told.index("page") < len(told) - told[::-1].index("maze") - 1  # a page before the last maze
    assert told[: told.index("page")].count("maze") <= 4  # the first page waited for its own mazes only


def test_a_maze_that_fails_in_a_worker_while_pages_are_drawn_is_named_and_nothing_is_written(
    tmp_path, two_cores, monkeypatch
):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(key="true"))
    checked = build.check_book(spec, output_given=True)
    doomed = checked.mazes[11]  # the third hexagon maze
    real = puzzles.Recipe.make

    def make(recipe, seed):
        if seed == doomed.seed:
            raise GenerationError("no room for its ends")
        return real(recipe, seed)

    monkeypatch.setattr(puzzles.Recipe, "make", make)  # the workers are forked after this
    with pytest.raises(PuzzlebookError) as failed:
        _build(spec, tmp_path / "b.pdf", True)
    assert str(failed.value) == f"{doomed.where}: no room for its ends"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


def test_an_answer_line_is_written_as_reportlabs_path_writes_it():
    rng = random.Random(5)
    for _ in range(300):
        lines = [
            [
                (rng.choice([rng.randint(0, 40) + 0.5, rng.uniform(-3, 90)]), rng.uniform(-1e-4, 60))
                for _ in range(rng.randint(1, 40))
            ]
            for _ in range(rng.choice([1, 1, 2, 3]))  # a weave maze's answer is broken under its bridges
        ]
        path = PDFPathObject()
        for line in lines:
            path.moveTo(*(round(v, 3) for v in line[0]))
            for point in line[1:]:
                path.lineTo(*(round(v, 3) for v in point))
        assert line_path(*lines) == path.getCode()


def test_a_walls_form_is_formatted_as_reportlab_formats_it():
    """The form object a worker writes is byte for byte reportlab's, for boxes of whole cells and of
    fractions (hexagons, circles), and its drawing is encoded and compressed as reportlab does it, for
    the walls of squares, hexagons and circles."""
    document = Canvas(None)._doc
    rng = random.Random(7)
    boxes = [(-1, -1, 31, 31), (-1, -1, 1, 1), (-1, -1, 21.5, 17.3205080757), (-1, -1, 1e-3 + 40, 120.25)]
    boxes += [
        (-1, -1, rng.randint(2, 400) + rng.choice([0, rng.random()]), rng.uniform(2, 400)) for _ in range(50)
    ]
    for box in boxes:
        stream = form_stream("n\n0 0 m 3 0 l\nS " + " ".join(str(v) for v in box))
        form = PDFFormXObject(*box)
        form.Resources = PDFDictionary({})
        form.Contents = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName("FlateDecode")])}), stream)
        assert form_object(box, stream) == form.format(document)
    walls = [wall_path(made) for made in _puzzles()]
    for path in ["n\n0 0 m 3 0 l\nS", *walls]:
        for preamble in (FORM_PREAMBLE, ""):
            page = SimpleNamespace(stream=preamble + "\n" + path)  # drawn in the book's process
            _compress_now(page)
            assert form_stream(path, preamble) == page.Contents.content
    for text in (
        "n\n0 0 m 3.25 -1 l\nS",
        "é · ×",
        "".join(map(chr, [*range(24), *range(32, 128), *range(161, 256)])),
    ):
        assert encoded(text) == pdfdocEnc(text)


def test_each_maze_comes_with_its_walls_form_and_its_answers_line(two_cores):
    """A maze's line comes with it where its answer is drawn, its walls form where it is drawn twice,
    each the text the drawing would write, taken once; the puzzle comes without its route, which no
    page reads."""
    recipe = puzzles.Recipe("wilson", 9, 7, None, "suggested")
    jobs = [(number, f"maze {number}", recipe, 100 + number, number % 2 == 0) for number in range(1, 13)]
    coming = Coming(jobs, [3, 1, 2, 12])
    try:
        coming[2]
        made = {number: recipe.make(100 + number) for number in range(1, 13)}
        assert [coming.line(number) for number in (1, 2)] == [solution_path(made[n]) for n in (1, 2)]
        assert coming.line(3) is None  # not made yet
        coming[12]
        assert coming.line(3) == solution_path(made[3]) and coming.line(12) == solution_path(made[12])
        assert coming.line(3) is None  # taken once
        assert coming.line(5) is None  # no answer asked for
        assert coming.form(4) == walls_ahead(made[4], True) and coming.form(3) is None
        assert all(coming[n].route is None for n in range(1, 13))
        assert all(replace(coming[n], route=made[n].route) == made[n] for n in range(1, 13))
    finally:
        coming.close()


@pytest.mark.parametrize("per_page", [1, 2, 6])
def test_each_answer_page_is_drawn_as_soon_as_the_pages_of_its_mazes_are(tmp_path, per_page):
    """The key's pages are drawn between the maze pages, each right after the last page showing one of
    its mazes (or the key page before it), and the file lists every page in the book's order."""
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(key="true") + f"mazes_per_page: {per_page}\npad: true\n")
    checked = build.check_book(spec, output_given=True)
    pages = checked.plan.pages
    order = drawing_order(pages)
    assert sorted(order) == list(range(len(pages)))
    keys = [i for i in order if pages[i].kind == "answers"]
    assert keys == sorted(keys) and len(keys) > 1
    others = [i for i in order if pages[i].kind != "answers"]
    notes = [i for i, p in enumerate(pages) if p.kind == "notes"]  # none where the key ends even
    assert others == sorted(others) and notes == list(range(len(pages) - len(notes), len(pages)))
    shown = {
        f.number: i
        for i, p in enumerate(pages)
        if p.kind == "maze"
        for f in p.items
        if isinstance(f, MazeFrame)
    }
    for at, index in enumerate(order):
        if pages[index].kind != "answers":
            continue
        frames = [shown[f.number] for f in pages[index].items if isinstance(f, MazeFrame)]
        needs = max(frames, default=None)  # none: the note on the mazes without an answer
        assert needs is None or order.index(needs) < at  # after every page of its mazes
        before = order[at - 1]  # and at once: after that page, or after the key page drawn for it
        assert before == needs or (
            pages[before].kind == "answers" and (needs is None or order.index(needs) < at - 1)
        )
    assert order.index(keys[0]) < order.index(max(shown.values()))  # the key begun among the mazes
    out = tmp_path / "book.pdf"
    build.write_books(checked, build.targets(checked, out), build.make_puzzles(checked.mazes))
    texts = page_texts(out)
    assert len(texts) == len(pages)
    for text, page in zip(texts, pages, strict=True):
        heading = next(i.text for i in page.items if isinstance(i, Text))
        assert heading.split()[0] in text
