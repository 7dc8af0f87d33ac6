"""Commitment progress decisions read off the testers' results.

Whether a commitment is done by acting (:func:`acts`) or by telling the user (:func:`reports`);
whether an action is a step taken for it (:func:`attempts`), the action that completes it
(:func:`done_by_action`), or a write its evidence never mentions (:func:`unmatched_write`); whether
what a write changed on the page carries the values the commitment was to write
(:func:`write_shows`); and what the agent moving on past commitments nothing confirmed means
(:func:`advance_check`). The
commitment tracker (:mod:`fcpkit.core.tracker`) makes every progress decision with these.
"""

from __future__ import annotations

import re
import time
from typing import Sequence

from fcpkit.core.check_result import CheckResult
from fcpkit.core.page import Page, app_view, evidence_view
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.router import Route, Thresholds
from fcpkit.core.rules import is_idle, is_report, parse_action
from fcpkit.core.text import is_key_token, tokenize
from fcpkit.core.trajectory import Action, Observation

__all__ = ["acts", "reports", "attempts", "does_act", "done_by_action", "unmatched_write", "write_shows",
           "advance_check"]


def acts(c: Commitment) -> bool:
    """Whether the plan says how ``c`` is *done*: it has action-testable confirming evidence.

    Only such a commitment can be skipped; one that is only read off a page ("confirm the new
    price shows") needs no action of its own.
    """
    return any(e.on_action for stage in ("progress", "completion") for e in c.confirm.get(stage, ()))


_REPORTING = re.compile(r"^\s*(?:report|tell|answer|reply|respond|inform|notify|send|message|say|state|return|"
                        r"summari[sz]e|give|provide|share|let the user know)\b", re.IGNORECASE)


def reports(c: Commitment) -> bool:
    """Whether ``c`` is done by telling the user something: its subgoal or action-testable evidence
    starts with a reporting verb ("Report the refund status...", "Tell the user..."). A message
    to the user is an action for such a commitment, and only for it."""
    texts = [c.subgoal] + [e.text for stage in ("progress", "completion") for e in c.confirm.get(stage, ()) if e.on_action]
    return any(_REPORTING.match(t) for t in texts)


def attempts(action: Action, c: Commitment, pre: CheckResult, thresholds: Thresholds) -> bool:
    """Whether ``action`` (tested as ``pre``) is a step taken for commitment ``c``: any action that
    is not idle (:func:`fcpkit.core.rules.is_idle`), except that a message to the user only counts for
    a commitment done by reporting (:func:`reports`) or one it aligns with (alpha+ >= pi_low)."""
    if is_idle(action):
        return False
    return not is_report(action) or reports(c) or pre.alpha_plus >= thresholds.pi_low


def does_act(result: CheckResult, thresholds: Thresholds) -> bool:
    """Whether an action test shows one of the acts its commitment says it is done by: its
    action-testable confirming evidence ("Click Approve") clears the commitment's confirming gate.
    What a step with no completion evidence is held to (:func:`advance_check`'s ``acted``)."""
    return result.phase == "pre" and result.scored and result.alpha_plus >= thresholds.gate_plus(result.kappa)


def done_by_action(result: CheckResult, thresholds: Thresholds) -> bool:
    """Whether an action test shows the action that completes its commitment: its action-testable
    completion evidence ("Report refund status and amount for ORD-55012") clears the completion
    gate with the margin, and no falsifier is near its gate."""
    comp = result.alpha_comp
    return (result.phase == "pre" and result.scored and comp is not None
            and comp >= thresholds.gate_plus(result.kappa) and comp - result.alpha_minus >= thresholds.delta_plus
            and result.alpha_minus < thresholds.gate_minus(result.kappa) - thresholds.uncertainty)


_TARGET_NAME = re.compile(r"^\s*\w+\s+'((?:[^'\\]|\\.)*)'")


