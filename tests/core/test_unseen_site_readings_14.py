"""Readings for sites written by people who never saw fcpkit, a nineteenth round: a statement that
quotes a page's label says its value; a counting heading lists records without list markup; a form
that says how a value must be written answered the submission; the one way forward of a
confirmation the agent's own write raised carries that write on. Each on pages of two applications
of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.dialogs import handles_dialog
from fcpkit.core.falsifiers import TaskContext
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.testers import StateTester
from fcpkit.core.tracker import CommitmentTracker


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- a statement that quotes a label says its value --------------------------------------------------------------

@pytest.mark.parametrize("heading,statement,rows,message,own", [
    # a vet clinic's vaccination tab: the booster is up to date, another vaccine is "Due now", and the
    # toast that recorded the booster gives its next due date
    ("Rex · Vaccinations", "Rabies booster Due now",
     (("Rabies booster", "Up to date"), ("Leptospirosis", "Due now")),
     "Rabies booster recorded as given · next due 3 Jun 2027", "Rabies booster: Due now"),
    # a bakery chain's branch finder: this branch is closed, another one is "Open now", and the
    # banner about this branch says when it opens
    ("Branches · Crumb & Co", "Harbour Street branch Open now",
     (("Harbour Street branch", "Closed"), ("Quay Road branch", "Open now")),
     "Harbour Street branch is open from 09:00 tomorrow", "Harbour Street branch: Open now"),
])
def test_a_statement_that_quotes_a_label_says_its_value(heading, statement, rows, message, own):
    lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}'", "\t\t[10] table ''", "\t\t\t[11] rowgroup ''"]
    for k, (name, status) in enumerate(rows):
        lines += [f"\t\t\t\t[{20 + k}] row ''", f"\t\t\t\t\t[{30 + k}] gridcell '{name}'", f"\t\t\t\t\t[{40 + k}] gridcell '{status}'"]
    m = LexicalMatcher()
    toast = _obs("https://app.test/r/1", heading, *lines, "\t[90] status ''", f"\t\t[91] StaticText '{message}'")
    # every word but the label's discourse word stands on the toast: the label stands elsewhere
    assert m.score_falsifiers([statement], evidence_view(Page.of(toast)))[0] < 0.6
    # the page saying it of the record in view holds it
    said = _obs("https://app.test/r/1", heading, *lines, f"\t\t[50] StaticText '{own}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(said)))[0] >= 0.9
    # with no such label on the page, the discourse word is no word the page must say
    plain = _obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'",
                 f"\t\t[50] StaticText '{own.replace('Due now', 'Due').replace('Open now', 'Open')}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(plain)))[0] >= 0.9


# -- a counting heading lists records ---------------------------------------------------------------------------

@pytest.mark.parametrize("heading,counted,entries,near", [
    # a vet desk's search page: owners set as a link and a line each, under "Owners (2)"
    ("Results for Okafor", "Owners (2)", (("Daniel Okafor", "1 pet · Biscotti"), ("Grace Okafor", "2 pets · Pepper, Biscuit")),
     "Biscotti"),
    # a bookshop's search page: authors under "Authors · 3"
    ("Search: Harrow", "Authors · 3", (("Ann Harrow", "12 titles · The Salt Road"), ("Ben Harrower", "2 titles · Saltmarsh"),
                                       ("Cy Harrow", "1 title · Tidewater")), "Saltmarsh"),
])
def test_a_counting_heading_lists_the_records_under_it(heading, counted, entries, near):
    lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}', level=1", f"\t\t[4] heading '{counted}', level=2"]
    for k, (name, line) in enumerate(entries):
        lines += [f"\t\t[{10 + k}] link '{name}'", f"\t\t[{20 + k}] StaticText '{line}'"]
    lines += ["\t\t[40] heading 'Saved searches', level=2", f"\t\t[41] StaticText 'Alert me about {near}'"]
    p = Page.of(_obs("https://app.test/search", heading, *lines))
    first, second = p.position("10"), p.position("11")
    assert p.items[first] == first and p.items[p.position("20")] == first and p.items[p.position("21")] == second
    assert p.items[p.position("41")] == -1  # the next section of the same rank is the page's again
    m = LexicalMatcher()
    view = evidence_view(Page.of(_obs("https://app.test/search", heading, *lines[:-2])))
    assert m.score_falsifiers([near], view)[0] < 0.6
    # an uncounted heading over a record's own fields lists nothing
    own = Page.of(_obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}', level=1",
                       "\t\t[4] heading 'Owner', level=2", f"\t\t[10] link '{entries[0][0]}'", f"\t\t[20] StaticText '{entries[0][1]}'",
                       f"\t\t[11] link '{entries[1][0]}'"))
    assert own.items[own.position("20")] == -1
    # a count of one lists one record: nothing to tell apart
    one = Page.of(_obs("https://app.test/search", heading, "\t[2] main ''", "\t\t[4] heading 'Owners (1)', level=2",
                       f"\t\t[10] link '{entries[0][0]}'", f"\t\t[20] StaticText '{entries[0][1]}'"))
    assert one.items[one.position("20")] == -1


# -- a form that says how a value must be written answered ------------------------------------------------------

@pytest.mark.parametrize("answer", [
    "Enter the weight as a number only, e.g. 12.4",
    "Type the date in the format DD/MM/YYYY",
    "Use digits only",
    "Enter a whole number of nights",
])
def test_a_form_saying_how_to_write_a_value_answered_the_submission(answer):
    from fcpkit.core.rules import check_transition
    for label, value in (("Weight (kg)", "12.4 kg"), ("Check-in date", "3rd of June")):
        lines = ("\t[2] main ''", "\t\t[3] heading 'Edit'", f"\t\t[10] textbox '{label}', value='{value}'", "\t\t[11] button 'Save'")
        before = _obs("https://app.test/f", "Edit", *lines)
        submit = Action("click('11')", "Save.", "button 'Save'", "write")
        answered = Observation(before.url, before.title, before.text + f"\n\t\t[40] alert ''\n\t\t\t[41] StaticText '{answer}'")
        assert check_transition(before, submit, answered) is None
        told = Observation(before.url, before.title, before.text + "\n\t\t[40] alert ''\n\t\t\t[41] StaticText 'Use the search to find a guest'")
        assert check_transition(before, submit, told).rule == "unchanged_page"


# -- the one way forward of a confirmation the agent's write raised ---------------------------------------------

_CONFIRMS = [
    # a freight desk: "Confirm booking" raises "Send booking to the carrier?"
    ("Book the 14 Mar sailing for shipment FWD-1180.", "Book the sailing", "Confirm booking",
     "Send booking to Nordvik Line?", "Send booking", "Go back", "Add cargo insurance?", "Add insurance"),
    # a clinic's billing: "Save invoice" raises "Issue invoice INV-51 to the owner?"
    ("Bill the owner for today's visit.", "Bill the visit", "Save invoice",
     "Issue invoice INV-51 to Grace Okafor?", "Issue invoice", "Cancel", "Set up a payment plan?", "Start plan"),
]


@pytest.mark.parametrize("task,subgoal,wrote,title,forward,back,other_title,other", _CONFIRMS)
def test_the_one_way_forward_of_a_confirmation_the_write_raised_carries_it_on(task, subgoal, wrote, title, forward, back,
                                                                               other_title, other):
    def pages(title, forward):
        before = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t[30] button '{wrote}'")
        after = Observation(before.url, before.title, before.text + f"\n\t[60] alertdialog '{title}', modal=True"
                            f"\n\t\t[61] StaticText 'This cannot be undone.'\n\t\t[62] button '{back}'\n\t\t[63] button '{forward}'")
        return before, after

    def tracker():
        step = Commitment("do", subgoal, confirm={"completion": [Evidence("Changes saved")]})
        return CommitmentTracker(Plan(task, [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))

    write = Action("click('30')", "Commit it.", f"button '{wrote}'", "irreversible")
    go = Action("click('63')", "Go on.", f"button '{forward}'", "irreversible")
    before, after = pages(title, forward)
    tr = tracker()
    tr.test_page(after, before=before, action=write)
    assert tr.test_action(go).rule != "unexpected_dialog"
    # a dialog the write raised that offers something else asks a question of its own
    before, after = pages(other_title, other)
    tr = tracker()
    tr.test_page(after, before=before, action=write)
    assert tr.test_action(Action("click('63')", "Sure.", f"button '{other}'", "irreversible")).rule == "unexpected_dialog"
    # and a second way on besides the one that carries the write leaves the question open
    asked = TaskContext.from_plan(Plan(task, [Commitment("do", subgoal)])).wanted
    two = Observation(after.url, after.title, pages(title, forward)[1].text + f"\n\t\t[64] button '{forward} and notify all'")
    assert handles_dialog(go, pages(title, forward)[1], asked, confirms=True, written=wrote)
    assert not handles_dialog(go, two, asked, confirms=True, written=wrote)
    assert not handles_dialog(go, pages(title, forward)[1], asked, confirms=True, written="")


# -- a word only a button says is offered, not so ----------------------------------------------------------------

@pytest.mark.parametrize("heading,statement,button,status", [
    # an equipment lending desk: the asset page offers "Send to repair"; the asset is available
    ("KR-LT-0417 · Lenovo ThinkPad", "KR-LT-0417 is in repair", "Send to repair", "In repair"),
    # a library catalogue: the title page offers "Place hold"; the copy is on the shelf
    ("BK-20931 · The Salt Road", "BK-20931 is on hold", "Place hold", "On hold for a patron"),
])
def test_a_word_only_a_button_says_is_offered_not_so(heading, statement, button, status):
    lines = ("\t[2] main ''", f"\t\t[3] heading '{heading}'", "\t\t[4] toolbar 'Actions'", f"\t\t\t[5] button '{button}'",
             "\t\t\t[6] button 'Edit details'", "\t\t[7] StaticText 'Status'")
    m = LexicalMatcher()
    offered = _obs("https://app.test/r/1", heading, *lines, "\t\t[8] StaticText 'Available'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(offered)))[0] < 0.6
    said = _obs("https://app.test/r/1", heading, *lines, f"\t\t[8] StaticText '{status}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(said)))[0] >= 0.9


# -- a step that names its control says what the control does here ------------------------------------------------

@pytest.mark.parametrize("control,naming,other", [
    # an equipment lending desk: "Check out" lends the laptop (in a shop it would pay)
    ("Check out", "Submit the checkout for laptop KR-LT-0417", "Save the loan form for laptop KR-LT-0417"),
    # a till: "Void receipt" is the correction the step makes (elsewhere it would cancel)
    ("Void receipt", "Save the void receipt correction for R-5512", "Save the correction of receipt R-5512"),
])
def test_a_step_that_names_its_control_says_what_it_does_here(control, naming, other):
    from fcpkit.core.control_acts import act_mismatch
    press = Action("click('31')", "Go on.", f"button '{control}'", "write")
    assert act_mismatch(press, Commitment("do", naming)) is None
    assert act_mismatch(press, Commitment("do", other)).rule == "act_mismatch"


# -- a statement of one common word holds where it stands as written ------------------------------------------------

@pytest.mark.parametrize("statement,furniture,said", [
    # a tutoring centre's calendar: a "View" menu and a "View all alerts" link; the role line says it
    ("view only", ("\t\t[10] radiogroup 'View'", "\t\t[11] link 'View all alerts'"), "Front desk role: view only."),
    # a wiki's page: a "Read" tab and "Read more" links; the banner says the page is read-only
    ("read only", ("\t\t[10] tab 'Read', selected=True", "\t\t[11] link 'Read more'"), "This page is read-only while it is reviewed"),
])
def test_a_statement_of_one_common_word_holds_where_it_stands_as_written(statement, furniture, said):
    m = LexicalMatcher()
    lines = ("\t[2] main ''", "\t\t[3] heading 'Week of 13 Oct'", *furniture)
    assert m.score_falsifiers([statement], evidence_view(Page.of(_obs("https://app.test/c", "Calendar", *lines))))[0] < 0.6
    page = _obs("https://app.test/c", "Calendar", *lines, f"\t\t[20] StaticText '{said}'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(page)))[0] >= 0.9


# -- a filter set to everyone narrows nothing ---------------------------------------------------------------------

@pytest.mark.parametrize("control,value", [
    ("Account manager", "Anyone"),
    ("Assigned to", "Anybody"),
])
def test_a_filter_set_to_everyone_narrows_nothing(control, value):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    task = "Reorder job PR-24817 for Harbor & Pine Dental Group."
    ctx = TaskContext.from_plan(Plan(task, [Commitment("do", task)]))
    lines = ("\t[2] main ''", "\t\t[3] heading 'Clients'", "\t\t[4] group 'Filters'",
             f"\t\t\t[5] combobox '{control}' value='{{}}', hasPopup='listbox'", "\t\t[10] table 'Clients'",
             "\t\t\t[11] row ''", "\t\t\t\t[12] columnheader 'Client'", "\t\t\t[13] row ''", "\t\t\t\t[14] cell 'Harbor & Pine Dental Group'",
             "\t\t\t[15] row ''", "\t\t\t\t[16] cell 'Harbor Pine Dental Studio'")
    everyone = _obs("https://app.test/clients", "Clients", *(l.replace("{}", value) for l in lines))
    assert unrequested_narrowing(ctx, everyone) is None
    narrowed = _obs("https://app.test/clients", "Clients", *(l.replace("{}", "Mara Quist") for l in lines[:7]),
                    *lines[9:])  # the task's client no longer listed
    assert unrequested_narrowing(ctx, narrowed) is not None


# -- setting a field is done on that field --------------------------------------------------------------------------

@pytest.mark.parametrize("falsifier,field,other,value", [
    # a wilderness permit desk: the trailhead stays; the agent types the new entry date
    ("Select a trailhead other than Lost Creek", "combobox 'Trailhead' value='Lost Creek'", "textbox 'New entry date'",
     "2025-06-18"),
    # a clinic's booking form: the room stays; the agent types the appointment time
    ("Choose a room other than Consult 2", "combobox 'Room' value='Consult 2'", "textbox 'Start time'", "10:30"),
])
def test_setting_a_field_is_done_on_that_field(falsifier, field, other, value):
    task = "Move the booking to the new date, keeping the same room and party."
    step = Commitment("set", "Type the new value", confirm={"completion": [Evidence("Saved")]},
                      falsify={"execution": [Evidence(falsifier, on="action")]})
    form = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] heading 'Form'", f"\t\t[10] {field}",
                f"\t\t[11] {other}", "\t\t[12] button 'Save'")
    tester = ActionTester(LexicalMatcher())
    plan = Plan(task, [step])
    current = field.split("value='")[1].rstrip("'")
    why = f"Enter {value}; {field.split(chr(39))[1].lower()} {current} stays as it is."
    typing = Action(f"fill('11', '{value}')", why, other, "write")
    assert tester.test(plan, step, typing, page=form).route.value == "continue"
    # on the field it names, the falsifier is read as before
    choosing = Action("select_option('10', 'Lost Creek North')" if "Trailhead" in field else "select_option('10', 'Consult 4')",
                      why, field.split(" value")[0], "write")
    assert tester.test(plan, step, choosing, page=form).alpha_minus >= tester.test(plan, step, typing, page=form).alpha_minus


# -- a record the agent's own write made --------------------------------------------------------------------------

@pytest.mark.parametrize("task,old,new,kind_title,message", [
    ("Reorder job PR-24817 as 2,500 postcards.", "PR-24817", "PR-25141", "Job", "Reorder {} submitted to the production queue."),
    ("Open a follow-up ticket for HD-7710 about the printer.", "HD-7710", "HD-7794", "Ticket", "Ticket {} created."),
])
def test_a_record_the_agents_write_made_is_the_runs_own(task, old, new, kind_title, message):
    from fcpkit.core.tracker import made_records
    step = Commitment("do", task, confirm={"completion": [Evidence("submitted")]})
    tracker = CommitmentTracker(Plan(task, [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    form = _obs(f"https://app.test/r/{old}", f"{kind_title} {old}", "\t[2] main ''", f"\t\t[3] heading '{kind_title} {old}'",
                "\t\t[10] button 'Submit'")
    tracker.test_page(form)
    submit = Action("click('10')", "Submit.", "button 'Submit'", "irreversible")
    made = _obs(f"https://app.test/r/{new}", f"{kind_title} {new}", "\t[2] main ''", f"\t\t[3] heading '{kind_title} {new}'",
                "\t[90] status ''", f"\t\t[91] StaticText '{message.format(new)}'")
    assert {r.id for r in made_records(form, submit, made)} == {new}
    assert tracker.test_page(made, before=form, action=submit).rule != "wrong_record"
    # a click that lands on another record's page made nothing
    other = _obs(f"https://app.test/r/{new}", f"{kind_title} {new}", "\t[2] main ''", f"\t\t[3] heading '{kind_title} {new}'")
    assert not made_records(form, Action("click('10')", "Open.", "link 'Other'", "read"), other)
    assert not made_records(form, submit, other)  # nothing said it was made


# -- a form's answer to a value typed is judged at submission -------------------------------------------------------

@pytest.mark.parametrize("box,wrong,right,answer,falsifier", [
    ("Quantity", "2,500", "2500", "Enter whole numbers only, without commas or spaces.", "Enter whole numbers only"),
    ("Due back (YYYY-MM-DD)", "14/03/2025", "2025-03-14", "Use the format YYYY-MM-DD", "Use the format YYYY-MM-DD"),
])
def test_a_forms_answer_to_a_value_typed_is_judged_at_submission(box, wrong, right, answer, falsifier):
    step = Commitment("set", f"Set {box}", confirm={"completion": [Evidence("Saved")]},
                      falsify={"skill": [Evidence(falsifier)]})
    lines = ("\t[2] main ''", "\t\t[3] heading 'Form'", f"\t\t[10] textbox '{box}' value='{{}}'", "\t\t[11] button 'Save'")
    form = _obs("https://app.test/f", "Form", *(l.replace("{}", "") for l in lines))
    answered = _obs("https://app.test/f", "Form", *(l.replace("{}", wrong) for l in lines), f"\t\t[12] StaticText '{answer}'")
    fixed = _obs("https://app.test/f", "Form", *(l.replace("{}", right) for l in lines))

    def tracker():
        tr = CommitmentTracker(Plan("Fill the form.", [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
        tr.test_page(form)
        return tr

    typed = Action(f"fill('10', '{wrong}')", "Type it.", f"textbox '{box}'", "write")
    retyped = Action(f"fill('10', '{right}')", "Retype it.", f"textbox '{box}'", "write")
    submit = Action("click('11')", "Save.", "button 'Save'", "write")
    tr = tracker()
    tr.test_action(typed)
    assert tr.test_page(answered, before=form, action=typed).route.value != "risk"
    tr.test_action(retyped)
    tr.test_page(fixed, before=answered, action=retyped)
    assert tr.test_action(submit).route.value != "risk"
    # submitted over the form's answer: drift, before the submission runs
    tr = tracker()
    tr.test_action(typed)
    tr.test_page(answered, before=form, action=typed)
    held = tr.test_action(submit)
    assert held.route.value == "risk" and held.phase == "pre" and held.evidence == falsifier


# -- a box left unticked is a choice not made -----------------------------------------------------------------------

@pytest.mark.parametrize("box,statement", [
    ("Waive change fee (supervisor approval required)", "Supervisor approval required"),
    ("Rush production (35% surcharge)", "Rush production surcharge"),
])
def test_a_box_left_unticked_says_what_the_form_allows_not_what_it_holds(box, statement):
    m = LexicalMatcher()
    lines = ("\t[2] main ''", "\t\t[3] heading 'Review'", "\t\t[4] form 'Change'")
    off = _obs("https://app.test/f", "Review", *lines, f"\t\t\t[10] checkbox '{box}', checked='false'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(off)))[0] < 0.6
    on = _obs("https://app.test/f", "Review", *lines, f"\t\t\t[10] checkbox '{box}', checked='true'")
    assert m.score_falsifiers([statement], evidence_view(Page.of(on)))[0] >= 0.9


# -- backing out of a dialog is no attempt at the step ------------------------------------------------------------

@pytest.mark.parametrize("heading,dialog,state,act", [
    # a print shop's reorder form: the agent looks at the proof, backs out; the price is still to recalculate
    ("Reorder PR-24817", "Digital proof", "Price is out of date", "Recalculate price"),
    # a clinic's invoice: the agent opens the card terminal, backs out; the total is still to refresh
    ("Invoice INV-88213", "Take card payment", "Total is out of date", "Refresh total"),
])
def test_backing_out_of_a_dialog_is_no_attempt_at_the_step(heading, dialog, state, act):
    from fcpkit.core.dialogs import only_backs_out
    from fcpkit.core.verify import Decision
    step = Commitment("recalc", f"{act} for the new values", confirm={"completion": [Evidence("Price breakdown")]},
                      falsify={"execution": [Evidence(state)]})
    base = ("\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\t[4] StaticText '{state}. Values changed since the last estimate.'",
            f"\t\t[5] button '{act}'", "\t\t[6] button 'Review'")
    form = _obs("https://app.test/r/1", heading, *base)
    shown = _obs("https://app.test/r/1", heading, *base, f"\t[60] dialog '{dialog}', modal=True", "\t\t[61] button 'Approve'",
                 "\t\t[62] button 'Cancel'")
    start = _obs("https://app.test/r/1", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\t[5] button '{act}'",
                 "\t\t[6] button 'Review'")
    tr = CommitmentTracker(Plan("Reorder it.", [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
    tr.test_page(start)
    back = Action("click('62')", "Not yet.", "button 'Cancel'", "read")
    assert only_backs_out(back, shown) and not only_backs_out(Action("click('61')", "Yes.", "button 'Approve'", "read"), shown)
    review = Action("click('6')", "Look at it.", "button 'Review'", "read")
    tr.test_page(shown, before=start, action=review)
    tr.attempted.clear()  # (what the look itself counts as is not what this test is about)
    tr.action_tested(back, tr.test_action(back), Decision.CONTINUE)
    assert tr.active not in tr.attempted  # so what the step found stays the step's to change
    # once the step's own control was pressed, what the page shows is the step's outcome
    press = Action("click('5')", f"{act}.", f"button '{act}'", "read")
    tr.test_page(form, before=shown, action=back)
    tr.action_tested(press, tr.test_action(press), Decision.CONTINUE)
    assert tr.active in tr.attempted
    # "Cancel order" cancels an order: it is no backing out
    cancel = _obs("https://app.test/r/1", heading, *base, "\t[60] dialog 'Cancel order #100482?', modal=True",
                  "\t\t[61] button 'Cancel order'", "\t\t[62] button 'Keep order'")
    assert not only_backs_out(Action("click('61')", "Do it.", "button 'Cancel order'", "irreversible"), cancel)


# -- a dialog the agent's own backing out raised asks whether to leave ------------------------------------------------

@pytest.mark.parametrize("form,title,leave,stay", [
    # an accountant's portal: Cancel on a half-filled request raises "Discard this request?"
    ("Request document", "Discard this request?", "Discard", "Keep editing"),
    # a clinic's booking form: Close raises "Leave without saving?"
    ("New appointment", "Leave without saving?", "Leave", "Stay on this form"),
])
def test_a_dialog_the_agents_backing_out_raised_asks_whether_to_leave(form, title, leave, stay):
    step = Commitment("fill", f"Fill the {form.lower()} form and send it", confirm={"completion": [Evidence("Sent")]})
    base = ("\t[2] main ''", "\t\t[3] heading 'Client'", f"\t[10] dialog '{form}', modal=True", "\t\t[11] textbox 'Message'",
            "\t\t[12] button 'Cancel'", "\t\t[13] button 'Send'")
    filled = _obs("https://app.test/r/1", "Client", *base)
    asking = _obs("https://app.test/r/1", "Client", *base, f"\t[20] alertdialog '{title}', modal=True",
                  "\t\t[21] StaticText 'Your changes will be lost.'", f"\t\t[22] button '{stay}'", f"\t\t[23] button '{leave}'")
    cancel = Action("click('12')", "Start over.", "button 'Cancel'", "read")

    def tracker():
        tr = CommitmentTracker(Plan("Send the request.", [step]), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))
        tr.test_page(filled)
        tr.test_action(cancel)
        tr.test_page(asking, before=filled, action=cancel)
        return tr

    for control, bid in ((leave, "23"), (stay, "22")):
        check = tracker().test_action(Action(f"click('{bid}')", "Answer it.", f"button '{control}'", "read"))
        assert check.rule is None and check.route.value == "continue"
    # a click behind it does not answer it
    behind = tracker().test_action(Action("click('3')", "Look.", "heading 'Client'", "read"))
    assert behind.rule == "unexpected_dialog"
