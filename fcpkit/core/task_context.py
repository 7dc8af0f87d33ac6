"""What a task asks for, read once per plan: the records it names, the words it uses, and what a
list may be narrowed by at each step (:class:`TaskContext`, read by the built-in falsifiers of
:mod:`fcpkit.core.falsifiers` and by the repair's diagnosis)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from fcpkit.core.page import RecordId, record_ids
from fcpkit.core.phrases import PASSWORD, SIGN_IN, compile_family, fold
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.text import NEGATIONS, Date, dates, tokenize
from fcpkit.core.typed_numbers import task_numbers

__all__ = ["TaskContext", "commitment_text"]

_SIGN_IN_PHRASES = (*compile_family(PASSWORD), *compile_family(SIGN_IN))


#: How a task asks for a new record: a verb of making, or of putting in one more of a kind.
_MAKES = re.compile(r"\b(?:create|re-?order|duplicate|clone|copy|(?:add|open|file|raise|log|book|place|start|submit|"
                    r"draft|issue|make)\s+(?:a|an|one|another)\b|(?:a|an) new\b)", re.IGNORECASE)


@dataclass(frozen=True)
class TaskContext:
    """What the task asks for, read once per plan: the records it names and the words it uses.

    Only the task and the plan's *confirming* side count: a falsifier names what must not happen
    ("Leave request LR-2217"), so its records and words are not asked for. ``narrowing[i]`` is
    what may narrow a list while step ``i`` is active: the task, every subgoal and precondition (the
    state the plan expects to find), and the progress and completion of steps ``0..i`` (a later
    step's outcome is not there yet); participles kept as such (see :meth:`asks_to_narrow`).
    """

    ids: frozenset[RecordId]  # the strong record ids the task and its confirming evidence name
    wanted: frozenset[str]
    confirming: tuple[str, ...]
    expects_sign_in: bool
    narrowing: tuple[frozenset[str], ...] = ()
    dates: tuple[Date, ...] = ()  # the dates the task and its confirming evidence name, however written
    task: str = ""

    @classmethod
    def from_plan(cls, plan: Plan) -> "TaskContext":
        texts = [plan.task]
        for c in plan.commitments:
            texts.append(c.subgoal)
            texts += [e.text for items in c.confirm.values() for e in items]
        joined = "\n".join(texts)
        sign_in = any(p.search(fold(t)) for t in texts for p in _SIGN_IN_PHRASES) or bool(
            re.search(r"\b(?:sign|log)\s*-?\s*(?:in|on)\b|\blogin\b|\bpassword\b", joined, re.IGNORECASE))
        words = set(tokenize(" ".join([plan.task, *(c.subgoal for c in plan.commitments), *(
            e.text for c in plan.commitments for e in c.confirm.get("precondition", ()))]), past="both"))
        narrowing = []
        for c in plan.commitments:  # what the plan finds (above), then what each step makes, in order
            words.update(tokenize(" ".join(e.text for k, items in c.confirm.items() if k != "precondition"
                                           for e in items), past="both"))
            narrowing.append(frozenset(words))
        return cls(frozenset(r for r in record_ids(joined) if r.strong), frozenset(tokenize(joined)), tuple(texts[1:]), sign_in, tuple(narrowing),
                   dates(joined), plan.task)

    @cached_property
    def numbers(self) -> frozenset[str]:
        """The digits of every number the task and its confirming evidence write (dates, times and
        ids left out): what a value typed into a form may be (:mod:`fcpkit.core.typed_numbers`)."""
        return task_numbers("\n".join((self.task, *self.confirming)))

    @cached_property
    def all_ids(self) -> frozenset[str]:
        """Every record id the task and its confirming evidence name, weak ones too (a student
        number, a long order number): what a list shows when it shows the task's record."""
        return frozenset(r.id for r in self._named)

    @cached_property
    def all_kinds(self) -> frozenset[tuple[str, int]]:
        """The kinds of every record id the task and its confirming evidence name."""
        return frozenset(r.kind for r in self._named)

    @cached_property
    def _named(self) -> tuple[RecordId, ...]:
        return tuple(r for text in (self.task, *self.confirming) for r in record_ids(text))

    @cached_property
    def kinds(self) -> frozenset[tuple[str, int]]:
        """The kinds (prefix, digit count) of the records the task names."""
        return frozenset(r.kind for r in self.ids)

    @cached_property
    def makes_records(self) -> bool:
        """Whether the task asks for a record to be made ("Reorder job PR-24817 as 2,500", "Open a
        follow-up ticket", "Create a purchase order"): the record its write makes is one the task
        could not name."""
        return bool(_MAKES.search(self.task))

    @cached_property
    def id_names(self) -> frozenset[str]:
        """The records the task names, as ids (``LR-2207``)."""
        return frozenset(r.id for r in self.ids)

    def asks_for(self, value: str) -> bool:
        """Whether every content word of ``value`` is one the task or its confirming evidence uses."""
        toks = [t for t in tokenize(value) if t not in NEGATIONS]
        return all(t in self.wanted for t in toks)

    def asks_to_narrow(self, value: str, step: int | None = None) -> bool:
        """Whether the task asks for a list narrowed by ``value`` while step ``step`` is active
        (``None``: any). Stricter than :meth:`asks_for`: a participle is a state, not its verb (a list
        filtered to *Rejected* is asked for by "the rejected reports", not by "reject it otherwise"),
        and a later step's outcome ("Report EXP-1180 rejected.") is where the run ends, not how the
        list it starts from is filtered (a precondition, "Status: Pending", is what it finds)."""
        ok = step is not None and 0 <= step < len(self.narrowing)
        words = self.narrowing[step if ok else -1] if self.narrowing else self.wanted
        return all(t in words or _joins(t, words) for t in tokenize(value, past="marked") if t not in NEGATIONS)

    def announces(self, message: str) -> bool:
        """Whether a confirming statement of the plan says (most of) ``message``: an expected message."""
        toks = set(tokenize(message))
        if not toks:
            return True
        return any(len(toks & set(tokenize(s))) >= 0.6 * len(toks) for s in self.confirming)


def _joins(token: str, words: frozenset[str]) -> bool:
    """Whether ``token`` is two of ``words`` written as one, as a URL or a slug writes them
    ("pullrequests" for "pull requests", "lineitem" for "line item")."""
    if not token.isalpha() or len(token) < 6:
        return False
    def word(part: str) -> bool:
        toks = tokenize(part)
        return part in words or len(toks) == 1 and toks[0] in words
    return any(word(token[:k]) and word(token[k:]) for k in range(3, len(token) - 2))


def commitment_text(c: Commitment) -> str:
    """A commitment's subgoal and confirming evidence: what the step expects (``empty_results`` reads
    it to tell a search that should find something from one that checks something is gone)."""
    return " ".join([c.subgoal, *(e.text for items in c.confirm.values() for e in items)])
