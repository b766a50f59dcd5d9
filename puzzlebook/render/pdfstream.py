"""A PDF written as it is made, through reportlab's document internals: the reason for the pin.

reportlab's ``Canvas.save`` formats the whole file in memory at the end (a 5,000-maze book held 100 MB
that way). ``Writer`` writes each finished object at once instead, which needs reportlab's private
document internals: the document's object tables (``idToObject``, ``idToOffset``, ``numberToId``), its
delayed fonts, outline and encryption steps, and the formatting classes of ``reportlab.pdfbase.pdfdoc``.
Those are not a public API and may change in any release, so pyproject.toml pins reportlab to one minor
version (``>=5.1,<5.2``); its time stamp is replaced too (``FixedTime``). ``missing_internals`` names
what a new release took away: a test fails with that list before any book is drawn wrong. Raise the pin
only once that test passes.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from reportlab.lib.utils import TimeStamp
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import (
    Destination,
    PDFArray,
    PDFDictionary,
    PDFFile,
    PDFInfo,
    PDFName,
    PDFObject,
    PDFObjectReference,
    PDFStream,
    PDFString,
    PDFTrailer,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

from ..drawn import deflated
from .pdfformat import formatted

FIXED_TIME = 946684800.0
"""2000-01-01 00:00 UTC, reportlab's own time for an invariant file: the book's dates, and its id's seed."""


class FixedTime(TimeStamp):  # type: ignore[misc]
    """reportlab's time stamp for an invariant file, taken from nothing else. Its own takes
    SOURCE_DATE_EPOCH when that is set: the same spec and seed made another file on such a machine (and
    crashed where it was not a number), where a book must be the same file everywhere."""

    def __init__(self, invariant: object = None) -> None:
        self.t = FIXED_TIME
        self.lt = time.gmtime(FIXED_TIME)
        self.YMDhms = tuple(self.lt)[:6]
        self.dhh = self.dmm = 0
        self.tzname = "UTC"


pdfdoc.TimeStamp = FixedTime  # where reportlab dates a document and seeds its id


class Writable(Protocol):
    def write(self, data: bytes, /) -> object: ...


MADE_FROM = "/PuzzlebookMadeFrom"
"""The document information entry holding the digest of what the book was made from (``madefrom.made_from``)."""
RULES = "/PuzzlebookRules"
"""The document information entry naming the rules a book is checked by, when not print-on-demand's:
"office" for a handout or a poster, so that `check book.pdf` knows it as `check book.yaml` does."""


def _compress_now(holder: Any, content: bytes | None = None) -> None:
    """Compress a finished page's or form's drawing (``drawn.deflated``, where reportlab would on
    saving), so that it can be written at once (``_Writer``): reportlab leaves alone a stream that
    already names its filter. ``content`` is the drawing already compressed, where it was made
    (``drawn.form_stream``)."""
    if content is None:
        drawing = holder.stream  # encoded as reportlab's filter encodes it
        content = deflated(drawing.encode("utf8") if isinstance(drawing, str) else drawing)
    holder.Contents = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName("FlateDecode")])}), content)
    holder.stream = None


class Formatted(PDFObject):  # type: ignore[misc]  # reportlab has no types
    """An object already formatted, as its bytes (``Writer.made_form``)."""

    def __init__(self, formatted: bytes) -> None:
        self.formatted = formatted

    def format(self, document: Any) -> bytes:
        return self.formatted


