"""A content stream as operators and operands, and the decoded streams it comes from (PDF 32000-1 7.8)."""

from __future__ import annotations

import re
from array import array
from typing import Any

from pypdf.filters import decode_stream_data
from pypdf.generic import ArrayObject, IndirectObject, StreamObject

from . import budget
from .budget import FAR_BELOW, TooComplex

Operand = Any  # float | str (a name, "/F1") | bytes (a string) | list[Operand] (an array)
Program = list[tuple[bytes, list[Operand]]]


# One regex splits a content stream. Most of a page comes in big matches: a run of path operators with
# their numbers ("1 0 m 8 0 l ..."), or numbers with the operator after them ("0 0 1 rg"); the rest
# one token a match: a number, name, string (parentheses nested three deep), hex string, array or dict
# bracket, comment, or an operator after such a token. Every alternative that can fail after a long scan
# is followed by one that takes what it scanned (numbers with no operator after them, a string never
# closed), so a hostile stream is read in time linear in its length, not quadratic. A run of path
# operators is matched 4,096 operators at a time: the regex engine kept its place in each, and one run of
# 72 MB took 2 GB (its numbers go into one array, 8 bytes each).
_DELIMITER = rb"(?=[\s()<>\[\]{}/%]|\Z)"
_NUMBER = rb"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_TOKEN = re.compile(
    rb"((?:[-+.\d\s]*(?:re|[mlcvyh])" + _DELIMITER + rb"){1,4096})"
    rb"|([-+.\d\s]*)([A-Za-z'\"][^\s()<>\[\]{}/%]*)"
    rb"|([-+.\d\s]+)"
    rb"|("
    + _NUMBER
    + rb"""
    |/[^\s()<>\[\]{}/%]*
    |\((?:[^()\\]|\\.|\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\))*(?:\)|\\?\Z)
    |<[0-9A-Fa-f\s]*>
    |<<|>>|[\[\]{}]
    |%[^\r\n]*
    |[^\s()<>\[\]{}/%]+)""",
    re.VERBOSE | re.DOTALL,
)
# A run of path operators holds only numbers, whitespace and the operators' letters (see _TOKEN), so
# deleting the one or blanking the other splits it, in C.
_NOT_LETTERS = b"0123456789.+- \t\n\r\f\v"
_LETTERS_BLANK = bytes.maketrans(b"remlcvyh", b"        ")
_KEYWORDS = {b"true": True, b"false": False, b"null": None}
_NUMBER_START = frozenset(b"+-.0123456789")
_IMAGE_MARKS = (re.compile(rb"\bBI\b"), re.compile(rb"\bID\s"), re.compile(rb"\bEI\b"))
_RUN_TOKEN = re.compile(_NUMBER + rb"|\S+")  # a run of numbers, token by token as _TOKEN would
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|\r|\n|.)", re.DOTALL)
_ESCAPES = {
    b"n": b"\n",
    b"r": b"\r",
    b"t": b"\t",
    b"b": b"\b",
    b"f": b"\f",
    b"\r\n": b"",
    b"\r": b"",
    b"\n": b"",
}
PATH = b" path"  # the instruction for a run of path operators: not an operator the regex can produce


def hex_bytes(token: bytes) -> bytes:
    """A hex string's bytes, a missing last digit taken as 0 (PDF 32000-1 7.3.4.3)."""
    digits = re.sub(rb"\s", b"", token)
    return bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode())


def _unescape(match: re.Match[bytes]) -> bytes:
    code = match.group(1)
    if code[0] in b"01234567":
        return bytes([int(code, 8) & 0xFF])
    return _ESCAPES.get(code, code)


def _operand(token: bytes) -> Operand:
    """A number, name (as "/Name"), string (as bytes) or hex string; None for what is skipped."""
    first = token[0]
    if first in _NUMBER_START:
        try:
            return float(token)
        except ValueError:
            return None
    if first == 0x2F:  # /name
        name = token.decode("latin-1")
        return re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name) if "#" in name else name
    if first == 0x28:  # (string)
        text = token[1:-1]
        return _ESCAPE.sub(_unescape, text) if b"\\" in text else text
    if first == 0x3C and token != b"<<":  # <hex>
        return hex_bytes(token[1:-1])
    return None  # dict brackets (a dict's keys and values stay loose operands), braces, comments


