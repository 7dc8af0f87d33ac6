"""The step viewer outlines the nodes a check's statements matched on the screenshot (when the
recording kept element boxes), says so when it did not, and explains a score on a click."""

from __future__ import annotations

import io

import pytest
from _support.pages import PLAN, page

from fcpkit import Action, Checker, Label, Step, Trajectory

viz = pytest.importorskip("fcpkit.viz")
Image = pytest.importorskip("PIL.Image")

QUEUE = page("/support", "Support queue", "[5] heading 'Support queue'", "[12] textbox 'Search tickets'")
T411 = page("/support/T-411", "Ticket T-411", "[5] heading 'Ticket T-411'", "\tStaticText 'Refund not received'",
            "[40] button 'Assign'")
BOX = [40.0, 30.0, 200.0, 24.0]  # where heading [5] is on the screenshot


def _png(tmp_path):
    p = tmp_path / "t411.png"
    Image.new("RGB", (400, 200), "white").save(p)
    return p


def _viewer(tmp_path, boxes):
    from dataclasses import replace

    shot = _png(tmp_path)
    obs = replace(T411, screenshot=str(shot), extra={"boxes": boxes} if boxes else {})
    traj = Trajectory("wrong", PLAN.task, PLAN, QUEUE,
                      (Step(Action("click('31')", "open the ticket", "link 'T-390'"), obs),), Label("wrong_record", 0),
                      workflow="support")
    report = Checker().fit([traj]).check(traj)
    i = next(i for i, c in enumerate(report.checks) if c.result.evidence == "Ticket T-411 detail")
    return viz.StepViewer(report, traj, start=i), shot


def test_matched_heading_is_outlined_in_red_where_its_box_is(tmp_path):
    viewer, shot = _viewer(tmp_path, {"5": BOX, "40": [40.0, 120.0, 80.0, 30.0]})
    img = Image.open(io.BytesIO(viewer.screenshot.value)).convert("RGB")
    assert img.getpixel((40, 40)) == (214, 39, 40)  # the rectangle's left edge, around the heading
    assert img.getpixel((140, 42)) == (255, 255, 255)  # inside the box: the page is untouched
    assert img.getpixel((39, 135)) == (255, 255, 255)  # the Assign button matched nothing
    assert "1 outlined on the screenshot" in viewer.marks.value and "falsifying" in viewer.marks.value
    assert "[5] heading &#x27;Ticket T-411&#x27;" in viewer.marks.value


def test_a_recording_without_boxes_lists_the_matched_lines_instead(tmp_path):
    viewer, shot = _viewer(tmp_path, None)
    assert viewer.screenshot.value == shot.read_bytes()  # nothing drawn
    assert "kept no element boxes" in viewer.marks.value and "heading" in viewer.marks.value


def test_clicking_a_score_shows_explains_account(tmp_path):
    viewer, _ = _viewer(tmp_path, None)
    assert viewer.explainer.output.value == ""
    viewer.explainer.buttons["evidence"].click()
    out = viewer.explainer.output.value
    assert "α−" in out and "statement: Ticket T-411 detail" in out and "score:" in out
    viewer.show(0)  # another check: the account is cleared
    assert viewer.explainer.output.value == ""
