"""The commitment tracker: which commitment is active, and what has been done for each.

One state machine decides commitment progress for both halves of the loop: the offline
:class:`~fcpkit.eval.checker.Checker` replays recorded steps through it, the live
:class:`~fcpkit.agent.runtime.Runner` drives it step by step. Neither keeps its own record of
what is active, attempted, written, done or skipped, so a rule added here holds in both.

What it decides:

* **active**: the commitment the fast testers score. It moves forward when a page completes it
  (:meth:`~CommitmentTracker.complete`, decided by the verifier on a *complete* route) or when the
  agent's own belief (a recorded step's ``commitment``, an executor's ``extra["commitment"]``)
  names a later one (:meth:`~CommitmentTracker.claim` then :meth:`~CommitmentTracker.follow`);
* **attempted**: some accepted, non-idle action was taken for it (:func:`~fcpkit.core.progress.attempts`);
  a skipped commitment that says how it is done and was never attempted is ``skipped_commitment``;
* **wrote**: a write or irreversible action ran while it was active; one that only takes a
  multi-step form on or keeps a draft (*Next*, *Save draft*) hands nothing to the application,
  and the form's own submission confirms what was typed before it;
* **in flight**: the last write the agent pressed; pressing again while the page says it is
  still being worked on is ``repeated_submit`` (:func:`~fcpkit.core.rules.presses_in_flight`);
* **acted**: an accepted action did one of the acts its evidence says it is done by
  (:func:`~fcpkit.core.progress.does_act`); a step with no completion evidence is held to those
  acts when the agent reports the task done over a write in it;
* **completed** by a page (the state tester's *complete* route, accepted by the verifier) or by
  its action (:func:`~fcpkit.core.progress.done_by_action`: the action its completion evidence
  names was taken and accepted);
* **settled**: the agent moved on, and every commitment it passed over is settled on the page it
  moved on from: its completion evidence shows, or (for the one just before the claimed
  commitment) the claimed commitment's precondition evidence holds;
* **unconfirmed advance / write**: the agent moved on (or reported the task done) past a
  commitment nothing confirmed; :func:`~fcpkit.core.progress.advance_check` names the case and the
  caller's verifier decides whether to follow (a report over an unconfirmed write is a hard rule);
* **unmatched write**: a write or irreversible action that fits none of the active commitment's
  evidence (:func:`~fcpkit.core.progress.unmatched_write`) is escalated before it runs;
* **no evidence**: the count of consecutive page-changing steps on which nothing of the active
  commitment showed, behind the router's no-evidence check (``Thresholds.no_evidence_check``).

The tracker runs the tests whose inputs are its own state (the page test with the count of
consecutive *continue* routes, the advance and report checks); the caller decides each result
(with its verifier) and reports the decision back. It never calls a verifier itself: a replay
records every decision, a live run repairs on the spot, and only the caller knows which.
"""

from __future__ import annotations

import inspect

from dataclasses import dataclass, replace
from typing import Iterable

from fcpkit.core.phrases import GENERIC_ACT, phrase
from fcpkit.core.falsifiers import search_terms
from fcpkit.core.form_actions import add_inputs, edited_fields, moves_form_on, navigates, submits, target_name
from fcpkit.core.control_acts import (UNKNOWN_ACT, dialog_acts, discards_edits, expected_acts, leaves_unsent, offers_act,
                                      pressed_acts, step_verbs)
from fcpkit.core.dialogs import (asks_act, awaiting_act, dialog_control, handles_dialog, leaves_dialog, names_a_dialog,
                                  new_modal_dialogs, only_backs_out, only_informs, opened_by, refines_view)
from fcpkit.core.page import Page, RecordId, SiteModel, record_ids
from fcpkit.core.page_facts import answers_a_value, page_facts
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.progress import does_act, reports, write_shows
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import is_idle, is_report, presses_in_flight, same_page, sets_fields
from fcpkit.core.testers import ActionTester, CheckResult, StateTester, attempts, done_by_action, unmatched_write
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import Decision

__all__ = ["CommitmentTracker", "Move", "MOVES", "STANDINGS"]

#: A commitment's standing, from best to worst: the last test supported it (or said nothing new),
#: left a doubt no verifier resolved, or falsified it. A live run's policy gate takes the worse of
#: this and the proposed action's own test, so a write cannot follow a doubtful page.
STANDINGS = ("supported", "unresolved", "falsified")

#: How :meth:`CommitmentTracker.follow` moved: every commitment passed over was already confirmed;
#: the page settled every commitment passed over (:func:`~fcpkit.core.progress.advance_check`); the agent moved on past
#: unconfirmed commitments (the verifier let it); the agent went back to an earlier commitment.
MOVES = ("confirmed", "settled", "unconfirmed", "back")


@dataclass(frozen=True)
class Move:
    """One change of the active commitment on the agent's claim (indices into the plan).

    ``skipped``: the commitments passed over that were never confirmed (empty unless
    ``kind == "unconfirmed"``); ``by_action``: the commitment moved from was completed by its
    action (only for ``kind == "confirmed"``).
    """

    kind: str
    origin: int
    to: int
    skipped: tuple[int, ...] = ()
    by_action: bool = False


