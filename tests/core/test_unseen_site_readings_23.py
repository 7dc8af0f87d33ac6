"""Readings for sites written by people who never saw fcpkit, round thirty-six on: a negation
speaks within its sentence, so a form's note of two sentences ("Submitting sends the lot for
approval. It can't be edited after submission.") denies editing, not submitting, while a line whose
one sentence says the failure ("The dye lot could not be submitted. Try again.") still holds "Could
not submit the dye lot"; only a heading that says a problem ("Permission required",
``test_blind_sites``) lends its words to the negation beside it: a heading that names a step or
asks to confirm an act ("Check and publish", "Delete this rota?") does not ("This can't be
undone"), while a note that denies the act itself still holds it; a description list's term that
prints its text inside it (``term ''`` over "Status") labels the definition after it, and a record
the page's own field links ("Customer: Jorge Villanueva (CUS-10517)") is what a completion naming
it expects to see, its near miss is not; a step that keeps its work as a draft ("Save the quote as
a draft") is done by "Save draft", a step acting on a draft ("Publish the draft notice") is not;
a section named for a party ("Customer", "Vendor") is the application's text, while a section
about an author and a "Customer complaint" stay the user's; a form sent while a field holds a
number the agent typed one keystroke from the task's is mistyped (a slip corrected before Save is
not); a completion written as the line a page shows ("Root tint with Nina Kowalczyk" in a
confirmation dialog) holds there; and a line saying an act is not done yet ("Draft return — not yet
processed") says nothing could not be done. Each on pages of two applications of our own making,
worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Commitment, Observation, Plan
from fcpkit.core.task_context import TaskContext
from fcpkit.core.control_acts import act_mismatch
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.trajectory import Action
from fcpkit.matching import LexicalMatcher


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


def _text(line: str) -> str:
    return f'\t\t[20] StaticText "{line}"'


_CHROME = ["\t[1] banner ''", "\t\t[2] link 'Home'", "\t\t[3] link 'Help'", "\t[4] main ''"]

# (app url, title, the review page's lines, its note of two sentences, the falsifier, a failure
# said in one sentence of two)
_REVIEW = [
    # a textile mill's planner: a dye lot's review step
    ("https://mill.test/dyelots/new", "New dye lot – review",
     ["\t\t[10] heading 'Review dye lot'", "\t\t[11] StaticText 'Shade: SH-4417 Moss Green'",
      "\t\t[12] StaticText 'Quantity: 320 kg'", "\t\t[13] button 'Submit for approval'"],
     "Submitting sends the lot to the dye house manager for approval. It can't be edited after submission.",
     "Could not submit the dye lot",
     "The dye lot could not be submitted. Try again in a few minutes."),
    # a council's procurement portal: a tender notice's last step
    ("https://tenders.test/notices/TN-2291/publish", "Publish tender notice",
     ["\t\t[10] heading 'Check and publish'", "\t\t[11] StaticText 'Lots: 3'",
      "\t\t[12] StaticText 'Closing date: 14 March 2025, 12:00'", "\t\t[13] button 'Publish notice'"],
     "Publishing makes the notice visible to every registered supplier. It can't be withdrawn after publication.",
     "Could not publish the notice",
     "The notice could not be published. Check the closing date and try again."),
]


@pytest.mark.parametrize("url,title,lines,note,statement,failure", _REVIEW)
def test_a_negation_in_one_sentence_of_a_note_denies_nothing_of_another(url, title, lines, note, statement, failure):
    assert _falsifier(statement, _obs(url, title, *_CHROME, *lines, _text(note))) < 0.5
    assert _falsifier(statement, _obs(url, title, *_CHROME, *lines, _text(failure))) >= 0.75


# (app url, title, the page, the dialog's question, its note, the falsifier, a note denying the act)
_CONFIRM = [
    # a hospital's staff rota: delete a draft rota
    ("https://rota.test/rotas/RT-118", "Rota RT-118 · Ward 7 nights",
     ["\t\t[10] heading 'Rota RT-118 · Ward 7 nights'", "\t\t[11] StaticText 'Status: Draft'",
      "\t\t[12] button 'Delete rota'"],
     "Delete this rota?", "This can't be undone. Shifts already offered to staff stay in their inboxes.",
     "Could not delete the rota", "This rota can't be deleted: shifts have been offered to staff."),
    # a bike shop's service desk: close a work order
    ("https://spokes.test/work-orders/WO-5510", "Work order WO-5510",
     ["\t\t[10] heading 'Work order WO-5510 · Ridgeback Flight'", "\t\t[11] StaticText 'Status: Ready for pickup'",
      "\t\t[12] button 'Close work order'"],
     "Close work order WO-5510?", "A closed work order cannot be reopened by the front desk.",
     "Could not close the work order", "Work order WO-5510 could not be closed: 2 parts are still on order."),
]


def _with_dialog(url, title, lines, heading, note) -> Observation:
    return _obs(url, title, *_CHROME, *lines, f"\t[40] dialog '{heading}', modal=True", f"\t\t[41] heading '{heading}', level=2",
                f'\t\t[42] StaticText "{note}"', "\t\t[43] button 'Cancel'", "\t\t[44] button 'Confirm'")


@pytest.mark.parametrize("url,title,lines,question,note,statement,denial", _CONFIRM)
def test_a_confirmations_question_lends_no_words_to_the_negation_beside_it(url, title, lines, question, note, statement, denial):
    assert _falsifier(statement, _with_dialog(url, title, lines, question, note)) < 0.5
    assert _falsifier(statement, _with_dialog(url, title, lines, question, denial)) >= 0.75


# -- a description list whose terms print their text inside them ----------------------------------------------------

def _record_page(url, title, heading, pairs, *, linked: str) -> Observation:
    """A record page with a description list: each term ``term ''`` over its text, its definition
    ``definition ''`` over its value (``linked``: the label whose value is a link to another record)."""
    lines = [*_CHROME, f"\t\t[10] heading '{heading}'", "\t\t[11] list ''"]
    k = 12
    for label, value in pairs:
        inner = f"\t\t\t\t[{k + 2}] link '{value}', clickable" if label == linked else f"\t\t\t\tStaticText '{value}'"
        lines += [f"\t\t\t[{k}] term ''", f"\t\t\t\tStaticText '{label}'", f"\t\t\t[{k + 1}] definition ''", inner]
        k += 3
    return _obs(url, title, *lines)


_RECORDS = [
    # a flooring contractor's quote
    ("https://floors.test/quotes/Q-2025-0419", "Quote Q-2025-0419", "Quote Q-2025-0419",
     [("Status", "Draft"), ("Customer", "Jorge Villanueva (CUS-10517)"), ("Waste factor", "7%")], "Customer",
     "Status Draft", "Status Accepted", "Jorge Villanueva (CUS-10517)", "Jorge Villanueva (CUS-10571)"),
    # a research facility's instrument booking
    ("https://cores.test/bookings/BK-25-04172", "Booking BK-25-04172", "Booking BK-25-04172 · Zeiss LSM 980",
     [("Booking status", "Confirmed"), ("Project", "Neural crest imaging (P-1187)"), ("Duration", "3 h")], "Project",
     "Booking status Confirmed", "Booking status Cancelled", "Neural crest imaging (P-1187)", "Neural crest imaging (P-1178)"),
]


@pytest.mark.parametrize("url,title,heading,pairs,linked,field,other_value,record,near_miss", _RECORDS)
def test_a_terms_text_is_its_label_and_its_definition_its_value(url, title, heading, pairs, linked, field, other_value,
                                                                record, near_miss):
    page = _record_page(url, title, heading, pairs, linked=linked)
    assert [(f.label, f.value) for f in Page.of(page).fields][:3] == pairs
    m = LexicalMatcher()
    assert m.score_text([field], Page.of(page))[0] >= 0.9
    assert m.score_text([other_value], Page.of(page))[0] < 0.5
    # a record the page's own field links is what the plan says the record page shows
    assert m.score_text([record], Page.of(page))[0] >= 0.9
    assert m.score_text([near_miss], Page.of(page))[0] < 0.5


# -- a step that keeps its work as a draft -----------------------------------------------------------------------------

@pytest.mark.parametrize("keeps,acts_on", [
    # a flooring contractor's quote form; a council's tender notice
    (Commitment("save", "Save the quote as a draft and see the saved quote", confirm={"completion": ["Quote saved as draft."]}),
     Commitment("approve", "Approve the draft quote", confirm={"completion": ["Quote approved"]})),
    (Commitment("save", "Save the draft notice", confirm={"completion": ["Draft saved", "Lots (2)"]}),
     Commitment("publish", "Publish the draft notice", confirm={"completion": ["Tender notice published"]})),
])
def test_a_step_that_keeps_a_draft_is_done_by_the_draft_control(keeps, acts_on):
    press = Action("click('234')", "Save it as a draft.", "button 'Save draft'", "write")
    assert act_mismatch(press, keeps) is None
    hit = act_mismatch(press, acts_on)  # a draft acted on is no draft kept: saving one approves or publishes nothing
    assert hit is not None and hit.rule == "act_mismatch"


# -- a section named for a party is the application's ---------------------------------------------------------------

_PARTY_SECTIONS = [
    # a flooring contractor's new quote: the customer picked, its card below the picker
    ("https://floors.test/quotes/new", "New quote", "Customer",
     ["combobox 'Customer' value='Jorge Villanueva (CUS-10517)', required", "StaticText '2250 NE Fremont St, Portland, OR 97212'",
      "StaticText 'Account status: Active'"],
     "2250 NE Fremont St, Portland, OR 97212", "Leaking dishwasher under the island, please check the subfloor."),
    # a purchasing desk's new order: the supplier picked, its terms below
    ("https://buy.test/orders/new", "New purchase order", "Vendor",
     ["combobox 'Vendor' value='Halden Fasteners Ltd (V-2208)', required", "StaticText 'Payment terms: Net 30'",
      "StaticText 'Ships from Leeds, UK'"],
     "Payment terms: Net 30", "Call before delivering: the loading bay closes at 3 pm."),
]


@pytest.mark.parametrize("url,title,party,lines,statement,note", _PARTY_SECTIONS)
def test_a_section_named_for_a_party_is_the_applications_text(url, title, party, lines, statement, note):
    from fcpkit.core.page import user_nodes

    def page(region: str) -> Page:
        body = [f"\t\t[20] region '{region}'", f"\t\t\t[21] heading '{region}'",
                *(f"\t\t\t[{22 + k}] {line}" if not line.startswith("StaticText") else f"\t\t\t{line}" for k, line in enumerate(lines))]
        return Page.of(_obs(url, title, *_CHROME, "\t\t[10] heading '" + title + "'", *body,
                            "\t\t[40] region 'Customer complaint'", f"\t\t\tStaticText '{note}'"))
    p = page(party)
    users = {p.nodes[i].name for i in user_nodes(p)}
    assert statement not in users and note in users  # the party's section is the app's; a complaint is still the user's
    assert LexicalMatcher().score_text([statement], p)[0] >= 0.9
    # a section about an author shows what they wrote of themselves: still the user's
    bio = page("About the author")
    assert statement in {bio.nodes[i].name for i in user_nodes(bio)}


# -- a number typed one keystroke from the task's ---------------------------------------------------------------------

_TYPED = [
    # a council's tender notice: a lot's estimated value
    dict(url="https://tenders.test/notices/TN-2291/lots/new", title="Add lot",
         task="Add Lot 2 'Software licences' to tender HCC-2025-0163 with an estimated value of £1,180,000, closing 30/04/2025.",
         field="textbox 'Estimated value (£, excluding VAT)'", right="1180000", slips=["118000", "1,108,000", "11800000"],
         shown="StaticText 'Lot 1 estimated value: £450,000'", copied="450000"),
    # a payroll correction: a bonus amount
    dict(url="https://pay.test/runs/PR-0412/employees/E-2207", title="Correct pay line",
         task="Correct Dana Whitcombe's pay line in run PR-0412: overtime 12.5 hours and a bonus of $2,450.",
         field="spinbutton 'Bonus (USD)'", right="2,450.00", slips=["2540", "2405", "24500"],
         shown="StaticText 'Suggested bonus from policy: $2,540'", copied="2540"),
]


def _typing(app, value: str, field: str | None = None, *extra: str, press: str = "button 'Save'", before: tuple = ()):
    """The built-ins on pressing ``press`` while ``field`` holds ``value``, typed by the agent
    (``before``: what it typed earlier in the run)."""
    from fcpkit.core.falsifiers import check_builtins

    plan = Plan(app["task"], [Commitment("enter", "Enter the value", confirm={"completion": ["Saved"]})])
    role, name = (field or app["field"]).split(" ", 1)
    page = _obs(app["url"], app["title"], *_CHROME, f"\t\t[10] heading '{app['title']}'", *(f"\t\t{e}" for e in extra),
                f"\t\t[20] {role} {name}, value='{value}'", f"\t\t[21] {press}")
    act = Action("click('21')", "Press it.", press, "read")
    return check_builtins(TaskContext.from_plan(plan), page, before=page, action=act, inputs=(*before, value))


@pytest.mark.parametrize("app", _TYPED, ids=lambda a: a["url"].split("/")[2])
def test_a_form_sent_with_a_number_one_keystroke_from_the_tasks_is_mistyped(app):
    for slip in app["slips"]:
        hit = _typing(app, slip)
        assert hit is not None and hit.rule == "mistyped_value", slip
    assert _typing(app, app["right"]) is None  # the task's own number, however written
    assert _typing(app, app["right"], before=(app["slips"][0],)) is None  # a slip corrected before Save
    assert _typing(app, app["slips"][0], press="button 'Cancel'") is None  # nothing is sent
    # the next page of a form carries what was entered on
    assert getattr(_typing(app, app["slips"][0], press="button 'Next: review'"), "rule", None) == "mistyped_value"
    assert _typing(app, app["slips"][0], "searchbox 'Search'") is None  # the start of what is looked for
    # a number the page showed is the page's, copied
    assert _typing(app, app["copied"], None, app["shown"]) is None
    assert _typing(app, "12") is None  # too short to call a slip


# -- a completion written as the line a page shows --------------------------------------------------------------------

@pytest.mark.parametrize("url,title,line,statement,other", [
    # a salon's diary: the confirmation dialog's summary line
    ("https://salon.test/diary/appointments/new", "New appointment", "Root tint with Nina Kowalczyk",
     "Root tint with Nina Kowalczyk", "Root tint with Nina Kowalski"),
    # a car-sharing console: the reassignment dialog's summary line
    ("https://fleet.test/reservations/RSV-884512/reassign", "Reassign reservation", "Toyota Yaris Hybrid MX23 KTF at Piccadilly Basin",
     "Toyota Yaris Hybrid MX23 KTF at Piccadilly Basin", "Toyota Yaris Hybrid MX23 KFT at Piccadilly Basin"),
])
def test_a_completion_written_as_the_line_a_dialog_shows_holds(url, title, line, statement, other):
    page = Page.of(_obs(url, title, *_CHROME, f"\t\t[10] heading '{title}'", "\t\t[11] button 'Save'",
                        "\t[40] dialog 'Confirm', modal=True", "\t\t[41] heading 'Confirm'", f"\t\t[42] StaticText '{line}'",
                        "\t\t[43] button 'Confirm'"))
    m = LexicalMatcher()
    assert m.score_text([statement], page)[0] >= 0.9
    assert m.score_text([other], page)[0] < 0.5  # a near miss is no line of the page
    # the same words only as a control's name are no line the page writes
    named = Page.of(_obs(url, title, *_CHROME, f"\t\t[10] heading '{title}'", f"\t\t[11] button '{line}'"))
    assert m.score_text([statement], named)[0] < 0.5


# -- not done yet is no failure ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("url,title,pending,failed,statement,still", [
    # a salon's returns desk: the review page of a draft return
    ("https://salon.test/returns/new", "Review return", "Draft return — not yet processed",
     "The return could not be processed: the till is offline.", "Return could not be processed", "Return not yet processed"),
    # a purchasing desk: the review page of a draft order
    ("https://buy.test/orders/new", "Review order", "Draft order — not yet submitted",
     "The order could not be submitted: the budget is closed.", "Order could not be submitted", "Order not yet submitted"),
])
def test_a_line_saying_an_act_is_not_done_yet_says_nothing_failed(url, title, pending, failed, statement, still):
    def page(line: str) -> Observation:
        return _obs(url, title, *_CHROME, f"\t\t[10] heading '{title}'", f'\t\t[11] StaticText "{line}"', "\t\t[12] button 'Process'")
    assert _falsifier(statement, page(pending)) < 0.5
    assert _falsifier(statement, page(failed)) >= 0.75
    if still is not None:  # a statement of the pending state still holds there
        assert _falsifier(still, page(pending)) >= 0.75
