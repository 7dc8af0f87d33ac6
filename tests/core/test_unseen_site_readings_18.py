"""Readings for sites written by people who never saw fcpkit, round twenty-seven: a control pressed
again while the page says the agent's last submission is still being worked on is a double
submission, read before the second press runs (a press again with no sign of work under way is a
retry, left to the page test); a wizard's "Next" carries its page's values to the form's own
submission; a list's window relative to today is no filter; "<event>: <details>" is an event and
its details, not a place a participle names; a line of short facts under a record's heading is the
application's; a record named by kind, id and lowercase title is a record in view. Each on pages
of two applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, CommitmentTracker, Decision, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.page import Page
from fcpkit.core.rules import presses_in_flight
from fcpkit.core.testers import ActionTester, StateTester


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


# -- a control pressed again while its submission is under way --------------------------------------------------

#: (app, button, what the page says while it works, completion): a library's interlibrary-loan
#: request, sent from its review page; a gym's class booking, confirmed on its summary page
_APPS = [
    ("Loanline", "Send request", "Sending request…", "Interlibrary loan request ILL-4410 sent"),
    ("Fitbook", "Confirm booking", "Processing your booking...", "Booking BK-2291 confirmed"),
]


def _form(app: str, button: str, *extra: str, busy: bool = False) -> Observation:
    state = ", busy=True" if busy else ""
    return _obs(f"https://{app.lower()}.test/review", f"Review · {app}", "\t[2] main ''", "\t\t[3] heading 'Review'",
                "\t\tStaticText 'Total: 3 items'", "\t\t[4] button 'Back'", f"\t\t[5] button '{button}'{state}", *extra)


def _run(app: str, button: str, pages: list[Observation], actions: list[Action]) -> list[str | None]:
    """The pre-action rule of each action taken on the page before it, as the checker runs a trajectory."""
    plan = Plan(f"{app}: review and press {button}.", [
        Commitment("submit", f"Press {button}", confirm={"completion": [Evidence(f"{button} done")]})])
    tester = StateTester(LexicalMatcher())
    tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
    tr.test_page(pages[0])
    rules = []
    for before, action, after in zip(pages, actions, pages[1:]):
        pre = tr.test_action(action)
        rules.append(pre.rule)
        tr.action_tested(action, pre, Decision.CONTINUE)
        if action.effect in ("write", "irreversible"):
            tr.record_write(action)
        tr.test_page(after, before=before, action=action)
    return rules


def _press(button: str, effect: str = "irreversible") -> Action:
    return Action("click('5')", "Submit.", f"button '{button}'", effect)


@pytest.mark.parametrize("app,button,working,_", _APPS)
def test_pressing_again_while_the_page_says_it_is_working_is_a_double_submission(app, button, working, _):
    form = _form(app, button)
    working_page = _form(app, button, f"\t\tStaticText '{working}'")
    rules = _run(app, button, [form, working_page, working_page], [_press(button), _press(button)])
    assert rules == [None, "repeated_submit"]


@pytest.mark.parametrize("app,button,_,__", _APPS)
def test_pressing_a_control_the_page_marks_busy_is_a_double_submission(app, button, _, __):
    """The busy control need not be the one the write pressed: the dialog's confirm sent the
    submission, and the form's own button, busy now, would open it again."""
    form = _form(app, button)
    busy = _form(app, button, busy=True)
    confirm = Action("click('9')", "Confirm.", "button 'Yes, go ahead'", "irreversible")
    asked = _form(app, button, "\t[8] dialog 'Are you sure?', modal=True", "\t\t[9] button 'Yes, go ahead'")
    rules = _run(app, button, [form, asked, busy, busy], [_press(button, "read"), confirm, _press(button, "read")])
    assert rules[-1] == "repeated_submit"


@pytest.mark.parametrize("app,button,sign", [
    ("Loanline", "Send request", "\t\tStaticText 'Requesting…'"),  # any "<doing>…" on its own
    ("Fitbook", "Confirm booking", "\t\t[7] progressbar 'Booking your class'"),  # a progress bar that came up
])
def test_pressing_the_dialogs_opener_again_while_it_works_is_a_double_submission(app, button, sign):
    """The write was the dialog's confirm; the control the agent presses again is the one that
    opened the dialog, behind it: a second submission all the same. Over a page with no sign of
    work under way it is a retry."""
    form = _form(app, button)
    asked = _form(app, button, "\t[8] dialog 'Are you sure?', modal=True", "\t\t[9] button 'Yes, go ahead'")
    confirm = Action("click('9')", "Confirm.", "button 'Yes, go ahead'", "irreversible")
    working_page = _form(app, button, sign)
    rules = _run(app, button, [form, asked, working_page, asked], [_press(button, "read"), confirm, _press(button, "read")])
    assert rules[-1] == "repeated_submit"
    assert _run(app, button, [form, asked, form, asked], [_press(button, "read"), confirm, _press(button, "read")])[-1] is None


