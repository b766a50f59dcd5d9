"""reportlab's formatting of a page's objects, done faster: the same bytes, a book's main process freed.

reportlab formats every value of a PDF object through one generic function that asks each value its
kind; a 500-maze book spent a quarter of its drawing time there, on its pages' dictionaries and their
content streams. ``formatted`` writes a page (``PDFPage``) and a stream whose filter is already applied
(``pdfstream._compress_now``) by the same rules for the few kinds of values they hold, and hands any
other value, or any setting that would change the rules, to reportlab. Like ``pdfstream``, this follows
reportlab's internals of the pinned version; ``tests/test_pdfformat.py`` compares the two.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import (
    NoEncryption,
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFObjectReference,
    PDFPage,
    PDFResourceDictionary,
    PDFStream,
    pdfdocEnc,
)

_NOT_PDFDOC = re.compile("[^\\x00-\\x17\\x20-\\x7f]")
"""What reportlab's PDFDocEncoding writes otherwise than ASCII does (or refuses: 0x18-0x1f)."""


def encoded(text: str) -> bytes:
    """``text`` as reportlab encodes it (``pdfdocEnc``): a path of numbers or a name is ASCII, which
    Python encodes 30 times faster than reportlab's codec, to the same bytes."""
    return pdfdocEnc(text) if _NOT_PDFDOC.search(text) else text.encode("ascii")


_NAMES: dict[str, bytes] = {}
"""A dictionary's keys as formatted names: a book's pages use a dozen, hundreds of times."""


def _name(key: str) -> bytes:
    found = _NAMES.get(key)
    if found is None:
        found = _NAMES[key] = encoded(PDFName(key))
    return found


def _value(value: Any, doc: Any) -> bytes:
    """``pdfdoc.format(value, doc)`` for a value inside an object."""
    kind = type(value)
    if kind is str:
        return encoded(value)
    if kind is int or kind is float:
        return fp_str(value).encode()  # type: ignore[no-any-return]
    if kind is PDFObjectReference and value.name in doc.idToObjectNumberAndVersion:
        return b"%d %d R" % doc.idToObjectNumberAndVersion[value.name]
    if kind is PDFDictionary and value.multiline != "forced":
        entries = value.dict
        keys = list(entries) if isinstance(entries, OrderedDict) else sorted(entries)
        parts = [_name(key) + b" " + _value(entries[key], doc) for key in keys]
        for at in reversed(range(6, len(parts), 6)):  # reportlab breaks a line every six entries
            parts.insert(at, b"\n ")
        return b"<<\n" + b" ".join(parts) + b"\n>>"
    if kind is PDFArray and value.multiline != "forced":
        parts = [_value(item, doc) for item in value.sequence]
        for at in reversed(range(10, len(parts), 10)):  # and an array's every ten items
            parts.insert(at, b"\n ")
        return b"[ " + b" ".join(parts) + b" ]"
    if kind is PDFResourceDictionary:
        return _value(_resources(value), doc)
    return pdfdoc.format(value, doc)  # type: ignore[no-any-return]


def _resources(resources: Any) -> PDFDictionary:
    """The dictionary ``PDFResourceDictionary.format`` formats."""
    found: dict[str, Any] = {}
    for key in resources.dict_attributes:
        value = getattr(resources, key)
        if not isinstance(value, dict):
            found[key] = value
        elif value:
            found[key] = PDFDictionary(value)
    procs = resources.ProcSet
    if not isinstance(procs, list | tuple):
        found["ProcSet"] = procs
    elif procs:
        found["ProcSet"] = PDFArray(procs)
    return PDFDictionary(found)


def _page(page: Any, doc: Any) -> bytes:
    """``PDFPage.format``: its dictionary made as ``PDFCatalog.format`` makes it, then formatted."""
    page.check_format(doc)
    entries: dict[str, Any] = {}
    for key, default in page.__Defaults__.items():
        value = getattr(page, key, default)
        if value is not None:
            entries[key] = value
    for key in page.__NoDefault__:
        value = getattr(page, key, None)
        if value is not None:
            entries[key] = value
    for key in page.__Refs__:
        if key in entries:
            entries[key] = doc.Reference(entries[key])
    return _value(PDFDictionary(entries), doc)


def _stream(stream: Any, doc: Any) -> bytes:
    """``PDFStream.format`` of a stream whose filter is applied already."""
    entries = PDFDictionary(stream.dictionary.dict.copy())
    content: bytes = stream.content
    entries["Length"] = len(content)
    return _value(entries, doc) + b"\nstream\n" + content + b"endstream\n"


def formatted(obj: Any, doc: Any) -> bytes:
    """``obj``, an object of ``doc`` written at the top of the file, as reportlab formats it
    (``format(obj, doc, toplevel=1)``)."""
    # reportlab's usual settings: no comments, one line for short dictionaries, no encryption
    plain = not rl_config.pdfComments and not rl_config.pdfMultiLine and type(doc.encrypt) is NoEncryption
    kind = type(obj)
    if plain and kind is PDFPage:
        return _page(obj, doc)
    if plain and kind is PDFStream and "Filter" in obj.dictionary.dict and type(obj.content) is bytes:
        return _stream(obj, doc)
    return pdfdoc.format(obj, doc, toplevel=1)  # type: ignore[no-any-return]
