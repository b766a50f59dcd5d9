"""The safe YAML reader of specs and layouts: line numbers kept for every key, limits on nesting,
aliases and values, no tags, and YAML's slips told with their fix.

Plain words are read with YAML 1.2 rules, so ``title: no`` is the word "no" and ``title: 12:30`` is
"12:30", not False and 750 as YAML 1.1 would have them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NoReturn

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

try:
    from yaml._yaml import CParser

    LIBYAML = True
except ImportError:  # PyYAML built without libyaml: the Python reader alone
    LIBYAML = False

from .errors import Problem, SpecError, Where
from .messages import Loc, format_loc


def where(name: str, lines: dict[Loc, int], *loc: int | str) -> Where:
    """``book.yaml:14: mazes[1].size``: the nearest line known for ``loc``."""
    probe: Loc = tuple(loc)
    while probe and probe not in lines:
        probe = probe[:-1]
    return Where(name, lines.get(probe, 1), format_loc(tuple(loc)) if loc else "")


MAX_DEPTH = 24
"""Levels of nesting a spec or layout may use; a real one uses five."""


MAX_VALUES = 100_000
"""Values a spec or layout's aliases (``*name``) may add once expanded: a few kilobytes of aliases to
aliases could otherwise stand for billions of values."""


MAX_NODES = 50_000
"""Values a spec or layout may write out, aliases aside: reading them costs about 35 us each here
(1.75 s for 50,000), so this bounds the reader's own time. A real book of 1,000 mazes and a class of
1,000 holds about 20,000; a list of 8,000 mazes is told by the book's limit on mazes."""


_STR, _NULL, _MERGE = (f"tag:yaml.org,2002:{t}" for t in ("str", "null", "merge"))


_PLAIN_TAGS = {_STR, _NULL, _MERGE, "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}


class _Refused(yaml.MarkedYAMLError):
    """Valid YAML that a spec may not be: too deep, or too many values behind its aliases."""


class _Counted(Composer):
    """The composer of both readers below, counting as it goes: nesting, values written out, and values
    behind aliases, so a hostile file is refused before it costs anything."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.values = 0  # nodes so far, each alias counted as all it stands for
        self.nodes = 0  # nodes written out
        self.added = 0  # nodes the aliases stand for
        self.sizes: dict[int, int] = {}

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event: Any = self.peek_event()  # type: ignore[attr-defined]
        if isinstance(event, yaml.AliasEvent):
            node = super().compose_node(parent, index)
            added = self.sizes.get(id(node), 1)
            self.values += added
            self.added += added
            if self.added > MAX_VALUES:
                _refuse(f"aliases (*name) expand to more than {MAX_VALUES:,} values", event)
            return node
        self.depth += 1
        if self.depth > MAX_DEPTH:
            _refuse(f"nested more than {MAX_DEPTH} levels deep", event)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            _refuse(f"holds more than {MAX_NODES:,} values; a book needs a few thousand at most", event)
        before = self.values
        node = super().compose_node(parent, index)
        self.depth -= 1
        self.values += 1
        self.sizes[id(node)] = self.values - before
        return node


class _Loader(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Counted, SafeConstructor, Resolver
):
    """PyYAML's own reader, in Python: its words for a mistake are the ones ``_YAML_PROBLEMS`` turns
    into fixes, so a spec that does not read is read again by it.

    Every plain scalar is read as text (except an empty value, ``null`` and ``<<``): the spec's model
    then converts text to the type each key needs, so ``title: no`` stays "no", ``title: 007`` stays
    "007" and ``author: 12:30`` stays "12:30", while ``seed: 7`` and ``answer_key: yes`` still become 7
    and True. YAML 1.1's guesses never reach the book.
    """

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Counted.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)


_FastLoader: Any = None
if LIBYAML:

    class _FastLoader(CParser, SafeConstructor, Resolver):  # type: ignore[no-redef]
        """The same reading on libyaml's parser and composer (bundled with PyYAML's wheels), its
        limits counted first by ``_counted`` over libyaml's events: the largest spec allowed (1 MB,
        50,000 values) is read in a fifth of the time, and the studio checks any spec within a second."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)


