"""Strict readers for fcpkit's YAML and JSON files, and the canonical YAML writer.

Plans, SMG memories and recorded configuration are hand-edited files, so the reader refuses what
would make a file mean something other than it says: YAML 1.1 booleans (the key ``on`` of
``{text: ..., on: both}`` would become ``True``), aliases (the "billion laughs") and duplicate keys
(YAML and JSON both say keys are unique; the parsers silently keep the last one). The writer
produces what the reader reads back key for key (``on:`` unquoted, keys in order).
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

__all__ = ["yaml_load", "yaml_dump", "json_load_strict"]


class _Loader(yaml.SafeLoader):
    """YAML 1.2 booleans only: in YAML 1.1 the key ``on`` (of ``{text: ..., on: both}``) is ``True``.

    Aliases are refused (a few hundred bytes of nested ``*ref`` expand to gigabytes when the data
    is walked: the "billion laughs"), and so are duplicate keys (YAML says a mapping's keys are
    unique; PyYAML silently keeps the last one, so a plan could say two things at once).
    """

    def compose_node(self, parent, index):  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, f"aliases (*{event.anchor}) are not allowed in fcpkit files; fix: write the value out",
                event.start_mark)
        return super().compose_node(parent, index)

    def construct_mapping(self, node, deep=False):  # type: ignore[override]
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r} (first at line {seen[key].line + 1}); fix: keep one",
                        key_node.start_mark)
                seen[key] = key_node.start_mark
            except TypeError:  # an unhashable key: the base class reports it
                break
        return super().construct_mapping(node, deep=deep)


    def scan_plain(self):  # type: ignore[override]
        """PyYAML's plain-scalar scanner, but for one restriction the YAML spec does not make: in a
        flow sequence PyYAML ends a plain scalar at any ``?`` ("[Approve APP-5127?, Approve and
        notify]" fails to load). Here a ``?`` inside a scalar is a character of it, as YAML 1.2
        says; ``,``, brackets and braces still end it."""
        chunks: list[str] = []
        start_mark = self.get_mark()
        end_mark = start_mark
        indent = self.indent + 1
        spaces: list[str] = []
        while True:
            length = 0
            if self.peek() == "#":
                break
            while True:
                ch = self.peek(length)
                if ch in _BREAKS or (ch == ":" and self.peek(length + 1) in _BREAKS + (",[]{}" if self.flow_level else "")) \
                        or (self.flow_level and (ch in ",[]{}" or (ch == "?" and length == 0))):
                    break
                length += 1
            if length == 0:
                break
            self.allow_simple_key = False
            chunks.extend(spaces)
            chunks.append(self.prefix(length))
            self.forward(length)
            end_mark = self.get_mark()
            spaces = self.scan_plain_spaces(indent, start_mark)
            if not spaces or self.peek() == "#" or (not self.flow_level and self.column < indent):
                break
        return yaml.tokens.ScalarToken("".join(chunks), True, start_mark, end_mark)


#: What ends a plain scalar anywhere: the end of the text, a space, a line break.
_BREAKS = "\0 \t\r\n\x85\u2028\u2029"


class _Dumper(yaml.SafeDumper):
    """Writes ``on:`` unquoted, matching :class:`_Loader`."""


def _yaml12_bools(cls: type) -> None:
    """YAML 1.2's core schema: booleans are true/false only, and there is no timestamp type (a bare
    ``2024-07-15`` in a plan is the statement "2024-07-15", not a date object)."""
    dropped = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
    cls.yaml_implicit_resolvers = {
        k: [(tag, rx) for tag, rx in v if tag not in dropped]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    cls.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )


_yaml12_bools(_Loader)
_yaml12_bools(_Dumper)


def yaml_load(text: str) -> Any:
    """Parse YAML with YAML 1.2 booleans (``on``/``off``/``yes``/``no`` stay strings) and no
    timestamps (``2024-07-15`` stays a string)."""
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def json_load_strict(text: str) -> Any:
    """``json.loads`` that refuses duplicate keys (``ValueError``); ``NaN``/``Infinity`` stay
    numbers here and are refused by the range checks that read them."""
    return json.loads(text, object_pairs_hook=_unique_pairs)


def yaml_dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
