"""Layout presets: loading a preset or a layout file (YAML overlaid on the defaults, the settings as
``settings.Layout`` holds them), with every problem reported at once with its line.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from pydantic import (
    ValidationError,
)

from ..errors import At, Problem, SpecError, Where
from ..fields import MAX_FALLBACKS
from ..inputs import read_bytes, read_text
from ..letters import FONT_FILES
from ..messages import Loc, errors_of
from ..registry import in_any_case, suggest
from ..settings import (
    BUNDLED_FONTS,
    FONT_MAGIC,
    Layout,
)
from ..yamlread import parse_yaml, sort_problems


class SpecFile(Protocol):
    """What a layout needs of the spec that names it (a ``spec.Spec``): where its keys are written, its
    folder, and its own fallback fonts."""

    @property
    def path(self) -> Path: ...

    def where(self, *loc: int | str) -> At: ...

    @property
    def fallback_fonts(self) -> list[str]: ...


def preset_names() -> list[str]:
    return sorted(
        p.name[:-5] for p in resources.files("puzzlebook.layouts").iterdir() if p.name.endswith(".yaml")
    )


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        out[key] = (
            _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
        )
    return out


def _preset_data(name: str) -> dict[str, Any]:
    text = (resources.files("puzzlebook.layouts") / f"{name}.yaml").read_text(encoding="utf-8")
    data, _, _ = parse_yaml(text, f"{name}.yaml")
    return dict(data or {})


def _beside(folder: Path, name: str) -> bool:
    """Whether a file of this plain name is in ``folder``, for a hint: a name that leads elsewhere
    ("../../etc/x") is not looked for (the hint told a shared spec which files exist outside its
    folder), and one too long for a file name is none (it failed with a traceback)."""
    if not FILE_NAME.fullmatch(name):
        return False
    try:
        return (folder / name).is_file()
    except OSError:
        return False


FILE_NAME = re.compile(r"[^./\\\x00][^/\\\x00]{0,200}")
"""A file's name alone: no folder, not hidden, and at most 201 characters."""


def load_layout(name: str, spec: SpecFile | None = None, overrides: dict[str, Any] | None = None) -> Layout:
    """A preset by name, or a layout file (path relative to the spec); ``base: NAME`` overlays a preset.

    ``overrides`` are settings the spec gives for its own book (page_size, bleed, mazes_per_page); they
    are checked like the layout's own, and their errors point at the spec's lines. Font paths are
    relative to the layout file, and every font file is checked here, so `validate` finds what `build`
    would."""
    where = spec.where("layout") if spec else "layout"
    names = preset_names()
    lines: dict[Loc, int] = {}
    layout_files: list[Path] = []
    unbased: list[Problem] = []  # a base that is no preset (told with the layout's other problems)
    folder = spec.path.parent if spec else Path(".")
    name = in_any_case(name, names)  # Handout, Activity-Book; else a file it may name
    if name in names:
        data, fname = _preset_data(name), f"{name}.yaml"
    elif name.endswith((".yaml", ".yml")):
        path = folder / name
        try:
            text, _ = read_text(path, "layout", where, folder if spec else None, name)
        except SpecError as exc:  # the usual slip: a preset's name typed as a file
            hint = f"; or use a preset: {', '.join(names)}"
            raise SpecError(
                [Problem(p.where, p.message + hint * ("not found" in p.message)) for p in exc.problems]
            ) from None
        data, lines, problems = parse_yaml(text, path.name)
        if problems:
            raise SpecError(problems)
        if not isinstance(data, dict):
            what = "is empty" if data is None else "is a list"
            raise SpecError(
                [Problem(Where(path.name, 1), f"this layout {what}; a layout holds `key: value` lines")]
            )
        fname, folder = path.name, path.parent
        layout_files.append(path)
        base = data.pop("base", None)
        if base is not None:
            base = in_any_case(base, names)
            if base not in names:  # told with the layout's other problems, its keys checked on their own
                hint = suggest(str(base), names) or f" Presets: {', '.join(names)}."
                at = Where(fname, lines.get(("base",), 1), "base")
                unbased.append(Problem(at, f'unknown preset "{base}".{hint}'))
            else:
                merged = _merge(_preset_data(base), data)
                if "instructions" in data and "instructions_unmarked" not in data:
                    merged.pop("instructions_unmarked", None)  # their own line is for every page
                data = merged
    else:
        own = next((f"{name}{ext}" for ext in (".yaml", ".yml") if _beside(folder, f"{name}{ext}")), None)
        hint = (
            f' Did you mean "{own}"? A layout file is named with its .yaml.'
            if own
            else suggest(name, names) or f" Presets: {', '.join(names)}; or the name of a .yaml file."
        )
        raise SpecError([Problem(where, f'unknown layout "{name}".{hint}')])
    data = {**data, **(overrides or {})}
    places: dict[str, At] = {
        str(loc[0]): Where(fname, line, str(loc[0])) for loc, line in lines.items() if len(loc) == 1
    }
    if spec is not None:
        places.update({key: spec.where(key) for key in overrides or {}})
    fallbacks = data.get("fallback_fonts")
    named = [(places.get(key, where), data.get(key), folder) for key in ("font", "bold_font")] + [
        (Where(fname, lines.get(("fallback_fonts", i), 1), f"fallback_fonts[{i}]"), font, folder)
        for i, font in enumerate(fallbacks[:MAX_FALLBACKS] if isinstance(fallbacks, list) else [])
    ]  # past the limit, the model says there are too many: none are read
    if spec is not None:  # the spec's fallback fonts add to the layout's, relative to the spec
        named += [
            (spec.where("fallback_fonts", i), font, spec.path.parent)
            for i, font in enumerate(spec.fallback_fonts)
        ]
    fonts, files, problems = _fonts(named)
    problems += unbased
    try:
        layout = Layout.model_validate(data)
    except ValidationError as exc:
        for loc, msg in errors_of(exc, Layout):
            if spec is not None and loc and loc[0] in (overrides or {}):
                problems.append(Problem(spec.where(*loc), msg))
                continue
            line = lines.get(loc[:1], 1) if lines else 1
            problems.append(Problem(Where(fname, line, ".".join(map(str, loc))), msg))
    if problems:
        raise SpecError(sort_problems(problems)) from None
    layout = layout.model_copy(
        update={
            "font": fonts[0] or layout.font,
            "bold_font": fonts[1] or layout.bold_font,
            "fallback_fonts": fonts[2:],
        }
    )
    fallback_places = {f"fallback_fonts[{i}]": at for i, (at, _, _) in enumerate(named[2:])}
    layout._where = {**places, **fallback_places, "": where}
    layout._said = {}
    layout._files = (*layout_files, *files)
    return layout


