"""Reading a built cover back: its barcode's bars decoded from their widths, its letters' boxes."""

from __future__ import annotations

from pypdf import PdfReader

from puzzlebook.pdfread import Document

L_CODES = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]  # fmt: skip
R_CODES = ["".join("1" if b == "0" else "0" for b in code) for code in L_CODES]
G_CODES = [code[::-1] for code in R_CODES]
FIRST = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def bars(path, box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """(x, width) of every black filled rectangle inside ``box`` (x0, y0, x1, y1), left to right."""
    page = Document(PdfReader(path)).page(0)
    x0, y0, x1, y1 = box
    found = [
        (s.x0, s.x1 - s.x0)
        for s in page.shapes
        if s.kind == "rect"
        and s.fill
        and s.fill_color == (0.0,)
        and x0 <= s.x0
        and s.x1 <= x1
        and y0 <= s.y0
        and s.y1 <= y1
    ]
    return sorted(found)


def modules(found: list[tuple[float, float]]) -> str:
    """The bars as EAN-13's 95 modules, 1 dark and 0 light, from their positions and widths alone."""
    unit = min(width for _, width in found)
    start = found[0][0]
    end = max(x + width for x, width in found)
    count = round((end - start) / unit)
    cells = ["0"] * count
    for x, width in found:
        first = round((x - start) / unit)
        for i in range(first, first + round(width / unit)):
            cells[i] = "1"
    return "".join(cells)


def decode_ean13(code: str) -> str:
    """The 13 digits an EAN-13's modules carry, checked against its guards and its check digit."""
    assert len(code) == 95, len(code)
    assert code[:3] == "101" and code[45:50] == "01010" and code[92:] == "101", "guards"
    left, right = code[3:45], code[50:92]
    digits, parity = [], ""
    for i in range(6):
        chunk = left[7 * i : 7 * i + 7]
        if chunk in L_CODES:
            digits.append(L_CODES.index(chunk))
            parity += "L"
        else:
            digits.append(G_CODES.index(chunk))
            parity += "G"
    for i in range(6):
        digits.append(R_CODES.index(right[7 * i : 7 * i + 7]))
    all_digits = [FIRST.index(parity), *digits]
    assert sum(d * (3 if i % 2 else 1) for i, d in enumerate(all_digits)) % 10 == 0, "check digit"
    return "".join(map(str, all_digits))


def chars(path) -> list:
    """Every letter the cover draws, with its box on the page."""
    return Document(PdfReader(path)).page(0).chars
