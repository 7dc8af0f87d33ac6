"""The commitment tracker, driven directly with short hand-written step sequences."""

from __future__ import annotations

from dataclasses import replace

from fcpkit import (
    Action, ActionTester, Commitment, CommitmentTracker, Decision, Evidence, LexicalMatcher, Observation, Plan, Route,
    StateTester, Thresholds,
)
from fcpkit.core.testers import advance_check
from fcpkit.core.verify import KeepGoingVerifier, VerifyRequest

PLAN = Plan(
    'Enter "Myron", press Submit and tell the user',
    [
        Commitment("enter", 'Type "Myron" into the text field', confidence=0.8,
                   confirm={"precondition": ["text field"],
                            "progress": [Evidence('Fill the text field with "Myron"', "action")],
                            "completion": ['text field value "Myron"']}),
        Commitment("submit", "Press Submit", confidence=0.7,
                   confirm={"precondition": ['text field value "Myron"', "Submit button"],
                            "completion": [Evidence("Click the Submit button", "action")]}),
        Commitment("report", "Tell the user the form was sent",
                   confirm={"progress": [Evidence("Tell the user the form was sent", "action")]}),
    ],
)

FILL = Action("fill('14', 'Myron')", 'Type "Myron" into the text field.', "textbox ''", "write")
SUBMIT = Action("click('15')", "Press Submit.", "button 'Submit'", "write")
WAIT = Action("noop(100)", "Waiting.")
DONE = Action("send_msg_to_user('The form was sent.')", "Tell the user the form was sent.")


def form(value: str = "") -> Observation:
    v = f" value='{value}'" if value else ""
    return Observation("file:///enter-text.html", "Enter Text Task",
                       f"RootWebArea 'Enter Text Task', focused\n\t[14] textbox ''{v}\n\t[15] button 'Submit'")


def make(**kw) -> tuple[CommitmentTracker, ActionTester]:
    tester = StateTester(LexicalMatcher())
    actions = ActionTester(tester.matcher)
    return CommitmentTracker(PLAN, tester, actions=actions, **kw), actions


def act(tracker: CommitmentTracker, actions: ActionTester, action: Action,
        decision: Decision = Decision.CONTINUE) -> None:
    """One accepted action: tested, recorded, its write noted (what the checker and runner do)."""
    tracker.action_tested(action, tracker.test_action(action), decision)
    if action.effect in ("write", "irreversible"):
        tracker.record_write(action)


def test_a_page_completes_the_active_commitment_and_the_next_is_retested_on_it():
    tr, actions = make()
    act(tr, actions, FILL)
    assert tr.attempted == {0} and tr.wrote == {0}
    page = tr.test_page(form("Myron"), before=form(), action=FILL)
    assert page.route is Route.COMPLETE and tr.continues == 0
    assert tr.complete() and tr.active == 1 and tr.advanced == ["enter"] and tr.position == 1
    again = tr.retest(form("Myron"))
    assert again.commitment == "submit" and again.route is Route.CONTINUE


def test_the_last_completion_finishes_the_plan():
    tr, _ = make()
    tr.active = 2
    assert not tr.complete()
    assert tr.finished and tr.active == 2 and tr.position == 3 and tr.advanced == ["report"]


def test_continue_routes_are_counted_until_a_page_escalates_or_the_commitment_moves():
    tr, actions = make()
    act(tr, actions, FILL)
    assert tr.test_page(form("Myr"), before=form(), action=FILL).route is Route.CONTINUE
    assert tr.test_page(form("My"), before=form("Myr"), action=FILL).route is Route.CONTINUE
    assert tr.continues == 2
    assert tr.test_page(form("My"), before=form("My"), action=FILL).rule == "unchanged_page"
    assert tr.continues == 0
    tr.test_page(form("Myr"), before=form("My"), action=FILL)
    assert tr.continues == 1
    tr.follow("submit", None)
    assert tr.continues == 0


def test_the_next_precondition_settles_a_step_no_page_confirmed():
    tr, actions = make()
    act(tr, actions, FILL)
    check = tr.claim("submit", form("Myron"))
    assert check is not None and check.route is Route.CONTINUE and check.rule is None
    move = tr.follow("submit", check)
    assert move is not None and move.kind == "settled" and (move.origin, move.to) == (0, 1)
    assert tr.active == 1 and tr.confirmed == {0} and tr.advanced == ["enter"]


