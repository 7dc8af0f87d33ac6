"""Readings for sites written by people who never saw fcpkit, round thirty-four on: a dialog that
lists nothing is a form, and its selects (the printer of a print dialog, the format of an export)
narrow no list, while a picker dialog's search over its own results and a "Filters" drawer still
do; a label written alone on its line ("Linked work order:") has for value the text or link after
it, so "<label> None" is denied where that value is another; a select that shows its prompt
("Select weighbridge") is not chosen yet, so a required one keeps its form waiting for input and the
form's disabled buttons say nothing of a fault; an event said of a thing without an id ("Credit of
$75.00 posted to Priya Nair") is shown by a field holding its object only on that thing's page,
not by the "Tenant: Priya Nair" of another record's, and only when the statement ends on that
object (what it says after, "with Dr. Reyes, Chair 3 Quayside", must hold as words). Each on pages
of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Commitment, Observation, Plan
from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
from fcpkit.core.page import Page, evidence_view
from fcpkit.matching import LexicalMatcher


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


def _ctx(task: str) -> TaskContext:
    return TaskContext.from_plan(Plan(task, [Commitment("x", "Find it")]))


# -- a dialog's own inputs ---------------------------------------------------------------------------------------------

_LISTS = [
    # (the lists show near misses, not the record the task names: a narrowing could be hiding it)
    # a library's loans desk: the list of today's loans, a print dialog over it
    dict(url="https://circdesk.test/loans", task="Renew loan L-3318 for Ines Park.",
         rows=["L-3301 Tomas Berg", "L-3320 Ines Parker", "L-3325 Ada Quist"],
         dialog="Print loan slips", control="combobox 'Printer', value='Front desk — Laser 1'",
         extra=["spinbutton 'Copies', value='1'", "button 'Print'", "button 'Cancel'"]),
    # a courier's shipments: the list of the day's parcels, an export dialog over it
    dict(url="https://parcelhub.test/shipments", task="Mark shipment SH-88017 as delivered.",
         rows=["SH-88016 Harlow & Sons", "SH-88071 Vega Tile Co", "SH-88102 Orla Fenn"],
         dialog="Export manifest", control="combobox 'Format', value='PDF (A4 landscape)'",
         extra=["checkbox 'Include signatures', checked='true'", "button 'Export'", "button 'Close'"]),
]


def _list_page(app, *, dialog: str | None, lines=None) -> Observation:
    """The list, and over it the dialog ``dialog`` holding ``lines`` (the app's own control and its
    buttons by default; a line's leading tabs nest it); with no dialog, the app's control stands above the list in the main content."""
    rows = []
    for k, r in enumerate(app["rows"]):
        rows += [f"\t\t\t[{30 + 3 * k}] row '{r}'", f"\t\t\t\t[{31 + 3 * k}] link '{r.split()[0]}'",
                 f"\t\t\t\t[{32 + 3 * k}] cell '{r.split(' ', 1)[1]}'"]
    body = ["\t[1] banner ''", "\t\t[2] link 'Home'", "\t[3] main ''", "\t\t[4] heading 'Today'",
            "\t\t[20] table 'Items'", "\t\t\t[21] row 'Id Name'", "\t\t\t\t[22] columnheader 'Id'",
            "\t\t\t\t[23] columnheader 'Name'", *rows]
    if dialog:
        lines = [app["control"], *app["extra"]] if lines is None else lines
        body += [f"\t[60] dialog '{dialog}', modal=True", f"\t\t[61] heading '{dialog}', level=2",
                 *(f"\t\t{x[:len(x) - len(x.lstrip())]}[{62 + k}] {x.lstrip()}" for k, x in enumerate(lines))]
    else:
        body.insert(4, f"\t\t[5] {app['control']}")
    return _obs(app["url"], "Today", *body)


@pytest.mark.parametrize("app", _LISTS, ids=["loans", "shipments"])
def test_a_dialogs_own_select_narrows_no_list(app):
    ctx = _ctx(app["task"])
    assert unrequested_narrowing(ctx, _list_page(app, dialog=app["dialog"]), 0) is None
    # the same select above the list, outside any dialog, narrows it: the reading is the dialog's
    assert unrequested_narrowing(ctx, _list_page(app, dialog=None), 0) is not None


@pytest.mark.parametrize("app,control,value", [
    (_LISTS[0], "combobox 'Branch', value='Eastside'", "Eastside"),
    (_LISTS[1], "combobox 'Depot', value='Harbour Road'", "Harbour Road"),
])
def test_a_filters_drawer_still_narrows_the_list_behind_it(app, control, value):
    drawer = _list_page(app, dialog="Filters", lines=[control, "button 'Apply'", "button 'Reset'"])
    hit = unrequested_narrowing(_ctx(app["task"]), drawer, 0)
    assert hit is not None and value in hit


@pytest.mark.parametrize("app,query,results", [
    (_LISTS[0], "Parker", ["Ines Parker (M-2291)", "Joan Parker (M-1170)"]),
    (_LISTS[1], "Vega", ["Vega Tile Co (C-118)", "Vega Stone (C-240)"]),
])
def test_a_picker_dialogs_search_over_its_own_results_still_narrows_them(app, query, results):
    lines = [f"searchbox 'Search customers', value='{query}'", "list 'Results'",
             *(f"\tlistitem '{r}'" for r in results), "button 'Cancel'"]
    hit = unrequested_narrowing(_ctx(app["task"]), _list_page(app, dialog="Choose a customer", lines=lines), 0)
    assert hit is not None and query in hit


# -- a label alone on its line, its value after it ---------------------------------------------------------------------

@pytest.mark.parametrize("label,value,statement,elsewhere", [
    # a bike shop's special order, linked to a work order; its deposit line says "none"
    ("Linked work order:", "link 'WO-24822'", "Link to work order None", "Deposit: none collected"),
    # a freight booking, its carrier booked; its seal line says "none"
    ("Booked carrier:", "link 'Nordfrakt AS'", "Booked carrier None", "Seal number: none recorded"),
])
def test_a_label_alone_on_its_line_has_the_next_text_for_value(label, value, statement, elsewhere):
    def page(v):
        return Page.of(_obs("https://app.test/records/R-1", "R-1", "\t[2] main ''", "\t\t[3] heading 'R-1'",
                            "\t\t[4] region 'Details'", f"\t\t\tStaticText '{label}'", f"\t\t\t[5] {v}",
                            f"\t\t\tStaticText '{elsewhere}'"))
    shown = page(value)
    assert (label.rstrip(":"), value.split("'")[1]) in {(f.label, f.value) for f in shown.fields}
    m = LexicalMatcher()
    assert m.score_falsifiers([statement], evidence_view(shown))[0] == 0.0  # the label holds another value
    # where the label's value is the statement's, the field denies nothing
    assert m.score_falsifiers([statement], evidence_view(page("StaticText 'None'")))[0] > 0.0


def test_a_label_alone_before_a_control_makes_no_field_of_the_controls_name():
    page = Page.of(_obs("https://app.test/list", "List", "\t[2] main ''", "\t\tStaticText 'Sort by:'",
                        "\t\t[3] combobox 'Sort by', value='Newest'"))
    assert ("Sort by", "Sort by") not in {(f.label, f.value) for f in page.fields}


# -- a select showing its prompt ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt,control,button,statement", [
    # a quarry's weigh-out form: the weighbridge not chosen yet, its indicator button disabled
    ("Select weighbridge", "combobox 'Weighbridge'", "button 'Read from indicator'", "Read from indicator is disabled"),
    # a clinic's booking form: the clinician not chosen yet, the slot finder disabled
    ("-- Choose a clinician --", "combobox 'Clinician'", "button 'Find free slots'", "Find free slots is disabled"),
])
def test_a_required_select_showing_its_prompt_keeps_its_form_waiting(prompt, control, button, statement):
    def page(value):
        return Page.of(_obs("https://app.test/r/1/edit", "Edit", "\t[2] main ''", "\t\t[3] form 'Edit'",
                            f"\t\t\t[4] {control}, value='{value}', required",
                            "\t\t\t[5] textbox 'Weight', value='31640', required",
                            f"\t\t\t[6] {button}, disabled=True", "\t\t\t[7] button 'Save'"))
    m = LexicalMatcher()
    waiting = page(prompt)
    assert waiting.waits_for_input(5)
    assert m.score_falsifiers([statement], evidence_view(waiting))[0] < 0.5
    # a choice made, the form is filled: the control disabled now says it cannot be used
    chosen = page("Option two")
    assert not chosen.waits_for_input(5)
    assert m.score_falsifiers([statement], evidence_view(chosen))[0] == 1.0


# -- an event's result field, on the page of what the event happened to ----------------------------------------------

@pytest.mark.parametrize("statement,other,own", [
    # a property manager's credit, posted to a tenant: the work order names the tenant beforehand
    ("Credit of $75.00 posted to Priya Nair",
     ("Work order WO-20417", ["StaticText 'Tenant:'", "link 'Priya Nair'", "StaticText 'Priority: Urgent'"]),
     ("Credit CR-5512", ["StaticText 'Amount: $75.00'", "StaticText 'Posted to:'", "link 'Priya Nair'"])),
    # a shop's refund, issued to a customer: the order names the customer beforehand
    ("Refund of £12.40 issued to Tom Reyes",
     ("Order SO-8812", ["StaticText 'Customer: Tom Reyes'", "StaticText 'Total: £48.10'"]),
     ("Refund RF-220", ["StaticText 'Amount: £12.40'", "StaticText 'Issued to: Tom Reyes'"])),
])
def test_an_events_result_field_counts_on_the_page_of_what_it_happened_to(statement, other, own):
    def page(heading, lines):
        return Page.of(_obs(f"https://app.test/r/{heading.split()[-1]}", heading, "\t[2] main ''",
                            f"\t\t[3] heading '{heading}'", *(f"\t\t[{4 + k}] {x}" for k, x in enumerate(lines))))
    m = LexicalMatcher()
    assert m.score([statement], [page(*other)])[0, 0] < 1.0
    assert m.score([statement], [page(*own)])[0, 0] == 1.0


@pytest.mark.parametrize("statement,heading,field", [
    ("Ticket assigned to Payments", "Ticket T-390", "StaticText 'Team: Payments'"),
    ("Job assigned to Rosa Chen", "Job J-77", "StaticText 'Technician: Rosa Chen'"),
])
def test_an_event_about_the_page_record_still_reads_its_result_field(statement, heading, field):
    page = Page.of(_obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\t[4] {field}"))
    assert LexicalMatcher().score([statement], [page])[0, 0] == 1.0


@pytest.mark.parametrize("statement,heading,lines", [
    # a dental clinic's appointment, booked at another clinic than the one said
    ("Appointment booked for Marguerite Okafor with Dr. Tomás Reyes, Chair 3 Quayside", "Appointment A-77215",
     ["StaticText 'Patient: Marguerite Okafor'", "StaticText 'Dentist: Dr. Tomás Reyes'", "StaticText 'Chair: Chair 3'",
      "StaticText 'Clinic: Northgate'"]),
    # a venue's room booking, in another hall than the one said
    ("Room reserved for Ana Ruiz in Hall B on 4 June 2025", "Booking BK-3310",
     ["StaticText 'Guest: Ana Ruiz'", "StaticText 'Room: Hall A'", "StaticText 'Date: 4 June 2025'"]),
])
def test_an_event_that_says_more_after_its_object_is_not_carried_by_the_objects_field(statement, heading, lines):
    page = Page.of(_obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                        *(f"\t\t[{4 + k}] {x}" for k, x in enumerate(lines))))
    assert LexicalMatcher().score([statement], [page])[0, 0] < 1.0


# -- a working set the user can act on ---------------------------------------------------------------------------------

@pytest.mark.parametrize("url,box,task,narrowing", [
    # a concert ticket exchange, opened on the tickets one can still buy
    ("https://resale.test/events/E-88/tickets", "Only tickets I can still buy", "Buy ticket TK-4471 for the 12 June show.",
     "Only row A"),
    # a library catalogue, opened on the copies on the shelf
    ("https://catalogue.test/search?q=heron", "Available only", "Borrow copy C-20931 of The Heron's Year.",
     "Large print only"),
])
def test_a_list_kept_to_what_the_user_can_still_act_on_is_a_working_set(url, box, task, narrowing):
    def page(name):
        return _obs(url, "List", "\t[2] main ''", "\t\t[3] heading 'List'", "\t\t[4] group 'Filter'",
                    f"\t\t\t[5] checkbox '{name}', checked='true'", "\t\t\t[6] button 'Apply filters'",
                    "\t\t[30] table 'Items'", "\t\t\t[31] row 'Id Name'", "\t\t\t\t[32] columnheader 'Id'",
                    "\t\t\t[33] row 'X-1 Someone else'", "\t\t\t\t[34] link 'X-1'",
                    "\t\t\t[35] row 'X-2 Another one'", "\t\t\t\t[36] link 'X-2'")
    ctx = _ctx(task)
    assert unrequested_narrowing(ctx, page(box), 0) is None
    hit = unrequested_narrowing(ctx, page(narrowing), 0)  # a narrowing by what the records are still counts
    assert hit is not None and narrowing in hit


# -- a control that confirms an act by its noun ------------------------------------------------------------------------

@pytest.mark.parametrize("task,control,other", [
    # a sailing school's enrolment wizard, its review step
    ("Enrol Priya Natarajan on session CS-0318 and take the deposit.", "Confirm enrolment", "Confirm details"),
    # a clinic's booking flow, its last step
    ("Book a check-up for Tom Reyes on 12 June.", "Confirm booking", "Confirm contact number"),
])
def test_a_control_confirming_an_acts_noun_performs_that_act(task, control, other):
    from fcpkit.core.control_acts import offers_act, step_verbs

    def page(name):
        return _obs("https://app.test/new?step=4", "Review", "\t[2] main ''", "\t\t[3] heading 'Review'",
                    "\t\t[4] button 'Back'", f"\t\t[5] button '{name}'")
    acts = step_verbs(task, first_only=True)
    assert offers_act(page(control), acts, main_only=True) == control
    assert offers_act(page(other), acts, main_only=True) is None  # confirming a detail performs no act
