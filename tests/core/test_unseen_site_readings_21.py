"""Readings for sites written by people who never saw fcpkit, rounds thirty-one to thirty-three: a
step's completion that opens with the label of a field of the form it fills states that field's
value, whatever words the value holds, so a draft saved from that form undoes none of it; a panel
beside the content ("Recently viewed") makes no form a list, so the form's selects are no filters;
a message on a record's page says the event of that record; a description list under a heading is
a record's facts, read together; a statement that lists a record's facts binds no event to the
records its values name; a record named by its kind, id and title is named, not said something of;
a falsifier said by a form's answer to a value just typed waits for the agent to correct it; a
choice said to be made holds where the page shows it checked; a checkbox group with most of its
values ticked is a working set, no filter; a value the address took was sent; a record named by
its id and a plain description is named; a clause addressed to the user ("send me both numbers")
is the report, no act. Each on pages of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Commitment, Label, Observation, Plan, Step, Trajectory
from fcpkit.core.control_acts import act_mismatch
from fcpkit.core.page import Page
from fcpkit.matching import LexicalMatcher


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


# -- a field's value holds an act's participle -----------------------------------------------------------------------

_APPS = [
    # a travel-expense claim: the reason chosen reads "Flight cancelled by airline"
    dict(subgoal="Open the expense claim form and fill in category, reason and amount",
         done=["Category Rebooking fee", "Reason Flight cancelled by airline", "Amount 84.00"],
         fields=["\t\t\t[4] combobox 'Category', value='Rebooking fee', required",
                 "\t\t\t[5] combobox 'Reason', value='Flight cancelled by airline', required",
                 "\t\t\t[6] textbox 'Amount', value='84.00', required"]),
    # a library's damaged-item record: the charge decision chosen reads "Waiver declined"
    dict(subgoal="Fill in the damage report: charge decision, charge and note",
         done=["Charge decision: Waiver declined", "Replacement charge 12.50"],
         fields=["\t\t\t[4] combobox 'Charge decision', value='Waiver declined', required",
                 "\t\t\t[5] textbox 'Replacement charge', value='12.50'",
                 "\t\t\t[6] textbox 'Note', multiline=True"]),
]


def _page(fields, *, wrapped: bool) -> Observation:
    """The form with its draft and finish buttons: inside a ``form`` landmark, or (as many sites
    write it) as groups and buttons straight in the main content."""
    if wrapped:
        body = ["\t[2] main ''", "\t\t[3] form 'Details'", *fields,
                "\t\t\t[8] button 'Save draft'", "\t\t\t[9] button 'Submit'"]
    else:
        body = ["\t[2] main ''", "\t\t[3] group 'Details'", *(x.replace("\t\t\t", "\t\t\t", 1) for x in fields),
                "\t\t[8] button 'Save draft'", "\t\t[9] button 'Submit'"]
    return _obs("https://app.test/form", "Form", "\t[1] banner ''", "\t\t[10] link 'Home'", *body)


@pytest.mark.parametrize("app", _APPS, ids=["expenses", "library"])
@pytest.mark.parametrize("wrapped", [True, False], ids=["form", "groups"])
def test_a_draft_keeps_a_value_that_holds_an_acts_participle(app, wrapped):
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    c = Commitment("fill", app["subgoal"], confirm={"completion": app["done"]})
    assert act_mismatch(draft, c, _page(app["fields"], wrapped=wrapped)) is None
    # with no page nothing says the participle is a field's value: it reads as the act the step means
    assert act_mismatch(draft, c) is not None


@pytest.mark.parametrize("app", _APPS, ids=["expenses", "library"])
def test_a_completion_that_names_the_act_done_still_wants_it_from_a_draft(app):
    """A statement that is no field's label and value ("Claim submitted") names the form's finish:
    a draft is not it."""
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    c = Commitment("fill", app["subgoal"], confirm={"completion": [*app["done"], "Claim submitted"]})
    assert act_mismatch(draft, c, _page(app["fields"], wrapped=True)) is not None


@pytest.mark.parametrize("label,value", [("Status", "Approved"), ("Leave", "Cancelled")])
def test_a_label_the_form_does_not_hold_is_not_read_as_its_field(label, value):
    """A label shown only as the record's text, outside the form (no control of the form carries
    it), says the record's state, which a draft does not reach."""
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    c = Commitment("fill", "Fill in the leave form and send it", confirm={"completion": [f"{label} {value}"]})
    page = _obs("https://app.test/r", "Request", "\t[2] main ''", f"\t\tStaticText '{label}: Pending'",
                "\t\t[3] form 'Request'", "\t\t\t[4] textbox 'Comment', value='ok'",
                "\t\t\t[8] button 'Save draft'", "\t\t\t[9] button 'Send'")
    assert act_mismatch(draft, c, page) is not None


