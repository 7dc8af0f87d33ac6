"""fcpkit.viz: figure builders, StepViewer and FalsifierLab, driven headlessly (no browser, no kernel)."""

from __future__ import annotations

import dataclasses
import html

import plotly.graph_objects as go
import pytest

import fcpkit
from fcpkit import Action, Checker, EvidenceLog, Label, Observation, Plan, Step, Thresholds, Trajectory
from _support.pages import PLAN, QUEUE, RESULTS, SAVED, T390, T411, page

viz = pytest.importorskip("fcpkit.viz")

SIGNIN = page("/signin", "Sign in", "[3] alert 'Your session has expired. Please sign in again.'",
              "[4] textbox 'Username'")

SEARCH = Action("fill('12', 'T-390')", "search for the ticket", "textbox 'Search tickets'")
OPEN = Action("click('32')", "open the matching ticket", "link 'T-390 Duplicate charge'")
OPEN_WRONG = Action("click('31')", "open the ticket", "link 'T-411 Refund not received'")
SAVE = Action("click('40')", "assign to Payments and save", "button 'Assign'", "irreversible")


def traj(tid: str, steps: list[tuple[Action, Observation]], fault: str | None = None, first: int | None = None,
         commitments: list[str] | None = None) -> Trajectory:
    cm = commitments or [None] * len(steps)
    return Trajectory(tid, PLAN.task, PLAN, QUEUE, tuple(Step(a, o, c) for (a, o), c in zip(steps, cm)),
                      Label(fault, first), workflow="support")


HEALTHY = traj("healthy", [(SEARCH, RESULTS), (OPEN, T390), (SAVE, SAVED)])
WRONG = traj("wrong_record", [(SEARCH, RESULTS), (OPEN_WRONG, T411), (SAVE, T411)], "wrong_record", 1)
SESSION = traj("session_expired", [(SEARCH, RESULTS), (OPEN, SIGNIN), (OPEN, SIGNIN)], "session_expired", 1)
CORPUS = [HEALTHY, WRONG, SESSION]


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker().fit(CORPUS)


# -- figures ----------------------------------------------------------------------------------

def _names(fig: go.Figure) -> list[str]:
    return [t.name for t in fig.data]


def test_router_regions_figure_matches_route_on_the_grid():
    t = Thresholds()
    fig = viz.router_regions_figure(t, kappa=0.5, resolution=21)
    names = _names(fig)
    assert names[0] == "regions" and isinstance(fig.data[0], go.Heatmap)
    for needle in ("gate τ+(κ) = 0.65", "gate τ−(κ) = 0.55", "margin δ−", "margin δ+", "π_low", "uncertainty band"):
        assert any(needle in n for n in names), (needle, names)
    heat = fig.data[0]
    xs, ys, z = list(heat.x), list(heat.y), heat.z
    seen = set()
    for j in range(0, 21, 4):
        for i in range(0, 21, 4):
            expect = fcpkit.route(xs[i], ys[j], 0.5, t).value
            assert viz.ROUTES[z[j][i]] == expect
            seen.add(expect)
    assert seen == set(viz.ROUTES)  # all four regions are on the plane
    # the gate lines sit where the thresholds put them, and move with kappa
    hi = viz.router_regions_figure(t, kappa=0.9, resolution=11)
    gate = next(tr for tr in hi.data if tr.name.startswith("gate τ+"))
    assert gate.x[0] == pytest.approx(t.gate_plus(0.9))


def test_router_regions_action_level_has_no_complete_region():
    fig = viz.router_regions_figure(Thresholds(), can_complete=False, resolution=15)
    assert viz.ROUTES.index("complete") not in {v for row in fig.data[0].z for v in row}
    assert not any(n.startswith("gate τ+") for n in _names(fig))


