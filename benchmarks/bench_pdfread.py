"""Reading a book back: puzzlebook's own content-stream reader (pdfread) against PDFium's page objects.

    python benchmarks/bench_pdfread.py            # the sample books and a 498-page paperback
    python benchmarks/bench_pdfread.py --rounds 5
    python benchmarks/bench_pdfread.py --baseline OLD_CHECKOUT   # and check's CPU against an older tree

With ``--baseline``, ``check`` (preflight) of every book also runs in a fresh process of this checkout
and of the older one's source tree, in turn, round after round: CPU (a check's second process included),
each process's peak memory, and a digest of the findings (with bleed's wider margins as well, and every
shape and letter read), which must be the same.

Builds every ``sample_configs/*.yaml``, the 498-page paperback of bench_waits.py and a page of walls in
a form placed at three widths (test_pdfread.py's case), then reads each book
both ways, in turn, round after round, in this one process. For each page both readers give what
preflight looks at: the widths strokes are painted at (walls inside forms with the width set by the page
placing them), the sizes of text, images, the box around every mark (half a stroke's width included),
and the letters drawn as glyph 0. Findings are compared page by page; time is CPU time
(user and system, a check's second process included), each reader's median over the rounds, and the ratio taken within each round.

PDFium's objects are read through ``pypdfium2.raw``: a path's segments only when preflight needs them
(a thin stroke's lines counted, or a path whose box crosses the margins), as pdfread keeps a run of walls
whole until then. PDFium gives no letter's code or glyph (a text object gives its text and font only), so
its glyph-0 column stays empty: keeping that check would mean reading fonts as pdfread does.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import io
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as raw
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlebook.build import build_book  # noqa: E402
from puzzlebook.pdfread import Document, Lines, subpaths  # noqa: E402
from puzzlebook.pdfread.marks import mult  # noqa: E402
from puzzlebook.preflight import preflight  # noqa: E402

SAMPLES = ROOT / "sample_configs"
Finding = tuple[tuple[float, ...], tuple[float, ...], int, tuple[float, ...], tuple[float, ...], int]
"""Of one page: stroke widths painted, text sizes, images, the box round its shapes and images (half a
stroke's width included) and round its letters, and the letters drawn as glyph 0."""


def books(folder: Path) -> dict[str, bytes]:
    """Every sample book, and the paperback at 85 mazes an entry (498 pages), built in ``folder``."""
    for sample in SAMPLES.iterdir():  # each built beside the files it reads, as a user would
        (folder / sample.name).write_bytes(sample.read_bytes())
    paperback = (SAMPLES / "kdp-paperback.yaml").read_text().replace("count: 8", "count: 85")
    (folder / "paperback-498.yaml").write_text(paperback)
    built = {}
    for spec in sorted(folder.glob("*.yaml")):
        path, _ = build_book(spec, folder / f"{spec.stem}.pdf", seed=1)
        built[spec.stem] = Path(path).read_bytes()
    built["walls-in-a-form"] = walls_in_a_form()
    (folder / "walls-in-a-form.pdf").write_bytes(built["walls-in-a-form"])
    return built


def walls_in_a_form() -> bytes:
    """A form of walls that sets no width, placed at 2.5 pt, at 1.5 pt scaled twice, and at the default."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 200), invariant=1)
    canvas.beginForm("walls")
    canvas.line(10, 10, 60, 10)
    canvas.line(10, 10, 10, 60)
    canvas.endForm()
    canvas.setLineWidth(2.5)
    canvas.doForm("walls")
    canvas.saveState()
    canvas.setLineWidth(1.5)
    canvas.transform(2, 0, 0, 2, 50, 60)
    canvas.doForm("walls")
    canvas.restoreState()
    canvas.setLineWidth(1)
    canvas.doForm("walls")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _round(values: Any, digits: int) -> tuple[float, ...]:
    return tuple(sorted({round(v, digits) for v in values}))


def _box(box: list[float]) -> tuple[float, ...]:
    return tuple(round(v, 1) for v in box)


def _grow(box: list[float], x0: float, y0: float, x1: float, y1: float) -> None:
    box[0], box[1], box[2], box[3] = min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1)


def ours(pdf: bytes) -> list[Finding]:
    """What pdfread gives preflight, page by page."""
    document = Document(PdfReader(io.BytesIO(pdf)))
    found = []
    for page in document.pages():
        widths: list[float] = []
        images = 0
        box = [math.inf, math.inf, -math.inf, -math.inf]
        for item in page.drawn:
            if isinstance(item, Lines):
                pad = item.linewidth / 2 if item.stroke else 0.0
                x0, y0, x1, y1 = item.extent()
            else:
                images += item.kind == "image"
                pad = item.linewidth / 2 if item.stroke else 0.0
                x0, y0, x1, y1 = item.x0, item.y0, item.x1, item.y1
            if item.stroke:
                widths.append(item.linewidth)
            _grow(box, x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        text = [math.inf, math.inf, -math.inf, -math.inf]
        for char in page.chars:
            _grow(text, char.x0, char.y0, char.x1, char.y1)
        zero = sum(c.glyph == 0 for c in page.chars)
        sizes = _round((c.size for c in page.chars), 2)
        found.append((_round(widths, 3), sizes, images, _box(box), _box(text), zero))
    return found


def _matrix(obj: Any) -> tuple[float, ...]:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _segments(path: Any, m: tuple[float, ...]) -> list[tuple[str, list[tuple[float, float]], list[Any]]]:
    """A path's subpaths as pdfread names them, on the page: one ctypes call or more a segment."""
    a, b, c, d, e, f = m
    x, y = ctypes.c_float(), ctypes.c_float()
    ops, points = [], []
    for i in range(raw.FPDFPath_CountSegments(path)):
        segment = raw.FPDFPath_GetPathSegment(path, i)
        kind = raw.FPDFPathSegment_GetType(segment)
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        points.append((a * x.value + c * y.value + e, b * x.value + d * y.value + f))
        ops.append(
            "m" if kind == raw.FPDF_SEGMENT_MOVETO else "l" if kind == raw.FPDF_SEGMENT_LINETO else "b"
        )
        if raw.FPDFPathSegment_GetClose(segment):
            ops.append("h")
    letters = "".join(ops).replace("bbb", "c")  # PDFium lists a curve as three points
    return list(subpaths(letters, points))


def pdfium_read(pdf: bytes) -> list[Finding]:
    """The same, from PDFium's page objects (forms entered, with the matrix of each)."""
    document = pdfium.PdfDocument(pdf)
    found = []
    left, bottom, right, top = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    width = ctypes.c_float()
    size = ctypes.c_float()
    try:
        for index in range(len(document)):
            page = raw.FPDF_LoadPage(document.raw, index)
            widths: list[float] = []
            sizes: list[float] = []
            images = 0
            box = [math.inf, math.inf, -math.inf, -math.inf]
            text = [math.inf, math.inf, -math.inf, -math.inf]
            todo = [
                (raw.FPDFPage_GetObject(page, i), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
                for i in range(raw.FPDFPage_CountObjects(page))
            ]
            while todo:
                obj, outer = todo.pop()
                kind = raw.FPDFPageObj_GetType(obj)
                m = mult(_matrix(obj), outer)
                if kind == raw.FPDF_PAGEOBJ_FORM:
                    todo += [
                        (raw.FPDFFormObj_GetObject(obj, i), m)
                        for i in range(raw.FPDFFormObj_CountObjects(obj))
                    ]
                    continue
                if kind == raw.FPDF_PAGEOBJ_PATH:
                    raw.FPDFPath_GetDrawMode(obj, fill, stroke)
                    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
                    raw.FPDFPageObj_GetStrokeWidth(obj, width)
                    w = width.value * scale if stroke.value else 0.0
                    if stroke.value:
                        widths.append(w)
                    for _, ends, controls in _segments(obj, m):  # the box as pdfread draws it
                        xs = [p[0] for p in ends + controls]
                        ys = [p[1] for p in ends + controls]
                        _grow(box, min(xs) - w / 2, min(ys) - w / 2, max(xs) + w / 2, max(ys) + w / 2)
                    continue
                if kind == raw.FPDF_PAGEOBJ_TEXT:
                    raw.FPDFTextObj_GetFontSize(obj, size)
                    sizes.append(size.value * math.hypot(m[2], m[3]))
                else:
                    images += kind == raw.FPDF_PAGEOBJ_IMAGE
                raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)  # in its form's space
                corners = [(x, y) for x in (left.value, right.value) for y in (bottom.value, top.value)]
                a, b, c, d, e, f = outer
                page_corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]
                xs, ys = [p[0] for p in page_corners], [p[1] for p in page_corners]
                _grow(text if kind == raw.FPDF_PAGEOBJ_TEXT else box, min(xs), min(ys), max(xs), max(ys))
            raw.FPDF_ClosePage(page)
            found.append((_round(widths, 3), _round(sizes, 2), images, _box(box), _box(text), 0))
    finally:
        document.close()
    return found