# -- a panel beside a form makes no list of it -------------------------------------------------------------------------

_RECENT = ["\t[30] complementary 'Recently viewed'", "\t\t[31] heading 'Recently viewed'", "\t\t[32] list ''",
           "\t\t\t[33] listitem ''", "\t\t\t\t[34] link 'P-10248 Pri Raman'", "\t\t\t[35] listitem ''",
           "\t\t\t\t[36] link 'P-10482 Priya Ramanathan'"]


@pytest.mark.parametrize("url,fields", [
    # a clinic's new-appointment wizard, its clinician preset to the signed-in user
    ("https://smileline.test/appointments/new?draft=D-77&step=details",
     ["\t\t[4] group 'Details'", "\t\t\t[5] textbox 'Date', value='2025-03-04', required",
      "\t\t\t[6] combobox 'Clinician', value='Dr Ana Ruiz'", "\t\t[7] button 'Save draft'", "\t\t[8] button 'Next'"]),
    # a warehouse's goods-in form, its dock preset
    ("https://stockroom.test/receipts/new?resume=R-3&step=2",
     ["\t\t[4] textbox 'Supplier', value='Kestrel Tools', required", "\t\t[5] combobox 'Dock', value='Dock 4'",
      "\t\t[6] combobox 'Received by', value='Sam Ito'", "\t\t[8] button 'Continue'"]),
])
def test_a_forms_selects_are_not_filters_because_a_recently_viewed_panel_lists_records(url, fields):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    page = _obs(url, "New", "\t[2] main ''", "\t\t[3] heading 'New'", *fields, *_RECENT)
    ctx = TaskContext.from_plan(Plan("Book a check-up for Priya Raman (P-10428).", [Commitment("x", "Fill in the details")]))
    assert unrequested_narrowing(ctx, page, 0) is None
    # the same select above a list in the main content narrows that list
    listed = _obs(url.split("?")[0].rsplit("/", 1)[0], "List", "\t[2] main ''", "\t\t[3] heading 'All'", *fields,
                  "\t\t[20] table 'Records'", "\t\t\t[21] row ''", "\t\t\t\t[22] columnheader 'Name'",
                  "\t\t\t[23] row ''", "\t\t\t\t[24] link 'Someone else'")
    assert unrequested_narrowing(ctx, listed, 0) is not None


# -- a message on a record's page ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rec,statement,message,other", [
    # a film kit room: the checkout created on the camera's page gets a number of its own
    ("CAM-0217", "Checkout created for CAM-0217", "Checkout CO-5521 created · receipt emailed", "CAM-0216"),
    # a fleet's vehicle: the service booked on its page
    ("VAN-118", "Service booked for VAN-118", "Service job SJ-88 booked for Thu 6 Mar", "VAN-181"),
])
def test_a_message_on_a_records_page_says_the_event_of_that_record(rec, statement, message, other):
    def page(record, text):
        return Page.of(_obs(f"https://app.test/assets/{record}", f"{record} · Asset", "\t[2] main ''",
                            f"\t\t[3] heading '{record}'", "\t\tStaticText 'Status: In use'",
                            *(f"\t\tStaticText 'Spec line {i}: nothing of it'" for i in range(12)),
                            "\t[9] status '', live='polite'", f"\t\tStaticText '{text}'"))
    m = LexicalMatcher()
    assert m.score([statement], [page(rec, message)])[0, 0] == 1.0
    assert m.score([statement], [page(other, message)])[0, 0] < 1.0  # another record's page
    # a message that names another record of the same kind says nothing of this one
    assert m.score([statement], [page(rec, f"{message} ({other})")])[0, 0] < 1.0