def test_router_regions_overlays_check_points(checker):
    rep = checker.check(WRONG)
    fig = viz.router_regions_figure(points=rep, resolution=11)
    pts = [t for t in fig.data if t.name.startswith("checks: ")]
    assert sum(len(t.x) for t in pts) == len(rep.checks)
    assert {t.name.split(": ")[1] for t in pts} == {c.result.route.value for c in rep.checks}
    # plain CheckResults work too
    results = [c.result for c in rep.checks]
    fig2 = viz.router_regions_figure(points=results, resolution=11)
    assert sum(len(t.x) for t in fig2.data if t.name.startswith("checks: ")) == len(results)


def test_step_scores_figure_traces_and_gates(checker):
    rep = checker.check(WRONG)
    fig = viz.step_scores_figure(rep)
    names = _names(fig)
    assert names[:4] == ["α+", "α−", "gate τ+(κ)", "gate τ−(κ)"]
    assert len(fig.data[0].y) == len(fig.data[1].y) == len(rep.checks)
    assert list(fig.data[0].y) == pytest.approx([c.result.alpha_plus for c in rep.checks])
    assert list(fig.data[1].y) == pytest.approx([c.result.alpha_minus for c in rep.checks])
    # the tau- gate is confidence-adjusted per check
    assert list(fig.data[3].y) == pytest.approx([Thresholds().gate_minus(c.result.kappa) for c in rep.checks])
    routes = {n.split(": ")[1] for n in names if n.startswith("route: ")}
    assert routes == {c.result.route.value for c in rep.checks}
    assert rep.detected
    assert any("detected" in (a.text or "") for a in fig.layout.annotations)


def test_step_scores_figure_reads_checks_json_and_logs(checker):
    log = EvidenceLog()
    rep = Checker(checker.matcher, log=log).check(SESSION)
    Checker(checker.matcher, log=log).check(HEALTHY)
    from_report = viz.check_rows(rep)
    from_json = viz.check_rows(rep.to_json())
    from_log = viz.check_rows(log.to_frame(), run="session_expired")
    key = lambda rows: [(r["step"], r["phase"], r["route"], r["decision"]) for r in rows]  # noqa: E731
    assert key(from_report) == key(from_json) == key(from_log)
    assert len(viz.check_rows(log.to_frame(), run="healthy")) == len(Checker(checker.matcher).check(HEALTHY).checks)
    fig = viz.step_scores_figure(log.to_frame(), run="session_expired")
    assert len(fig.data[0].y) == len(rep.checks)


def test_save_figure_writes_html_and_notes_png(tmp_path):
    fig = viz.router_regions_figure(resolution=5)
    out = viz.save_figure(fig, "regions", tmp_path / "figs", include_plotlyjs="cdn")
    assert out["html"].exists() and out["html"].stat().st_size > 1000
    assert (out["png"] is not None and out["png"].exists()) or "PNG not written" in out["note"]


# -- StepViewer ---------------------------------------------------------------------------------

def test_step_viewer_slider_changes_displayed_step(checker):
    rep = checker.check(WRONG)
    v = viz.StepViewer(rep, WRONG)
    assert len(v.frames) == len(rep.checks)
    assert v.slider.max == len(rep.checks) - 1
    assert v.current["step"] == 0 and "step <b>0</b>" in v.position.value
    det = next(i for i, c in enumerate(rep.checks) if c.decision is fcpkit.Decision.REPAIR)
    v.slider.value = det
    cur = v.current
    assert cur["step"] == rep.checks[det].step and cur["phase"] == rep.checks[det].phase
    assert f"step <b>{cur['step']}</b>" in v.position.value
    assert f"data-route='{cur['route']}'" in v.badge.value and "repair" in v.badge.value
    assert html.escape(rep.checks[det].result.evidence) in v.details.value
    assert "fcp-best-falsifier" in v.plan_view.value
    assert f"data-commitment='{cur['commitment']}'" in v.plan_view.value
    assert html.escape(WRONG.steps[cur["step"]].action.command) in v.action_html.value
    # the bars show this check's scores
    fig = v._slot.figure
    assert fig.data[0].y[0] == pytest.approx(cur["alpha_plus"]) and fig.data[0].y[2] == pytest.approx(cur["alpha_minus"])
    names = {s.name for s in fig.layout.shapes}
    assert {"gate_minus", "margin_minus", "pi_low"} <= names
    # the page shown: after the action for post, before it for pre
    v.slider.value = 0
    assert v.current["phase"] == "pre" and "Support queue" in v.page.value
    # Play: from the displayed check, one check per tick (headless: tick() is the clock)
    v.slider.value = 2
    v.play.value = True
    v.tick()
    assert v.index == 3 and v.slider.value == 3
    v.show(len(v.frames) - 1)
    v.play.value = False
    v.play.value = True  # at the end, Play starts over
    assert v.index == 0
    v.play.value = False
    v.show(1)
    assert v.slider.value == v.index == 1  # one owner: show() moves the slider
    assert viz.StepViewer(rep, WRONG, start="last").index == len(rep.checks) - 1