def test_moving_on_from_a_step_nothing_was_done_for_is_a_skipped_commitment():
    tr, actions = make()
    act(tr, actions, WAIT)
    assert tr.attempted == set()  # an idle action is no attempt
    check = tr.claim("submit", form())
    assert check is not None and check.rule == "skipped_commitment"
    # without the record of attempts (no pre-action test) the same move is only unconfirmed
    tr2, _ = make(track_attempts=False)
    assert tr2.claim("submit", form()).rule == "unconfirmed_advance"


def test_an_unconfirmed_write_is_followed_only_as_unconfirmed_and_stays_on_record():
    tr, actions = make()
    act(tr, actions, FILL)
    check = tr.claim("submit", form())
    assert check.rule == "unconfirmed_write" and check.route is Route.VERIFY
    move = tr.follow("submit", check)
    assert move.kind == "unconfirmed" and move.skipped == (0,)
    assert tr.active == 1 and 0 not in tr.confirmed and 0 in tr.wrote and tr.advanced == []


def test_the_completing_action_completes_its_step_and_the_move_needs_no_check():
    tr, actions = make()
    tr.follow("submit")
    act(tr, actions, SUBMIT)
    assert tr.by_action == {1} and tr.confirmed == {1} and tr.advanced == ["submit"]
    assert tr.active == 1  # it stays active until the agent moves on or a page completes it
    assert tr.claim("report", form()) is None
    move = tr.follow("report")
    assert move.kind == "confirmed" and move.by_action


def test_an_action_the_verifier_did_not_accept_is_neither_an_attempt_nor_a_completion():
    tr, actions = make()
    tr.follow("submit")
    act(tr, actions, SUBMIT, Decision.REPAIR)
    assert tr.attempted == set() and tr.confirmed == set() and tr.wrote == {1}


def test_a_report_needs_every_remaining_step_done():
    tr, actions = make()
    assert tr.report_check(FILL, form()) is None  # no report, no check
    act(tr, actions, FILL)
    claim = tr.report_check(DONE, form("Myron"))
    assert claim is not None and claim.rule == "skipped_commitment" and "'submit'" in claim.rule_detail
    # every step done: the report needs no check
    tr.confirmed |= {0, 1, 2}
    assert tr.report_check(DONE, form("Myron")) is None


def test_a_jump_over_an_unattempted_step_is_caught_even_if_the_precondition_holds():
    tr, actions = make()
    act(tr, actions, FILL)
    check = tr.claim("report", form("Myron"))
    assert check is not None and check.rule == "skipped_commitment"
    move = tr.follow("report", check)
    assert move.kind == "unconfirmed" and move.skipped == (0, 1)


def test_claims_of_earlier_or_unknown_commitments():
    tr, actions = make()
    tr.follow("report")
    assert tr.claim("enter", form()) is None and tr.claim("nope", form()) is None
    assert tr.follow("nope") is None and tr.follow("report") is None
    move = tr.follow("enter")
    assert move.kind == "back" and tr.active == 0
    live, _ = make(follow_back=False)
    live.follow("report")
    assert live.follow("enter") is None and live.active == 2


def test_without_rules_the_agent_is_followed_silently():
    tr, actions = make(rules=False)
    act(tr, actions, WAIT)
    assert tr.claim("submit", form()) is None and tr.report_check(DONE, form()) is None
    assert tr.follow("submit").kind == "unconfirmed" and tr.active == 1


def test_replanning_forgets_what_was_done_for_the_replaced_commitments():
    tr, actions = make()
    act(tr, actions, FILL)
    tr.follow("submit", tr.claim("submit", form("Myron")))
    act(tr, actions, SUBMIT)
    assert tr.advanced == ["enter", "submit"] and tr.attempted == {0, 1}
    fresh = Plan(PLAN.task, [PLAN.commitments[0], Commitment("submit-2", "Press Enter in the field")])
    tr.replanned(fresh)
    assert tr.plan is fresh and tr.active == 1 and tr.commitment.id == "submit-2"
    assert tr.advanced == ["enter"] and tr.confirmed == {0} and tr.attempted == {0} and tr.wrote == {0}
    assert tr.by_action == set() and tr.continues == 0
    assert set(tr.performed) <= {0}  # what was pressed for the replaced step is no act of the new one


