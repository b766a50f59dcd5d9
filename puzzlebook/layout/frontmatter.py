"""The pages before the mazes: the title page and the copyright page, and what their words may say."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from ..errors import Problem, SpecError
from ..isbn import isbn_printed
from ..settings import MIN_LINE, MIN_TEXT, Layout
from .boxes import content_box, wrap_words
from .items import Page, Rule, Text

if TYPE_CHECKING:  # a spec's models load with the spec, not to plan a page
    from ..spec.load import Spec


def title_page(page: Page, layout: Layout, spec: Spec, count: int) -> None:
    book = spec.book
    box = content_box(layout, page.number)
    cx = box.x0 + box.w / 2
    y = box.y0 + box.h * 0.62
    size = max(layout.heading_size * 2, 28.0)
    at = spec.where
    page.items.append(
        Text(cx, y, book.title, size, True, "center", max_width=box.w, source=at("title"), wrap=True, lines=4)
    )  # a long title (a self-published book's keywords) takes up to four lines above, before it shrinks
    y -= size * 0.9
    if book.subtitle:
        # up to three lines, the first at the top: room below it for the others (letters about 0.55 wide)
        lines = min(3, math.ceil(len(book.subtitle) * layout.heading_size * 0.55 / box.w))
        y -= layout.heading_size * 1.15 * (lines - 1)
        page.items.append(
            Text(
                cx,
                y,
                book.subtitle,
                layout.heading_size,
                align="center",
                max_width=box.w,
                source=at("subtitle"),
                wrap=True,
                lines=3,
            )
        )
        y -= layout.heading_size * 1.6
    if not says_count(count, book.title, book.subtitle):  # "40 mazes for clever kids" says it already
        # under the subtitle, as on the cover: alone at the page's foot it read as a stray footer
        one = "maze" if layout.words.maze == "Maze" else layout.words.maze  # mid-line, in English
        mazes = f"1 {one}" if count == 1 else f"{count} {layout.words.mazes}"
        y -= layout.caption_size * 0.5
        page.items.append(Text(cx, y, mazes, layout.caption_size, align="center", gray=0.3))
        y -= layout.caption_size * 2.2
    if book.author:
        y -= layout.caption_size
        size = layout.caption_size * 1.2
        page.items.append(
            Text(cx, y, book.author, size, align="center", max_width=box.w, source=at("author"))
        )
    if book.belongs_to:  # a child writes their name here
        size = layout.caption_size * 1.2
        y = box.y0 + box.h * 0.22
        words = layout.words.belongs_to
        page.items.append(Text(cx, y + size * 1.4, words, size, align="center"))
        page.items.append(Rule(cx - box.w * 0.3, y - 2, cx + box.w * 0.3, y - 2, MIN_LINE))


def says_count(count: int, *texts: str | None) -> bool:
    """Whether a title or subtitle gives the book's maze count ("40 mazes for clever kids", "forty
    mazes", "Thirty-Two Puzzles"): the title page and the cover then leave their own count line off,
    which said it twice."""
    return any(
        re.search(rf"(?<!\d){count}(?!\d)", text) or count in spelled_numbers(text) for text in texts if text
    )


ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
ONES += "sixteen seventeen eighteen nineteen"
TENS = "twenty thirty forty fifty sixty seventy eighty ninety"


def spelled_numbers(text: str) -> set[int]:
    """The numbers under 1000 a text spells in English words ("sixty-six", "a hundred and five"), each
    read whole: "sixty" in "sixty-six" is not 60, nor "two" in "twenty two" 2."""
    ones, tens = ONES.split(), TENS.split()
    found: set[int] = set()
    value, last, before = 0, "", ""  # the number read so far, its last word's kind, the word before
    for word in [*re.findall(r"[a-z]+", text.lower()), ""]:
        for _ in range(2):  # a word that ends a number may start the next one
            if word in ones and (
                last in ("", "hundred", "and") or (last == "tens" and ones.index(word) < 10)
            ):
                value, last = value + ones.index(word), "ones"
            elif word in tens and last in ("", "hundred", "and"):
                value, last = value + 10 * (tens.index(word) + 2), "tens"
            elif word == "hundred" and ((last == "ones" and 0 < value < 10) or (not last and before == "a")):
                value, last = max(value, 1) * 100, "hundred"
            elif word == "and" and last == "hundred":
                last = "and"
            elif last:
                found.add(value)
                value, last = 0, ""
                continue
            break
        before = word
    return found


def _own_copyright(notice: str | None) -> bool:
    """Whether the spec's copyright notice has its own copyright line (a ©, or the word)."""
    return notice is not None and ("©" in notice or "copyright" in notice.lower())


def copyright_page(page: Page, layout: Layout, spec: Spec) -> None:
    """The page after the title, as a printed book has it: title, author, copyright line, ISBN."""
    book = spec.book
    box = content_box(layout, page.number)
    size = max(layout.small_size, MIN_TEXT + 1)
    holder = book.author or book.title
    chars = max(20, int(box.w / (size * 0.55)))  # regular letters average about 0.55 of their size
    notice = [  # a paragraph's lines closer together than the paragraphs
        (line, False, "copyright", 1.3 if k else 1.6)
        for paragraph in (book.copyright or "").split("\n")
        for k, line in enumerate(wrap_words(paragraph, chars) or [""])
    ]
    lines = [
        (book.title, True, "title", 1.6),
        (f"{layout.words.by} {book.author}" if book.author else "", False, "author", 1.6),
        ("", False, "", 1.6),
        # a notice that says its own copyright ("Copyright © 2026 ...") is not said twice
        (
            f"© {book.year} {holder}" if book.year and not _own_copyright(book.copyright) else "",
            False,
            "year",
            1.6,
        ),
        *notice,
        (f"ISBN {isbn_printed(book.isbn)}" if book.isbn else "", False, "isbn", 1.6),
    ]
    y = box.y0 + size * (1.6 + sum(leading for *_, leading in lines))
    if y + size * 1.15 > box.y1:  # the title's second line, above it, must fit too
        fits = int((box.h / size - 1.6 - 1.15 - 6 * 1.6) / 1.3)
        raise SpecError(
            [
                Problem(
                    spec.where("copyright"),
                    f"takes {len(notice)} lines on this page, which holds about {max(fits, 0)} of them with the "
                    "title, author and ISBN: shorten it",
                )
            ]
        )
    for text, bold, key, leading in lines:
        y -= size * leading
        if text:  # the title, first and with nothing above it, takes two lines as on the title page
            page.items.append(
                Text(
                    box.x0, y, text, size, bold, max_width=box.w, source=spec.where(key), wrap=key == "title"
                )
            )
