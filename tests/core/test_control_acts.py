"""The pre-action rule ``act_mismatch``: a pressed control must perform the act its step means.

Written from how the web names controls, with steps and pages of several kinds of application (a
price editor, an expense approval, a blog editor, a web shop, a German CMS), not from one app's
strings.
"""

from __future__ import annotations

import pytest

from fcpkit import Commitment, Evidence, Observation, Plan
from fcpkit.core.control_acts import act_mismatch, defers, expected_acts, offers_act
from fcpkit.core.phrases import acts_of
from fcpkit.core.trajectory import Action
from fcpkit.core.verify import HARD_RULES


def _click(name: str, role: str = "button", reasoning: str = "") -> Action:
    return Action("click('12')", reasoning or f"Press {name}", f"{role} '{name}'", "write")


SAVE_PRICE = Commitment("save-price", "Press Save price", confidence=0.6,
                        confirm={"progress": [Evidence("Click Save price", "action")],
                                 "completion": ["Price for SKU-2045 updated to $229.00."]})
APPROVE = Commitment("approve-report", "Write a decision note and press Approve",
                     confirm={"progress": [Evidence("Fill Decision note", "action")],
                              "completion": ["Expense report EXP-1180 approved."]})
PUBLISH = Commitment("publish", "Publish the draft post", confirm={"completion": ["Post published"]})
REQUEST = Commitment("ask", "Submit the expense report for approval",
                     confirm={"completion": ["Report submitted for approval"]})
OPEN = Commitment("open", "Open the price editor for SKU-2045 and enter 229.00",
                  confirm={"completion": [Evidence("Fill New price (USD) with 229.00", "action")]})


@pytest.mark.parametrize("name", ["Submit for approval", "Send for review", "Request a price change",
                                  "Send to manager", "Save as draft", "Zur Freigabe einreichen",
                                  "Soumettre pour approbation", "Enviar para revisión"])
def test_a_control_that_hands_the_act_over_defers(name):
    assert defers(name)


@pytest.mark.parametrize("name", ["Save price", "Submit", "Approve", "Publish", "Update", "Speichern"])
def test_a_control_that_acts_itself_does_not_defer(name):
    assert not defers(name)


def test_acts_are_read_from_verbs_in_any_inflection_and_language():
    assert acts_of("Save price") == {"commit"}
    assert acts_of("Reject") == {"reject"}
    assert acts_of("Price updated") == {"commit"}
    assert acts_of("Genehmigen") == {"approve"}
    assert acts_of("Supprimer l'article") == {"delete"}
    assert acts_of("Next page") == frozenset()


def test_a_step_means_the_acts_its_instruction_and_its_expected_effect_name():
    assert expected_acts(SAVE_PRICE) == ({"commit"}, False)
    assert expected_acts(APPROVE) == ({"approve"}, False)
    assert expected_acts(REQUEST)[1] is True  # a step that itself asks for a request
    assert expected_acts(OPEN)[0] == frozenset()  # opening and typing name no act


def test_submit_for_approval_is_not_save_even_when_the_reasoning_says_save():
    hit = act_mismatch(_click("Submit for approval", reasoning="Press 'Submit for approval' to save the price"),
                       SAVE_PRICE)
    assert hit is not None and hit.rule == "act_mismatch" and "request" in hit.detail
    assert "act_mismatch" in HARD_RULES  # the action never runs
    assert act_mismatch(_click("Save price"), SAVE_PRICE) is None
    assert act_mismatch(_click("Submit"), SAVE_PRICE) is None  # the generic commit finishes the form


def test_a_specific_act_that_is_not_the_steps_is_a_mismatch_on_other_apps():
    assert act_mismatch(_click("Reject"), APPROVE) is not None
    assert act_mismatch(_click("Forward to finance"), APPROVE) is not None
    assert act_mismatch(_click("Delete post"), PUBLISH) is not None
    assert act_mismatch(_click("Send for review"), PUBLISH) is not None
    assert act_mismatch(_click("Approve"), APPROVE) is None
    assert act_mismatch(_click("Save note"), APPROVE) is None  # saving a note on the way is no other act
    assert act_mismatch(_click("Publish now"), PUBLISH) is None


def test_a_step_that_asks_for_the_request_accepts_a_deferring_control():
    assert act_mismatch(_click("Submit for approval"), REQUEST) is None


def test_reads_links_and_steps_that_name_no_act_are_left_alone():
    assert act_mismatch(_click("Submit for approval"), OPEN) is None
    link = Action("click('7')", "open it", "link 'Refund details', url='/orders/1/refund'", "read")
    assert act_mismatch(link, APPROVE) is None
    assert act_mismatch(Action("fill('3', '229.00')", "type", "textbox 'New price (USD)'", "write"), SAVE_PRICE) is None
    assert act_mismatch(Action("send_msg_to_user('done')", "report", None, "irreversible"), SAVE_PRICE) is None


def test_offers_act_finds_the_control_that_does_the_act_itself():
    renamed = Observation("http://127.0.0.1:1/edit", "Edit", "RootWebArea 'Edit'\n\t[37] textbox 'New price (USD)'\n"
                                                          "\t[38] button 'Submit for approval'")
    both = Observation("http://127.0.0.1:1/post", "Post", "RootWebArea 'Post'\n\t[5] button 'Send for review'\n"
                                                        "\t[6] button 'Publish'")
    assert offers_act(renamed, {"commit"}) is None
    assert offers_act(both, {"send"}) == "Publish"


def test_the_action_tester_routes_the_mismatch_as_a_hard_rule():
    from fcpkit.core.testers import ActionTester
    from fcpkit.matching.lexical import LexicalMatcher

    plan = Plan("Change the price of SKU-2045 to $229.00 and save", [SAVE_PRICE])
    r = ActionTester(LexicalMatcher()).test(plan, SAVE_PRICE, _click("Submit for approval",
                                                                     reasoning="Press Save price"))
    assert r.rule == "act_mismatch" and r.route.value == "verify"
    ok = ActionTester(LexicalMatcher()).test(plan, SAVE_PRICE, _click("Save price"))
    assert ok.rule is None
