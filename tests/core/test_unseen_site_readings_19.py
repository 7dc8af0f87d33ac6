"""Readings for sites written by people who never saw fcpkit, round twenty-eight: *confirm* followed
by an act's noun performs that act ("Confirm allocation", "Confirm the payment"), while *confirm*
that goes on to say something of it checks ("Confirm the payment was received"); a report made
while the page still offers the act a later step asks for leaves that step undone; backing out of
the dialog a press raised takes the press back, so the act it asked to confirm is still undone.
Each on pages of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Commitment, Label, Observation, Plan, Step, Trajectory
from fcpkit.core.page import Page
from fcpkit.core.control_acts import GENERIC_ACT, dialog_acts, expected_acts, name_acts


# -- the act a confirmation names ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name,act", [
    ("Confirm allocation", "assign"), ("Confirm payment £122.94", "pay"), ("Confirm refund of €40.00", "refund"),
    ("Confirm deletion", "delete"), ("Confirm the withdrawal", "cancel"), ("Confirm approval", "approve"),
])
def test_confirm_and_an_acts_noun_performs_that_act_and_finishes_the_form(name, act):
    assert name_acts(name) == {act, GENERIC_ACT}


@pytest.mark.parametrize("name", ["Confirm", "Confirm email address", "Payment method", "Allocation history",
                                  "Confirm the payment was received", "Confirm that email"])
def test_a_noun_alone_or_a_confirmation_that_goes_on_to_check_performs_no_act(name):
    assert name_acts(name) == frozenset()


@pytest.mark.parametrize("subgoal,acts", [
    ("Confirm the allocation and see it saved", {"assign"}), ("Confirm the payment for permit P-2210", {"pay"}),
    ("Confirm the payment was received", set()), ("Confirm that the claim shows as sent", set()),
    ("Confirm the record shows the new address", set()),
])
def test_a_step_that_confirms_an_act_asks_for_it_and_one_that_confirms_a_fact_asks_for_none(subgoal, acts):
    assert expected_acts(Commitment("s", subgoal))[0] == acts


# -- a report over a later step's act, and a dialog backed out of -------------------------------------------------

#: Two applications: a council's parking permits, paid from a review page through a dialog answered
#: with a bare "Confirm"; an expense tool whose claims are submitted through a dialog that names its act
_APPS = {
    "permits": dict(
        url="https://permitly.test/permits/P-2210/review", title="Review permit P-2210 · Permitly",
        plan=Plan("Pay for resident parking permit P-2210 (zone C, 12 months).", [
            Commitment("review", "Open the review page of permit P-2210",
                       confirm={"completion": ["Review permit P-2210"]}),
            Commitment("pay", "Confirm the payment for permit P-2210",
                       confirm={"completion": ["Payment received for permit P-2210"]}),
        ]),
        body=["\t\t[3] heading 'Review permit P-2210'", "\t\tStaticText 'Zone C · 12 months · £96.00'",
              "\t\t[4] button 'Back'", "\t\t[5] button 'Confirm payment'"],
        press="button 'Confirm payment'",
        dialog=["\t[8] dialog 'Confirm payment', modal=True", "\t\tStaticText 'Pay £96.00 for permit P-2210?'",
                "\t\t[9] button 'Cancel'", "\t\t[10] button 'Confirm'"],
        answer="button 'Confirm'", done="Payment received for permit P-2210. A receipt was emailed to you."),
    "claims": dict(
        url="https://claimwise.test/claims/CL-88/review", title="Claim CL-88 · Claimwise",
        plan=Plan("Submit expense claim CL-88 (train fares, £42.50).", [
            Commitment("review", "Open claim CL-88", confirm={"completion": ["Claim CL-88"]}),
            Commitment("submit", "Submit the claim and check it was sent",
                       confirm={"completion": ["Claim CL-88 submitted"]}),
        ]),
        body=["\t\t[3] heading 'Claim CL-88: Train fares'", "\t\tStaticText 'Status: Draft · Total £42.50'",
              "\t\t[4] button 'Save draft'", "\t\t[5] button 'Submit claim'"],
        press="button 'Submit claim'",
        dialog=["\t[8] dialog 'Submit claim CL-88?', modal=True",
                "\t\tStaticText 'Your manager will be asked to approve £42.50.'",
                "\t\t[9] button 'Go back'", "\t\t[10] button 'Submit claim'"],
        answer="button 'Submit claim'", done="Claim CL-88 submitted to your manager."),
}


def _page(app: dict, *extra: str, body: bool = True) -> Observation:
    lines = [f"RootWebArea '{app['title']}', focused", "\t[2] main ''", *(app["body"] if body else []), *extra]
    return Observation(app["url"], app["title"], "\n".join(lines))


def _check(app: dict, steps: list[tuple[Action, Observation]]):
    plan = app["plan"]
    start = Observation("https://portal.test/home", "Home", "RootWebArea 'Home', focused\n\t[1] link 'Open'")
    tr = Trajectory("t", plan.task, plan, start, tuple(Step(a, o) for a, o in steps), Label(None, None), "app")
    return Checker().check(tr)


def _open(app: dict) -> tuple[Action, Observation]:
    return Action("click('1')", "Open it.", "link 'Open'", "read"), _page(app)


def _press(app: dict) -> tuple[Action, Observation]:
    return Action("click('5')", "Press it.", app["press"], "read"), _page(app, *app["dialog"])


def _cancel(app: dict) -> tuple[Action, Observation]:
    return Action("click('9')", "Close the dialog.", f"button '{app['dialog'][2].split(chr(39))[1]}'", "read"), _page(app)


def _answer(app: dict) -> tuple[Action, Observation]:
    done = [f"\t\t[6] status ''", f"\t\t\tStaticText '{app['done']}'"]
    return Action("click('10')", "Confirm.", app["answer"], "irreversible"), _page(app, *done, body=False)


def _report(page: Observation) -> tuple[Action, Observation]:
    return Action("send_msg_to_user('Done: it went through.')", "Report.", None, "read"), page


@pytest.mark.parametrize("name", sorted(_APPS))
def test_reporting_while_the_page_offers_a_later_steps_act_leaves_that_step_undone(name):
    app = _APPS[name]
    result = _check(app, [_open(app), _report(_page(app))])
    assert result.detected and result.detection.step == 1
    assert result.checks[-1].result.rule == "skipped_commitment" or any(
        c.result.rule == "skipped_commitment" for c in result.checks if c.step == 1)


@pytest.mark.parametrize("name", sorted(_APPS))
def test_backing_out_of_the_dialog_a_press_raised_takes_the_press_back(name):
    app = _APPS[name]
    pressed = _press(app)
    result = _check(app, [_open(app), pressed, _cancel(app), _report(_page(app))])
    assert result.detected and result.detection.step == 3
    assert any(c.result.rule == "skipped_commitment" for c in result.checks if c.step == 3)


@pytest.mark.parametrize("name", sorted(_APPS))
def test_the_act_confirmed_in_its_dialog_is_done_even_after_a_first_cancel(name):
    app = _APPS[name]
    done = _answer(app)
    assert not _check(app, [_open(app), _press(app), _answer(app), _report(done[1])]).detected
    assert not _check(app, [_open(app), _press(app), _cancel(app), _press(app), _answer(app), _report(done[1])]).detected


@pytest.mark.parametrize("name", sorted(_APPS))
def test_the_acts_a_dialog_waits_for_include_a_bare_answers_from_the_dialogs_name(name):
    app = _APPS[name]
    waits = dialog_acts(_page(app, *app["dialog"]))
    assert waits >= expected_acts(app["plan"].commitments[1])[0]
    assert dialog_acts(_page(app)) == frozenset()


def test_a_step_that_only_checks_a_fact_is_not_held_to_a_control_the_page_offers():
    app = dict(_APPS["permits"])
    app["plan"] = Plan("Check permit P-2210 is paid.", [
        Commitment("review", "Open the review page of permit P-2210", confirm={"completion": ["Review permit P-2210"]}),
        Commitment("check", "Confirm the payment was received", confirm={"completion": ["Payment received"]}),
    ])
    result = _check(app, [_open(app), _report(_page(app))])
    assert not any(c.result.rule == "skipped_commitment" for c in result.checks)


# -- a link followed away from values set and never sent ----------------------------------------------------------

#: Two applications: a research council's grant form, with a guidance link beside its field; a fleet
#: desk's vehicle booking form, left through the header's navigation
_FORMS = {
    "grants": dict(
        url="https://grantwise.test/apply/GA-3310/budget", title="Budget (step 2 of 4) · Grantwise",
        field="Total requested (GBP)", value="48000", link="View eligibility rules", inside=True,
        send="Next: team", plan=Plan("Request £48,000 on grant application GA-3310 and submit it.", [
            Commitment("budget", "Enter the total requested: 48000", confirm={"completion": ["Total requested 48,000"]}),
            Commitment("submit", "Submit the application", confirm={"completion": ["Application GA-3310 submitted"]}),
        ])),
    "fleet": dict(
        url="https://fleetdesk.test/bookings/new", title="New booking · Fleetdesk",
        field="Destination", value="Harwich depot", link="Dashboard", inside=False,
        send="Book vehicle", plan=Plan("Book van FV-204 to Harwich depot.", [
            Commitment("details", "Enter the destination Harwich depot", confirm={"completion": ["Destination Harwich depot"]}),
            Commitment("book", "Book the vehicle", confirm={"completion": ["Booking confirmed for FV-204"]}),
        ])),
}


def _form_page(app: dict, value: str = "", *extra: str, sent: bool = False) -> Observation:
    link = f"\t\t\t[7] link '{app['link']}'"
    lines = [f"RootWebArea '{app['title']}', focused", "\t[1] banner ''", "\t\t[2] link 'Dashboard'" if not app["inside"]
             else "\t\t[2] link 'Home'", "\t[3] main ''", f"\t\t[4] heading '{app['title'].split(' · ')[0]}'", *extra]
    if not sent:
        lines += ["\t\t[5] form ''", f"\t\t\t[6] textbox '{app['field']}', value='{value}'", *([link] if app["inside"] else []),
                  "\t\t\t[8] button 'Cancel'", f"\t\t\t[9] button '{app['send']}'"]
    return Observation(app["url"], app["title"], "\n".join(lines))


def _elsewhere(app: dict) -> Observation:
    return Observation("https://app.test/other", "Elsewhere", "RootWebArea 'Elsewhere', focused\n\t[1] main ''\n\t\t[2] heading 'Elsewhere'")


def _type(app: dict, effect: str = "write") -> tuple[Action, Observation]:
    return Action(f"fill('6', '{app['value']}')", "Type it.", f"textbox '{app['field']}'", effect), \
        _form_page(app, app["value"])


def _follow(app: dict) -> tuple[Action, Observation]:
    bid = "7" if app["inside"] else "2"
    return Action(f"click('{bid}')", "Look elsewhere.", f"link '{app['link']}'", "read"), _elsewhere(app)


def _form_run(app: dict, steps: list[tuple[Action, Observation]]):
    plan = app["plan"]
    tr = Trajectory("t", plan.task, plan, _form_page(app), tuple(Step(a, o) for a, o in steps), Label(None, None), "app")
    return Checker().check(tr)


@pytest.mark.parametrize("name", sorted(_FORMS))
def test_following_a_link_away_from_values_set_and_never_sent_loses_them(name):
    app = _FORMS[name]
    result = _form_run(app, [_type(app), _follow(app)])
    assert result.detected and result.detection.step == 1
    assert any(c.result.rule == "left_unsaved" and c.result.phase == "post" for c in result.checks if c.step == 1)


@pytest.mark.parametrize("name", sorted(_FORMS))
def test_an_application_that_asks_before_leaving_keeps_the_agent_on_the_form(name):
    """"Leave without saving?" over the form: the link took the agent nowhere yet."""
    app = _FORMS[name]
    asks = _form_page(app, app["value"], "\t[20] dialog 'Leave without saving?', modal=True",
                      "\t\t[21] button 'Stay'", "\t\t[22] button 'Leave'")
    follow = (_follow(app)[0], asks)
    result = _form_run(app, [_type(app), follow])
    assert not any(c.result.rule == "left_unsaved" for c in result.checks)


@pytest.mark.parametrize("name", sorted(_FORMS))
def test_following_a_result_after_typing_a_search_loses_nothing(name):
    app = dict(_FORMS[name], field="Search bookings")
    result = _form_run(app, [_type(app), _follow(app)])
    assert not any(c.result.rule == "left_unsaved" for c in result.checks)


@pytest.mark.parametrize("name", sorted(_FORMS))
def test_a_link_after_the_form_was_sent_or_with_nothing_set_is_no_loss(name):
    app = _FORMS[name]
    send = Action("click('9')", "Send it.", f"button '{app['send']}'", "write")
    sent = _form_page(app, "", "\t\t[10] status ''", "\t\t\tStaticText 'Saved'", sent=True)
    for steps in ([_type(app), (send, sent)], [_follow(app)], [_type(app, "read"), _follow(app)]):
        result = _form_run(app, steps)
        assert not any(c.result.rule == "left_unsaved" for c in result.checks), steps


@pytest.mark.parametrize("name", sorted(_FORMS))
def test_a_form_that_says_it_keeps_what_is_typed_loses_nothing_to_a_link(name):
    app = _FORMS[name]
    saving = _form_page(app, app["value"], "\t\t[10] status ''", "\t\t\tStaticText 'All changes saved'")
    typed = (_type(app)[0], saving)
    result = _form_run(app, [typed, _follow(app)])
    assert not any(c.result.rule == "left_unsaved" for c in result.checks)


# -- a record named by its full name in another record's panel ----------------------------------------------------

def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


@pytest.mark.parametrize("falsifier,own,other", [
    # a court's cases: the family case of the same party, listed under the civil case's related cases
    ("FA-2025-000352 In re the Marriage of Lindqvist",
     ("https://courts.test/cases/FA-2025-000352", "FA-2025-000352 In re the Marriage of Ingrid Lindqvist",
      ("\t[2] main ''", "\t\t[3] heading 'In re the Marriage of Ingrid Lindqvist and Stefan Lindqvist'",
       "\t\tStaticText 'FA-2025-000352 · Family Division · Open'")),
     ("https://courts.test/cases/CV-2025-000352", "CV-2025-000352 Lindqvist v. Harrow Medical Group",
      ("\t[2] main ''", "\t\t[3] heading 'Lindqvist v. Harrow Medical Group'",
       "\t\tStaticText 'CV-2025-000352 · Civil Division 2 · Open'",
       "\t[10] complementary 'Related cases'", "\t\t[11] list ''", "\t\t\t[12] listitem ''",
       "\t\t\t\t[13] link 'FA-2025-000352 In re the Marriage of Ingrid Lindqvist and Stefan Lindqvist'",
       "\t\t\t\tStaticText 'Same party name · Family Division'", "\t\t\t[14] listitem ''",
       "\t\t\t\t[15] link 'CV-2025-000353 Harrow Medical Group v. Lindqvist'"))),
    # a museum's collection: the other object of the same series, listed under the object in view
    ("OBJ-1187 Portrait of a Lady with a Fan",
     ("https://collection.test/objects/OBJ-1187", "OBJ-1187 Portrait of a Lady with a Fan",
      ("\t[2] main ''", "\t\t[3] heading 'Portrait of a Lady with a Fan'", "\t\tStaticText 'OBJ-1187 · Oil on canvas'")),
     ("https://collection.test/objects/OBJ-1178", "OBJ-1178 Portrait of a Lady with a Lute",
      ("\t[2] main ''", "\t\t[3] heading 'Portrait of a Lady with a Lute'", "\t\tStaticText 'OBJ-1178 · Oil on canvas'",
       "\t[10] complementary 'From the same series'", "\t\t[11] list ''", "\t\t\t[12] listitem ''",
       "\t\t\t\t[13] link 'OBJ-1187 Portrait of a Lady with a Fan'", "\t\t\t\tStaticText 'On loan · Gallery 4'",
       "\t\t\t[14] listitem ''", "\t\t\t\t[15] link 'OBJ-1190 Portrait of a Gentleman'"))),
])
def test_a_record_named_whole_by_the_link_that_lists_it_is_a_mention(falsifier, own, other):
    """A falsifier that is a near miss's id and name, lowercase words of its name and all ("In re
    the Marriage of", "of a Lady with a Fan"), says nothing of the record: the row of another
    record's panel that links it by that name mentions it; its own page is it."""
    from fcpkit.core.page import evidence_view
    from fcpkit.matching import LexicalMatcher
    m = LexicalMatcher()
    read = lambda spec: m.score_falsifiers([falsifier], evidence_view(Page.of(_obs(spec[0], spec[1], *spec[2]))))[0]
    assert read(own) == 1.0
    assert read(other) < 0.5


