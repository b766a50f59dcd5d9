"""Turn pydantic validation errors into one plain sentence each, for people who are not programmers."""

from __future__ import annotations

import re
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticCustomError

from .errors import Problem
from .kinds import GRID_NAMES
from .registry import suggest

Loc = tuple[int | str, ...]
_NUMBER = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")


def format_loc(loc: Loc) -> str:
    """``("mazes", 1, "size")`` -> ``mazes[1].size``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _shown(value: Any) -> str:
    if isinstance(value, str):
        if len(value) > 40:
            value = value[:37] + "..."
        return value if _NUMBER.match(value) else f'"{value}"'
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _models_in(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType, list, tuple, dict):
        return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]
    return []


def field_names(model: type[BaseModel], loc: Loc) -> list[str]:
    """The keys allowed at ``loc`` inside ``model`` (for did-you-mean hints on unknown keys)."""
    return sorted({name for m in field_names_models(model, loc) for name in m.model_fields})


def field_names_models(model: type[BaseModel], loc: Loc) -> list[type[BaseModel]]:
    """The models whose keys are allowed at ``loc`` inside ``model``."""
    models = [model]
    for part in loc:
        if isinstance(part, int):
            continue
        nxt: list[type[BaseModel]] = []
        for m in models:
            field = m.model_fields.get(part)
            if field is not None:
                nxt += _models_in(field.annotation)
        if not nxt:
            break
        models = nxt
    return models


def _other_forms(model: type[BaseModel], loc: Loc) -> str:
    """Where a word is wrong in a field that also takes a mapping (a maze's ``marks``, its ``shape``),
    that mapping's form, "{start: ..., end: ...}": the words alone were listed, and a newcomer never
    learnt of the other way to write it. "" for a field of words alone."""
    names = [part for part in loc if isinstance(part, str) and not part.startswith("~")]
    if not names or len(names) == len(loc):  # not a union's branch of words
        return ""
    forms = [
        "{" + ", ".join(f"{key}: ..." for key in inner.model_fields) + "}"
        for parent in field_names_models(model, tuple(names[:-1]))
        for field in [parent.model_fields.get(names[-1])]
        if field is not None
        for inner in _models_in(field.annotation)
    ]
    return ", or " + " or ".join(dict.fromkeys(forms)) if forms else ""


def _sections(model: type[BaseModel]) -> dict[tuple[str, ...], set[str]]:
    """Every section of ``model`` (its top, ``cover``, ``mazes``...) by its path, with its keys."""
    found: dict[tuple[str, ...], set[str]] = {}
    todo: list[tuple[tuple[str, ...], type[BaseModel]]] = [((), model)]
    while todo:
        path, here = todo.pop(0)
        if path in found or len(path) > 2:
            continue
        found[path] = set(here.model_fields)
        for name, field in here.model_fields.items():
            todo += [((*path, name), inner) for inner in _models_in(field.annotation)]
    return found


def _elsewhere(model: type[BaseModel], loc: Loc, key: str) -> str | None:
    """Where ``key``, unknown at ``loc``, is a key: a cover's paper written at the top of a spec, a
    book's belongs_to in a maze. Its section's own near spellings come second to the key itself."""
    here = tuple(str(part) for part in loc if not isinstance(part, int))
    homes = [path for path, keys in _sections(model).items() if key in keys and path != here]
    if not homes:
        return None
    home = min(homes, key=len)
    if home[:1] == ("mazes",):  # a maze's own, or its shape's
        inner = f" {home[1]}" if len(home) > 1 else ""
        place = f"under {home[1]}: in a maze" if inner else "in a maze, under mazes:"
        return f'"{key}" is a maze\'s{inner} setting: write it {place}'
    if home:
        return f'"{key}" is a {".".join(home)} setting: write it under {".".join(home)}:'
    where = "in a maze" if here[:1] == ("mazes",) else f"under {'.'.join(here)}:"
    return f'"{key}" is set for the whole book: write it at the top of the spec, not {where}'


def _is_length(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> bool:
    """Whether the field at ``loc`` is a length (``units.length`` reads it: 12pt, 0.5in, 10mm)."""
    from .units import length, margin

    info = None
    for key in loc:
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or key not in model.model_fields:
            return False
        info = model.model_fields[key]
        model = info.annotation  # type: ignore[assignment]
    return info is not None and any(getattr(m, "func", None) in (length, margin) for m in info.metadata)


RENAMED = {
    "solution_gray": (
        "solution_color",
        "the answer line is black by default; use solution_color (a name such as red, or #rrggbb) for "
        "another colour, and answer_wall_gray for the walls under it",
    ),
}
"""Keys a layout or spec once had, with the key that took each one's place and how to use it: a file
written for an older puzzlebook is told what to write now, not only that the key is unknown."""

SYNONYMS = {
    "trim": "page_size",
    "trim_size": "page_size",
    "paper_size": "page_size",
    "pagesize": "page_size",
    "blurb": "back",  # a cover's
    "description": "back",
    "colour": "background",
    "color": "background",
    "text_colour": "ink",
    "text_color": "ink",
    "rings": "size",  # a round maze's rings are its size (it was offered "options")
}
"""Other words for a key, as print-on-demand services and cover designers say them ("trim size", "blurb"),
spelt nothing alike; each hint given only where its key is one."""


CALLED = {
    "amazon": "kdp",
    "amazon-kdp": "kdp",
    "kdp-paperback": "kdp",
    "paperback": "kdp",
    "hardcover": "kdp-hardcover",
    "ingram": "ingramspark",
    "ingram-spark": "ingramspark",
    **{said: grid for grid, said in GRID_NAMES.items()},  # as the studio's list says them: rings, hexagons
    "round": "circle",
    "square": "rectangle",
    "hexagon": "hex",
    "kitten": "cat",  # and the shapes as a child names them
    "oval": "circle",
    "rhombus": "diamond",
}
"""Other names for a value, as people call the printers and the grids, spelt nothing like the value."""


REQUIRED = {"title": "title: My Maze Book", "mazes": "mazes: [{size: 15x15}]"}
"""What to write for each key a spec must have."""


AT_KEY = "at_key"
"""The kind of error a section's own check raises about one of its keys (``at_key``)."""


def at_key(key: str, message: str) -> PydanticCustomError:
    """An error a check of a whole section (a maze's entry) finds at one of its keys (``size``,
    ``marks.end``): told at that key, on its line, as a key's own check would tell it
    (``mazes[2].size: ...``, where it said ``mazes[2]: size: ...``)."""
    return PydanticCustomError(AT_KEY, "{message}", {"key": key, "message": message})


MAPPINGS = ("model_type", "dict_type", "model_attributes_type")
"""pydantic's errors for a value that is not the mapping a key takes."""


def _shorn(loc: Loc) -> Loc:
    """A location without validator and union-branch names: they mean nothing to the reader."""
    return tuple(p for p in loc if not (isinstance(p, str) and p.startswith(("function-", "~"))))


def describe(error: Any, model: type[BaseModel] | None = None) -> str:
    """One sentence for one pydantic error: what is wrong and what would be right."""
    kind = error["type"]
    value = error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        key = str(error["loc"][-1])
        names = field_names(model, error["loc"][:-1]) if model else []
        if key in RENAMED and RENAMED[key][0] in names:
            return f"is no longer a key: {RENAMED[key][1]}"
        if model and key not in names and (home := _elsewhere(model, error["loc"][:-1], key)):
            return home
        if SYNONYMS.get(key) in names:
            return f'unknown key "{key}". Did you mean "{SYNONYMS[key]}"?'
        if key.startswith("-") and key.lstrip("- "):  # "-size: 12x12": a list item without its space
            return (
                f'unknown key "{key}": a list item starts with a dash and a space, indented under its list '
                f'(mazes:), such as "  - {key.lstrip("- ")}: ..."'
            )
        hint = suggest(key, names) or (f" Allowed: {', '.join(names)}." if names else "")
        return f'unknown key "{key}".{hint}'
    if kind == "missing":  # the book's own keys with what to write (the studio showed the bare words)
        example = REQUIRED.get(str(error["loc"][-1])) if error["loc"] and len(error["loc"]) == 1 else None
        return (
            f"is required but missing: write it, such as {example}" if example else "is required but missing"
        )
    if kind == "literal_error":
        expected = str(ctx.get("expected", "one of the listed values"))
        choices = re.findall(r"'([^']*)'", expected)
        hint = suggest(str(value), choices) if isinstance(value, str) else ""
        other = CALLED.get(value.strip().casefold()) if isinstance(value, str) else None
        if other in choices:  # printer: amazon, grid: rings: the name people use, before a near spelling
            hint = f' Did you mean "{other}"?'
        said = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
        age = re.fullmatch(r"\s*(?:age[- ]?)?(\d{1,3})\s*", said, re.IGNORECASE)  # age6, age 6, 6
        ages = {int(c[4:]): c for c in choices if re.fullmatch(r"age-\d+", c)}
        if ages and said.strip().lower() in ("easy", "medium", "hard"):  # the book's difficulty is an age
            band = said.strip().lower()
            hint = (
                f" A book's difficulty is an age; {band} is for a maze: write difficulty: {band} in its entry"
            )
        if age and ages:  # age-5 is between age-4 and age-6, not "age-8" by its letters
            n = int(age[1])
            nearest = sorted(ages, key=lambda a: (abs(a - n), a))
            pair = sorted(nearest[:2]) if abs(nearest[0] - n) == abs(nearest[1] - n) else nearest[:1]
            hint = " Did you mean " + " or ".join(f'"{ages[a]}"' for a in pair) + "?"
        also = _other_forms(model, error["loc"]) if model else ""
        single = re.fullmatch(r", or \{(\w+): \.\.\.\}", also)  # shape: Emma, meant as {text: Emma}
        if single and not hint and said.strip():  # text:Mia, as --shape takes it: {text: Mia}
            word = re.sub(rf"^\s*{single[1]}\s*:\s*", "", said).strip() or said.strip()
            hint = f" Did you mean {{{single[1]}: {word}}}?" if len(word) <= 40 else ""  # a word, not a page
        return f"expected {expected}{also}, got {_shown(value)}.{hint}".rstrip(".")
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {
            "greater_than_equal": "at least",
            "greater_than": "more than",
            "less_than_equal": "at most",
            "less_than": "less than",
        }[kind]
        bound = next(iter(ctx.values()))
        if _is_length(model, error["loc"]):  # the bound is in points, the value in any unit
            from .units import length as points

            inches = f" ({bound / 72:g} in)" if bound >= 36 else ""
            given = f"{points(value):g} pt"
            if isinstance(value, str) and re.search(r"[a-z]\s*$", value, re.IGNORECASE):
                given = f"{value.strip()} ({given})"  # 5in (360 pt)
            return f"must be {words} {bound:g} pt{inches}, got {given}"
        shown = f"{bound:,}" if isinstance(bound, int) else f"{bound:g}"  # a seed's bound, not 9.22337e+18
        return f"must be {words} {shown}, got {_shown(value)}"
    if kind in ("float_parsing", "float_type"):
        return f"expected a number such as 0.5, got {_shown(value)}"
    if kind == "int_parsing_size":
        return "is far too large a number"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"expected a whole number, got {_shown(value)}"
    if kind in ("bool_parsing", "bool_type"):
        near = suggest(value, ["true", "false"]) if isinstance(value, str) else ""
        return f"expected true or false, got {_shown(value)}.{near}".rstrip(".")
    if kind in ("string_type",):
        return f"expected text, got {_shown(value)}"
    if kind in ("list_type",):
        return f"expected a list (one item a line, each starting with '- '), got {_shown(value)}"
    if kind in MAPPINGS:
        said = f"expected a mapping of keys to values, got {_shown(value)}"
        glued = re.fullmatch(r"\s*([A-Za-z_]\w*):(\S.*)", value) if isinstance(value, str) else None
        if glued:  # "size:12x12": YAML needs a space after the colon
            return f'{said}; put a space after the colon: "{glued[1]}: {glued[2].strip()}"'
        return said
    if kind in ("too_short", "string_too_short") and isinstance(value, str) and not value.strip():
        return "is empty: write it, or leave the key out for its default"
    if kind == "too_short" and isinstance(value, list):
        least = ctx.get("min_length", 1)
        return f"needs at least {least} {'entry' if least == 1 else 'entries'}; the list is empty"
    if kind in ("string_too_long", "too_long"):
        length = len(value) if isinstance(value, str | list) else ctx.get("actual_length")
        unit = "items" if isinstance(value, list) else "characters"
        return f"is {length} {unit} long; the limit is {ctx.get('max_length')}"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    if kind == AT_KEY:
        return str(ctx["message"])
    return f"{error['msg'][0].lower()}{error['msg'][1:]}, got {_shown(value)}"


def errors_of(exc: ValidationError, model: type[BaseModel] | None = None) -> list[tuple[Loc, str]]:
    """(location, sentence) for every error, in order, without pydantic's union-branch noise."""
    out: list[tuple[Loc, str]] = []
    seen: set[tuple[Loc, str]] = set()
    errors = exc.errors(include_url=False)
    # "Title: T" is one slip, not two: an unknown key that is a missing one in other letters says it
    typed = {
        (error["loc"][:-1], str(error["loc"][-1]).casefold())
        for error in errors
        if error["type"] == "extra_forbidden"
    }
    # "options:" with nothing under it and an unknown "bias:" beside it is one slip: an indent short
    empty = {_shorn(e["loc"]) for e in errors if e["type"] in MAPPINGS and e.get("input") is None}
    beside = {
        _shorn(e["loc"])[:-1] for e in errors if e["type"] == "extra_forbidden" and _shorn(e["loc"])[:-1]
    }
    for error in errors:
        if error["type"] == "missing" and (error["loc"][:-1], str(error["loc"][-1]).casefold()) in typed:
            continue
        loc = _shorn(error["loc"])
        if error["type"] == AT_KEY:
            loc += tuple(error["ctx"]["key"].split("."))
        said = describe(error, model)
        if loc in empty and loc[:-1] in beside:
            said += f"; the keys that belong under {loc[-1]}: go on the lines after it, indented further"
        if error["type"] == "extra_forbidden" and (under := [e[-1] for e in empty if e[:-1] == loc[:-1]]):
            said += f" (if it belongs under {under[0]}:, indent it further than {under[0]}:)"
        item = (loc, said)
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def option_problems(exc: ValidationError, model: type[BaseModel], owner: str) -> list[Problem]:
    """Problems for a flat option set: ``hunt-and-kill option "scan": expected ...``."""
    problems = []
    for loc, message in errors_of(exc, model):
        if message.startswith("unknown key"):
            problems.append(Problem(owner, message.replace("unknown key", "unknown option", 1)))
        else:
            problems.append(Problem(f'{owner} option "{format_loc(loc)}"', message))
    return problems
