"""Experience records: skills s = (n, k, a, p, v, h) and failure cases f = (q, rho, gamma, eta).

These are the two libraries of the paper's appendix B.3/B.4, as frozen records that round-trip
through plain data (``to_data`` / ``from_data``), so they store as JSON Lines or YAML and load
into a Hugging Face ``datasets.Dataset`` (:mod:`fcpkit.agent.memory.store`).

* :class:`Skill` - a reusable procedure induced from successful runs: its ``name`` (n), ``key``
  (k, the text retrieval matches a task against), parametrised action pattern ``actions`` (a),
  ``preconditions`` (p), verification signals ``confirm``/``falsify`` (v: evidence *templates*
  with ``{placeholders}`` that instantiate into an FCU's evidence) and ``history`` (h: uses,
  successes, the runs it came from). ``requires`` names the skills that must run before it
  (log in -> search -> open record), which retrieval expands.
* :class:`FailureRecord` - one failure and its repair: the ``situation`` (task, page, active
  commitment), the ``diagnosis`` (scope and the evidence that fired), the ``repair`` applied and
  its ``outcome``.

Both also satisfy what :class:`fcpkit.agent.planner.TemplatePlanner`, :class:`fcpkit.agent.planner.LLMPlanner` and
:class:`fcpkit.agent.repair.DeterministicRepairer` read from a skill or failure case (``instantiate``,
``describe``, ``falsifier``, ``scope``, ``skill``), so a retrieved record goes straight into them.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field, fields
from typing import Any, Iterable, Mapping, Sequence

from fcpkit.core.plan import SCOPES, Commitment, Evidence
from fcpkit.errors import LibraryError, PlanError

__all__ = [
    "Skill",
    "SkillHistory",
    "FailureRecord",
    "Situation",
    "Diagnosis",
    "RepairAction",
    "RepairOutcome",
    "OUTCOMES",
    "CONFIRM_STAGES",
]

#: confirming stages a skill carries besides its preconditions
CONFIRM_STAGES: tuple[str, ...] = ("progress", "completion")
#: how a failure case ended: the repair was applied and the run then succeeded / failed; the
#: repair is the one prescribed for the diagnosis but was not executed in the source run
OUTCOMES: tuple[str, ...] = ("recovered", "failed", "prescribed")


def _evidence(items: Iterable[Any], where: str, problems: list[str]) -> tuple[Evidence, ...]:
    out: list[Evidence] = []
    for j, it in enumerate(items or ()):
        if isinstance(it, Evidence):
            out.append(it)
        elif isinstance(it, str) and it.strip():
            out.append(Evidence(it))
        elif isinstance(it, Mapping) and isinstance(it.get("text"), str) and it.get("on", "state") in ("state", "action", "both"):
            out.append(Evidence(it["text"], it.get("on", "state"), mapping=True))
        else:
            problems.append(f"{where}[{j}]: expected a statement or {{text, on}} mapping, got {it!r}")
    return tuple(out)


def _groups(raw: Any, names: Sequence[str], where: str, problems: list[str]) -> dict[str, tuple[Evidence, ...]]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: expected a mapping of {', '.join(names)} to lists")
        return {}
    out: dict[str, tuple[Evidence, ...]] = {}
    for key, items in raw.items():
        if key not in names:
            problems.append(f"{where}.{key}: unknown key; fix: use one of {', '.join(names)}")
            continue
        if isinstance(items, (str, Mapping)):
            items = [items]
        out[key] = _evidence(items, f"{where}.{key}", problems)
    return {k: v for k, v in out.items() if v}


def _strings(raw: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, str) or not isinstance(raw, Iterable) or not all(isinstance(x, str) for x in raw):
        problems.append(f"{where}: expected a list of strings, got {raw!r}")
        return ()
    return tuple(raw)


def _need(data: Mapping[str, Any], key: str, where: str, problems: list[str], kind: type = str) -> Any:
    v = data.get(key)
    if v is None:
        problems.append(f"{where}.{key}: missing; fix: add `{key}`")
    elif not isinstance(v, kind) or (kind is str and not v.strip()):
        problems.append(f"{where}.{key}: expected a non-empty {kind.__name__}, got {v!r}")
        return None
    return v


def placeholders_of(text: str) -> set[str]:
    """The ``{name}`` fields of a template."""
    try:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}
    except ValueError:
        return set()


@dataclass(frozen=True)
class SkillHistory:
    """h: how often the skill was used and succeeded, and the runs (trajectory ids) it came from."""

    uses: int = 0
    successes: int = 0
    sources: tuple[str, ...] = ()

    @property
    def success_rate(self) -> float:
        return self.successes / self.uses if self.uses else 0.0

    def merged(self, other: "SkillHistory") -> "SkillHistory":
        return SkillHistory(self.uses + other.uses, self.successes + other.successes,
                            tuple(dict.fromkeys(self.sources + other.sources)))


@dataclass(frozen=True)
class Skill:
    """A skill record s = (n, k, a, p, v, h); see the module docstring.

    ``subgoal``, ``actions`` and every evidence item are templates over ``parameters``
    (``{record_id}``, ``{team}``, ...). ``task_templates`` are the tasks the skill was seen in
    with their values lifted (``Find ticket {record_id} ...``): they bind a new task's values
    (:func:`fcpkit.eval.induce.bind_task`). ``commitment_id`` is the id the instantiated
    commitment gets.
    """

    name: str
    key: str
    subgoal: str
    commitment_id: str
    parameters: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    preconditions: tuple[Evidence, ...] = ()
    confirm: Mapping[str, tuple[Evidence, ...]] = field(default_factory=dict)
    falsify: Mapping[str, tuple[Evidence, ...]] = field(default_factory=dict)
    requires: tuple[str, ...] = ()
    confidence: float = 0.7
    site: str = ""
    task_templates: tuple[str, ...] = ()
    history: SkillHistory = field(default_factory=SkillHistory)

    # -- what planners and repairers read ------------------------------------------------------
    @property
    def applicability(self) -> str:
        return self.key

    @property
    def keywords(self) -> tuple[str, ...]:
        return self.parameters

    def placeholders(self) -> set[str]:
        names = placeholders_of(self.subgoal)
        for e in self.evidence():
            names |= placeholders_of(e.text)
        return names

    def evidence(self) -> Iterable[Evidence]:
        yield from self.preconditions
        for group in (self.confirm, self.falsify):
            for items in group.values():
                yield from items

    def instantiate(self, variables: Mapping[str, Any], *, id: str | None = None) -> Commitment:
        """The FCU this skill stands for, its templates filled from ``variables``.

        Raises :class:`~fcpkit.errors.PlanError` naming the placeholders that have no value."""
        missing = sorted(self.placeholders() - set(variables))
        if missing:
            raise PlanError(f"skill {self.name!r}", [
                f"no value for placeholder(s) {', '.join('{' + m + '}' for m in missing)}; "
                f"fix: pass variables={{{', '.join(repr(m) + ': ...' for m in missing)}}} or a task that binds them"])
        fill = lambda e: Evidence(e.text.format(**variables), e.on, mapping=e.mapping)  # noqa: E731
        confirm = {s: tuple(fill(e) for e in self.confirm.get(s, ())) for s in CONFIRM_STAGES}
        confirm["precondition"] = tuple(fill(e) for e in self.preconditions)
        falsify = {s: tuple(fill(e) for e in self.falsify.get(s, ())) for s in SCOPES}
        return Commitment(id or self.commitment_id, self.subgoal.format(**variables), skill=self.name,
                          confidence=float(self.confidence), confirm=confirm, falsify=falsify)

    def describe(self) -> str:
        """One block for a planner prompt: what it is for, its steps and what confirms/refutes it."""
        parts = [f"- {self.name}: {self.subgoal}", f"  for: {self.key}"]
        if self.parameters:
            parts.append("  parameters: " + ", ".join(self.parameters))
        if self.requires:
            parts.append("  after: " + ", ".join(self.requires))
        if self.actions:
            parts.append("  steps: " + "; ".join(self.actions))
        if self.preconditions:
            parts.append("  precondition: " + "; ".join(e.text for e in self.preconditions))
        for stage in CONFIRM_STAGES:
            if self.confirm.get(stage):
                parts.append(f"  {stage}: " + "; ".join(e.text for e in self.confirm[stage]))
        for scope in SCOPES:
            if self.falsify.get(scope):
                parts.append(f"  refuted ({scope}) by: " + "; ".join(e.text for e in self.falsify[scope]))
        parts.append(f"  history: used {self.history.uses}, succeeded {self.history.successes}")
        return "\n".join(parts)

    # -- data ----------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name, "key": self.key, "subgoal": self.subgoal, "commitment_id": self.commitment_id,
            "parameters": list(self.parameters), "actions": list(self.actions),
            "preconditions": [e.to_data() for e in self.preconditions],
            "confirm": {s: [e.to_data() for e in self.confirm[s]] for s in CONFIRM_STAGES if self.confirm.get(s)},
            "falsify": {s: [e.to_data() for e in self.falsify[s]] for s in SCOPES if self.falsify.get(s)},
            "requires": list(self.requires), "confidence": self.confidence, "site": self.site,
            "task_templates": list(self.task_templates),
            "history": {"uses": self.history.uses, "successes": self.history.successes,
                        "sources": list(self.history.sources)},
        }

    @classmethod
    def from_data(cls, data: Any, *, where: str = "skill", source: str = "<data>") -> "Skill":
        """Build a skill from parsed data; every problem is reported at once, naming its field."""
        problems: list[str] = []
        if not isinstance(data, Mapping):
            raise LibraryError(source, [f"{where}: expected a mapping with name, key, subgoal, got {type(data).__name__}"])
        known = {f.name for f in fields(cls)}
        for k in data:
            if k not in known:
                problems.append(f"{where}.{k}: unknown field; fix: remove it or use one of {sorted(known)}")
        name = _need(data, "name", where, problems)
        key = _need(data, "key", where, problems)
        subgoal = _need(data, "subgoal", where, problems)
        cid = data.get("commitment_id") or (name or "step")
        conf = data.get("confidence", 0.7)
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            problems.append(f"{where}.confidence: expected a number in [0, 1], got {conf!r}")
        h = data.get("history") or {}
        if not isinstance(h, Mapping):
            problems.append(f"{where}.history: expected {{uses, successes, sources}}, got {h!r}")
            h = {}
        uses, succ = h.get("uses", 0), h.get("successes", 0)
        if not isinstance(uses, int) or not isinstance(succ, int) or uses < 0 or succ < 0:
            problems.append(f"{where}.history: uses and successes must be non-negative integers")
            uses, succ = 0, 0
        skill_kw = dict(
            parameters=_strings(data.get("parameters"), f"{where}.parameters", problems),
            actions=_strings(data.get("actions"), f"{where}.actions", problems),
            preconditions=_evidence(data.get("preconditions") or (), f"{where}.preconditions", problems),
            confirm=_groups(data.get("confirm"), CONFIRM_STAGES, f"{where}.confirm", problems),
            falsify=_groups(data.get("falsify"), SCOPES, f"{where}.falsify", problems),
            requires=_strings(data.get("requires"), f"{where}.requires", problems),
            task_templates=_strings(data.get("task_templates"), f"{where}.task_templates", problems),
            history=SkillHistory(uses, succ, _strings(h.get("sources"), f"{where}.history.sources", problems)),
        )
        if problems:
            raise LibraryError(source, problems)
        return cls(name=name, key=key, subgoal=subgoal, commitment_id=str(cid), confidence=float(conf),
                   site=str(data.get("site") or ""), **skill_kw)


# -- failure cases -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Situation:
    """q: where the failure happened - the task (and its lifted template), the page, the active commitment."""

    task: str
    task_template: str = ""
    site: str = ""
    url: str = ""
    title: str = ""
    commitment: str = ""
    subgoal: str = ""
    skill: str | None = None


@dataclass(frozen=True)
class Diagnosis:
    """rho: the scope and what fired (the strongest falsifying statement, or the anomaly rule), when,
    and ``held``: every falsifying statement of the step and plan that held there (a wrong record
    is both "Ticket T-411 detail" and "A ticket other than {record_id} is open")."""

    scope: str
    evidence: str | None = None
    rule: str | None = None
    phase: str = "post"
    step: int | None = None
    fault: str | None = None
    held: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "held", tuple(self.held))

    def describe(self) -> str:
        what = self.evidence or self.rule or "unknown"
        return f"{self.scope}: {what}"


@dataclass(frozen=True)
class RepairAction:
    """gamma: the repair - strategy, scope, depth (resume/backtrack), the hint the executor got,
    and a falsifier template a planner can add up front so the same failure is caught early."""

    strategy: str
    scope: str = "execution"
    depth: str = "resume"
    hint: str = ""
    falsifier: str | None = None


@dataclass(frozen=True)
class RepairOutcome:
    """eta: how it ended (one of :data:`OUTCOMES`), the run's success, and a short account."""

    status: str
    success: bool | None = None
    detail: str = ""


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


