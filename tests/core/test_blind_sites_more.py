"""More readings for sites written by people who never saw fcpkit: what a page offers beside the
record (recent recipients, a drafts sidebar), a dialog the agent asked for, a list's default view
and the filters that hide nothing the task needs, dates written two ways, a search run again or
found, a rule stated as a negation, a message about where something went, a phrasal verb, a count
out of a total, a record named with a qualifier or by name and kind, a part number, "notes", and
a field that waits for the save. Each on pages of two applications of our own making, worded
differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.actions import describe_action
from fcpkit.core.falsifiers import TaskContext, builtin_hits, unrequested_narrowing
from fcpkit.core.page import Page, evidence_view, record_ids
from fcpkit.core.rules import check_transition
from fcpkit.core.testers import StateTester
from fcpkit.core.text import tokenize
from fcpkit.matching.lexical.claims import compile_claim
from fcpkit.matching.lexical.strict import PARTIAL


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


def _ctx(task: str) -> TaskContext:
    return TaskContext.from_plan(Plan(task, [Commitment("do", "Do it")]))


# -- what a page offers beside the record is no state of it ----------------------------------------

@pytest.mark.parametrize("statement,lines", [
    ("ana.rivers@orchard.test", ("\t\t[5] dialog 'Send a test email', modal=True",
                                 "\t\t\t[6] textbox 'Send test to' value='lee.chen@example.test'",
                                 "\t\t\t[7] group 'Recent test recipients'", "\t\t\t\t[8] button 'ana.rivers@orchard.test'")),
    ("Kiln repair invoice (draft)", ("\t\t[5] heading 'Invoices'", "\t\t[6] complementary 'Unsent drafts'",
                                     "\t\t\t[7] link 'Kiln repair invoice (draft)'", "\t\t\t[8] link 'Glaze order'")),
])
def test_what_a_page_offers_beside_the_record_is_no_state_of_it(statement, lines):
    page = _obs("https://app.test/x", "Work", "\t[2] main ''", "\t\t[3] heading 'Work'", *lines)
    assert _falsifier(statement, page) < PARTIAL


# -- a dialog the agent asked for, of an act the plan asks for, is no interstitial ------------------

@pytest.mark.parametrize("task,control,title,other", [
    ("Schedule the April digest for Tuesday.", "Schedule campaign", "Schedule “April digest”?", "Verify your domain"),
    ("Archive ticket T-12 once it is answered.", "Archive ticket", "Archive T-12?", "Rate your support agent"),
])
def test_a_dialog_the_agent_asked_for_is_its_step(task, control, title, other):
    plan = Plan(task, [Commitment("do", task.split(" ")[0] + " it")])
    before = _obs("https://app.test/x", "Work", "\t[2] main ''", f"\t\t[3] button '{control}'")
    click = Action("click('3')", "Do it.", f"button '{control}'", "read")

    def after(name: str) -> Observation:
        return _obs("https://app.test/x", "Work", "\t[2] main ''", f"\t\t[3] button '{control}'",
                    f"\t[4] alertdialog '{name}', modal=True", "\t\t[5] button 'Confirm'")

    tester = StateTester(LexicalMatcher())
    asked = tester.test(plan, plan.commitments[0], after(title), before=before, action=click)
    assert asked.rule != "unexpected_dialog"
    uninvited = tester.test(plan, plan.commitments[0], after(other), before=before, action=click)
    assert uninvited.rule == "unexpected_dialog"


# -- what hides nothing the task needs is no stale filter -------------------------------------------

def _list(url: str, title: str, *lines: str) -> Observation:
    return _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{title}'", *lines,
                "\t\t[20] table 'Rows'", "\t\t\t[21] row ''", "\t\t\t\t[22] link 'AX-1001'",
                "\t\t\t[23] row ''", "\t\t\t\t[24] link 'AX-1002'")


@pytest.mark.parametrize("control", [
    "\t\t[4] combobox 'Rows per page' value='25'",
    "\t\t[4] combobox 'Date range' value='Last 90 days'",
])
def test_page_size_and_time_windows_filter_nothing(control):
    assert unrequested_narrowing(_ctx("Open AX-1009."), _list("https://app.test/rows", "Rows", control), 0) is None
    stale = _list("https://app.test/rows", "Rows", "\t\t[4] combobox 'Status filter' value='Archived'")
    assert unrequested_narrowing(_ctx("Open AX-1009."), stale, 0) is not None


@pytest.mark.parametrize("task,chip,near", [
    ("Refund order AX-1002.", "Status: Shipped", "Status: Shipped, AX-1003"),
    ("Reassign device AX-1001 to Lee.", "Platform: macOS", "Device: AX-1004"),
])
def test_a_list_that_lists_the_tasks_record_hides_nothing(task, chip, near):
    ctx = _ctx(task)
    listing = _list("https://app.test/rows", "Rows", f"\t\t[4] button 'Remove filter {chip}'")
    assert unrequested_narrowing(ctx, listing, 0) is None
    narrowed = _list("https://app.test/rows", "Rows", f"\t\t[4] button 'Remove filter {near}'")
    assert unrequested_narrowing(ctx, narrowed, 0) is not None  # narrowed to a near miss all the same


@pytest.mark.parametrize("url,chip,task,typed", [
    ("https://hotel.test/arrivals?date=2024-10-18", "Arrival Fri 18 Oct 2024", "Find the booking arriving on 18 Oct 2024.", "2024-10-18"),
    ("https://clinic.test/visits?day=2025-03-04", "Visits on 4 March 2025", "Check in the 4 Mar 2025 visit.", "03/04/2025"),
])
def test_dates_compare_as_dates(url, chip, task, typed):
    ctx = _ctx(task)
    page = _obs(url, "List", "\t[2] main ''", "\t\t[3] heading 'List'", f"\t\t[4] button 'Remove filter: {chip}'",
                "\t\t[20] list ''", "\t\t\t[21] listitem ''", "\t\t\t\t[22] link 'Booking 1'",
                "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'Booking 2'")
    assert unrequested_narrowing(ctx, page, 0, (typed,)) is None


@pytest.mark.parametrize("chrome,chip", [
    ("\t\tStaticText 'Business date'\n\t\tStaticText 'Tue 15 Oct 2024'", "Arrival Tue 15 Oct 2024"),
    ("\t\tbutton 'Store: Harbour Road'", "Store: Harbour Road"),
])
def test_a_list_opened_on_the_sites_context_is_its_default_view(chrome, chip):
    ctx = _ctx("Find the order of Dana Lee.")
    page = _obs("https://app.test/list", "List", "\t[1] banner ''", chrome, "\t[2] main ''", "\t\t[3] heading 'List'",
                f"\t\t[4] button 'Remove filter {chip}'", "\t\t[20] list ''", "\t\t\t[21] listitem ''",
                "\t\t\t\t[22] link 'Order 1'", "\t\t\t[23] listitem ''", "\t\t\t\t[24] link 'Order 2'")
    assert unrequested_narrowing(ctx, page, 0) is None
    asked = Observation(page.url + "?view=x&q=lee", page.title, page.text)  # a list asked for otherwise ignored it
    assert unrequested_narrowing(ctx, asked, 0) is not None


@pytest.mark.parametrize("code,chip,chosen", [("term=2258", "Term: Fall 2025", "Fall 2025"),
                                               ("st=4", "Stage: Negotiation", "Negotiation")])
def test_chips_say_what_the_urls_codes_mean(code, chip, chosen):
    ctx = _ctx("Open AX-1009.")
    page = _list(f"https://app.test/rows?{code}", "Rows", f"\t\t[4] button 'Remove filter {chip}'")
    assert unrequested_narrowing(ctx, page, 0, (chosen,)) is None  # the chip is what the agent chose
    bare = _list(f"https://app.test/rows?{code}", "Rows")
    assert unrequested_narrowing(ctx, bare, 0, (chosen,)) is not None  # a code alone says nothing of it


# -- a search run again changes nothing; a search that lists its term found it ---------------------

@pytest.mark.parametrize("url,name,value", [
    ("https://mail.test/campaigns?q=March+Digest", "Search campaigns", "March Digest"),
    ("https://parts.test/find?query=rotor", "Find parts", "rotor"),
])
def test_enter_on_a_search_already_run_is_no_silent_no_op(url, name, value):
    page = _obs(url, "Results", "\t[2] main ''", f"\t\t[9] searchbox '{name}' value='{value}'", "\t\t[10] link 'One'")
    again = Action("press('9', 'Enter')", "Submit the search.", f"searchbox '{name}'", "read")
    assert check_transition(page, again, page) is None
    fresh = _obs(url.split("?")[0], "Results", "\t[2] main ''", f"\t\t[9] searchbox '{name}' value='{value}'")
    hit = check_transition(fresh, again, fresh)
    assert hit is not None and hit.rule == "unchanged_page"


@pytest.mark.parametrize("term,found,other", [
    ("SM-448120", "link 'SM-448120 · Ines Albuquerque · 18 Oct'", "No guests match."),
    ("PO-77310", "cell 'PO-77310'", "No suppliers found"),
])
def test_a_search_that_lists_what_it_looked_for_found_it(term, found, other):
    plan = Plan(f"Open {term}.", [Commitment("find", f"Find {term}")])
    box = f"\t[9] searchbox 'Search' value='{term}'"
    before = _obs("https://app.test/home", "Home", box)
    action = Action("press('9', 'Enter')", "", "searchbox 'Search'", "read")

    def after(*lines: str) -> list[str]:
        page = _obs(f"https://app.test/search?q={term}", "Search", box, *lines)
        return [h.rule for h in builtin_hits(TaskContext.from_plan(plan), page, before=Page.of(before), action=action)]

    assert after(f"\t[20] table 'Results'", "\t\t[21] row ''", f"\t\t\t[22] {found}", f"\t[30] StaticText '{other}'") == []
    assert after(f"\t[30] StaticText '{other}'") == ["empty_results"]


# -- a negation under a condition is how the application works -------------------------------------

@pytest.mark.parametrize("statement,rule,report", [
    ("Changes not saved", "Changes are not saved until you select Save changes.", "Changes not saved: the rate is closed."),
    ("Order not shipped", "Orders are not shipped unless payment clears.", "This order was not shipped."),
])
def test_a_negation_under_a_condition_is_no_outcome(statement, rule, report):
    head = ("https://app.test/edit", "Edit", "\t[2] main ''", "\t\t[3] heading 'Edit'")
    assert _falsifier(statement, _obs(*head, f"\t\t[4] StaticText '{rule}'")) < PARTIAL
    assert _falsifier(statement, _obs(*head, "\t\t[4] alert ''", f"\t\t\t[5] StaticText '{report}'")) >= 0.9


# -- a message about where something went is not about another record ------------------------------

@pytest.mark.parametrize("url,title,moved,other", [
    ("https://hotel.test/folios/F-20931", "Folio F-20931", "Check 20113 transferred to F-00412.", "Folio F-20939 closed."),
    ("https://desk.test/tickets/T-4410", "Ticket T-4410", "Attachment moved into T-4472.", "T-4472 was reopened."),
])
def test_a_message_naming_where_something_went_is_no_foreign_message(url, title, moved, other):
    before = _obs(url, title, "\t[2] main ''", "\t\t[3] button 'Move'", "\t\t[6] StaticText 'Item 20113 · £46.00'")
    click = Action("click('3')", "Move it.", "button 'Move'", "write")

    def after(message: str):
        return check_transition(before, click, _obs(url, title, "\t[2] main ''", "\t\t[3] button 'Move'",
                                                    "\t\t[4] status ''", f"\t\t\t[5] StaticText '{message}'"))

    assert after(moved) is None
    hit = after(other)
    assert hit is not None and hit.rule == "foreign_message"


# -- a phrasal verb's particle and a count out of a total stand whole -------------------------------

@pytest.mark.parametrize("statement,near,itself", [
    ("Check out", "button 'Actions for check 20113'", "button 'Check out guest'"),
    ("Sign out", "link 'Sign the lease'", "menuitem 'Sign out'"),
])
def test_a_phrasal_verb_needs_its_particle(statement, near, itself):
    def score(target: str) -> float:
        return LexicalMatcher().score_falsifiers([statement], describe_action(Action("click('4')", "", target, "read")))[0]
    assert score(near) < 0.5
    assert score(itself) >= 0.9


@pytest.mark.parametrize("statement,apart,whole", [
    ("0 of 3 certificates revoked", ("0 active certificates", "3 certificates revoked for LT-04417."),
     "0 of 3 certificates revoked"),
    ("2 out of 5 items shipped", ("2 items in the box", "5 items shipped to Leeds"), "Only 2 out of 5 items shipped"),
])
def test_a_count_out_of_a_total_stands_whole(statement, apart, whole):
    head = ("https://app.test/x", "X", "\t[2] main ''", "\t\t[3] heading 'X'")
    assert _falsifier(statement, _obs(*head, *(f"\t\t[{4 + k}] StaticText '{t}'" for k, t in enumerate(apart)))) < 0.5
    assert _falsifier(statement, _obs(*head, f"\t\t[4] StaticText '{whole}'")) >= 0.9


# -- a record named with a qualifier, or by name and kind, is that record's page -------------------

@pytest.mark.parametrize("statement,listed,opened", [
    ("SM-429860 (cancelled)", "row 'SM-429860 Jan 2024 Cancelled'", "Reservation SM-429860"),
    ("March Members Digest (copy)", "link 'March Members Digest (copy)'", "March Members Digest (copy)"),
    ("Spring Gala Digest – draft", "link 'Spring Gala Digest – draft'", "Spring Gala Digest – draft"),
    ("Murtagh Marine Engineering Ltd folio", "link 'F-20932 · Murtagh Marine Engineering Ltd'", "Murtagh Marine Engineering Ltd folio"),
    ("Jonas Ekberg's iPhone (PH-01188)", "link \"Jonas Ekberg's iPhone\"", "Jonas Ekberg's iPhone (PH-01188)"),
])
def test_a_record_named_with_a_qualifier_is_its_page_not_a_mention(statement, listed, opened):
    page = _obs("https://app.test/related", "Related", "\t[2] main ''", "\t\t[3] heading 'Related'",
                "\t\t[4] StaticText 'See also folio notes, cancelled stays and drafts below.'",
                "\t\t[5] list ''", f"\t\t\t[6] listitem ''", f"\t\t\t\t[7] {listed}", "\t\t\t[8] listitem ''",
                "\t\t\t\t[9] link 'Other'")
    assert _falsifier(statement, page) < PARTIAL
    assert _falsifier(statement, _obs("https://app.test/r/1", opened, "\t[2] main ''", f"\t\t[3] heading '{opened}'")) >= 0.9


def test_a_parts_digit_groups_with_a_letter_suffix_are_a_record_id():
    ids = record_ids("SKU 40-1187-B and 40-1187-R, not 2025-03-28")
    assert [r.id for r in ids] == ["40-1187-B", "40-1187-R"] and ids[0].kind == ids[1].kind and ids[0].strong
    assert compile_claim("40-1187-R").type == "identity"


def test_a_word_never_stems_to_a_negation():
    assert tokenize("note notes Note") == ("note", "note", "note")
    assert _falsifier("Enrollment not saved", _obs("https://sis.test/s/1", "Student", "\t[2] main ''",
                                                  "\t\t[3] note 'Enrollment saved. Override granted.'")) < PARTIAL


# -- the field the step sets waits for the save -----------------------------------------------------

@pytest.mark.parametrize("label,old,new", [("Group", "Sales", "Quarantine"), ("Owner", "Priya Raman", "Lee Chen")])
def test_the_field_a_step_sets_shows_its_old_value_until_the_step_saved(label, old, new):
    step = Commitment("move", f"Set {label} to {new}", confidence=0.7,
                      confirm={"completion": [f"{label}: {new}"]}, falsify={"execution": [f"{label}: {old}"]})
    plan = Plan(f"Set {label} to {new}.", [step])
    page = _obs("https://app.test/r/7", "Record 7", "\t[2] main ''", "\t\t[3] heading 'Record 7'",
                f"\t\t[4] StaticText '{label}: {old}'", "\t\t[5] dialog 'Move', modal=True",
                f"\t\t\t[6] combobox '{label}' value='{new}'", "\t\t\t[7] button 'Save'")
    tester = StateTester(LexicalMatcher())
    assert tester.test(plan, step, page, acted=True, saved=False).alpha_minus < 0.5
    assert tester.test(plan, step, page, acted=True, saved=True).alpha_minus >= 0.9


# -- what the reasoning says the agent is not doing is no part of its act ----------------------------

@pytest.mark.parametrize("statement,command,target,reasoning", [
    ("Quarantine (legacy)", "select_option('7', 'Quarantine')", "combobox 'Target group'", "Pick Quarantine, not the legacy group"),
    ("Send now", "click('8')", "button 'Schedule'", "Schedule it rather than send now"),
])
def test_what_the_agent_says_it_is_not_doing_is_no_part_of_its_act(statement, command, target, reasoning):
    score = LexicalMatcher().score_falsifiers([statement], describe_action(Action(command, reasoning, target, "read")))[0]
    assert score <= PARTIAL  # at most what the control's own words give: a model may look, no alarm


# -- a control to make a thing is named "New", "Add" or "Create"; one the agent used is gone -----

@pytest.mark.parametrize("statement,control,used", [
    ("The control to create a new payment is not available in the Payments section.", "New payment", "New payment"),
    ("The button to add a contact is not available in the Contacts panel.", "Create contact", "Create contact"),
])
def test_a_control_is_named_for_making_in_any_of_its_ways_and_is_gone_once_used(statement, control, used):
    section = statement.split(" in the ")[1].rstrip(".").replace(" section", "").replace(" panel", "")
    shown = _obs("https://app.test/r/1", "Record 1", "\t[2] main ''", f"\t\t[3] tabpanel '{section}'",
                 f"\t\t\t[4] heading '{section}'", f"\t\t\t[5] button '{control}'")
    assert _falsifier(statement, shown) < PARTIAL  # "New payment" is the control to create a payment
    gone = _obs("https://app.test/r/1/new", "Record 1", "\t[2] main ''", f"\t\t[3] tabpanel '{section}'",
                f"\t\t\t[4] heading '{section}'", "\t\t\t[5] textbox 'Amount'", "\t\t\t[6] button 'Approve'")
    step = Commitment("make", "Make it", confidence=0.6, falsify={"skill": [statement]})
    plan = Plan("Make it.", [step])
    tester = StateTester(LexicalMatcher())
    assert tester.test(plan, step, gone).alpha_minus >= 0.9  # never there
    assert tester.test(plan, step, gone, inputs=(used,)).alpha_minus < 0.5  # the agent used it: gone since


# -- a step that speaks of a request asks for one -------------------------------------------------

@pytest.mark.parametrize("subgoal,control", [
    ("Start a documents request to the claimant and send it.", "Request documents"),
    ("Send the supplier a quote request for 40 pallets.", "Request quote"),
])
def test_a_request_control_is_the_act_of_a_step_that_speaks_of_a_request(subgoal, control):
    from fcpkit.core.control_acts import act_mismatch
    step = Commitment("ask", subgoal)
    press = Action("click('5')", "Start it.", f"button '{control}'", "write")
    assert act_mismatch(press, step) is None
    other = Commitment("send", "Send the reply to the customer.")
    hit = act_mismatch(press, other)
    assert hit is not None and hit.rule == "act_mismatch"  # a request where the step sends is a hand-over
