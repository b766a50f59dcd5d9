"""PNG files written byte by byte, for the mask pictures a spec may name: any size, bit depth, colour
type and interlacing, all pixels zero (black, or transparent where there is alpha), so a picture of
millions of pixels is a few kilobytes on disk and is made in the test rather than kept in the tree."""

from __future__ import annotations

import struct
import zlib

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # gray, RGB, palette, gray+alpha, RGBA
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _rows(width: int, height: int, bits: int, interlaced: bool) -> list[tuple[int, int]]:
    """(rows, bytes a row with its filter byte) of the image data, pass by pass when interlaced."""
    passes = ADAM7 if interlaced else ((0, 0, 1, 1),)
    runs = []
    for x0, y0, dx, dy in passes:
        w, h = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if w > 0 and h > 0:
            runs.append((h, 1 + (w * bits + 7) // 8))
    return runs


def png(width: int, height: int, depth: int = 8, color: int = 0, interlaced: bool = False) -> bytes:
    """A PNG of ``width`` x ``height`` zero pixels of the given bit depth and colour type."""
    bits = depth * CHANNELS[color]
    header = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, int(interlaced))
    size = sum(rows * row for rows, row in _rows(width, height, bits, interlaced))  # filter 0, then zeros
    palette = _chunk(b"PLTE", bytes(3)) if color == 3 else b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + palette
        + _chunk(b"IDAT", zeros(size))
        + _chunk(b"IEND", b"")
    )


def zeros(count: int) -> bytes:
    """A zlib stream of ``count`` zero bytes, as small as level 9 makes it, made from one compressed
    megabyte repeated: each ends in a full flush, so it stands alone (compressing 160 MB of zeros took
    0.8 s a picture). Adler-32 of n zeros is (n mod 65521) << 16 | 1."""
    whole, rest = divmod(count, MEGABYTE)
    one = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = one.compress(bytes(MEGABYTE)) + one.flush(zlib.Z_FULL_FLUSH)
    last = zlib.compressobj(9, zlib.DEFLATED, -15)
    end = last.compress(bytes(rest)) + last.flush()
    return b"\x78\xda" + block * whole + end + struct.pack(">I", (count % 65521) << 16 | 1)


MEGABYTE = 1 << 20


def in_pieces(data: bytes, pieces: int) -> bytes:
    """The PNG ``data`` with ``pieces`` empty IDAT chunks before its own: the same picture, in as many
    parts as a file of its size can hold."""
    return data[:33] + _chunk(b"IDAT", b"") * pieces + data[33:]  # after the signature and IHDR


def header_only(width: int, height: int) -> bytes:
    """A PNG that claims any size and holds no pixels: what its header says is all puzzlebook may read."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"") + _chunk(b"IEND", b"")
