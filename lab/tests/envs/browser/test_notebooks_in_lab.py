"""Notebooks 02, 03 and 08 in a real JupyterLab, driven by headless Chromium: what a person sees.

One ``jupyter lab`` on 127.0.0.1 (token auth, ``--allow-root`` as root, per-user folders in a
temporary folder; the ``lab`` fixture of conftest.py) serves parameterised copies of the notebooks
(small settings). Each test opens
its notebook, runs *Run → Run All Cells* from the menu, and asserts on the rendered page: the live
step viewer rests on the run's last check and shows the page's screenshot, Play advances it; the
falsifier lab's figure has drawn traces after Run All, a click on a statement's *explain* button
shows its account, and editing a statement in the browser changes the counts shown. Screenshots go
to a temporary folder (``_labsupport.jupyterlab.SHOTS``); ``FCPKIT_SHOTS_DIR=figures/notebooks``
refreshes the ones the README shows.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("jupyterlab")
pytest.importorskip("papermill")
pytest.importorskip("playwright.sync_api")

from _labsupport.jupyterlab import prepare_notebook, shot  # noqa: E402
from _support.paths import EXAMPLES, ROOT  # noqa: E402

from fcpkit_lab.envs.jupyterlab import open_notebook, run_all  # noqa: E402

pytestmark = pytest.mark.browser

CORPUS = EXAMPLES / "corpus.jsonl"
POSITION = re.compile(r"check (\d+)/(\d+)")


@pytest.fixture
def page(chromium):
    # tall enough that a whole widget fits: element screenshots show it without the lab's chrome over it
    p = chromium.new_page(viewport={"width": 1400, "height": 2000}, device_scale_factor=1)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    p.close()


def _position(viewer) -> tuple[int, int]:
    m = POSITION.search(viewer.locator(".fcp-position").inner_text())
    assert m, viewer.locator(".fcp-position").inner_text()
    return int(m.group(1)), int(m.group(2))


def test_02_live_viewer_ends_on_the_last_check_and_plays(lab, page):
    path = prepare_notebook(lab, "02_live_execution", workflow="support", fault="wrong_record", verifier="lower",
                            step_budget=12, log_dir="runs", metrics_path="metrics_02.json", screenshots=True)
    open_notebook(page, lab, path)
    run_all(page, done_text="workbench running: False", timeout_ms=400_000)
    m = json.loads((lab.root / "metrics_02.json").read_text())
    n = m["healthy_checks"]
    assert n > 3 and m["healthy_viewer_index"] == n - 1  # the kernel's viewer rests on the last check

    viewer = page.locator(".fcp-step-viewer").first
    assert _position(viewer) == (n, n)  # and so does what the page shows
    # the page beside the scores: the last page's screenshot, drawn
    assert m["healthy_screenshots"] == n and m["log_screenshots"] == m["log_pages"] > 0
    screenshot = viewer.locator("img.fcp-screenshot")
    screenshot.wait_for(state="visible", timeout=20_000)
    assert screenshot.evaluate("img => img.complete && img.naturalWidth") > 300
    bars = viewer.locator(".js-plotly-plot .bars .point")
    bars.nth(2).wait_for(state="attached", timeout=20_000)  # plotly draws after the widget (a loaded machine: seconds)
    assert bars.count() == 3  # α+, α_comp, α− bars drawn
    shot(viewer, "02_step_viewer.png")

    # Play (a toggle; its clock is a timer in the kernel): starts over from the first check and advances.
    # Until the kernel answers the click the page still shows the last check: wait for one in between
    position = viewer.locator(".fcp-position").element_handle()
    viewer.locator(".fcp-play").click()
    page.wait_for_function("""([el, n]) => { const m = /check (\\d+)\\//.exec(el.textContent);
                                           return m && +m[1] >= 3 && +m[1] < n; }""",
                           arg=[position, n], timeout=60_000)
    first, total = _position(viewer)
    page.wait_for_timeout(2_500)
    later, _ = _position(viewer)
    assert total == n and (later > first or later == n)


def test_08_opens_the_recorded_study_and_shows_a_run_beside_its_screenshots(lab, page):
    path = prepare_notebook(lab, "08_your_own_runs", drafts_dir=str(lab.root / "drafts_08"), metrics_path="metrics_08.json")
    open_notebook(page, lab, path)
    run_all(page, done_text="runs opened:", timeout_ms=300_000)
    m = json.loads((lab.root / "metrics_08.json").read_text())
    assert m["n_runs"] >= 20 and m["labelled"] == 0
    assert page.locator(".jp-OutputArea-output table").count() >= 3  # runs, detections, the two checks
    viewer = page.locator(".fcp-step-viewer").first
    n = m["viewer_frames"]
    assert n > 0 and _position(viewer) == (n, n)  # the page shows the run's last check
    screenshot = viewer.locator("img.fcp-screenshot")
    screenshot.wait_for(state="visible", timeout=20_000)
    assert screenshot.evaluate("img => img.complete && img.naturalWidth") > 100  # the experiment's own screenshot
    shot(viewer, "08_your_own_runs.png")


@pytest.mark.skipif(not CORPUS.exists(), reason="example corpus not written yet")
def test_03_lab_figure_is_drawn_after_run_all_and_edits_change_counts(lab, page):
    path = prepare_notebook(lab, "03_falsifier_lab", corpus_path=str(CORPUS), metrics_path="metrics_03.json")
    open_notebook(page, lab, path)
    run_all(page, done_text='"lab_history"', timeout_ms=300_000)
    lab_widget = page.locator(".fcp-falsifier-lab").first
    traces = lab_widget.locator(".js-plotly-plot .scatterlayer .trace")
    traces.first.wait_for(state="attached", timeout=30_000)
    assert traces.count() >= 2 and lab_widget.locator(".js-plotly-plot .scatterlayer .point").count() > 5
    shot(lab_widget, "03_falsifier_lab.png")

    # click explain beside a statement: its account (claim, evidence, score) appears under the controls
    boxes = lab_widget.locator("input[type='text']")
    index = next(i for i, v in enumerate(b.input_value() for b in boxes.all()) if "sign in page" in v.lower())
    wanted = f"statement: {boxes.nth(index).input_value()}"
    row = boxes.nth(index).locator("xpath=ancestor::div[contains(@class, 'widget-hbox')][1]")
    row.locator(".fcp-lab-explain").click()
    output = lab_widget.locator(".fcp-lab-explain-output").first
    page.wait_for_function("([el, s]) => el.textContent.includes(s)", arg=[output.element_handle(), wanted],
                           timeout=60_000)
    assert "claim:" in output.inner_text() and "score:" in output.inner_text()
    assert "Lint" in lab_widget.locator(".fcp-lab-lint-pane").first.inner_text()  # the plan's lint is shown

    # delete the plan-level session falsifiers in the browser (empty the box, Enter): the plan-alone
    # counts shown change, and the session catches move to the built-in lost_session rule (the
    # with-built-ins counts in the main summary stay: the built-in catches what the plan no longer says)
    sources, status = lab_widget.locator(".fcp-lab-sources").first, lab_widget.locator(".fcp-lab-status")
    before = sources.inner_text()
    assert "plan's falsifiers alone" in before and "plan + built-in falsifiers" in before
    for needle in ("session has expired", "sign in page"):
        boxes = lab_widget.locator("input[type='text']")
        index = next(i for i, v in enumerate(b.input_value() for b in boxes.all()) if needle in v.lower())
        old_status = status.inner_text()
        boxes.nth(index).fill("")
        boxes.nth(index).press("Enter")
        page.wait_for_function("([el, old]) => el.textContent !== old && el.textContent.includes('deleted')",
                               arg=[status.element_handle(), old_status], timeout=60_000)
    after = sources.inner_text()
    assert after != before and "(was" in after, after  # a changed count is shown next to its baseline
    assert "built-in" in after.split("first detections")[-1], after  # the catch is attributed to the built-in
    assert traces.count() >= 2  # still drawn after the edits
    shot(lab_widget, "03_falsifier_lab_after_edit.png")


def test_09_prompt_lab_edit_in_the_browser_regenerates_from_replayed_answers(lab, page):
    path = prepare_notebook(lab, "09_prompt_lab", corpora="external-hr-leave,harborline-crm", metrics_path="metrics_09.json")
    open_notebook(page, lab, path)
    run_all(page, done_text="fcpkit plan --prompt", timeout_ms=300_000)
    widget = page.locator(".fcp-prompt-lab").first
    table = widget.locator(".fcp-prompt-lab-table")
    before = table.inner_text()
    from fcpkit_lab.promptlab import PromptVersion

    reference, example = (PromptVersion.load(ROOT / "data" / "results" / "promptlab" / "prompts" / f).hash
                          for f in ("packaged.txt", "one-example.txt"))
    assert example in before and reference in before and "hand-written" in before and "state machine" in before

    # empty the examples part in the browser (back to the packaged prompt), press Generate and score
    widget.locator(".lm-TabBar-tab:has-text('examples'), .p-TabBar-tab:has-text('examples')").first.click()
    area = widget.locator("textarea:visible").first
    area.fill("")
    area.press("Tab")  # the textarea syncs its value to the kernel on change
    old = table.text_content()
    widget.locator(".fcp-prompt-lab-run").click()
    page.wait_for_function("([el, old]) => el.textContent !== old", arg=[table.element_handle(), old],
                           timeout=60_000)
    after = table.inner_text()
    assert example not in after and after.count(reference) == 2  # the edited row is the reference prompt now
    assert "0 without an answer" in widget.locator(".fcp-prompt-lab-status").inner_text()  # all replayed
    shot(widget, "09_prompt_lab.png")