class CommitmentTracker:
    """The state of one run's commitments, and every decision about their progress.

    Args:
        plan: the plan being followed (swap it with :meth:`repaired` / :meth:`replanned`).
        tester: the state tester the page, advance and report checks run on.
        actions: the action tester :meth:`test_action` runs (the pre-action test).
        rules: run the advance and report checks (the anomaly rules). Without them the tracker
            follows the agent's claims silently (the benchmark's arms without rules).
        track_attempts: pass the record of attempted commitments to the advance check, so an
            unattempted skipped step is ``skipped_commitment``. Only meaningful when the caller
            reports action tests (:meth:`action_tested`); off when the pre-action test is off.
        follow_back: follow a claim of an *earlier* commitment. A replay follows the recorded
            agent wherever it goes; a live run keeps its completed prefix fixed (its summaries
            and the repairer's prefix check rely on it), so it ignores such claims.
    """

    #: the labels of the fields the agent set on the page in view and sent nowhere since (:meth:`_still_unsent`)
    _unsent: tuple[str, ...] = ()
    #: the active commitment's index and the page it began on (:meth:`_begun`)
    _began_on: tuple[int, Observation] | None = None

    def __init__(
        self,
        plan: Plan,
        tester: StateTester,
        *,
        actions: ActionTester | None = None,
        rules: bool = True,
        track_attempts: bool = True,
        follow_back: bool = True,
    ):
        self.plan = plan
        self.tester = tester
        self.actions = actions
        # an action tester told the page its action is taken on reads where the action's target stands;
        # one written before it took the page (a subclass overriding test()) is called as it was
        self._action_page = actions is not None and "page" in inspect.signature(actions.test).parameters
        self.rules = rules
        self.track_attempts = track_attempts
        self.follow_back = follow_back
        self.active = 0
        #: the last commitment was completed by a page: nothing is left to do
        self.finished = False
        self.confirmed: set[int] = set()
        self.by_action: set[int] = set()
        self.wrote: set[int] = set()
        #: commitments that wrote by more than setting a form's fields (a save, a submission, a post)
        self.submitted: set[int] = set()
        self.attempted: set[int] = set()
        #: commitments an accepted action was seen doing (:func:`~fcpkit.core.progress.does_act`)
        self.acted: set[int] = set()
        #: the acts the agent's accepted actions performed, by commitment: the acts of the controls
        #: they pressed (:func:`~fcpkit.core.control_acts.pressed_acts`)
        self.performed: dict[int, set[str]] = {}
        #: consecutive page tests routed *continue* (the router's periodic slow check)
        self.continues = 0
        #: consecutive page-changing steps showing no evidence of the active commitment
        self.blank = 0
        #: what the agent typed, chose or clicked in this run, in order (:func:`~fcpkit.core.form_actions.agent_inputs`): the
        #: provenance of a filter the agent set itself, of a value it typed
        self.inputs: list[str] = []
        #: the records the agent's own writes made (a reorder's new job, a new ticket): see :func:`made_records`
        self.made: set[RecordId] = set()
        #: commitments whose completion evidence a page supported at least partly: their mean at least
        #: pi_low, or one of the statements at its completion gate
        self.partly: set[int] = set()
        #: the commitment a write was just recorded for, then with the page before it: the pages
        #: after it, until the next write, show what it changed
        self._write_of: int | None = None
        self._since: tuple[int, Observation] | None = None
        #: a modal dialog the plan does not name, on the page last tested, with that page: judged
        #: by the agent's next action (:func:`~fcpkit.core.dialogs.handles_dialog`)
        self._dialog: _HeldDialog | None = None
        #: the dialogs the agent dismissed: one that comes back blocks the step
        self._dismissed: set[str] = set()
        #: (dialog, commitment): the modal dialogs in which the agent pressed a button for an act the
        #: plan asks for, and the commitment active then (:meth:`report_check`)
        self._dialog_acts: list[tuple[str, int]] = []
        #: what every page of the site showed in this run (:class:`~fcpkit.core.page.SiteModel`)
        self.site = SiteModel()
        #: ids of the confirmed commitments, in the order they were confirmed
        self.advanced: list[str] = []
        self._advanced_at: list[int] = []
        #: what the agent typed or chose into each field (by element id) whose value an action
        #: falsifier named, with that test: held until the form is submitted (:meth:`test_action`)
        self._typed: dict[str, CheckResult] = {}
        #: a search's empty answer to the agent's own wording, held for its next action (:meth:`_answered_search`)
        self._searched: CheckResult | None = None
        #: the last search the agent submitted used terms the task does not ask for
        self._unasked_search = False
        #: a passed-over step's falsifier saying a state persists, held until a form is sent (:meth:`claim`)
        self._persisting: CheckResult | None = None
        #: the page last tested, and the commitments its tests routed *risk* (:meth:`falsified_on`)
        self._here: Observation | None = None
        self._falsified_here: set[int] = set()
        #: the last pressed write, its page, the name of the press before it; the last press's name
        self._in_flight: tuple[Action, Observation, str] | None = None
        self._pressed_last = ""
        #: the active commitment's standing (:data:`STANDINGS`), set by the caller that decides the
        #: checks (:meth:`stand`); a live run's gate reads it with :meth:`gate_standing`
        self.standing = "supported"

    # -- state ----------------------------------------------------------------------------
    @property
    def commitment(self) -> Commitment:
        """The active commitment (the last one once the plan is finished)."""
        return self.plan.commitments[self.active]

    @property
    def thresholds(self) -> Thresholds:
        return self.tester.thresholds

    @property
    def position(self) -> int:
        """The active index, or ``len(plan)`` once the last commitment was completed by a page."""
        return len(self.plan.commitments) if self.finished else self.active

    def settled(self, start: int, end: int) -> bool:
        """Whether every commitment in ``[start, end)`` is confirmed (done by a page, its action or
        the next precondition)."""
        return all(k in self.confirmed for k in range(start, end))

    def index(self, commitment_id: str) -> int | None:
        """The plan position of ``commitment_id``; ``None`` for an id the plan does not have."""
        try:
            return self.plan.index(commitment_id)
        except KeyError:
            return None

    def _confirm(self, k: int) -> None:
        if k not in self.confirmed:
            self.confirmed.add(k)
            self.advanced.append(self.plan.commitments[k].id)
            self._advanced_at.append(k)

    # -- standing ---------------------------------------------------------------------------
    def stand(self, standing: str) -> None:
        """The active commitment's standing after a decided check (or ``"supported"`` once a new
        page or a new commitment replaced the doubt)."""
        if standing not in STANDINGS:
            raise ValueError(f"unknown standing {standing!r}; use one of {STANDINGS}")
        self.standing = standing

    def gate_standing(self, action: str) -> str:
        """The worse of ``action`` (the proposed action's own standing) and the last page's."""
        return max(action, self.standing, key=STANDINGS.index)

    # -- the agent moves on -----------------------------------------------------------------
    def claim(self, commitment_id: str, observation: Observation | None, action: Action | None = None) -> CheckResult | None:
        """The agent says it now works on ``commitment_id``, on ``observation`` (the page it moves
        on from). Returns the advance check to decide before following it, or ``None`` when the
        move needs none: the same or an earlier commitment, an unknown id, every commitment passed
        over already confirmed, or rules off. A check the caller decides *repair* is not followed;
        otherwise call :meth:`follow` with it.

        With the ``action`` the agent moves on with: a falsifier saying that a state of a step passed
        over persists ("Number of labels is still 412"), where the step never wrote and the action
        writes nothing (a read, or setting a form's fields), is held until the agent writes (a
        save, a submission) or reports (:meth:`test_action`), and raised then if it still holds on
        that page: the agent may fill a form's fields in another order and come back to that one."""
        j = self.index(commitment_id)
        if not self.rules or j is None or j <= self.active or self.settled(self.active, j):
            return None

        def advance(persisting: bool) -> CheckResult | None:  # (None: a tester switched off)
            return self.tester.advance(self.plan, self.active, j, observation, self.wrote - self.confirmed,
                                       self.attempted if self.track_attempts else None,
                                       acted=self.acted if self.track_attempts else None, inputs=tuple(self.inputs),
                                       site=self.site, known=self.falsified_on(observation), persisting=persisting)

        check = advance(True)
        if action is not None and check is not None and check.route is Route.RISK and not is_report(action) \
                and (action.effect not in ("write", "irreversible") or sets_fields(action)):
            lenient = advance(False)
            if lenient is not None and lenient.route is not Route.RISK:
                self._persisting = check
                return lenient
        return check

    def follow(self, commitment_id: str, check: CheckResult | None = None) -> Move | None:
        """Make ``commitment_id`` active, given the advance check :meth:`claim` returned (and the
        caller's verifier did not turn into a repair). ``None`` when nothing moved.

        A move whose check routed *continue* (the page settles every commitment passed over:
        :func:`~fcpkit.core.progress.advance_check`) confirms them; any other unconfirmed move
        leaves them unconfirmed (an unconfirmed write among them stays on record)."""
        j = self.index(commitment_id)
        if j is None or j == self.active:
            return None
        origin = self.active
        if j < origin:
            if not self.follow_back:
                return None
            self.active, self.finished = j, False
            return Move("back", origin, j)
        if self.settled(origin, j):
            move = Move("confirmed", origin, j, by_action=origin in self.by_action)
        elif check is not None and check.route is Route.CONTINUE:
            for k in range(origin, j):  # the check settled every step passed over
                self._confirm(k)
            move = Move("settled", origin, j)
        else:
            move = Move("unconfirmed", origin, j, tuple(k for k in range(origin, j) if k not in self.confirmed))
        self.active, self.finished, self.continues, self.blank = j, False, 0, 0
        return move

    # -- actions ----------------------------------------------------------------------------
    def test_action(self, action: Action) -> CheckResult:
        """The pre-action test of ``action`` against the active commitment. A write that fits none
        of its evidence (:func:`~fcpkit.core.progress.unmatched_write`) is routed *verify* with the
        rule ``unmatched_write``, so it is escalated before it runs (the live gate holds a write
        while its escalation is unresolved)."""
        if self.actions is None:
            raise ValueError("CommitmentTracker.test_action needs the tracker built with actions=ActionTester(...)")
        persisting = self._persisting
        if persisting is not None and (is_report(action) or (action.effect in ("write", "irreversible")
                                                             and not sets_fields(action))):
            self._persisting = None
            k = self.index(persisting.commitment)
            if (k is not None and k not in self.confirmed and self._here is not None and persisting.evidence
                    and self.tester.still_holds(self.plan.commitments[k], persisting.evidence, self._here,
                                                tuple(self.inputs), self.site)):
                return replace(persisting, rule_detail=f"{persisting.rule_detail}; {action.command} sends the form with it")
        searched, self._searched = self._searched, None
        if searched is not None and (is_report(action) or action.effect in ("write", "irreversible")):
            return replace(searched, rule_detail=searched.rule_detail if searched.rule else
                           f"{action.command} acts on an empty search answer ({searched.evidence!r})")
        pending, self._dialog = self._dialog, None
        if pending is not None:
            detail, page = pending.detail, pending.page
            if not handles_dialog(action, page, self.tester.context(self.plan).wanted, pending.confirms,
                                  backing_out=pending.unasked, written=pending.written, leaving=pending.leaving):
                return CheckResult("pre", self.commitment.id, 0.0, 0.0, Route.VERIFY, rule="unexpected_dialog",
                                   rule_detail=f"{detail}; the agent's next action neither dismisses nor answers it",
                                   scope="execution", kappa=float(self.commitment.confidence), scored=False)
            self._dismissed.update(Page.of(page).modal_dialogs)
        if self.rules and self._here is not None and self.active in self.wrote - self.confirmed:
            keep = discards_edits(action, self._here)
            if keep is not None:  # the step set values and the agent backs out before they are saved
                return CheckResult("pre", self.commitment.id, 0.0, 0.0, Route.VERIFY, rule="act_mismatch",
                                   rule_detail=f"{action.target} backs out of what {self.commitment.id!r} set, "
                                               f"unsaved ({keep!r} would save it)",
                                   scope="execution", kappa=float(self.commitment.confidence), scored=False)
        if self.rules and self._here is not None and action.effect in ("write", "irreversible"):
            used = dialog_control(action, self._here)
            if used is not None and asks_act(used[1], self.tester.context(self.plan).wanted):
                self._dialog_acts.append((used[0], self.active))
        if self.rules and self._here is not None and self._in_flight is not None:
            why = presses_in_flight(action, self._here, *self._in_flight)
            if why is not None:
                return CheckResult("pre", self.commitment.id, 0.0, 0.0, Route.VERIFY, rule="repeated_submit",
                                   rule_detail=why, scope="execution", kappa=float(self.commitment.confidence),
                                   scored=False)
        result = (self.actions.test(self.plan, self.commitment, action, page=self._here) if self._action_page
                  else self.actions.test(self.plan, self.commitment, action))
        if pending is not None and pending.leaving and result.rule == "act_mismatch":
            # "Discard" in the dialog the agent's Cancel raised throws away unsent edits: it leaves,
            # and deletes nothing of the application's
            result = replace(result, route=Route.CONTINUE, rule=None, rule_detail=None, scope=None)
        if (self.rules and result.route is not Route.CONTINUE and result.rule is None and result.evidence is not None
                and self.active not in self.wrote and self._here is not None and leaves_dialog(action, self._here)):
            # an action falsifier of backing out ("Cancel", "Go back") speaks of abandoning the step's
            # act; before the step wrote anything there is none to abandon: the agent looked at a
            # dialog and closed it (backing out of values it set is act_mismatch, above)
            result = replace(result, route=Route.CONTINUE, scope=None, evidence=None, evidence_level=None)
        if self.rules:
            result = self._held_typing(action, result)
        if self.rules and result.route is Route.CONTINUE and unmatched_write(action, self.commitment, result,
                                                                             self.thresholds):
            result = replace(result, route=Route.VERIFY, rule="unmatched_write", scope="execution",
                             rule_detail=f"{action.effect} {action.command} fits none of "
                                         f"{self.commitment.id!r}'s evidence")
        return result

    def _begun(self, before: Observation | None, observation: Observation) -> Observation | None:
        """The page the active commitment began on while it has written nothing (the state tester
        reads a falsifier that held there already as the state the step found), else ``None``."""
        if self._began_on is None or self._began_on[0] != self.active:
            self._began_on = (self.active, before if before is not None else observation)
        return self._began_on[1] if self.rules and self.track_attempts and self.active not in self.wrote else None

    def _left_unsaved(self, before: Observation | None, action: Action, after: Observation) -> str | None:
        """Why ``action`` lost what the agent set in a form, or ``None``: it followed a link away from
        the form while the form held values the agent set and never sent
        (:func:`~fcpkit.core.control_acts.leaves_unsent`), and the page it led to is another page.
        An application that asks first ("Leave without saving?") keeps the agent on the form, and
        the agent's answer there is what counts."""
        if not self.rules or before is None or not self._unsent or Page.of(before).path == Page.of(after).path:
            return None
        keep = leaves_unsent(action, before, self._unsent)
        return None if keep is None else (f"{action.target} left the form with {', '.join(map(repr, self._unsent))} "
                                          f"set and never sent ({keep!r} would have sent it)")

    def _still_unsent(self, before: Observation | None, action: Action, after: Observation) -> tuple[str, ...]:
        """The fields the agent set on the page ``after`` shows and sent nowhere since
        (:func:`~fcpkit.core.control_acts.leaves_unsent`): ``action`` setting one (a write) adds it;
        one that sets a field as a read keeps them; any other action, or a new page, sends or drops them."""
        if before is None or Page.of(before).path != Page.of(after).path or not sets_fields(action):
            return ()
        if Page.of(before).query != Page.of(after).query:
            return self._unsent  # the address took the value (sort=insured): the application applied it
        name = target_name(action)
        return self._unsent + (name,) if name and action.effect in ("write", "irreversible") else self._unsent

    def _held_typing(self, action: Action, result: CheckResult) -> CheckResult:
        """Typing is not committing: a value typed or chosen into a field goes to the application
        only when the form is submitted, and the agent may correct it before then (a plate typed
        with a 1, retyped with an I). An action falsifier that a field edit matches is held with
        its field; a later edit of that field replaces it; the form's submission (a write, or a
        control whose act is the step's) raises what is still held, before the write runs."""
        bids = edited_fields(action)
        if bids:
            for bid in bids:
                self._typed.pop(bid, None)
            if result.route is Route.RISK and result.rule is None and result.evidence is not None:
                for bid in bids:
                    self._typed[bid] = result
                return replace(result, route=Route.CONTINUE, scope=None, evidence=None, evidence_level=None)
            return result
        if self._typed and result.route is not Route.RISK and submits(action):
            held = next(iter(self._typed.values()))
            self._typed.clear()
            return replace(held, rule_detail=f"{action.command} submits a value the plan's falsifier names "
                                             f"({held.evidence!r}), typed before")
        if self._typed and navigates(action):
            self._typed.clear()  # the form is left: what was typed in it goes nowhere
        return result

    def _answered_typing(self, action: Action, result: CheckResult, observation: Observation) -> CheckResult:
        """A falsifier that is a form's answer to a value ("Enter whole numbers only": a validation
        message, :data:`~fcpkit.core.phrases.VALIDATION`), holding on the page that typing a value led to,
        answers the value typed: nothing was sent, and the agent may correct it. It is held with the
        field as a typed value's action falsifier is (:meth:`_held_typing`): retyping the field
        clears it, submitting the form with it raises it. The page's line that says it may be the
        validation, where the falsifier says only what the form objects to (:func:`answers_a_value`)."""
        if result.route is not Route.RISK or result.rule is not None or not result.evidence \
                or not (phrase("validation", result.evidence) or answers_a_value(observation, result.evidence)):
            return result
        bids = edited_fields(action)
        if not bids:
            return result
        for bid in bids:
            self._typed[bid] = replace(result, phase="pre")
        return replace(result, route=Route.CONTINUE, scope=None, evidence=None, evidence_level=None)

    def _awaiting_confirmation(self, result: CheckResult, observation: Observation) -> CheckResult:
        """A page whose confirmation dialog still waits for the act the plan asks for does not
        complete the active step: what the form and the dialog say ("Save this plan as Accepted?",
        a status box set to Accepted) is what the write will do once confirmed, not what the
        application did. A dialog whose act the agent pressed waits for nothing (one left open
        beside the toast that says it saved); a step whose completion is the dialog itself
        ("Delete confirmation dialog shown") is done by it."""
        if result.route is not Route.COMPLETE or any(names_a_dialog(e.text) for e in
                                                      self.commitment.confirm.get("completion", ())):
            return result
        pressed = frozenset(d for d, _ in self._dialog_acts)
        if awaiting_act(observation, self.tester.context(self.plan).wanted, pressed) is None:
            return result
        return replace(result, route=Route.CONTINUE)

    def _answered_search(self, before: Observation, action: Action, observation: Observation,
                         result: CheckResult) -> CheckResult:
        """A falsifier that is a search's empty answer ("No pieces match 'PC 4418'"), on the page a
        search with terms the task does not ask for led to, answers the agent's own wording of the
        query, not the task's (the built-in ``empty_results`` reads the same way): the agent may
        search again. It is held for the agent's next action: another search, or a move to browse
        instead, drops it; a write or a report acts on what it said, and raises it. Until the next
        search, the pages that still show that answer (the query being retyped) are read so too.
        The built-in ``empty_results`` (a search in the task's words found nothing) is held so
        too, unless the plan's own falsifier says it: the task's words are not the only way to
        write the query ("molecular ecology second edition" for "Foundations of Molecular Ecology")."""
        if action.effect in ("write", "irreversible"):
            return result
        terms = [t for t in search_terms(Page.of(before), Page.of(observation), action.command) if t.strip()]
        if terms:
            context = self.tester.context(self.plan)
            self._unasked_search = not any(context.asks_for(t) for t in terms)
        empty = bool(result.evidence) and phrase("empty", result.evidence) is not None
        if result.rule == "empty_results" and not empty:
            self._searched = replace(result, phase="pre")
            return replace(result, route=Route.CONTINUE, rule=None, rule_detail=None, scope=None)
        if result.route is not Route.RISK or result.rule is not None or not empty or not self._unasked_search:
            return result
        self._searched = replace(result, phase="pre")
        return replace(result, route=Route.CONTINUE, scope=None, evidence=None, evidence_level=None)

    def action_tested(self, action: Action, pre: CheckResult, decision: Decision) -> None:
        """Record the action test ``pre`` of ``action`` and its decision: an accepted action is an
        attempt at the active commitment (:func:`~fcpkit.core.progress.attempts`), and one that is
        the commitment's completing action (:func:`~fcpkit.core.progress.done_by_action`) completes
        it. The commitment stays active until the agent moves on or a page completes it."""
        if decision is not Decision.CONTINUE:
            return
        backing_out = self._here is not None and only_backs_out(action, self._here)
        if attempts(action, self.commitment, pre, self.thresholds) and not backing_out:
            self.attempted.add(self.active)  # backing out of a dialog performs nothing: no attempt at the step
        if does_act(pre, self.thresholds):
            self.acted.add(self.active)
        performed = self.performed.setdefault(self.active, set())
        if backing_out:  # "Cancel" on "Submit bid for T-17?": the press that raised it ran nothing
            performed -= dialog_acts(self._here)
        performed.update(pressed_acts(action))
        if done_by_action(pre, self.thresholds) and self.active not in self.confirmed:
            self.by_action.add(self.active)
            self._confirm(self.active)

    def report_check(self, action: Action, observation: Observation | None) -> CheckResult | None:
        """The agent is about to report the task done (``send_msg_to_user``): the check that every
        commitment from the active one on was done and that no write it moved on from unconfirmed
        is left (never confirmed: a hard rule), or ``None`` when all is done (or the action is no
        report, or rules are off)."""
        if self.rules and observation is not None and is_report(action):
            # an act the agent performed in the dialog ran once a page confirmed the step it served:
            # the dialog left open after it (or still in the page while it closes) waits for nothing
            done = frozenset(d for d, k in self._dialog_acts if k in self.confirmed)
            waiting = awaiting_act(observation, self.tester.context(self.plan).wanted, done)
            if waiting is not None:  # the act the dialog asks to confirm never ran
                return CheckResult("pre", self.commitment.id, 0.0, 0.0, Route.VERIFY, rule="unexpected_dialog",
                                   rule_detail=f"the agent reports the task done while the dialog {waiting!r} "
                                               "waits for the act it asks to confirm",
                                   scope="execution", kappa=float(self.commitment.confidence), scored=False)
        if self.rules and observation is not None and is_report(action):
            left = self._act_left(observation)
            if left is not None:
                return CheckResult("pre", self.commitment.id, 0.0, 0.0, Route.VERIFY, rule="skipped_commitment",
                                   rule_detail=left, scope="execution", kappa=float(self.commitment.confidence),
                                   scored=False)
        n = len(self.plan.commitments)
        unconfirmed = self.wrote - self.confirmed - self._carried()
        passed = sorted(k for k in unconfirmed if k < self.active)  # moved on from after writing, unconfirmed
        if not self.rules or not is_report(action) or (self.settled(self.active, n) and not passed):
            return None
        return self.tester.advance(self.plan, self.active, None, observation, unconfirmed, self.attempted,
                                   passed=passed, acted=self.acted if self.track_attempts else None,
                                   partly=self.partly, inputs=tuple(self.inputs), site=self.site,
                                   known=self.falsified_on(observation))

    @property
    def judges_dialogs(self) -> bool:
        """Whether a new dialog the plan does not name is judged by the agent's next action (rules on,
        with the action tester that sees it) rather than on the page that shows it."""
        return self.rules and self.actions is not None and self.track_attempts

    def defer_dialog(self, result: CheckResult, observation: Observation) -> bool:
        """Hold the start page's ``unexpected_dialog`` finding ``result`` for the agent's first action
        (as :meth:`test_page` holds one a step led to); ``False`` (nothing held) when the tracker does
        not judge dialogs so, or ``result`` is another finding."""
        if not self.judges_dialogs or result.rule != "unexpected_dialog":
            return False
        self._dialog = _HeldDialog(result.rule_detail or "a modal dialog the plan does not name covers the page", observation)
        return True

    def record_write(self, action: Action | None = None) -> None:
        """A write or irreversible ``action`` ran while the active commitment was active. A message
        to the user is not a write to the application, whatever its effect label (a corpus may
        call a report ``irreversible``: it cannot be taken back), so it is not recorded."""
        if action is None or not is_report(action):
            self.wrote.add(self.active)
            if action is None or not sets_fields(action):
                if action is None or not moves_form_on(action):  # "Next", "Save draft": the fields go on
                    self.submitted.add(self.active)
                self._write_of = self.active  # what a submission changed may show its values (write_shows);
                # what setting a field changed is the form echoing the agent, not the application's record

    def _act_left(self, observation: Observation) -> str | None:
        """Why the report leaves a step's act undone, or ``None``: a step from the active one on that
        is not confirmed names an act ("submit the pledge", "confirm the allocation"), no action of
        the agent's since the active step began performed it, and the page it reports from still
        offers an enabled control in its main content that does ("Submit pledge"). A step done by
        reporting, or one the agent acted on by a key press (which control it pressed is not known),
        is not held to it; the active step that wrote is left to the check of its write."""
        done = set().union(*(acts for k, acts in self.performed.items() if k >= self.active))
        for k in range(self.active, len(self.plan.commitments)) if UNKNOWN_ACT not in done else ():
            c = self.plan.commitments[k]
            wanted = expected_acts(c)[0] | step_verbs(c.subgoal)
            if k == len(self.plan) - 1:  # the last step finishes the task: the task's own verb is its act too
                wanted |= step_verbs(self.plan.task, first_only=True)
            if k in self.confirmed or (k == self.active and k in self.wrote) or not wanted or reports(c) or wanted & done:
                continue
            offered = offers_act(observation, wanted, main_only=True)
            if offered is not None:
                return (f"the agent reports the task done while the page still offers {offered!r}: the act "
                        f"{c.id!r} asks for was never done")
        return None

    def _carried(self) -> set[int]:
        """Commitments that wrote only by setting a form's fields, with a later commitment that
        submitted and that a page confirmed: what was typed went with that submission (a note typed
        into a receipt is posted with the receipt), so the application's confirmation of it confirms
        the fields too. A completion by the agent's own action says nothing the application did. A
        step that names an act of its own ("Refund the jacket") and never did it is not carried: its
        fields went nowhere."""
        done = [j for j in self.confirmed if j in self.submitted and j not in self.by_action]
        return {k for k in self.wrote - self.submitted - self.confirmed if any(j > k for j in done)
                and (k in self.acted or not _own_act(self.plan.commitments[k]))}

    # -- pages ------------------------------------------------------------------------------
    def test_page(
        self,
        observation: Observation,
        *,
        before: Observation | None = None,
        action: Action | None = None,
        baseline: Observation | None = None,
    ) -> CheckResult:
        """The state test of the page an action produced, against the active commitment, with the
        counts the router's periodic check (consecutive *continue* routes) and no-evidence check
        (consecutive page-changing steps where nothing of the commitment showed) need."""
        changed = before is not None and action is not None and not same_page(before, observation)
        lost = self._left_unsaved(before, action, observation) if action is not None else None
        if action is not None:
            add_inputs(self.inputs, action)
            self._unsent = self._still_unsent(before, action, observation)
            self.made |= made_records(before, action, observation)
            if not is_idle(action):  # a wait keeps the write in flight; any other act ends it
                pressed = before is not None and action.effect in ("write", "irreversible") \
                    and not is_report(action) and not sets_fields(action)
                self._in_flight = (action, before, self._pressed_last) if pressed else None
                self._pressed_last = target_name(action)
        if self._dialog is not None and not set(Page.of(self._dialog.page).modal_dialogs) & set(Page.of(observation).modal_dialogs):
            self._dialog = None  # the dialog held for the next action is gone (a repair dismissed it)
        defer = self.judges_dialogs
        # a confirmation dialog still waiting on this page: the step's write is not saved yet, and the
        # values it repeats are what the write will do, no partial support of its result (below)
        asking = self._pending(observation)
        result = self.tester.test(self.plan, self.commitment, observation, before=before, action=action,
                                  baseline=baseline, consecutive_continues=self.continues,
                                  page_changed=changed, no_evidence_steps=self.blank, inputs=tuple(self.inputs),
                                  site=self.site, acted=not self.track_attempts or self.active in self.attempted,
                                  saved=not self.track_attempts or (self._saved() and not asking),
                                  dialogs=not defer, made=frozenset(self.made), begun=self._begun(before, observation))
        if defer and result.rule is None:
            hit = self.tester.dialog_hit(self.plan, before, action, observation)
            if hit is not None:
                names = new_modal_dialogs(before, observation)
                back = set(names) & self._dismissed
                page = Page.of(observation)
                if back:  # dismissed before and back again: it blocks the step
                    result = replace(result, route=Route.VERIFY, rule=hit.rule, scope=hit.scope,
                                     rule_detail=hit.detail + ", back after the agent dismissed it")
                else:
                    # held for the next action; one the agent's own write raised asks it to confirm.
                    # One the agent's own click opened for an act the plan never asks for ("Email
                    # guests" where the step moves the meeting) is drift unless the agent backs out
                    # of it: a look at the form is no act, what the agent does in it is (one that
                    # only shows something, "Compare plans" with a Close, is read and closed; one that
                    # filters or sorts the list behind it, "Filter cases", is set and applied)
                    unasked = any(opened_by(action, n) is not None and not only_informs(page, n) and not refines_view(n)
                                  for n in names)
                    wrote_it = action is not None and action.effect in ("write", "irreversible")
                    self._dialog = _HeldDialog(hit.detail, observation, wrote_it, unasked,
                                               target_name(action) if wrote_it else "",
                                               action is not None and before is not None and only_backs_out(action, before))
        if self.rules and action is not None:
            result = self._answered_typing(action, result, observation) if lost is None else \
                replace(result, route=Route.VERIFY, rule="left_unsaved", rule_detail=lost, scope=result.scope or "execution")
            if before is not None:
                result = self._answered_search(before, action, observation, result)
        result = self._awaiting_confirmation(result, observation) if asking else result
        self._tested(observation, result)
        wrote, self._write_of = self._write_of, None
        if wrote is not None and before is not None:
            self._since = (wrote, before)
        if self._since is not None and changed and not asking:
            k, base = self._since
            if k not in self.partly and write_shows(self.plan.commitments[k], base, observation, self.inputs):
                self.partly.add(k)  # what the write changed carries its values: partial support
        self.continues = self.continues + 1 if result.route is Route.CONTINUE else 0
        low = self.thresholds.pi_low
        if result.alpha_comp is not None and not asking and \
                (result.alpha_comp >= low or result.comp_best >= (result.gate_plus if result.gate_plus is not None else 1.0)):
            self.partly.add(self.active)
        if result.route is not Route.CONTINUE or max(result.alpha_plus, result.alpha_minus) >= low:
            self.blank = 0  # evidence showed, or the page was escalated (the check fires once per run of N)
        elif changed:
            self.blank += 1
        return result

    def complete(self) -> bool:
        """A page completed the active commitment (its test was decided *advance*): confirm it and
        make the next one active. ``False`` when it was the last (:attr:`finished`); otherwise
        re-test the same page with :meth:`retest`, since one page can complete several."""
        self._confirm(self.active)
        self.continues = self.blank = 0
        if self.active + 1 >= len(self.plan.commitments):
            self.finished = True
            return False
        self.active += 1
        return True

    def retest(self, observation: Observation) -> CheckResult:
        """The page that completed the previous commitment, tested against the active one. The
        agent took no action for this one on it, so the page completes it only where all of its
        completion holds (``whole``): a mean over partial readings (a "3" in a table cell for
        "Units 3") would pass over a step the agent has still to do."""
        acted = not self.track_attempts or self.active in self.attempted
        result = self.tester.test(self.plan, self.commitment, observation, inputs=tuple(self.inputs), site=self.site,
                                  acted=acted, saved=not self.track_attempts or self.active in self.wrote,
                                  whole=not acted)
        self._tested(observation, result)
        return result

    def _tested(self, observation: Observation, result: CheckResult) -> None:
        if observation is not self._here:
            self._here, self._falsified_here = observation, set()
        if result.route is Route.RISK:
            self._falsified_here.add(self.active)

    def _saved(self) -> bool:
        """Whether the active commitment saved what it set: it submitted, or it only sets fields (a
        step that names no act of its own, "Type the name into the field", whose next step
        submits) and set them."""
        if self.active in self.submitted:
            return True
        return self.active in self.wrote and not expected_acts(self.commitment)[0]

    def _pending(self, observation: Observation) -> bool:
        """Whether ``observation`` shows a dialog that waits for an act the plan asks for (the
        confirmation a save raised): what the step wrote is not saved until it is answered."""
        return self.rules and awaiting_act(observation, self.tester.context(self.plan).wanted) is not None

    def falsified_on(self, observation: Observation | None) -> frozenset[int]:
        """The commitments a test of ``observation`` (the page last tested) routed *risk*: that
        detection was made on this page, so an advance check does not raise it again."""
        return frozenset(self._falsified_here) if observation is not None and observation is self._here else frozenset()

    # -- plan changes -----------------------------------------------------------------------
    def repaired(self, plan: Plan) -> None:
        """A repair changed the plan from the active commitment on (the prefix is kept) or the
        path: the count of *continue* routes starts again, and a dialog held for the agent's next
        action is the repair's now."""
        self.plan = plan
        self.continues = self.blank = 0
        self._dialog = self._searched = self._persisting = self._began_on = None
        self._unsent = ()

    def replanned(self, plan: Plan) -> None:
        """The commitments from the active one on are new: nothing has been done for them yet."""
        self.repaired(plan)
        keep = range(self.active)
        self.attempted = _within(self.attempted, keep)
        self.acted = _within(self.acted, keep)
        self.wrote = _within(self.wrote, keep)
        self.submitted = _within(self.submitted, keep)
        self.by_action = _within(self.by_action, keep)
        self.partly = _within(self.partly, keep)
        self.performed = {k: acts for k, acts in self.performed.items() if k in keep}
        self._write_of = self._since = self._in_flight = None
        self.confirmed = _within(self.confirmed, keep)
        self._dialog_acts = [(d, k) for d, k in self._dialog_acts if k in keep]
        kept = [(k, c) for k, c in zip(self._advanced_at, self.advanced) if k < self.active]
        self._advanced_at = [k for k, _ in kept]
        self.advanced = [c for _, c in kept]


