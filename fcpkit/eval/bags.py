"""Pseudo-labelled bags for calibration: which (statements, page) pairs should hold on which runs.

A bag is one check's statements of one kind (falsifier on a page, falsifier on an action,
completion) with the texts they were scored against and a label read from the run's fault label:
a falsifier bag is positive at and after the first off-track step of a faulty run, negative on
healthy runs; a completion bag is positive where a healthy run's tracked commitment completed.
:mod:`fcpkit.eval.calibrate` fits a matcher's score mapping on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from fcpkit.core.plan import SCOPES, Commitment, Plan
from fcpkit.core.rules import action_text, check_transition, page_fingerprint
from fcpkit.core.trajectory import Trajectory, serialize_observation
from fcpkit.eval.checker import Checker
from fcpkit.errors import ConfigError
from fcpkit.matching.lexical import LexicalMatcher

__all__ = ["Bag", "KINDS", "NO_VISIBLE_EVIDENCE_RULES", "active_commitments", "extract_bags", "instance_pairs"]

NO_VISIBLE_EVIDENCE_RULES = frozenset({"unchanged_page", "action_error"})
KINDS = ("falsifier-state", "falsifier-action", "completion")


@dataclass(frozen=True)
class Bag:
    """A set of statements scored against one text; the bag's score is the max over statements."""

    kind: str  # one of KINDS
    trajectory: str
    workflow: str | None
    step: int  # -1: the initial observation
    commitment: str
    statements: tuple[str, ...]
    text: str
    label: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "trajectory": self.trajectory, "workflow": self.workflow, "step": self.step,
                "commitment": self.commitment, "statements": list(self.statements), "label": self.label}


def instance_pairs(bags: Iterable[Bag]) -> list[tuple[str, str, int]]:
    """``(statement, text, 0)`` for every statement of every negative bag.

    Positive bags yield nothing: which of their statements holds is unknown (multiple-instance
    labels). Use for inspection or :func:`fcpkit.matching.calibration.fit_calibration_from_pairs`
    style negatives-only analyses; :func:`fit_mapping` fits on bags.
    """
    out: list[tuple[str, str, int]] = []
    for b in bags:
        if b.label == 0:
            out += [(s, b.text, 0) for s in b.statements]
    return out


def _tracked_commitments(traj: Trajectory) -> list[str]:
    """Active commitment per step from the checker's own tracking (lexical matcher, oracle verifier)."""

    ch = Checker(LexicalMatcher(), verifier="upper").fit([traj])
    rep = ch.check(traj)
    by_step: dict[int, str] = {}
    for c in rep.checks:
        if c.phase == "post" and c.step not in by_step:
            by_step[c.step] = c.result.commitment
    first = traj.plan.commitments[0].id
    out, last = [], first
    for t in range(len(traj.steps)):
        last = by_step.get(t, last)
        out.append(last)
    return out


def active_commitments(traj: Trajectory) -> list[str]:
    """The commitment active at each step: the agent's ``commitment`` field, else the checker's tracking."""
    agent = [s.commitment for s in traj.steps]
    if all(c is not None for c in agent):
        return list(agent)  # type: ignore[arg-type]
    tracked = _tracked_commitments(traj)
    return [a if a is not None else t for a, t in zip(agent, tracked)]


def _falsifier_texts(plan: Plan, c: Commitment, point: str) -> tuple[str, ...]:
    pick = (lambda e: e.on_action) if point == "action" else (lambda e: e.on_state)
    out = [e.text for _, e in c.falsifiers() if pick(e)]
    out += [e.text for s in SCOPES for e in plan.plan_falsifiers.get(s, ()) if pick(e)]
    return tuple(dict.fromkeys(out))


def extract_bags(trajs: Iterable[Trajectory], *, positive_window: int = 0,
                 kinds: Sequence[str] = KINDS) -> list[Bag]:
    """Pseudo-labelled bags from labelled trajectories (scheme in the module docstring)."""
    bad = set(kinds) - set(KINDS)
    if bad:
        raise ConfigError(f"extract_bags: unknown kind(s) {sorted(bad)}; known: {list(KINDS)}")
    out: list[Bag] = []
    seen: set[tuple] = set()

    def add(b: Bag) -> None:
        if not b.statements or b.kind not in kinds:
            return
        key = (b.kind, b.statements, b.text, b.label)
        if key not in seen:
            seen.add(key)
            out.append(b)

    for traj in trajs:
        plan = traj.plan
        seq = active_commitments(traj)
        faulty = traj.label.fault is not None
        fot = traj.label.first_off_track_step
        if faulty and fot is None:
            fot = 0  # faulty with no step given: nothing is a safe negative; treat step 0 as off track
        before = traj.initial_observation
        for t, step in enumerate(traj.steps):
            c = plan.commitments[plan.index(seq[t])]
            text = serialize_observation(step.observation)
            if not faulty or t < fot:
                label: int | None = 0
            elif t <= fot + positive_window:
                hit = check_transition(before, step.action, step.observation)
                label = None if hit is not None and hit.rule in NO_VISIBLE_EVIDENCE_RULES else 1
            else:
                label = None
            if label is not None:
                add(Bag("falsifier-state", traj.id, traj.workflow, t, c.id, _falsifier_texts(plan, c, "state"),
                        text, label))
            if not faulty or t < fot:
                add(Bag("falsifier-action", traj.id, traj.workflow, t, c.id, _falsifier_texts(plan, c, "action"),
                        action_text(step.action), 0))
            before = step.observation
        if not faulty:
            _completion_bags(traj, seq, add)
    return out


def _completion_bags(traj: Trajectory, seq: list[str], add) -> None:
    plan = traj.plan
    obs = [traj.initial_observation] + [s.observation for s in traj.steps]  # obs[t + 1] is after step t
    idx = [plan.index(c) for c in seq]
    for k, c in enumerate(plan.commitments):
        steps = [t for t, i in enumerate(idx) if i == k]
        stmts = tuple(dict.fromkeys(e.text for e in c.confirm.get("completion", ()) if e.on_state))
        if not steps or not stmts:
            continue
        done = steps[-1]
        moved_on = any(i > k for i in idx[done + 1:])
        if not moved_on and not (k == len(plan.commitments) - 1 and done == len(seq) - 1):
            continue  # the run never left k and k is not the plan's end: no evidence it completed
        pos = obs[done + 1]
        pos_fp = page_fingerprint(pos)
        add(Bag("completion", traj.id, traj.workflow, done, c.id, stmts, serialize_observation(pos), 1))
        start = steps[0]  # k started from obs[start] (the page after step start-1)
        neg = [t + 1 for t in steps if t < done] + list(range(0, start))  # obs indices
        for j in neg:
            if page_fingerprint(obs[j]) == pos_fp:
                continue
            add(Bag("completion", traj.id, traj.workflow, j - 1, c.id, stmts, serialize_observation(obs[j]), 0))