def test_step_viewer_plays_on_the_kernel_loop(checker):
    """Play's clock is a timer on the running event loop (the kernel's, in Jupyter): it advances the
    viewer's own index and stops at the last check."""
    import asyncio

    rep = checker.check(WRONG)
    v = viz.StepViewer(rep, WRONG, start="last", interval_ms=5)

    async def play():
        v.play.value = True
        assert v.index == 0  # at the end: starts over
        for _ in range(200):
            await asyncio.sleep(0.01)
            if not v.play.value:
                break

    asyncio.run(play())
    assert v.index == len(v.frames) - 1 and v.play.value is False and v.play.description == "Play"


def test_step_viewer_has_no_front_end_link_and_one_figure_output(checker, monkeypatch):
    """The displayed check is owned in Python: no jslink between Play and the slider (a second owner in
    the browser echoed stale values back after a live run), and the bars are one output bundle that a
    late-rendered view draws whole."""
    import ipywidgets as widgets

    def refuse(*args, **kwargs):
        raise AssertionError("StepViewer must not link its controls in the front end")

    for name in ("jslink", "jsdlink", "link", "dlink"):
        monkeypatch.setattr(widgets, name, refuse)
    rep = checker.check(WRONG)
    v = viz.StepViewer(rep, WRONG)
    (out,) = v._slot.widget.outputs
    spec = out["data"]["application/vnd.plotly.v1+json"]
    assert [round(y, 4) for y in spec["data"][0]["y"]] == [round(v.current["alpha_plus"], 4),
                                                        round(v.current["alpha_comp"] or 0.0, 4),
                                                        round(v.current["alpha_minus"], 4)]
    assert "image/png" not in out["data"]  # no static export on every update