# -- a filter dialog the agent opened ------------------------------------------------------------------------------

@pytest.mark.parametrize("dialog,opener,field,choice", [
    ("Filter cases", "Filters (1 active)", "combobox 'Division'", "Division 4"),  # a court's case list
    ("Refine results", "Refine", "combobox 'Warehouse'", "Leeds DC"),  # a stock system's item search
])
def test_setting_a_filter_dialog_the_agent_opened_deals_with_it(dialog, opener, field, choice):
    """A dialog named for narrowing the list behind it asks for no act: choosing in it is what it is
    for. A dialog the agent's click opened for another act (an export) is still held to leaving it."""
    plan = Plan("Open record R-17 from the list.", [
        Commitment("open", "Open record R-17", confirm={"completion": ["Record R-17"]})])
    lst = ["\t[2] main ''", "\t\t[3] heading 'Records'", f"\t\t[4] button '{opener}'", "\t\t[5] link 'R-17'"]
    box = [f"\t[8] dialog '{dialog}', modal=True", f"\t\t[9] {field.split(' ')[0]} {field.split(' ', 1)[1]}",
           "\t\t[10] button 'Close'", "\t\t[11] button 'Apply'"]
    start = _obs("https://app.test/records", "Records", *lst)
    opened = _obs("https://app.test/records", "Records", *lst, *box)
    steps = [Step(Action("click('4')", "Filter.", f"button '{opener}'", "read"), opened),
             Step(Action(f"select_option('9', '{choice}')", "Choose.", field, "read"), opened)]
    tr = Trajectory("t", plan.task, plan, start, tuple(steps), Label(None, None), "app")
    assert not any(c.result.rule == "unexpected_dialog" for c in Checker().check(tr).checks)
    export = [b.replace(dialog, "Export records") for b in box]
    lst = [x.replace(opener, "Export") for x in lst]
    start = _obs("https://app.test/records", "Records", *lst)
    opened = _obs("https://app.test/records", "Records", *lst, *export)
    steps = [Step(Action("click('4')", "Export.", "button 'Export'", "read"), opened),
             Step(Action(f"select_option('9', '{choice}')", "Choose.", field, "read"), opened)]
    tr = Trajectory("t", plan.task, plan, start, tuple(steps), Label(None, None), "app")
    assert any(c.result.rule == "unexpected_dialog" for c in Checker().check(tr).checks)