@pytest.mark.parametrize("app,button,working,completion", _APPS)
def test_a_press_with_no_sign_of_work_under_way_is_not_a_double_submission(app, button, working, completion):
    """A retry over a page that says nothing (a silent no-op), waiting until the work is done, a
    message the page showed before the first press, or pressing another control while it works:
    none is a second submission of the same write."""
    form = _form(app, button)
    assert _run(app, button, [form, form, form], [_press(button), _press(button)])[-1] is None
    done = _form(app, button, f"\t\t[7] status ''", f"\t\t\tStaticText '{completion}'")
    working_page = _form(app, button, f"\t\tStaticText '{working}'")
    wait = Action("noop(1000)", "Wait for it.", None, "read")
    assert _run(app, button, [form, working_page, done], [_press(button), wait])[-1] is None
    assert _run(app, button, [working_page, working_page, working_page], [_press(button), _press(button)])[-1] is None
    back = Action("click('4')", "Back.", "button 'Back'", "read")
    assert _run(app, button, [form, working_page, working_page], [_press(button), back])[-1] is None


@pytest.mark.parametrize("app,button,working,_", _APPS)
def test_the_rule_reads_the_page_not_the_agents_words(app, button, working, _):
    """``presses_in_flight`` on its own: what it needs is the write, the page it was made on, and
    the page the next press is taken on; typing into a field is no press."""
    form = _form(app, button)
    working_page = _form(app, button, f"\t\tStaticText '{working}'")
    assert presses_in_flight(_press(button), working_page, _press(button), form) is not None
    typed = Action("fill('5', 'x')", "Type.", f"button '{button}'", "write")
    assert presses_in_flight(typed, working_page, _press(button), form) is None


# -- a multi-step form's "Next" carries what was entered to the form's own submission ----------------------------

@pytest.mark.parametrize("app,field,value,step_on,submit,completion", [
    # a clinic's referral wizard: the history page, then the review page's Send
    ("Referwell", "Clinical history", "Two falls since March", "Next: review", "Send referral", "Referral RF-311 sent"),
    # an insurer's claim form: the incident page, then the declaration page's Submit
    ("Claimpath", "What happened", "Hail damage to the roof", "Continue to declaration", "Submit claim",
     "Claim CL-8802 submitted"),
])
def test_a_wizards_next_carries_the_values_to_its_submission(app, field, value, step_on, submit, completion):
    """The values of a wizard's page go to the application with the form's last submission; the
    confirmation of that submission confirms them, as it does values kept in a draft on the way. A
    control that saves the page on its own ("Save section") is held to its own confirmation."""
    plan = Plan(f"{app}: enter {value} and submit.", [
        Commitment("details", f"Enter {field} and go on", confirm={"completion": [Evidence(f"{field} entered")]}),
        Commitment("submit", f"Press {submit}", confirm={"completion": [Evidence(completion)]}),
    ])
    url = f"https://{app.lower()}.test/new"
    page1 = _obs(url + "?step=1", app, "\t[2] main ''", f"\t\t[4] textbox '{field}'", f"\t\t[5] button '{step_on}'")
    typed = _obs(url + "?step=1", app, "\t[2] main ''", f"\t\t[4] textbox '{field}', value='{value}'",
                 f"\t\t[5] button '{step_on}'")
    page2 = _obs(url + "?step=2", app, "\t[2] main ''", "\t\t[3] heading 'Review'", f"\t\t[6] button '{submit}'")
    done = _obs(f"https://{app.lower()}.test/done", app, "\t[2] main ''", "\t\t[7] status ''", f"\t\t\tStaticText '{completion}'")

    def report_rule(next_name: str) -> str | None:
        tester = StateTester(LexicalMatcher())
        tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
        steps = [(page1, Action(f"fill('4', '{value}')", "Type.", f"textbox '{field}'", "write"), typed, "details"),
                 (typed, Action("click('5')", "On.", f"button '{next_name}'", "write"), page2, "details"),
                 (page2, Action("click('6')", "Send.", f"button '{submit}'", "irreversible"), done, "submit")]
        tr.test_page(page1)
        for before, action, after, cid in steps:
            if tr.commitment.id != cid:
                tr.follow(cid)
            tr.action_tested(action, tr.test_action(action), Decision.CONTINUE)
            tr.record_write(action)
            if tr.test_page(after, before=before, action=action).route.value == "complete":
                tr.complete()
        check = tr.report_check(Action("send_msg_to_user('Done.')", "Report."), done)
        return check.rule if check is not None else None

    assert report_rule(step_on) is None
    assert report_rule("Save draft") is None  # kept for later, for the same user: handed to no one
    assert report_rule("Save section") == "reported_unconfirmed_write"