class Writer:
    """Writes a reportlab document's objects to a file as they are finished, instead of holding them all
    until ``Canvas.save`` formats the whole file in memory (a 5,000-maze book held 100 MB that way).

    A PDF's objects may come in any order, since the cross-reference table at the end gives each one's
    offset: pages, their drawings and walls forms are written when done, links as soon as the page they
    lead to is drawn, everything else (the page tree, fonts, outline) at the end. A written object's
    number stays registered under its name, so references to it still resolve, but the object is let go
    (the page tree keeps a reference in its place).
    """

    def __init__(self, canvas: Canvas, out: Writable) -> None:
        self.canvas, self.doc, self.out = canvas, canvas._doc, out
        self.offset = 0
        self.waiting: dict[str, list[str]] = {}  # links to pages not yet drawn, by the page's bookmark
        self._put(PDFFile(self.doc._pdfVersion).format(self.doc))  # the header, as reportlab writes it

    def _put(self, data: bytes) -> None:
        self.out.write(data)
        self.offset += len(data)

    def object(self, name: str, let_go: bool = True) -> None:
        doc = self.doc
        doc.idToOffset[name] = self.offset
        number, version = doc.idToObjectNumberAndVersion[name]  # as ``PDFIndirectObject.format`` writes it
        body = formatted(doc.idToObject[name], doc)
        self._put(
            b"%d %d obj\n%s%sendobj\n" % (number, version, body, b"" if body.endswith(b"\n") else b"\n")
        )
        if let_go:  # its number stays registered, so references to it by name resolve
            del doc.idToObject[name]

    def form(self, name: str, content: bytes | None = None) -> None:
        """A walls form, compressed (or given ``content``, its drawing compressed) and written at once."""
        _compress_now(self.doc.idToObject[name], content)
        self.object(name)

    def made_form(self, name: str, formatted: bytes) -> None:
        """A walls form formatted where its maze was made (``drawn.form_object``), registered under
        ``name`` as ``Canvas.endForm`` registers one (so it takes the same number) and written at once."""
        self.doc.addForm(name, Formatted(formatted))
        self.object(xObjectName(name))

    def page(self, bookmark: str | None = None) -> None:
        """The page just shown and its drawing, and the links that can now be written: the page's own
        to pages already drawn, and earlier pages' to this one (named by its ``bookmark``)."""
        doc = self.doc
        pages = doc.Pages.pages
        page = pages[-1]
        _compress_now(page)
        name = page.__InternalName__
        links = [ref.name for ref in page.Annots or ()]
        self.object(name)  # formatting it registers its drawing, a stream of its own
        self.object(page.Contents.__InternalName__)
        pages[-1] = PDFObjectReference(name)
        for link in links + self.waiting.pop(bookmark or "", []):
            target = getattr(doc.idToObject[link], "Destination", None)
            if isinstance(target, Destination) and target.page is None:
                self.waiting.setdefault(target.name, []).append(link)
            else:
                self.object(link)

    def finish(self, order: list[int] | None = None) -> None:
        """What reportlab's save does before formatting (fonts made from the letters used, the document
        information, the outline), then every object not yet written, the cross-reference table and the
        trailer. ``order``: each page's place in the book, in the order the pages were drawn (the page
        tree lists them in the book's)."""
        doc = self.doc
        if order is not None:
            drawn = doc.Pages.pages
            doc.Pages.pages = [page for _, page in sorted(zip(order, drawn, strict=True), key=lambda p: p[0])]
        for font in doc.delayedFonts:
            font.addObjects(doc)
        doc.info.invariant = doc.invariant
        doc.info.digest(doc.signature)
        catalog, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
        doc.Outlines.prepare(doc, self.canvas)
        if doc.Outlines.ready < 0:
            doc.Catalog.Outlines = None
        doc.encrypt.prepare(doc)
        number = 1
        while number in doc.numberToId:  # formatting may register more objects as it goes
            name = doc.numberToId[number]
            if name in doc.idToObject and name not in doc.idToOffset:  # not written yet
                self.object(name, let_go=False)  # the catalog, written later, asks for the page tree
            number += 1
        start = self.offset
        self._table([doc.numberToId[n] for n in range(1, number)])
        trailer = PDFTrailer(startxref=start, Size=number, Root=catalog, Info=info, ID=doc.ID())
        self._put(trailer.format(doc))

    def _table(self, names: list[str]) -> None:
        """The cross-reference table of the objects ``names`` (every object, in number order), byte for
        byte as reportlab's ``PDFCrossReferenceTable`` formats it, written a thousand entries at a time:
        formatted whole, it held 6 MB for a 5,000-maze book's 32,000 objects, the book's last peak of
        memory."""
        offsets, numbers = self.doc.idToOffset, self.doc.idToObjectNumberAndVersion
        self._put(b"xref\n0 %d\n0000000000 65535 f \n" % (len(names) + 1))  # object 0 is always free
        for first in range(0, len(names), 1000):
            part = names[first : first + 1000]
            self._put(b"".join(b"%010d %05d n \n" % (offsets[name], numbers[name][1]) for name in part))


class Info(PDFInfo):  # type: ignore[misc]  # reportlab has no types
    """reportlab's document information with entries of ours: ``MADE_FROM``, and ``RULES`` for a book
    checked by other rules than print-on-demand's."""

    made_from = ""
    rules = ""

    @classmethod
    def of(cls, info: PDFInfo, made_from: str, rules: str = "") -> Info:
        ours = cls()
        ours.__dict__.update(info.__dict__)
        ours.made_from, ours.rules = made_from, rules
        return ours

    def format(self, document: Any) -> bytes:
        formatted: bytes = super().format(document)
        entries = [(MADE_FROM, self.made_from)] * bool(self.made_from) + [(RULES, self.rules)] * bool(
            self.rules
        )
        head, end, tail = formatted.rpartition(b">>")  # the dictionary's own end, after every value
        for key, value in entries:
            head += key.encode() + b" " + PDFString(value).format(document) + b"\n"
        return bytes(head + end + tail)


DOCUMENT_INTERNALS = (
    "idToObject",
    "idToOffset",
    "idToObjectNumberAndVersion",
    "numberToId",
    "delayedFonts",
    "Outlines",
    "encrypt",
    "info",
    "invariant",
    "signature",
    "Catalog",
    "Pages",
    "Reference",
    "ID",
    "_pdfVersion",
)
"""What ``Writer`` reads or calls on reportlab's document (``Canvas._doc``)."""
PDFDOC_NAMES = (
    "Destination",
    "PDFArray",
    "PDFDictionary",
    "PDFFile",
    "NoEncryption",
    "PDFInfo",
    "PDFName",
    "PDFObject",
    "PDFObjectReference",
    "PDFPage",
    "PDFResourceDictionary",
    "PDFStream",
    "PDFString",
    "PDFTrailer",
    "xObjectName",
    "format",
)


def missing_internals() -> list[str]:
    """The reportlab internals ``Writer`` relies on that this reportlab lacks (empty when all are there)."""
    missing = [f"reportlab.pdfbase.pdfdoc.{name}" for name in PDFDOC_NAMES if not hasattr(pdfdoc, name)]
    doc = getattr(Canvas(None), "_doc", None)
    if doc is None:
        return [*missing, "Canvas._doc"]
    missing += [f"Canvas._doc.{name}" for name in DOCUMENT_INTERNALS if not hasattr(doc, name)]
    for owner, name in (
        (doc, "addForm"),
        (doc.Outlines, "prepare"),
        (doc.encrypt, "prepare"),
        (doc.info, "digest"),
        (doc.Pages, "pages"),
    ):
        if not hasattr(owner, name):
            missing.append(f"{type(owner).__name__}.{name}")
    return missing
