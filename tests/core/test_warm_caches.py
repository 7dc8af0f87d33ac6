"""What depends only on a URL, an action or a commitment is worked out once and follows it when it
changes; the per-page ones are forgotten by the benchmark's cold pass (one call)."""

from __future__ import annotations

import pytest

from fcpkit.core import actions, control_acts, falsifiers
from fcpkit.core.page import Page
from fcpkit.core.bundles import PlanBundles, build_bundle
from fcpkit.core.caches import clear_page_caches, registered_caches
from fcpkit.core.plan import Commitment, Evidence, Plan
from fcpkit.core.trajectory import Action


def test_query_params_are_read_from_the_url():
    assert Page("", "http://shop.test/orders?status=open&q=&page=2").query == (("status", "open"), ("page", "2"))
    assert Page("", "http://hr.test/leave?state=pending").query == (("state", "pending"),)
    assert Page("", "http://[::1").query == ()  # unparsable: no parameters, no error


def test_an_actions_read_effect_is_classified_once_per_action():
    control_acts._reads.cache_clear()
    assert control_acts._reads("click('12')", "link 'Orders'") is True
    assert control_acts._reads("click('12')", "button 'Delete'") is False  # another target: another reading
    assert control_acts._reads("click('12')", "link 'Orders'") is True
    assert control_acts._reads.cache_info().hits == 1


def test_act_mismatch_reads_the_cached_effect_and_still_fires():
    c = Commitment("approve", "Approve the leave request LR-2207", confirm={"completion": ["Request approved"]})
    assert control_acts.act_mismatch(Action("click('7')", target="button 'Reject'"), c) is not None
    assert control_acts.act_mismatch(Action("click('7')", target="button 'Approve'"), c) is None
    assert control_acts.act_mismatch(Action("click('7')", target="link 'Reject policy'"), c) is None  # a link reads


def test_a_commitments_negation_is_read_once_per_text():
    assert falsifiers._expects_absence("Delete draft D-12 | D-12 is not listed") is True
    assert falsifiers._expects_absence("Search for order ORD-55012 | ORD-55012 detail") is False
    assert "fcpkit.core.falsifiers._expects_absence" in registered_caches("statement")


def test_the_bundle_carries_its_commitments_text():
    c = Commitment("open", "Open ticket T-390", confirm={"completion": ["Ticket T-390 detail"]},
                   falsify={"execution": [Evidence("Ticket T-411 detail")]})
    plan = Plan("Open T-390.", [c])
    assert build_bundle(plan, c, "state").commitment_text == falsifiers.commitment_text(c) == "Open ticket T-390 Ticket T-390 detail"
    assert PlanBundles(None, "state").get(plan, c).commitment_text == falsifiers.commitment_text(c)


def test_the_cold_pass_forgets_actions():
    control_acts._reads("click('3')", "link 'Home'")
    assert "fcpkit.core.control_acts._reads" in registered_caches()
    clear_page_caches()
    assert control_acts._reads.cache_info().currsize == 0


@pytest.mark.parametrize("command", ["", "   ", "\n"])
def test_a_blank_command_is_still_an_empty_action(command):
    with pytest.raises(ValueError, match="empty action"):
        actions.parse_action(command)


def test_what_an_action_is_follows_its_command_effect_and_target():
    from fcpkit.core import rules

    click = Action("click('12')", target="link 'Orders'")
    assert rules.is_page_changing(click) and not rules.is_form_edit(click) and not rules.is_idle(click)
    tick = Action("click('12')", target="checkbox 'Remember me'")  # same command, another target
    assert rules.is_form_edit(tick) and not rules.is_form_edit(Action("click('12')", target="checkbox 'x'", effect="write"))
    assert not rules.is_page_changing(Action("select_option('5', 'Red')", target="combobox 'Colour' value='Red'"))
    assert rules.is_page_changing(Action("select_option('5', 'Red')", target="combobox 'Colour' value='Blue'"))
    assert rules.is_page_changing(Action("noop(", effect="write")) and not rules.is_page_changing(Action("noop("))
    report = Action("send_msg_to_user('Done')", effect="irreversible")
    assert rules.is_report(report) and not rules.acts_on_page(report) and not rules.is_page_changing(report)
    assert rules.is_idle(Action("scroll(0, 200)")) and rules.is_idle(Action("not a call")) and not rules.is_report(click)
    calls = actions.parse_action("select_option('3', 'x')")  # the calls given: read, not cached
    assert rules.is_page_changing(Action("select_option('3', 'x')", target="combobox 'Name' value='y'"), calls)
    # typing need not show on the page (many trees do not expose what was typed)
    assert not rules.is_page_changing(Action("fill('3', 'x')", target="textbox 'Name' value='y'"))
    for name in ("_acts_on_page", "_changes_page", "_form_edit", "_idle", "_report"):
        assert f"fcpkit.core.rules.{name}" in registered_caches()
    clear_page_caches()
    assert rules._changes_page.cache_info().currsize == 0 and rules._report.cache_info().currsize == 0
