"""Outputs of a planned book or a single puzzle: PDF (reportlab lives only here), text."""