def _counted(text: str) -> None:
    """The limits ``_Counted`` keeps, counted over libyaml's events alike (the same values, refused
    at the same place), before libyaml composes the nodes."""
    events = CParser(text)
    depth = values = nodes = added = 0
    starts: list[tuple[int, str | None]] = []  # values before each open collection, and its anchor
    sizes: dict[str, int] = {}  # values behind each anchor
    try:
        next_event: Callable[[], Any] = events.get_event
        while (event := next_event()) is not None:
            kind = type(event)
            if kind is yaml.AliasEvent:
                more = sizes.get(event.anchor, 1)
                values += more
                added += more
                if added > MAX_VALUES:
                    _refuse(f"aliases (*name) expand to more than {MAX_VALUES:,} values", event)
            elif (
                kind is yaml.ScalarEvent or kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent
            ):
                if depth + 1 > MAX_DEPTH:
                    _refuse(f"nested more than {MAX_DEPTH} levels deep", event)
                nodes += 1
                if nodes > MAX_NODES:
                    _refuse(
                        f"holds more than {MAX_NODES:,} values; a book needs a few thousand at most", event
                    )
                if kind is yaml.ScalarEvent:
                    values += 1
                    if event.anchor is not None:
                        sizes[event.anchor] = 1
                else:
                    depth += 1
                    starts.append((values, event.anchor))
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                depth -= 1
                values += 1
                before, anchor = starts.pop()
                if anchor is not None:
                    sizes[anchor] = values - before
    finally:
        events.dispose()


def _refuse(message: str, event: Any) -> NoReturn:
    raise _Refused(None, None, message, event.start_mark)


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag in (_NULL, _MERGE)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
if _FastLoader is not None:
    _FastLoader.yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers


def _walk(
    node: yaml.Node,
    loc: Loc,
    lines: dict[Loc, int],
    problems: list[tuple[Loc, int, str]],
    within: frozenset[int] = frozenset(),
) -> None:
    """Record the line of every key path; report keys given twice (YAML keeps only the last), keys left
    out, and tags. Runs before construction, which rewrites merge keys (``<<: *base``) in place.
    ``within`` holds the lists and mappings this node is inside: an alias to one of them (``mazes: &a
    [*a]``) would make the spec endless."""
    lines[loc] = node.start_mark.line + 1
    if id(node) in within:
        problems.append((loc, node.start_mark.line + 1, "holds itself through an alias (*name inside &name)"))
        return
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode):
        within = within | {id(node)}
    if node.tag not in _PLAIN_TAGS:
        problems.append(
            (
                loc,
                node.start_mark.line + 1,
                f'the YAML tag "{_short_tag(node.tag)}" has no use here; remove it',
            )
        )
        return
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if key_node.tag == _MERGE:
                for base in value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]:
                    _merged_lines(base, loc, lines)
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _NULL:
                what = "a key is missing before the ':'" if key_node.tag == _NULL else "a key must be a word"
                problems.append((loc, line, f"{what} (write key: value)"))
                continue
            key = str(key_node.value)
            if _SURROGATE.search(key):
                problems.append((loc, line, f"a key {_HALF}"))
                continue
            if key in seen:
                problems.append(((*loc, key), line, f"appears twice (also on line {seen[key]}); keep one"))
            seen[key] = line
            lines[(*loc, key)] = line
            _walk(value_node, (*loc, key), lines, problems, within)
            lines[(*loc, key)] = line  # point at the key, not at its value
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            if type(item) is yaml.ScalarNode and item.tag == _STR and not _SURROGATE.search(item.value):
                lines[(*loc, i)] = item.start_mark.line + 1  # a plain item (a name): all there is to do
            else:
                _walk(item, (*loc, i), lines, problems, within)
    elif isinstance(node, yaml.ScalarNode) and _SURROGATE.search(str(node.value)):
        problems.append((loc, node.start_mark.line + 1, _HALF))


_SURROGATE = re.compile("[\ud800-\udfff]")