# -- a falsifier already true when its step began -----------------------------------------------------------------

@pytest.mark.parametrize("app,state,act,done", [
    # a court's filing form: no scan attached until the clerk picks one from the inbox
    ("Courtfile", "No file attached", "radio 'Answer_0416.pdf'", "Attached Answer_0416.pdf"),
    # a clinic's referral form: no letter uploaded until one is picked from the GP's documents
    ("Referly", "No referral letter uploaded", "radio 'Letter_GP_0211.pdf'", "Uploaded Letter_GP_0211.pdf"),
])
def test_a_falsifier_true_when_the_step_began_counts_only_once_the_step_wrote(app, state, act, done):
    """"No file attached" on the form the step attaches a file to is the state the step found: the
    agent filtering the list to find the file has not done the step wrong. Once it wrote, the same
    statement still true is the step's failure."""
    plan = Plan(f"{app}: attach it.", [Commitment("attach", "Attach the right one", confirm={"completion": [done]},
                                                  falsify={"execution": [state]})])
    form = lambda *extra: _obs(f"https://{app.lower()}.test/form", f"Form · {app}", "\t[2] main ''",
                               "\t\t[3] form 'Form'", "\t\t\t[4] textbox 'Filter', value=''", *extra,
                               "\t\t\t[7] radiogroup 'Files'", f"\t\t\t\t[5] {act}", "\t\t\t\t[6] radio 'Other.pdf'",
                               "\t\t\t[9] button 'Review'")
    still = f"\t\t\tStaticText '{state}'"
    read = Step(Action("fill('4', 'Ans')", "Filter the list.", "textbox 'Filter'", "read"), form(still))
    tr = Trajectory("t", plan.task, plan, form(still), (read,), Label(None, None), "app")
    assert not Checker().check(tr).detected
    wrote = Step(Action("click('5')", "Pick it.", act, "write"), form(still))
    tr = Trajectory("t", plan.task, plan, form(still), (read, wrote), Label(None, None), "app")
    report = Checker().check(tr)
    assert report.detected and report.detection.step == 1
    # the same words outside the form speak of what the page shows, not of the form's unfilled state
    outside = lambda: _obs(f"https://{app.lower()}.test/form", f"Form · {app}", "\t[2] main ''",
                           f"\t\t[3] StaticText '{state}'", "\t\t[4] form 'Form'", "\t\t\t[5] textbox 'Filter', value=''",
                           "\t\t\t[9] button 'Review'")
    read = Step(Action("fill('5', 'Ans')", "Filter the list.", "textbox 'Filter'", "read"), outside())
    tr = Trajectory("t", plan.task, plan, outside(), (read,), Label(None, None), "app")
    assert Checker().check(tr).detected