# -- a list's window relative to today is where it looks, not what it hides -------------------------------------

@pytest.mark.parametrize("app,select,value,row", [
    # a ward's medication chart, opened on today's doses
    ("Chartwell", "Show", "Today's doses", "RX-2210 Paracetamol 1 g · 06:00 · Given"),
    # a depot's delivery board, opened on this week's deliveries
    ("Dockside", "Deliveries", "This week's deliveries", "DL-5521 · Mon · Unloaded"),
])
def test_a_window_relative_to_today_is_no_unrequested_filter(app, select, value, row):
    from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing

    def board(v: str) -> Observation:
        return _obs(f"https://{app.lower()}.test/board", app, "\t[2] main ''", "\t\t[3] heading 'Board'",
                    f"\t\t[4] combobox '{select}', value=\"{v}\"", "\t\t[5] table 'Items'", "\t\t\t[6] row ''",
                    f"\t\t\t\t[7] link '{row}'", "\t\t\t[8] row ''", "\t\t\t\t[9] link 'ZZ-1042 Another item · 2'")

    ctx = TaskContext.from_plan(Plan(f"{app}: record the next item.", [Commitment("x", "Open the item")]))
    assert unrequested_narrowing(ctx, board(value), 0) is None
    assert unrequested_narrowing(ctx, board("Night team only"), 0) is not None  # a filter still is one


# -- what a confirmation announces, and its details ---------------------------------------------------------------

def _confirms(statement: str, obs: Observation) -> float:
    from fcpkit.core.page import app_view
    return LexicalMatcher().score([statement], [app_view(Page.of(obs))])[0, 0]


@pytest.mark.parametrize("statement,message,wrong", [
    # a ward's chart: the administration and what was given, by whom
    ("Administration recorded: Paracetamol 1 g at 14:00, witnessed by Ana Ruiz",
     "Administration recorded: Paracetamol 1 g tablet, oral at 14:00, given by Sam Lee, witnessed by Ana Ruiz.",
     "Administration recorded: Paracetamol 500 mg tablet, oral at 14:00, given by Sam Lee, witnessed by Ana Ruiz."),
    # a bank's payments: the transfer and its amount and payee
    ("Transfer scheduled: £250.00 to Harlow Plumbing, reference INV-2213",
     "Transfer scheduled: £250.00 from Current account to Harlow Plumbing, reference INV-2213, arriving today.",
     "Transfer scheduled: £520.00 from Current account to Harlow Plumbing, reference INV-2213, arriving today."),
])
def test_an_announced_event_with_its_details_holds_where_the_message_spells_them_out(statement, message, wrong):
    """"<event>: <details>" is no place named by a participle ("recorded" is no record page): the
    message that says the event with more details than the statement lists holds it; one detail
    different is another event."""
    def page(text: str) -> Observation:
        return _obs("https://app.test/x", "App", "\t[2] main ''", "\t\t[3] heading 'Account'", "\t\t[4] status ''",
                    f"\t\t\tStaticText '{text}'")
    assert _confirms(statement, page(message)) == 1.0
    assert _confirms(statement, page(wrong)) < 0.5


