"""puzzlebook: print-ready PDF puzzle books of mazes from a short YAML spec."""

__version__ = "0.1.0"
