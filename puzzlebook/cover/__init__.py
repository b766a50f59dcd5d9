"""A book's wrap cover: its sizes from the printer's paper table (``sizes``), the wrap planned as
numbers (``plan``), and the checks a built cover is held to (``check``). Drawing is in ``render.cover``."""
