"""Labelled verifier cases: the checks a slow verifier is asked about, with the right answer.

A *case* is one fast-path check from a labelled corpus, frozen with everything the paper gives
the verifier Omega (task, plan, active commitment, the fast result, the page or the proposed
action, the recent trajectory) and the answer the labels imply:

* ``off_track`` (the trajectory is faulty and the check is at or after its first off-track step,
  the labelling rule of :class:`~fcpkit.core.verify.OracleVerifier`): the verifier must *repair*,
  ideally with the scope the fault class implies (:data:`FAULT_SCOPES`);
* ``healthy`` (a healthy run, or a faulty run before its first off-track step): it must not
  repair (*continue* or *advance* are both right).

Cases come in three kinds, so that the set holds the cases a model is actually asked about and
the cases where reading the page is the whole job:

* ``escalated``: checks the fast path cannot decide (:func:`~fcpkit.core.verify.needs_model`),
  from a lower-bound checker run, i.e. what :class:`~fcpkit.core.verify.SplitVerifier` sends;
* ``off_track_step``: the page after each fault class's first off-track step;
* ``healthy_step``: pages from healthy runs.

:func:`build_cases` makes them from corpora (deterministic for a seed); :func:`dump_cases` /
:func:`load_cases` read and write the JSON Lines file shipped in ``fcpkit/data/verifier/``.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from fcpkit import Action, CheckResult, Checker, Observation, Plan, Route, Trajectory
from fcpkit.core.verify import VerifyRequest, needs_model
from fcpkit.errors import CorpusError, PlanError

__all__ = [
    "FAULT_SCOPES",
    "CASE_KINDS",
    "VerifierCase",
    "build_cases",
    "dump_cases",
    "load_cases",
    "case_counts",
    "stratified_sample",
]

#: The repair scope each fault class implies (paper section 4: execution = a wrong action or page,
#: keep subgoal and skill; skill = the procedure does not fit this site; planning = the subgoal is
#: wrong). Fault classes not listed are scored on the decision only.
FAULT_SCOPES: dict[str, str] = {
    "wrong_record": "execution", "session_expired": "execution", "stale_filter": "execution",
    "wrong_banner": "execution", "silent_noop": "execution", "slow_response": "execution",
    "interstitial": "execution", "noop": "execution", "wrong_value": "execution", "wrong_element": "execution",
    "control_missing": "skill", "missing_control": "skill", "permission_denied": "skill",
    "plan_drift": "planning",
}
CASE_KINDS = ("escalated", "off_track_step", "healthy_step")
_HISTORY = 4


@dataclass(frozen=True)
class VerifierCase:
    """One labelled check, with the request a verifier gets (see the module docstring)."""

    id: str
    source: str
    kind: str
    label: str  # "off_track" | "healthy"
    trajectory: str
    workflow: str | None
    fault: str | None
    first_off_track_step: int | None
    step: int
    plan: Plan
    commitment: str
    result: CheckResult
    observation: Observation | None
    action: Action | None
    history: tuple[tuple[Action, Observation], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def expected_decision(self) -> str:
        """``repair`` for an off-track case; ``not_repair`` (continue or advance) for a healthy one."""
        return "repair" if self.label == "off_track" else "not_repair"

    @property
    def expected_scope(self) -> str | None:
        return FAULT_SCOPES.get(self.fault or "") if self.label == "off_track" else None

    def request(self) -> VerifyRequest:
        """The :class:`VerifyRequest` a verifier is asked, as the checker built it."""
        return VerifyRequest(self.plan, self.plan.commitments[self.plan.index(self.commitment)], self.result,
                             self.step, observation=self.observation, action=self.action, history=self.history)

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id, "source": self.source, "kind": self.kind, "label": self.label,
            "expected_decision": self.expected_decision, "expected_scope": self.expected_scope,
            "trajectory": self.trajectory, "workflow": self.workflow, "fault": self.fault,
            "first_off_track_step": self.first_off_track_step, "step": self.step,
            "plan": self.plan.to_data(), "commitment": self.commitment, "result": self.result.to_dict(),
            "observation": self.observation.to_data() if self.observation is not None else None,
            "action": self.action.to_data() if self.action is not None else None,
            "history": [[a.to_data(), o.to_data()] for a, o in self.history],
            **dict(self.extra),
        }

    @classmethod
    def from_data(cls, d: Mapping[str, Any], where: str = "<case>") -> "VerifierCase":
        missing = [k for k in ("id", "source", "kind", "label", "trajectory", "step", "plan", "commitment", "result")
                   if k not in d]
        if missing:
            raise ValueError(f"{where}: missing field(s) {', '.join(missing)}; regenerate with `fcpkit bench verifier --make-cases`")
        if d["label"] not in ("off_track", "healthy"):
            raise ValueError(f"{where}.label: {d['label']!r}; use 'off_track' or 'healthy'")
        if d["kind"] not in CASE_KINDS:
            raise ValueError(f"{where}.kind: {d['kind']!r}; use one of {', '.join(CASE_KINDS)}")
        plan = Plan.from_data(d["plan"], source=f"{where}.plan")
        if all(c.id != d["commitment"] for c in plan.commitments):
            raise ValueError(f"{where}.commitment: {d['commitment']!r} is not a commitment of the case's plan")
        r = dict(d["result"])
        try:
            r["route"] = Route(r["route"])
            result = CheckResult(**r)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{where}.result: not a fast-test result ({exc}); regenerate the case file") from None
        known = {"id", "source", "kind", "label", "expected_decision", "expected_scope", "trajectory", "workflow",
                 "fault", "first_off_track_step", "step", "plan", "commitment", "result", "observation", "action",
                 "history"}
        return cls(
            id=d["id"], source=d["source"], kind=d["kind"], label=d["label"], trajectory=d["trajectory"],
            workflow=d.get("workflow"), fault=d.get("fault"), first_off_track_step=d.get("first_off_track_step"),
            step=int(d["step"]), plan=plan, commitment=d["commitment"], result=result,
            observation=_obs(d.get("observation")), action=_act(d.get("action")),
            history=tuple((_act(a), _obs(o)) for a, o in d.get("history") or ()),
            extra={k: v for k, v in d.items() if k not in known},
        )


def _obs(d: Mapping[str, Any] | None) -> Observation | None:
    if d is None:
        return None
    return Observation(d.get("url", ""), d.get("title", ""), d.get("text", ""), d.get("error"),
                       tuple(d["tabs"]) if d.get("tabs") is not None else None)


def _act(d: Mapping[str, Any] | None) -> Action | None:
    if d is None:
        return None
    return Action(d["command"], d.get("reasoning", ""), d.get("target"), d.get("effect", "read"))


def _brief(o: Observation) -> Observation:
    """A history page as the verifier sees it (title, URL, error): the text is not shown."""
    return Observation(o.url, o.title, "", o.error)


def _candidates(source: str, traj: Trajectory, checker: Checker) -> Iterable[VerifierCase]:
    """Every check of ``traj`` (lower-bound run) as a case, kind decided by how it was routed."""
    rep = checker.check(traj)
    first = traj.label.first_off_track_step
    before = [traj.initial_observation] + [s.observation for s in traj.steps]
    for i, c in enumerate(rep.checks):
        r = c.result
        if not r.scored and not needs_model(r):  # the start page's rule hits: decided without a model
            continue
        t = c.step
        off = traj.label.fault is not None and first is not None and t >= first
        if needs_model(r):
            kind = "escalated"
        elif r.phase == "post" and off and t == first:
            kind = "off_track_step"
        elif r.phase == "post" and traj.label.fault is None and r.route is Route.CONTINUE:
            kind = "healthy_step"
        else:
            continue
        # post: the page step t produced; pre (action tests, advances): the page it was proposed on
        step = traj.steps[t]
        obs = step.observation if r.phase == "post" else before[t]
        hist = tuple((s.action, _brief(s.observation)) for s in traj.steps[max(0, t - _HISTORY):t])
        yield VerifierCase(
            id=f"{source}/{traj.id}/{t}/{r.phase}/{i}", source=source, kind=kind,
            label="off_track" if off else "healthy", trajectory=traj.id, workflow=traj.workflow,
            fault=traj.label.fault, first_off_track_step=first, step=t, plan=traj.plan, commitment=r.commitment,
            result=r, observation=obs, action=step.action, history=hist,
        )


def build_cases(corpora: Mapping[str, Sequence[Trajectory]], *, per_group: int = 3, seed: int = 0,
                checker: Checker | None = None) -> list[VerifierCase]:
    """Cases from labelled corpora (``{source name: trajectories}``), balanced by stratified sampling.

    Groups are (source, kind, label, fault class for off-track cases or workflow for healthy
    ones); at most ``per_group`` cases are drawn
    from each, trajectories spread first (one case per trajectory before a second), so no run or
    fault dominates. The same corpora and seed give the same cases.
    """
    checker = checker or Checker()
    rng = random.Random(seed)
    groups: dict[tuple, list[VerifierCase]] = defaultdict(list)
    for source, trajs in corpora.items():
        for traj in trajs:
            for case in _candidates(source, traj, checker):
                # off-track cases by fault class; healthy ones (a faulty run's early steps too) by workflow
                key = (source, case.kind, case.label, (case.fault if case.label == "off_track" else case.workflow) or "")
                groups[key].append(case)
    out: list[VerifierCase] = []
    for key in sorted(groups):
        pool = groups[key]
        rng.shuffle(pool)
        by_traj: dict[str, list[VerifierCase]] = defaultdict(list)
        for case in pool:
            by_traj[case.trajectory].append(case)
        spread: list[VerifierCase] = []
        while len(spread) < per_group and any(by_traj.values()):
            for tid in sorted(by_traj, key=lambda k: rng.random()):
                if by_traj[tid] and len(spread) < per_group:
                    spread.append(by_traj[tid].pop())
        out.extend(sorted(spread, key=lambda c: c.id))
    return out


def dump_cases(cases: Iterable[VerifierCase], path: str | Path) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with p.open("w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps(c.to_data(), ensure_ascii=False) + "\n")
    return p


def load_cases(path: str | Path) -> list[VerifierCase]:
    """Read a case file; every problem names the file and line (one :class:`CorpusError`)."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(str(p), [f"cannot read the case file ({exc})"]) from None
    cases, problems = [], []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            cases.append(VerifierCase.from_data(json.loads(line), f"line {n}"))
        except json.JSONDecodeError as exc:
            problems.append(f"line {n}: not valid JSON ({exc.msg}); fix: one case object per line")
        except (ValueError, PlanError) as exc:
            problems.append(str(exc))
    if problems:
        raise CorpusError(str(p), problems)
    if not cases:
        raise CorpusError(str(p), ["no cases; fix: regenerate with `fcpkit bench verifier --make-cases`"])
    return cases


