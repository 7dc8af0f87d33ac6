"""The widgets and figures fit the screen people use: JupyterLab's default layout, the file browser
open beside the notebook, at 1280×800 and at 1440×1000.

One ``jupyter lab`` and one page for the file. Each notebook (the live step viewer of 02, the
falsifier lab of 03, on the small settings of test_notebooks_in_lab.py) runs once at 1280×800; the
window is then resized to 1440×1000 (JupyterLab lays its panels out again, the figures follow the
window) and measured again. What is asserted is geometry measured in the page, not read off a
picture: every widget, plotly figure (and its legend) and image in the notebook's outputs lies
whole, horizontally, inside the visible notebook panel and inside every box around it that clips
(a box that scrolls sideways hides what is past its edge); no widget box scrolls sideways; the step
viewer's α− bar and its τ− gate are drawn whole; every slider of the lab shows its value. A
screenshot of each notebook at each size goes to ``_labsupport.jupyterlab.SHOTS``.

A widget displayed again (its display updated, as notebook 02 does for the saved copy) draws its
figure afresh, not the PNG that JupyterLab's plotly renderer stored of the first view's.
"""

from __future__ import annotations

import pytest

pytest.importorskip("jupyterlab")
sync_api = pytest.importorskip("playwright.sync_api")

from _labsupport.jupyterlab import prepare_notebook, shot  # noqa: E402
from _support.paths import EXAMPLES  # noqa: E402

from fcpkit_lab.envs.jupyterlab import open_notebook, run_all  # noqa: E402

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (1440, 1000))

#: Everything in the outputs of the notebook panel that a person must see whole, each measured
#: against every ancestor that clips it; returns one line per thing cut off (empty: all fit).
_CUT_OFF = r"""panel => {
  const visible = el => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const name = el => {
    const cls = typeof el.className === 'string' ? el.className : el.getAttribute('class') || '';
    const own = cls.split(/\s+/).filter(c => c.startsWith('fcp-') || c.startsWith('widget-')
                                             || ['main-svg', 'legend', 'point', 'annotation'].includes(c));
    return `${el.tagName.toLowerCase()}.${own.join('.')} "${(el.textContent || '').trim().slice(0, 40)}"`;
  };
  // the horizontal span of el that shows: its box cut by every ancestor that clips
  // (overflow other than visible: a box that hides or scrolls what is past its edge)
  const seen = el => {
    const r = el.getBoundingClientRect();
    let left = r.left, right = r.right;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const box = a.getBoundingClientRect();
      if (a instanceof SVGSVGElement) {
        left = Math.max(left, box.left); right = Math.min(right, box.right);
      } else if (a instanceof HTMLElement && getComputedStyle(a).overflowX !== 'visible' && a.clientWidth > 0) {
        left = Math.max(left, box.left + a.clientLeft); right = Math.min(right, box.left + a.clientLeft + a.clientWidth);
      }
    }
    return [r.width, Math.max(0, right - left)];
  };
  const problems = [];
  const outputs = [...panel.querySelectorAll('.jp-OutputArea-output')];
  const things = outputs.flatMap(o => [...o.querySelectorAll(
    '.jupyter-widgets, .widget-readout, img, .js-plotly-plot :is(.main-svg, .legend, .bars .point, .annotation)')]);
  for (const el of things.filter(visible)) {
    const [width, shown] = seen(el);
    if (shown < width - 1) problems.push(`cut off: ${name(el)} shows ${shown.toFixed(0)} of ${width.toFixed(0)} px`);
  }
  for (const box of outputs.flatMap(o => [...o.querySelectorAll('.widget-box')]).filter(visible)) {
    if (box.scrollWidth > box.clientWidth + 1)
      problems.push(`scrolls sideways: ${name(box)} ${box.scrollWidth} px in ${box.clientWidth} px`);
  }
  return [...new Set(problems)];  // a figure's several svg layers say the same
}"""

#: Whether every plotly figure of the outputs (a widget's, or an output of its own) is as wide as its place.
_FIGURES_FOLLOWED = r"""() => [...document.querySelectorAll(
    '.jp-OutputArea-output .js-plotly-plot, .jp-OutputArea-output.js-plotly-plot')].every(p => {
  const svg = p.querySelector('.main-svg');
  return !svg || Math.abs(svg.getBoundingClientRect().width - p.getBoundingClientRect().width) <= 1;
})"""

#: The step viewer's bars: the α− bar (the third) and the τ− gate's label are drawn (and, as every
#: bar and label of a figure, measured by _CUT_OFF).
_ALPHA_MINUS = r"""viewer => {
  const bar = viewer.querySelectorAll('.js-plotly-plot .bars .point')[2];
  const gate = [...viewer.querySelectorAll('.js-plotly-plot .annotation')].find(a => a.textContent.includes('τ−'));
  return [bar, gate].map(el => el && el.getBoundingClientRect().width > 0);
}"""