# -- a filter chip that holds what the agent typed ----------------------------------------------------------------

@pytest.mark.parametrize("app,typed,chip,row", [
    # a shop's sales list, narrowed to the sale date the agent typed into the filter panel
    ("Tillpoint", "09/11/2024", "Remove filter: Sale date 09/11/2024", "R-05-118331 · 09/11/2024 09:14 · £18.45"),
    # a lab's sample list, narrowed to the batch the agent typed
    ("Benchlog", "BATCH-2291", "Remove filter: Batch BATCH-2291", "S-40021 · BATCH-2291 · Received"),
])
def test_a_chip_that_holds_the_value_the_agent_typed_is_its_own_narrowing(app, typed, chip, row):
    """The chip repeats the field's name beside the value ("Sale date 09/11/2024"): what the agent
    typed is in it as written, so the narrowing is the agent's. A one-word value ("Open") is too
    common to say so, and a chip the agent typed nothing for is still a filter."""
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    page = _obs(f"https://{app.lower()}.test/list", app, "\t[2] main ''", "\t\t[3] heading 'List'",
                "\t\t[4] list 'Active filters'", "\t\t\t[5] listitem ''", f"\t\t\t\t[6] button '{chip}'",
                "\t\t[7] table 'Items'", "\t\t\t[8] row ''", f"\t\t\t\t[9] link '{row}'", "\t\t\t[10] row ''",
                "\t\t\t\t[11] link 'ZZ-1042 Another item'")
    ctx = TaskContext.from_plan(Plan(f"{app}: open the item.", [Commitment("x", "Open the item")]))
    assert unrequested_narrowing(ctx, page, 0, inputs=(typed,)) is None
    assert unrequested_narrowing(ctx, page, 0) is not None


