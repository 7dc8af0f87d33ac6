"""Readings for sites written by people who never saw fcpkit, rounds twenty-two and twenty-three:
the lines set after a choice describe that choice, made or not; a dialog whose act the agent
performed, and the application confirmed, waits for nothing even while it stays in the page; a
search's empty answer to the agent's own wording of the query answers that wording, not the task;
a select that cannot be cleared picks a context in a filter panel too; a statement written as a
field's label and a value is denied by that field holding another; the controls of an editable
grid's rows hold the record in view's values; a negated statement of one common word holds only as
written (contractions written out); a page that says permission is required refuses; a form's answer ("... must be") is said
only by a line so worded; an action falsifier of one common word is said only by an action that
says it as written; a passed-over step's "still" is held until the agent writes; choosing the option a select
already has selected changes nothing, and should not. Each on pages of two
applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, ActionTester, Commitment, Evidence, LexicalMatcher, Observation, Plan
from fcpkit.core.dialogs import awaiting_act, dialog_control
from fcpkit.core.falsifiers import TaskContext, unrequested_narrowing
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.phrases import phrase
from fcpkit.core.rules import check_transition
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult, StateTester
from fcpkit.core.verify import Decision
from fcpkit.core.tracker import CommitmentTracker


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


def _tracker(task: str, *steps: Commitment) -> CommitmentTracker:
    return CommitmentTracker(Plan(task, list(steps)), StateTester(LexicalMatcher()), actions=ActionTester(LexicalMatcher()))


def _act(tr: CommitmentTracker, action: Action) -> CheckResult:
    """The action's test, and the action taken when the test lets it run (as the checker does)."""
    pre = tr.test_action(action)
    if pre.route is Route.CONTINUE:
        tr.action_tested(action, pre, Decision.CONTINUE)
    return pre


# -- the lines after a choice describe it ---------------------------------------------------------------------

@pytest.mark.parametrize("group,choices,statement", [
    # a courier desk's booking form: each speed a radio button, its availability and a help button after it
    ("Delivery speed", (("Same day", "Sold out — no couriers left today", "About same day"),
                        ("Next day", "2 couriers free", "About next day")), "Sold out"),
    # a gym's class booking: each session a radio button, then how many places it has
    ("Sessions on Tuesday", (("07:00 Spin · Studio 2", "Class full — join the waitlist", "Waitlist rules"),
                             ("18:00 Spin · Studio 1", "4 places left", "Instructor: Ada")), "Class full"),
])
def test_the_lines_after_a_choice_describe_that_choice(group, choices, statement):
    def page(chosen: int) -> Page:
        lines = ["\t[2] main ''", "\t\t[3] heading 'Book'", f"\t\t[4] radiogroup '{group}'",
                 "\t\t\t[5] StaticText 'Pick one; prices include tax.'"]
        for k, (name, line, button) in enumerate(choices):
            lines += [f"\t\t\t[{10 + k}] radio '{name}', checked='{'true' if k == chosen else 'false'}'",
                      f"\t\t\t[{20 + k}] StaticText '{line}'", f"\t\t\t[{30 + k}] button '{button}'"]
        return Page.of(_obs("https://app.test/book", "Book", *lines, "\t\t[40] button 'Book now'"))

    p = page(1)
    first = p.position("10")
    assert p.items[p.position("20")] == first and p.items[p.position("30")] == first
    assert p.items[p.position("21")] == p.position("11")
    assert p.items[p.position("5")] == -1  # the group's caption, before its first choice, is the group's
    assert p.position("20") in p.offered and p.position("21") in p.chosen
    m = LexicalMatcher()
    # said of a choice not made: what the form allows, not what it holds
    assert m.score_falsifiers([statement], evidence_view(p))[0] < 0.6
    # said of the choice made: the form's state
    assert m.score_falsifiers([statement], evidence_view(page(0)))[0] >= 0.9


# -- a dialog whose act ran waits for nothing ------------------------------------------------------------------

