"""A small hand-built SMG (a list page, a detail page, an edit page, sign-in, error) for unit tests."""

from __future__ import annotations

from fcpkit_lab.engine import Atom, Operation, Param, State, StateMachine


def tiny_smg() -> StateMachine:
    smg = StateMachine("tiny", seed="/")
    for s in (
        State("HomePage", "/", "Home", ("h1:Home",)),
        State("QueuePage", "/queue", "Queue", ("h1:Queue", "searchbox:Search", "button:Search", "table:Queue")),
        State("TicketPage", "/queue/{key}", "Ticket {key}", ("h1:Ticket {key}", "fields:Details",
                                                             "combobox:Team", "button:Assign")),
        State("EditPage", "/queue/{key}/edit", "Edit {key}", ("h1:Edit {key}", "textbox:Note", "button:Save")),
        State("SignInPage", "/signin", "Sign in", ("h1:Sign in", "password"), kind="signin"),
        State("PageNotFoundError", "*", "Page not found", ("h1:Page not found",), kind="error"),
    ):
        smg.add_state(s)
    ops = [
        Operation("GoToQueuePageFromHomePage", "HomePage", "QueuePage", "navigate", (Atom("click", "link", "Queue"),)),
        Operation("GoToHomePageFromQueuePage", "QueuePage", "HomePage", "navigate", (Atom("click", "link", "Home"),)),
        Operation("SearchQueuePage", "QueuePage", "QueuePage", "search",
                  (Atom("fill", "searchbox", "Search", "@search"), Atom("click", "button", "Search")),
                  (Param("search", "the 'Search' searchbox"),)),
        Operation("OpenTicketPage", "QueuePage", "TicketPage", "navigate", (Atom("click", "link", "@key"),),
                  (Param("key", "the record's identifier"),)),
        Operation("GoToQueuePageFromTicketPage", "TicketPage", "QueuePage", "navigate",
                  (Atom("click", "link", "Back to queue"),)),
        Operation("GoToEditPageFromTicketPage", "TicketPage", "EditPage", "navigate",
                  (Atom("click", "link", "Edit"),)),
        Operation("GoToTicketPageFromEditPage", "EditPage", "TicketPage", "navigate",
                  (Atom("click", "link", "Cancel"),)),
        Operation("ReadDetails", "TicketPage", "TicketPage", "read", (Atom("read_fields", "term", "Details"),),
                  output={"type": "fields", "fields": ["Team", "Status"]}),
        Operation("AssignOnTicketPage", "TicketPage", "TicketPage", "write",
                  (Atom("select", "combobox", "Team", "@team"), Atom("click", "button", "Assign")),
                  (Param("team", "the 'Team' combobox", ("Payments", "Billing")),), effect="irreversible",
                  outcome="Ticket @key assigned to @team. Changes saved."),
        Operation("SaveOnEditPage", "EditPage", "TicketPage", "write",
                  (Atom("fill", "textbox", "Note", "@note"), Atom("click", "button", "Save")),
                  (Param("note", "the 'Note' textbox"),), effect="irreversible"),
    ]
    for o in ops:
        smg.add_operation(o)
    return smg
