"""Readings for sites written by people who never saw fcpkit, round twenty-five: "out of" a thing
is a negation ("out of stock" is no "in stock: 2"), and a line that says it denies its own word; a
completion written as a field's label and its value ("Status Registered") holds where the record
page binds that label to that value, not where a listed row does; the values a step lists after a
colon, and a participle that labels when or where, name no act of the step; a draft saved on a
step that only edits values is no act of another kind, and no silent no-op when the application
says it kept the draft; the page that completed a step completes the next, on which the agent did
nothing yet, only where all of the next step's completion holds. Each on pages of two
applications of our own making, worded differently."""

from __future__ import annotations

import pytest

from fcpkit import Action, Commitment, Evidence, LexicalMatcher, Observation
from fcpkit.core.control_acts import act_mismatch, expected_acts
from fcpkit.core.page import Page, evidence_view
from fcpkit.core.rules import check_transition
from fcpkit.core.text import tokenize


def _obs(url: str, title: str, *lines: str) -> Observation:
    return Observation(url, title, "\n".join([f"RootWebArea '{title}', focused, url='{url}'", *lines]))


def _falsifier(statement: str, obs: Observation) -> float:
    return LexicalMatcher().score_falsifiers([statement], evidence_view(Page.of(obs)))[0]


# -- "out of" a thing is a negation -----------------------------------------------------------------------------

@pytest.mark.parametrize("statement,held,lacking", [
    # a repair shop's replacement form: the unit picked shows its stock
    ("Aurora X5 256 GB Graphite out of stock", "option 'Aurora X5 256 GB Graphite (in stock: 2)', selected=True",
     "option 'Aurora X5 256 GB Graphite (out of stock)', selected=True"),
    # a bike hire desk: the e-bike's service state
    ("E-bike 14 out of service", "StaticText 'E-bike 14 · in service since 2 May'",
     "StaticText 'E-bike 14 · out of service (brake check)'"),
])
def test_out_of_a_thing_is_a_negation(statement, held, lacking):
    def page(line: str) -> Observation:
        return _obs("https://app.test/r/1", "Record", "\t[2] main ''", "\t\t[3] heading 'Record', level=1", f"\t\t[4] {line}")

    assert _falsifier(statement, page(held)) < 0.6  # the thing, held: no "out of" it
    assert _falsifier(statement, page(lacking)) >= 0.9


@pytest.mark.parametrize("text,negates", [
    ("3 out of 5 steps done", False), ("Sign out of Warrantly", False), ("You opted out of emails", False),
    ("Out of warranty", True), ("The shop ran out of paper", True),
])
def test_out_of_is_no_count_and_no_verbs_particle(text, negates):
    assert ("no" in tokenize(text)) is negates


@pytest.mark.parametrize("statement,stale,found", [
    # a payroll run: a stale-totals notice beside a search that found two employees
    ("No employees in this pay run match the search", "Totals are out of date. Re-calculate before approving.",
     "2 of 24 employees match “Okoro”"),
    # a parts catalogue: a price-list notice beside a search that found three parts
    ("No parts match the filter", "Prices shown are out of date for 2 suppliers.", "3 parts match the filter"),
])
def test_a_line_out_of_something_denies_its_own_word(statement, stale, found):
    page = _obs("https://app.test/list", "List", "\t[2] main ''", "\t\t[3] heading 'List', level=1",
                f"\t\t[4] StaticText '{stale}'", "\t\t[5] searchbox 'Search', value='x'", f"\t\t[6] StaticText '{found}'")
    assert _falsifier(statement, page) < 0.6


# -- a label and its value, as a record page binds them -------------------------------------------------------------

@pytest.mark.parametrize("statement,label,value,other", [
    # a repair shop's claim page: a term and its definition
    ("Status Registered", "Status", "Registered", "Closed"),
    # a library's loan page: a "Label: value" line
    ("Loan state Renewed", "Loan state", "Renewed", "Overdue"),
])
def test_a_label_and_its_value_hold_where_the_record_page_binds_them(statement, label, value, other):
    m = LexicalMatcher()

    def record(v: str) -> Observation:
        return _obs("https://app.test/records/R-1", "Record R-1", "\t[2] main ''", "\t\t[3] heading 'Record R-1', level=1",
                    "\t\t[4] list ''", f"\t\t\t[5] term '{label}'", "\t\t\t[6] definition ''", f"\t\t\t\t[7] StaticText '{v}'")

    def listing(v: str) -> Observation:  # a list page: its rows are other records'
        return _obs("https://app.test/records", "Records", "\t[2] main ''", "\t\t[3] heading 'Records', level=1",
                    "\t\t[4] list ''", "\t\t\t[5] listitem ''", f"\t\t\t\t[6] StaticText 'R-2 · {label}: {v}'")

    assert m.score([statement], [Page.of(record(value))])[0][0] >= 0.9
    assert m.score([statement], [Page.of(record(other))])[0][0] < 0.6
    assert m.score([statement], [Page.of(listing(value))])[0][0] < 0.6


