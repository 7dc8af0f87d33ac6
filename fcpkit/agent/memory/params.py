"""Lifting a task's values into parameters, and binding a new task's values to them.

A skill induced from "Find ticket T-390 ..., assign it to team Payments" must plan "Find ticket
T-402 ..., assign it to team Identity": the values that vary between tasks of one kind become
``{placeholders}``. Two sources, in order:

* typed values read off the task (:func:`extract_values`): record ids (``record_id``,
  ``record_id_2``...), amounts (``amount``...), quoted strings (``quoted``...), the team after
  *team* (``team``), tab numbers (``tab``). Typed names are stable across tasks of one kind, so a
  task that matches no template still binds them.
* spans that differ between instances of one task kind (:func:`generalise`): "Select Ertha from
  the list" and "Select Norfolk Island from the list" give "Select {value} from the list".

:func:`bind_task` matches a new task against a lifted template (a regex with one group per
placeholder) and returns every value; failing that, the typed values.
"""

from __future__ import annotations

import difflib
import re
from typing import Iterable, Mapping, Sequence

__all__ = ["extract_values", "lift", "lift_task", "generalise", "bind_task", "instance_specific", "is_identifier",
           "escape", "similar"]

_TYPED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("record_id", re.compile(r"\b[A-Z]{1,6}-\d{2,}\b")),
    ("amount", re.compile(r"(?<![\w.])\$?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(?![\w])")),
    ("quoted", re.compile(r"[\"“]([^\"”]{1,60})[\"”]")),
    ("team", re.compile(r"\bteam\s+([A-Z][\w-]*)")),
    ("tab", re.compile(r"(#\d+)")),
)
#: what a typed placeholder may match when a template binds a new task
_SLOT_PATTERN = {
    "record_id": r"[A-Z]{1,6}-\d{2,}",
    "amount": r"\d[\d,]*(?:\.\d+)?",
    "tab": r"#\d+",
    "team": r"[A-Z][\w-]*",
}
_PLACEHOLDER = re.compile(r"\{([a-z_]+(?:_\d+)?)\}")
_RESIDUAL = re.compile(r"(?<![\w{])(?=[\w.,#-]*\d)[\w.,#-]{2,}")


def escape(text: str) -> str:
    """Literal text as a format template (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def extract_values(task: str) -> dict[str, str]:
    """Typed values of a task, in order of appearance within each type: ``{"record_id": "T-390",
    "team": "Payments", ...}``. A value already taken by an earlier type is not taken again."""
    out: dict[str, str] = {}
    taken: list[tuple[int, int]] = []
    for name, rx in _TYPED:
        n = 0
        for m in rx.finditer(task):
            g = 1 if m.groups() else 0
            span = m.span(g)
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            value = m.group(g)
            if value in out.values():
                continue
            n += 1
            out[name if n == 1 else f"{name}_{n}"] = value
            taken.append(span)
    return out


def lift(text: str, values: Mapping[str, str]) -> str:
    """``text`` as a template: each value (longest first, whole words only) becomes ``{name}``."""
    out = escape(text)
    for name, value in sorted(values.items(), key=lambda kv: -len(kv[1])):
        if not value:
            continue
        v = escape(value)
        left = r"(?<![\w-])" if v[0].isalnum() else ""
        right = r"(?![\w-])" if v[-1].isalnum() else ""
        out = re.sub(left + re.escape(v) + right, "{" + name + "}", out)
    return out


def lift_task(task: str, values: Mapping[str, str] | None = None) -> str:
    return lift(task, extract_values(task) if values is None else values)


def is_identifier(word: str) -> bool:
    """Whether a word is record-shaped (has a digit and two or more characters: T-411, 42.50, #2)."""
    return bool(_RESIDUAL.fullmatch(word))


def instance_specific(template: str) -> bool:
    """Whether a lifted template still names an identifier or amount of one instance (a near-miss
    record, a price): such a statement would be wrong for another task of the same kind."""
    return bool(_RESIDUAL.search(_PLACEHOLDER.sub(" ", template)))


_TOKEN = re.compile(r"\{[a-z_0-9]+\}|[\w#$'-]+(?:[.,]\d+)*|[^\w\s]")


def _tokens(template: str) -> list[str]:
    return _TOKEN.findall(template)


_ARTICLES = frozenset({"a", "an", "the"})


def _merged_ops(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    """Spans of ``a`` (token indices) that differ from ``b``; differences separated only by an
    article are one span (the "a" in "a duplicate charge" / "being locked out after a password
    reset" is part of the value, not of the template)."""
    spans: list[list[int]] = []
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if spans and (i1 == spans[-1][1] or (i1 - spans[-1][1] == 1 and a[i1 - 1].lower() in _ARTICLES)):
            spans[-1][1] = i2
        else:
            spans.append([i1, i2])
    return [(x, y) for x, y in spans]


def generalise(templates: Sequence[str]) -> str:
    """One template for several typed templates of one task kind: the spans where they differ
    become ``{value}``, ``{value_2}``... (a span that already is one placeholder stays one)."""
    base = templates[0]
    n = 0
    for other in templates[1:]:
        where = [m.span() for m in _TOKEN.finditer(base)]
        toks = [base[a:b] for a, b in where]
        out, pos = [], 0
        for i1, i2 in _merged_ops(toks, _tokens(other)):
            if i1 == i2:  # an insertion: widen to the token before it, when there is one
                if i1 == 0:
                    continue
                i1 -= 1
            start, end = where[i1][0], where[i2 - 1][1]
            if i2 - i1 == 1 and toks[i1].startswith("{value"):
                continue
            n += 1
            out.append(base[pos:start] + "{" + ("value" if n == 1 else f"value_{n}") + "}")
            pos = end
        base = "".join(out) + base[pos:]
    return base


def similar(a: str, b: str, cutoff: float = 0.5) -> bool:
    """Whether two lifted task templates are of one kind: the same typed placeholders and a
    token overlap ratio of at least ``cutoff``."""
    if set(_PLACEHOLDER.findall(a)) != set(_PLACEHOLDER.findall(b)):
        return False
    return difflib.SequenceMatcher(a=_tokens(a), b=_tokens(b), autojunk=False).ratio() >= cutoff


def _regex(template: str) -> re.Pattern[str]:
    parts: list[str] = []
    seen: set[str] = set()
    pos = 0
    for m in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[pos:m.start()].replace("{{", "{").replace("}}", "}")))
        name = m.group(1)
        base = re.sub(r"_\d+$", "", name)
        if name in seen:
            parts.append(f"(?P={name})")
        else:
            parts.append(f"(?P<{name}>{_SLOT_PATTERN.get(base, '.+?')})")
            seen.add(name)
        pos = m.end()
    parts.append(re.escape(template[pos:].replace("{{", "{").replace("}}", "}")))
    pattern = "".join(parts).replace(r"\ ", r"\s+")
    return re.compile(pattern, re.IGNORECASE)


def bind_task(task: str, templates: Iterable[str] = ()) -> dict[str, str]:
    """The values of ``task`` for the placeholders of the first template it matches (whole task,
    whitespace-tolerant), merged over its typed values; only the typed values when none matches."""
    typed = extract_values(task)
    norm = " ".join(task.split())
    for t in templates:
        m = _regex(" ".join(t.split())).fullmatch(norm)
        if m:
            return {**typed, **{k: v for k, v in m.groupdict().items() if v is not None}}
    return typed