def unmatched_write(action: Action, c: Commitment, pre: CheckResult, thresholds: Thresholds) -> bool:
    """Whether a write or irreversible ``action`` (tested as ``pre``) fits none of ``c``'s evidence:
    the matcher finds no alignment (alpha+ under pi_low) and no content word of what it acts on
    (the target's name, the values it types or picks) appears in the subgoal or any confirming
    evidence. Such a write is doing something the step never mentions (a "Forward to finance" button
    where the step approves, an interstitial's "Accept"), so it is escalated before it runs.

    Word overlap backs the matcher up because a lexical matcher needs a statement's identifiers
    ("Approve EXP-1180") on a button that only says "Approve". Reports, idle actions and reads never
    count; neither does an action with nothing to compare (no named target, no typed value).
    """
    if action.effect not in ("write", "irreversible") or is_idle(action) or is_report(action):
        return False
    if pre.alpha_plus >= thresholds.pi_low:
        return False
    words: set[str] = set()
    named = _TARGET_NAME.match(action.target or "")
    if named:
        words.update(tokenize(named.group(1)))
    try:
        calls = parse_action(action.command)
    except ValueError:
        return False
    for call in calls:  # the first argument of a browser call is the element id
        words.update(w for a in (*call.args[1:], *call.kwargs.values()) if isinstance(a, str) for w in tokenize(a))
    if not words:
        return False
    said = [c.subgoal] + [e.text for items in c.confirm.values() for e in items]
    return not words & set(tokenize(" ".join(said)))


#: Words a statement uses to say that its fact is on the page, not what the fact is.
_SHOWING = frozenset(tokenize("shown showing show shows displayed display visible appears listed page screen now"))


def write_shows(c: Commitment, before: Observation, after: Observation, inputs: Sequence[str] = ()) -> bool:
    """Whether the page a write produced shows, in what the write changed, the values ``c``'s
    completion names: the diff of state, read for the commitment's own values.

    A completion statement is often written in words no page uses ("Pay line saved for EMP-0412,
    including a one-off bonus of 250.00") while the application shows the saved record in its own
    way (the row of EMP-0412 now reads "One-off: Bonus 250.00"). What the lexical matcher cannot
    confirm, the state can still partly support: some element that changed with the write (a new
    or altered line, with the list row or item it stands in) holds every key token (ids, amounts,
    dates: the tokens with a digit) of a completion statement, the record in view aside (the page's
    identity already says which record this is). A statement that names only the record in view by
    its values ("Claim paid for Rx 7730412" on Rx 7730412's page) is shown by a changed element of
    the application's own text that holds two thirds of its other words ("Claim paid — copay
    $4.50"); the agent's typed words echoed back are not the application's. A statement without
    any value ("Status: Approved") has nothing a diff can tell from a page that merely says it. A text box still holding what the
    agent typed is left out (:func:`~fcpkit.core.page.app_view` without a provenance policy): it is
    the form, not the application saying it saved anything. Free text is read, and so are the
    values the agent typed where the application repeats them: a note or an amount that shows in
    the record's row *because* the write changed it is the write's effect, which is what is asked.

    This is partial support, never confirmation: it keeps a report over the write from being a
    lower-bound alarm (:func:`advance_check`'s ``partly``) and leaves the write to the verifier.
    """
    page = Page.of(after)
    shown = set(tokenize(" ".join(page.identity)))
    values, words = [], []
    for e in c.confirm.get("completion", ()):
        toks = set(tokenize(e.text))
        keys = {t for t in toks if is_key_token(t)}
        if keys - shown:
            values.append(keys - shown)
        elif keys and len(toks - shown - _SHOWING) >= 2:
            words.append(toks - shown - _SHOWING)
    if not values and not words:
        return False
    before_page = Page.of(before)
    old = before_page.cache.get("line_set")
    if old is None:  # read once per page: the pages after a write are each diffed against it
        old = before_page.cache["line_set"] = frozenset(n.line for n in before_page.nodes)
    inputs = tuple(inputs)
    # values: the page with the agent's text boxes left out, every value in one changed element
    if values and any(want <= have for have in _changed(app_view(page, None, inputs=inputs), old) for want in values):
        return True
    # words: the application's own text, without what the agent typed echoed back (a note it
    # typed that says "Approved"), two thirds of them in one changed element
    return bool(words) and any(3 * len(want & have) >= 2 * len(want)
                               for have in _changed(evidence_view(page, inputs=inputs), old) for want in words)


def _changed(view: Page, old: frozenset[str]) -> list[set[str]]:
    """The tokens of each element of ``view`` that a write changed (a line not in ``old``): the
    row or item it stands in whole, else the line alone; chrome left out."""
    units: dict[int, str] = {}
    for i, n in enumerate(view.nodes):
        if n.line not in old and view.zones[i] != "chrome":
            it = view.items[i]
            if it >= 0:
                units.setdefault(it, view.subtree_text(it))
            else:
                units[i] = n.label
    return [set(tokenize(text)) for text in units.values()]