@pytest.mark.parametrize("statement,lines,wrong", [
    # a marina's work order: raised for a berth, its category, priority and team on the record's page
    ("Work order raised for Berth D-07: Electrical, High, assigned to Harbour Electrical Team",
     ("\t\t[3] heading 'Work order WO-1212', level=1", "\t\tStaticText 'Open · High priority · Berth D-07'",
      "\t\t[4] term ''", "\t\t\tStaticText 'Category'", "\t\t[5] definition ''", "\t\t\tStaticText 'Electrical'",
      "\t\t[6] term ''", "\t\t\tStaticText 'Assigned to'", "\t\t[7] definition ''", "\t\t\tStaticText 'Harbour Electrical Team'",
      "\t[9] status ''", "\t\tStaticText 'Work order WO-1212 raised for Berth D-07.'"),
     "Low priority"),
    # a council's permits: issued for a street, its kind, days and holder on the permit's page
    ("Permit issued for Elm Road: Skip, 14 days, held by Harlow Builders",
     ("\t\t[3] heading 'Permit PR-4410', level=1", "\t\tStaticText 'Active · Skip · 14 days'",
      "\t\t[4] term ''", "\t\t\tStaticText 'Holder'", "\t\t[5] definition ''", "\t\t\tStaticText 'held by Harlow Builders'",
      "\t[9] status ''", "\t\tStaticText 'Permit PR-4410 issued for Elm Road.'"),
     "Scaffold"),
])
def test_an_event_and_the_details_a_record_page_shows(statement, lines, wrong):
    """The toast says the event, the record's page its details: each counts where the page says
    it. The status line under the heading is the application's facts, not a title a user wrote."""
    obs = _obs("https://app.test/r", "Record", "\t[2] main ''", *lines)
    good = _confirms(statement, obs)
    assert good >= 0.75
    other = _obs("https://app.test/r", "Record", "\t[2] main ''", *(x.replace(x.split("'")[1].split(" · ")[1], wrong)
                                                                       if "·" in x else x for x in lines))
    assert _confirms(statement, other) < good


@pytest.mark.parametrize("facts,title", [
    ("Open · High priority · Berth D-07", "Shore-power pedestal keeps tripping"),
    ("Active · Skip · 14 days", "Please move the skip before the market on Friday"),
])
def test_a_line_of_facts_under_a_records_heading_is_the_applications(facts, title):
    from fcpkit.core.page.provenance import user_nodes
    for line, user in ((facts, False), (title, True)):
        page = Page.of(_obs("https://app.test/r/WO-1212", "WO-1212", "\t[2] main ''", "\t\t[3] heading 'Record WO-1212', level=1",
                            f"\t\tStaticText '{line}'"))
        at = next(i for i, n in enumerate(page.nodes) if n.name == line)
        assert (at in user_nodes(page)) is user


# -- a record named by its kind, id and title --------------------------------------------------------------------

@pytest.mark.parametrize("statement,rid,title", [
    ("Bid BID-77311: Cleaning of municipal depots", "BID-77311", "Cleaning of municipal depots"),
    ("Grant GR-4410: Repairs to the village hall roof", "GR-4410", "Repairs to the village hall roof"),
])
def test_a_record_named_by_kind_id_and_title_is_in_view_only_on_its_page(statement, rid, title):
    """A falsifier naming a near miss by its kind, id and lowercase title says which record is in
    view: the recently-viewed link to it is a mention; its own page holds it."""
    from fcpkit.core.page import evidence_view
    listing = _obs("https://app.test/list", "Home", "\t[2] main ''", "\t\t[3] heading 'Open items', level=1",
                   "\t[20] complementary 'Recently viewed'", "\t\t[21] list ''", "\t\t\t[22] listitem ''",
                   f"\t\t\t\t[23] link '{rid} {title}'")
    own = _obs(f"https://app.test/items/{rid}", f"{rid} · App", "\t[2] main ''", f"\t\t[3] heading '{rid}: {title}', level=1")
    m = LexicalMatcher()
    assert m.score_falsifiers([statement], evidence_view(Page.of(listing)))[0] < 0.5
    assert m.score_falsifiers([statement], evidence_view(Page.of(own)))[0] == 1.0


# -- a count is read with what it counts ------------------------------------------------------------------------

@pytest.mark.parametrize("falsifier,elsewhere,said", [
    # a marina's booking wizard: step 2 of 4, the stay is three nights
    ("2 nights", ("\t\t[3] heading 'Step 2 of 4: Stay', level=2", "\t\tStaticText '3 nights · 18–21 Jun 2024'"),
     ("\t\t[3] heading 'Step 2 of 4: Stay', level=2", "\t\tStaticText '2 nights · 18–20 Jun 2024'")),
    # a restaurant's booking: table 4, a party of six guests
    ("4 guests", ("\t\t[3] heading 'Table 4', level=2", "\t\tStaticText '6 guests · 19:30'"),
     ("\t\t[3] heading 'Table 12', level=2", "\t\tStaticText '4 guests · 19:30'")),
])
def test_a_count_holds_only_beside_what_it_counts(falsifier, elsewhere, said):
    """"2 nights" is not said by a "Step 2" heading and a "3 nights" line; "2 nights" on one line is."""
    from fcpkit.core.page import evidence_view
    m = LexicalMatcher()
    read = lambda lines: m.score_falsifiers([falsifier], evidence_view(Page.of(_obs("https://app.test/b", "Booking",
                                                                                       "\t[2] main ''", *lines))))[0]
    assert read(elsewhere) < 1.0
    assert read(said) == 1.0


