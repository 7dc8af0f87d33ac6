"""The built-in task-level falsifiers, each on pages of at least two apps worded differently.

Three small apps of our own: a help desk (tickets ``T-390``), an invoicing app (``INV-40211``)
and a German stock app (``LA-7710``). Each rule must fire on the drift it names in two of them
and stay silent on the healthy look-alike.
"""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Observation, Plan
from fcpkit.core.falsifiers import BUILTIN_RULES, Builtins, TaskContext, builtin_hits, check_builtins
from fcpkit.errors import ConfigError

HELPDESK = Plan("Assign ticket T-390 (duplicate charge) to team Payments.", [
    Commitment("open", "Open ticket T-390", confirm={"completion": ["Ticket T-390 detail"]}),
    Commitment("assign", "Assign T-390 to Payments", confirm={"completion": ["Team: Payments"]}),
])
INVOICES = Plan("Approve invoice INV-40211 from Northwind for 1,250.00 EUR.", [
    Commitment("find", "Search invoices for INV-40211", confirm={"completion": ["Invoice INV-40211 page"]}),
    Commitment("approve", "Approve invoice INV-40211", confirm={"completion": ["Status: Approved"]}),
])
LAGER = Plan("Artikel LA-7710 im Lager Berlin freigeben.", [
    Commitment("open", "Artikel LA-7710 öffnen", confirm={"completion": ["Artikel LA-7710"]}),
])


