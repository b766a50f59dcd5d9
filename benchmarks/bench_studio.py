"""The studio's preview latency: from an edit sent to its new page's PNG received, as the page asks
(``/api/check``, then ``/api/preview`` of the page in view), the median of 10 edits.

    python benchmarks/bench_studio.py                       # this checkout only
    python benchmarks/bench_studio.py --baseline OLD_TREE   # and an older source tree, the same edits

Each tree's studio runs as ``python -m puzzlebook studio`` (its source first on PYTHONPATH) on a folder
of its own. Two books: a 12-maze class set (4 students, 3 mazes each, one of them their name) and a
100-maze book. Before the 10 edits, the book is built once as the page does when it opens; then the
edits alternate: a title (no maze changes), a size of one maze, the title again; after them, the
strip's thumbnails of the last edit's book (up to 40 pages, on one connection, as the page asks for
them). Also the time to check the largest spec allowed (1 MB, 28,000 list entries), in the server. Compare within a run: this
machine's speed drifts by up to 2x within the hour.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CLASS_SET = """title: {title}
marks: suggested
mazes_per_page: 2
students: [Ana, Ben, Chloé, Dev]
mazes:
  - {{size: {size}, algorithm: wilson}}
  - {{size: 16x16, shape: heart}}
  - {{size: 56x17, shape: {{text: "{{student}}"}}}}
"""

HUNDRED = """title: {title}
marks: suggested
mazes:
  - {{size: 20x20, algorithm: wilson, count: 99}}
  - {{size: {size}}}
"""

LARGEST = "title: Big\nmazes:\n" + "".join(f"  - {{size: 5x5, title: Mazes {i:05}}}\n" for i in range(28_000))


def post(port: int, path: str, body: str) -> tuple[int, bytes, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    connection.request("POST", path, body=body.encode())
    response = connection.getresponse()
    answer = response.status, response.read(), dict(response.getheaders())
    connection.close()
    return answer


def edit_to_page(port: int, spec: str, page: int) -> float:
    """Seconds from the edit sent to its page's PNG, as the studio's page asks for them."""
    start = time.perf_counter()
    status, body, _ = post(port, "/api/check", spec)
    assert status == 200, body[:300]
    status, body, _ = post(port, f"/api/preview?page={page}&width=820", spec)
    assert status == 200 and body.startswith(b"\x89PNG"), body[:300]
    return time.perf_counter() - start


def thumbnails(port: int, spec: str) -> float:
    """Seconds for the strip's thumbnails of a book already built (its first 40 pages at most), asked
    one after another on one kept-alive connection, as the browser asks for them."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    start = time.perf_counter()
    page, pages = 1, 1
    while page <= min(pages, 40):
        connection.request("POST", f"/api/preview?page={page}&width=120", body=spec.encode())
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200 and body.startswith(b"\x89PNG"), body[:300]
        pages, page = int(response.getheader("X-Pages") or 1), page + 1
    connection.close()
    return time.perf_counter() - start


def edits(book: str) -> list[str]:
    """The 10 edits: title, size, title..."""
    sizes = ["12x12", "13x13", "14x12", "12x14", "15x15", "13x12"]
    specs = []
    for i in range(10):
        specs.append(book.format(title=f"Edit {i // 2}", size=sizes[(i + 1) // 2 % len(sizes)]))
    return specs


def serving(tree: Path, folder: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlebook", "studio", str(folder), "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=folder,
    )
    assert child.stdout is not None
    port = int(child.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
    return child, port


def measure(tree: Path) -> dict[str, float]:
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        child, port = serving(tree, Path(folder))
        try:
            time.sleep(3)  # the studio as a person finds it: started a moment ago
            for name, book, page in (("class set of 12", CLASS_SET, 3), ("100 mazes", HUNDRED, 40)):
                first = book.format(title="Start", size="12x12")
                figures[f"{name}: first preview"] = edit_to_page(port, first, page)
                times = [edit_to_page(port, spec, page) for spec in edits(book)]
                figures[f"{name}: median of 10 edits"] = statistics.median(times)
                figures[f"{name}: slowest edit"] = max(times)
                figures[f"{name}: the strip's thumbnails after an edit"] = thumbnails(port, edits(book)[-1])
            start = time.perf_counter()
            status, _, _ = post(port, "/api/check", LARGEST)
            figures["check of a 1 MB spec (28,000 entries)"] = time.perf_counter() - start
            assert status == 422
        finally:
            child.terminate()
            child.wait(timeout=30)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", type=Path, help="an older source tree to measure beside this one")
    args = parser.parse_args()
    trees = {"this checkout": HERE}
    if args.baseline:
        trees = {"baseline": args.baseline.resolve(), **trees}
    results = {name: measure(tree) for name, tree in trees.items()}
    names = list(results)
    print("| seconds | " + " | ".join(names) + (" | ratio |" if len(names) == 2 else " |"))
    print("|---" * (len(names) + 1 + (len(names) == 2)) + "|")
    for row in results[names[0]]:
        cells = [f"{results[name][row]:.2f}" for name in names]
        ratio = [f"{results[names[0]][row] / results[names[1]][row]:.1f}x"] if len(names) == 2 else []
        print(f"| {row} | " + " | ".join(cells + ratio) + " |")


if __name__ == "__main__":
    main()
