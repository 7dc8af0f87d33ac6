"""Grammar v2: "Label Value selected" is a field claim; a field label's control word is no part of
the label; a control named with its role is present wherever it is on the page. Pages of three
applications, each in its own words."""

from __future__ import annotations

from fcpkit import LexicalMatcher, Observation
from fcpkit.matching.lexical.claims import compile_claim

# a ticket tracker's assign dialog, before and after choosing a team
DIALOG = """RootWebArea 'Ticket T-390 · HelpDesk', focused
\t[2] navigation 'Main'
\t\t[3] link 'Billing queue'
\t[10] main ''
\t\t[12] heading 'Ticket T-390'
\t\t[30] dialog 'Assign ticket T-390', modal=True
\t\t\t[31] combobox 'Team' value='{team}', hasPopup='listbox', expanded=False
\t\t\t[32] listbox ''
\t\t\t\t[33] option 'Billing'
\t\t\t\t[34] option 'Payments'
\t\t\t[35] tab 'History', selected=True
\t\t\t[36] button 'Save'"""
# a shop back office's product form
PRODUCT = """RootWebArea 'Product SKU-2045 · Catalogue admin', focused
\t[10] main ''
\t\t[12] heading 'Product SKU-2045'
\t\t[20] textbox 'New price' value='{price}'
\t\t[21] button 'Save price'"""
# an HR tool whose search box sits in the banner, outside the main region
HR = """RootWebArea 'Dashboard · PeopleDesk', focused
\t[100] banner ''
\t\t[102] navigation 'Primary'
\t\t\t[104] link 'Leave requests'
\t\t[108] textbox 'Search people and requests', clickable
\t[111] main ''
\t\t[112] heading 'Good morning, Jordan'
\t\t[118] link 'LR-2207 Dana Whitfield'"""


def _page(url: str, title: str, text: str) -> Observation:
    return Observation(url, title, text)


def test_a_chosen_value_compiles_to_a_field_in_several_phrasings():
    for s in ("Team Payments selected", "Team Payments selected in assign dialog", "Team Payments is selected",
              "Team 'Payments' chosen", "Priority High picked"):
        c = compile_claim(s)
        assert c.type == "field", (s, c.describe())
    assert compile_claim("Team Payments selected in assign dialog").value == "Payments"
    assert compile_claim("Priority High picked").subject == "Priority"


def test_a_chosen_value_reads_the_control_not_words_near_selected():
    m = LexicalMatcher()
    before = _page("http://127.0.0.1:8000/support/T-390", "Ticket T-390 · HelpDesk", DIALOG.format(team="Unassigned"))
    after = _page("http://127.0.0.1:8000/support/T-390", "Ticket T-390 · HelpDesk", DIALOG.format(team="Payments"))
    for s in ("Team Payments selected", "Team Payments selected in assign dialog"):
        assert m.score_one(s, before.serialize()) == 0.0  # Payments is an option, a tab is selected
        assert m.score_one(s, after.serialize()) == 1.0
    assert m.score_one("Team Billing selected", after.serialize()) == 0.0


def test_a_field_label_is_read_without_its_control_word():
    m = LexicalMatcher()
    ok = _page("http://shop.test/catalogue/SKU-2045", "Product SKU-2045 · Catalogue admin", PRODUCT.format(price="42.50"))
    bad = _page("http://shop.test/catalogue/SKU-2045", "Product SKU-2045 · Catalogue admin", PRODUCT.format(price="425.0"))
    for s in ("Price box shows 42.50", "Price field shows 42.50", "Price: 42.50"):
        assert m.score_one(s, ok.serialize()) == 1.0, s
        assert m.score_one(s, bad.serialize()) == 0.0, s


