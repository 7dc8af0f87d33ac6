"""Falsifiable Commitment Units and plans: what must hold at each step, and what would refute it.

A :class:`Plan` is a task plus an ordered tuple of :class:`Commitment` (the paper's FCUs) and
cross-cutting ``plan_falsifiers`` that are tested at every step whatever commitment is active
(the article's fix for session loss). Plans load from and dump to YAML/JSON per docs/formats.md and
round-trip: ``Plan.from_data(plan.to_data()) == plan``, and a file written in canonical form is
reproduced key for key. Validation collects *every* problem with its field path and a fix, and
raises one :class:`~fcpkit.errors.PlanError`.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

import yaml

from fcpkit.core.lint import LintWarning, run_linter
from fcpkit.core.loaders import json_load_strict, yaml_dump, yaml_load  # also imported from here
from fcpkit.errors import PlanError, not_a_file

__all__ = [
    "STAGES",
    "SCOPES",
    "TEST_POINTS",
    "Evidence",
    "Commitment",
    "Plan",
    "load_plan",
    "dump_plan",
    "MAX_PLAN_BYTES",
    "MAX_COMMITMENTS",
    "MAX_STATEMENT_CHARS",
]

STAGES: tuple[str, ...] = ("precondition", "progress", "completion")
SCOPES: tuple[str, ...] = ("execution", "skill", "planning")
TEST_POINTS: tuple[str, ...] = ("state", "action", "both")


#: Caps on what a plan may hold, each far above any plan written for a task (a few commitments of
#: one-sentence statements) and low enough that loading, linting and checking the largest plan
#: they allow answers within seconds. Past one, loading fails with the field and the fix.
MAX_PLAN_BYTES = 256_000
MAX_COMMITMENTS = 1_000
MAX_STATEMENT_CHARS = 10_000

_COMMITMENT_KEYS = ("id", "subgoal", "skill", "confidence", "confirm", "falsify")
_PLAN_KEYS = ("task", "plan_falsifiers", "commitments")


@dataclass(frozen=True)
class Evidence:
    """One evidence statement and the test point it applies to.

    ``on="state"`` statements are tested against the page after an action, ``"action"`` against
    the proposed action before it runs, ``"both"`` at both points. ``mapping`` remembers whether the
    source wrote the item as a mapping, so a dump reproduces the author's form.
    """

    text: str
    on: str = "state"
    mapping: bool = field(default=False, compare=False, repr=False)

    @property
    def on_state(self) -> bool:
        return self.on in ("state", "both")

    @property
    def on_action(self) -> bool:
        return self.on in ("action", "both")

    def to_data(self) -> str | dict[str, str]:
        if self.mapping or self.on != "state":
            return {"text": self.text, "on": self.on}
        return self.text


EvidenceLike = "str | Evidence | Mapping[str, Any]"


@dataclass(frozen=True)
class Commitment:
    """A Falsifiable Commitment Unit (FCU).

    ``confirm`` maps each stage in :data:`STAGES` and ``falsify`` each scope in :data:`SCOPES` to a
    tuple of :class:`Evidence`; construction accepts plain strings and lists and normalises them,
    so notebook authoring stays short::

        Commitment("open-ticket", "Open ticket T-390", confidence=0.8,
                   confirm={"completion": ["Ticket T-390 detail"]},
                   falsify={"execution": [Evidence("Ticket T-411 detail", on="both")]})
    """

    id: str
    subgoal: str
    skill: str | None = None
    confidence: float = 0.5
    confirm: Mapping[str, tuple[Evidence, ...]] = field(default_factory=dict)
    falsify: Mapping[str, tuple[Evidence, ...]] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict, compare=True)
    #: whether the source spelled out ``confidence`` (so a dump does not add the default)
    confidence_given: bool = field(default=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        problems: list[str] = []
        _check_commitment_fields(self, "commitment", problems)
        object.__setattr__(self, "confirm", _normalise_groups(self.confirm, STAGES, "confirm", "stage", problems))
        object.__setattr__(self, "falsify", _normalise_groups(self.falsify, SCOPES, "falsify", "scope", problems))
        object.__setattr__(self, "extra", dict(self.extra))
        if problems:
            raise PlanError(f"commitment {self.id!r}", problems)

    # -- views the testers use -------------------------------------------------------------
    def confirming(self, *stages: str) -> tuple[Evidence, ...]:
        """Confirming evidence of the given stages (all stages when none given)."""
        return tuple(e for s in (stages or STAGES) for e in self.confirm.get(s, ()))

    def falsifiers(self, *scopes: str) -> Iterator[tuple[str, Evidence]]:
        """``(scope, evidence)`` pairs of this commitment's falsifiers."""
        for s in scopes or SCOPES:
            for e in self.falsify.get(s, ()):
                yield s, e

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "subgoal": self.subgoal}
        if self.skill is not None:
            data["skill"] = self.skill
        if self.confidence_given or self.confidence != 0.5:
            data["confidence"] = self.confidence
        confirm = {s: [e.to_data() for e in self.confirm[s]] for s in STAGES if self.confirm.get(s)}
        falsify = {s: [e.to_data() for e in self.falsify[s]] for s in SCOPES if self.falsify.get(s)}
        if confirm:
            data["confirm"] = confirm
        if falsify:
            data["falsify"] = falsify
        data.update(self.extra)
        return data

    @classmethod
    def from_data(cls, data: Any, *, path: str = "commitment", source: str = "<data>") -> "Commitment":
        problems: list[str] = []
        c = _commitment_from_data(data, path, problems)
        if problems or c is None:
            raise PlanError(source, problems)
        return c


