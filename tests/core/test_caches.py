"""One registry for the fast path's per-page caches; a plan's statements compiled once, on its first sight."""

from __future__ import annotations

import fcpkit.core.falsifiers  # noqa: F401 - registers its caches
import fcpkit.matching  # noqa: F401
from fcpkit.core import text
from fcpkit.core.bundles import PlanBundles
from fcpkit.core.caches import clear_page_caches, page_cache, registered_caches
from fcpkit.core.plan import Commitment, Evidence, Plan
from fcpkit.core.testers import StateTester
from fcpkit.core.trajectory import Observation
from fcpkit.matching import LexicalMatcher


def test_every_per_page_cache_is_registered_and_cleared_by_one_call():
    names = registered_caches()
    for expected in ("fcpkit.core.text.tokenize", "fcpkit.core.page.nodes.read_line", "fcpkit.core.phrases.phrase",
                     "fcpkit.matching.lexical.page_index.line_tokens", "fcpkit.core.page.fingerprint.fingerprint_line"):
        assert expected in names, expected
    assert "fcpkit.matching.lexical.claims.compile_claim" in registered_caches("statement")
    text.tokenize("Ticket T-390 assigned")
    assert text.tokenize.cache_info().currsize > 0
    assert clear_page_caches() == len(names)
    assert text.tokenize.cache_info().currsize == 0


def test_a_new_page_cache_joins_the_registry():
    calls = []

    @page_cache(8)
    def probe(x: str) -> str:
        calls.append(x)
        return x

    probe("a"), probe("a")
    assert calls == ["a"]
    clear_page_caches()
    probe("a")
    assert calls == ["a", "a"]


class _CountingMatcher(LexicalMatcher):
    def __init__(self):
        super().__init__()
        self.compiled: list[tuple[str, ...]] = []

    def compile_statements(self, statements):
        self.compiled.append(tuple(statements))
        super().compile_statements(statements)


def _plan() -> Plan:
    return Plan("Assign ticket T-390 to Payments.", [
        Commitment("open", "Open ticket T-390", confirm={"completion": ["Ticket T-390 detail"]},
                   falsify={"execution": [Evidence("Ticket T-411 detail")]}),
        Commitment("assign", "Assign it to Payments", confirm={"completion": ["Team: Payments"]}),
    ], plan_falsifiers={"execution": ["Your session has expired"]})


def test_a_plan_is_compiled_once_for_every_commitment_on_first_sight():
    m = _CountingMatcher()
    plan = _plan()
    bundles = PlanBundles(m, "state")
    b0 = bundles.get(plan, plan.commitments[0])
    assert len(m.compiled) == 2  # both commitments, at the plan's first sight
    assert bundles.get(plan, plan.commitments[1]).statements == ("Team: Payments", "Your session has expired")
    assert bundles.get(plan, plan.commitments[0]) is b0 and len(m.compiled) == 2
    other = _plan()  # an equal plan is another plan: its own bundles
    bundles.get(other, other.commitments[0])
    assert len(m.compiled) == 4


def test_the_first_check_of_a_prepared_plan_compiles_nothing():
    m = _CountingMatcher()
    tester = StateTester(m)
    plan = _plan()
    tester.prepare(plan)
    n = len(m.compiled)
    page = Observation("http://hr.test/tickets/T-390", "Ticket T-390", "RootWebArea 'Ticket T-390'\n\theading 'Ticket T-390'")
    r = tester.test(plan, plan.commitments[0], page)
    assert len(m.compiled) == n and r.alpha_comp == 1.0
