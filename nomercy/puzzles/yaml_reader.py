"""Reading a puzzle file: bytes to plain data, refusing what no puzzle needs.

A puzzle is a few hundred bytes of YAML, so the reader can afford to be strict,
and must be: a file of a few hundred bytes with nested aliases (the "billion
laughs") expands to gigabytes, and deep nesting exhausts Python's stack. The
reader refuses, each with one line that says why:

- a file over :data:`MAX_BYTES`, or one that is not UTF-8 text;
- nesting deeper than :data:`MAX_DEPTH` levels;
- more than :data:`MAX_VALUES` values once anchors and aliases are expanded, or an
  alias that refers to itself;
- a key given twice in one mapping (YAML would keep the last one silently);
- a number longer than :data:`MAX_DIGITS` digits.

Booleans follow YAML 1.2: only ``true`` and ``false`` (any case) are yes/no values,
so a seat called ``yes``, ``no``, ``on`` or ``off`` stays a name, and a rule option
written ``off`` is read by the rules as the word it is.

>>> parse_puzzle_yaml("players: [yes, no]\\nvariant: {zero_pass: off}", "p.yaml")
{'players': ['yes', 'no'], 'variant': {'zero_pass': 'off'}}
>>> parse_puzzle_yaml("turn: A\\nturn: B", "p.yaml")
Traceback (most recent call last):
...
nomercy.core.errors.PuzzleError: p.yaml: not a valid puzzle file at line 2: the key 'turn' is given twice
"""

from __future__ import annotations

import copy
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from nomercy.core.errors import PuzzleError, brief

__all__ = ["read_puzzle_file", "parse_puzzle_yaml", "MAX_BYTES", "MAX_DEPTH", "MAX_VALUES", "MAX_DIGITS"]

MAX_BYTES = 16 * 1024
"""The largest puzzle file read (the largest in the collection is 2 KB; PyYAML reads some 100 KB a second)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and mappings read (a puzzle needs 4)."""
MAX_VALUES = 10_000
"""The most values (keys, items, scalars) a file may hold once its aliases are expanded."""
MAX_DIGITS = 30
"""The longest number read."""

_BOOL = "tag:yaml.org,2002:bool"
_MERGE = "tag:yaml.org,2002:merge"


class _Refused(yaml.YAMLError):
    """A reason to stop reading, with the line it was found on."""

    def __init__(self, reason: str, node_or_mark: Any = None) -> None:
        super().__init__(reason)
        self.reason = reason
        mark = getattr(node_or_mark, "start_mark", node_or_mark)
        self.line = None if mark is None else mark.line + 1


