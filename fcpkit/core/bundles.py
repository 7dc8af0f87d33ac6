"""The statements each test scores, gathered and compiled once per plan.

A state test scores the active commitment's confirming statements (progress, completion), its
falsifiers and the plan-level falsifiers; an action test the action-testable ones plus the
subgoal. Which statements, in which order, with which role, depends only on the plan, the
commitment and the test point, so :class:`PlanBundles` works it out once per plan — for every
commitment at once, the first time a plan is seen — and hands the matcher every statement to
compile then (its optional ``compile_statements(statements)`` hook). The first check of a step then scores
the page; it does not compile claims.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, replace
from typing import Any, Sequence

from fcpkit.core.falsifiers import commitment_text
from fcpkit.core.text import is_key_token, tokenize
from fcpkit.core.plan import SCOPES, Commitment, Evidence, Plan

__all__ = ["Bundle", "PlanBundles", "build_bundle"]


@dataclass(frozen=True)
class Bundle:
    """The statements one test scores, compiled once per (commitment, test point)."""

    statements: tuple[str, ...]
    n_plus: int  # statements[:n_plus] are confirming
    comp: tuple[int, ...]  # indices of completion statements
    falsifiers: tuple[tuple[int, str, str], ...]  # (index, scope, level)
    progress: tuple[int, ...] = ()  # indices of the other confirming statements (progress, subgoal)
    #: falsifiers that say a control is absent ("Approve button is not available"): what the step
    #: acts with, so they stop counting once its completion evidence holds
    absences: frozenset[int] = frozenset()
    #: what each control absence names, as tokens (its role and the act it is for aside): a control
    #: the agent used in this run is gone because it was used ("New payment" after creating one)
    absent_things: tuple[tuple[int, frozenset[str]], ...] = ()
    #: falsifiers about the control the step submits with ("Resize instance button is disabled"):
    #: before the step acted, a submit button disabled until the form is filled means not done
    #: yet, so they count only once an action was taken
    pending: frozenset[int] = frozenset()
    #: falsifiers about the field the step sets ("Group: Sales" where the step completes on "Group:
    #: Quarantine"), or about a state that outlasts the step ("the price is still $199.00"): the
    #: record shows its old value until the step saved, so they count only once the step wrote (a
    #: form's own field shows what was chosen at once, and a write follows)
    unsaved: frozenset[int] = frozenset()
    #: falsifiers about the state the step finds ("Post is already locked", "Order #100482 is
    #: already canceled"): once the step acted, that state is its own result, so they count only before
    before: frozenset[int] = frozenset()
    #: falsifiers that say a state persists ("Number of labels is still 412"): until the step wrote,
    #: the state it is there to change (a step passed over is read on them when a form is sent)
    persisting: frozenset[int] = frozenset()
    #: the step's execution falsifiers (how the step is done wrong) but those of the state it finds:
    #: nothing of the step's execution exists before it acted, and what the page shows then (a form's
    #: summary of its defaults, "Drop trailer" before the agent ticked live unload) is the state the
    #: step is there to change, so they count only once an action was taken for the step
    executing: frozenset[int] = frozenset()
    #: falsifiers that say a thing is absent and name no place ("No way to open directions"): the
    #: place is the step's own page, so short of the page saying so they count only where the
    #: step's confirming evidence shows (a missing Directions button says nothing on the home page)
    unplaced: frozenset[int] = frozenset()
    #: planning falsifiers of a step that says what to do otherwise ("If the last check-in is over
    #: 24 h, wipe it; else no wipe"): each may be the condition of the other branch, which the
    #: step itself provides for, so it asks the verifier and never stops the run alone
    branches: frozenset[int] = frozenset()
    #: the commitment's subgoal and confirming evidence (:func:`fcpkit.core.falsifiers.commitment_text`),
    #: joined once here rather than on every state test that runs the built-in falsifiers
    commitment_text: str = ""
    #: where the commitment stands in its plan (what a list may be narrowed by so far,
    #: :meth:`fcpkit.core.task_context.TaskContext.asks_to_narrow`), found once here
    position: int | None = None


#: A step with two branches: "if ..., ...; else ...", "... unless ...".
_BRANCHES = re.compile(r"\bif\b.*\b(?:else|otherwise)\b|\bunless\b", re.IGNORECASE | re.DOTALL)
#: A state that outlasts the step's write ("the price is still $199.00", "after confirming, the status is
#: still Ready to issue"): what the page shows until the step saved, so not drift before it.
_STILL = re.compile(r"\bstill\b|\bremains?\b|\bunchanged\b", re.IGNORECASE)
#: A state that held before the step ("already locked", "already been approved").
_ALREADY = re.compile(r"\balready\b", re.IGNORECASE)


def build_bundle(plan: Plan, c: Commitment, point: str, *, use_confirming: bool = True,
                 use_falsifiers: bool = True, use_plan_falsifiers: bool = True) -> Bundle:
    """The :class:`Bundle` of commitment ``c`` at ``point`` ("state" or "action")."""
    pick = (lambda e: e.on_action) if point == "action" else (lambda e: e.on_state)
    stmts: list[str] = []
    comp: list[int] = []
    if use_confirming:
        if point == "action":
            stmts.append(c.subgoal)  # alignment with the subgoal, as the paper's action tester
        for stage in ("progress", "completion"):
            for e in c.confirm.get(stage, ()):
                if not pick(e):
                    continue
                if e.text in stmts:  # listed as progress too: still part of the completion
                    if stage == "completion" and stmts.index(e.text) not in comp:
                        comp.append(stmts.index(e.text))
                    continue
                if stage == "completion":
                    comp.append(len(stmts))
                stmts.append(e.text)
    n_plus = len(stmts)
    fals: list[tuple[int, str, str]] = []
    groups: list[tuple[str, str, Sequence[Evidence]]] = []
    if use_falsifiers:
        groups += [(s, "commitment", c.falsify.get(s, ())) for s in SCOPES]
    if use_plan_falsifiers:
        groups += [(s, "plan", plan.plan_falsifiers.get(s, ())) for s in SCOPES]
    for scope, level, items in groups:
        for e in items:
            if pick(e):
                fals.append((len(stmts), scope, level))
                stmts.append(e.text)
    return Bundle(tuple(stmts), n_plus, tuple(comp), tuple(fals), tuple(i for i in range(n_plus) if i not in comp),
                  commitment_text=commitment_text(c),
                  position=next((i for i, x in enumerate(plan.commitments) if x.id == c.id), None))


#: A verb by which a step makes a thing the application keeps, and its object: "Save the amendment",
#: "Post a $75 credit", "Add a condition of approval", "Schedule the campaign".
_MAKES = re.compile(r"\b(?:save|add|post|create|record|submit|send|issue|file|log|amend|schedule|book|attach|"
                    r"upload|publish|enter|write|leave|place|raise)\s+(?:an?\s+|the\s+|its\s+|their\s+|her\s+|his\s+)?"
                    r"(?:new\s+)?(?P<obj>[^\s,.;]+(?:\s+[^\s,.;]+)?)", re.IGNORECASE)


def _products(subgoal: str) -> frozenset[str]:
    """The tokens of what a step makes (the objects of its making verbs: "amendment" of "Save the
    amendment and confirm the summary"), amounts and ids aside."""
    out: set[str] = set()
    for m in _MAKES.finditer(subgoal):
        out.update(t for t in tokenize(m.group("obj")) if t.isalpha())
    return frozenset(out)


def _product_absent(claim: Any, made: frozenset[str]) -> bool:
    """An absence of what the step makes ("The agreement page shows no amendment in its activity
    list" of a step that saves the amendment): absent until the step wrote, so no drift before."""
    return bool(made) and getattr(claim, "type", None) == "absence" and bool(made & set(tokenize(claim.subject)))


def _absent_control(claim: Any) -> bool:
    """An absence claim about a control (it names a role: "Approve button", "Search box"): what a
    step acts with. The absence of a record or a message ("EXP-1193 is not listed") is no such thing."""
    return getattr(claim, "type", None) == "absence" and bool(getattr(claim, "roles", None))


#: An absence about a control, named as one ("the control to create a payment", "Assign button"):
#: not a record or a value the agent typed ("T-390 is not listed").
_CONTROL_WORD = re.compile(r"\b(?:control|button|link|option|tab|menu item|action)s?\b", re.IGNORECASE)
#: Words of a control's description that are not its name: its role and how it is introduced.
_NOT_A_NAME = frozenset(tokenize("control button link option field box menu item tab icon way to for the a an"))
_INTRO = re.compile(r"^\s*(?:an?\s+|the\s+)?\w+\s+to\s+[A-Za-z]+\s+", re.IGNORECASE)


def _named_thing(subject: str) -> frozenset[str]:
    """The words that name the control an absence is about ("New payment" of "the control to
    create a new payment", "Assign" of "Assign button")."""
    return frozenset(tokenize(_INTRO.sub("", subject))) - _NOT_A_NAME


def _unplaced_absence(claim: Any) -> bool:
    """An absence claim that names no place ("No Reply button", not "No Reply button on the thread
    page"): where it would hold is the step's own page."""
    return getattr(claim, "type", None) == "absence" and not getattr(claim, "scope", "")


def _disabled_control(claim: Any) -> bool:
    """A falsifier saying a control cannot be used ("Resize instance button is disabled"): until
    the step has acted, its form's submit button is disabled as forms are until they are filled."""
    return getattr(claim, "type", None) == "presence" and getattr(claim, "scope", "") == "disabled"


def _field_label(claim: Any) -> str:
    """The label of a field claim ("Travel mode: Foot" -> "Travel mode"), else ""."""
    return getattr(claim, "subject", "") if getattr(claim, "type", None) == "field" else ""


def _names_field(statement: str, label: str) -> bool:
    """Whether ``statement`` is about the field ``label`` (it opens with the label, whole words)."""
    s, x = " ".join(statement.split()).casefold(), " ".join(label.split()).casefold()
    return bool(x) and s.startswith(x) and (len(s) == len(x) or not s[len(x)].isalnum())


def _value_shape(statement: str) -> tuple[frozenset[str], frozenset[str]]:
    """A statement's words and its values (numbers: times, amounts, counts)."""
    toks = tokenize(statement)
    return frozenset(t for t in toks if not is_key_token(t)), frozenset(t for t in toks if is_key_token(t))


def _old_values(statement: str, completions: list[tuple[frozenset[str], frozenset[str]]]) -> bool:
    """Whether a falsifier says what a completion statement says with other numbers ("7:00 PM · Party
    of 4" where the step completes on "8:30 PM · Party of 6 · Table T21"): the values the step
    changes, which the record shows until the step saved. Identifiers are no values: "Ticket T-411"
    beside "Ticket T-390" is another record, drift at any time."""
    words, values = _value_shape(statement)
    if not words or not values or not all(v.replace(".", "").isdigit() for v in values):
        return False
    return any(words <= w and values != v for w, v in completions)


_IN_PARENS = re.compile(r"\([^()]{1,40}\)")


def _other_choice(statement: str, completions: Sequence[str]) -> bool:
    """Whether a falsifier is a completion statement with another value in its parenthesis ("(window)
    assigned" where the step completes on "(aisle) assigned"): the choice the step changes, which
    the page may show until the step saved (the seat auto-assigned before the agent picks one)."""
    if not _IN_PARENS.search(statement):
        return False
    shape = _IN_PARENS.sub("()", statement).strip().casefold()
    return any(c != statement and _IN_PARENS.sub("()", c).strip().casefold() == shape for c in completions)


class PlanBundles:
    """Bundles per (plan, commitment), built for the whole plan on its first sight (see module
    docstring). Keyed on the objects' identity, checked against reuse of an id after collection."""

    def __init__(self, matcher: Any, point: str, **switches: bool):
        self.point = point
        self.switches = switches
        self._prepare = getattr(matcher, "compile_statements", None)
        self._compile = getattr(matcher, "compile", None)  # statement -> claim with a ``type`` (typed matchers)
        self._plans: dict[int, tuple[Plan, dict[int, tuple[Commitment, Bundle]]]] = {}

    def prepare(self, plan: Plan) -> dict[int, tuple[Commitment, Bundle]]:
        """Build every commitment's bundle and let the matcher compile every statement, once."""
        hit = self._plans.get(id(plan))
        if hit is not None and hit[0] is plan:
            return hit[1]
        per = {id(c): (c, self._build(plan, c)) for c in plan.commitments}
        if self._prepare is not None:
            for _, b in per.values():
                self._prepare(b.statements)
        self._plans[id(plan)] = (plan, per)
        if len(self._plans) > 1024:
            self._plans.pop(next(iter(self._plans)))
        return per

    def _build(self, plan: Plan, c: Commitment) -> Bundle:
        b = build_bundle(plan, c, self.point, **self.switches)
        if self._compile is None or not b.falsifiers:
            return b
        absent = frozenset(i for i, _, _ in b.falsifiers if _absent_control(self._compile(b.statements[i])))
        things = tuple((i, _named_thing(claim.subject)) for i, _, _ in b.falsifiers
                       if getattr(claim := self._compile(b.statements[i]), "type", None) == "absence"
                       and (claim.roles or _CONTROL_WORD.search(claim.subject)))
        labels = [_field_label(self._compile(b.statements[i])) for i in b.comp]
        labels = [x for x in labels if x]
        pending = frozenset(i for i, _, level in b.falsifiers if level == "commitment"
                            and _disabled_control(self._compile(b.statements[i])))
        olds = [_value_shape(b.statements[i]) for i in b.comp]
        made = _products(c.subgoal)
        unsaved = frozenset(i for i, _, level in b.falsifiers if level == "commitment"
                            and (any(_names_field(b.statements[i], x) for x in labels) or _STILL.search(b.statements[i])
                                 or _old_values(b.statements[i], olds) or _product_absent(self._compile(b.statements[i]), made)
                                 or _other_choice(b.statements[i], [b.statements[k] for k in b.comp])))
        before = frozenset(i for i, _, level in b.falsifiers if level == "commitment" and _ALREADY.search(b.statements[i]))
        persisting = frozenset(i for i, _, level in b.falsifiers if level == "commitment" and _STILL.search(b.statements[i]))
        unplaced = frozenset(i for i, _, level in b.falsifiers if level == "commitment"
                             and _unplaced_absence(self._compile(b.statements[i])))
        branches = frozenset(i for i, scope, level in b.falsifiers if level == "commitment" and scope == "planning"
                             and _BRANCHES.search(c.subgoal))
        executing = frozenset(i for i, scope, level in b.falsifiers if level == "commitment" and scope == "execution") - before
        changed = absent or things or pending or unsaved or before or unplaced or branches or executing or persisting
        return replace(b, absences=absent, absent_things=things, pending=pending, unsaved=unsaved, before=before,
                       unplaced=unplaced, branches=branches, executing=executing, persisting=persisting) if changed else b

    def get(self, plan: Plan, c: Commitment) -> Bundle:
        per = self.prepare(plan)
        hit = per.get(id(c))
        if hit is None or hit[0] is not c:  # a commitment not (or no longer) in the plan
            b = self._build(plan, c)
            per[id(c)] = (c, b)
            return b
        return hit[1]
