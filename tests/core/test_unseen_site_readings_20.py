"""Readings for sites written by people who never saw fcpkit, round thirty: a record named by its id
and its title with no separator is named, not said something of; a region whose name only starts
with a word of user text ("Review steps") is the application's; a draft saved from a form that
still waits for input is a pause; a status filter at "Active" and a wizard's ``step`` parameter
narrow nothing; where a run starts is not yet drift; a statement of several sentences says each
where the page does, and a record's facts laid out one to a line under its heading are read
together; a confirmation dialog still waiting does not complete the step. Each on pages of two
applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Commitment, Label, Observation, Plan, Step, Trajectory
from fcpkit.core.page import Page, app_view, evidence_view
from fcpkit.matching import LexicalMatcher


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


# -- a record named by its id and its title, no separator ------------------------------------------------------------

@pytest.mark.parametrize("falsifier,own,other", [
    # a bug tracker: the sibling bug of the same component, linked from the bug in view
    ("BUG-2231 Fix login redirect loop on mobile",
     ("https://bugs.test/BUG-2231", "BUG-2231 Fix login redirect loop on mobile",
      ("\t[2] main ''", "\t\t[3] heading 'BUG-2231 Fix login redirect loop on mobile'", "\t\tStaticText 'Open · P2'")),
     ("https://bugs.test/BUG-2213", "BUG-2213 Fix login redirect loop on desktop",
      ("\t[2] main ''", "\t\t[3] heading 'BUG-2213 Fix login redirect loop on desktop'", "\t\tStaticText 'Open · P2'",
       "\t\t[10] region 'Linked issues'", "\t\t\t[11] list ''", "\t\t\t\t[12] listitem ''",
       "\t\t\t\t\t[13] link 'BUG-2231 Fix login redirect loop on mobile'", "\t\t\t\t[14] listitem ''",
       "\t\t\t\t\t[15] link 'BUG-2240 Crash on logout'"))),
    # a law firm's matters: the client's other matter, under the matter in view
    ("MAT-5512 Acquire Harbour Street lease",
     ("https://matters.test/MAT-5512", "MAT-5512 Acquire Harbour Street lease",
      ("\t[2] main ''", "\t\t[3] heading 'MAT-5512 Acquire Harbour Street lease'", "\t\tStaticText 'Active · Property'")),
     ("https://matters.test/MAT-5521", "MAT-5521 Acquire Harbour Street freehold",
      ("\t[2] main ''", "\t\t[3] heading 'MAT-5521 Acquire Harbour Street freehold'", "\t\tStaticText 'Active · Property'",
       "\t\t[10] region 'Related matters'", "\t\t\t[11] list ''", "\t\t\t\t[12] listitem ''",
       "\t\t\t\t\t[13] link 'MAT-5512 Acquire Harbour Street lease'", "\t\t\t\t[14] listitem ''",
       "\t\t\t\t\t[15] link 'MAT-5490 Employment dispute, Haddad'"))),
])
def test_a_record_named_by_id_and_a_title_in_sentence_case_is_a_mention_in_a_related_list(falsifier, own, other):
    m = LexicalMatcher()
    read = lambda spec: m.score_falsifiers([falsifier], evidence_view(Page.of(_obs(spec[0], spec[1], *spec[2]))))[0]
    assert read(own) == 1.0
    assert read(other) < 0.5


@pytest.mark.parametrize("falsifier,row", [
    ("ORD-5512 Cancelled by the customer", "ORD-5512 Cancelled by the customer"),  # a shop's orders
    ("PO-7731 Pending approval from finance", "PO-7731 Pending approval from finance"),  # a purchasing desk
])
def test_an_id_followed_by_a_state_still_says_something_of_it_where_a_list_shows_it(falsifier, row):
    """A participle or a status after the id says what became of the record, which the row that
    lists it says too."""
    page = _obs("https://desk.test/list", "List", "\t[2] main ''", "\t\t[3] heading 'Recent'", "\t\t[4] list ''",
                "\t\t\t[5] listitem ''", f"\t\t\t\t[6] link '{row}'", "\t\t\t[7] listitem ''",
                "\t\t\t\t[8] link 'XX-1 Something else entirely'")
    assert LexicalMatcher().score_falsifiers([falsifier], evidence_view(Page.of(page)))[0] == 1.0


# -- a region named with a word of user text that is not its head ----------------------------------------------------

@pytest.mark.parametrize("region,line,user_region,user_line", [
    # a change control system: the approval steps; a customer's complaint on a shop's order page
    ("Review steps", "2. Quality review — Approved by Priya Raman on 18 Mar 2025", "Customer complaint",
     "The parcel arrived damaged"),
    # a forum's comment settings; a ticket's internal notes
    ("Comment settings", "Comments are open to members for 30 days", "Internal notes (2)", "Called the client back"),
])
def test_a_region_is_user_text_only_when_its_head_noun_is_a_field_of_it(region, line, user_region, user_line):
    page = Page.of(_obs("https://app.test/r/1", "Record 1", "\t[2] main ''", "\t\t[3] heading 'Record 1'",
                        f"\t\t[4] region '{region}'", f"\t\t\tStaticText '{line}'",
                        f"\t\t[5] region '{user_region}'", f"\t\t\tStaticText '{user_line}'"))
    kept = app_view(page).text
    assert line in kept and user_line not in kept


# -- a draft saved from a form that still waits ---------------------------------------------------------------------

@pytest.mark.parametrize("subgoal,form", [
    # an approval form whose attestation box is still unticked
    ("Approve the quality review with a comment", ["\t\t\t[4] textbox 'Comment' value='Looks fine'",
                                                   "\t\t\t[5] checkbox 'I have reviewed the attachments', checked='false', required"]),
    # a payroll run whose pay date is still empty
    ("Submit the pay run", ["\t\t\t[4] combobox 'Pay group', value='Weekly'",
                                         "\t\t\t[5] textbox 'Pay date', required"]),
])
def test_a_draft_saved_from_a_form_still_waiting_for_input_is_a_pause(subgoal, form):
    from fcpkit.core.control_acts import act_mismatch
    draft = Action("click('8')", "Keep it for later.", "button 'Save draft'", "write")
    waiting = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] form 'Decision'", *form,
                   "\t\t\t[8] button 'Save draft'", "\t\t\t[9] button 'Submit'")
    filled = _obs("https://app.test/f", "Form", "\t[2] main ''", "\t\t[3] form 'Decision'",
                  *(x.replace("checked='false'", "checked='true'").replace("'Pay date', required", "'Pay date' value='2025-03-28', required")
                    for x in form), "\t\t\t[8] button 'Save draft'", "\t\t\t[9] button 'Submit'")
    c = Commitment("s", subgoal)
    assert act_mismatch(draft, c, waiting) is None
    assert act_mismatch(draft, c, filled) is not None
    assert act_mismatch(draft, c) is not None  # no page: nothing says the form still waits


# -- a working set and a wizard's step ------------------------------------------------------------------------------

@pytest.mark.parametrize("app,url,panel", [
    # a dental practice's patients, a membership club's members: both open on the active ones
    ("Smileline", "https://smileline.test/patients", "\t\t\t[5] combobox 'Status', value='Active'"),
    ("Clubhouse", "https://clubhouse.test/members", "\t\t\t[5] combobox 'Show', value='Active only'"),
])
def test_a_list_opened_on_its_active_records_hides_nothing_a_task_acts_on(app, url, panel):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
    page = _obs(url, app, "\t[2] main ''", "\t\t[3] heading 'Directory'", "\t\t[4] group 'Filters'", panel,
                "\t\t[7] table 'People'", "\t\t\t[8] row ''", "\t\t\t\t[9] link 'Abara, Esme'", "\t\t\t[10] row ''",
                "\t\t\t\t[11] link 'Abbott, Rosa'")
    ctx = TaskContext.from_plan(Plan(f"{app}: open Okafor's record.", [Commitment("x", "Open the record")]))
    assert unrequested_narrowing(ctx, page, 0) is None
    closed = _obs(url, app, *Page.of(page).text.split("\n")[1:])
    closed = Observation(closed.url, closed.title, closed.text.replace("'Active'", "'Archived'").replace("'Active only'", "'Lapsed'"))
    assert unrequested_narrowing(ctx, closed, 0) is not None


@pytest.mark.parametrize("url", ["https://smileline.test/appointments/new?patient=P-10482&step=2",
                                 "https://tenancy.test/leases/new?unit=U-17&step=3"])
def test_a_wizards_step_on_the_url_is_where_one_is_not_a_filter(url):
    from fcpkit.core.falsifiers import _constraints
    page = Page.of(_obs(url, "New", "\t[2] main ''", "\t\t[3] heading 'New'", "\t\t[4] table 'Slots'",
                        "\t\t\t[5] row ''", "\t\t\t\t[6] cell '10:30'"))
    assert all(not where.startswith("query parameter step") for where, _, _ in _constraints(page))


# -- where a run starts ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("start,task,link", [
    # a dental practice: the patient's spouse's page, whose household panel links the patient
    (("https://smileline.test/patients/P-10483", "Daniel Okafor (P-10483)", "Daniel Okafor", "P-10483"),
     "Book a check-up for Marguerite Okafor (P-10482).", ("P-10482", "Marguerite Okafor (P-10482) · spouse")),
    # a letting agent: the flat next door, whose building panel links the flat the task names
    (("https://lets.test/units/U-1702", "Unit U-1702", "Flat 17B, Quay House", "U-1702"),
     "Renew the lease of unit U-1701.", ("U-1701", "Flat 17A, Quay House (U-1701)")),
])
def test_a_run_that_starts_on_another_records_page_is_not_drift_until_the_agent_acts_there(start, task, link):
    url, title, heading, rid = start
    first = _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\tStaticText '{rid} · Active'",
                 "\t\t[4] complementary 'Related'", f"\t\t\t[5] link '{link[1]}'")
    target = _obs(url.replace(rid, link[0]), link[0], "\t[2] main ''", f"\t\t[3] heading '{link[1]}'",
                  f"\t\tStaticText '{link[0]} · Active'")
    plan = Plan(task, [Commitment("open", f"Open {link[0]}", confirm={"completion": [link[0]]}),
                       Commitment("go", "Carry on", confirm={"completion": ["Saved"]})])
    tr = Trajectory("t", task, plan, first, (Step(Action("click('5')", "Open it.", f"link '{link[1]}'", "read"), target),),
                    Label(None, None), "app")
    result = Checker().check(tr)
    assert not result.detected
    wrote = Step(Action("click('3')", "Save.", "button 'Save'", "write"), first)
    tr = Trajectory("t", task, plan, first, (wrote,), Label(None, None), "app")
    assert Checker().check(tr).detected  # a write on the record it started on is read on the page it leads to


# -- a statement of several sentences, and a record's facts one to a line ---------------------------------------------

@pytest.mark.parametrize("statement,parts", [
    ("Treatment plan saved. Status: Accepted. Consent: signed on tablet.",
     ("Treatment plan saved", "Status: Accepted", "Consent: signed on tablet")),
    ("Lease renewed. Rent £1,250.00 per month from 1 June.", ("Lease renewed", "Rent £1,250.00 per month from 1 June")),
])
def test_a_statement_of_several_sentences_is_read_as_each(statement, parts):
    from fcpkit.matching.lexical.claims import compile_claim
    claim = compile_claim(statement)
    assert claim.type == "both" and claim.parts == parts


@pytest.mark.parametrize("statement", ["Appointment booked with Dr. Tomás Reyes at 10:30",
                                       "Invoice sent to Mrs. Okafor on 3 May", "Signed by J. Smith"])
def test_an_abbreviation_does_not_end_a_sentence(statement):
    from fcpkit.matching.lexical.claims import compile_claim
    assert compile_claim(statement).type != "both" or all("." not in p[-3:] for p in compile_claim(statement).parts)


_RECORDS = {
    # a dental practice's appointment, each fact in a list item of its own under the heading
    "appointment": (("https://smileline.test/appointments/A-77215", "Appointment A-77215",
                     "\t[2] main ''", "\t\t[3] heading 'Appointment A-77215'",
                     "\t\tStaticText 'Booked · Thursday 16 May 2024, 10:30–11:30'",
                     "\t\t[4] list 'Appointment details'", "\t\t\t[5] listitem ''", "\t\t\t\tStaticText 'Patient: '",
                     "\t\t\t\t[6] link 'Marguerite Okafor (P-10482)'", "\t\t\t[7] listitem ''",
                     "\t\t\t\tStaticText 'Treatment: Crown preparation · 60 min'", "\t\t\t[8] listitem ''",
                     "\t\t\t\tStaticText 'Dentist: Dr. Tomás Reyes'", "\t\t\t[9] listitem ''",
                     "\t\t\t\tStaticText 'Chair: Chair 3'", "\t\t\t[10] listitem ''",
                     "\t\t\t\tStaticText 'Clinic: Quayside'", "\t\t[11] heading 'Other appointments'",
                     "\t\t[12] link 'A-76904 · Tue 2 Apr 2024 · Exam · Chair 5 · Northgate'"),
                    "Appointment booked for Marguerite Okafor with Dr. Tomás Reyes, Chair 3 Quayside, Thursday 16 May 2024",
                    "Appointment booked for Marguerite Okafor with Dr. Tomás Reyes, Chair 5 Northgate, Thursday 16 May 2024"),
    # a letting agent's lease, its terms one to a line
    "lease": (("https://lets.test/leases/L-3301", "Lease L-3301",
               "\t[2] main ''", "\t\t[3] heading 'Lease L-3301'", "\t\tStaticText 'Renewed · 1 June 2025'",
               "\t\t[4] list 'Terms'", "\t\t\t[5] listitem ''", "\t\t\t\tStaticText 'Tenant: Amal Haddad'",
               "\t\t\t[6] listitem ''", "\t\t\t\tStaticText 'Unit: Flat 17A'", "\t\t\t[7] listitem ''",
               "\t\t\t\tStaticText 'Term: 12 months'", "\t\t\t[8] listitem ''", "\t\t\t\tStaticText 'Deposit: £1,500.00'",
               "\t\t\t[9] listitem ''", "\t\t\t\tStaticText 'Rent: £1,250.00 per month'",
               "\t\t[10] heading 'Other leases'", "\t\t[11] link 'L-3302 · Flat 17B · Rent £1,300.00'"),
              "Lease renewed with deposit £1,500.00, rent £1,250.00 per month and a term of 12 months",
              "Lease renewed with deposit £1,500.00, rent £1,300.00 per month and a term of 12 months"),
}


@pytest.mark.parametrize("name", sorted(_RECORDS))
def test_a_records_facts_one_to_a_line_under_its_heading_confirm_a_statement_of_them(name):
    spec, holds, wrong = _RECORDS[name]
    page = Page.of(_obs(*spec))
    m = LexicalMatcher()
    assert m.score([holds], [page])[0, 0] == 1.0
    assert m.score([wrong], [page])[0, 0] < 1.0  # the other section's value is not this one's
    assert m.score_falsifiers([holds], evidence_view(page))[0] < 1.0  # a falsifier is read where all of it stands


@pytest.mark.parametrize("line", ["Booked · Thursday 16 May 2024, 10:30–11:30", "Due · Fri 28 Mar 2025 17:00 GMT"])
def test_a_status_line_with_a_date_and_time_is_the_applications_facts_not_a_title(line):
    page = Page.of(_obs("https://app.test/appointments/A-77215", "Appointment A-77215", "\t[2] main ''",
                        "\t\t[3] heading 'Appointment A-77215'",
                        f"\t\tStaticText '{line}'", "\t\tStaticText 'Owner: Priya'"))
    assert line in app_view(page).text


# -- a confirmation dialog still waiting ----------------------------------------------------------------------------

_FORMS = {
    # a dental practice's treatment plan, saved through a dialog that repeats its values
    "plan": dict(url="https://smileline.test/plans/TP-5519/edit", title="Edit treatment plan TP-5519",
                 form=["\t\t[4] combobox 'Plan status on save', value='Accepted'",
                       "\t\t[5] radio 'Signed on tablet', checked='true'", "\t\t[6] button 'Save plan'"],
                 dialog=["\t[8] dialog 'Save treatment plan', modal=True", "\t\t[9] heading 'Save treatment plan?'",
                         "\t\tStaticText 'Save this plan as Accepted? Consent: signed on tablet.'",
                         "\t\t[10] button 'Cancel'", "\t\t[11] button 'Save plan'"],
                 subgoal="Save the plan as Accepted", done="Status: Accepted. Consent: signed on tablet.",
                 after=["\t\t[3] heading 'Treatment plan TP-5519'", "\t\t[4] list 'Plan status'", "\t\t\t[5] listitem ''",
                        "\t\t\t\tStaticText 'Status: Accepted'", "\t\t\t[6] listitem ''",
                        "\t\t\t\tStaticText 'Consent: signed on tablet, 14 May 2024'"], press="button 'Save plan'"),
    # a letting agent's lease renewal, confirmed in a dialog that names the new rent
    "lease": dict(url="https://lets.test/leases/L-3301/renew", title="Renew lease L-3301",
                  form=["\t\t[4] textbox 'New rent' value='1,250.00'", "\t\t[6] button 'Renew lease'"],
                  dialog=["\t[8] dialog 'Renew lease', modal=True", "\t\tStaticText 'Renew lease L-3301 at rent £1,250.00?'",
                          "\t\t[10] button 'Go back'", "\t\t[11] button 'Renew lease'"],
                  subgoal="Renew the lease at £1,250.00", done="Lease L-3301 renewed. Rent £1,250.00.",
                  after=["\t\t[3] heading 'Lease L-3301'", "\t\tStaticText 'Lease L-3301 renewed'",
                         "\t\tStaticText 'Rent £1,250.00 per month'"], press="button 'Renew lease'"),
}


@pytest.mark.parametrize("name", sorted(_FORMS))
def test_a_confirmation_dialog_still_waiting_does_not_complete_the_step(name):
    app = _FORMS[name]
    form = _obs(app["url"], app["title"], "\t[2] main ''", "\t\t[3] heading 'Edit'", *app["form"])
    asking = _obs(app["url"], app["title"], "\t[2] main ''", "\t\t[3] heading 'Edit'", *app["form"], *app["dialog"])
    saved = _obs(app["url"].rsplit("/", 1)[0], app["title"], "\t[2] main ''", *app["after"])
    plan = Plan(app["subgoal"] + ".", [Commitment("save", app["subgoal"], confirm={"completion": [app["done"]]})])
    press = Action("click('6')", "Save.", app["press"], "write")
    confirm = Action("click('11')", "Confirm.", app["press"], "irreversible")
    report = Action("send_msg_to_user('Done.')", "Report.", None, "read")

    def completed_at(steps):
        tr = Trajectory("t", plan.task, plan, form, tuple(Step(a, o) for a, o in steps), Label(None, None), "app")
        result = Checker().check(tr)
        return result, [c.step for c in result.checks if c.result.route.value == "complete"]

    result, done = completed_at([(press, asking), (confirm, saved), (report, saved)])
    assert not result.detected and done and min(done) == 1  # the application's answer completes it
    result, done = completed_at([(press, asking), (report, asking)])
    assert 0 not in done  # what the dialog repeats is what the save will do
    named = Plan(plan.task, [Commitment("save", app["subgoal"], confirm={"completion": ["Save or renew dialog shown"]})])
    from fcpkit.core.dialogs import names_a_dialog
    assert names_a_dialog(named.commitments[0].confirm["completion"][0].text)


@pytest.mark.parametrize("log,statement", [
    # a grid operator's incident: its activity log names the crew notified and the meters of the outage
    (["16:58 Crew Bravo-7 assigned; lead T. Adeyemi notified by SMS", "13:41 Incident created from 412 meters"],
     "412 customers notified"),
    # a clinic's referral: its history names a letter sent and the referral's number
    (["09:10 Letter sent to the GP", "08:55 Referral R-2207 received from Dr Ana Ruiz"], "Referral R-2207 letter sent"),
])
def test_a_log_under_a_heading_is_not_read_whole(log, statement):
    """A log's entries each say something of their own; words from two of them say nothing together."""
    lines = ["\t[2] main ''", "\t\t[3] heading 'Incident 1'", "\t\t[4] heading 'Activity log'", "\t\t[5] list ''"]
    filler = ["\t\t\t[20] listitem ''", "\t\t\t\tStaticText '08:00 Shift started'"] * 4  # entries apart
    lines += ["\t\t\t[10] listitem ''", f"\t\t\t\tStaticText '{log[0]}'", *filler,
              "\t\t\t[11] listitem ''", f"\t\t\t\tStaticText '{log[1]}'"]
    page = Page.of(_obs("https://app.test/x/1", "Record", *lines))
    assert LexicalMatcher().score([statement], [page])[0, 0] < 1.0