@pytest.mark.parametrize("task,subgoal,title,act,done,message,was,now", [
    # a bike shop's service desk: its reschedule dialog stays open beside the toast that says it saved
    ("Move the service of bike B-220 to Friday.", "Save the new service date", "Reschedule service — B-220",
     "Save new date", "Service date saved", "Service date saved: B-220 on Friday", "Service: Tuesday 09:00",
     "Service: Friday 09:00"),
    # a library's room bookings: the change dialog is still in the page while it closes
    ("Change booking RB-31 to room 4.", "Confirm the room change", "Change room — RB-31", "Confirm change",
     "Room changed", "Room changed: RB-31 is now in room 4", "Room: 2 (seats 6)", "Room: 4 (seats 8)"),
])
def test_a_dialog_whose_act_ran_waits_for_nothing(task, subgoal, title, act, done, message, was, now):
    step = Commitment("save", subgoal, confirm={"completion": [Evidence(done)]}, confidence=0.9)
    dialog = (f"\t[20] dialog '{title}', modal=True", "\t\t[21] checkbox 'Email the customer', checked='false'",
              "\t\t[22] button 'Details'", "\t\t[23] button 'Cancel'", f"\t\t[24] button '{act}'")
    opened = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                  f"\t\t[4] StaticText '{was}'", *dialog)
    answered = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'",
                    f"\t\t[4] StaticText '{now}'", "\t[9] status ''", f"\t\t[10] StaticText '{message}'", *dialog)
    press = Action("click('24')", "Send it.", f"button '{act}'", "write")
    tick = Action("click('21')", "Tick it.", "checkbox 'Email the customer'", "write")
    report = Action("send_msg_to_user('Done.')", "Tell the user.", "message to the user", "read")
    assert dialog_control(press, opened) == (title, act) and dialog_control(tick, opened) is None
    asked = StateTester(LexicalMatcher()).context(Plan(task, [step])).wanted
    assert awaiting_act(opened, asked) == title and awaiting_act(opened, asked, frozenset({title})) is None

    tr = _tracker(task, step)
    tr.test_page(opened)
    tr.test_action(press)
    assert tr.test_page(answered, before=opened, action=press).route is Route.COMPLETE
    tr.complete()
    assert tr.report_check(report, answered) is None
    # a box ticked in it is no act of it: reported under it, the act never ran
    tr = _tracker(task, step)
    tr.test_page(opened)
    tr.test_action(tick)
    tr.test_page(opened, before=opened, action=tick)
    assert tr.report_check(report, opened).rule == "unexpected_dialog"


# -- a search's empty answer to the agent's own wording ----------------------------------------------------------

@pytest.mark.parametrize("task,box,typed,right,notice,falsifier", [
    # a wholesaler's order desk: order ids need their hyphen
    ("Open order SO-5531 and mark it packed.", "Search orders", "SO 5531", "SO-5531",
     "No orders match your search. Order numbers look like SO-1234.", "No orders match"),
    # a clinic's patient finder: the agent types the surname misspelt
    ("Open the chart of patient Ingrid Halvorsen and add the allergy.", "Find a patient", "Ingrid Halvorson",
     "Ingrid Halvorsen", "No patients found. Check the spelling or search by date of birth.", "No patients found"),
])
def test_a_searchs_empty_answer_to_the_agents_own_wording(task, box, typed, right, notice, falsifier):
    step = Commitment("find", f"Find it: {task}", confirm={"completion": [Evidence(right)]},
                      falsify={"execution": [Evidence(falsifier)]})

    def page(value: str, answer: str | None = None, query: str = "") -> Observation:
        lines = ["\t[2] main ''", f"\t\t[3] heading '{'Results for ' + query if query else 'Search'}'",
                 f"\t\t[10] searchbox '{box}', value='{value}'", "\t\t[11] button 'Search'"]
        url = "https://app.test/search" + (f"?q={query.replace(' ', '+')}" if query else "")
        return _obs(url, "Search", *lines, *([f"\t\t[12] StaticText '{answer}'"] if answer else []))

    def searched(value: str) -> tuple[CommitmentTracker, Observation, Route]:
        tr = _tracker(task, step)
        empty, filled = page(""), page(value)
        fill = Action(f"fill('10', '{value}')", "Type it.", f"searchbox '{box}'", "read")
        enter = Action("press('10', 'Enter')", "Search.", f"searchbox '{box}'", "read")
        tr.test_page(empty)
        _act(tr, fill)
        tr.test_page(filled, before=empty, action=fill)
        _act(tr, enter)
        answered = page(value, notice, value)
        return tr, answered, tr.test_page(answered, before=filled, action=enter).route

    tr, answered, route = searched(typed)
    assert route is not Route.RISK  # the answer to the agent's wording: it may search again
    retype = Action(f"fill('10', '{right}')", "Retype it.", f"searchbox '{box}'", "read")
    assert _act(tr, retype).route is not Route.RISK
    still = page(right, notice, typed)  # the old answer still shows while the query is retyped
    assert tr.test_page(still, before=answered, action=retype).route is not Route.RISK
    # reporting on the empty answer acts on it
    tr, answered, _ = searched(typed)
    held = tr.test_action(Action("send_msg_to_user('Not found.')", "Tell the user.", "message to the user", "read"))
    assert held.route is Route.RISK and held.phase == "pre" and held.evidence == falsifier
    # the search for what the task names found nothing: the page says so of the task
    assert searched(right)[2] is not Route.CONTINUE



