"""Inducing the libraries from labelled trajectories (paper appendix B.3/B.4), deterministically.

:class:`DeterministicInducer` replays each run through fcpkit's offline :class:`~fcpkit.Checker`
(lower verifier bound: no oracle, no model) and

* segments every **successful** run by the commitments the tracker itself confirmed; each
  segment (its commitment, its actions, the pages around it) is one instance of a skill: the
  task's values are lifted into parameters (:mod:`~fcpkit.agent.memory.params`), the
  preconditions and confirming signals kept are those that actually held on the segment's pages
  and actions (support >= the base completion gate tau+), falsifiers are kept as templates, and
  statements still naming one instance's identifiers (a near-miss record, a price) are dropped.
  Instances that induce the same skill (same task kind, same commitment) are merged: a statement
  survives only if it held in every instance; history counts uses and successes.
* turns every **faulty** run the checker detects into one failure case: the situation at the
  detection, the diagnosis (scope, the falsifier or rule that fired), the repair fcpkit's
  :class:`~fcpkit.agent.repair.DeterministicRepairer` prescribes for it, and the recorded outcome. Recorded
  corpora do not contain the repaired continuation, so their outcome status is ``prescribed``;
  :func:`~fcpkit.agent.memory.experience.failures_from_run` makes ``recovered``/``failed`` cases
  from live runs that did repair.

Runs are processed in the order given and every choice is order-stable, so the same corpora give
byte-identical library files.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from fcpkit.eval.checker import Checker
from fcpkit.core.plan import Evidence
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import Trajectory
from fcpkit.core.rules import action_text
from fcpkit.agent.repair import DeterministicRepairer, RepairRequest

from fcpkit.agent.memory.params import bind_task, extract_values, generalise, instance_specific, lift, lift_task, similar
from fcpkit.agent.memory.records import Diagnosis, FailureRecord, RepairAction, RepairOutcome, Situation, Skill, SkillHistory
from fcpkit.agent.memory.store import Library

__all__ = ["Inducer", "DeterministicInducer", "TaskKinds", "action_pattern", "healthy"]


@runtime_checkable
class Inducer(Protocol):
    """Anything that turns labelled trajectories into a :class:`Library`."""

    name: str

    def induce(self, trajectories: Iterable[Trajectory]) -> Library: ...


def healthy(t: Trajectory) -> bool:
    """A run a skill may be learned from: no fault label and no recorded failure."""
    return t.label.fault is None and (t.outcome is None or t.outcome.get("success") is not False)


class TaskKinds:
    """Groups tasks into kinds (per workflow, same lifted shape) and gives each its template."""

    def __init__(self, trajectories: Sequence[Trajectory]):
        groups: dict[str, list[list[str]]] = defaultdict(list)
        for t in trajectories:
            typed = lift_task(t.task)
            kinds = groups[t.workflow or ""]
            for g in kinds:
                if similar(g[0], typed):
                    if typed not in g:
                        g.append(typed)
                    break
            else:
                kinds.append([typed])
        self._templates: dict[tuple[str, str], str] = {}
        for wf, kinds in groups.items():
            for g in kinds:
                general = generalise(g) if len(g) > 1 else g[0]
                for typed in g:
                    self._templates[(wf, typed)] = general

    def template(self, t: Trajectory) -> str:
        return self._templates.get((t.workflow or "", lift_task(t.task)), lift_task(t.task))

    def values(self, t: Trajectory) -> dict[str, str]:
        return bind_task(t.task, [self.template(t)])


def action_pattern(action: Any, values: Mapping[str, str]) -> str:
    """An action as a parametrised pattern: the call with its element id replaced by the target's
    role and name, the task's values lifted (``fill(searchbox 'Search tickets', '{record_id}')``)."""
    target = action.target or ""
    m = re.match(r"\s*(\w+)\s+'([^']*)'", target)
    where = f"{m.group(1)} '{m.group(2)}'" if m else ""
    cmd = re.sub(r"^(\w+)\(\s*'[^']*'", lambda x: f"{x.group(1)}({where or 'element'}", action.command.strip())
    return lift(cmd, values)


@dataclass
class _Instance:
    """One segment of one run, lifted."""

    base: str
    commitment_id: str
    subgoal: str
    confidence: float
    actions: tuple[str, ...]
    preconditions: list[Evidence]
    confirm: dict[str, list[Evidence]]
    falsify: dict[str, list[Evidence]]
    source: str
    requires: str | None = None
    parameters: set[str] = field(default_factory=set)