# -- a draft kept on a step whose outcome is the form's values ----------------------------------------------------

@pytest.mark.parametrize("subgoal,values,act_done", [
    # a shop's refund wizard: the reason and the method chosen, the refund issued by a later step
    ("Choose reason Damaged and refund to the original card", ["Refund reason: Damaged", "Original card selected"],
     "Amount refunded to the original card"),
    # a council's permit form: the zone and the vehicle set, the permit paid for by a later step
    ("Pick zone C and pay by card", ["Zone: C", "Payment method Card selected"], "Permit application submitted"),
])
def test_a_draft_undoes_nothing_of_a_step_whose_outcome_is_the_forms_values(subgoal, values, act_done):
    from fcpkit.core.control_acts import act_mismatch
    draft = Action("click('9')", "Keep it for later.", "button 'Save draft'", "write")
    assert act_mismatch(draft, Commitment("s", subgoal, confirm={"completion": values})) is None
    assert act_mismatch(draft, Commitment("s", subgoal, confirm={"completion": [act_done]})) is not None


# -- a term whose definition carries its text ---------------------------------------------------------------------

@pytest.mark.parametrize("term,definition,statement", [
    ("Count sheet", "CS-05-0412 (Posted)", "Count sheet CS-05-0412 (Posted)"),  # a shop's stock adjustment
    ("Referring clinician", "Dr Ana Ruiz (GP)", "Referring clinician Dr Ana Ruiz"),  # a clinic's referral
])
def test_a_definition_named_for_its_text_is_its_terms_value(term, definition, statement):
    from fcpkit.matching import LexicalMatcher
    from fcpkit.core.page import app_view
    page = _obs("https://app.test/records/ADJ-1", "Record ADJ-1", "\t[2] main ''", "\t\t[3] heading 'Record ADJ-1'",
                "\t\t[4] group 'Details'", "\t\t\t[5] term 'Status'", "\t\t\t[6] definition 'Posted'",
                f"\t\t\t[7] term '{term}'", f"\t\t\t[8] definition '{definition}'")
    assert (term, definition) in {(f.label, f.value) for f in Page.of(page).fields}
    assert LexicalMatcher().score([statement], [app_view(Page.of(page))])[0, 0] >= 0.9


