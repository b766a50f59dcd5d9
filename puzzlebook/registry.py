"""A name -> thing registry with did-you-mean hints, shared by generators and layout presets."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def suggest(name: str, choices: list[str]) -> str:
    """A ' Did you mean "x"?' suffix, or '' when nothing is close. "none" only for a near spelling of
    it: `pictures: unicorn` was asked whether it meant "none"."""
    close = difflib.get_close_matches(name.lower(), [c for c in choices if c != "none"], n=1, cutoff=0.5)
    if not close and "none" in choices:
        close = difflib.get_close_matches(name.lower(), ["none"], n=1, cutoff=0.75)
    return f' Did you mean "{close[0]}"?' if close else ""


def in_any_case(name: Any, names: Collection[str]) -> Any:
    """``name`` as it is listed, read in any case (``Wilson``, ``Handout``), as every word a spec chooses
    from a list is; anything else is left as it is, to be refused or read as something else (a file)."""
    lowered = name.strip().lower() if isinstance(name, str) else name
    return lowered if lowered in names else name


class UnknownName(KeyError):
    """Raised by ``Registry.get``; its text is a complete, user-facing sentence."""

    def __str__(self) -> str:
        return str(self.args[0])


class Registry(Generic[T]):
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}

    def register(self, name: str) -> Callable[[T], T]:
        def add(item: T) -> T:
            if name in self._items:
                raise ValueError(f"{self.kind} {name!r} registered twice")
            self._items[name] = item
            return item

        return add

    def get(self, name: str) -> T:
        try:
            return self._items[name]
        except KeyError:
            names = self.names()
            hint = suggest(name, names) or f" Choose one of: {', '.join(names)}."
            raise UnknownName(f'unknown {self.kind} "{name}".{hint}') from None

    def spelled(self, name: Any) -> Any:
        """``name`` as registered, in any case it is written."""
        return in_any_case(name, self._items)

    def names(self) -> list[str]:
        return sorted(self._items)

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())
