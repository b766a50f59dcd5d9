"""How a note says a list: names ("Ana, Ben and Chloé"), numbers as spans ("1-3, 7"), a count of pages."""

from __future__ import annotations


def for_names(names: list[str]) -> str:
    """Whose mazes a note tells of: " for Ana", " for Ana and Ben" (``listed``)."""
    return f" for {listed(names)}" if names else ""


def listed(names: list[str]) -> str:
    """Names as a note lists them: "Ana", "Ana and Ben", "Ana, Ben, Chloé and Dan", and past four
    "Ana, Ben, Chloé and 4 more"."""
    if len(names) > 4:
        return f"{', '.join(names[:3])} and {len(names) - 3} more"
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def spans(numbers: list[int]) -> str:
    """1, 2, 3, 7 -> "1-3, 7"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def counted_pages(n: int) -> str:
    """3 -> "3 pages", 1 -> "1 page"."""
    return f"{n} page{'s' * (n != 1)}"