def test_an_unconfirmed_write_is_checked_before_the_next_precondition():
    # the next step's precondition holds, but "enter" wrote and its completion does not show
    check = advance_check(PLAN, 0, 1, {0}, attempted={0}, precondition=1.0, gate=0.68)
    assert check.rule == "unconfirmed_write" and check.route is Route.VERIFY
    # the write's completion shows on the page: confirmed, and the move is settled
    assert advance_check(PLAN, 0, 1, {0}, attempted={0}, precondition=1.0, gate=0.68, shown={0}).route is Route.CONTINUE


def test_a_jump_needs_every_skipped_step_settled():
    # "report"'s precondition (none here: taken as holding) settles only "submit", not "enter"
    check = advance_check(PLAN, 0, 2, attempted={0, 1}, precondition=1.0, gate=0.6)
    assert check.rule == "unconfirmed_advance" and "'enter'" in check.rule_detail
    settled = advance_check(PLAN, 0, 2, attempted={0, 1}, precondition=1.0, gate=0.6, shown={0})
    assert settled.route is Route.CONTINUE
    tr, _ = make()
    move = tr.follow("report", settled)
    assert move.kind == "settled" and tr.advanced == ["enter", "submit"] and tr.active == 2
    # on a real page: "enter" shows done, but "submit" wrote and nothing shows it did
    tr, actions = make()
    act(tr, actions, FILL)
    tr.follow("submit")
    tr.attempted.add(1)  # an attempt at "submit" that was not its completing action
    tr.record_write()
    assert tr.claim("report", form("Myron")).rule == "unconfirmed_write"


def test_a_report_over_a_write_nobody_saw_succeed_is_hard_drift():
    tr, actions = make()
    act(tr, actions, FILL)
    tr.follow("submit")  # (moving on unconfirmed is the verifier's call)
    tr.attempted |= {1, 2}  # submit was tried, and the report step is this very message
    tr.record_write()
    claim = tr.report_check(DONE, form())
    assert claim.rule == "reported_unconfirmed_write"
    assert KeepGoingVerifier().verify(VerifyRequest(PLAN, tr.commitment, claim, 3)).decision is Decision.REPAIR
    moved = tr.claim("report", form())
    assert moved.rule == "unconfirmed_write"
    assert KeepGoingVerifier().verify(VerifyRequest(PLAN, tr.commitment, moved, 3)).decision is Decision.CONTINUE


def test_a_write_that_fits_none_of_the_step_is_escalated_before_it_runs():
    tr, _ = make()
    archive = Action("click('30')", "Clean up.", "button 'Archive record'", "write")
    pre = tr.test_action(archive)
    assert pre.route is Route.VERIFY and pre.rule == "unmatched_write" and pre.phase == "pre"
    assert tr.test_action(FILL).route is Route.CONTINUE  # the step's own write
    assert tr.test_action(replace(archive, effect="read")).rule is None  # reads are not held
    report = Action("send_msg_to_user('Done.')", effect="irreversible")
    assert tr.test_action(report).rule is None
    tr.record_write(report)  # a message to the user writes nothing to the application
    assert tr.wrote == set()
    tr.follow("submit")
    assert tr.test_action(SUBMIT).rule is None
    assert CommitmentTracker(PLAN, tr.tester, actions=tr.actions, rules=False).test_action(archive).rule is None


def page(n: int) -> Observation:
    return Observation(f"http://x/page/{n}", f"Page {n}", f"RootWebArea 'Page {n}'\n\t[{n}] link 'Weather report {n}'")


def test_three_page_changes_with_nothing_of_the_step_route_verify():
    tr, _ = make()
    tr.follow("submit")
    hop = Action("click('9')", "Look around.", "link 'Weather'")
    routes = [tr.test_page(page(k), before=page(k - 1), action=hop).route for k in (1, 2, 3, 4)]
    assert routes == [Route.CONTINUE, Route.CONTINUE, Route.VERIFY, Route.CONTINUE]
    # a page that does not change neither counts nor breaks the run; evidence resets it
    tr.test_page(page(5), before=page(4), action=hop)
    tr.test_page(page(5), before=page(5), action=Action("scroll(0, 100)"))
    assert tr.blank == 2
    tr.test_page(form("Myron"), before=page(5), action=hop)
    assert tr.blank == 0
    off, _ = make()
    off.tester = StateTester(LexicalMatcher(), Thresholds(no_evidence_check=0))
    assert all(off.test_page(page(k), before=page(k - 1), action=hop).route is Route.CONTINUE for k in range(1, 6))