@pytest.mark.parametrize("task,box,query,other,notice", [
    # a library's hold desk: the title searched by the words the task uses for it
    ("Place a hold on the second edition of Foundations of Molecular Ecology.", "Title, author or ISBN",
     "molecular ecology second edition", "Foundations of Molecular Ecology", "No titles match your search."),
    # a garden centre's stock lookup: the plant searched by the task's words
    ("Reserve two dwarf apple trees for customer Lena Park.", "Search stock", "dwarf apple trees", "Malus Dwarf",
     "Nothing found. Try fewer words."),
])
def test_a_search_in_the_tasks_words_that_found_nothing_may_be_written_again(task, box, query, other, notice):
    step = Commitment("find", f"Find it: {task}", confirm={"completion": [Evidence(other)]})

    def page(value: str, answer: str | None = None, q: str = "") -> Observation:
        lines = ["\t[2] main ''", "\t\t[3] heading 'Search'", f"\t\t[10] searchbox '{box}', value='{value}'",
                 "\t\t[11] button 'Search'"]
        url = "https://app.test/search" + (f"?q={q.replace(' ', '+')}" if q else "")
        return _obs(url, "Search", *lines, *([f"\t\t[12] StaticText '{answer}'"] if answer else []))

    def searched() -> CommitmentTracker:
        tr = _tracker(task, step)
        filled = page(query)
        tr.test_page(filled)
        _act(tr, Action("click('11')", "Search.", "button 'Search'", "read"))
        answered = tr.test_page(page(query, notice, query), before=filled, action=Action("click('11')", "Search.", "button 'Search'", "read"))
        assert answered.route is Route.CONTINUE  # held: the agent may write the query again
        return tr

    tr = searched()
    assert _act(tr, Action(f"fill('10', '{other}')", "Retype it.", f"searchbox '{box}'", "read")).route is Route.CONTINUE
    tr = searched()
    held = tr.test_action(Action("send_msg_to_user('It is not in the catalogue.')", "Tell the user.", "message to the user", "read"))
    assert held.rule == "empty_results" and held.phase == "pre"


# -- a select that cannot be cleared picks a context, in a filter panel too ---------------------------------------