def test_a_control_named_with_its_role_is_present_in_the_banner_too():
    m = LexicalMatcher()
    hr = _page("https://hr.test/dashboard", "Dashboard · PeopleDesk", HR).serialize()
    assert m.score_one("Search requests box is missing", hr) == 0.0
    assert m.score_one("Search requests box is not available on the dashboard", hr) == 0.0
    # a thing named without a role is still read in the main region only: the navigation link
    # "Leave requests" is no leave request list
    assert m.score_one("Leave requests list is not available on the dashboard", hr) > 0.5
    gone = _page("https://hr.test/dashboard", "Dashboard · PeopleDesk", HR.replace(
        "\t\t[108] textbox 'Search people and requests', clickable\n", "")).serialize()
    assert m.score_one("Search requests box is not available on the dashboard", gone) == 1.0


def test_a_relation_verb_is_the_statements_predicate():
    m = LexicalMatcher()
    expense = _page("http://127.0.0.1:8000/expenses/EXP-1180", "Expense report EXP-1180 · Expenses",
                    "RootWebArea 'Expense report EXP-1180', focused\n\t[10] main ''\n\t\t[11] tabpanel 'Policy check'\n"
                    "\t\t\t[12] StaticText 'Amount is within the policy limit'\n\t\t\t[13] StaticText 'No policy violations'")
    invoice = _page("https://ap.test/invoices/INV-0042", "Invoice INV-0042 · Payables",
                    "RootWebArea 'Invoice INV-0042', focused\n\t[10] main ''\n"
                    "\t\t[12] StaticText 'The invoice total agrees with purchase order PO-77'")
    assert m.score_one("Amount exceeds the policy limit", expense.serialize()) == 0.0
    assert m.score_one("Amount is within the policy limit", expense.serialize()) == 1.0
    assert m.score_one("Invoice total mismatches purchase order PO-77", invoice.serialize()) == 0.0
    said = _page("https://ap.test/invoices/INV-0042", "Invoice INV-0042 · Payables",
                 "RootWebArea 'Invoice INV-0042', focused\n\t[10] main ''\n"
                 "\t\t[12] StaticText 'The invoice total mismatches purchase order PO-77'")
    assert m.score_one("Invoice total mismatches purchase order PO-77", said.serialize()) == 1.0


def test_a_list_scope_is_not_one_of_its_records_pages():
    # a record's title names the kind of record a list holds: "the leave requests list" and
    # "the tickets list" are the lists, not a record's page, in a help desk and an HR tool alike
    m = LexicalMatcher()
    pages = {
        "tickets": ("http://desk.test/support", "Tickets · HelpDesk", "RootWebArea 'Tickets · HelpDesk'\n\t[12] heading 'Tickets'\n\t[20] link 'T-390 Printer jam'"),
        "ticket": ("http://desk.test/support/T-390", "Ticket T-390 · HelpDesk", "RootWebArea 'Ticket T-390 · HelpDesk'\n\t[12] heading 'Ticket T-390'\n\t[21] button 'Assign'"),
        "requests": ("http://hr.test/leave", "Leave requests · PeopleDesk", "RootWebArea 'Leave requests · PeopleDesk'\n\t[112] heading 'Leave requests'\n\t[133] link 'LR-2207 Dana Whitfield'"),
        "request": ("http://hr.test/leave/LR-2207", "LR-2207 · Leave request · PeopleDesk", "RootWebArea 'LR-2207 · Leave request · PeopleDesk'\n\t[112] heading 'Leave request LR-2207'\n\t[122] button 'Approve'"),
    }
    text = {k: _page(*v).serialize() for k, v in pages.items()}
    for lst, rec, scope in (("tickets", "ticket", "tickets list"), ("requests", "request", "Leave requests list")):
        s = f"Export button is not available on {scope}"
        assert m.score_one(s, text[lst]) == 1.0, s
        assert m.score_one(s, text[rec]) == 0.0, s
    # a scope naming the record's page, with or without its id, still holds there
    for s in ("Export button is not available on ticket T-390", "No Export button on the ticket page"):
        assert m.score_one(s, text["ticket"]) == 1.0, s
    assert m.score_one("Export button is not available on the leave request page", text["request"]) == 1.0