# -- what a step lists after a colon, and a participle of when or where, name no act -------------------------------

@pytest.mark.parametrize("subgoal,completion", [
    # a repair shop's claim wizard: the device's purchase date and store
    ("Enter the device: Aurora X5, purchase date 2023-11-02, purchased at Leeds", "Purchased at Leeds — Headingley"),
    # a bike shop's trade-in form: the bike's sale details
    ("Record the bike: Brompton C, sale date 2024-03-01, sold at Camden", "Created on 1 March 2024"),
])
def test_values_after_a_colon_and_a_when_or_where_label_name_no_act(subgoal, completion):
    step = Commitment("enter", subgoal, confirm={"completion": [Evidence(completion)]})
    assert expected_acts(step)[0] == frozenset()


# -- a draft saved on a step that only edits values ----------------------------------------------------------------

@pytest.mark.parametrize("edit,submit,draft", [
    # a timesheet correction: set the clock-out, then submit the correction
    ("Set the clock-out to 16:00 and the reason code to Missed clock-out", "Submit the correction", "Save draft"),
    # a deployment's rollout settings: change the canary share, then start the rollout
    ("Change the canary traffic to 10%", "Submit the rollout", "Save as draft"),
])
def test_a_draft_saved_while_editing_values_is_no_other_act(edit, submit, draft):
    press = Action("click('9')", "Keep what I typed.", f"button '{draft}'", "write")
    assert act_mismatch(press, Commitment("edit", edit)) is None
    assert act_mismatch(press, Commitment("submit", submit)) is not None  # the submit is not done by a draft


@pytest.mark.parametrize("form,field,value,draft,kept", [
    ("Correct a time entry", "Clock-out", "16:00", "Save draft", "Draft saved at 10:46."),
    ("Promote build 4827", "Initial canary traffic (%)", "10", "Save as draft", "Your draft was kept for 7 days."),
])
def test_a_draft_the_application_says_it_kept_is_no_silent_no_op(form, field, value, draft, kept):
    def page(v: str, message: str = "") -> Observation:
        lines = ["\t[2] main ''", f"\t\t[3] heading '{form}', level=1", "\t\t[4] form ''",
                 f"\t\t\t[5] textbox '{field}', value='{v}'", f"\t\t\t[9] button '{draft}'", "\t\t\t[10] button 'Save'",
                 "\t[11] status ''"]
        if message:
            lines.append(f"\t\t[12] StaticText '{message}'")
        return _obs("https://app.test/form", form, *lines)

    typed = page(value)
    press = Action("click('9')", "Keep it.", f"button '{draft}'", "write")
    assert check_transition(typed, press, page(value, kept)) is None
    # a save that only says so over the form it left as it was is still a silent no-op
    save = Action("click('10')", "Save it.", "button 'Save'", "write")
    hit = check_transition(typed, save, page(value, "Saved."))
    assert hit is not None and hit.rule == "unchanged_page"


# -- the page that completed a step completes the next only with all of its completion ----------------------------