@dataclass(frozen=True)
class Plan:
    """A task, its ordered commitments, and cross-cutting plan-level falsifiers by scope."""

    task: str
    commitments: tuple[Commitment, ...]
    plan_falsifiers: Mapping[str, tuple[Evidence, ...]] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        problems: list[str] = []
        object.__setattr__(self, "commitments", tuple(self.commitments))
        if not isinstance(self.task, str) or not self.task.strip():
            problems.append("task: must be a non-empty string; fix: describe the task in one sentence")
        if not self.commitments:
            problems.append("commitments: the plan has no commitments; fix: add at least one commitment")
        if len(self.commitments) > MAX_COMMITMENTS:
            problems.append(f"commitments: {len(self.commitments):,} commitments, over the cap of {MAX_COMMITMENTS:,}; "
                            "fix: split the task into several plans, or raise fcpkit.core.plan.MAX_COMMITMENTS")
        seen: dict[str, int] = {}
        for i, c in enumerate(self.commitments):
            if not isinstance(c, Commitment):
                problems.append(f"commitments[{i}]: expected a Commitment, got {type(c).__name__}")
                continue
            _note_id(seen, c.id, i, problems)
        object.__setattr__(
            self, "plan_falsifiers", _normalise_groups(self.plan_falsifiers, SCOPES, "plan_falsifiers", "scope", problems)
        )
        object.__setattr__(self, "extra", dict(self.extra))
        if problems:
            raise PlanError(self.source or "plan", problems)

    def __len__(self) -> int:
        return len(self.commitments)

    def index(self, commitment_id: str) -> int:
        """Position of the commitment with this id (``KeyError`` naming the known ids if absent)."""
        for i, c in enumerate(self.commitments):
            if c.id == commitment_id:
                return i
        raise KeyError(f"no commitment {commitment_id!r}; known: {[c.id for c in self.commitments]}")

    def lint(self, **kwargs: Any) -> list["LintWarning"]:
        """Statements the matcher will read literally or can never fire, each with its fix (see
        :func:`fcpkit.matching.lint.lint_plan`; ``corpus=`` adds checks against healthy runs)."""
        return run_linter(self, **kwargs)

    def plan_level(self, *scopes: str) -> Iterator[tuple[str, Evidence]]:
        for s in scopes or SCOPES:
            for e in self.plan_falsifiers.get(s, ()):
                yield s, e

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"task": self.task}
        pf = {s: [e.to_data() for e in self.plan_falsifiers[s]] for s in SCOPES if self.plan_falsifiers.get(s)}
        if pf:
            data["plan_falsifiers"] = pf
        data["commitments"] = [c.to_data() for c in self.commitments]
        data.update(self.extra)
        return data

    @classmethod
    def from_data(cls, data: Any, *, source: str = "<data>") -> "Plan":
        """Build and validate a plan from parsed YAML/JSON, reporting every problem at once."""
        problems: list[str] = []
        if not isinstance(data, Mapping):
            raise PlanError(source, [f"(top level): expected a mapping with task and commitments, got {_kind(data)}"])
        _unknown_keys(data, _PLAN_KEYS, "", problems)
        task = data.get("task")
        if task is None:
            problems.append("task: missing; fix: add `task: <one-sentence task>`")
        elif not isinstance(task, str) or not task.strip():
            problems.append(f"task: expected a non-empty string, got {_kind(task)}")
        else:
            _check_length(task, "task", "the task", problems)
        raw = data.get("commitments")
        commitments: list[Commitment] = []
        if raw is None:
            problems.append("commitments: missing; fix: add a list of commitments")
        elif not isinstance(raw, list):
            problems.append(f"commitments: expected a list of commitments, got {_kind(raw)}; fix: write each commitment as a `- id: ...` list item")
        elif not raw:
            problems.append("commitments: the plan has no commitments; fix: add at least one commitment")
        elif len(raw) > MAX_COMMITMENTS:
            problems.append(f"commitments: {len(raw):,} commitments, over the cap of {MAX_COMMITMENTS:,} (a plan is a "
                            "task's few steps); fix: split the task into several plans, or raise "
                            "fcpkit.core.plan.MAX_COMMITMENTS")
        else:
            seen: dict[str, int] = {}
            for i, item in enumerate(raw):
                c = _commitment_from_data(item, f"commitments[{i}]", problems)
                if c is None:
                    continue
                _note_id(seen, c.id, i, problems)
                commitments.append(c)
        pf = _groups_from_data(data.get("plan_falsifiers"), SCOPES, "plan_falsifiers", "scope", problems)
        if problems:
            raise PlanError(source, problems)
        extra = {k: v for k, v in data.items() if k not in _PLAN_KEYS}
        return cls(task=task, commitments=tuple(commitments), plan_falsifiers=pf, extra=extra, source=source)

    def to_yaml(self) -> str:
        return yaml_dump(self.to_data())

    def to_json(self) -> str:
        return json.dumps(self.to_data(), indent=2, ensure_ascii=False)