_HALF = (
    "holds half of a character (U+D800 to U+DFFF, from a \\u escape), which nothing can print or save: "
    "write the character itself"
)


def _merged_lines(base: yaml.Node, loc: Loc, lines: dict[Loc, int]) -> None:
    """Lines of keys that come from a merged mapping, where the entry does not set them itself."""
    if isinstance(base, yaml.MappingNode):
        for key_node, _ in base.value:
            lines.setdefault((*loc, str(key_node.value)), key_node.start_mark.line + 1)


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _compose(text: str) -> tuple[Any, yaml.Node | None]:
    """The document's nodes and their loader (to construct them with), by libyaml's parser where there
    is one; a text it cannot read is read again by PyYAML's, whose words say what to fix."""
    if _FastLoader is not None:
        try:
            _counted(text)
            fast = _FastLoader(text)
        except _Refused:
            raise  # the limits are counted alike by both: told at once
        except (yaml.YAMLError, UnicodeError, ValueError):
            pass
        else:
            try:
                return fast, fast.get_single_node()
            except (yaml.YAMLError, UnicodeError, ValueError):
                fast.dispose()
    loader = _Loader(text)
    try:
        return loader, loader.get_single_node()
    except BaseException:
        loader.dispose()
        raise


def parse_yaml(text: str, name: str) -> tuple[Any, dict[Loc, int], list[Problem]]:
    """YAML text -> (data, line of every key path, keys given twice). Tags and missing keys are refused."""
    lines: dict[Loc, int] = {}
    found: list[tuple[Loc, int, str]] = []
    try:
        loader, node = _compose(text)
        try:
            if node is not None:
                _walk(node, (), lines, found)
            problems = [Problem(Where(name, line, format_loc(loc)), m) for loc, line, m in found]
            if any(not m.startswith("appears twice") for _, _, m in found):
                raise SpecError(problems)
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except _Refused as exc:
        at = Where(name, exc.problem_mark.line + 1 if exc.problem_mark else None)
        raise SpecError([Problem(at, str(exc.problem))]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark and any(
            w in (exc.context or "") for w in ("simple key", "quoted scalar", "flow mapping", "flow sequence")
        ):  # a key without its ':', a quote, { or [ never closed: found lines later, told where it began
            mark = exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or ""
        said = _plain_yaml_problem(f"{what} {exc.context or ''}")
        rows = text.splitlines()
        row = rows[mark.line] if mark and mark.line < len(rows) else ""
        if "mapping values are not allowed" in what and re.search(r"^\s*(- )?\w+: [^{\[]*, \w+:", row):
            said = (  # "- size: 12x12, algorithm: wilson": several keys on one line go in braces
                f"this is not valid YAML: several settings on one line go in braces: {_braced(row.strip())}"
            )
        elif row and re.search(r"(^\s*(- )?|[{,]\s*)\w+: *'[^']*'[^,}\s]|[{,]\s*\w+: [^\"{,}]*: ", row):
            said = (  # {title: Fun: part 2}, {title: 'Tom's maze'}: the value ends where YAML sees it end
                "this is not valid YAML: text holding ': ' or an apostrophe goes in double quotes, such as "
                'title: "Tom\'s maze: part 2"'
            )
        quoted = re.search(r"(^\s*-\s*|[\[{,]\s*)'([^']*'[^,}\]\s][^,}\]]*)", row) if row else None
        if quoted:  # [Ana, 'O'Brien'], - 'O'Brien': the apostrophe ends the single-quoted text
            meant = quoted[2].strip().rstrip("'")
            said = (
                "this is not valid YAML: an apostrophe inside single quotes ends the text: put it in double "
                f'quotes, such as "{meant}"'
            )
        inner = re.match(r'^\s*(?:- )?([A-Za-z_]\w*): *"(.*)"\s*(?:#.*)?$', row) if row else None
        if inner and '"' in inner[2].replace('\\"', ""):  # title: "Grandma's "Big" Book"
            fixed = inner[2].replace('\\"', '"').replace('"', '\\"')
            said = (
                "this is not valid YAML: a quote mark inside double quotes ends the text: write each one "
                f'inside as \\", such as {inner[1]}: "{fixed}"'
            )
        dash = re.match(r"^\s*-(?=[^\s\-])(.*)$", row) if row else None
        if dash:  # "-Chloé" under "- Ana": a list item needs a space after its dash
            said = f'this is not valid YAML: a list item needs a space after its dash: "- {dash[1].strip()}"'
        glued = next(  # "title:Maze Fun": YAML needs a space after a key's colon, and says so lines later
            (
                (i, m)
                for i, r in enumerate(rows[: (mark.line + 1) if mark else len(rows)])
                if (m := re.match(r"^(\s*(?:- )?)([A-Za-z_]\w*):(?=[^\s/:])(.*)$", r))
            ),
            None,
        )
        if glued:
            i, m = glued
            line = i + 1
            said = f'this is not valid YAML: put a space after the colon: "{m[2]}: {m[3].strip()}"'
        elif mark and "mapping values are not allowed" in what:
            colonless = _colonless(rows, mark.line)
            if colonless:
                line, key, value = colonless
                said = f'this is not valid YAML: a setting\'s name is followed by a colon: "{key}: {value}"'
        raise SpecError([Problem(Where(name, line), said)]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(name, f"this is not valid YAML ({exc})")]) from None
    return data, lines, problems