@pytest.mark.parametrize("task,panel,context,filter_", [
    # an employer's commuter-benefits table: which month's passes it shows, beside a department filter
    ("Assign a December pass to employee E-5528.", "Filters",
     ("Month", "November 2025", ["October 2025", "November 2025", "December 2025"]),
     ("Department", "Finance", ["All departments", "Finance", "Operations"])),
    # a school's grade book: which term's marks it shows, beside a class filter
    ("Correct Ana Ruiz's mark for the science test.", "Filter by",
     ("Term", "Term 2", ["Term 1", "Term 2", "Term 3"]),
     ("Class", "7B", ["Any class", "7A", "7B"])),
])
def test_a_select_that_cannot_be_cleared_picks_a_context_in_a_filter_panel_too(task, panel, context, filter_):
    def page(name: str, value: str, options: list[str]) -> Observation:
        opts = [f"\t\t\t\t[{10 + k}] option '{o}'" + (", selected=True" if o == value else "") for k, o in enumerate(options)]
        return _obs("https://app.test/list", "List", "\t[2] main ''", "\t\t[3] heading 'List'", f"\t\t[4] group '{panel}'",
                    f"\t\t\t[5] combobox '{name}' value='{value}'", *opts, "\t\t[20] table 'Records'",
                    "\t\t\t[21] row ''", "\t\t\t\t[22] link 'Record one'", "\t\t\t[23] row ''", "\t\t\t\t[24] link 'Record two'")

    ctx = TaskContext.from_plan(Plan(task, [Commitment("find", "Find the record")]))
    assert unrequested_narrowing(ctx, page(*context), 0) is None  # no "all" to go back to: the view's context
    assert unrequested_narrowing(ctx, page(*filter_), 0) is not None  # a filter one can clear, left set


# -- a field holding another value denies "<label> <value>" ---------------------------------------------------------

@pytest.mark.parametrize("heading,control,label,held,statement,other_line", [
    # a claims portal's line correction: the Units box holds 3; the heading says line 2
    ("Correct claim line 2", "spinbutton", "Units", "3", "Units 2", "Line 2 of 4 · Office visit"),
    # a hotel desk's room change: the Guests select holds 2; the room is on floor 3
    ("Room 312 · Floor 3", "combobox", "Guests", "2", "Guests 3", "3 nights · check-in Fri"),
])
def test_a_field_holding_another_value_denies_its_label_and_a_value(heading, control, label, held, statement, other_line):
    def page(value: str) -> Observation:
        return _obs("https://app.test/r/1/edit", heading, "\t[2] main ''", f"\t\t[3] heading '{heading}', level=1",
                    f"\t\t[4] StaticText '{other_line}'", "\t\t[5] form ''", f"\t\t\t[6] {control} '{label}', value='{value}'",
                    "\t\t\t[7] button 'Save'")

    m = LexicalMatcher()
    assert m.score_falsifiers([statement], evidence_view(Page.of(page(held))))[0] < 0.6  # the field says otherwise
    assert m.score_falsifiers([statement], evidence_view(Page.of(page(statement.split()[-1]))))[0] >= 0.9


# -- an editable grid's controls hold the record in view's values ---------------------------------------------------

@pytest.mark.parametrize("heading,rows,statement", [
    # a farm co-op's standing order: one line per product, each quantity a spin button
    ("Standing order SO-1 · Member M-7", (("Apples", "Apples quantity (kg)", "15"), ("Pears", "Pears quantity (kg)", "3")),
     "Apples quantity (kg) is 15"),
    # a contractor's timesheet: one row per day, each day's hours a text box
    ("Timesheet · week 12 · Ana Ruiz", (("Monday", "Hours on Monday", "12"), ("Tuesday", "Hours on Tuesday", "8")),
     "Hours on Monday is 12"),
])
def test_an_editable_grids_controls_hold_the_record_in_views_values(heading, rows, statement):
    lines = ["\t[2] main ''", f"\t\t[3] heading '{heading}', level=1", "\t\t[4] table 'Lines'", "\t\t\t[5] row ''",
             "\t\t\t\t[6] columnheader 'Item'", "\t\t\t\t[7] columnheader 'Quantity'"]
    for k, (name, label, value) in enumerate(rows):
        lines += [f"\t\t\t[{10 + k}] row ''", f"\t\t\t\t[{20 + k}] cell '{name}'", f"\t\t\t\t[{30 + k}] cell ''",
                  f"\t\t\t\t\t[{40 + k}] spinbutton '{label}', value='{value}'"]
    m = LexicalMatcher()
    assert m.score_falsifiers([statement], evidence_view(Page.of(_obs("https://app.test/r/1", heading, *lines))))[0] >= 0.9
    # the same rows as links to records of their own: each row's control is that record's
    linked = [l.replace("cell '", "link '") if "[2" in l and "cell '" in l else l for l in lines]
    assert m.score_falsifiers([statement], evidence_view(Page.of(_obs("https://app.test/r/1", heading, *linked))))[0] < 0.6