# -- loading and dumping ------------------------------------------------------------------

def load_plan(path: str | Path) -> Plan:
    """Load a plan from a ``.yaml``/``.yml``/``.json`` file; every problem names the file and field."""
    p = Path(path)
    source = str(path)
    if (why := not_a_file(p)) is not None:
        raise PlanError(source, [why])
    try:
        with p.open("rb") as fh:  # read one byte past the cap: a file that grows or lies about its size is caught too
            raw = fh.read(MAX_PLAN_BYTES + 1)
        if len(raw) > MAX_PLAN_BYTES:
            raise PlanError(source, [f"the file is over {MAX_PLAN_BYTES:,} bytes (a plan is a task's few steps); fix: "
                                     "split it into several plans, or raise fcpkit.core.plan.MAX_PLAN_BYTES"])
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise PlanError(source, ["file not found; fix: check the path (plans in a corpus are relative to the corpus file)"]) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise PlanError(source, [f"cannot read the file ({exc})"]) from None
    try:
        data = json_load_strict(text) if p.suffix.lower() == ".json" else yaml_load(text)
    except json.JSONDecodeError as exc:
        raise PlanError(source, [f"line {exc.lineno}, column {exc.colno}: invalid JSON ({exc.msg})"]) from None
    except ValueError as exc:  # a duplicate JSON key, or a number too long for Python to read
        if "digits" in str(exc):  # int() refuses over sys.get_int_max_str_digits() digits
            raise PlanError(source, ["a number of thousands of digits; fix: write a confidence between 0 and 1"]) from None
        raise PlanError(source, [f"invalid JSON ({exc}); fix: keep one of the keys"]) from None
    except RecursionError:
        raise PlanError(source, ["nested too deeply; fix: a plan is a few levels deep"]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        what = getattr(exc, "problem", None) or str(exc)
        fix = "" if "fix:" in str(what) else "; fix: check indentation and quoting there"
        raise PlanError(source, [f"{where}invalid YAML ({what}){fix}"]) from None
    return Plan.from_data(data, source=source)


def dump_plan(plan: Plan, path: str | Path) -> Path:
    """Write a plan as YAML or JSON (by suffix) in canonical form."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(plan.to_json() + "\n" if p.suffix.lower() == ".json" else plan.to_yaml(), encoding="utf-8")
    return p


# -- validation helpers -------------------------------------------------------------------

def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({value})"
    if isinstance(value, int) and abs(value) >= 10 ** 15:  # str() refuses an int of over 4,300 digits
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"a string ({value!r})" if len(value) < 40 else "a string"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def _note_id(seen: dict[str, int], cid: str, i: int, problems: list[str]) -> None:
    """Record commitment ``i``'s id; a repeat is a problem naming both positions."""
    if cid in seen:
        problems.append(f"commitments[{i}].id: duplicate id {cid!r} (also commitments[{seen[cid]}]); "
                        "fix: give every commitment a unique id")
    seen.setdefault(cid, i)


def _unknown_keys(data: Mapping[str, Any], known: Sequence[str], path: str, problems: list[str]) -> None:
    """Extra keys are allowed (formats grow), but a near-miss of a known key is surely a typo."""
    for key in data:
        if key in known or not isinstance(key, str):
            continue
        close = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
        if close:
            where = f"{path}.{key}" if path else key
            problems.append(f"{where}: unknown field; fix: did you mean {close[0]!r}?")


def _evidence_from_data(item: Any, path: str, problems: list[str]) -> Evidence | None:
    if isinstance(item, Evidence):
        return item if _check_length(item.text, path, "an evidence statement", problems) else None
    if isinstance(item, str):
        if not item.strip():
            problems.append(f"{path}: empty evidence statement; fix: write what the page would show, or remove the item")
            return None
        if not _check_length(item, path, "an evidence statement", problems):
            return None
        return Evidence(item)
    if isinstance(item, Mapping) and len(item) == 1:
        (key, value), = item.items()
        if isinstance(key, str) and key not in ("text", "on") and isinstance(value, (str, int, float)) \
                and not isinstance(value, bool):
            # "- Adoption fee recorded: Waived": a statement with a colon, which YAML reads as a
            # one-key mapping; the author wrote the line, not a mapping
            return _evidence_from_data(f"{key}: {value}", path, problems)
    if isinstance(item, Mapping):
        text, on = item.get("text"), item.get("on", "state")
        extra = [k for k in item if k not in ("text", "on")]
        ok = True
        if extra:
            problems.append(f"{path}: unknown key(s) {extra}; fix: an evidence mapping has only `text` and `on`")
            ok = False
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{path}.text: expected a non-empty string, got {_kind(text)}")
            ok = False
        elif not _check_length(text, f"{path}.text", "an evidence statement", problems):
            ok = False
        if on not in TEST_POINTS:
            problems.append(f"{path}.on: {on!r} is not one of state, action, both")
            ok = False
        return Evidence(text, on, mapping=True) if ok else None
    problems.append(
        f"{path}: expected a statement (string) or {{text, on}} mapping, got {_kind(item)}; "
        "fix: quote it as a string"
    )
    return None


def _groups_from_data(
    raw: Any, names: Sequence[str], path: str, what: str, problems: list[str]
) -> dict[str, tuple[Evidence, ...]]:
    out: dict[str, tuple[Evidence, ...]] = {}
    if raw is None:
        return out
    if not isinstance(raw, Mapping):
        problems.append(f"{path}: expected a mapping of {what}s ({', '.join(names)}) to lists, got {_kind(raw)}")
        return out
    for key, items in raw.items():
        if key not in names:
            close = difflib.get_close_matches(str(key), names, n=1, cutoff=0.5)
            hint = f"did you mean {close[0]!r}? " if close else ""
            problems.append(f"{path}.{key}: unknown {what}; fix: {hint}use one of {', '.join(names)}")
            continue
        if items is None:
            out[key] = ()
            continue
        if isinstance(items, (str, Mapping, Evidence)):
            items = [items]  # a lone statement is a list of one; accept it rather than nag
        elif isinstance(items, tuple):
            items = list(items)
        if not isinstance(items, list):
            problems.append(f"{path}.{key}: expected a list of statements, got {_kind(items)}")
            continue
        evs = [_evidence_from_data(it, f"{path}.{key}[{j}]", problems) for j, it in enumerate(items)]
        out[key] = tuple(e for e in evs if e is not None)
    return out


def _normalise_groups(
    raw: Any, names: Sequence[str], path: str, what: str, problems: list[str]
) -> dict[str, tuple[Evidence, ...]]:
    groups = _groups_from_data(raw, names, path, what, problems)
    return {n: groups.get(n, ()) for n in names}


def _check_commitment_fields(c: Commitment, path: str, problems: list[str]) -> None:
    if not isinstance(c.id, str) or not c.id.strip():
        problems.append(f"{path}.id: expected a non-empty string, got {_kind(c.id)}")
    if not isinstance(c.subgoal, str) or not c.subgoal.strip():
        problems.append(f"{path}.subgoal: expected a non-empty string, got {_kind(c.subgoal)}")
    if c.skill is not None and not isinstance(c.skill, str):
        problems.append(f"{path}.skill: expected a skill name (string), got {_kind(c.skill)}")
    _check_confidence(c.confidence, path, problems)


def _check_length(text: str, path: str, what: str, problems: list[str]) -> bool:
    """Whether ``text`` is within :data:`MAX_STATEMENT_CHARS`; if not, a problem naming the field."""
    if len(text) <= MAX_STATEMENT_CHARS:
        return True
    problems.append(f"{path}: {what} of {len(text):,} characters, over the cap of {MAX_STATEMENT_CHARS:,} (a "
                    "statement says in a sentence what a page would show); fix: shorten it, or raise "
                    "fcpkit.core.plan.MAX_STATEMENT_CHARS")
    return False


def _check_confidence(k: Any, path: str, problems: list[str]) -> None:
    """A confidence is a finite number in [0, 1]: checked by comparison before any arithmetic, so a
    huge integer (which ``float`` cannot hold and ``str`` will not print), NaN or a string is one
    problem line, not an exception."""
    if isinstance(k, bool) or not isinstance(k, (int, float)):
        problems.append(f"{path}.confidence: expected a number in [0, 1], got {_kind(k)}")
    elif not 0 <= k <= 1:  # also NaN, which compares false with everything
        shown = k if isinstance(k, float) or abs(k) < 10 ** 15 else _kind(k)
        problems.append(f"{path}.confidence: {shown} is outside [0, 1]; fix: use a number between 0 and 1 (default 0.5)")


def _commitment_from_data(data: Any, path: str, problems: list[str]) -> Commitment | None:
    if isinstance(data, Commitment):
        return data
    if not isinstance(data, Mapping):
        problems.append(f"{path}: expected a mapping with id, subgoal, confirm, falsify; got {_kind(data)}")
        return None
    before = len(problems)
    _unknown_keys(data, _COMMITMENT_KEYS, path, problems)
    for key in ("id", "subgoal"):
        if key not in data:
            problems.append(f"{path}.{key}: missing; fix: add `{key}: ...`")
    cid, subgoal = data.get("id"), data.get("subgoal")
    if "id" in data and (not isinstance(cid, str) or not cid.strip()):
        problems.append(f"{path}.id: expected a non-empty string, got {_kind(cid)}")
    if "subgoal" in data and (not isinstance(subgoal, str) or not subgoal.strip()):
        problems.append(f"{path}.subgoal: expected a non-empty string, got {_kind(subgoal)}")
    elif "subgoal" in data:
        _check_length(subgoal, f"{path}.subgoal", "a subgoal", problems)
    if isinstance(cid, str) and len(cid) > MAX_STATEMENT_CHARS:
        problems.append(f"{path}.id: {len(cid):,} characters; fix: a short name such as open-ticket")
    skill = data.get("skill")
    if skill is not None and not isinstance(skill, str):
        problems.append(f"{path}.skill: expected a skill name (string), got {_kind(skill)}")
    k = data.get("confidence", 0.5)
    _check_confidence(k, path, problems)
    confirm = _groups_from_data(data.get("confirm"), STAGES, f"{path}.confirm", "stage", problems)
    falsify = _groups_from_data(data.get("falsify"), SCOPES, f"{path}.falsify", "scope", problems)
    if len(problems) > before:
        return None
    extra = {k2: v for k2, v in data.items() if k2 not in _COMMITMENT_KEYS}
    return Commitment(
        id=cid, subgoal=subgoal, skill=skill, confidence=k, confirm=confirm, falsify=falsify, extra=extra,
        confidence_given="confidence" in data,
    )


def evidence_items(items: Iterable[str | Evidence], on: str = "state") -> tuple[Evidence, ...]:
    """Build a tuple of :class:`Evidence` from strings (handy in notebooks)."""
    return tuple(i if isinstance(i, Evidence) else Evidence(i, on) for i in items)
