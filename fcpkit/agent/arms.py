"""Ablation arms as data: which parts of the plan-test-repair loop a run keeps (paper Tables 4, 5, 8).

An :class:`Arm` is a frozen record of switches; :meth:`Arm.plan` rewrites the plan the run follows
and :meth:`Arm.runner_options` returns the keyword arguments that configure a
:class:`~fcpkit.agent.runtime.Runner` for it. Every switch acts on the live loop, not on a report:

* ``plan="subgoals"`` (w/o falsifiable plan): commitments keep their subgoal only; the last one keeps
  its completion evidence, so the task's outcome is still checked (the paper's "subgoals + outcome
  check" baseline);
* ``confirming`` / ``falsifying``: drop every commitment's confirming (or falsifying, and the plan's
  cross-cutting) evidence;
* ``state_test`` / ``action_test``: the page test after an action / the action test before it
  (off: the tester reports no signal, so progress only follows the executor's claims);
* ``repair``: detections are still counted, but no repair runs (the action goes ahead);
* ``local_repair`` / ``replanning``: an execution-scope repair becomes a replan / a planning-scope
  repair becomes a local one (:class:`ScopeSwitch`);
* ``slow_only``: every check goes to the verifier, not only the escalated ones (Table 5): the
  verifier wrapper says ``every_check`` and the runner consults it on every check; the fast
  tester's routes (and the progress bookkeeping that follows them) are unchanged.

:class:`LevelTimer` wraps the verifier to split slow calls, their seconds and their LLM calls into
state level (page tests) and action level (action tests), the split Table 9 reports.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import asdict, dataclass, replace
from typing import Any, Mapping, Sequence

from fcpkit.agent.repair import DeterministicRepairer, RepairRequest, RepairResult, Repairer
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.testers import ActionTester, CheckResult, StateTester
from fcpkit.core.protocols import Matcher
from fcpkit.core.verify import Decision, Verdict, Verifier, VerifyRequest
from fcpkit.errors import ConfigError
from fcpkit.matching import LexicalMatcher

__all__ = ["Arm", "ARMS", "CHECK_ARMS", "CHECK_ARM_ORDER", "FULL_CHECK_ARM", "get_arm", "arm_names", "TesterSwitch", "ScopeSwitch", "LevelTimer", "repair_family"]


@dataclass(frozen=True)
class Arm:
    """One configuration of the loop. ``table`` names the paper table whose row it recreates."""

    name: str
    label: str
    table: str = "4"
    plan_mode: str = "fcu"  # "fcu" (falsifiable commitments) or "subgoals"
    confirming: bool = True
    falsifying: bool = True
    state_test: bool = True
    action_test: bool = True
    repair: bool = True
    local_repair: bool = True
    replanning: bool = True
    slow_only: bool = False
    #: the checker's switches beyond the evidence kinds: the plan's cross-cutting falsifiers, the
    #: anomaly rules, the built-in task-level falsifiers (they run with the rules); ``checked``
    #: false: no checker at all (the outcome check, which flags a faulty run after its last step)
    plan_falsifiers: bool = True
    rules: bool = True
    builtins: bool = True
    checked: bool = True

    def __post_init__(self) -> None:
        if self.plan_mode not in ("fcu", "subgoals"):
            raise ConfigError(f"arm {self.name!r}: plan_mode must be 'fcu' or 'subgoals', got {self.plan_mode!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def plan(self, plan: Plan) -> Plan:
        """The plan this arm follows: ``plan`` with the evidence the arm removes taken out."""
        cs = list(plan.commitments)
        if self.plan_mode == "subgoals":
            last = len(cs) - 1
            cs = [_strip(c, confirm=k != last, falsify=True, keep_completion=k == last) for k, c in enumerate(cs)]
            return replace(plan, commitments=tuple(cs), plan_falsifiers={})
        if not self.confirming:
            cs = [_strip(c, confirm=True, falsify=False) for c in cs]
        if not self.falsifying:
            cs = [_strip(c, confirm=False, falsify=True) for c in cs]
            return replace(plan, commitments=tuple(cs), plan_falsifiers={})
        return replace(plan, commitments=tuple(cs))

    def tester_options(self) -> dict[str, Any]:
        """The switches a :class:`~fcpkit.core.testers.StateTester` takes for this arm, only those
        that differ from the full loop (the Checker and the Runner build their testers from them)."""
        opts: dict[str, Any] = {}
        if not self.confirming:
            opts["use_confirming"] = False
        if not self.falsifying:
            opts["use_falsifiers"] = False
        if not (self.falsifying and self.plan_falsifiers):
            opts["use_plan_falsifiers"] = False
        if not self.rules:
            opts["use_rules"] = False
        if not self.builtins:
            opts["use_builtins"] = False
        return opts

    def checker_options(self) -> dict[str, Any] | None:
        """Keyword arguments for :class:`~fcpkit.eval.checker.Checker` that check runs as this arm
        does (``None``: the arm has no checker, :attr:`checked` is false)."""
        if not self.checked:
            return None
        opts = self.tester_options()
        if not self.action_test:
            opts["pre_action"] = False
        return opts

    def runner_options(self, *, verifier: Verifier, repairer: Repairer | None = None, matcher: Matcher | None = None,
                       thresholds: Thresholds | None = None, ledgers: Sequence[Any] = ()) -> dict[str, Any]:
        """Keyword arguments for :class:`~fcpkit.agent.runtime.Runner` that make a run of this arm.

        ``ledgers`` are the LLM usage ledgers whose calls :class:`LevelTimer` attributes by level.
        """
        # the evidence switches act on the plan (:meth:`plan`); the rest on the page tester
        state = StateTester(matcher if matcher is not None else LexicalMatcher(), thresholds,
                            use_plan_falsifiers=self.plan_falsifiers, use_rules=self.rules,
                            builtins=self.builtins and self.rules)
        action = ActionTester(state.matcher, state.thresholds)
        return {
            "state_tester": TesterSwitch(state, "on" if self.state_test else "off"),
            "action_tester": TesterSwitch(action, "on"),
            "pre_action": self.action_test,
            "repairs": self.repair,
            "verifier": LevelTimer(verifier, ledgers, every_check=self.slow_only),
            "repairer": ScopeSwitch(repairer or DeterministicRepairer(), local=self.local_repair,
                                    replan=self.replanning),
        }


def _strip(c: Commitment, *, confirm: bool, falsify: bool, keep_completion: bool = False) -> Commitment:
    conf: Mapping[str, Any] = c.confirm
    if confirm:
        conf = {"completion": c.confirm.get("completion", ())} if keep_completion else {}
    elif keep_completion:
        conf = {"completion": c.confirm.get("completion", ())}
    return replace(c, confirm={k: v for k, v in conf.items() if v}, falsify={} if falsify else dict(c.falsify))


ARMS: dict[str, Arm] = {a.name: a for a in (
    Arm("full", "Full", "4"),
    Arm("no_falsifiable_plan", "w/o falsifiable plan", "4", plan_mode="subgoals"),
    Arm("no_testing", "w/o commitment testing", "4", state_test=False, action_test=False),
    Arm("no_repair", "w/o commitment repair", "4", repair=False),
    Arm("no_confirming", "w/o confirming evidence", "8", confirming=False),
    Arm("no_falsifying", "w/o falsifying evidence", "8", falsifying=False),
    Arm("no_state_test", "w/o state-level test", "8", state_test=False),
    Arm("no_action_test", "w/o action-level test", "8", action_test=False),
    Arm("no_local_repair", "w/o local repair", "8", local_repair=False),
    Arm("no_replan", "w/o replan", "8", replanning=False),
    Arm("slow_only", "Slow-only testing", "5", slow_only=True),
)}


#: The checker's arms (the detection benchmark's ablation, offline): each adds a kind of evidence
#: to the one before; ``+built-in`` is the full configuration.
CHECK_ARMS: dict[str, Arm] = {a.name: a for a in (
    Arm("outcome", "outcome check", "detection", checked=False),
    Arm("confirming-only", "confirming evidence only", "detection", falsifying=False, rules=False),
    Arm("step-falsifiers", "+ step falsifiers", "detection", plan_falsifiers=False, rules=False),
    Arm("+plan-falsifiers", "+ plan falsifiers", "detection", rules=False),
    Arm("+rules", "+ anomaly rules", "detection", builtins=False),
    Arm("+built-in", "+ built-in falsifiers", "detection"),
)}
CHECK_ARM_ORDER: tuple[str, ...] = tuple(CHECK_ARMS)
FULL_CHECK_ARM = "+built-in"


def arm_names() -> list[str]:
    return list(ARMS)


def get_arm(name: str) -> Arm:
    try:
        return ARMS[name]
    except KeyError:
        raise ConfigError(f"unknown arm {name!r}; choose from: {', '.join(ARMS)}") from None


class TesterSwitch:
    """A state or action tester that is ``on`` or ``off`` (no signal: every test continues, and
    there is no advance, report or start-page check)."""

    def __init__(self, inner: StateTester | ActionTester, mode: str = "on"):
        if mode not in ("on", "off"):
            raise ConfigError(f"TesterSwitch mode must be on or off; got {mode!r}")
        self.inner, self.mode = inner, mode

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def test(self, plan: Plan, commitment: Commitment, *args: Any, **kwargs: Any) -> CheckResult:
        if self.mode == "off":
            phase = "pre" if isinstance(self.inner, ActionTester) else "post"
            return CheckResult(phase, commitment.id, 0.0, 0.0, Route.CONTINUE, scored=False)
        return self.inner.test(plan, commitment, *args, **kwargs)

    def advance(self, *args: Any, **kwargs: Any) -> CheckResult | None:
        return None if self.mode == "off" else self.inner.advance(*args, **kwargs)

    def start(self, *args: Any, **kwargs: Any) -> CheckResult | None:
        return None if self.mode == "off" else self.inner.start(*args, **kwargs)


class ScopeSwitch:
    """A repairer with a repair scope taken away: without local repair an execution-scope repair
    replans; without replanning a planning-scope repair is made locally."""

    def __init__(self, inner: Repairer, *, local: bool = True, replan: bool = True):
        self.inner, self.local, self.replan = inner, local, replan
        self.name = getattr(inner, "name", "repairer")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def repair(self, request: RepairRequest) -> RepairResult:
        scope = request.scope
        if not self.local and scope == "execution":
            scope = "planning"
        elif not self.replan and scope == "planning":
            scope = "execution"
        return self.inner.repair(replace(request, scope=scope) if scope != request.scope else request)


#: Figure 11's four families, from the repair record's strategy when the record names no family.
#: the repair package's family names (``fcpkit.agent.repair.FAMILIES``) as Figure 11 labels them
_FIGURE11_NAME = {"skill": "skill_switch"}
_FAMILY_OF_STRATEGY = {"local_repair": "local", "switch_skill": "skill_switch", "drop_skill": "skill_switch",
                       "replan": "replan", "backtrack": "backtrack"}


def repair_family(record: Any) -> str:
    """Figure 11's family of a repair (``RepairResult`` or its dict): the record's own ``family``
    when it has one, else read off its strategy (a backtracked replan counts as a replan)."""
    get = record.get if isinstance(record, Mapping) else (lambda k, d=None: getattr(record, k, d))
    extra = get("extra", None) or {}
    fam = get("family", None) or (extra.get("family") if isinstance(extra, Mapping) else None)
    if fam:
        return _FIGURE11_NAME.get(str(fam), str(fam))
    return _FAMILY_OF_STRATEGY.get(str(get("strategy", "")), str(get("scope", "execution")))


class LevelTimer:
    """The verifier, timed by level: ``stats[level]`` counts calls, seconds, LLM calls and LLM
    seconds of the slow checks of page tests (``state``) and action tests (``action``), and how
    many of them were diagnosed as drift. ``every_check``: the runner sends it every check (slow-only)."""

    def __init__(self, inner: Verifier, ledgers: Sequence[Any] = (), *, every_check: bool = False):
        self.inner, self.every_check = inner, every_check
        self.name = inner.name
        self.ledgers = [u for u in ledgers if u is not None]
        self.stats: dict[str, Counter] = {"state": Counter(), "action": Counter()}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def verify(self, request: VerifyRequest) -> Verdict:
        level = "action" if request.result.phase == "pre" else "state"
        marks = [len(u.calls) for u in self.ledgers]
        t0 = time.perf_counter()
        try:
            verdict = self.inner.verify(request)
        finally:
            row = self.stats[level]
            row["calls"] += 1
            row["seconds"] += time.perf_counter() - t0
            for u, m in zip(self.ledgers, marks):
                new = u.calls[m:]
                row["llm_calls"] += len(new)
                row["llm_s"] += sum(c.wall_s for c in new)
        if verdict.decision is Decision.REPAIR:
            self.stats[level]["drift"] += 1
        return verdict

    def to_dict(self) -> dict[str, dict[str, float]]:
        return {lv: {k: round(float(v), 4) for k, v in c.items()} for lv, c in self.stats.items()}