def advance_check(
    plan: Plan,
    active: int,
    claimed: int | None,
    wrote: set[int] | frozenset[int] = frozenset(),
    *,
    attempted: set[int] | frozenset[int] | None = None,
    precondition: float | None = None,
    gate: float | None = None,
    shown: set[int] | frozenset[int] = frozenset(),
    passed: Sequence[int] = (),
    acted: set[int] | frozenset[int] | None = None,
    partly: set[int] | frozenset[int] = frozenset(),
) -> CheckResult:
    """The agent moved on to commitment ``claimed`` (``None``: it reported the task done) while
    ``active`` was never confirmed complete. The commitments ``active .. claimed-1`` are *skipped*;
    ``shown`` holds those whose completion evidence shows on the page the agent moves on from.
    Four outcomes, most certain first:

    * ``skipped_commitment``: a skipped commitment says how it is done (:func:`acts`) and no
      action was ever taken for it (``attempted``: the caller's record of commitments that saw a
      non-idle action, :func:`attempts`; those in ``shown`` count as attempted): the step was not
      done at all, the no-op that leaves nothing to diff (a skipped fill, a ``noop()`` in its
      place). A hard rule;
    * ``unconfirmed_write``: a skipped commitment wrote to the application and its completion does
      not show (a wrong success banner, a silent failure, a redirect away from the form). Checked
      before the precondition: that the next step *can* start says nothing about what the write did.
      When the agent *reports the task done* over it, or over ``passed`` (earlier commitments it
      moved on from unconfirmed after writing), the write is never confirmed:
      ``reported_unconfirmed_write``, a hard rule (:data:`~fcpkit.core.verify.HARD_RULES`). Only a
      commitment that has completion evidence can be held to it never being confirmed, or one
      that has none but says how it is done (:func:`acts`: "Click Approve" or "Click Reject")
      when the caller records in ``acted`` the commitments an action was seen doing
      (:func:`does_act`): a step of that kind whose act was never done, while something else was
      written in it (a note saved where the step approves), was not done. A write whose completion
      a page ``partly`` supported (the caller's record of commitments whose completion evidence
      scored at least ``pi_low`` on some page) may have succeeded in words the plan did not use:
      the report over it is ``unconfirmed_write`` too, for the verifier;
    * every skipped commitment is *settled*: its completion shows, or it is the one just before
      ``claimed`` and ``precondition`` (the claimed commitment's precondition evidence scored on the
      page) clears ``gate``. The plan's own evidence says the agent may move on: route ``continue``.
      A jump over several steps needs each of them settled, not only the last;
    * ``unconfirmed_advance``: the verifier decides whether to follow the agent.
    """
    start = time.perf_counter()
    c = plan.commitments[active]
    end = len(plan.commitments) if claimed is None else claimed
    to = "report the task done" if claimed is None else f"move to {plan.commitments[claimed].id!r}"
    skipped = range(active, end)
    route, rule, detail = Route.VERIFY, None, None
    undone = ([k for k in skipped if acts(plan.commitments[k]) and k not in attempted and k not in shown]
              if attempted is not None else [])
    holds = claimed is not None and precondition is not None and gate is not None and precondition >= gate
    unsettled = [k for k in skipped if k not in shown and not (holds and k == end - 1)]
    written = [k for k in skipped if k in wrote and k not in shown]
    if claimed is None:  # the agent's last word: a write passed over earlier is never confirmed now
        written = [k for k in passed if k < active] + written
    # only a step that says what its completion is can be held to it never being confirmed, or,
    # without completion evidence, one that says how it is done and whose act nobody saw done
    written = [k for k in written if plan.commitments[k].confirm.get("completion")
               or (acted is not None and k not in acted and acts(plan.commitments[k]))]
    if undone:
        rule, detail = "skipped_commitment", f"{to} but no action ever did {plan.commitments[undone[0]].id!r}"
    elif written:
        # never confirmed: a report is the agent's last word, so a write nobody saw succeed is
        # drift then (a hard rule); moving on leaves it to the verifier (a paraphrased banner)
        hard = claimed is None and any(k not in partly for k in written)
        rule = "reported_unconfirmed_write" if hard else "unconfirmed_write"
        detail = f"{to} after writing in {plan.commitments[written[0]].id!r}, which was never confirmed complete"
    elif not unsettled:
        route = Route.CONTINUE
        detail = f"{to}: its precondition holds ({precondition:.2f})" if holds else f"{to}: every skipped step shows done"
    else:
        first = plan.commitments[unsettled[0]].id
        rule, detail = "unconfirmed_advance", f"{to} but {first!r} was never confirmed complete"
    return CheckResult("pre", c.id, precondition or 0.0, 0.0, route,
                       rule=rule, rule_detail=detail, scope="execution", kappa=float(c.confidence),
                       elapsed_ms=(time.perf_counter() - start) * 1e3, scored=False)
