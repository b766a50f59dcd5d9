"""ISBNs: checked as a spec gives them, the 13 digits a barcode carries, and the one form a book prints
on its copyright page and its cover. Plain functions, so a page that prints an ISBN loads no spec."""

from __future__ import annotations


def isbn_checked(value: str) -> str:
    """An ISBN-10 or ISBN-13 whose check digit is right: a wrong one on a printed book cannot be undone."""
    digits = value.replace("-", "").replace(" ", "").upper()
    if len(digits) == 13 and _plain(digits):
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    elif len(digits) == 10 and _plain(digits[:9]) and (_plain(digits[9]) or digits[9] == "X"):
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        total = 0 if total % 11 == 0 else 1
    else:
        raise ValueError(f'expected an ISBN of 10 or 13 digits such as 978-0-306-40615-7, got "{value}"')
    if total % 10:
        raise ValueError(f'"{value}" is not a valid ISBN: its check digit is wrong; copy it again')
    return value


def _plain(digits: str) -> bool:
    """Digits 0 to 9 alone: ``isdigit`` takes Arabic-Indic and superscript ones too, which a barcode
    cannot carry (the cover's failed with a traceback)."""
    return digits.isascii() and digits.isdigit()


def ean13(isbn: str) -> str:
    """The 13 digits an ISBN's barcode carries: an ISBN-10 becomes 978 + its nine digits + a new check."""
    digits = isbn.replace("-", "").replace(" ", "").upper()
    if len(digits) == 13:
        return digits
    body = "978" + digits[:9]
    check = (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body)) % 10) % 10
    return body + str(check)


def isbn_printed(isbn: str) -> str:
    """The ISBN as the book prints it, on its copyright page and over the cover's bars alike: as the
    spec writes it where that is the 13-digit ISBN, else its 13 digits (an ISBN-10 printed as written
    on the copyright page and as 978... on the cover read as two ISBNs)."""
    digits = ean13(isbn)
    return isbn if digits == isbn.replace("-", "").replace(" ", "") else digits
