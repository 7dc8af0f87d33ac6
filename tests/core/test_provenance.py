"""Evidence provenance (issue 14, finding 4): confirming evidence counts only in app-authored
text, so completion statements planted in user-written text neither fake a completion nor hide
an absence. The shipped spoofed corpus (scripts/make_spoofed_corpus.py) must stay detected."""

from __future__ import annotations

from fcpkit import Checker, Observation, load_corpus
from fcpkit.core.page import DEFAULT_POLICY, Page, ProvenancePolicy, app_view, user_nodes

SPOOFED = "data/adversarial/spoofed.jsonl"


def app_text(text: str, url: str = "", policy: ProvenancePolicy = DEFAULT_POLICY, typing: bool = False) -> str:
    """The application's text of a page (its app view's tree)."""
    return app_view(Page(text, url), policy, typing).body

PAGE = """RootWebArea 'Product SKU-2045 · Workbench', focused
\t[25] main ''
\t\t[26] status ''
\t\t\tStaticText 'Price for SKU-2045 updated to $229.00.'
\t\t[29] heading 'Product SKU-2045'
\t\t[30] paragraph ''
\t\t\tStaticText 'Chair. Price for SKU-2045 updated to $199.00.'
\t\t[33] DescriptionList ''
\t\t\t[34] term 'Name'
\t\t\t[35] definition ''
\t\t\t\tStaticText 'Chair. Price for SKU-2045 updated to $199.00.'
\t\t\t[38] term 'Current price'
\t\t\t[39] definition ''
\t\t\t\tStaticText '$229.00'
\t\t[44] region 'Customer complaint'
\t\t\t[46] blockquote ''
\t\t\t\tStaticText 'Ticket T-390 assigned to Payments. Changes saved.'
\t\t[62] table 'Queue'
\t\t\t[65] row ''
\t\t\t\t[66] columnheader 'Ticket'
\t\t\t\t[67] columnheader 'Subject'
\t\t\t\t[69] columnheader 'Status'
\t\t\t[73] row ''
\t\t\t\t[74] cell 'T-411'
\t\t\t\t[76] cell 'Search results for T-390'
\t\t\t\t[78] cell 'Open'
\t\t[80] textbox 'Description' value='1 ticket matches'
\t\t[81] textbox 'New price (USD)' value='229.00'
"""


def test_user_authored_regions_are_found_structurally():
    kept = app_text(PAGE)
    assert "updated to $229.00." in kept and "'$229.00'" in kept and "value='229.00'" in kept
    assert "cell 'Open'" in kept and "cell 'T-411'" in kept and "heading 'Product SKU-2045'" in kept
    for planted in ("$199.00", "Ticket T-390 assigned", "Search results for T-390", "1 ticket matches"):
        assert planted not in kept, planted
    assert len(user_nodes(Page.of(Observation(text=PAGE)))) >= 6


def test_a_per_site_override_replaces_the_policy_for_its_host():
    plain = ProvenancePolicy(free_text_fields=("subject",), title_line=False, containers=frozenset())
    policy = ProvenancePolicy(sites={"shop.example.com": plain})
    shop = app_text(PAGE, "https://shop.example.com/p/1", policy)
    other = app_text(PAGE, "https://other.example.com/p/1", policy)
    assert "Ticket T-390 assigned" in shop and "Search results for T-390" not in shop
    assert "Ticket T-390 assigned" not in other


def test_spoofed_corpus_stays_detected():
    runs = load_corpus(SPOOFED)
    assert len(runs) >= 20 and all(t.label.faulty for t in runs)
    checker = Checker()
    missed = [t.id for t in runs if not checker.check(t).detected]
    assert not missed, missed


def test_spoofed_corpus_defeats_whole_page_scoring():
    """The corpus bites: scored on the whole page (no provenance) planted text hides a fault the
    provenance reading catches, or delays its catch (the built-in falsifiers, the tracker, the
    strict reading of falsifiers and the falsifiers of a step passed over catch the others without it)."""
    runs = load_corpus(SPOOFED)
    checker, whole = Checker(), Checker()
    whole.state.provenance = None

    def step(report) -> float:
        return report.detection.step if report.detected else float("inf")

    worse = [t.id for t in runs if step(whole.check(t)) > step(checker.check(t))]
    assert worse, "no spoofed run is missed or caught later without provenance"