@pytest.mark.parametrize("record,lines,second,wholly", [
    # a claims portal: the claim page lists its lines, each with its Correct button; the next step opens one
    ("Claim CLM-1", ("columnheader 'Line'", "columnheader 'Units'", "cell '2'", "cell '3'", "button 'Correct claim line 2'"),
     ("Open the correction form for line 2", ["Correct claim line 2", "Procedure code 99214", "Units 3"]),
     ("heading 'Correct claim line 2'", "StaticText 'Procedure code: 99214'", "spinbutton 'Units', value='3'")),
    # a library desk: the member page lists loans, each with its Renew button; the next step renews one
    ("Member M-77", ("columnheader 'Item'", "columnheader 'Renewals'", "cell 'The Hobbit'", "cell '1'",
                     "button 'Renew loan of The Hobbit'"),
     ("Renew the loan of The Hobbit", ["Renew the loan of The Hobbit", "Renewals 1", "Due date 14 May"]),
     ("StaticText 'Due date: 14 May'", "StaticText 'Renewals: 1'")),
])
def test_the_page_that_completed_a_step_completes_the_next_only_wholly(record, lines, second, wholly):
    from fcpkit import Plan
    from fcpkit.core.router import Route
    from fcpkit.core.testers import StateTester
    from fcpkit.core.tracker import CommitmentTracker

    first = Commitment("find", f"Open {record}", confirm={"completion": [Evidence(record)]})
    nxt = Commitment("open", second[0], confirm={"completion": [Evidence(s) for s in second[1]]})

    def page(*extra: str) -> Observation:
        body = ["\t[2] main ''", f"\t\t[3] heading '{record}', level=1", "\t\t[4] table 'Lines'", "\t\t\t[5] row ''"]
        body += [f"\t\t\t\t[{10 + k}] {line}" for k, line in enumerate(lines)]
        body += [f"\t\t[{30 + k}] {line}" for k, line in enumerate(extra)]
        return _obs("https://app.test/r/1", record, *body)

    def retested(obs: Observation) -> Route:
        tr = CommitmentTracker(Plan("Do it.", [first, nxt]), StateTester(LexicalMatcher()))
        assert tr.test_page(obs).route is Route.COMPLETE and tr.complete()
        return tr.retest(obs).route

    # the step's control and a number in a table cell: most of its completion, read on the page before the step
    assert retested(page()) is not Route.COMPLETE
    assert retested(page(*wholly)) is Route.COMPLETE  # one page may complete both when it says all of it


@pytest.mark.parametrize("title,lines,found,opened", [
    # an issue tracker: the project's issue list names the bug and its reporter; the next step opens it
    ("Web App · Trackwise", ("heading 'Web App'", "list 'Issues'", "listitem ''", "link 'Login button misaligned on Safari'",
                             "StaticText 'Reported by'", "link 'dana_k'", "StaticText 'Bug · 2 h ago · 4 comments'",
                             "listitem ''", "link 'Export to CSV drops the last row'", "StaticText 'Reported by'",
                             "link 'li_wei'"),
     "Web App issue list", ("Bug reported by dana_k", "Reporter dana_k, 4 comments", "Bug comments and watchers")),
    # a recipe site: the category page lists the recipe and its author; the next step opens the recipe
    ("Dinners · Panfolio", ("heading 'Dinners'", "feed 'Recipes'", "article ''", "link 'Slow-cooker beef ragu'",
                            "link 'chef_amara'", "StaticText '45 min · 112 ratings'", "article ''",
                            "link 'Sheet-pan lemon chicken'", "link 'tomasz_b'"),
     "Dinners recipes", ("Ingredients for Slow-cooker beef ragu", "chef_amara recipe reviews",
                         "Dinners recipe with ingredients")),
])
def test_the_page_the_next_step_starts_from_is_no_question_for_the_verifier(title, lines, found, opened):
    """Most of the next step's completion holds on the list that completed the step before (the
    record's name and author), the agent has done nothing for it yet, and no falsifier speaks: the
    agent acts next; the verifier is not asked whether a step nobody has started is done."""
    from fcpkit import Plan
    from fcpkit.core.router import Route
    from fcpkit.core.testers import StateTester
    from fcpkit.core.tracker import CommitmentTracker

    obs = _obs("https://app.test/list", title, *(f"\t[{10 + k}] {line}" for k, line in enumerate(lines)))
    first = Commitment("find", "Find it", confirm={"completion": [Evidence(found)]})
    nxt = Commitment("open", "Open it and check it", confidence=0.7,
                     confirm={"completion": [Evidence(s) for s in opened]})
    tracker = CommitmentTracker(Plan("Do it.", [first, nxt]), StateTester(LexicalMatcher()))
    assert tracker.test_page(obs).route is Route.COMPLETE and tracker.complete()
    again = tracker.retest(obs)
    gate = again.gate_plus
    assert gate - 0.08 <= again.alpha_comp < gate  # near the gate: an acted-on page would go to the verifier
    assert again.route is Route.CONTINUE