# -- a description list under a heading ---------------------------------------------------------------------------------

def _described(heading: str, status: str, facts: list[tuple[str, str]], extra: int = 0) -> Page:
    lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\tStaticText '{status}'", "\t\t[4] button 'Edit'",
             "\t\t[5] DescriptionList ''"]
    for k, (term, value) in enumerate(facts + [(f"Note {i}", f"Line {i}") for i in range(extra)]):
        lines += [f"\t\t\t[{10 + 2 * k}] term ''", f"\t\t\t\tStaticText '{term}'",
                  f"\t\t\t[{11 + 2 * k}] definition ''", f"\t\t\t\tStaticText '{value}'"]
    lines += ["\t\t[90] heading 'History'", "\t\tStaticText 'Nothing yet'"]
    return Page.of(_obs("https://app.test/r/1", heading, *lines))


_FILLER = [("Created", "Mon 3 Mar"), ("Owner", "Dana Okafor"), ("Region", "North"), ("Max elevation", "61°"),
           ("Booked by", "Priya Raman"), ("Source", "Portal")]


@pytest.mark.parametrize("heading,status,facts,statement", [
    # a ground station's contact pass, its spacecraft and station set far apart in the list
    ("Contact pass CP-20418", "Status: Scheduled", [("Spacecraft", "KS-14 Tern"), *_FILLER, ("Ground station", "Svalbard SG-3")],
     "Pass status Scheduled, KS-14 Tern, Svalbard SG-3"),
    # a courier's delivery, its driver and depot far apart
    ("Delivery DL-7731", "Status: Dispatched", [("Driver", "Ola Berg"), *_FILLER, ("Depot", "Leeds LS-2")],
     "Delivery status Dispatched, driver Ola Berg, depot Leeds LS-2"),
])
def test_a_description_list_is_a_records_facts_read_together(heading, status, facts, statement):
    m = LexicalMatcher()
    assert m.score([statement], [_described(heading, status, facts)])[0, 0] == 1.0
    # a section of many more facts than a record shows is a page of them, not read together
    assert m.score([statement], [_described(heading, status, facts, extra=30)])[0, 0] < 1.0


@pytest.mark.parametrize("statement,bound", [
    ("Pass status Scheduled, KS-14 Tern, Svalbard SG-3", False),
    ("Delivery status Dispatched, driver Ola Berg, depot LS-2", False),
    ("DL-7731 dispatched, driver Ola Berg", True),  # the id and the event in one clause
    ("Order ORD-55012 was cancelled", True),
])
def test_a_statement_listing_facts_binds_no_event_to_the_records_its_values_name(statement, bound):
    st = LexicalMatcher()._compile_plain(statement)
    assert bool(st.bound[0]) is bound


# -- a form's answer to a value just typed -------------------------------------------------------------------------------