# -- an act named by a verb no act family knows -------------------------------------------------------------------

#: Two applications whose final act is a verb of their own: a court's docket, where a filing is
#: filed; a library's loans desk, where a loan is renewed through a dialog answered "Yes"
_VERB_APPS = {
    "docket": dict(
        url="https://courtdesk.test/cases/CV-77/file/review", title="Review filing · CV-77 · Courtdesk",
        plan=Plan("File the answer to the docket of case CV-77.", [
            Commitment("review", "Open the review of the filing", confirm={"completion": ["Review filing"]}),
            Commitment("file", "Review the entry and file it to the docket",
                       confirm={"completion": ["Entry 14 added to the docket of CV-77"]}),
        ]),
        body=["\t\t[3] heading 'Review filing'", "\t\tStaticText 'Answer · 12 pages'", "\t\t[4] button 'Edit entry'",
              "\t\t[5] button 'File to docket'"],
        press="button 'File to docket'",
        dialog=["\t[8] dialog 'File this entry?', modal=True", "\t\tStaticText 'It is public once filed.'",
                "\t\t[9] button 'Cancel'", "\t\t[10] button 'File to docket'"],
        answer="button 'File to docket'", done="Entry 14 added to the docket of CV-77."),
    "loans": dict(
        url="https://libdesk.test/loans/L-5521", title="Loan L-5521 · Libdesk",
        plan=Plan("Renew loan L-5521 for two weeks.", [
            Commitment("open", "Open loan L-5521", confirm={"completion": ["Loan L-5521"]}),
            Commitment("renew", "Check the due date and renew the loan",
                       confirm={"completion": ["Loan L-5521 renewed, now due 2 June"]}),
        ]),
        body=["\t\t[3] heading 'Loan L-5521'", "\t\tStaticText 'Due 19 May · 1 renewal left'",
              "\t\t[4] button 'Return item'", "\t\t[5] button 'Renew loan'"],
        press="button 'Renew loan'",
        dialog=["\t[8] dialog 'Renew loan L-5521?', modal=True", "\t\tStaticText 'New due date: 2 June.'",
                "\t\t[9] button 'No'", "\t\t[10] button 'Yes'"],
        answer="button 'Yes'", done="Loan L-5521 renewed, now due 2 June."),
}


@pytest.mark.parametrize("name", sorted(_VERB_APPS))
def test_a_report_while_the_page_offers_the_steps_own_verb_leaves_it_undone(name):
    app = _VERB_APPS[name]
    result = _check(app, [_open(app), _report(_page(app))])
    assert result.detected and any(c.result.rule == "skipped_commitment" for c in result.checks if c.step == 1)
    result = _check(app, [_open(app), _press(app), _cancel(app), _report(_page(app))])
    assert result.detected and any(c.result.rule == "skipped_commitment" for c in result.checks if c.step == 3)


@pytest.mark.parametrize("name", sorted(_VERB_APPS))
def test_the_steps_own_verb_done_or_offered_again_as_another_leaves_nothing(name):
    app = _VERB_APPS[name]
    done = _answer(app)
    assert not _check(app, [_open(app), _press(app), done, _report(done[1])]).detected
    again = dict(app, body=[line for line in app["body"] if "[5]" not in line] + ["\t\t[5] button 'Start another one'"])
    verb = app["press"].split("'")[1].split()[0]
    again["body"][-1] = f"\t\t[5] button '{verb} another item'"
    unconfirmed = _page(again)
    result = _check(again, [_open(again), _report(unconfirmed)])
    assert not any(c.result.rule == "skipped_commitment" for c in result.checks)


# -- a failure said in a headline's short form, and work under way said at length ----------------------------------

@pytest.mark.parametrize("message", [
    "Adjustment not saved to the ledger: stock figures are being recalculated. Try posting again in a few minutes.",
    "Booking not confirmed with the venue (ref. VN-221). Try booking again later.",
])
def test_a_headline_that_says_it_was_not_done_is_a_failure(message):
    from fcpkit.core.phrases import phrase
    assert phrase("negative", message)
    assert not phrase("negative", "Adjustment posted to the ledger.")
    assert not phrase("negative", "Status: Not started")
    assert not phrase("negative", "Priya Raman added to the panel. Invites not sent yet.")


