"""The split worked out once per (statements, labels): each statement is read only on its view
(confirming evidence on the application's text, falsifiers strictly on the evidence view, a
statement about a user field on the page as it is), with the same scores however the matcher
reads a subset."""

from __future__ import annotations

from fcpkit import load_corpus
from fcpkit.core.caches import clear_page_caches, registered_caches
from fcpkit.core.plan import Commitment, Evidence, Plan
from fcpkit.core.page import Page, app_view
from fcpkit.core.testers import StateTester
from fcpkit.core.trajectory import Observation
from fcpkit.core.views import merge_views, view_split
from fcpkit.matching import LexicalMatcher

from _support.paths import ROOT

STATEMENTS = ("Customer complaint charged twice", "Price for SKU-2045 updated", "Ticket T-411 detail",
              "Your session has expired")


def test_each_statement_goes_to_the_view_its_reading_needs():
    split = view_split(STATEMENTS, 2, frozenset({"Customer complaint"}))
    assert split.full == (0,) and split.app == (1,)  # confirming: about user content (whole), the rest (app)
    assert split.full_minus == () and split.evidence == (2, 3)  # falsifiers: on the evidence view
    assert split.evidence_statements == tuple(STATEMENTS[i] for i in split.evidence)
    assert merge_views(4, split, [0.9], [0.4], [], [0.7, 0.0]) == [0.9, 0.4, 0.7, 0.0]
    told = view_split(("Ticket T-390 detail", "Customer complaint says refund"), 1, frozenset({"Customer complaint"}))
    assert told.full_minus == (1,)  # a falsifier about what the user wrote reads it


def test_the_split_follows_the_page_labels_and_is_cleared_with_the_page_caches():
    name = "fcpkit.core.views.view_split"
    assert name in registered_caches()
    assert view_split(STATEMENTS, 2, frozenset()).full == ()
    assert view_split(STATEMENTS, 2, frozenset({"Customer complaint"})).full == (0,)  # another page's labels
    assert view_split.cache_info().currsize >= 2
    clear_page_caches()
    assert view_split.cache_info().currsize == 0


class _TextOnly:
    """A matcher without the ``score_text`` extension: the tester scores every statement on both views."""

    name = "text-only"

    def __init__(self):
        self.inner = LexicalMatcher()

    def score(self, statements, texts):
        return self.inner.score(statements, texts)

    def compile(self, statement):  # typed claims, as the lexical matcher's (absences read the same)
        return self.inner.compile(statement)


def test_split_scoring_gives_the_scores_of_scoring_both_views_on_a_corpus():
    trajs = [t for t in load_corpus(ROOT / "data" / "adversarial" / "spoofed.jsonl")][:6]
    fast, slow = StateTester(LexicalMatcher()), StateTester(_TextOnly())
    assert slow._fast is None and fast._fast is not None
    n = 0
    for t in trajs:
        before = t.initial_observation
        for s in t.steps:
            c = t.plan.commitments[t.plan.index(s.commitment)] if s.commitment else t.plan.commitments[0]
            a = fast.test(t.plan, c, s.observation, before=before, action=s.action)
            b = slow.test(t.plan, c, s.observation, before=before, action=s.action)
            assert (a.alpha_plus, a.alpha_comp, a.alpha_minus_by_scope, a.route, a.evidence, a.confirming) == (
                b.alpha_plus, b.alpha_comp, b.alpha_minus_by_scope, b.route, b.evidence, b.confirming)
            n += bool(fast.provenance and app_view(Page.of(s.observation), fast.provenance) is not Page.of(s.observation))
            before = s.observation
    assert n > 0  # some pages had user-authored text: the split was exercised


def test_a_page_that_gains_user_text_is_read_on_its_new_views():
    plan = Plan("Update the price of SKU-2045.", [
        Commitment("price", "Set the price", confirm={"completion": ["Price for SKU-2045 updated to $229.00"]},
                   falsify={"execution": [Evidence("Product SKU-2046 detail")]})])
    tester = StateTester(LexicalMatcher())
    says = "RootWebArea 'Product SKU-2045'\n\t[2] status ''\n\t\tStaticText 'Price for SKU-2045 updated to $229.00.'"
    planted = ("RootWebArea 'Product SKU-2045'\n\t[2] region 'Customer complaint'\n\t\t[3] blockquote ''\n"
               "\t\t\tStaticText 'Price for SKU-2045 updated to $229.00.'")
    assert tester.test(plan, plan.commitments[0], Observation(text=says)).alpha_comp == 1.0
    assert tester.test(plan, plan.commitments[0], Observation(text=planted)).alpha_comp < 1.0