def _colonless(rows: list[str], at: int) -> tuple[int, str, str] | None:
    """``title Room 7`` over ``mazes:``: a key without its colon runs on, as text, into the next line,
    where YAML finds the colon that does not belong. The line (counted from 1), key and value of the
    first line of that text, when it reads as a setting: a name, a space, a value."""
    indent = len(rows[at]) - len(rows[at].lstrip())
    start = at
    while start > 0 and rows[start - 1].strip() and ":" not in rows[start - 1]:
        start -= 1
        if rows[start].lstrip().startswith("#"):
            return None
    if start == at:
        return None
    found = re.match(r"^(\s*(?:- )?)([A-Za-z_]\w*) +([^#]+?)\s*$", rows[start])
    if not found or len(found[1]) > indent:
        return None
    return start + 1, found[2], found[3]


_YAML_PROBLEMS = (
    ("'\\t'", "a tab: indent with spaces, never tabs"),
    ("found another document", "a line '---' starts a second spec in the file: keep one spec to a file"),
    ("for merging", "'<<' merges another mapping into this one (<<: *name): give it one, or remove it"),
    (
        "mapping values are not allowed",
        "a ':' where none belongs: check this line's indentation against the "
        "lines above, or put text that contains ': ' in quotes",
    ),
    ("expected <block end>", "this line's indentation does not line up with the lines above it"),
    ("could not find expected ':'", "a line without its ':' (write key: value)"),
    ("found undefined alias", "a '*' starts a YAML alias: put text that begins with * in quotes"),
    ("expected ',' or ']'", "a list in [ ] is not closed: check its commas and the closing ]"),
    ("expected ',' or '}'", "a mapping in { } is not closed: check its commas and the closing }"),
    ("while scanning a quoted scalar", "a quote is opened and never closed"),
    (
        "escape sequence",
        "a backslash in double quotes starts an escape (\\U...): write a file's name alone, or use single "
        "quotes",
    ),
)


def _braced(line: str) -> str:
    """``- a: 1, b: 2`` as it should be written: ``- {a: 1, b: 2}``."""
    dash, rest = ("- ", line[2:]) if line.startswith("- ") else ("", line)
    key, _, value = rest.partition(": ")
    return f"{dash}{{{rest}}}" if dash else f"{key}: {{{value}}}"


def _plain_yaml_problem(what: str) -> str:
    """PyYAML's parser words, told as what to fix."""
    for needle, plain in _YAML_PROBLEMS:
        if needle in what:
            return f"this is not valid YAML: {plain}"
    return f"this is not valid YAML ({what}); check the indentation and the quotes"


def sort_problems(problems: list[Problem]) -> list[Problem]:
    """File order: a person fixes problems top to bottom."""

    return sorted(problems, key=lambda p: p.at.line or 0)
