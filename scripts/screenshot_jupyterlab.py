#!/usr/bin/env python
"""Screenshot JupyterLab in headless Chromium with a live StepViewer (widgets rendered by the real frontend).

What it does, start to finish (about 20-30 s):

1. writes a small notebook into a temporary folder: load the example corpus, check one faulty run
   (default ``support-silent_noop-01``) and display :class:`fcpkit.viz.StepViewer`;
2. starts ``jupyter lab`` from this interpreter's environment on 127.0.0.1, a free port, a random
   token, ``--no-browser``, with every per-user Jupyter folder (config, data, runtime, lab settings,
   workspaces) redirected into the temporary folder, so nothing of the user's Jupyter is read or
   written (news, update checks and the announcements pop-up are switched off there);
3. drives Debian's Chromium with Playwright: opens the notebook with the token, waits for the kernel,
   runs every cell from the menu (*Run → Run All Cells*), waits until the widget's Play button,
   slider and plotly bars render, then moves the slider with the keyboard (as a user would) to the
   check where the checker decided *repair* and waits for the kernel to re-render that check;
4. saves ``figures/jupyterlab_step_viewer.png`` (1400x900 by default);
5. shuts down: closes Chromium, asks the server to stop (``POST /api/shutdown``, which stops the
   kernel too), then makes sure no process it started is left (it ends leftovers by pid).

Needs: jupyterlab, ipywidgets 8 (its ``jupyterlab_widgets`` lab extension renders widgets in Lab 4),
anywidget (plotly's FigureWidget), plotly, playwright (Python) and ``/usr/bin/chromium``.
No network: Playwright does not download a browser; Chromium runs with networking features off.

    .venv/bin/python scripts/screenshot_jupyterlab.py                 # figures/jupyterlab_step_viewer.png
    .venv/bin/python scripts/screenshot_jupyterlab.py --run support-wrong_record-02 --out /tmp/x.png
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from fcpkit_lab.envs.browser.processes import process_tree  # noqa: E402
from fcpkit_lab.envs.jupyterlab import JupyterLab, launch_chromium, open_notebook  # noqa: E402

CORPUS = ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl"


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


# ----------------------------------------------------------------------------- the notebook


def viewer_notebook(corpus: Path, run_id: str, verifier: str) -> dict:
    def code(src: str) -> dict:
        return {"cell_type": "code", "execution_count": None, "id": f"c{len(src)}", "metadata": {}, "outputs": [],
                "source": src}

    setup = f'''from pathlib import Path
import fcpkit
from fcpkit import viz

corpus_path = Path({str(corpus)!r})
corpus = fcpkit.load_corpus(corpus_path)
run = corpus.by_id({run_id!r})
report = fcpkit.Checker(verifier={verifier!r}).fit(corpus).check(run)
viewer = viz.StepViewer(report, run, base_dir=corpus_path.parent)
detection = next((i for i, f in enumerate(viewer.frames) if f.get("decision") == "repair"), None)
print(f"{{run.id}}: {{len(viewer.frames)}} checks, fault {{run.label.fault}}, "
      f"repair decided at check {{None if detection is None else detection + 1}}")'''
    md = {"cell_type": "markdown", "id": "title", "metadata": {}, "source":
          f"### StepViewer · `{run_id}` ({verifier} bound) — drag the slider or press Play"}
    return {"cells": [md, code(setup), code("viewer")], "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def detection_index(corpus: Path, run_id: str, verifier: str) -> tuple[int, int]:
    """(index of the first repair check, number of checks) as the viewer numbers them."""
    import fcpkit
    from fcpkit import viz

    c = fcpkit.load_corpus(corpus)
    t = c.by_id(run_id)
    v = viz.StepViewer(fcpkit.Checker(verifier=verifier).fit(c).check(t), t)
    det = next((i for i, f in enumerate(v.frames) if f.get("decision") == "repair"), None)
    return (det if det is not None else len(v.frames) - 1), len(v.frames)


# ----------------------------------------------------------------------------- the browser


def drive(lab: JupyterLab, out: Path, det: int, n: int, width: int, height: int, shots: Path) -> dict:
    """Open the notebook, run it from the menu, move the slider, screenshot. On failure, leaves
    ``failure.png``, ``failure.html`` and ``page_errors.txt`` in ``shots``."""
    from playwright.sync_api import sync_playwright

    info: dict = {}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
            errors: list[str] = []
            console: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            open_notebook(page, lab, "viewer.ipynb")
            log("notebook open, kernel idle")
            page.click(".lm-MenuBar-itemLabel:text-is('Run')")
            page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
            log("Run → Run All Cells")
            page.wait_for_selector(".jp-OutputArea-output .widget-slider .noUi-handle", timeout=45_000)
            page.wait_for_selector(".jp-OutputArea-output .fcp-play", timeout=30_000)
            page.wait_for_selector(".jp-OutputArea-output .js-plotly-plot .bars, "
                                   ".jp-OutputArea-output .js-plotly-plot .trace.bars", timeout=30_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
            log("widget rendered: Play, slider, plotly bars")
            # move the slider like a user: focus its handle, arrow keys
            # (one key at a time, each waiting for the kernel to re-render: a burst of keys races the
            # kernel's echo of the slider value and lands short)
            handle = page.locator(".jp-OutputArea-output .widget-slider .noUi-handle").first
            handle.focus()
            shown = ("t => [...document.querySelectorAll('.jp-OutputArea-output .widget-html-content')]"
                     ".some(e => e.textContent.includes(t))")
            for i in range(1, det + 1):
                handle.press("ArrowRight")
                page.wait_for_function(shown, arg=f"check {i + 1}/{n}", timeout=15_000)
            want = f"check {det + 1}/{n}"
            page.wait_for_function(shown, arg=want, timeout=30_000)
            page.wait_for_selector(".jp-OutputArea-output .fcp-active", timeout=10_000)
            log(f"slider moved to {want}")
            time.sleep(1.0)  # plotly's transition of the bars and shapes
            page.mouse.move(width - 5, height // 2)  # no hover: plotly's mode bar stays hidden
            page.evaluate("""() => {
                // the plan panel scrolls on its own: bring the active commitment to its top
                const active = document.querySelector('.jp-OutputArea-output .fcp-active');
                let box = active && active.parentElement;
                while (box && !(box.scrollHeight > box.clientHeight + 2 &&
                                ['auto', 'scroll'].includes(getComputedStyle(box).overflowY))) box = box.parentElement;
                if (active && box) box.scrollTop += active.getBoundingClientRect().top - box.getBoundingClientRect().top - 8;
                // the notebook: the viewer's cell at the top of the window
                const play = document.querySelector('.jp-OutputArea-output .fcp-play');
                const cell = play && play.closest('.jp-Cell');
                if (cell) cell.scrollIntoView({block: 'start'});
                document.activeElement && document.activeElement.blur();
            }""")
            time.sleep(0.5)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
            dom = page.evaluate("""() => ({
                badge: (document.querySelector('.jp-OutputArea-output .fcp-route') || {}).textContent,
                active: (document.querySelector('.jp-OutputArea-output .fcp-active') || {dataset: {}}).dataset.commitment,
                falsifier: (document.querySelector('.jp-OutputArea-output .fcp-best-falsifier') || {}).textContent,
                bars: document.querySelectorAll('.jp-OutputArea-output .js-plotly-plot .point').length,
                position: (document.querySelector('.jp-OutputArea-output .fcp-position') || {}).textContent,
            })""")
            info.update(dom, page_errors=errors)
        except Exception:
            page.screenshot(path=str(shots / "failure.png"))
            (shots / "failure.html").write_text(page.content())
            (shots / "page_errors.txt").write_text("\n".join(errors + console))
            raise
        finally:
            browser.close()
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", default="support-silent_noop-01", help="trajectory id in the corpus")
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--verifier", default="lower", choices=["lower", "upper"])
    ap.add_argument("--out", type=Path, default=ROOT / "figures" / "jupyterlab_step_viewer.png")
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (server log, steps)")
    args = ap.parse_args(argv)
    if not Path("/usr/bin/chromium").exists():
        print("screenshot_jupyterlab: /usr/bin/chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2

    t0 = time.monotonic()
    corpus = args.corpus.resolve()
    det, n = detection_index(corpus, args.run, args.verifier)
    lab = JupyterLab()
    (lab.root / "viewer.ipynb").write_text(json.dumps(viewer_notebook(corpus, args.run, args.verifier), indent=1))
    rc = 0
    try:
        lab.start()
        lab.start_kernel_for("viewer.ipynb")
        log(f"jupyter lab pid {lab.proc.pid} on 127.0.0.1:{lab.port} (folder {lab.tmp}); kernel session started")
        info = drive(lab, args.out.resolve(), det, n, args.width, args.height, lab.tmp)
        log(f"saved {args.out} ({args.width}x{args.height}); DOM: {json.dumps(info)}")
    except Exception as exc:  # noqa: BLE001 - report, shut down, exit non-zero
        rc = 1
        args.keep = True  # keep failure.png, failure.html, the server log
        log(f"FAILED: {type(exc).__name__}: {exc}")
        print(lab.log_tail(), file=sys.stderr)
    finally:
        ended = lab.stop()
        left = sorted(p.pid for p in process_tree(os.getpid())[1:] if p.is_running())
        log(f"jupyter lab stopped; leftovers ended: {ended or 'none'}; "
            f"processes of this script still running: {left or 'none'}")
        if args.keep:
            log(f"kept {lab.tmp}")
        else:
            lab.cleanup()
    log(f"done in {time.monotonic() - t0:.1f}s")
    return rc


if __name__ == "__main__":
    sys.exit(main())