#: Each slider of the lab: its readout's text and whether it is displayed.
_READOUTS = r"""lab => [...lab.querySelectorAll('.widget-slider')].map(s => {
  const r = s.querySelector('.widget-readout');
  return [s.querySelector('.widget-label').textContent, r && r.getClientRects().length > 0 ? r.textContent.trim() : ''];
})"""


@pytest.fixture(scope="module")
def page(chromium):
    """One page for the file, the size people use; JupyterLab opens with its file browser."""
    width, height = SIZES[0]
    p = chromium.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
    yield p
    p.close()


def _fits(page, widget, name: str) -> None:
    """At each size: the file browser is open beside the notebook, nothing of the outputs is cut
    off, and a screenshot of the window with ``widget`` in view is saved."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        try:  # the figures follow the window (plotly's responsive config): wait until each is as wide as its place
            page.wait_for_function(_FIGURES_FOLLOWED, timeout=5_000)
        except sync_api.TimeoutError:
            pass  # a figure of a fixed width: measured below with everything else
        page.wait_for_timeout(300)
        assert page.locator("#filebrowser").bounding_box()["width"] > 150, "the file browser is open"
        widget.evaluate("el => el.scrollIntoView({block: 'start'})")  # the widget at the top of the window
        shot(page, f"fit_{name}_{width}x{height}.png")
        problems = page.locator(".jp-NotebookPanel:visible").first.evaluate(_CUT_OFF)
        assert not problems, f"{name} at {width}×{height}:\n" + "\n".join(problems)


def test_02_step_viewer_fits_beside_the_file_browser(lab, page):
    path = prepare_notebook(lab, "02_live_execution", workflow="support", fault="wrong_record", verifier="lower",
                            step_budget=12, log_dir="runs", metrics_path="metrics_02.json", screenshots=True)
    open_notebook(page, lab, path, file_browser=True)
    run_all(page, done_text="workbench running: False", timeout_ms=400_000)
    viewer = page.locator(".fcp-step-viewer").first
    viewer.locator("img.fcp-screenshot").wait_for(state="visible", timeout=20_000)
    viewer.locator(".js-plotly-plot .bars .point").nth(2).wait_for(state="attached", timeout=20_000)
    assert viewer.evaluate(_ALPHA_MINUS) == [True, True]  # the α− bar and its gate are drawn
    _fits(page, viewer, "02_step_viewer")


def test_03_falsifier_lab_fits_beside_the_file_browser(lab, page):
    path = prepare_notebook(lab, "03_falsifier_lab", corpus_path=str(EXAMPLES / "corpus.jsonl"),
                            metrics_path="metrics_03.json")
    open_notebook(page, lab, path, file_browser=True)
    run_all(page, done_text='"lab_history"', timeout_ms=300_000)
    widget = page.locator(".fcp-falsifier-lab").first
    widget.locator(".js-plotly-plot .scatterlayer .trace").first.wait_for(state="attached", timeout=30_000)
    readouts = widget.evaluate(_READOUTS)
    assert len(readouts) == 5 and all(value for _, value in readouts), readouts  # every slider shows its value
    _fits(page, widget, "03_falsifier_lab")


def test_a_viewer_displayed_again_draws_a_figure_not_a_stored_picture(lab, page):
    import nbformat

    setup = (f"import time\nfrom IPython.display import display\nimport fcpkit\nfrom fcpkit.viz import StepViewer\n"
             f"run = fcpkit.load_corpus({str(EXAMPLES / 'corpus.jsonl')!r})[1]\n"
             f"viewer = StepViewer(fcpkit.Checker().check(run), run, start='last')\n"
             f"shown = display(viewer, display_id=True)")
    # long enough for the first view to draw its figure and store its PNG in the shared output
    again = "time.sleep(6)\nshown.update(viewer)\nprint('displayed' + ' again')"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(setup), nbformat.v4.new_code_cell(again)])
    nbformat.write(nb, lab.root / "displayed_again.ipynb")
    lab.start_kernel_for("displayed_again.ipynb")
    open_notebook(page, lab, "displayed_again.ipynb")
    run_all(page, done_text="displayed again", timeout_ms=120_000)
    viewer = page.locator(".fcp-step-viewer").first
    viewer.locator(".js-plotly-plot .bars .point").nth(2).wait_for(state="attached", timeout=20_000)
    assert viewer.locator(".plot-img:visible").count() == 0  # the figure, not a picture of it
