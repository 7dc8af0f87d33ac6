"""The parts of a state-machine memory (:mod:`fcpkit_lab.engine.smg`): GUI :class:`Atom` s, typed
:class:`Param` s, :class:`Operation` s (an SMG's edges) and :class:`State` s (page templates), the
``@param`` placeholders they carry, and the URL patterns that recognise a state."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fcpkit.errors import ConfigError, FormatError

__all__ = ["ATOM_ACTIONS", "OP_KINDS", "STATE_KINDS", "SCHEMA_VERSION", "Atom", "Operation", "Param", "SMGError",
           "State", "fill_params", "url_pattern_regex"]

#: Primitive GUI actions an operation is made of (``read_*`` return data, the others act).
ATOM_ACTIONS = ("click", "fill", "select", "press", "read_fields", "read_table", "read_text")
#: ``navigate``: moves to another state, reads nothing; ``input``: changes a control, stays;
#: ``search``: a safe (GET) form; ``write``: submits a form that changes data; ``read``: returns data.
OP_KINDS = ("navigate", "input", "search", "write", "read")
#: ``page``: an ordinary view; ``signin``: the sign-in form (the session is gone); ``error``: an error page.
STATE_KINDS = ("page", "signin", "error")
SCHEMA_VERSION = 1

_PARAM = re.compile(r"@([A-Za-z_][A-Za-z0-9_]*)")


class SMGError(FormatError):
    """An SMG file or object violates the SMG contract (the message names the field and the fix)."""


def fill_params(text: str, args: Mapping[str, Any]) -> str:
    """Replace ``@name`` placeholders in ``text`` by ``args[name]`` (a missing one is an error)."""

    def sub(m: re.Match) -> str:
        if m.group(1) not in args:
            raise ConfigError(f"no value for @{m.group(1)} in {text!r}; pass {m.group(1)}=...")
        return str(args[m.group(1)])

    return _PARAM.sub(sub, text)


def url_pattern_regex(pattern: str) -> re.Pattern:
    """``/support/{key}`` -> a regex over URL paths with one named group per ``{field}``."""
    if pattern == "*":
        return re.compile(r"^/.*$")
    out, pos = [], 0
    for m in re.finditer(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", pattern):
        out.append(re.escape(pattern[pos:m.start()]))
        out.append(f"(?P<{m.group(1)}>[^/?#]+)")
        pos = m.end()
    out.append(re.escape(pattern[pos:]))
    return re.compile("^" + "".join(out) + "/?$")


@dataclass(frozen=True)
class Atom:
    """One primitive GUI action with a semantic selector.

    ``role`` and ``name`` select the element (Playwright ``get_by_role(role, name=name, exact=True)``);
    ``name`` and ``value`` may hold ``@param`` placeholders. ``within`` narrows the search to the
    region (section, form, dialog) with that accessible name: what tells two "Search" buttons apart.
    Read atoms select what they read the same way (``read_fields`` a region of term/definition
    pairs, ``read_table`` a table, ``read_text`` any element's text).
    """

    action: str
    role: str
    name: str
    value: str | None = None
    within: str | None = None

    def params(self) -> set[str]:
        return set(_PARAM.findall(self.name)) | set(_PARAM.findall(self.value or "")) \
            | set(_PARAM.findall(self.within or ""))

    def describe(self, args: Mapping[str, Any] | None = None) -> str:
        """Human wording of the atom (``Fill Search tickets with T-390``), arguments filled if given."""
        name = (fill_params(self.name, args) if args else self.name) or f"the unlabelled {self.role}"
        value = fill_params(self.value, args) if (args and self.value) else self.value
        words = {"click": f"Click {self.role} {name}", "fill": f"Fill {name} with {value}",
                 "select": f"Select {value} in {name}", "press": f"Press {value} in {name}",
                 "read_fields": f"Read {name}", "read_table": f"Read table {name}", "read_text": f"Read {name}"}
        return words[self.action]

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"action": self.action, "role": self.role, "name": self.name}
        if self.value is not None:
            d["value"] = self.value
        if self.within is not None:
            d["within"] = self.within
        return d


@dataclass(frozen=True)
class Param:
    """An operation input: its name, what it means, and the valid values when the page lists them."""

    name: str
    description: str = ""
    options: tuple[str, ...] = ()
    required: bool = True

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "description": self.description}
        if self.options:
            d["options"] = list(self.options)
        if not self.required:
            d["required"] = False
        return d


@dataclass(frozen=True)
class Operation:
    """A reusable capability of one state: GUI atoms, inputs, outputs, pre- and post-state.

    ``effect`` is what fcpkit's gate and checker call it (``read`` / ``write`` / ``irreversible``).
    ``observed`` says whether the post-state was seen by executing the operation (``False``: the
    crawler's safe mode inferred it without submitting). ``validated`` is the last validation result.
    """

    id: str
    state: str
    target: str
    kind: str
    atoms: tuple[Atom, ...]
    inputs: tuple[Param, ...] = ()
    output: Mapping[str, Any] | None = None
    description: str = ""
    effect: str = "read"
    observed: bool = True
    validated: bool | None = None
    outcome: str | None = None

    @property
    def param_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.inputs)

    def required(self) -> set[str]:
        return {p.name for p in self.inputs if p.required}

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "state": self.state, "target": self.target, "kind": self.kind,
                             "effect": self.effect, "description": self.description}
        if self.inputs:
            d["inputs"] = [p.to_data() for p in self.inputs]
        if self.output:
            d["output"] = dict(self.output)
        if self.outcome:
            d["outcome"] = self.outcome
        d["atoms"] = [a.to_data() for a in self.atoms]
        d["observed"] = self.observed
        if self.validated is not None:
            d["validated"] = self.validated
        return d


@dataclass(frozen=True)
class State:
    """A page template: URL pattern, title template, structural signature, kind."""

    id: str
    url_pattern: str
    title: str
    signature: tuple[str, ...] = ()
    kind: str = "page"
    description: str = ""
    sample: str | None = None

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(re.findall(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", self.url_pattern))

    def match_url(self, path: str) -> dict[str, str] | None:
        m = url_pattern_regex(self.url_pattern).match(path)
        return None if m is None else m.groupdict()

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "kind": self.kind, "url_pattern": self.url_pattern,
                             "title": self.title, "description": self.description,
                             "signature": list(self.signature)}
        if self.sample:
            d["sample"] = self.sample
        return d