# -- a negated statement of one common word holds only as written --------------------------------------------------

@pytest.mark.parametrize("statement,furniture,said", [
    # an animal shelter's checklist ticks a landlord's permission "not needed"; its 403 page refuses
    ("You do not have permission", "checkbox 'Landlord permission (not needed for owner-occupiers)', checked='true'",
     "StaticText 'You don’t have permission to approve applications.'"),
    # a campsite's booking form says where pets are not allowed; its rules page refuses the booking
    ("You are not allowed", "StaticText 'Pets allowed (not on beach pitches)'",
     "StaticText 'You aren’t allowed to book pitches for other members.'"),
])
def test_a_negated_statement_of_one_common_word_holds_only_as_written(statement, furniture, said):
    m = LexicalMatcher()

    def score(line: str) -> float:
        page = _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record'", f"\t\t[4] {line}")
        return m.score_falsifiers([statement], evidence_view(Page.of(page)))[0]

    assert score(furniture) < 0.6  # the word, and a negation of something else
    assert score(said) >= 0.9  # the statement, its negation contracted


# -- a page that says permission is required refuses ------------------------------------------------------------

@pytest.mark.parametrize("refusal,ordinary", [
    ("Permission required", "Internet access required for offline sync"),
    ("You need permission to view this project", "You need to confirm your email"),
])
def test_a_page_that_says_permission_is_required_refuses(refusal, ordinary):
    assert phrase("refused", refusal) and not phrase("refused", ordinary)


# -- a form's answer is said only by a line so worded -------------------------------------------------------------

@pytest.mark.parametrize("statement,label,answer", [
    # a vanpool console's transfer form: the date box, then the form's answer to a bad date
    ("Effective date must be", "Effective date (YYYY-MM-DD)", "Effective date must be a weekday after today"),
    # a brewery's label reprint form: the quantity box, then its answer
    ("Number of labels should be", "Number of labels", "Number of labels should be between 1 and 5000"),
])
def test_a_forms_answer_is_said_only_by_a_line_so_worded(statement, label, answer):
    def score(*extra: str) -> float:
        page = _obs("https://app.test/form", "Form", "\t[2] main ''", "\t\t[3] form ''", f"\t\t\t[4] textbox '{label}'", *extra)
        return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(page)))[0]

    assert score() < 0.6  # the field's label says none of the answer
    assert score(f"\t\t\t[5] StaticText '{answer}'") >= 0.9


# -- an action falsifier of one common word is said as written ----------------------------------------------------

@pytest.mark.parametrize("statement,same_word,said", [
    # a vanpool console: the short-notice dialog's "Transfer only" versus the form's "Confirm transfer"
    ("Transfer only", "Confirm transfer", "Transfer only"),
    # a photo lab's order form: "Prints only" versus "Order prints"
    ("Prints only", "Order prints", "Prints only (no digital files)"),
])
def test_an_action_falsifier_of_one_common_word_is_said_as_written(statement, same_word, said):
    tester = ActionTester(LexicalMatcher())
    step = Commitment("do", "Do it", falsify={"execution": [Evidence(statement, on="action")]})
    plan = Plan("Do it.", [step])

    def alpha(name: str) -> float:
        return tester.test(plan, step, Action("click('9')", "Go on.", f"button '{name}'", "write")).alpha_minus

    assert alpha(same_word) < 0.6 and alpha(said) >= 0.9


# -- a passed-over step's "still" is held until the agent writes ---------------------------------------------------