def pdfium_bounds_only(pdf: bytes) -> int:
    """The least PDFium reading preflight could do: every object's type, bounds, width or size, no
    segments; a floor for its time."""
    document = pdfium.PdfDocument(pdf)
    left, bottom, right, top = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    width = ctypes.c_float()
    seen = 0
    try:
        for index in range(len(document)):
            page = raw.FPDF_LoadPage(document.raw, index)
            todo = [raw.FPDFPage_GetObject(page, i) for i in range(raw.FPDFPage_CountObjects(page))]
            while todo:
                obj = todo.pop()
                seen += 1
                _matrix(obj)
                if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_FORM:
                    todo += [
                        raw.FPDFFormObj_GetObject(obj, i) for i in range(raw.FPDFFormObj_CountObjects(obj))
                    ]
                    continue
                raw.FPDFPageObj_GetStrokeWidth(obj, width)
                raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
            raw.FPDF_ClosePage(page)
    finally:
        document.close()
    return seen


def cpu(call: Any, *args: Any) -> tuple[float, Any]:
    """CPU seconds of this process and of the children it waited for (check's second process)."""
    before = _cpu_now()
    result = call(*args)
    return _cpu_now() - before, result


def _cpu_now() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def digest(value: Any) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:12]


CHECK = """
import hashlib, json, resource, sys
from pathlib import Path
from puzzlebook.pdfread import read
from puzzlebook.preflight import preflight

def cpu():
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

found = {}
paths = sorted(Path(sys.argv[1]).glob("*.pdf"))
for path in paths:
    pdf = path.read_bytes()
    start = cpu()
    lines = preflight(pdf, "print")
    found[path.stem] = [cpu() - start, lines]
found["peak MB"] = [resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, ""]
for path in paths:  # with bleed's wider margins too, and every mark read, one by one
    pdf = path.read_bytes()
    digest = hashlib.sha256(repr(found[path.stem][1] + preflight(pdf, "print", bleed=True)).encode())
    for page in read(pdf):
        digest.update(repr(page).encode())
    found[path.stem][1] = digest.hexdigest()[:12]
print(json.dumps(found))
"""
"""A fresh process's check of every book in a folder: CPU seconds and findings' digest of each."""