def parse(data: bytes) -> Program:
    """A content stream as (operator, operands) pairs. A run of path operators becomes one instruction
    (PATH, [ops, numbers]): their letters ("mlml...", a rectangle spelled out as "mlllh") and all their
    numbers in one array; its points are transformed only when it is painted, as pdfminer does. An
    inline image becomes the operator ``BI``."""
    if b"ID" in data:
        data = _without_images(data)
    program: Program = []
    operands: list[Operand] = []
    arrays: list[list[Operand]] = []  # the operands outside each open array
    ops: list[str] = []  # the path being built
    numbers: array[float] = array("d")
    # one token at a time past 4 MB: findall's list of a crafted stream's tokens would take gigabytes
    tokens = _TOKEN.findall(data) if len(data) < 1 << 22 else (m.groups() for m in _TOKEN.finditer(data))
    for path, run, operator, loose, token in tokens:
        if path:
            letters = path.translate(None, _NOT_LETTERS)
            values = path.translate(_LETTERS_BLANK).split()
            if not operands and b"r" not in letters and len(values) == _path_numbers(letters):
                try:
                    floats = list(map(float, values))  # the usual case: all at once
                except ValueError:
                    pass
                else:
                    numbers.extend(floats)
                    ops.append(letters.decode())
                    continue
            for piece in _PATH_PIECE.finditer(path):  # one operator at a time
                numbers_run, each = piece.groups()
                _path_operator(ops, numbers, each, [*operands, *numbers_run.split()])
                operands = []
        elif operator:
            try:
                operands.extend(map(float, run.split()))
            except ValueError:
                operands, arrays = [], []
                continue  # not numbers: the operator is skipped
            if operator in _KEYWORDS:  # an operand in a dict or array, not an operator
                operands.append(_KEYWORDS[operator])
                continue
            if ops:
                program.append((PATH, ["".join(ops), numbers]))
                ops, numbers = [], array("d")
            while arrays:  # an operator inside an array: the array was never closed
                operands = arrays.pop()
            if len(program) >= budget.MAX_OPERATORS or len(operands) >= budget.MAX_OPERATORS:
                raise TooComplex(f"a drawing of more than {budget.MAX_OPERATORS:,} operators or numbers")
            program.append((operator, operands))
            operands = []
        elif loose:  # numbers before no operator: an array's, say, or a dict's
            try:
                operands.extend(map(float, loose.split()))
            except ValueError:
                operands.extend(v for v in map(_operand, _RUN_TOKEN.findall(loose)) if v is not None)
            if len(operands) > budget.MAX_OPERATORS:
                raise TooComplex(f"more than {budget.MAX_OPERATORS:,} numbers with no operator")
        elif token == b"[":
            arrays.append(operands)
            operands = []
        elif token == b"]":
            if arrays:
                inner, operands = operands, arrays.pop()
                operands.append(inner)
        else:
            value = _operand(token)
            if value is not None:
                operands.append(value)
    if ops:
        program.append((PATH, ["".join(ops), numbers]))
    return program


def _without_images(data: bytes) -> bytes:
    """The stream with each inline image (BI ... ID data EI) made the one operator ``BI``; the marks are
    looked for once each, from where the last was found, so that it takes time linear in the stream."""
    begin, data_mark, end = _IMAGE_MARKS
    kept: list[bytes] = []
    at = 0
    while (start := begin.search(data, at)) and (mid := data_mark.search(data, start.end())):
        stop = end.search(data, mid.end())
        if stop is None:
            break
        kept += [data[at : start.start()], b" BI "]
        at = stop.end()
    return b"".join([*kept, data[at:]])


_PATH_PIECE = re.compile(rb"([-+.\d\s]*)(re|[mlcvyh])")


def _path_numbers(letters: bytes) -> int:
    """How many numbers the path operators take."""
    two = letters.count(b"m") + letters.count(b"l")
    return (
        2 * two
        + 6 * letters.count(b"c")
        + 4 * (letters.count(b"v") + letters.count(b"y") + letters.count(b"r"))
    )


def _path_operator(ops: list[str], numbers: array[float], operator: bytes, values: list[Any]) -> None:
    """One path operator added to the path being built, a rectangle spelled out; one with too few
    operands, or ones that are not numbers, is skipped."""
    need = _path_numbers(operator)
    try:
        floats = [float(v) for v in values[len(values) - need :]] if need else []
    except (ValueError, TypeError):
        return
    if len(floats) < need:
        return
    if operator == b"re":
        x, y, w, h = floats
        numbers.extend((x, y, x + w, y, x + w, y + h, x, y + h))
        ops.append("mlllh")
    else:
        numbers.extend(floats)
        ops.append(operator.decode())


def stream_bytes(obj: Any, tally: list[int] | None = None) -> bytes:
    """A stream's decoded bytes, or the joined streams of an array (page /Contents may be either).
    Decoded without pypdf's cache on the stream object, which would keep every page's bytes alive.
    ``tally`` counts the bytes decoded so far, up to ``budget.MAX_DECODED``."""
    obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
    if isinstance(obj, ArrayObject):  # one page's parts, joined: at most budget.MAX_PAGE_DECODED
        parts, size = [], 0
        for part in obj:
            parts.append(stream_bytes(part, tally))
            size += len(parts[-1])
            if size > budget.MAX_PAGE_DECODED:  # one 70 MB stream named 40 times took 5 GB
                raise TooComplex(f"a page drawing more than {budget.MAX_PAGE_DECODED // 1_000_000} MB")
        return b"\n".join(parts)
    data = b""
    if isinstance(obj, StreamObject):
        data = decode_stream_data(obj) if "/Filter" in obj else obj.get_data()
    if tally is not None:
        tally[0] += len(data)
        if tally[0] > budget.MAX_DECODED:
            raise TooComplex(
                f"drawings of more than {budget.MAX_DECODED // 1_000_000:,} MB in all; {FAR_BELOW}"
            )
    return data


def ref_key(obj: Any) -> Any:
    """A key naming one PDF object for the document's caches: its object number when it has one."""
    ref = obj.indirect_reference if hasattr(obj, "indirect_reference") else None
    return (ref.idnum, ref.generation) if ref is not None else id(obj)