def test_a_write_passed_over_unconfirmed_is_never_confirmed_at_the_report():
    tr, actions = make()
    act(tr, actions, FILL)
    tr.follow("submit", tr.claim("submit", form()))  # unconfirmed_write: the verifier let it go
    act(tr, actions, SUBMIT)  # submit is done by its action
    tr.follow("report")
    tr.attempted.add(2)
    claim = tr.report_check(DONE, form())
    assert claim is not None and claim.rule == "reported_unconfirmed_write" and "'enter'" in claim.rule_detail
    # nothing written and left unconfirmed: the report needs no check
    clean, actions = make()
    clean.follow("report")
    clean.confirmed |= {0, 1, 2}
    assert clean.report_check(DONE, form()) is None


def _either_or(app: str, page: Observation, step: Commitment, wrong: Action, right: Action) -> None:
    """A step with no completion evidence that says how it is done (``step``'s acts): writing
    something else in it (``wrong``) and reporting the task done is a write never confirmed; doing
    one of its acts (``right``) is not held against it."""
    plan = Plan(f"{app}: decide and tell the user", [step])
    report = Action("send_msg_to_user('Done: it was decided.')", "Tell the user the decision.")
    for action, flagged in ((wrong, True), (right, False)):
        tester = StateTester(LexicalMatcher())
        tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher))
        tr.action_tested(action, tr.test_action(action), Decision.CONTINUE)
        tr.record_write(action)
        assert tr.attempted == {0} and tr.wrote == {0}
        assert (tr.acted == {0}) is not flagged, (app, action.command)
        check = tr.report_check(report, page)
        rule = check.rule if check is not None else None
        assert (rule == "reported_unconfirmed_write") is flagged, (app, action.command, rule)
    # without a record of the acts done (the pre-action test off), such a step is not held to them
    tester = StateTester(LexicalMatcher())
    tr = CommitmentTracker(plan, tester, actions=ActionTester(tester.matcher), track_attempts=False)
    tr.action_tested(wrong, tr.test_action(wrong), Decision.CONTINUE)
    tr.record_write(wrong)
    check = tr.report_check(report, page)
    assert check is None or check.rule != "reported_unconfirmed_write"


def test_a_step_without_completion_evidence_is_held_to_its_acts_at_the_report():
    expense = Observation("http://127.0.0.1/expenses/EXP-1180", "Expense report EXP-1180",
                          "RootWebArea 'Expense report EXP-1180', focused\n\t[50] heading 'Expense report EXP-1180'\n"
                          "\t[56] textbox 'Note'\n\t[57] button 'Save note'\n\t[58] button 'Reject'")
    loan = Observation("http://127.0.0.1/loans/L-3318", "Loan L-3318 · Library",
                       "RootWebArea 'Loan L-3318 · Library', focused\n\t[20] heading 'Loan L-3318'\n"
                       "\t[21] button 'Renew'\n\t[22] button 'Mark as lost'\n\t[23] button 'Add to wishlist'")
    cases = [  # (app, page, the step, a write that is none of its acts, one of its acts)
        ("expenses", expense,
         Commitment("decide", "Approve or reject EXP-1180 with a note", confidence=0.75,
                    confirm={"precondition": ["Expense report EXP-1180 page"],
                             "progress": [Evidence("Click button Approve", "action"), Evidence("Click button Reject", "action")]}),
         Action("click('57')", "Save the decision note.", "button 'Save note'", "write"),
         Action("click('58')", "Reject it.", "button 'Reject'", "write")),
        ("library", loan,
         Commitment("renew", "Renew loan L-3318", confidence=0.8,
                    confirm={"precondition": ["Loan L-3318"], "progress": [Evidence("Click Renew", "action")]}),
         Action("click('23')", "Keep the book for later.", "button 'Add to wishlist'", "write"),
         Action("click('21')", "Renew the loan.", "button 'Renew'", "write")),
    ]
    for case in cases:
        _either_or(*case)
