"""Evidence provenance (issue 14, finding 4): confirming evidence counts only in app-authored
text, so completion statements planted in user-written text neither fake a completion nor hide
an absence. The shipped spoofed corpus (scripts/make_spoofed_corpus.py) must stay detected."""

from __future__ import annotations

from fcpkit import Checker, Observation, load_corpus
from fcpkit.core.provenance import ProvenancePolicy, app_text, user_lines

SPOOFED = "data/adversarial/spoofed.jsonl"

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
    assert len(user_lines(Observation(text=PAGE))) >= 6


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
    """The corpus bites: scored on the whole page (no provenance) planted text hides some of its
    faults (the built-in falsifiers and the tracker still catch others without provenance)."""
    runs = load_corpus(SPOOFED)
    checker = Checker()
    checker.state.provenance = None
    missed = sum(not checker.check(t).detected for t in runs)
    assert missed >= 5, missed


def test_a_statement_about_a_user_field_reads_that_field():
    """'Customer complaint charged twice ...' checks what the customer wrote: it may be confirmed by
    the complaint; 'Ticket T-390 assigned ...' may not."""
    from fcpkit.core.provenance import about_user_content, user_labels

    labels = user_labels(Observation(text=PAGE))
    assert "Customer complaint" in labels and "Subject" in labels
    assert about_user_content("Customer complaint charged twice, refund the duplicate charge", labels)
    assert not about_user_content("Ticket T-390 assigned to Payments. Changes saved.", labels)