@pytest.mark.parametrize("field,typo,fixed,answer,falsifier", [
    # a ground station's command load, typed with a digit missing
    ("Command load ID", "CL-932", "CL-0932", "No approved command load CL-932 for KS-14. Use the format CL-NNNN.",
     "No approved command load"),
    # a pharmacy's batch number, typed with a letter for a digit
    ("Batch number", "B7-O41", "B7-041", "Unknown batch B7-O41: enter the batch as printed, in the format AA-NNN.",
     "Unknown batch"),
])
def test_a_falsifier_said_by_the_forms_answer_to_a_typed_value_waits_for_the_correction(field, typo, fixed, answer, falsifier):
    url = "https://app.test/new?step=3"

    def form(value, msg=None):
        lines = ["\t[2] main ''", "\t\t[3] heading 'New booking'",
                 f"\t\t[4] textbox '{field}' value='{value}', required" + (", invalid='true'" if msg else "")]
        if msg:
            lines.append(f"\t\tStaticText '{msg}'")
        return _obs(url, "New booking", *lines, "\t\t[5] button 'Next'")

    plan = Plan("Attach the load and go on.", [
        Commitment("set", f"Enter {field} {fixed}", confirm={"completion": [f"{field} {fixed}"]},
                   falsify={"execution": [falsifier]}),
        Commitment("next", "Go on to the review", confirm={"completion": ["Review"]})])
    typo_step = Step(Action(f"fill('4', '{typo}')", "Type it.", f"textbox '{field}'", "write"), form(typo, answer))
    fix_step = Step(Action(f"fill('4', '{fixed}')", "Fix it.", f"textbox '{field}'", "write"), form(fixed))

    def check(*steps):
        return Checker().check(Trajectory("t", plan.task, plan, form(""), steps, Label(None, None), "app"))

    assert not check(typo_step, fix_step).detected  # corrected before anything was sent
    submit = Step(Action("click('5')", "Next.", "button 'Next'", "write"), form(typo, answer))
    assert check(typo_step, submit).detected  # sent on with the answer still there


# -- a record's kind, its id and its title -------------------------------------------------------------------------------

@pytest.mark.parametrize("falsifier,own,other,link", [
    # a ground station's anomalies: the same spacecraft's other anomaly, linked beside the one in view
    ("Anomaly AN-7713 Battery voltage low", ("AN-7713", "AN-7713 · Battery voltage low"),
     ("AN-7731", "AN-7731 · Battery temperature high"), "AN-7713 Battery voltage low"),
    # a wholesaler's invoices: the customer's other invoice, under the invoice in view
    ("Invoice INV-2231 Office chairs for Leeds", ("INV-2231", "INV-2231 · Office chairs for Leeds"),
     ("INV-2213", "INV-2213 · Office desks for Leeds"), "INV-2231 Office chairs for Leeds"),
])
def test_a_record_named_by_its_kind_id_and_title_is_a_mention_in_a_related_list(falsifier, own, other, link):
    from fcpkit.core.page import evidence_view

    kind = falsifier.split()[0]

    def page(rec, title, *more):
        return Page.of(_obs(f"https://app.test/r/{rec}", title, "\t[2] main ''", f"\t\tStaticText '{kind}'",
                            f"\t\t[3] heading '{title}'", "\t\tStaticText 'Status: Open'", *more))
    m = LexicalMatcher()
    read = lambda p: m.score_falsifiers([falsifier], evidence_view(p))[0]
    assert read(page(*own)) == 1.0
    related = ("\t[20] complementary 'Related'", "\t\t[21] list ''", "\t\t\t[22] listitem ''", f"\t\t\t\t[23] link '{link}'",
               "\t\t\t[24] listitem ''", "\t\t\t\t[25] link 'XX-0001 Something else entirely'")
    assert read(page(*other, *related)) < 0.5


# -- a choice said to be made, where the page shows its state ------------------------------------------------------------