def page(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused", *lines]))


def hits(plan: Plan, after: Observation, before: Observation | None = None, action: Action | None = None,
         commitment: str = "", **kw) -> list[str]:
    return [h.rule for h in builtin_hits(TaskContext.from_plan(plan), after, before=before, action=action,
                                         commitment_text=commitment, **kw)]


CLICK = Action("click('12')", "", "link 'Open'", "read")
ROWS = ("\t[30] table 'Results'", "\t\t[31] row ''", "\t\t\t[32] link 'first'", "\t\t[33] row ''", "\t\t\t[34] link 'second'")
QUEUE = page("http://desk.test/tickets", "Queue · HelpDesk", "\t[5] heading 'Ticket queue'",
             "\t[12] link 'T-390 Charged twice'", "\t[13] link 'T-391 Cannot log in'")
T390 = page("http://desk.test/tickets/T-390", "Ticket T-390 · HelpDesk", "\t[5] heading 'Ticket T-390'",
            "\t[6] StaticText 'Status: Open'", "\t[7] StaticText 'Team: Unassigned'", "\t[8] button 'Sign out'")
INV_LIST = page("http://ledger.test/invoices", "Invoices | Ledgerly", "\t[5] heading 'Invoices'",
                "\t[9] searchbox 'Find invoices'", "\t[10] table 'Invoices'",
                "\t\t[11] row ''\n\t\t\t[12] link 'INV-40211'\n\t\t\t[13] cell 'Pending'")
INV = page("http://ledger.test/invoices/INV-40211", "INV-40211 | Ledgerly", "\t[5] heading 'Invoice INV-40211'",
           "\t[6] StaticText 'Status: Pending'", "\t[7] button 'Approve'")
LAGER_LIST = page("http://lager.test/artikel", "Artikel – Lagerverwaltung", "\t[5] heading 'Artikel'",
                  "\t[6] combobox 'Lager' value='Alle Lager'", "\t[7] link 'LA-7710 Schrauben M4'")


# -- lost session -----------------------------------------------------------------------------


def test_lost_session_sign_in_form_after_a_redirect():
    login = page("http://desk.test/users/login?next=/tickets/T-390", "Log in · HelpDesk", "\t[3] heading 'Log in'",
                 "\t[4] textbox 'Email'", "\t[5] textbox 'Password'", "\t[6] button 'Log in'")
    assert hits(HELPDESK, login, QUEUE, CLICK) == ["lost_session"]
    sso = page("http://ledger.test/auth/sso", "Ledgerly", "\t[3] heading 'Sign in to Ledgerly'",
               "\t[4] link 'Continue with your company account'")
    assert hits(INVOICES, sso, INV_LIST, CLICK) == ["lost_session"]
    assert hits(HELPDESK, T390, QUEUE, CLICK) == []  # a "Sign out" button is a signed-in page


def test_lost_session_notice_in_other_words_and_languages():
    banner = page(T390.url, T390.title, *T390.text.splitlines()[1:], "\t[20] alert ''",
                  "\t\t[21] StaticText 'You were logged out after 30 minutes of inactivity.'")
    assert hits(HELPDESK, banner, T390, CLICK) == ["lost_session"]
    abgelaufen = page(LAGER_LIST.url, LAGER_LIST.title, *LAGER_LIST.text.splitlines()[1:], "\t[20] alert ''",
                      "\t\t[21] StaticText 'Ihre Sitzung ist abgelaufen. Bitte erneut anmelden.'")
    assert hits(LAGER, abgelaufen, LAGER_LIST, CLICK) == ["lost_session"]


def test_a_plan_that_signs_in_expects_the_sign_in_form():
    task = Plan("Log in as alice, then open ticket T-390.", [Commitment("login", "Log in with the password")])
    form = page("http://desk.test/login", "Log in", "\t[4] textbox 'Password'", "\t[6] button 'Log in'")
    assert hits(task, form, QUEUE, CLICK) == []
    assert hits(task, form, start=True) == [] and hits(HELPDESK, form, start=True) == ["lost_session"]


# -- refusal, error and not-found pages --------------------------------------------------------------


def test_refusal_titles_headings_and_alerts():
    denied = page("http://desk.test/tickets/T-390/assign", "Not permitted · HelpDesk",
                  "\t[5] heading \"You don't have access to this ticket\"")
    assert hits(HELPDESK, denied, T390, CLICK)[0] == "refused"
    only = page(INV_LIST.url, INV_LIST.title, *INV_LIST.text.splitlines()[1:], "\t[30] alert ''",
                "\t\t[31] StaticText 'Only finance managers can approve invoices over 1,000.00 EUR.'")
    assert "refused" in hits(INVOICES, only, INV_LIST, CLICK)
    verweigert = page("http://lager.test/artikel/LA-7710", "Zugriff verweigert – Lagerverwaltung")
    assert hits(LAGER, verweigert, LAGER_LIST, CLICK) == ["refused"]


def test_a_click_on_a_disabled_control_is_refused():
    locked = page(INV.url, INV.title, "\t[5] heading 'Invoice INV-40211'", "\t[7] button 'Approve', disabled=True")
    assert hits(INVOICES, locked, locked, Action("click('7')", "", "button 'Approve'", "write")) == ["refused"]
    frei = page("http://lager.test/artikel/LA-7710", "Artikel LA-7710", "\t[5] heading 'Artikel LA-7710'",
                "\t[8] button 'Freigeben', disabled=True")
    assert hits(LAGER, frei, frei, Action("click('8')", "", "button 'Freigeben'", "write")) == ["refused"]
    assert hits(INVOICES, INV, INV, Action("click('7')", "", "button 'Approve'", "write")) == []


def test_error_and_not_found_pages():
    gone = page("http://desk.test/tickets/T-390", "HelpDesk", "\t[5] heading 'This ticket no longer exists'")
    assert hits(HELPDESK, gone, QUEUE, CLICK) == ["missing_page"]
    nf = page("http://ledger.test/invoices/INV-40211", "Invoice not found | Ledgerly")
    assert hits(INVOICES, nf, INV_LIST, CLICK) == ["missing_page"]
    oops = page("http://lager.test/artikel/LA-7710", "Lagerverwaltung", "\t[5] heading 'Etwas ist schiefgelaufen'")
    assert hits(LAGER, oops, LAGER_LIST, CLICK) == ["missing_page"]


# -- wrong record ------------------------------------------------------------------------------------


def test_wrong_record_is_a_detail_page_of_the_same_kind_not_a_list_that_mentions_it():
    t391 = page("http://desk.test/tickets/T-391", "Ticket T-391 · HelpDesk", "\t[5] heading 'Ticket T-391'")
    assert hits(HELPDESK, t391, QUEUE, CLICK) == ["wrong_record"]
    assert hits(HELPDESK, t391, start=True) == []  # where the run starts: nothing done there yet
    assert hits(HELPDESK, QUEUE, T390, CLICK) == []  # the queue lists T-391: not a record's page
    inv = page("http://ledger.test/invoices/INV-40212", "INV-40212 | Ledgerly", "\t[5] heading 'Invoice INV-40212'")
    assert hits(INVOICES, inv, INV_LIST, CLICK) == ["wrong_record"]
    customer = page("http://ledger.test/customers/CUS-88", "CUS-88 | Ledgerly", "\t[5] heading 'Northwind'")
    assert hits(INVOICES, customer, INV, CLICK) == []  # another kind of record: not a near miss


# -- unrequested constraints ----------------------------------------------------------------------


def test_a_sticky_filter_chip_or_value_the_task_never_asked_for():
    chip = page("http://desk.test/tickets", "Queue · HelpDesk", "\t[5] heading 'Ticket queue'",
                "\t[8] button 'Remove filter: Billing'", *ROWS)
    assert hits(HELPDESK, chip, T390, CLICK) == ["unrequested_constraint"]
    asked = page(chip.url, chip.title, "\t[8] button 'Remove filter: Payments'", *ROWS)
    assert hits(HELPDESK, asked, T390, CLICK) == []
    hamburg = page(LAGER_LIST.url, LAGER_LIST.title, "\t[6] combobox 'Lager' value='Hamburg'", *ROWS)
    assert hits(LAGER, hamburg, QUEUE, CLICK) == ["unrequested_constraint"]
    assert hits(LAGER, page(LAGER_LIST.url, "", "\t[6] combobox 'Lager' value='Alle Lager'", *ROWS), QUEUE, CLICK) == []
    assert hits(LAGER, page(LAGER_LIST.url, "", "\t[6] combobox 'Lager' value='Berlin'", *ROWS), QUEUE, CLICK) == []
    # a form's drop-down is the form's value, not a filter on a list
    assert hits(LAGER, page("http://lager.test/neu", "", "\t[6] combobox 'Lager' value='Hamburg'"), QUEUE, CLICK) == []


def test_query_parameters_and_prefilled_search_on_a_loaded_list():
    overdue = page("http://ledger.test/invoices?status=overdue&page=2", "Invoices | Ledgerly", *ROWS)
    assert hits(INVOICES, overdue, INV, CLICK) == ["unrequested_constraint"]
    assert hits(INVOICES, page("http://ledger.test/invoices?page=2&sort=date", "Invoices", *ROWS), INV, CLICK) == []
    prefilled = page("http://desk.test/tickets", "Queue", "\t[9] searchbox 'Search tickets' value='refund'", *ROWS)
    assert hits(HELPDESK, prefilled, T390, CLICK) == ["unrequested_constraint"]
    # not on the start page, and not while the agent is typing into the form
    assert hits(HELPDESK, prefilled, start=True) == []
    assert hits(HELPDESK, prefilled, prefilled, Action("fill('9', 'refund')")) == []
    assert hits(HELPDESK, prefilled, prefilled, Action("noop(500)")) == []


def test_a_filter_value_is_asked_for_as_a_state_not_as_the_verb_it_comes_from():
    # "approve it ... or reject it otherwise" asks to *do* something, not for a list of rejected records
    expenses = Plan("Find expense report EXP-1180 and approve it if within policy, or reject it otherwise.", [
        Commitment("find", "Search the expense reports for EXP-1180",
                   confirm={"completion": ["Search results for EXP-1180"]}),
        Commitment("decide", "Approve or reject EXP-1180",
                   confirm={"completion": ["Expense report EXP-1180 approved.", "Expense report EXP-1180 rejected."]}),
    ])
    rejected = page("http://spend.test/expenses?q=EXP-1180&status=Rejected", "Expenses", *ROWS)
    # while the search step is active, the later step's outcome ("... rejected.") does not ask for the filter
    assert hits(expenses, rejected, QUEUE, CLICK, step=0) == ["unrequested_constraint"]
    ctx = TaskContext.from_plan(expenses)
    assert not ctx.asks_to_narrow("Rejected", 0) and ctx.asks_to_narrow("Rejected", 1)
    assert ctx.asks_to_narrow("EXP-1180", 0)
    # a task that asks for the rejected ones (another app, another language of wording)
    review = Plan("Review the rejected invoices from Northwind and reopen INV-40211.", [
        Commitment("list", "Open the list of rejected invoices", confirm={"completion": ["Invoices"]}),
    ])
    assert hits(review, page("http://ledger.test/invoices?status=rejected", "Invoices", *ROWS), INV, CLICK, step=0) == []
    assert TaskContext.from_plan(review).asks_to_narrow("Rejected", 0)
    # a filter an earlier step set up still counts while a later step runs on the list
    staged = Plan("Assign an unassigned ticket to team Payments.", [
        Commitment("filter", "Show the open tickets", confirm={"completion": ["Open tickets"]}),
        Commitment("pick", "Open the oldest ticket", confirm={"completion": ["Ticket detail"]}),
    ])
    # a later step's precondition is the state the plan expects to find: the list may show it
    pending = Plan("Approve leave request LR-2207.", [
        Commitment("open", "Open leave request LR-2207", confirm={"completion": ["Leave request LR-2207"]}),
        Commitment("approve", "Approve it", confirm={"precondition": ["Status: Pending"], "completion": ["Approved"]}),
    ])
    assert hits(pending, page("http://hr.test/leave?status=pending", "Leave", *ROWS), QUEUE, CLICK, step=0) == []
    open_list = page("http://desk.test/tickets?status=open", "Queue", *ROWS)
    assert hits(staged, open_list, QUEUE, CLICK, step=1) == []
    assert hits(staged, page("http://desk.test/tickets?status=closed", "Queue", *ROWS), QUEUE, CLICK, step=1) == [
        "unrequested_constraint"]


# -- empty results ---------------------------------------------------------------------------------


def test_a_search_for_what_the_task_names_that_finds_nothing():
    submit = Action("press('9', 'Enter')", "", "searchbox 'Find invoices'", "read")
    typed = page(INV_LIST.url, INV_LIST.title, "\t[9] searchbox 'Find invoices' value='INV-40211'")
    empty = page("http://ledger.test/invoices?q=INV-40211", INV_LIST.title,
                 "\t[9] searchbox 'Find invoices' value='INV-40211'", "\t[20] StaticText '0 results'")
    assert hits(INVOICES, empty, typed, submit) == ["empty_results"]
    none = page("http://desk.test/tickets?query=T-390", "Queue", "\t[20] StaticText 'No tickets match your search.'")
    assert hits(HELPDESK, none, QUEUE, Action("goto('http://desk.test/tickets?query=T-390')")) == ["empty_results"]
    # the step checks that something is gone: nothing found is what it expects
    assert hits(HELPDESK, none, QUEUE, Action("goto('http://desk.test/tickets?query=T-390')"),
                commitment="T-390 is no longer in the queue") == []
    other = page("http://desk.test/tickets?query=refund", "Queue", "\t[20] StaticText 'No tickets match your search.'", *ROWS)
    # a search for something the task does not name: not this rule's (the list is narrowed by an
    # unrequested term, which is another's)
    assert hits(HELPDESK, other, QUEUE, Action("goto('http://desk.test/tickets?query=refund')")) == ["unrequested_constraint"]


# -- negative alerts --------------------------------------------------------------------------------


SAVE = Action("click('40')", "", "button 'Save'", "write")


def test_a_new_negative_alert_in_other_words():
    failed = page(T390.url, T390.title, *T390.text.splitlines()[1:], "\t[20] alert ''",
                  "\t\t[21] StaticText 'Could not save the assignment. Try again later.'")
    assert hits(HELPDESK, failed, T390, SAVE) == ["negative_alert"]
    assert hits(HELPDESK, failed, failed, SAVE) == []  # not new
    assert hits(HELPDESK, failed, T390, CLICK) == []  # after a read: a save the agent did not make
    card = page(INV.url, INV.title, *INV.text.splitlines()[1:], "\t[20] status ''",
                "\t\t[21] StaticText 'Payment failed: card declined'")
    assert hits(INVOICES, card, INV, SAVE) == ["negative_alert"]
    saved = page(INV.url, INV.title, *INV.text.splitlines()[1:], "\t[20] status ''", "\t\t[21] StaticText 'Invoice saved'")
    assert hits(INVOICES, saved, INV, SAVE) == []
    expected = Plan(INVOICES.task, [Commitment("x", "Reject it", confirm={"completion": ["Payment failed: card declined"]})])
    assert hits(expected, card, INV, SAVE) == []  # the plan announces this message


# -- the agent's report ------------------------------------------------------------------------------


def report(text: str) -> Action:
    return Action(f"send_msg_to_user({text!r})", "", None, "irreversible")


def test_a_report_that_admits_failure():
    assert hits(HELPDESK, T390, T390, report("I could not assign T-390: the Team list was empty.")) == ["report_failure"]
    assert hits(INVOICES, INV, INV, report("We were unable to complete the approval of INV-40211.")) == ["report_failure"]
    assert hits(LAGER, LAGER_LIST, LAGER_LIST, report("Ich konnte den Artikel LA-7710 nicht freigeben.")) == ["report_failure"]
    assert hits(HELPDESK, T390, T390, report("T-390 is assigned to Payments.")) == []


def test_a_report_that_the_page_contradicts():
    # a status the record's own page shows otherwise
    assert hits(INVOICES, INV, INV, report("Approved invoice INV-40211.")) == ["report_contradicted"]
    approved = page(INV.url, INV.title, "\t[5] heading 'Invoice INV-40211'", "\t[6] StaticText 'Status: Approved'")
    assert hits(INVOICES, approved, approved, report("Approved invoice INV-40211.")) == []
    # a status the record's list row shows otherwise
    assert hits(INVOICES, INV_LIST, INV_LIST, report("INV-40211 has been approved.")) == ["report_contradicted"]
    # a record the page in view is not
    t391 = page("http://desk.test/tickets/T-391", "Ticket T-391", "\t[5] heading 'Ticket T-391'")
    assert "report_contradicted" in hits(HELPDESK, t391, t391, report("T-390 is assigned to Payments."))
    closed = "Ticket T-390 is now closed."
    assert hits(HELPDESK, T390, T390, report(closed)) == ["report_contradicted"]
    assert hits(HELPDESK, T390, T390, report("T-390 is no longer closed.")) == []


# -- settings --------------------------------------------------------------------------------------


def test_each_builtin_is_switchable():
    login = page("http://desk.test/login", "Log in", "\t[5] textbox 'Password'", "\t[6] button 'Log in'")
    ctx = TaskContext.from_plan(HELPDESK)
    assert check_builtins(ctx, login, before=QUEUE, action=CLICK).rule == "lost_session"
    assert check_builtins(ctx, login, before=QUEUE, action=CLICK, settings=Builtins(lost_session=False)) is None
    assert Builtins.none().enabled == () and Builtins().enabled == BUILTIN_RULES
    assert Builtins.from_dict(Builtins().replace(refused=False).to_dict()) == Builtins(refused=False)
    with pytest.raises(ConfigError, match="unknown built-in"):
        Builtins.from_dict({"lost_sesion": True})
    with pytest.raises(ConfigError):
        Builtins(refused="yes")  # type: ignore[arg-type]
