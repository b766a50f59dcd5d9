"""What reading one file may spend, and the one exception for a file past it: a crafted PDF could
otherwise take hours or gigabytes to read. Other modules read these bounds through this module
(``budget.MAX_OPERATORS``), so that a test lowers each in one place."""

from __future__ import annotations

from pypdf import PdfReader

MAX_OPERATORS = 1_000_000
"""Operators one stream may hold, and one page may run with the forms it draws: a page of ours runs a
few hundred (a maze's walls are one path). A crafted file of forms that each draw the next ten times,
or of 30 MB of ``q``, would otherwise take hours or gigabytes."""


# What reading one file may spend in all, however its pages share streams and forms. Each bound is 1.5
# times or more what the largest books of ours spend (5,000 mazes: of 20x20, 5,983 pages, 770,000
# operators and forms run, 1.7 million marks; of 30x30 with answers, 5,835 pages, 2.0 million marks, 4.4
# million lines, 84 MB decoded), and the costliest crafted file within one takes 1-5 s here:
# pages each drawing a form that drew the next twice, 18 deep, took 128 s; one form of 333,000 ``Do``
# drawn on 24 pages, minutes; 90,000 pages from a 4 KB page tree, 300 MB.
MAX_RUN = 2_000_000
"""Operators run in all, a form's each time it is drawn, entering a form counting as FORM_COST of them."""
FORM_COST = 10  # entering a form costs what 5-10 operators do: up to 20 us, nested deep
MAX_MARKS = 3_000_000
"""Marks drawn in all: points of shapes, letters (two each), images (six), and lines taken one at a
time (not along their axes, or over a margin)."""
MAX_LINES = 20_000_000
"""Lines of runs (a maze's walls) drawn in all: about 0.15 us each when a run stays whole."""
MAX_CODES = 1_000_000
"""Codes the fonts map in all (widths and text), each font kept: a book of ours maps a few thousand, and
a crafted file of 1,500 fonts sharing one CMap of every code took 75 s."""
WORK = 16.0
"""Seconds that reading may take here in all, by what each thing read above costs (COSTS): one bound's
worth takes 1-8 s, so a file near several at once would take 25 s. A 5,000-maze book of 30x30 mazes
with answers takes 8.9 s by this reckoning (7.4-8.5 s measured)."""
COSTS = {"run": 3.5e-6, "marks": 1.3e-6, "lines": 0.17e-6, "codes": 1.4e-6, "decoded": 0.04e-6}  # s each
MAX_PAGES_READ = 25_000
"""Pages in a file: 5,000 mazes each on a page, with its answer on another, take about 10,100."""
MAX_DECODED = 200_000_000
"""Bytes of streams one reader decodes in all, a form's each time it is parsed: a 5,000-maze book of 30x30
mazes with answers decodes 84 MB, a genuine maze of 4000x4000 cells about 75, and 200 MB of paths take
8 s to read. A crafted file of 200 pages that each draw one 70 MB stream of comments (or one page
drawing it 40 times) took minutes and gigabytes."""
MAX_PAGE_DECODED = 160_000_000
"""Bytes one page's contents may decode to: two streams of pypdf's largest."""


class TooComplex(Exception):  # not a ValueError: an operator's bad operands are skipped, this is not
    """A stream, page or file past a bound above: no book of ours, and more than is worth reading."""


FAR_BELOW = "a book puzzlebook made stays far below that"


class Budget:
    """What reading one file has spent of the bounds above. ``share``: the part of them this reader may
    spend, when another process reads the other pages (see preflight)."""

    def __init__(self, share: float = 1.0) -> None:
        self.share = share
        self.run = self.marks = self.lines = self.codes = 0
        self.decoded = [0]  # bytes decoded so far, counted by tokens.stream_bytes (MAX_DECODED)

    def spend(self, run: int = 0, marks: int = 0, lines: int = 0, codes: int = 0) -> None:
        self.run += run
        self.marks += marks
        self.lines += lines
        self.codes += codes
        if self.run > MAX_RUN * self.share:
            raise TooComplex(f"it runs more than {MAX_RUN:,} operators in all; {FAR_BELOW}")
        if self.marks > MAX_MARKS * self.share:
            raise TooComplex(f"it draws more than {MAX_MARKS:,} letters and shapes in all; {FAR_BELOW}")
        if self.lines > MAX_LINES * self.share:
            raise TooComplex(f"it draws more than {MAX_LINES:,} lines in all; {FAR_BELOW}")
        if self.codes > MAX_CODES * self.share:
            raise TooComplex(f"its fonts map more than {MAX_CODES:,} codes in all; {FAR_BELOW}")
        if self.work() > WORK * self.share:
            raise TooComplex(f"it draws too much in all, counting everything together; {FAR_BELOW}")

    def work(self) -> float:
        """What reading has cost so far, in seconds here (see WORK)."""
        run, marks, lines, codes, decoded = COSTS.values()
        return (
            self.run * run
            + self.marks * marks
            + self.lines * lines
            + self.codes * codes
            + self.decoded[0] * decoded
        )


def page_count(reader: PdfReader) -> int:
    """The file's pages, at most ``MAX_PAGES_READ``."""
    count = len(reader.pages)
    if count > MAX_PAGES_READ:
        raise TooComplex(f"it has {count:,} pages, more than {MAX_PAGES_READ:,}; {FAR_BELOW}")
    return count