@pytest.mark.parametrize("statement,picked,other", [
    # a brewery's recipe picker: a near-miss recipe ticked, by its id and title
    ("R-119 Harbour Pale Ale (Cask) is selected", "R-119 Harbour Pale Ale (Cask)", "R-118 Harbour Pale Ale"),
    # a clinic's booking: the wrong clinician's slot, by name
    ("Dr Ana Ruiz, Room 4 selected", "Dr Ana Ruiz, Room 4", "Dr Ana Ruiz, Room 2"),
])
def test_a_choice_said_to_be_made_holds_where_the_page_shows_it_checked(statement, picked, other):
    """A radio button carries its state, not a word: "… is selected" holds where the choice it
    names is checked, as a falsifier and as confirming evidence, and not where another is."""
    from fcpkit.core.page import evidence_view

    def page(checked):
        return Page.of(_obs("https://app.test/new?step=1", "New", "\t[2] main ''", "\t\t[3] radiogroup 'Choose', required",
                            f"\t\t\t[4] radio '{picked}', checked='{'true' if checked == picked else 'false'}'",
                            f"\t\t\t[5] radio '{other}', checked='{'true' if checked == other else 'false'}'",
                            "\t\t[6] button 'Next'"))
    m = LexicalMatcher()
    assert m.score_falsifiers([statement], evidence_view(page(picked)))[0] == 1.0
    assert m.score_falsifiers([statement], evidence_view(page(other)))[0] < 0.5
    assert m.score([statement], [page(picked)])[0, 0] == 1.0
    assert m.score([statement], [page(other)])[0, 0] < 0.5


# -- round 33: a work queue's open statuses, a sort the address took, a near miss by id and description -----------------

@pytest.mark.parametrize("url,boxes,task", [
    # an underwriting work queue, opened on its open statuses
    ("https://uw.test/queue?page=1", ["Ready to quote", "In review", "Awaiting info", "Referred", "Quoted", "Declined", "Bound"],
     "Quote submission SUB-25-04127 for Birchwood Cold Storage."),
    # a help desk's ticket list, opened without the closed ones
    ("https://desk.test/tickets", ["New", "Open", "Pending", "On hold", "Closed"], "Reply to ticket T-390."),
])
def test_a_checkbox_group_with_most_values_ticked_is_a_working_set_not_a_filter(url, boxes, task):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    ticked = len(boxes) - 2

    def page(n_ticked):
        group = [f"\t\t\t\t[{10 + k}] checkbox '{b}', checked='{'true' if k < n_ticked else 'false'}'" for k, b in enumerate(boxes)]
        return _obs(url, "Queue", "\t[2] main ''", "\t\t[3] heading 'Queue'", "\t\t[4] region 'Filters'",
                    "\t\t\t[5] group 'Status'", *group, "\t\t[30] table 'Items'", "\t\t\t[31] row ''",
                    "\t\t\t\t[32] columnheader 'Id'", "\t\t\t[33] row ''", "\t\t\t\t[34] link 'X-1 Someone else'")
    ctx = TaskContext.from_plan(Plan(task, [Commitment("x", "Open it")]))
    assert unrequested_narrowing(ctx, page(ticked), 0) is None
    assert unrequested_narrowing(ctx, page(1), 0) is not None  # one value ticked: narrowed to it


@pytest.mark.parametrize("url,control,value", [
    ("https://uw.test/queue?sort=received", "Sort by", "Insured name (A–Z)"),
    ("https://desk.test/tickets?view=mine", "View", "All tickets"),
])
def test_a_value_the_address_took_is_not_left_unsaved(url, control, value):
    """A select whose choice the application applied at once (the page came back with it on its
    address) holds nothing unsent: following a link from there leaves no unsaved edit."""
    def lst(u):
        return _obs(u, "List", "\t[2] main ''", "\t\t[7] button 'Apply filters'", f"\t\t[3] combobox '{control}', value='{value}'",
                    "\t\t[4] table 'Items'", "\t\t\t[5] row ''", "\t\t\t\t[6] link 'X-1 Item one'")
    applied = url.split("?")[0] + "?" + ("sort=insured" if "sort" in url else "view=all")
    record = _obs(url.split("?")[0] + "/X-1", "X-1 Item one", "\t[2] main ''", "\t\t[3] heading 'X-1 Item one'")
    plan = Plan("Open X-1.", [Commitment("open", "Open X-1", confirm={"completion": ["X-1 Item one"]})])
    steps = (Step(Action(f"select_option('3', '{value}')", "Order it.", f"combobox '{control}'", "write"), lst(applied)),
             Step(Action("click('6')", "Open it.", "link 'X-1 Item one'", "read"), record))
    result = Checker().check(Trajectory("t", plan.task, plan, lst(url), steps, Label(None, None), "app"))
    assert not result.detected
    # the same choice kept on the page alone (the address as it was) is still unsent there
    kept = (Step(steps[0].action, lst(url)), steps[1])
    result = Checker().check(Trajectory("t", plan.task, plan, lst(url), kept, Label(None, None), "app"))
    assert result.detected and result.detection.result.rule == "left_unsaved"