@pytest.mark.parametrize("app,button,working", [
    ("Tillpoint", "Issue refund", "Processing refund with the card terminal…"),
    ("Ferrydesk", "Confirm crossing", "Sending your booking to the ferry operator..."),
])
def test_pressing_again_while_a_busy_region_says_the_work_at_length_is_a_double_submission(app, button, working):
    from fcpkit.core.phrases import phrase
    from fcpkit.core.rules import presses_in_flight
    assert phrase("pending", working)
    form = lambda *extra: _obs(f"https://{app.lower()}.test/review", f"Review · {app}", "\t[2] main ''",
                               "\t\t[3] heading 'Review'", *extra, f"\t\t[5] button '{button}'")
    press = Action("click('5')", "Send.", f"button '{button}'", "irreversible")
    again = Action("click('5')", "Send.", f"button '{button}'", "read")
    busy = form("\t\t[4] status 'Progress', live='polite', busy=True", f"\t\t\tStaticText '{working}'")
    assert presses_in_flight(again, busy, press, form()) is not None
    quiet = form("\t\t[4] status 'Progress', live='polite', busy=True")  # the region alone, marked busy
    assert presses_in_flight(again, quiet, press, form()) is not None
    assert presses_in_flight(again, form(), press, form()) is None


# -- a choice said to be made, read on the choice it names --------------------------------------------------------

@pytest.mark.parametrize("statement,chosen,other", [
    ("Original card Visa ••4417 selected", "radio 'Original card Visa ••4417'", "radio 'Store credit (gift card)'"),
    ("Gift wrapping checked", "checkbox 'Gift wrapping (£2.50)'", "checkbox 'Send a receipt by email'"),
])
def test_a_choice_said_to_be_made_holds_only_where_that_choice_is_made(statement, chosen, other):
    """Another choice checked beside it ("Damaged" selected in the reason list above) says nothing
    of this one."""
    from fcpkit.matching import LexicalMatcher
    from fcpkit.core.page import app_view
    def page(this: bool) -> Observation:
        on, off = ("checked='true'", "checked='false'")
        return _obs("https://app.test/form", "Form", "\t[2] main ''", "\t\t[3] form 'Form'",
                    "\t\t\t[4] combobox 'Reason', value='Damaged'", "\t\t\t\t[5] option 'Damaged', selected=True",
                    f"\t\t\t[6] {other}, {off if this else on}", f"\t\t\t[7] {chosen}, {on if this else off}")
    m = LexicalMatcher()
    assert m.score([statement], [app_view(Page.of(page(True)))])[0, 0] >= 0.9
    assert m.score([statement], [app_view(Page.of(page(False)))])[0, 0] < 0.5


# -- a group of radio buttons is one field -------------------------------------------------------------------------

@pytest.mark.parametrize("group,made,other,statement", [
    ("Refund to", "Store credit (gift card)", "Original card Visa ••4417", "Refund to: Store credit (gift card)"),
    ("Delivery", "Collect from depot", "Deliver to site", "Delivery: Collect from depot"),
])
def test_a_radio_group_is_a_field_whose_value_is_the_checked_button(group, made, other, statement):
    """"Refund to: Store credit (gift card)" is what the form holds when that button of the group is
    checked, and not when another is: the step that leaves the default on moving on leaves it so."""
    from fcpkit.core.page import evidence_view
    from fcpkit.matching import LexicalMatcher
    def page(first: bool) -> Observation:
        return _obs("https://app.test/form", "Form", "\t[2] main ''", "\t\t[3] form 'Form'",
                    f"\t\t\t[4] radiogroup '{group}'", f"\t\t\t\t[5] radio '{made}', checked='{str(first).lower()}'",
                    f"\t\t\t\t[6] radio '{other}', checked='{str(not first).lower()}'", "\t\t\t[7] button 'Next'")
    assert (group, made) in {(f.label, f.value) for f in Page.of(page(True)).fields}
    m = LexicalMatcher()
    assert m.score_falsifiers([statement], evidence_view(Page.of(page(True))))[0] >= 0.9
    assert m.score_falsifiers([statement], evidence_view(Page.of(page(False))))[0] < 0.5


# -- a click that did not land for a passing reason ---------------------------------------------------------------

@pytest.mark.parametrize("passing,stays", [
    # a theatre's production page: a toast over the button the agent clicks
    ('TimeoutError: locator.click: Timeout 500ms exceeded.\n  - <div role="status" class="cs-toast">…</div> '
     'intercepts pointer events', 'TimeoutError: locator.click: Timeout 500ms exceeded.\n  - <div class="modal-backdrop">'
     '</div> intercepts pointer events'),
    # a shop's basket: the button still sliding in
    ("TimeoutError: locator.click: Timeout 500ms exceeded (element is not stable)",
     "TimeoutError: locator.click: element is not enabled (button 'Place order')"),
])
def test_a_click_that_did_not_land_for_a_passing_reason_is_no_action_error(passing, stays):
    from fcpkit.core.rules import check_transition
    page = "RootWebArea 'Page', focused\n\t[2] main ''\n\t\t[3] button 'Go'"
    before = Observation("https://app.test/p", "Page", page)
    click = Action("click('3')", "Go.", "button 'Go'", "read")
    assert check_transition(before, click, Observation("https://app.test/p", "Page", page, error=passing)) is None
    hit = check_transition(before, click, Observation("https://app.test/p", "Page", page, error=stays))
    assert hit is not None and hit.rule == "action_error"


