"""The plan linter: statements the lexical matcher will read literally or can never fire.

Reads every statement as the matcher compiles it (:mod:`fcpkit.matching.lexical.claims`) and
warns, with the fix, about:

* ``literal`` — no entity (id, name, amount, date, quoted text) and no page noun: scored as plain
  word overlap, which common words satisfy on many pages;
* ``absence-no-scope`` — an absence claim without ``on <page>``: it counts at most the matcher's
  ``absence_prior``, below every falsifier gate;
* ``identity-no-kind`` — an identity claim that names no record kind ("T-390 detail") or no
  record at all ("Detail page");
* ``falsifier-in-confirming`` — a falsifier whose words all occur in a confirming statement of
  the same commitment: whenever the step goes right, it fires too;
* ``no-completion`` — a commitment with no completion evidence: no page can confirm it is done.
  If it says how it is done (an action-testable statement, "Click Approve"), the checker holds it
  to that act; otherwise nothing confirms it and the run can only move past it unconfirmed.

Given healthy runs (``corpus=``), it also scores the statements on their pages:
``falsifier-holds-healthy`` (a falsifier that holds on a healthy page) and
``confirming-never-holds`` (confirming evidence that holds on no page of any healthy run).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from fcpkit.core.actions import describe_action
from fcpkit.core.lint import LintWarning, register_linter
from fcpkit.core.plan import Commitment, Evidence, Plan
from fcpkit.core.progress import acts
from fcpkit.core.protocols import Matcher
from fcpkit.core.text import NEGATIONS, is_key_token, tokenize
from fcpkit.core.trajectory import Trajectory
from fcpkit.matching.lexical import LexicalMatcher
from fcpkit.matching.lexical.claims import compile_claim
from fcpkit.matching.lexical.grammar import LIST_NOUNS, PAGE_WORDS, PAGE_WORDS_AFTER_RECORD

__all__ = ["lint_plan", "LintWarning"]

_PAGE_NOUNS = frozenset(tokenize(" ".join(PAGE_WORDS | PAGE_WORDS_AFTER_RECORD)))
_PLACE_NOUNS = _PAGE_NOUNS | frozenset(tokenize(" ".join(LIST_NOUNS)))


def _statements(plan: Plan) -> Iterator[tuple[str, Commitment | None, str, Evidence]]:
    """(where, commitment, role, evidence): role is "confirm" or "falsify"."""
    for scope, items in plan.plan_falsifiers.items():
        for i, e in enumerate(items):
            yield f"plan_falsifiers.{scope}[{i}]", None, "falsify", e
    for c in plan.commitments:
        for stage, items in c.confirm.items():
            for i, e in enumerate(items):
                yield f"commitment {c.id}, confirm.{stage}[{i}]", c, "confirm", e
        for scope, items in c.falsify.items():
            for i, e in enumerate(items):
                yield f"commitment {c.id}, falsify.{scope}[{i}]", c, "falsify", e


def _start_page(plan: Plan, c: Commitment | None) -> str | None:
    """Where commitment ``c`` starts, as the plan itself names it (for a fix to quote): its first
    precondition that names a page (an identity claim, or a statement with a page noun: "Leave
    requests list"), else the page the nearest earlier commitment completes on (its completion's
    identity claim: "Leave request LR-2207"); ``None`` for a plan-level statement or a plan that
    names no page."""
    if c is None or c not in plan.commitments:
        return None
    for e in c.confirm.get("precondition", ()):
        claim = compile_claim(e.text)
        if claim.type == "identity" or set(tokenize(claim.canonical)) & _PLACE_NOUNS:
            return e.text
    for other in reversed(plan.commitments[:plan.commitments.index(c)]):
        for e in other.confirm.get("completion", ()):
            if compile_claim(e.text).type == "identity":
                return e.text
    return None


def _statement_warnings(where: str, role: str, e: Evidence, page: str | None = None) -> list[LintWarning]:
    """``page``: how the plan names the page the statement's step starts on (:func:`_start_page`)."""
    claim = compile_claim(e.text)
    out: list[LintWarning] = []
    toks = set(tokenize(claim.canonical))
    content = [t for t in tokenize(claim.canonical) if t not in ("not", "no")]
    if (role == "confirm" and claim.type == "literal" and not claim.entities and len(content) <= 3
            and not any(is_key_token(t) for t in toks) and not (toks & _PAGE_NOUNS) and not e.on_action):
        out.append(LintWarning(
            "literal", where, e.text, "no id, name, amount, date or quoted text and no page noun: read as plain "
            "word overlap, which common words satisfy on many pages",
            "name what must be there: a record id (T-390), a capitalised name, 'quoted text', a field "
            "('Status: Approved'), or the page ('Ticket T-390 detail')"))
    if claim.type == "absence" and not claim.scope:
        out.append(LintWarning(
            "absence-no-scope", where, e.text, "absence without a scope counts at most the absence prior "
            "(0.5), below the falsifier gate",
            f"say where: '{claim.subject} is not available on {page or '<the page, e.g. Ticket T-390 detail>'}'"))
    if claim.type == "identity":
        words = {t for t in tokenize(claim.canonical) if t not in _PAGE_NOUNS}
        kinds = {t for t in words if not is_key_token(t)}
        if not claim.entities.ids and not kinds:
            out.append(LintWarning(
                "identity-no-kind", where, e.text, "names a page but neither the record nor its kind",
                "name the record and its kind: 'Ticket T-390 detail'"))
        elif claim.entities.ids and not kinds:
            out.append(LintWarning(
                "identity-no-kind", where, e.text, "names a record but not its kind, so any page "
                "that mentions the id in its title matches", f"add the record kind: 'Ticket {claim.entities.ids[0]} detail'"))
    return out