@pytest.mark.parametrize("falsifier,link,own", [
    # a water utility's service points: the garden standpipe at the same address, linked nearby
    ("SP-40227 garden standpipe", "SP-40227 · 14 Wren Close (garden standpipe)", ("SP-40227", "SP-40227 · garden standpipe")),
    # a school's rooms: the annexe room, one digit apart, in the building's room list
    ("Room R-118 science annexe", "R-118 · Science annexe (lab)", ("R-118", "Room R-118 · science annexe")),
])
def test_a_record_named_by_id_and_a_plain_description_is_a_mention_in_a_related_list(falsifier, link, own):
    from fcpkit.core.page import evidence_view
    m = LexicalMatcher()
    read = lambda p: m.score_falsifiers([falsifier], evidence_view(p))[0]
    other = Page.of(_obs("https://app.test/r/X-9", "X-9 · Other", "\t[2] main ''", "\t\t[3] heading 'X-9 · Other'",
                         "\t\t[4] region 'Nearby'", "\t\t\t[5] list ''", "\t\t\t\t[6] listitem ''", f"\t\t\t\t\t[7] link '{link}'",
                         "\t\t\t\t[8] listitem ''", "\t\t\t\t\t[9] link 'X-7 · Something else'"))
    assert read(other) < 0.5
    mine = Page.of(_obs(f"https://app.test/r/{own[0]}", own[1], "\t[2] main ''", f"\t\t[3] heading '{own[1]}'",
                        "\t\tStaticText 'Status: Active'"))
    assert read(mine) == 1.0
    # a state after the id still says something of it, where a list shows it
    from fcpkit.matching.lexical.falsify import _describes
    assert not _describes("printer offline") and not _describes("on hold") and not _describes("overdue")


@pytest.mark.parametrize("task", [
    # a maps site: the distance and time asked for, "send me" them (the page offers "Share route")
    "Using Lodestar Maps, find how far it is to walk from the library to the market, and send me both numbers.",
    # a shop's order history: the total asked for, sent "to me" (the page offers "Send receipt")
    "Find order 5512 and read its total, then send the total to me.",
])
def test_a_clause_addressed_to_the_user_is_the_report_not_an_act(task):
    """"Send me both numbers" asks for the agent's answer: a report over a page that still offers
    "Share route" leaves no act of the task undone."""
    from fcpkit.core.control_acts import expected_acts
    assert "send" not in expected_acts(Commitment("goal", task))[0]
    assert "send" in expected_acts(Commitment("goal", "Find the route and send it to the depot"))[0]


@pytest.mark.parametrize("listed,acting", [
    # a shop's orders: the refund's status and amount are read, not an order refunded
    ("Find order ORD-55012, read its refund status and refund amount, and report them.",
     "Open the refund form and refund the order"),
    # a forum's threads: the post count and post title are read, not a reply posted
    ("Open thread TH-12 and read its post count and post title.", "Open the reply box and post the reply"),
])
def test_a_list_of_nouns_sharing_a_modifier_names_no_act(listed, acting):
    """"its refund status and refund amount" lists two things read; "refund the order" (an object
    after the verb, or an id) refunds."""
    from fcpkit.core.control_acts import expected_acts
    assert expected_acts(Commitment("goal", listed))[0] == frozenset()
    assert expected_acts(Commitment("goal", acting))[0] != frozenset()