@pytest.mark.parametrize("first,second,old,new,other", [
    # a brewery's reprint form: the label count still shows the batch's 412 while the date is typed first
    (("Number of labels", "412", "240"), ("Best-before date", "14 Aug 2026"), "412", "240", "Submit print job"),
    # a clinic's referral form: the urgency still shows Routine while the reason is typed first
    (("Urgency", "Routine", "Urgent"), ("Reason for referral", "Chest pain on exertion"), "Routine", "Urgent", "Send referral"),
])
def test_a_passed_over_steps_still_is_held_until_the_agent_writes(first, second, old, new, other):
    label, _, value = first
    steps = [Commitment("a", f"Set {label} to {value}", confirm={"completion": [Evidence(f"{label} {value}")]},
                        falsify={"execution": [Evidence(f"{label} is still {old}")]}),
             Commitment("b", f"Set {second[0]} to {second[1]}", confirm={"completion": [Evidence(second[1])]}),
             Commitment("c", f"Press {other}", confirm={"completion": [Evidence("Job queued")]})]

    def form(a: str, b: str) -> Observation:
        return _obs("https://app.test/form", "Form", "\t[2] main ''", "\t\t[3] form 'Request'",
                    f"\t\t\t[4] textbox '{label}', value='{a}'", f"\t\t\t[5] textbox '{second[0]}', value='{b}'",
                    f"\t\t\t[6] button '{other}'")

    fill_b = Action(f"fill('5', '{second[1]}')", "Type it.", f"textbox '{second[0]}'", "write")
    fill_a = Action(f"fill('4', '{new}')", "Type it.", f"textbox '{label}'", "write")
    send = Action("click('6')", "Send it.", f"button '{other}'", "irreversible")

    def passed_over() -> CommitmentTracker:
        tr = _tracker("Fill and send the form.", *steps)
        start = form(old, "")
        tr.test_page(start)
        check = tr.claim("b", start, fill_b)
        assert check is None or check.route is not Route.RISK  # held: the agent may come back to it
        tr.follow("b", check)
        _act(tr, fill_b)
        tr.test_page(form(old, second[1]), before=start, action=fill_b)
        return tr

    tr = passed_over()  # it comes back to the field, then sends
    _act(tr, fill_a)
    tr.test_page(form(new, second[1]), before=form(old, second[1]), action=fill_a)
    assert tr.test_action(send).route is not Route.RISK
    tr = passed_over()  # it sends the form with the old value
    held = tr.test_action(send)
    assert held.route is Route.RISK and held.evidence == f"{label} is still {old}"


# -- choosing the option a select already has selected ------------------------------------------------------------

@pytest.mark.parametrize("label,shown,options,other", [
    # a vanpool console's pickup stop: the select shows "Elm & 3rd", its option says "(same as now)"
    ("Pickup stop on new van", "Elm & 3rd", ["Ridge Rd P&R", "Elm & 3rd (same as now)"], "Ridge Rd P&R"),
    # a school's lunch account: the plan select shows "Standard", its option "Standard (current plan)"
    ("Meal plan", "Standard", ["Standard (current plan)", "Vegetarian"], "Vegetarian"),
])
def test_choosing_the_option_a_select_already_has_selected_changes_nothing(label, shown, options, other):
    chosen = next(o for o in options if o.startswith(shown))
    opts = [f"\t\t\t\t[{10 + k}] option '{o}', selected={o == chosen}" for k, o in enumerate(options)]
    page = _obs("https://app.test/form", "Form", "\t[2] main ''", "\t\t[3] form ''",
                f"\t\t\t[4] combobox '{label}', value='{shown}'", *opts, "\t\t\t[5] button 'Save'")
    same = Action(f"select_option('4', '{chosen}')", "Keep it.", f"combobox '{label}'", "write")
    assert check_transition(page, same, page) is None  # it holds that already: nothing to change
    hit = check_transition(page, Action(f"select_option('4', '{other}')", "Change it.", f"combobox '{label}'", "write"), page)
    assert hit is not None and hit.rule == "unchanged_page"