def _falsifier_in_confirming(plan: Plan) -> list[LintWarning]:
    out: list[LintWarning] = []
    for c in plan.commitments:
        confirming = [(e.text, frozenset(tokenize(e.text, past="marked"))) for e in c.confirming()]
        for scope, items in c.falsify.items():
            for i, e in enumerate(items):
                words = frozenset(tokenize(e.text, past="marked"))
                if compile_claim(e.text).type in ("absence", "exclusion") or words & NEGATIONS:
                    continue  # it says the opposite of the words it shares
                for text, have in confirming:
                    if words and (e.text.lower() in text.lower() or words <= have):
                        out.append(LintWarning(
                            "falsifier-in-confirming", f"commitment {c.id}, falsify.{scope}[{i}]", e.text,
                            f"every word of it is in the confirming statement {text!r}: it fires whenever the step succeeds",
                            "make the falsifier say what differs (another id, a negation, a wrong value)"))
                        break
    return out


def _no_completion(plan: Plan) -> list[LintWarning]:
    """A commitment no page can confirm (see module docstring)."""
    out: list[LintWarning] = []
    for c in plan.commitments:
        if c.confirm.get("completion"):
            continue
        if acts(c):
            message = ("has no completion evidence: no page confirms it is done, only its act does, and a write "
                       "in it that is not that act is drift when the task is reported done")
        else:
            message = "has no completion evidence and no act: nothing can confirm it, so a run only ever moves past it unconfirmed"
        out.append(LintWarning(
            "no-completion", f"commitment {c.id}, confirm.completion", c.subgoal, message,
            "add what the page shows once it is done ('Status: Approved', 'Ticket T-390 was assigned to Payments'); "
            "where nothing shows (the form closes, the episode ends), put its completing act under completion "
            "with on: action"))
    return out


def _corpus_warnings(plan: Plan, runs: Iterable[Trajectory], matcher: Matcher, threshold: float) -> list[LintWarning]:
    healthy = [t for t in runs if not t.label.faulty]
    if not healthy:
        return []
    out: list[LintWarning] = []
    for where, c, role, e in _statements(plan):
        # a commitment's falsifiers are tested while it is active: the steps recorded under it
        # (every step when the runs do not say which commitment a step served)
        refs: list[tuple[str, str]] = []
        for t in healthy:
            tagged = c is not None and role == "falsify" and any(s.commitment for s in t.steps)
            for i, s in enumerate(t.steps):
                if tagged and s.commitment != c.id:
                    continue
                if e.on_state:
                    refs.append((f"{t.id}:{i + 1}", s.observation.serialize()))
                if e.on_action:
                    refs.append((f"{t.id}:{i} (action)", describe_action(s.action).text))
        if not refs:
            continue
        scores = matcher.score([e.text], [text for _, text in refs])[0]
        best = int(scores.argmax())
        if role == "falsify" and scores[best] >= threshold:
            out.append(LintWarning(
                "falsifier-holds-healthy", where, e.text,
                f"holds ({scores[best]:.2f}) on the healthy run's page {refs[best][0]}",
                f"see why with `fcpkit explain {e.text!r} --page CORPUS:{refs[best][0].split(' ')[0]}`, and name "
                "what differs on a faulty page instead"))
        elif role == "confirm" and scores[best] < threshold:
            out.append(LintWarning(
                "confirming-never-holds", where, e.text,
                f"holds on no page of the {len(healthy)} healthy runs (best {scores[best]:.2f})",
                "write it the way the page says it (`fcpkit explain` shows what the matcher reads)"))
    return out


def lint_plan(plan: Plan, *, corpus: Iterable[Trajectory] | None = None, matcher: Matcher | None = None,
              threshold: float = 0.6) -> list[LintWarning]:
    """Every :class:`~fcpkit.core.lint.LintWarning` for ``plan`` (see module docstring)."""
    out: list[LintWarning] = []
    pages: dict[str | None, str | None] = {}  # each commitment's start page, found once
    for where, c, role, e in _statements(plan):
        key = c.id if c is not None else None
        if key not in pages:
            pages[key] = _start_page(plan, c)
        out.extend(_statement_warnings(where, role, e, pages[key]))
    out.extend(_falsifier_in_confirming(plan))
    out.extend(_no_completion(plan))
    if corpus is not None:
        out.extend(_corpus_warnings(plan, corpus, matcher or LexicalMatcher(), threshold))
    return out


register_linter(lint_plan)