def test_a_displayed_widget_sends_its_figure_again_after_the_cell(checker):
    """Displaying a viewer or the lab (a second view of the same widget included) sends its figure
    once more after the cell, as an output no view has drawn yet: JupyterLab's plotly renderer stores
    a PNG in an output it drew and a later view of it shows that picture instead of a figure."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        for widget in (viz.StepViewer(checker.check(WRONG), WRONG),
                       viz.FalsifierLab(CORPUS, matcher=checker.matcher, corpus_wide=False)):
            sent: list = []
            widget._slot.widget.observe(lambda change: sent.append(change["new"]), names="outputs")
            shell.user_ns["widget"] = widget
            (before,) = widget._slot.widget.outputs
            shell.run_cell("widget._repr_mimebundle_(); widget._repr_mimebundle_()")
            assert len(sent) == 1  # after the cell, once for both displays
            (after,) = sent[0]
            assert after["data"] == before["data"] and after["metadata"] == {"fcpkit": {"draw": 1}}
            shell.run_cell("pass")
            assert len(sent) == 1  # a later cell sends nothing
    finally:
        InteractiveShell.clear_instance()


def test_figures_and_widget_figures_take_their_outputs_width(checker):
    """No figure fixes its width (beside JupyterLab's file browser a notebook's outputs are about 850 px
    on a laptop): the builders' figures and the viewers' figure outputs take their place's width, and a
    figure inside a widget follows the window (plotly's responsive config); legends sit under the plot."""
    rep = checker.check(WRONG)
    figures = [viz.router_regions_figure(resolution=5), viz.step_scores_figure(rep),
               viz.router_regions_comparison(Thresholds.paper(), Thresholds(), resolution=5)]
    assert [f.layout.width for f in figures] == [None, None, None]
    assert all(f.layout.legend.orientation == "h" for f in figures)
    for widget in (viz.StepViewer(rep, WRONG), viz.FalsifierLab(CORPUS, matcher=checker.matcher, corpus_wide=False)):
        (out,) = widget._slot.widget.outputs
        spec = out["data"]["application/vnd.plotly.v1+json"]
        assert "width" not in spec["layout"] and spec["config"]["responsive"] is True


def test_step_viewer_screenshot_and_log_source(checker, tmp_path):
    png = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000" "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")
    (tmp_path / "shot.png").write_bytes(png)
    shot = dataclasses.replace(T390, screenshot="shot.png")
    t = traj("shots", [(SEARCH, RESULTS), (OPEN, shot)])
    log = EvidenceLog()
    Checker(checker.matcher, log=log).check(t)
    v = viz.StepViewer(log.to_frame(), t, base_dir=tmp_path)
    assert v.run == "shots"
    post1 = next(i for i, f in enumerate(v.frames) if f["step"] == 1 and f["phase"] == "post")
    v.slider.value = post1
    assert v.screenshot.value == png and v.screenshot.layout.display != "none"
    assert "no screenshot" not in v.page_caption.value and "Ticket T-390" in v.page_caption.value
    assert "data:image/png;base64," in v.snapshot_html()  # the saved notebook's static copy shows the page
    v.slider.value = 0
    assert v.screenshot.layout.display == "none"
    assert "accessibility tree" in v.page_caption.value and "fcp-page" in v.page.value  # the fallback


def test_step_viewer_shows_the_pages_a_live_log_names(checker, tmp_path):
    """A live run's log (``fcpkit.live.log_pages``) names each check's page; the viewer reads the
    screenshot relative to the log's folder."""
    png = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000" "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")
    (tmp_path / "screenshots").mkdir()
    (tmp_path / "screenshots" / "p1.png").write_bytes(png)
    log_path = tmp_path / "run.jsonl"
    with EvidenceLog(log_path) as log:
        log.append("event", run="r", step=0, event="page", url="http://x/support", title="Support queue", screenshot=None)
        log.append("test", run="r", step=0, phase="pre", commitment="open", alpha_plus=0.1, alpha_minus=0.0,
                   route="continue")
        log.append("event", run="r", step=1, event="page", url="http://x/support/T-390", title="Ticket T-390",
                   screenshot="screenshots/p1.png")
        log.append("test", run="r", step=1, phase="post", commitment="open", alpha_plus=0.9, alpha_minus=0.0,
                   route="complete")
    v = viz.StepViewer(str(log_path), plan=PLAN, start="last")
    assert v.index == 1 and v.screenshot.value == png and "Ticket T-390" in v.page_caption.value
    v.show(0)
    assert v.screenshot.layout.display == "none" and "Support queue" in v.page_caption.value


def test_step_viewer_push_streams_a_live_run(checker):
    v = viz.StepViewer(plan=PLAN)
    assert v.current is None and "no checks yet" in v.position.value
    at, st = fcpkit.ActionTester(checker.matcher), fcpkit.StateTester(checker.matcher)
    before = SESSION.initial_observation
    for s in SESSION.steps:
        c = PLAN.commitments[0]
        v.push(at.test(PLAN, c, s.action), action=s.action, observation=before)
        v.push(st.test(PLAN, c, s.observation, before=before, action=s.action), observation=s.observation)
        before = s.observation
    assert [(f["step"], f["phase"]) for f in v.frames] == [(i, p) for i in range(3) for p in ("pre", "post")]
    assert v.slider.max == 5 and v.index == 5  # followed the stream
    assert v.slider.value == 5
    assert "Sign in" in v.page_caption.value
    assert "risk" in v.badge.value or "verify" in v.badge.value
    # looking back stops following; new checks do not yank the view
    v.slider.value = 1
    v.push(fcpkit.CheckResult("pre", "open", 0.1, 0.0, fcpkit.Route.CONTINUE), action=SEARCH)
    assert v.index == 1 and v.slider.max == 6 and v.frames[-1]["step"] == 3


def test_step_viewer_names_the_falsifier_behind_an_alpha_minus_the_checker_left_unnamed():
    """The checker names a falsifier on a risk or verify route or from π_low on; a page that completes with
    α− 0.39 (notebook 07: the ticket page's link back to the support queue, against 'Support queue page')
    shows the statement the matcher scores at α− there, and explain α− explains it."""
    plan = Plan("Assign T-390", [fcpkit.Commitment("open", "Open ticket T-390", confirm={"completion": ["Ticket T-390"]},
                                                   falsify={"execution": ["Support queue page", "Draft saved"]})])
    ticket = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'", "[60] link 'Back to support queue'")
    am = float(fcpkit.LexicalMatcher().score(["Support queue page"], [ticket.serialize()])[0][0])
    assert 0 < am < Thresholds().pi_low
    v = viz.StepViewer(plan=plan)
    v.push(fcpkit.CheckResult("post", "open", 1.0, am, fcpkit.Route.COMPLETE), action=OPEN, observation=ticket)
    assert v.current["evidence"] is None  # the checker's record is left as it is
    assert "Support queue page" in v.details.value and "fcp-best-falsifier" in v.plan_view.value
    assert not v.explainer.buttons["evidence"].disabled
    assert "Support queue page" in v.explainer.explain("evidence")
    # where no falsifier scores α− on the page, none is named
    v.push(fcpkit.CheckResult("post", "open", 1.0, 0.2, fcpkit.Route.COMPLETE), observation=ticket)
    assert "Support queue page" not in v.details.value and v.explainer.buttons["evidence"].disabled


# -- FalsifierLab -----------------------------------------------------------------------------

def test_falsifier_lab_edits_change_scores_and_detection(checker):
    lab = viz.FalsifierLab(CORPUS, matcher=checker.matcher, trajectory="session_expired")
    r0 = lab.results
    assert r0["trajectory"] == "session_expired" and r0["first_detection_step"] == 1
    assert (r0["source"], r0["detection_rule"]) == ("plan-falsifier", None)  # the built-in defers to it
    assert r0["plan_runs"]["by_fault"]["session_expired"]["timely"] == 1
    assert r0["plan_runs"]["false_alarms"] == 0
    alone0 = r0["plan_sources"]["without_builtins"]
    assert alone0["by_fault"]["session_expired"]["timely"] == 1 and alone0["false_alarms"] == 0
    assert r0["plan_sources"]["sources"] == {"step-falsifier": 1, "plan-falsifier": 1, "built-in": 0, "rule": 0,
                                             "advance-check": 0, "verifier": 0}
    alpha_minus_before = lab.table["alpha_minus"].tolist()
    # delete the plan-level session falsifier: the plan alone no longer falsifies the sign-in page
    # at step 1; with the built-ins the run is still caught there, now by lost_session
    assert lab.delete_statement(viz.PLAN_LEVEL, "execution", text="session has expired")
    assert not lab.plan.plan_falsifiers["execution"]
    r1 = lab.results
    assert r1["plan_sources"]["without_builtins"]["by_fault"]["session_expired"]["timely"] == 0
    assert r1["plan_runs"]["by_fault"]["session_expired"]["timely"] == 1
    assert (r1["first_detection_step"], r1["source"], r1["detection_rule"]) == (1, "built-in", "lost_session")
    assert r1["plan_sources"]["sources"]["plan-falsifier"] == 0 and r1["plan_sources"]["sources"]["built-in"] == 1
    assert lab.table["alpha_minus"].tolist() != alpha_minus_before
    assert "session" in lab.history[-1]["change"]
    assert (lab.history[-1]["alone_timely"], lab.history[-1]["by_built-in"]) == (1, 1)
    # the baseline is shown next to the new numbers, in the by-source view
    assert "(was 2)" in lab.sources.value and "built-in <b>1</b> <span style='color:#888'>(was 0)" in lab.sources.value
    # switch the built-ins off: the selected run is caught a step later, by the failing click
    lab.set_builtins(False)
    assert lab.builtins_box.value is False
    r2 = lab.results
    assert (r2["first_detection_step"], r2["source"]) == (2, "rule")
    assert r2["plan_runs"]["by_fault"]["session_expired"]["timely"] == 0
    lab.reset()
    assert lab.builtins is True and lab.results["first_detection_step"] == 1
    assert lab.results["source"] == "plan-falsifier"


def test_falsifier_lab_text_box_edit_and_add(checker):
    lab = viz.FalsifierLab(CORPUS, matcher=checker.matcher, trajectory="wrong_record")
    assert (lab.results["first_detection_step"], lab.results["first_detection_phase"]) == (1, "pre")
    assert lab.results["source"] == "step-falsifier"
    lab.select(commitment="open")
    box = next(b for b in lab.statement_boxes if "T-411" in b.value)
    box.value = "Ticket T-999 detail"  # what typing in the box does
    assert lab.plan.commitments[0].falsify["execution"][0].text == "Ticket T-999 detail"
    assert lab.plan.commitments[0].falsify["execution"][0].on == "both"  # the test point is kept
    # the click is no longer rejected before it runs; the built-in wrong_record catches the page after it
    r = lab.results
    assert (r["first_detection_step"], r["first_detection_phase"], r["source"], r["detection_rule"]) == (
        1, "post", "built-in", "wrong_record")
    assert r["plan_sources"]["without_builtins"]["by_fault"]["wrong_record"]["timely"] == 0
    lab.add_statement("open", "execution", "Ticket T-411 detail")
    r = lab.results
    # added as a page statement (on="state", the default): the plan catches the page after the click
    assert (r["first_detection_step"], r["first_detection_phase"], r["source"]) == (1, "post", "step-falsifier")
    assert r["plan_sources"]["without_builtins"]["by_fault"]["wrong_record"]["timely"] == 1
    assert any(b.value == "Ticket T-411 detail" for b in lab.statement_boxes)


def test_falsifier_lab_thresholds_and_invalid_edits(checker):
    lab = viz.FalsifierLab(CORPUS, matcher=checker.matcher, trajectory="healthy")
    routes0 = lab.table["route"].tolist()
    gate0 = lab.table["gate_minus"].tolist()
    lab.sliders["tau_minus"].value = 0.9  # the slider path
    assert lab.thresholds.tau_minus == pytest.approx(0.9)
    assert lab.table["gate_minus"].tolist() == pytest.approx([g + 0.35 for g in gate0])
    lab.set_threshold("delta_minus", 0.05)
    assert lab.thresholds.delta_minus == pytest.approx(0.05)
    lab.set_threshold("tau_minus", 0.0)
    lab.set_threshold("delta_minus", 0.0)
    assert lab.table["route"].tolist() != routes0  # near-zero gates: everything escalates
    assert lab.results["plan_runs"]["false_alarms"] == int("repair" in lab.table["decision"].tolist())
    assert lab.history[-1]["change"].startswith("threshold delta_minus")
    lab.reset()
    assert lab.thresholds == Thresholds() and lab.table["route"].tolist() == routes0
    # an edit that breaks the plan is rejected, reported, and not applied
    data = PLAN.to_data()
    assert lab.add_statement("open", "execution", "Ticket T-411 detail", on="sometimes") is False
    assert "sometimes" in lab.error and "edit rejected" in lab.status.value
    assert len(lab.plan.commitments[0].falsify["execution"]) == 1
    assert lab.set_plan(dataclasses.replace(PLAN, task="Assign T-390 to Payments (edited)"))
    assert lab.plan.task.endswith("(edited)")
    lab.delete_statement("assign", "completion", 0)  # an empty stage is fine
    assert lab.error is None
    assert data == PLAN.to_data()


def test_falsifier_lab_accepts_named_corpora_and_plans(checker):
    edited = Plan.from_data({**PLAN.to_data(), "plan_falsifiers": {}})
    lab = viz.FalsifierLab({"mine": CORPUS, "healthy only": [HEALTHY]}, plans={"support": edited},
                           matcher=checker.matcher)
    assert lab.plan_keys == ["support"] and lab.plan == edited
    lab.select(trajectory="session_expired")
    # the plan without its session falsifier: its own statements miss the sign-in page at step 1,
    # the built-in lost_session catches it there
    assert lab.results["plan_sources"]["without_builtins"]["by_fault"]["session_expired"]["timely"] == 0
    assert lab.results["plan_runs"]["by_fault"]["session_expired"]["timely"] == 1
    assert (lab.results["source"], lab.results["detection_rule"]) == ("built-in", "lost_session")
    lab.select(corpus="healthy only")
    assert lab.results["trajectory"] == "healthy" and lab.results["plan_runs"]["runs"] == 1


def test_falsifier_lab_debounces_slider_ticks_in_a_running_loop(checker):
    """Inside a kernel (a running event loop) a drag or held arrow key recomputes once, after it settles."""
    import asyncio

    lab = viz.FalsifierLab(CORPUS, matcher=checker.matcher, trajectory="healthy", debounce_s=0.05)
    n0 = len(lab.history)

    async def drag():
        for v in (0.54, 0.53, 0.52, 0.51, 0.50):
            lab.sliders["tau_minus"].value = v
        assert len(lab.history) == n0  # nothing recomputed yet
        await asyncio.sleep(0.3)

    asyncio.run(drag())
    assert len(lab.history) == n0 + 1 and lab.thresholds.tau_minus == pytest.approx(0.50)
    assert "0.55 → 0.5" in lab.history[-1]["change"]
    (out,) = lab._slot.widget.outputs
    assert out["data"]["application/vnd.plotly.v1+json"]["data"]  # the figure holds traces in its one output
    assert "fcp-falsifier-lab-static" in lab._repr_mimebundle_()["text/html"]


def test_router_regions_comparison_outlines_where_paper_and_default_differ():
    paper, default = Thresholds.paper(), Thresholds()
    fig = viz.router_regions_comparison(paper, default, kappa=0.8, resolution=51, names=("paper", "default"))
    diff = fig.layout.meta["differences"]
    assert set(diff) == {"verify → continue", "verify → risk"}  # the continue row, and a whole falsifier
    xs, ys, zp = viz.route_grid(paper, 0.8, resolution=51)
    _, _, zd = viz.route_grid(default, 0.8, resolution=51)
    d = (zp != zd) & (zd == viz.ROUTES.index("continue"))
    r = (zp != zd) & (zd == viz.ROUTES.index("risk"))
    assert ys[r.any(axis=1)].min() == 1.0 and xs[r.any(axis=0)].max() < 1.0  # alpha- = 1, alpha+ short of 1
    assert xs[d.any(axis=0)].min() >= paper.pi_low - 1e-9
    assert xs[d.any(axis=0)].max() < default.gate_plus(0.8) - default.uncertainty
    assert ys[d.any(axis=1)].max() < default.pi_low
    assert sum(1 for t in fig.data if isinstance(t, go.Heatmap)) == 2
    assert sum(1 for t in fig.data if isinstance(t, go.Contour)) == 2
def test_falsifier_lab_explains_a_statement_on_a_page(checker):
    lab = viz.FalsifierLab(CORPUS, matcher=checker.matcher, trajectory="healthy")
    e = lab.explain("Ticket T-390 detail", 2)
    assert e.claim.type == "identity" and e.score == 1.0 and "Ticket T-390" in e.render()
    assert lab.explain("Open ticket T-390", 1, action=True).claim.type == "presence"