class _PuzzleLoader(yaml.SafeLoader):
    """PyYAML's safe loader with limits on depth, expansion, duplicate keys and number length."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(f"lists and mappings nest more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_document(self) -> Node | None:
        node = super().compose_document()
        if node is not None:
            _check_expanded_size(node)
        return node

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if isinstance(key_node, ScalarNode) and key_node.tag != _MERGE:
                key = self.construct_object(key_node)
                if key in seen:
                    raise _Refused(f"the key {brief(key)} is given twice", key_node)
                seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        digits = sum(ch.isdigit() for ch in node.value)
        if digits > MAX_DIGITS:
            raise _Refused(f"a number of {digits} digits is longer than any puzzle needs ({MAX_DIGITS} at most)", node)
        return super().construct_yaml_int(node)


# YAML 1.2 booleans: only true and false
_PuzzleLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _BOOL]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_PuzzleLoader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_PuzzleLoader.add_constructor("tag:yaml.org,2002:int", _PuzzleLoader.construct_yaml_int)


def _refuse_tag(loader: _PuzzleLoader, node: Node) -> Any:
    """Any tag the safe loader does not know (``!!python/object/apply:os.system``, ``!mine``): refused in the puzzle
    file's words, never PyYAML's "could not determine a constructor"; nothing of it is built."""
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    raise _Refused(f"a puzzle file holds plain text, numbers, true or false, lists and mappings; "
                   f"the tag {brief(tag)} is none of them", node)


_PuzzleLoader.add_constructor(None, _refuse_tag)  # PyYAML's place for every tag without a constructor of its own


def _check_expanded_size(root: Node | None) -> None:
    """Count the values the document holds with every alias expanded, without expanding anything."""
    if root is None:
        return
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        children = _children(node)
        if finished:
            sizes[key] = min(MAX_VALUES + 1, 1 + sum(sizes[id(child)] for child in children))
            open_nodes.discard(key)
            if sizes[key] > MAX_VALUES:
                raise _Refused(f"the file expands to more than {MAX_VALUES:,} values through its anchors and "
                               "aliases (&name, *name); a puzzle needs a few hundred", node)
            continue
        if key in sizes:
            continue
        if key in open_nodes:
            raise _Refused("an alias (*name) refers to the list or mapping it is part of", node)
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in children)


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def parse_puzzle_yaml(text: str, where: str) -> Any:
    """The data of one puzzle file's text; anything the reader refuses raises :class:`PuzzleError`.

    A text read before (the same words from the same place) is not parsed again: the collection is read
    whole by every listing, check and trainer, and the pure-Python YAML reader takes milliseconds a file.
    Each caller gets its own copy of the data, so what one does with it cannot reach another; a refusal
    is never kept, so it is said again, the same way, every time.
    """
    return copy.deepcopy(_parse(text, where))


@functools.lru_cache(maxsize=256)
def _parse(text: str, where: str) -> Any:
    if len(text) > MAX_BYTES:
        raise PuzzleError(f"{where}: a puzzle file is at most {MAX_BYTES // 1024} KB; this one is larger")
    depth = _bracket_depth(text)
    if depth > MAX_DEPTH:
        # refused before YAML reads it: PyYAML's scanner takes quadratic time over deep flow brackets
        raise PuzzleError(f"{where}: not a valid puzzle file: brackets nest {depth} levels deep; "
                          f"a puzzle needs a few, and {MAX_DEPTH} at most are read")
    try:
        return yaml.load(text, Loader=_PuzzleLoader)  # noqa: S506 - a safe loader with limits
    except _Refused as error:
        at = f" at line {error.line}" if error.line is not None else ""
        raise PuzzleError(f"{where}: not a valid puzzle file{at}: {error.reason}") from None
    except yaml.YAMLError as error:
        raise PuzzleError(f"{where}: not valid YAML{_yaml_problem(error)}{_look_alike_space(error, text)}") from None


def _bracket_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in ``text`` (quotes not understood: an upper bound's estimate)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    depth = deepest = 0
    for bracket in re.findall(r"[\[\]{}]", text):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return deepest


def _yaml_problem(error: yaml.YAMLError) -> str:
    mark = getattr(error, "problem_mark", None)
    at = f" at line {mark.line + 1}" if mark is not None else ""
    problem = getattr(error, "problem", None)
    if problem == "found unhashable key":
        problem = "a key is a list or a mapping; a key is a word, like turn or A"
    if problem is None:  # a reader error: a character YAML does not allow
        character = getattr(error, "character", None)
        if isinstance(character, str):
            character = ord(character)
        if isinstance(character, int):
            return f": the character U+{character:04X} is not allowed in a YAML file"
        problem = " ".join(str(error).split())
    return f"{at}: {' '.join(str(problem).split())}"


def _look_alike_space(error: yaml.YAMLError, text: str) -> str:
    """Where YAML stops at a line that holds a character that looks like a space or like nothing (a no-break space
    after ``turn:``), what it is: YAML's own words ("could not find expected ':'") do not say it."""
    mark = getattr(error, "problem_mark", None)
    if mark is None:
        return ""
    lines = text.splitlines()
    for number in (mark.line, mark.line - 1):  # YAML often stops on the line after
        if 0 <= number < len(lines):
            odd = next((ch for ch in lines[number] if ch != " " and (unicodedata.category(ch) in ("Zs", "Cf")
                                                                      or ch in "\u3164\u2800")), None)
            if odd is not None:
                return (f"; line {number + 1} holds the character {unicodedata.name(odd, 'without a name').lower()} "
                        f"(U+{ord(odd):04X}), which looks like a space or nothing: type a plain space")
    return ""


def read_puzzle_file(path: str | Path) -> Any:
    """The data of the puzzle file at ``path``, read with the limits above."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise PuzzleError(f"{path}: cannot read the file ({error.strerror or error})") from None
    if len(raw) > MAX_BYTES:
        raise PuzzleError(f"{path}: a puzzle file is at most {MAX_BYTES // 1024} KB; this one is larger")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise PuzzleError(f"{path}: not UTF-8 text (byte 0x{raw[error.start]:02x} on line {line}); "
                          "save the file as UTF-8") from None
    return parse_puzzle_yaml(text, str(path))