@pytest.mark.parametrize("start,task,link,sibling", [
    (("https://bloodbank.test/donors/D-209316", "Hector Vasquez (D-209316)", "Hector Vasquez", "D-209316"),
     "Defer donor Helen Vasquez (D-209315) for 90 days.", ("D-209315", "Helen Vasquez (D-209315)"),
     "Hector Vasquez (D-209316)"),
    (("https://lets.test/units/U-1702", "Unit U-1702", "Flat 17B, Quay House", "U-1702"),
     "Renew the lease of unit U-1701.", ("U-1701", "Flat 17A, Quay House (U-1701)"), "Flat 17B (U-1702)"),
])
def test_a_notification_dismissed_on_the_start_page_is_no_act_on_its_record(start, task, link, sibling):
    """The plan names the sibling record as a falsifier of its first step, and the run starts on its
    page: looking at it (a notification dismissed) is not drift; writing on it is."""
    url, title, heading, rid = start
    toast = ("\t[30] status ''", "\t\tStaticText 'Shift handover notes updated'", "\t\t[31] button 'Dismiss notification'")
    first = _obs(url, title, "\t[2] main ''", f"\t\t[3] heading '{heading}'", f"\t\tStaticText '{rid} · Active'",
                 "\t\t[4] complementary 'Related'", f"\t\t\t[5] link '{link[1]}'", *toast)
    quiet = _obs(url, title, *first.text.split("\n")[1:-3])
    target = _obs(url.replace(rid, link[0]), link[0], "\t[2] main ''", f"\t\t[3] heading '{link[1]}'",
                  f"\t\tStaticText '{link[0]} · Active'")
    plan = Plan(task, [Commitment("open", f"Open {link[0]}", confirm={"completion": [link[0]]},
                                  falsify={"execution": [sibling]}),
                       Commitment("go", "Carry on", confirm={"completion": ["Saved"]})])
    dismiss = Step(Action("click('31')", "Close it.", "button 'Dismiss notification'", "read"), quiet)
    go = Step(Action("click('5')", "Open it.", f"link '{link[1]}'", "read"), target)
    assert not Checker().check(Trajectory("t", task, plan, first, (dismiss, go), Label(None, None), "app")).detected
    wrote = Step(Action("click('3')", "Save.", "button 'Save'", "write"), quiet)
    assert Checker().check(Trajectory("t", task, plan, first, (dismiss, wrote), Label(None, None), "app")).detected