_PARTS = {"situation": Situation, "diagnosis": Diagnosis, "repair": RepairAction, "outcome": RepairOutcome}


@dataclass(frozen=True)
class FailureRecord:
    """A failure-repair case f = (q, rho, gamma, eta); ``source`` is the run it came from."""

    id: str
    situation: Situation
    diagnosis: Diagnosis
    repair: RepairAction
    outcome: RepairOutcome
    source: str = ""

    # -- what planners and repairers read ------------------------------------------------------
    @property
    def falsifier(self) -> str | None:
        return self.repair.falsifier

    @property
    def scope(self) -> str:
        return self.diagnosis.scope

    @property
    def skill(self) -> str | None:
        return self.situation.skill

    @property
    def key(self) -> str:
        """The situation as retrieval text: task kind, active subgoal, and the diagnosis."""
        s = self.situation
        return " | ".join(x for x in (s.task_template or s.task, s.subgoal, self.diagnosis.describe()) if x)

    def describe(self) -> str:
        s, d, r, o = self.situation, self.diagnosis, self.repair, self.outcome
        parts = [f"- situation: {s.subgoal or s.commitment} (task: {s.task_template or s.task})",
                 f"  diagnosis: {d.describe()}" + (f" at step {d.step} ({d.phase})" if d.step is not None else ""),
                 f"  repair: {r.strategy} ({r.scope}, {r.depth})" + (f" - {r.hint}" if r.hint else "")]
        if r.falsifier:
            parts.append(f"  watch for: {r.falsifier}")
        parts.append(f"  outcome: {o.status}" + (f" - {o.detail}" if o.detail else ""))
        return "\n".join(parts)

    # -- data ----------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "source": self.source,
                **{name: {f.name: _plain(getattr(getattr(self, name), f.name)) for f in fields(cls)}
                   for name, cls in _PARTS.items()}}

    @classmethod
    def from_data(cls, data: Any, *, where: str = "failure", source: str = "<data>") -> "FailureRecord":
        problems: list[str] = []
        if not isinstance(data, Mapping):
            raise LibraryError(source, [f"{where}: expected a mapping with id, situation, diagnosis, repair, outcome"])
        for k in data:
            if k not in ("id", "source", *_PARTS):
                problems.append(f"{where}.{k}: unknown field; fix: use id, source, {', '.join(_PARTS)}")
        fid = _need(data, "id", where, problems)
        parts: dict[str, Any] = {}
        for name, part in _PARTS.items():
            raw = data.get(name)
            if not isinstance(raw, Mapping):
                problems.append(f"{where}.{name}: missing or not a mapping; fix: add `{name}: {{...}}`")
                continue
            allowed = {f.name for f in fields(part)}
            bad = [k for k in raw if k not in allowed]
            if bad:
                problems.append(f"{where}.{name}: unknown key(s) {bad}; fix: use {sorted(allowed)}")
                continue
            try:
                parts[name] = part(**raw)
            except TypeError as exc:
                problems.append(f"{where}.{name}: {exc}")
        if "diagnosis" in parts and parts["diagnosis"].scope not in SCOPES:
            problems.append(f"{where}.diagnosis.scope: {parts['diagnosis'].scope!r} is not one of {', '.join(SCOPES)}")
        if "outcome" in parts and parts["outcome"].status not in OUTCOMES:
            problems.append(f"{where}.outcome.status: {parts['outcome'].status!r} is not one of {', '.join(OUTCOMES)}")
        if problems:
            raise LibraryError(source, problems)
        return cls(id=fid, source=str(data.get("source") or ""), **parts)