@dataclass(frozen=True)
class _HeldDialog:
    """A new modal dialog the plan does not name, held for the agent's next action, which says
    whether it deals with it (:func:`~fcpkit.core.dialogs.handles_dialog`)."""

    detail: str  # why it is unexpected
    page: Observation  # the page that shows it
    confirms: bool = False  # the agent's own write raised it: a bare yes confirms that write
    unasked: bool = False  # the agent's click opened it for an act the plan never asks for: only leaving deals with it
    written: str = ""  # the name of the control the agent wrote with, when it wrote
    leaving: bool = False  # the agent's own backing out raised it ("Discard this request?"): either answer deals with it


def made_records(before: Observation | None, action: Action, after: Observation) -> frozenset[RecordId]:
    """The records ``action``, a write of the agent's, made: a record the page it led to is about,
    absent from the page the write was made on, that a new message of the application names
    ("Reorder PR-25141 submitted to the production queue"). A task that reorders, files or opens
    something gets a record the task could not name; it is the run's own, not a wrong one."""
    if before is None or action.effect not in ("write", "irreversible"):
        return frozenset()
    page, old = Page.of(after), Page.of(before)
    said = [m for m in page.messages if m not in old.messages]
    if not said:
        return frozenset()
    seen = page_facts(old).ids | frozenset(r.id for m in old.messages for r in record_ids(m))
    return frozenset(r for r in page_facts(page).records if r.id not in seen and any(r.id in m for m in said))


def _own_act(c: Commitment) -> bool:
    """Whether ``c`` names a specific act of its own (refund, approve, assign), not only the generic
    commit of a form (save, submit)."""
    return bool(expected_acts(c)[0] - {GENERIC_ACT})


def _within(ks: Iterable[int], keep: range) -> set[int]:
    return {k for k in ks if k in keep}