# -- a record described by its id, names and details, on its own page ---------------------------------------------

@pytest.mark.parametrize("falsifier,own,other", [
    # a ward's patient record: her name in the heading, her number in the URL, her bed in the banner
    ("Marjorie Okafor, MRN 40031873, bed 13",
     ("https://ward.test/patients/40031873/summary", "Marjorie Okafor — Summary",
      ("\t[2] main ''", "\t\t[3] heading 'Marjorie Okafor', level=1", "\t\tStaticText 'MRN 40031873 · DOB 11 Oct 1948'",
       "\t\tStaticText 'Ward 7B, bed 13 · Admitted 10 Nov'")),
     ("https://ward.test/patients/40031872/summary", "Margaret Okafor — Summary",
      ("\t[2] main ''", "\t\t[3] heading 'Margaret Okafor', level=1", "\t\tStaticText 'Ward 7B, bed 12 · Admitted 12 Nov'",
       "\t\t[4] note 'A patient with a similar name is on this ward: Marjorie Okafor, MRN 40031873, bed 13.'"))),
    # a bank's customer account: the holder in the heading, the account in the URL, the branch in the summary
    ("Priya Shah, account ACC-30471, Leeds branch",
     ("https://bank.test/accounts/ACC-30471", "Priya Shah · Accounts",
      ("\t[2] main ''", "\t\t[3] heading 'Priya Shah', level=1", "\t\tStaticText 'Current account · Leeds branch'")),
     ("https://bank.test/accounts/ACC-30417", "Priya Shah · Accounts",
      ("\t[2] main ''", "\t\t[3] heading 'Priya Shah', level=1", "\t\tStaticText 'Savings account · York branch'",
       "\t[20] complementary 'Other accounts'", "\t\t[21] link 'ACC-30471 · Current account · Leeds branch'"))),
])
def test_a_record_described_by_id_names_and_details_is_in_view_on_its_own_page(falsifier, own, other):
    """The page's identity says which record it is (the heading, the URL's id), its content the
    details no title carries; the near miss named in a note or a panel of another record's page
    is a mention."""
    from fcpkit.core.page import evidence_view
    m = LexicalMatcher()
    read = lambda spec: m.score_falsifiers([falsifier], evidence_view(Page.of(_obs(spec[0], spec[1], *spec[2]))))[0]
    assert read(own) == 1.0
    assert read(other) < 1.0


# -- a draft that comes back without what the form held ---------------------------------------------------------

@pytest.mark.parametrize("app,field,typed,stale,reformatted", [
    # a grants portal: the amount requested, typed, then back at last week's figure after the draft save
    ("Grantbox", "textbox 'Amount requested (GBP)'", "12500.00", "9,800.00", "12,500.00"),
    # a hiring tool: the start date chosen, then back at the old one
    ("Hirely", "textbox 'Start date'", "2025-03-03", "2025-02-17", "3 Mar 2025"),
])
def test_a_draft_that_comes_back_with_other_values_is_stale(app, field, typed, stale, reformatted):
    """A draft keeps what the form holds; the form it comes back with, under a "Draft saved"
    message, showing another value in a field the form held is a stale copy. The same value
    written another way ("12,500.00", "3 Mar 2025") is kept, and a Save that is no draft is not
    held to this."""
    from fcpkit.core.rules import check_transition

    def form(value: str, *extra: str) -> Observation:
        return _obs(f"https://{app.lower()}.test/form", app, "\t[2] main ''", f"\t\t[4] {field}, value='{value}'",
                    "\t\t[5] button 'Save draft'", "\t\t[6] button 'Save'", *extra)

    saved = ("\t[9] status ''", "\t\tStaticText 'Draft saved'")
    draft = Action("click('5')", "Keep it.", "button 'Save draft'", "write")
    hit = check_transition(form(typed), draft, form(stale, *saved))
    assert hit is not None and hit.rule == "unchanged_page"
    assert check_transition(form(typed), draft, form(reformatted, *saved)) is None
    assert check_transition(form(typed), draft, form(typed, *saved)) is None
    save = Action("click('6')", "Save.", "button 'Save'", "write")
    assert check_transition(form(typed), save, form(stale, "\t[9] status ''", "\t\tStaticText 'Saved'")) is None