def _fonts(named: list[tuple[At, Any, Path]]) -> tuple[list[Any], list[Path], list[Problem]]:
    """Fonts, each given as (where it is named, name or path, the folder a path is relative to): each file
    is read once here and checked to be a font that can be embedded, so `validate` reports it with the
    layout's other problems. Returns each font as a bundled name or a file's real path."""
    fonts: list[Any] = []
    files: list[Path] = []
    problems: list[Problem] = []
    for at, font, folder in named:
        fonts.append(font)
        if not isinstance(font, str) or font in BUNDLED_FONTS:  # the model reports a wrong type
            continue
        # never opened unless named as a font file: a font may be read from anywhere (/usr/share/fonts,
        # ~/.local/share/fonts), and a shared spec naming /root/.bashrc as one was told what it was
        if not font.lower().endswith(FONT_FILES):
            key = at.key if isinstance(at, Where) else at  # font, bold_font, fallback_fonts[0]
            written = f"{key.split('[')[0]}: [{font}.ttf]" if "[" in key else f"{key}: {font}.ttf"
            bare = font == Path(font).name and "." not in font and "\\" not in font  # "Arial": a font's name
            example = f" ({written})" if bare else ""
            problems.append(
                Problem(
                    at,
                    f'font "{font}" is not a font file: a font is a .ttf, .otf or .ttc file, named from the '
                    f"folder of the file that names it{example}, or one of {', '.join(BUNDLED_FONTS)}",
                )
            )
            continue
        try:
            source = read_bytes(folder / font, "font", at, shown=font)
        except SpecError as exc:
            problems += exc.problems
            continue
        wrong = _not_embeddable(source.data)
        if wrong:
            problems.append(Problem(at, f'"{font}" {wrong}'))
        fonts[-1] = str(source.real)
        files.append(source.path)
    return fonts, files, problems


def _not_embeddable(data: bytes) -> str | None:
    """Why a file is no font puzzlebook can embed, from its first bytes (of its first font, in a .ttc)."""
    head = data[:4]
    if head == b"ttcf" and len(data) >= 16:
        first = int.from_bytes(data[12:16], "big")
        head = data[first : first + 4]
    if head not in (*FONT_MAGIC, b"OTTO"):  # PostScript (CFF) outlines are converted (render.outlines)
        return "is not a TrueType or OpenType font (.ttf, .otf, .ttc)"
    return None


# ---- the plan ------------------------------------------------------------------------------------