# -- a list opened on a season or a quarter -----------------------------------------------------------------------

@pytest.mark.parametrize("app,task,window,other", [
    ("Cuestage", "Book Studio 2 for P-2417 on Thursday 16 October 2025.", "autumn-2025", "spring-2025"),
    ("Ledgerbay", "Pay invoice INV-884 due 12 November 2025.", "2025-Q4", "2025-Q2"),
])
def test_a_list_opened_on_the_season_or_quarter_of_the_tasks_date_hides_nothing_of_it(app, task, window, other):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    def listing(v: str) -> Observation:
        return _obs(f"https://{app.lower()}.test/items?period={v}", app, "\t[2] main ''", "\t\t[3] heading 'Items'",
                    "\t\t[4] table 'Items'", "\t\t\t[5] row ''", "\t\t\t\t[6] link 'AA-1001 First item'", "\t\t\t[7] row ''",
                    "\t\t\t\t[8] link 'ZZ-1042 Another item'")
    ctx = TaskContext.from_plan(Plan(task, [Commitment("x", "Open the item")]))
    assert unrequested_narrowing(ctx, listing(window), 0) is None
    assert unrequested_narrowing(ctx, listing(other), 0) is not None


# -- a thing's state said on one line -----------------------------------------------------------------------------

@pytest.mark.parametrize("falsifier,elsewhere,said", [
    ("Search is unavailable", "Planned maintenance: ThesisDesk will be unavailable on Saturday, 20:00–23:00.",
     "Search is unavailable right now. Try again later."),
    ("Checkout offline", "Our Leeds store is offline for stocktaking on Sunday.", "Checkout offline: payments are paused."),
])
def test_a_things_state_holds_where_one_line_says_it(falsifier, elsewhere, said):
    """The search box in the header and a maintenance notice for another day say nothing of the
    search being unavailable now."""
    from fcpkit.core.page import evidence_view
    from fcpkit.matching import LexicalMatcher
    def page(line: str) -> Observation:
        return _obs("https://app.test/home", "Home", "\t[1] search 'Site search'", "\t\t[2] searchbox 'Search items'",
                    "\t\t[3] button 'Search'", "\t\t[4] button 'Checkout'", "\t[5] main ''", "\t\t[6] heading 'Home'",
                    f"\t\tStaticText '{line}'")
    m = LexicalMatcher()
    assert m.score_falsifiers([falsifier], evidence_view(Page.of(page(elsewhere))))[0] < 0.58
    assert m.score_falsifiers([falsifier], evidence_view(Page.of(page(said))))[0] >= 0.9


# -- a record named by its id and title, as lists write it ----------------------------------------------------------

@pytest.mark.parametrize("falsifier,own,listing", [
    ("THS-2025-0418 · Tidal stream resource assessment for the Severn Estuary",
     ("https://theses.test/THS-2025-0418", "THS-2025-0418 · Tidal stream resource assessment for the Severn Estuary",
      ("\t[2] main ''", "\t\t[3] heading 'Tidal stream resource assessment for the Severn Estuary'",
       "\t\tStaticText 'THS-2025-0418 · Mei Ling Tang'")),
     ("https://theses.test/search?q=tan", "Search: Tan",
      ("\t[2] main ''", "\t\t[3] heading 'Search results'", "\t\t[4] list ''", "\t\t\t[5] listitem ''",
       "\t\t\t\t[6] link 'THS-2025-0418 · Tidal stream resource assessment for the Severn Estuary'",
       "\t\t\t\tStaticText 'Mei Ling Tang · Engineering'", "\t\t\t[7] listitem ''",
       "\t\t\t\t[8] link 'THS-2025-0417 · Tidal energy extraction in estuaries'"))),
    ("INC-2207 | Printer on floor 3 offline",
     ("https://desk.test/incidents/INC-2207", "INC-2207 | Printer on floor 3 offline",
      ("\t[2] main ''", "\t\t[3] heading 'INC-2207 | Printer on floor 3 offline'", "\t\tStaticText 'Open · P3'")),
     ("https://desk.test/incidents", "Incidents",
      ("\t[2] main ''", "\t\t[3] heading 'Incidents'", "\t\t[4] list ''", "\t\t\t[5] listitem ''",
       "\t\t\t\t[6] link 'INC-2207 | Printer on floor 3 offline'", "\t\t\t\tStaticText 'Open · P3'",
       "\t\t\t[7] listitem ''", "\t\t\t\t[8] link 'INC-2270 | Printer on floor 2 jammed'"))),
])
def test_a_record_named_by_id_and_title_is_a_mention_in_the_list_that_links_it(falsifier, own, listing):
    from fcpkit.core.page import evidence_view
    from fcpkit.matching import LexicalMatcher
    m = LexicalMatcher()
    read = lambda spec: m.score_falsifiers([falsifier], evidence_view(Page.of(_obs(spec[0], spec[1], *spec[2]))))[0]
    assert read(own) == 1.0
    assert read(listing) < 0.5
