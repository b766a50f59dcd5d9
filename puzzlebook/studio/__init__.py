"""puzzlebook studio: make a book in the browser (see ``server``)."""

from .server import serve

__all__ = ["serve"]