def case_counts(cases: Sequence[VerifierCase]) -> dict[str, int]:
    """How many cases of each (kind, label): the shape of a case set at a glance."""
    counts: dict[str, int] = defaultdict(int)
    for c in cases:
        counts[f"{c.kind}/{c.label}"] += 1
    return dict(sorted(counts.items()))


def stratified_sample(cases: Sequence[VerifierCase], n: int) -> list[VerifierCase]:
    """``n`` cases taken in turn from each (kind, label) group and, within it, from each source,
    in file order: a small run still sees every kind of case. Returned in file order."""
    if n <= 0 or n >= len(cases):
        return list(cases)
    groups: dict[tuple[str, str], dict[str, list[VerifierCase]]] = defaultdict(lambda: defaultdict(list))
    for c in cases:
        groups[(c.kind, c.label)][c.source].append(c)
    queues = {k: [c for batch in _interleave(v) for c in batch] for k, v in groups.items()}
    picked: list[VerifierCase] = []
    while len(picked) < n:
        for k in sorted(queues):
            if queues[k] and len(picked) < n:
                picked.append(queues[k].pop(0))
    order = {c.id: i for i, c in enumerate(cases)}
    return sorted(picked, key=lambda c: order[c.id])


def _interleave(by_source: Mapping[str, list[VerifierCase]]) -> Iterable[list[VerifierCase]]:
    """One case of each source in turn: [[a1, b1, c1], [a2, b2], ...]."""
    lists = [list(v) for _, v in sorted(by_source.items())]
    while any(lists):
        yield [lst.pop(0) for lst in lists if lst]
