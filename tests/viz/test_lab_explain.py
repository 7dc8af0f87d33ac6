"""The falsifier lab's explain buttons, check selector and lint pane, driven through the widgets'
own callbacks (a button's click, a box's value, the dropdown's value) with no browser."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from _support.pages import PLAN, QUEUE, RESULTS, SAVED, T390, T411

from fcpkit import Action, Checker, Label, Step, Trajectory

viz = pytest.importorskip("fcpkit.viz")

SEARCH = Action("fill('12', 'T-390')", "search for the ticket", "textbox 'Search tickets'")
OPEN = Action("click('32')", "open the matching ticket", "link 'T-390 Duplicate charge'")
OPEN_WRONG = Action("click('31')", "open the ticket", "link 'T-411 Refund not received'")
SAVE = Action("click('40')", "assign to Payments and save", "button 'Assign'", "irreversible")


def _run(tid, steps, fault=None, first=None):
    return Trajectory(tid, PLAN.task, PLAN, QUEUE, tuple(Step(a, o) for a, o in steps), Label(fault, first),
                      workflow="support")


HEALTHY = _run("healthy", [(SEARCH, RESULTS), (OPEN, T390), (SAVE, SAVED)])
WRONG = _run("wrong_record", [(SEARCH, RESULTS), (OPEN_WRONG, T411), (SAVE, T411)], "wrong_record", 1)


def _lab(runs=(HEALTHY, WRONG), **kw):
    runs = list(runs)
    return viz.FalsifierLab(runs, matcher=Checker().fit(runs).matcher, **kw)


def _button(lab, text):
    i = next(i for i, b in enumerate(lab.statement_boxes) if b.value == text)
    return lab.statement_boxes[i], lab.explain_buttons[i]


def _check(lab, step, phase="post"):
    return next(i for i, c in enumerate(lab.report.checks) if c.step == step and c.phase == phase)


def test_clicking_explain_shows_the_compiled_claim_and_the_supporting_node():
    lab = _lab(trajectory="healthy")
    lab.select(commitment="assign")
    lab.select_check(_check(lab, 2))
    box, button = _button(lab, "Ticket T-390 assigned to Payments")
    button.click()
    out = lab.explain_output.value
    assert "claim:     event subject=&#x27;assigned&#x27; value=&#x27;Payments&#x27;" in out
    assert "entities:  id T-390, name &#x27;Payments&#x27;" in out
    assert "supports     1.00  line 3: alert &#x27;Ticket T-390 assigned to Payments&#x27;" in out
    assert "score:     1.00" in out and "commitment assign, confirm.completion[0]" in out
    assert lab.explanation.score == 1.0

    # another check (the unsaved ticket page): the dropdown re-explains, the alert is missing
    lab.check_dd.value = _check(lab, 1)
    assert lab.explanation.score == 0.0 and "key token(s) on no line" in lab.explain_output.value

    # editing the statement re-explains the new text on the same check
    box.value = "Team: Unassigned"
    assert lab.explanation.statement == "Team: Unassigned"
    assert "field        1.00  line 2: Team = Unassigned" in lab.explain_output.value  # the node that holds it
    assert lab.explanation.claim.type == "field" and lab.explanation.score == 1.0


def test_an_action_statement_is_explained_on_the_page_and_on_the_action():
    lab = _lab(trajectory="wrong_record")
    lab.select(commitment="open")
    lab.select_check(_check(lab, 1))
    _, button = _button(lab, "Ticket T-411 detail")  # on: both
    button.click()
    out = lab.explain_output.value
    assert "on the page <b>Ticket T-411</b>" in out and "on the action:" in out
    assert out.count("claim:     identity subject=&#x27;Ticket T-411 detail&#x27;") == 2  # one account for each
    assert out.count("score:     1.00") == 2


def test_lint_warnings_show_their_fix_and_change_after_an_edit():
    lab = _lab(trajectory="healthy")
    lab.select(commitment="open")
    before = {(w.code, w.where) for w in lab.lint_warnings}
    assert ("literal", "commitment open, confirm.completion[0]") not in before
    box, button = _button(lab, "Ticket T-390 detail")
    assert button.button_style == ""

    box.value = "Everything looks fine"  # no entity, no page noun: read literally
    after = {(w.code, w.where) for w in lab.lint_warnings}
    assert ("literal", "commitment open, confirm.completion[0]") in after - before
    assert ("confirming-never-holds", "commitment open, confirm.completion[0]") in after - before  # healthy runs
    assert "Everything looks fine" in lab.lint_pane.value and "fix:</span> name what must be there" in lab.lint_pane.value
    _, button = _button(lab, "Everything looks fine")
    assert button.button_style == "warning" and "[literal]" in button.tooltip
    assert "Lint</b>" in lab.snapshot_html()  # the saved notebook's copy shows it too

    lab.reset()
    assert {(w.code, w.where) for w in lab.lint_warnings} == before


def test_lint_checks_the_edited_plan_against_the_healthy_runs():
    lab = _lab(trajectory="healthy")
    lab.add_statement("assign", "execution", "Ticket T-390 detail")  # holds on every healthy ticket page
    codes = {w.code for w in lab.lint_warnings if w.statement == "Ticket T-390 detail" and "falsify" in w.where}
    assert "falsifier-holds-healthy" in codes
    assert "checked against 1 healthy run" in lab.lint_pane.value and "healthy run&#x27;s page healthy:" in lab.lint_pane.value


def test_a_deleted_statement_says_so_and_a_new_run_starts_at_its_detection():
    lab = _lab(trajectory="healthy")
    lab.select(commitment="assign")
    box, button = _button(lab, "Draft saved")
    button.click()
    assert "Draft saved" in lab.explain_output.value
    box.value = ""  # delete it
    assert "was deleted" in lab.explain_output.value and lab.explanation is None
    lab.add_statement("assign", "skill", "Ticket T-411 detail")  # skill[1]
    _button(lab, "Ticket T-411 detail")[1].click()
    lab.delete_statement("assign", "skill", 0)  # the one before it: it moves to skill[0] and stays explained
    assert lab.explained == ("assign", "skill", 0) and lab.explanation.statement == "Ticket T-411 detail"
    lab.select(trajectory="wrong_record")
    assert lab.report.checks[lab.check_dd.value].decision.value == "repair"


def test_reset_explains_the_restored_statement_again():
    """Reset brings a deleted statement back: the pane explains it again rather than saying it was
    deleted; one whose place moved with the edits is found by its text."""
    lab = _lab(trajectory="healthy")
    lab.select(commitment="assign")
    box, button = _button(lab, "Draft saved")
    button.click()
    box.value = ""
    assert "was deleted" in lab.explain_output.value
    lab.reset()
    assert "was deleted" not in lab.explain_output.value and "Draft saved" in lab.explain_output.value
    assert lab.explained == ("assign", "execution", 0) and lab.explanation.statement == "Draft saved"
    lab.select(commitment="assign")
    _button(lab, "Assign button is not available on ticket detail")[1].click()  # skill[0]
    lab.add_statement("assign", "skill", "Ticket T-411 detail")
    lab.delete_statement("assign", "skill", 0)  # the explained one: deleted
    _button(lab, "Ticket T-411 detail")[1].click()  # skill[0] now, added
    lab.delete_statement("assign", "execution", 0)
    lab.reset()  # the added statement is gone with the edits: nothing is explained, and nothing said deleted
    assert lab.explained is None and "was deleted" not in lab.explain_output.value


def test_the_explained_nodes_are_outlined_on_the_runs_screenshot(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    shot = tmp_path / "t411.png"
    Image.new("RGB", (400, 200), "white").save(shot)
    t411 = replace(T411, screenshot=str(shot), extra={"boxes": {"5": [40.0, 30.0, 200.0, 24.0]}})
    wrong = _run("wrong_record", [(SEARCH, RESULTS), (OPEN_WRONG, t411), (SAVE, t411)], "wrong_record", 1)
    lab = _lab([HEALTHY, wrong], trajectory="wrong_record")
    lab.select(commitment="open")
    lab.select_check(_check(lab, 1))
    _button(lab, "Ticket T-411 detail")[1].click()
    assert lab.explain_shot.layout.display == ""
    img = Image.open(io.BytesIO(lab.explain_shot.value)).convert("RGB")
    assert img.getpixel((40, 40)) == (214, 39, 40)  # a falsifier's match: outlined in red around the heading
    assert "1 outlined on the screenshot" in lab.explain_marks.value