class DeterministicInducer:
    """Skills from successful runs, failure cases from detected faulty ones (module docstring).

    Args:
        matcher: scores whether a statement held (default: the checker's lexical matcher,
            fitted on the runs' pages).
        thresholds: the gate a statement's support must reach to count as held (``tau_plus``).
        verifier: the checker's verifier bound used to segment and detect (default ``"lower"``).
    """

    name = "deterministic"

    def __init__(self, matcher: Any = None, thresholds: Thresholds | None = None, *, verifier: str = "lower"):
        self.checker = Checker(matcher, thresholds, verifier=verifier)
        self.gate = self.checker.thresholds.tau_plus

    # -- public ----------------------------------------------------------------------------------
    def induce(self, trajectories: Iterable[Trajectory]) -> Library:
        runs = list(trajectories)
        self.checker.fit(runs)
        kinds = TaskKinds(runs)
        groups: dict[tuple[str, str, str], list[tuple[_Instance, Trajectory]]] = {}
        failures: list[FailureRecord] = []
        reports = {t.id: self.checker.check(t) for t in runs}
        for t in runs:
            if not healthy(t):
                continue
            prev: str | None = None
            for inst in self._segments(t, reports[t.id].advanced, kinds):
                inst.requires = prev
                key = (t.workflow or "", kinds.template(t), inst.commitment_id)
                groups.setdefault(key, []).append((inst, t))
                prev = self._name(key, groups)
        skills = self._merge(groups)
        names = {key: self._name(key, groups) for key in groups}
        for t in runs:
            if t.label.fault is None:
                continue
            rec = self._failure(t, reports[t.id], kinds, names)
            if rec is not None:
                failures.append(rec)
        skills = _count_failed_uses(skills, failures)
        return Library(tuple(skills), tuple(failures), {"inducer": self.name, "runs": len(runs),
                                                        "healthy_runs": sum(1 for t in runs if healthy(t))})

    # -- skills ----------------------------------------------------------------------------------
    @staticmethod
    def _name(key: tuple[str, str, str], groups: Mapping[tuple[str, str, str], Any]) -> str:
        """``workflow.commitment``; kinds of one workflow after the first get ``@2``, ``@3``..."""
        wf, template, cid = key
        kinds = list(dict.fromkeys(k[1] for k in groups if k[0] == wf))
        n = kinds.index(template) + 1
        return f"{wf}.{cid}" + ("" if n == 1 else f"@{n}")

    def _segments(self, t: Trajectory, confirmed: Sequence[str], kinds: TaskKinds) -> list[_Instance]:
        values = kinds.values(t)
        pages = t.observations()
        out: list[_Instance] = []
        last_page = 0
        for c in t.plan.commitments:
            if c.id not in confirmed:
                continue
            idx = [i for i, s in enumerate(t.steps) if s.commitment == c.id]
            before = pages[idx[0]] if idx else pages[last_page]
            seg_pages = [before] + [pages[i + 1] for i in idx]
            if idx:
                last_page = idx[-1] + 1
            actions = [t.steps[i].action for i in idx]
            out.append(_Instance(
                base=c.skill or c.id, commitment_id=c.id, subgoal=lift(c.subgoal, values),
                confidence=float(c.confidence), actions=tuple(action_pattern(a, values) for a in actions),
                preconditions=self._held(c.confirm.get("precondition", ()), [before], [], values),
                confirm={s: self._held(c.confirm.get(s, ()), seg_pages, actions, values) for s in ("progress", "completion")},
                falsify={s: [self._lift(e, values) for e in c.falsify.get(s, ())] for s in c.falsify},
                source=t.id, parameters={k for k in values if "{" + k + "}" in lift(c.subgoal, values)},
            ))
        return out

    @staticmethod
    def _lift(e: Evidence, values: Mapping[str, str]) -> Evidence:
        return Evidence(lift(e.text, values), e.on, mapping=e.mapping)

    def _held(self, items: Sequence[Evidence], pages: Sequence[Any], actions: Sequence[Any],
              values: Mapping[str, str]) -> list[Evidence]:
        """The statements that held: a page statement on one of ``pages``, an action statement on
        one of ``actions`` (support >= the gate)."""
        kept = []
        page_texts = [p.serialize() for p in pages]
        action_texts = [action_text(a) for a in actions]
        for e in items:
            texts = (page_texts if e.on_state else []) + (action_texts if e.on_action else [])
            if texts and float(self.checker.matcher.score([e.text], texts).max()) >= self.gate:
                kept.append(self._lift(e, values))
        return kept

    def _merge(self, groups: Mapping[tuple[str, str, str], list[tuple[_Instance, Trajectory]]]) -> list[Skill]:
        skills: list[Skill] = []
        names = {key: self._name(key, groups) for key in groups}
        for key, members in groups.items():
            wf, template, _ = key
            insts = [m[0] for m in members]
            first = insts[0]

            def common(lists: list[list[Evidence]]) -> tuple[Evidence, ...]:
                keep = [e for e in lists[0] if not instance_specific(e.text)]
                for other in lists[1:]:
                    texts = {(e.text, e.on) for e in other}
                    keep = [e for e in keep if (e.text, e.on) in texts]
                return tuple(dict.fromkeys(keep))

            stages = {s: common([i.confirm.get(s, []) for i in insts]) for s in ("progress", "completion")}
            scopes = {s: common([i.falsify.get(s, []) for i in insts]) for s in first.falsify}
            actions = Counter(i.actions for i in insts).most_common(1)[0][0]
            subgoal = Counter(i.subgoal for i in insts).most_common(1)[0][0]
            requires = tuple(dict.fromkeys(r for i in insts if i.requires for r in [i.requires]))
            params = sorted(set().union(*(i.parameters for i in insts)))
            skills.append(Skill(
                name=names[key], key=f"{subgoal} (task: {template})", subgoal=subgoal,
                commitment_id=first.commitment_id, parameters=tuple(params),
                actions=tuple(a for a in actions if not instance_specific(a)),
                preconditions=common([i.preconditions for i in insts]),
                confirm={k: v for k, v in stages.items() if v}, falsify={k: v for k, v in scopes.items() if v},
                requires=requires, confidence=round(sum(i.confidence for i in insts) / len(insts), 3),
                site=wf.split(".")[0], task_templates=(template,),
                history=SkillHistory(len(insts), len(insts), tuple(i.source for i in insts)),
            ))
        return skills

    # -- failure cases ---------------------------------------------------------------------------
    def _falsifiers_held(self, plan: Any, c: Any, phase: str, obs: Any, action: Any,
                         values: Mapping[str, str]) -> list[str]:
        """Every falsifier of the commitment and the plan that held at the detection (support >=
        the base drift gate tau-), lifted: on the page after a post-action detection, on the
        action before a pre-action one."""
        items = [e for _, e in c.falsifiers()] + [e for _, e in plan.plan_level()]
        if phase == "post":
            texts = _held_texts(self, [e for e in items if e.on_state], obs.serialize())
        else:
            texts = _held_texts(self, [e for e in items if e.on_action], action_text(action) if action else "")
        return list(dict.fromkeys(lift(x, values) for x in texts))

    def _failure(self, t: Trajectory, report: Any, kinds: TaskKinds,
                 names: Mapping[tuple[str, str, str], str]) -> FailureRecord | None:
        det = report.detection
        if det is None:
            return None
        r = det.result
        plan = t.plan
        index = plan.index(r.commitment) if r.commitment in {c.id for c in plan.commitments} else 0
        c = plan.commitments[index]
        step = min(det.step, len(t.steps) - 1) if t.steps else 0
        obs = t.steps[step].observation if t.steps and det.phase == "post" else (
            t.steps[step - 1].observation if t.steps and step > 0 else t.initial_observation)
        action = t.steps[step].action if t.steps else None
        scope = r.scope or "execution"
        values = kinds.values(t)
        template = kinds.template(t)
        name = names.get((t.workflow or "", template, c.id))
        request = RepairRequest(plan, index, scope, det.diagnosis or r.evidence or r.rule or "", det.phase, r,
                                None, action, obs, tuple((s.action, s.observation) for s in t.steps[:step]),
                                safe_url=t.initial_observation.url or None, step=det.step)
        res = DeterministicRepairer(values).repair(request)
        held = self._falsifiers_held(plan, c, det.phase, obs, action, values)
        falsifier = None
        if True:  # the failure's own statement, or a generic one that held with it
            generic = [x for x in ([lift(r.evidence, values)] if r.evidence else []) + held if not instance_specific(x)]
            falsifier = generic[0] if generic else None
        success = None if t.outcome is None else t.outcome.get("success")
        return FailureRecord(
            id=f"{t.id}@{det.step}",
            situation=Situation(t.task, template, (t.workflow or "").split(".")[0], obs.url, obs.title, c.id,
                                lift(c.subgoal, values), name),
            diagnosis=Diagnosis(scope, lift(r.evidence, values) if r.evidence else None, r.rule, det.phase,
                                det.step, t.label.fault, tuple(held)),
            repair=RepairAction(res.strategy, res.scope, res.depth, lift(res.hint or "", values), falsifier),
            outcome=RepairOutcome("prescribed", success, str((t.outcome or {}).get("reason", ""))),
            source=t.id,
        )


def _held_texts(inducer: "DeterministicInducer", statements: list[Evidence], text: str) -> list[str]:
    if not statements or not text:
        return []
    scores = inducer.checker.matcher.score([e.text for e in statements], [text])[:, 0]
    return [e.text for e, sc in zip(statements, scores) if float(sc) >= inducer.checker.thresholds.tau_minus]


def _count_failed_uses(skills: list[Skill], failures: Sequence[FailureRecord]) -> list[Skill]:
    """A failure diagnosed on a skill's commitment is a use of that skill that did not succeed."""
    failed = Counter(f.situation.skill for f in failures if f.situation.skill)
    out = []
    for s in skills:
        n = failed.get(s.name, 0)
        out.append(s if not n else replace(s, history=SkillHistory(s.history.uses + n, s.history.successes,
                                                                     s.history.sources)))
    return out


def typed_values(task: str) -> dict[str, str]:
    """The typed values of a task (re-exported for notebooks): see :func:`params.extract_values`."""
    return extract_values(task)