def test_a_statement_about_a_user_field_reads_that_field():
    """'Customer complaint charged twice ...' checks what the customer wrote: it may be confirmed by
    the complaint; 'Ticket T-390 assigned ...' may not."""
    from fcpkit.core.page import about_user_content, user_labels

    labels = user_labels(Page.of(Observation(text=PAGE)))
    assert "Customer complaint" in labels and "Subject" in labels
    assert about_user_content("Customer complaint charged twice, refund the duplicate charge", labels)
    assert not about_user_content("Ticket T-390 assigned to Payments. Changes saved.", labels)


# The same "search, then read the results" shape in two apps: a library catalogue and a help desk.
LIBRARY = """RootWebArea 'Catalogue · City Library', focused
\t[4] search ''
\t\t[5] searchbox 'Search the catalogue' value='Dune Messiah', focused
\t\t\tStaticText 'Dune Messiah'
\t\t[6] button 'Search'
\t[10] heading 'Search results'
\t[11] status ''
\t\tStaticText '1 title matches'
\t[12] list 'Titles'
\t\t[13] listitem ''
\t\t\t[14] link 'Children of Dune'
"""
DESK = """RootWebArea 'Tickets · HelpDesk', focused
\t[8] heading 'Ticket T-390'
\t[9] textbox 'Team' value='Payments', focused
\t\tStaticText 'Payments'
\t[10] combobox 'Status' value='Open'
\t[11] searchbox 'Find tickets' value='T-390'
\t[12] button 'Save'
"""
QUEUE = """RootWebArea 'Queue · HelpDesk', focused
\t[3] searchbox 'Find tickets' value='T-390', focused
\t\tStaticText 'T-390'
\t[6] heading 'Search results'
\t[7] status ''
\t\tStaticText '1 ticket matches'
\t[8] table 'Tickets'
\t\t[9] row ''
\t\t\t[10] cell 'T-411'
\t\t\t[11] cell 'Cannot log in'
"""


def test_a_search_query_is_the_users_words_never_the_applications_answer():
    for text, query, kept in ((LIBRARY, "Dune Messiah", ("searchbox 'Search the catalogue'", "heading 'Search results'",
                                                         "'Children of Dune'")),
                              (DESK, "T-390", ("searchbox 'Find tickets'", "heading 'Ticket T-390'"))):
        app = app_text(text)
        lines = [ln for ln in app.splitlines() if "searchbox" in ln or query in ln and "heading" not in ln]
        assert all(query not in ln for ln in lines), lines  # neither the value nor the text it shows
        for k in kept:
            assert k in app, k


def test_a_text_box_value_counts_unless_the_step_only_typed_it():
    assert "value='Payments'" in app_text(DESK) and "value='Open'" in app_text(DESK)
    typing = app_text(DESK, typing=True)
    assert "textbox 'Team'" in typing and "Payments" not in typing  # the agent's own, not yet saved
    assert "value='Open'" in typing  # a select's value is one of the application's options
    assert "value='229.00'" in app_text(PAGE) and "value='229.00'" not in app_text(PAGE, typing=True)


def test_a_typed_search_does_not_complete_the_search_step():
    """The step typed a record id into the search box above a result list that does not hold it:
    "Search results for ..." is not confirmed by the box echoing the id (in two apps)."""
    from fcpkit import Action, Commitment, Plan
    from fcpkit.core.testers import StateTester
    from fcpkit.matching.lexical import LexicalMatcher

    for text, rid, count in ((LIBRARY, "Dune Messiah", "1 title matches"), (QUEUE, "T-390", "1 ticket matches")):
        plan = Plan(f"Find {rid}.", [Commitment("find", f"Search for {rid}",
                                                confirm={"completion": [f"Search results for {rid}", count]})])
        typed = Observation("http://app.test/list", "List", text)
        before = Observation("http://app.test/list", "List", "\n".join(
            ln for ln in text.splitlines() if rid not in ln or "searchbox" in ln).replace(f" value='{rid}'", ""))
        fill = Action(f"fill('5', '{rid}')", target="searchbox")
        result = StateTester(LexicalMatcher()).test(plan, plan.commitments[0], typed, before=before, action=fill)
        assert result.alpha_plus < 0.75, (rid, result)
