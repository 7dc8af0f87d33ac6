"""The fast testers: score the active commitment against a page (state) or a proposed action.

Both return one :class:`CheckResult` with the scores, the route, the rule that fired, the
diagnosed falsifier scope and the best-matching falsifier, and the time the test took. The
state tester follows appendix B.5: rules first, then alpha+ over progress and completion evidence,
alpha_comp over completion alone, alpha- per scope (the commitment's falsifiers plus the plan's
cross-cutting ones), routed by :func:`fcpkit.core.router.route`. The action tester scores the action
description (command, resolved target, reasoning) against action-testable evidence only.

The result record is :mod:`fcpkit.core.check_result`; the progress decisions read off it
(:func:`acts`, :func:`attempts`, :func:`advance_check`, ...) are :mod:`fcpkit.core.progress`.
Both are importable from here too.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Any, Collection, Protocol, Sequence

from fcpkit.core.bundles import Bundle, PlanBundles
from fcpkit.core.check_result import CheckResult
from fcpkit.core.falsifiers import BUILTIN_RULES, Builtins, TaskContext, check_builtins
from fcpkit.core.text import tokenize
from fcpkit.core.protocols import Matcher
from fcpkit.core.page import (
    DEFAULT_POLICY, Node, Page, ProvenancePolicy, RecordId, SiteModel, about_user_content, app_view, evidence_view, found_view, record_ids, record_view,
    user_labels,
)
from fcpkit.core.phrases import phrase
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.progress import acts, advance_check, attempts, done_by_action, reports, unmatched_write
from fcpkit.core.router import Route, Thresholds, route
from fcpkit.core.rules import RuleHit, check_action, check_transition, is_form_edit, new_modal_dialogs, unexpected_dialog
from fcpkit.core.actions import ActionDescription, describe_action, parse_action
from fcpkit.core.page_facts import target_place
from fcpkit.core.control_acts import act_mismatch
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.views import score_views

#: The confirming support at which a page is the step's own (see ``Bundle.unplaced``): any.
_ON_THE_STEP = 1e-9
#: how far below the falsifying gate a branch condition is held: it asks, and never stops the run alone
_BELOW = 1e-6

__all__ = ["CheckResult", "Tester", "StateTester", "ActionTester", "advance_check", "acts", "attempts", "done_by_action",
           "reports", "unmatched_write"]


class Tester(Protocol):
    """Anything that turns (plan, commitment, evidence source) into a :class:`CheckResult`."""

    def test(self, plan: Plan, commitment: Commitment, *args: Any, **kwargs: Any) -> CheckResult: ...


_Bundle = Bundle


class _Base:
    _points: tuple[str, ...] = ("state", "action")

    def __init__(
        self,
        matcher: Matcher,
        thresholds: Thresholds | None = None,
        *,
        use_confirming: bool = True,
        use_falsifiers: bool = True,
        use_plan_falsifiers: bool = True,
        use_rules: bool = True,
        builtins: Builtins | bool = True,
        provenance: ProvenancePolicy | None = DEFAULT_POLICY,
        site: SiteModel | None = None,
    ):
        self.matcher: Matcher = matcher
        #: what every page of the site shows, learnt from the pages this tester saw (:mod:`fcpkit.core.page.site`):
        #: discounted from what falsifiers read; ``None``: chrome by structure only
        self.site = site
        # confirming evidence counts only in app-authored text (None: the whole page, as before)
        self.provenance = provenance
        self.thresholds = thresholds or Thresholds()
        self.use_confirming = use_confirming
        self.use_falsifiers = use_falsifiers
        self.use_plan_falsifiers = use_plan_falsifiers
        self.use_rules = use_rules
        #: the built-in task-level falsifiers (:mod:`fcpkit.core.falsifiers`): ``True`` all, ``False`` none
        self.builtins = builtins if isinstance(builtins, Builtins) else Builtins() if builtins else Builtins.none()
        self._contexts: dict[int, tuple[Plan, TaskContext]] = {}
        switches = dict(use_confirming=use_confirming, use_falsifiers=use_falsifiers,
                        use_plan_falsifiers=use_plan_falsifiers)
        self._plan_bundles = {point: PlanBundles(matcher, point, **switches) for point in self._points}
        self._plan_texts: dict[int, tuple[Plan, str]] = {}
        self._fast = getattr(self.matcher, "score_text", None)
        self._strict = getattr(self.matcher, "score_falsifiers", None)
        #: the matcher reads a Page (its nodes, identity, regions), not only its text
        self._structure = bool(getattr(self.matcher, "reads_structure", False))

    def _scores(self, statements: Sequence[str], text: "Page | str | ActionDescription") -> Sequence[float]:
        if not statements:
            return ()
        if isinstance(text, Page) and not self._structure:
            text = text.text  # a text-only matcher reads the page's serialized text
        if self._fast is not None:  # optional Matcher extension: one text (or action), plain floats
            return self._fast(statements, text)
        return [float(x) for x in self.matcher.score(list(statements), [str(text)])[:, 0]]

    def _falsify(self, statements: Sequence[str], text: "Page | str | ActionDescription") -> Sequence[float]:
        """Falsifiers read where all of each holds (the matcher's ``score_falsifiers``, an optional
        extension of :class:`~fcpkit.core.protocols.Matcher`), else as the matcher reads any statement."""
        if not statements:
            return ()
        falsify = self._strict
        if falsify is not None and (self._structure or not isinstance(text, Page)):
            return falsify(statements, text)
        return self._scores(statements, text)

    def _bundle(self, plan: Plan, c: Commitment, point: str) -> _Bundle:
        """``c``'s statements at ``point``; the whole plan's are gathered and compiled on its first sight."""
        return self._plan_bundles[point].get(plan, c)

    def prepare(self, plan: Plan) -> None:
        """Compile every statement of ``plan`` now (a runner or checker calls it when a plan starts)."""
        for bundles in self._plan_bundles.values():
            bundles.prepare(plan)

    def _on_record(self, b: _Bundle, scores: Sequence[float], page: Page) -> Sequence[float]:
        """Before the step wrote, its completion read on what the record shows, not on the values its
        form holds (:func:`~fcpkit.core.page.record_view`): a box set to the new owner is the
        agent's choice, not the record's owner yet."""
        view = record_view(page)
        if view is page:
            return scores
        return _lowered(scores, b.comp, self._scores(tuple(b.statements[i] for i in b.comp), view))

    def _as_found(self, b: _Bundle, scores: Sequence[float], view: Page) -> Sequence[float]:
        """Until the step saved, its falsifiers read without the values the application put in the
        form's boxes (:func:`~fcpkit.core.page.found_view`): a box the agent did not set holds the
        form's default or the record's value as found, which the step is there to set, not a wrong
        value of its doing ("Time zone: America/Chicago — workspace default" before the agent
        chose Berlin). A falsifier about the state the step found ("already approved") keeps its
        reading."""
        low = self.thresholds.pi_low
        idx = [i for i, _, _ in b.falsifiers if scores[i] >= low and i not in b.before]
        if not idx:
            return scores
        return _lowered(scores, idx, self._falsify(tuple(b.statements[i] for i in idx), view))

    def _result(
        self, phase: str, c: Commitment, b: _Bundle, text: "Page | str | ActionDescription", hit: RuleHit | None,
        start: float, consecutive_continues: int, can_complete: bool,
        page_changed: bool = False, no_evidence_steps: int = 0, plus_text: "Page | None" = None,
        labels: frozenset[str] = frozenset(), minus_text: "Page | None" = None, acted: bool = True,
        saved: bool = True, used: tuple[frozenset[str], ...] = (), found_text: "Page | None" = None,
        skip: frozenset[int] = frozenset(), whole: bool = False,
    ) -> CheckResult:
        if plus_text is not None:  # a page: each statement read on its view (:mod:`fcpkit.core.views`)
            scores = score_views(self._scores, self._falsify, b.statements, b.n_plus, text, plus_text,
                                 minus_text if minus_text is not None else text, labels)
        else:  # an action: confirming evidence as it reads, falsifiers strictly
            n = b.n_plus
            scores = [*self._scores(b.statements[:n], text), *self._falsify(b.statements[n:], text)] \
                if b.statements else []
        if not saved and b.comp and plus_text is not None:
            scores = self._on_record(b, scores, plus_text)
        if found_text is not None and b.falsifiers:
            scores = self._as_found(b, scores, found_text)
        a_plus, plus_i = 0.0, None
        for i in b.progress:
            if scores[i] > a_plus:
                a_plus, plus_i = scores[i], i
        # completion evidence is conjunctive: every statement the planner listed counts (mean).
        # On an action test it is the action-testable part ("Fill New price with 229.00"): doing
        # that action completes the commitment, which the caller records (never routed COMPLETE).
        comp_best = 0.0
        if b.comp:
            a_comp: float | None = sum(scores[i] for i in b.comp) / len(b.comp)
            comp_best = max(scores[i] for i in b.comp)
            if whole:  # a page the agent did nothing on for this step: all of its completion, or none
                a_comp = min(scores[i] for i in b.comp)
            if a_comp > a_plus:
                a_plus, plus_i = a_comp, max(b.comp, key=scores.__getitem__)
        else:
            a_comp = 0.0 if can_complete else None
        by_scope: dict[str, float] = {}
        a_minus, best = 0.0, None
        t = self.thresholds
        kappa = float(c.confidence)
        g_plus = t.gate_plus(kappa)
        done = _not_counted(b, a_comp is not None and bool(b.comp) and a_comp >= g_plus, used, acted, saved)
        elsewhere = b.unplaced if b.unplaced and a_plus < _ON_THE_STEP else ()
        for i, scope, level in b.falsifiers:
            if i in done or i in skip:
                continue
            # the condition of the step's other branch is a question for the verifier (Bundle.branches)
            s = min(scores[i], t.gate_minus(kappa) - _BELOW) if i in b.branches else scores[i]
            if i in elsewhere and s < 1.0:  # not the step's page, and the page does not say it
                continue
            if s > by_scope.get(scope, -1.0):
                by_scope[scope] = s
            if s > a_minus:
                a_minus, best = s, (i, scope, level)
        r = route(a_plus, a_minus, kappa, t, alpha_comp=a_comp,
                  consecutive_continues=consecutive_continues, can_complete=can_complete,
                  page_changed=page_changed, no_evidence_steps=no_evidence_steps, idle=whole)
        if hit is not None and hit.rule in BUILTIN_RULES and r is Route.RISK:
            hit = None  # attribution: the plan's own falsifier past its gate says it; the built-in defers (README)
        if hit is not None:
            r = Route.VERIFY
        scope = evidence = level = None
        if hit is not None:
            scope = hit.scope
        if best is not None and (r in (Route.RISK, Route.VERIFY) or a_minus >= t.pi_low):
            evidence, level = b.statements[best[0]], best[2]
            scope = scope or best[1]
        # positional, in CheckResult's field order: keywords cost more than the rest of this method
        return CheckResult(
            phase, c.id, a_plus, a_minus, r, a_comp, by_scope,  # alpha_comp, alpha_minus_by_scope
            hit.rule if hit else None, hit.detail if hit else None,  # rule, rule_detail
            scope, evidence, level,  # scope, evidence, evidence_level
            b.statements[plus_i] if plus_i is not None else None,  # confirming
            kappa, g_plus if can_complete else None, t.gate_minus(kappa),  # kappa, gate_plus, gate_minus
            (time.perf_counter() - start) * 1e3,  # elapsed_ms
            True, comp_best,  # scored, comp_best
        )


def _stays(action: Action | None, before: Observation | None, after: Observation) -> bool:
    """Whether ``action`` only looked at the page it was taken on: a read that left the agent on the
    same address (a notification dismissed, a tab opened)."""
    return action is not None and before is not None and action.effect == "read" \
        and Page.of(before).path == Page.of(after).path


def _lowered(scores: Sequence[float], idx: Sequence[int], again: Sequence[float]) -> list[float]:
    """``scores`` with each of ``idx`` lowered to its score read again on a narrower view (``again``,
    in the order of ``idx``): a statement counts only as far as it holds on both."""
    out = list(scores)
    for i, s in zip(idx, again):
        out[i] = min(out[i], s)
    return out


def _found(view: Page, inputs: Sequence[str]) -> Page | None:
    """:func:`~fcpkit.core.page.found_view` of ``view``, ``None`` when no box of it holds a value the
    application put there."""
    found = found_view(view, tuple(inputs))
    return None if found is view else found


def _not_counted(b: _Bundle, complete: bool, used: tuple[frozenset[str], ...], acted: bool,
                 saved: bool) -> frozenset[int]:
    """The falsifiers of ``b`` that do not count at this point of the step (see :class:`Bundle
    <fcpkit.core.bundles.Bundle>`): ``complete``, its completion holds; ``used``, the tokens of what
    the agent typed, chose or clicked; ``acted`` and ``saved``, it took an action and wrote."""
    # a thing the step needed in order to act is gone once the step is done (the Approve button
    # after approving, the search box once the record is open): absence is no drift then
    done = b.absences if complete else _NONE
    if b.absent_things and used:  # a control the agent used is gone because it was used
        done = done | {i for i, name in b.absent_things if name and any(name <= u for u in used)}
    if not acted:  # the step's submit disabled before it acted, and how it is carried out: not done yet
        done = done | b.pending | b.executing
    if b.unsaved and not saved:  # the field the step sets, before the step saved: not done yet
        done = done | b.unsaved
    if b.before and acted:  # the state the step found: once it acted, the state is its doing
        done = done | b.before
    return done


_NONE: frozenset[int] = frozenset()


#: The advance outcomes left to a verifier (the others are certain: :data:`fcpkit.core.verify.HARD_RULES`).
_SOFT_ADVANCE = frozenset({"unconfirmed_advance", "unconfirmed_write"})


class StateTester(_Base):
    """Post-action test of the page against the active commitment (and plan-level falsifiers)."""

    _points = ("state",)

    def test(
        self,
        plan: Plan,
        commitment: Commitment,
        observation: Observation,
        *,
        before: Observation | None = None,
        action: Action | None = None,
        baseline: Observation | None = None,
        consecutive_continues: int = 0,
        page_changed: bool = False,
        no_evidence_steps: int = 0,
        inputs: Sequence[str] = (),
        site: SiteModel | None = None,
        acted: bool = True,
        saved: bool = True,
        dialogs: bool = True,
        made: frozenset[RecordId] = frozenset(),
        whole: bool = False,
        begun: Observation | None = None,
    ) -> CheckResult:
        """``before`` is the page the action started from; ``baseline`` the page before the form
        edits that led up to it (:func:`fcpkit.core.rules.edit_baseline`), for no-op writes.
        ``consecutive_continues``, ``page_changed`` and ``no_evidence_steps`` feed the router's
        periodic and no-evidence checks (:func:`~fcpkit.core.router.route`). ``inputs``: what the
        agent typed, chose or clicked in this run so far (:meth:`CommitmentTracker.inputs
        <fcpkit.core.tracker.CommitmentTracker.inputs>`): its own words and choices are no evidence.
        ``site``: what the run learnt of the site's furniture (the tester's own model when not given).
        ``acted``: an action was taken for ``commitment`` (the tracker's record of attempts): until
        then, a falsifier about the submit the step fills a form for reads as not done yet
        (``Bundle.pending``). ``saved``: the step wrote (the tracker's record of writes): until then,
        a falsifier about the field the step sets reads as not done yet (``Bundle.unsaved``).
        ``dialogs``: read a new modal dialog the plan does not name here (off: the caller judges it
        by the agent's next action, :meth:`dialog_hit`). ``made``: the records the agent's own writes
        made (:func:`~fcpkit.core.tracker.made_records`), which the built-ins read as the task's when
        the task asks for a record to be made (:attr:`TaskContext.makes_records`). ``whole``: the
        page completes the step only where every one of its completion statements holds, not on
        their mean (:meth:`CommitmentTracker.retest <fcpkit.core.tracker.CommitmentTracker.retest>`:
        the page that completed the step before, on which the agent did nothing for this one).
        ``begun``: the page the step began on, while it has written nothing: on the page a field edit
        led to, an execution falsifier that held there as fully is the state the step found, not its
        doing (:meth:`_found_before`)."""
        start = time.perf_counter()
        hit = check_transition(before, action, observation, baseline=baseline) if self.use_rules else None
        if hit is None and dialogs:
            hit = self.dialog_hit(plan, before, action, observation)
        b = self._bundle(plan, commitment, "state")
        stayed = begun is not None and b.position == 0 and _stays(action, before, observation)
        if hit is None and self.builtins.enabled:
            ctx = self.context(plan)
            if made - ctx.ids and ctx.makes_records:
                ctx = replace(ctx, ids=ctx.ids | made)
            hit = check_builtins(ctx, observation, before=before, action=action,
                                 commitment_text=b.commitment_text, settings=self.builtins,
                                 step=b.position, inputs=tuple(inputs))
            if stayed and hit is not None and hit.rule == "wrong_record" and getattr(check_builtins(
                    ctx, begun, commitment_text=b.commitment_text, settings=self.builtins, step=b.position,
                    inputs=tuple(inputs)), "rule", None) == hit.rule:
                hit = None  # another record's page the run started on, only looked at (:meth:`_held_at_start`);
                # a list it starts on narrowed by a stale filter is still the agent's to clear
        page = Page.of(observation)
        typing = action is not None and is_form_edit(action)
        site = site if site is not None else self.site
        if site is not None:
            site.observe(page)
        minus = evidence_view(page, self.provenance, typing, tuple(inputs), site)
        found = self._found_before(b, minus, begun, tuple(inputs), site) if begun is not None and typing else frozenset()
        if stayed:
            found |= self._held_at_start(b, minus, begun, tuple(inputs), site)
        if before is not None and action is not None and not typing and b.executing:
            found |= self._still_pending(b, minus, before)
        return self._result("post", commitment, b, page, hit, start,
                            consecutive_continues, can_complete=True,
                            page_changed=page_changed, no_evidence_steps=no_evidence_steps,
                            plus_text=app_view(page, self.provenance, typing) if self.provenance is not None else page,
                            labels=user_labels(page, self.provenance) if self.provenance else frozenset(),
                            minus_text=minus,
                            acted=acted, saved=saved, used=tuple(frozenset(tokenize(x)) for x in inputs if x),
                            found_text=None if acted and saved else _found(minus, inputs), whole=whole, skip=found)

    def _found_before(self, b: _Bundle, now: Page, begun: Observation, inputs: tuple[str, ...],
                      site: SiteModel | None) -> frozenset[int]:
        """The step's execution falsifiers (:attr:`Bundle.executing <fcpkit.core.bundles.Bundle.executing>`)
        that hold on ``now`` and held as fully on ``begun``, the page the step began on, before any
        write of its own ("No file attached" on the form the step attaches a file to, while the agent
        types in the box that filters the scan list): what a form says of itself when the step began,
        and still says while the agent only types or chooses in it, is the form's unfilled state,
        which the step is there to change. A statement that also holds outside the page's forms (a
        list that does not show the record) is about what the page shows, not the form's state
        (:attr:`Page.form_state <fcpkit.core.page.Page.form_state>`: its fields and choices, in a
        named form or not: a default choice the agent has not touched yet is where the step starts);
        and once the step writes, the same statement still true is its failure."""
        if not b.executing:
            return frozenset()
        idx = sorted(b.executing)
        low = self.thresholds.pi_low
        hold = [(i, s) for i, s in zip(idx, self._falsify(tuple(b.statements[i] for i in idx), now)) if s >= low]
        state = now.form_state if hold else frozenset()
        outside = now.derive([k for k in range(len(now.nodes)) if k not in state]) if hold else None
        if outside is not None and len(outside.nodes) < len(now.nodes):  # what a form of the page says of itself
            hold = [(i, s) for (i, s), o in zip(hold, self._falsify(tuple(b.statements[i] for i, _ in hold), outside))
                    if o < low]
        else:
            hold = []
        if not hold:
            return frozenset()
        return self._held_then(b, hold, begun, inputs, site)

    def _still_pending(self, b: _Bundle, now: Page, before: Observation) -> frozenset[int]:
        """The step's execution falsifiers that hold on ``now`` only by the words of a message of
        work under way the action raised ("Issuing credit note… waiting for the ledger to
        confirm"): what the application says it is still doing is not what came of it ("Still a
        draft after confirming" is no outcome while the ledger has not answered)."""
        old = set(Page.of(before).messages)
        busy = {k for i, _ in now.live for k in now.subtree(i)
                if (m := now.message_at(i)) and m not in old and phrase("pending", m)}
        if not busy:
            return frozenset()
        low = self.thresholds.pi_low
        idx = sorted(b.executing)
        hold = [i for i, s in zip(idx, self._falsify(tuple(b.statements[i] for i in idx), now)) if s >= low]
        if not hold:
            return frozenset()
        rest = now.derive([k for k in range(len(now.nodes)) if k not in busy])
        return frozenset(i for i, s in zip(hold, self._falsify(tuple(b.statements[i] for i in hold), rest)) if s < low)

    def _held_at_start(self, b: _Bundle, now: Page, start: Observation, inputs: tuple[str, ...],
                       site: SiteModel | None) -> frozenset[int]:
        """The falsifiers of the plan's first step that name the record ``start`` (the page the run
        started on) is about, hold on ``now`` and held as fully on ``start``, while the agent has
        only looked at it: another record's page the user left open (the patient's spouse, whose
        household panel links the patient) is where the run starts, not what the agent did. Once
        it moves or writes there, the same statement counts; a falsifier about the page's state (a
        stale filter on the list the run starts on) is the agent's to clear, and counts at once."""
        there = {x.id for x in Page.of(start).identity_records}
        idx = [i for i, _, _ in b.falsifiers if there & {x.id for x in record_ids(b.statements[i])}]
        if not idx:
            return frozenset()
        low = self.thresholds.pi_low
        statements = tuple(b.statements[i] for i in idx)
        hold = [(i, s) for i, s in zip(idx, self._falsify(statements, now)) if s >= low]
        if not hold:
            return frozenset()
        return self._held_then(b, hold, start, inputs, site)

    def _held_then(self, b: _Bundle, hold: list[tuple[int, float]], then: Observation, inputs: tuple[str, ...],
                   site: SiteModel | None) -> frozenset[int]:
        """The falsifiers of ``hold`` ((index, score now)) that held at least as fully on ``then``."""
        was = self._falsify(tuple(b.statements[i] for i, _ in hold),
                            evidence_view(Page.of(then), self.provenance, False, inputs, site))
        return frozenset(i for (i, s), t in zip(hold, was) if t >= s)

    def dialog_hit(self, plan: Plan, before: Observation | None, action: Action | None,
                   observation: Observation) -> RuleHit | None:
        """A modal dialog new on ``observation`` that the plan does not name and ``action`` did not
        ask for (:func:`~fcpkit.core.dialogs.unexpected_dialog`); ``None`` on a start page (see
        :meth:`start`) or with rules off."""
        if not self.use_rules or action is None:
            return None
        names = new_modal_dialogs(before, observation)
        return unexpected_dialog(names, self._plan_text(plan), action, self.context(plan).wanted) if names else None

    def start(self, plan: Plan, commitment: Commitment, observation: Observation) -> CheckResult | None:
        """The page a run starts on, before any action: an error page or a modal dialog the plan
        does not mention (an interstitial on the start page) is drift before the first step.
        ``None`` when no rule fires (the start page is not scored: nothing has been done yet)."""
        if not self.use_rules:
            return None
        start = time.perf_counter()
        hit = check_transition(None, None, observation)
        if hit is None:
            dialogs = new_modal_dialogs(None, observation)
            hit = unexpected_dialog(dialogs, self._plan_text(plan)) if dialogs else None
        if hit is None and self.builtins.enabled:
            hit = check_builtins(self.context(plan), observation, settings=self.builtins, start=True)
        if hit is None:
            return None
        return CheckResult("pre", commitment.id, 0.0, 0.0, Route.VERIFY, rule=hit.rule, rule_detail=hit.detail,
                           scope=hit.scope, kappa=float(commitment.confidence),
                           elapsed_ms=(time.perf_counter() - start) * 1e3, scored=False)

    def context(self, plan: Plan) -> TaskContext:
        """What ``plan``'s task asks for (records, words), read once per plan, for the built-ins."""
        hit = self._contexts.get(id(plan))
        if hit is not None and hit[0] is plan:
            return hit[1]
        ctx = TaskContext.from_plan(plan)
        self._contexts[id(plan)] = (plan, ctx)
        return ctx

    def _plan_text(self, plan: Plan) -> str:
        """Everything the plan says (task, subgoals, evidence): what a dialog must be part of."""
        hit = self._plan_texts.get(id(plan))
        if hit is not None and hit[0] is plan:
            return hit[1]
        parts = [plan.task]
        for c in plan.commitments:
            parts.append(c.subgoal)
            for group in (c.confirm, c.falsify):
                parts.extend(e.text for items in group.values() for e in items)
        text = "\n".join(parts)
        self._plan_texts[id(plan)] = (plan, text)
        return text

    def precondition(self, c: Commitment, observation: Observation) -> float | None:
        """Conjunctive support of ``c``'s page-testable precondition evidence (``None`` if it has none)."""
        return self._stage(c, "precondition", observation)

    def _stage(self, c: Commitment, stage: str, observation: Observation) -> float | None:
        stmts = tuple(e.text for e in c.confirm.get(stage, ()) if e.on_state)
        if not stmts:
            return None
        page = Page.of(observation)
        app = self._scores(stmts, app_view(page, self.provenance) if self.provenance is not None else page)
        labels = user_labels(page, self.provenance) if self.provenance else frozenset()
        if any(about_user_content(x, labels) for x in stmts):
            full = self._scores(stmts, page)
            app = [f if about_user_content(x, labels) else a for x, a, f in zip(stmts, app, full)]
        return float(sum(app)) / len(stmts)

    def advance(
        self, plan: Plan, active: int, claimed: int | None, observation: Observation | None,
        wrote: set[int] | frozenset[int] = frozenset(), attempted: set[int] | frozenset[int] | None = None,
        passed: Sequence[int] = (), acted: set[int] | frozenset[int] | None = None,
        partly: set[int] | frozenset[int] = frozenset(), inputs: Sequence[str] = (), site: SiteModel | None = None,
        known: set[int] | frozenset[int] = frozenset(), persisting: bool = True,
    ) -> CheckResult:
        """:func:`advance_check` with the claimed commitment's precondition, and the completion of
        each skipped commitment, scored on ``observation`` (the page the agent moves on from).

        An advance the plan's evidence does not settle is also read against the falsifiers of the
        steps it passes over: the agent claims them done, so one of their own falsifiers holding
        whole on that page ("A straight-line measurement instead of a walking route" where the
        agent skipped getting the route) is drift of that step (:meth:`_skipped_drift`). ``inputs``
        and ``site`` are the run's typed text and site model, as the state test reads them; ``known``
        are the steps a test of this same page already found falsified: that detection was made
        and acted on, and the same evidence on the same page is not a second one."""
        start = time.perf_counter()
        pre = gate = None
        shown: set[int] = set()
        if observation is not None:
            end = len(plan.commitments) if claimed is None else claimed
            if claimed is not None:
                nxt = plan.commitments[claimed]
                pre = self.precondition(nxt, observation)
                gate = self.thresholds.gate_plus(float(nxt.confidence))
            # a skipped step whose completion already shows is settled, and not skipped even if
            # nobody acted on it (the option was selected already, the filter already set)
            shown = {k for k in range(active, end)
                     if (self._stage(plan.commitments[k], "completion", observation) or 0.0)
                     >= self.thresholds.gate_plus(float(plan.commitments[k].confidence))}
        r = advance_check(plan, active, claimed, wrote, attempted=attempted, precondition=pre, gate=gate, shown=shown,
                          passed=passed, acted=acted, partly=partly)
        if observation is not None and r.route is Route.VERIFY and r.rule in _SOFT_ADVANCE:
            end = len(plan.commitments) if claimed is None else claimed
            skipped = [k for k in range(active, end) if k not in shown and k not in known]
            r = self._skipped_drift(plan, skipped, observation, inputs, site, hold=None if persisting else wrote) or r
        return replace(r, elapsed_ms=(time.perf_counter() - start) * 1e3)

    def still_holds(self, c: Commitment, statement: str, observation: Observation, inputs: Sequence[str] = (),
                    site: SiteModel | None = None) -> bool:
        """Whether ``c``'s falsifier ``statement`` holds whole on ``observation``, read as a step
        passed over is (:meth:`_skipped_drift`): a held finding raised only if it is still so."""
        v = self._falsify((statement,), self._passed_over_view(observation, inputs, site))[0]
        return v >= 1.0 and v >= self.thresholds.gate_minus(float(c.confidence))

    def _passed_over_view(self, observation: Observation, inputs: Sequence[str], site: SiteModel | None) -> Page:
        """The page's evidence view, on which a step passed over is read."""
        return evidence_view(Page.of(observation), self.provenance, False, tuple(inputs), site if site is not None else self.site)

    def _skipped_drift(self, plan: Plan, skipped: Sequence[int], observation: Observation,
                       inputs: Sequence[str], site: SiteModel | None,
                       hold: Collection[int] | None = None) -> CheckResult | None:
        """A falsifier of a step passed over that holds whole on the page the agent moves on from,
        read on the page's evidence view: route *risk* in that step's scope. Absences of what a step
        acts with, absences that name no place, states the step finds ("already ...") and the
        conditions of a step's other branch are left out: a step's own control is gone once it is
        done, the state it found is what it changed, and the other branch is a way to do it.
        With ``hold`` (the steps that wrote), the states a step that never wrote says persist
        ("Number of labels is still 412") are left out too (:meth:`advance` with
        ``persisting=False``: the caller holds them until the agent writes)."""
        view = self._passed_over_view(observation, inputs, site)
        for k in skipped:
            c = plan.commitments[k]
            b = self._bundle(plan, c, "state")
            left = b.absences | b.unplaced | b.before | b.branches
            if hold is not None and k not in hold:
                left = left | b.persisting
            picked = [(i, scope) for i, scope, level in b.falsifiers if level == "commitment" and i not in left]
            if not picked:
                continue
            scores = self._falsify(tuple(b.statements[i] for i, _ in picked), view)
            gate = self.thresholds.gate_minus(float(c.confidence))
            for (i, scope), v in zip(picked, scores):
                if v >= 1.0 and v >= gate:
                    return CheckResult("pre", c.id, 0.0, float(v), Route.RISK, scope=scope, evidence=b.statements[i],
                                       evidence_level="commitment", kappa=float(c.confidence), gate_minus=gate,
                                       rule_detail=f"passed over {c.id!r}, whose falsifier holds on the page", scored=False)
        return None


class ActionTester(_Base):
    """Pre-action test of a proposed action against action-testable evidence (``on: action|both``).

    The action is scored as :func:`~fcpkit.core.actions.describe_action` describes it: what it does,
    not what the executor says it does (its rendered ``text`` for matchers that read text only).
    """

    _points = ("action",)

    def test(self, plan: Plan, commitment: Commitment, action: Action, page: "Observation | Page | None" = None) -> CheckResult:
        """``page``: the page the action is taken on, when known: the row or list item its target
        stands in is where the action acts ("Change stop" on the PM row, not the AM row's)."""
        start = time.perf_counter()
        hit = (check_action(action) or act_mismatch(action, commitment, page)) if self.use_rules else None
        b = self._bundle(plan, commitment, "action")
        desc = describe_action(action)
        skip: frozenset[int] = frozenset()
        if page is not None:
            place = target_place(action, page)
            if place:
                desc = replace(desc, place=place)
            skip = _other_controls(b, action, desc.values, page)
        # a matcher that reads structure gets the description itself (no string parsed back)
        text = desc if getattr(self.matcher, "reads_structure", False) else desc.text
        return self._result("pre", commitment, b, text, hit, start, 0, can_complete=False, skip=skip)


#: Roles of the controls an action falsifier may name by their label.
_LABELLED_CONTROLS = frozenset({"button", "link", "checkbox", "radio", "switch", "tab", "option", "menuitem",
                                "menuitemcheckbox", "menuitemradio"})


def _other_controls(b: "_Bundle", action: Action, values: Sequence[str], page: "Observation | Page") -> frozenset[int]:
    """The action falsifiers of ``b`` that are the label of a control on ``page`` other than the one
    ``action`` acts on or the value it types or chooses (``values``) ("Direct sailings only", the dialog's
    checkbox, while the agent picks a sailing whose name ends in "direct"): a plan that writes a
    control's label as an action falsifier says "do not press this", and an action on another
    control does not press it, whatever words its description shares with the label."""
    if not b.falsifiers:
        return frozenset()
    page = Page.of(page)
    labels = page.cache.get("control_labels")
    if labels is None:
        labels = page.cache["control_labels"] = frozenset(
            _folded(n.label) for n in page.nodes if n.kind in _LABELLED_CONTROLS and n.label.strip())
    if not labels:
        return frozenset()
    try:
        calls = parse_action(action.command)
    except ValueError:
        return frozenset()
    targets = [page.node(c.bid) for c in calls if c.bid is not None]
    # what it acts on, and what it types or chooses (an option is chosen by its combobox)
    acted = " ".join([*(_folded(n.label) for n in targets if n is not None), *map(_folded, values)])
    skip = {i for i, _, _ in b.falsifiers if (text := _folded(b.statements[i])) in labels and text not in acted}
    fields = _fields(page)
    if fields and any(t is not None and t.kind in _FIELD_KINDS for t in targets):  # it sets a field
        mine = {tokens for tokens, node in fields if any(node is t for t in targets)}
        for i, _, _ in b.falsifiers:
            named = _field_named(b.statements[i], fields)
            if named and not named & mine:
                skip.add(i)  # "Select a trailhead other than Lost Creek" while the agent types the new date
    return frozenset(skip)


#: Verbs by which an action falsifier sets a form's field ("Select a trailhead other than Lost Creek",
#: "Change the party size", "Tick Waive change fee").
_SETTING = frozenset(tokenize("select choose pick set change enter type fill tick untick check uncheck clear switch toggle",
                              keep_stopwords=True))
#: Roles of a form's fields, named by their labels.
_FIELD_KINDS = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox", "checkbox", "radio",
                          "switch", "textarea"})


def _fields(page: Page) -> tuple[tuple[tuple[str, ...], Node], ...]:
    """(label tokens, node) of each labelled field of ``page`` (kept in its cache)."""
    hit = page.cache.get("field_nodes")
    if hit is None:
        hit = page.cache["field_nodes"] = tuple((toks, n) for n in page.nodes if n.kind in _FIELD_KINDS
                                                and (toks := tokenize(n.name)))
    return hit


def _field_named(statement: str, fields) -> frozenset[tuple[str, ...]]:
    """The labels of the fields an action falsifier that opens with a setting verb names: each field
    whose label's words all stand in the statement before what it excludes. Setting a field is done
    on that field: an action that sets another one does not do it, whatever words its description
    (its reasoning) shares with it. (A click on an option or a button is left to the statement's
    reading: a list box's option sets the field it belongs to.)"""
    words = tokenize(statement, keep_stopwords=True)
    if not words or words[0] not in _SETTING:
        return frozenset()
    said = set(tokenize(_EXCEPT.split(statement, 1)[0]))  # "Tick a checkbox not in 0tz, HT6" names no box
    return frozenset(toks for toks, _ in fields if set(toks) <= said)


#: Where an action falsifier turns to what it excludes: what follows names what is not to be set.
_EXCEPT = re.compile(r"\b(?:other than|not in|not|except|besides|apart from|instead of|rather than|but)\b", re.IGNORECASE)


def _folded(text: str) -> str:
    """``text`` with its spaces collapsed, case-folded: a label as a plan and a page may both write it."""
    return " ".join(text.split()).casefold()