def against(baseline: Path, folder: Path, rounds: int) -> None:
    """check of every book in ``folder`` by this checkout and by ``baseline``, in turn, round after round."""
    sides = {"this checkout": ROOT, "baseline": baseline}
    runs: dict[str, list[dict[str, list[Any]]]] = {side: [] for side in sides}
    for _ in range(rounds):
        for side, tree in sides.items():
            env = {**os.environ, "PYTHONPATH": str(tree)}
            done = subprocess.run(
                [sys.executable, "-c", CHECK, str(folder)],
                env=env,
                cwd=tempfile.gettempdir(),  # ``-c`` puts the current folder before PYTHONPATH
                capture_output=True,
                text=True,
                check=True,
            )
            runs[side].append(json.loads(done.stdout))
    print(f"\ncheck, medians of {rounds} interleaved rounds")
    print("| book | CPU | baseline CPU | ratio | findings |")
    print("|---|---:|---:|---:|---|")
    for name in runs["this checkout"][0]:
        mine = [run[name][0] for run in runs["this checkout"]]
        theirs = [run[name][0] for run in runs["baseline"]]
        same = {run[name][1] for run in runs["this checkout"] + runs["baseline"]}
        unit = "MB" if name == "peak MB" else "s"
        ratio = statistics.median(m / t for m, t in zip(mine, theirs, strict=True) if t)
        print(
            f"| {name} | {statistics.median(mine):.3f} {unit} | {statistics.median(theirs):.3f} {unit} "
            f"| {ratio:.2f}x | {'same ' + same.pop() if len(same) == 1 else 'DIFFER'} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--baseline", type=Path, help="an older checkout's source tree, to compare check with"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        built = books(Path(tmp))
        if args.baseline:
            against(args.baseline, Path(tmp), args.rounds)
    sides = {"pdfread": ours, "pdfium": pdfium_read, "pdfium, bounds only": pdfium_bounds_only}
    times: dict[str, dict[str, list[float]]] = {name: {side: [] for side in sides} for name in built}
    checks: dict[str, list[float]] = {name: [] for name in built}
    results: dict[str, dict[str, Any]] = {name: {} for name in built}
    for _ in range(args.rounds):
        for name, pdf in built.items():
            for side, reader in sides.items():
                seconds, results[name][side] = cpu(reader, pdf)
                times[name][side].append(seconds)
            seconds, results[name]["check"] = cpu(preflight, pdf, "print")
            checks[name].append(seconds)
    print(
        "| book | pages | pdfread CPU | PDFium CPU | PDFium / pdfread | bounds only / pdfread | check CPU | pages differing | what differs |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for name in built:
        mine, theirs = results[name]["pdfread"], results[name]["pdfium"]
        differ = [i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
        what: Counter[str] = Counter()
        for i in differ:
            for label, a, b in zip(
                ("widths", "sizes", "images", "shapes' box", "letters' box", "glyph 0"),
                mine[i],
                theirs[i],
                strict=True,
            ):
                what[label] += a != b
        ratio = statistics.median(
            p / o for p, o in zip(times[name]["pdfium"], times[name]["pdfread"], strict=True)
        )
        floor = statistics.median(
            p / o for p, o in zip(times[name]["pdfium, bounds only"], times[name]["pdfread"], strict=True)
        )
        print(
            f"| {name} | {len(mine)} | {statistics.median(times[name]['pdfread']):.3f} s "
            f"| {statistics.median(times[name]['pdfium']):.3f} s | {ratio:.2f}x | {floor:.2f}x "
            f"| {statistics.median(checks[name]):.3f} s | {len(differ)} "
            f"| {', '.join(f'{k} {v}' for k, v in what.items() if v) or '-'} |"
        )
        if differ:
            i = differ[0]
            print(f"  first: page {i + 1}: pdfread {mine[i]}; pdfium {theirs[i]}", file=sys.stderr)
        print(
            f"  {name}: findings {digest(results[name]['check'])}: {len(results[name]['check'])} lines",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
