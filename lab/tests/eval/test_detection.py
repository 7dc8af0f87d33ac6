"""The detection benchmark: metric arithmetic, arms, files, and the leave-one-workflow-out protocol.

Small trajectories are built in code (two workflows, four fault classes); the example corpus is
used too when it is present, on a one-point grid so the suite stays fast.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

from fcpkit import Action, Label, Observation, Step, Trajectory, dump_corpus, load_corpus
from fcpkit.agent.arms import CHECK_ARMS
from fcpkit_lab.eval.detection import DetectionResults, print_detection, run_detection
from fcpkit.eval.metrics import RunRecord, outcome_records, summarize_runs
from fcpkit.eval.thresholds import choose_thresholds, leave_one_workflow_out, sweep_thresholds
from fcpkit.core.falsifiers import BUILTIN_RULES
from fcpkit.matching import LexicalMatcher
from fcpkit.eval.checker import Checker
from fcpkit.eval.metrics import wilson
from _support.pages import PLAN as SUPPORT_PLAN, page
from _support.paths import ROOT

EXAMPLE = ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl"

# -- a small corpus built in code ------------------------------------------------------------

# the shared support plan, plus a planning falsifier no page ever matches (telemetry: decorative)
_OPEN = SUPPORT_PLAN.commitments[0]
PLAN = replace(SUPPORT_PLAN, commitments=(
    replace(_OPEN, falsify={**_OPEN.falsify, "planning": ["Ticket T-390 was merged into a zebra archive"]}),
    *SUPPORT_PLAN.commitments[1:],
))


QUEUE = page("/support", "Support queue", "[5] heading 'Support queue'", "[12] textbox 'Search tickets'",
             "[20] StaticText 'Last updated 10:42'")
RESULTS = page("/support?q=T-390", "Support queue", "[5] heading 'Support queue'",
               "[12] textbox 'Search tickets' value='T-390'", "[31] link 'T-411 Refund not received'",
               "[32] link 'T-390 Duplicate charge'", "[20] StaticText 'Last updated 10:43'")
T390 = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'",
            "[6] StaticText 'Customer reports a duplicate charge'", "[40] button 'Assign'", "[41] combobox 'Team'",
            "[20] StaticText 'Last updated 10:44'")
T411 = page("/support/T-411", "Ticket T-411", "[5] heading 'Ticket T-411'", "[40] button 'Assign'")
SAVED = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'",
             "[50] alert 'Ticket T-390 assigned to Payments'", "[40] button 'Assign'",
             "[20] StaticText 'Last updated 10:45'")
SIGNIN = page("/signin", "Sign in", "[3] alert 'Your session has expired. Please sign in again.'",
              "[4] textbox 'Username'")

SEARCH = Action("fill('12', 'T-390')\npress('12', 'Enter')", "search for the ticket", "textbox 'Search tickets'", "read")
OPEN = Action("click('32')", "open the matching ticket", "link 'T-390 Duplicate charge'", "read")
OPEN_WRONG = Action("click('31')", "open the matching ticket", "link 'T-411 Refund not received'", "read")
ASSIGN = Action("select_option('41', 'Payments')\nclick('40')", "assign to payments", "button 'Assign'", "write")


def traj(tid, steps, fault=None, first=None, workflow="support"):
    return Trajectory(tid, PLAN.task, PLAN, QUEUE, tuple(Step(a, o) for a, o in steps), Label(fault, first), workflow)


def small_corpus(workflow: str) -> list[Trajectory]:
    noop_page = Observation(T390.url, T390.title, T390.text.replace("10:44", "10:52"))
    return [
        traj(f"{workflow}-healthy", [(SEARCH, RESULTS), (OPEN, T390), (ASSIGN, SAVED)], workflow=workflow),
        traj(f"{workflow}-wrong", [(SEARCH, RESULTS), (OPEN_WRONG, T411), (ASSIGN, T411)], "wrong_record", 1,
             workflow=workflow),
        traj(f"{workflow}-noop", [(SEARCH, RESULTS), (OPEN, T390), (ASSIGN, noop_page)], "silent_noop", 2,
             workflow=workflow),
        traj(f"{workflow}-expired", [(SEARCH, RESULTS), (OPEN, SIGNIN)], "session_expired", 1, workflow=workflow),
    ]


@pytest.fixture(scope="module")
def corpus_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "small.jsonl"
    dump_corpus(small_corpus("support") + small_corpus("billing"), path)
    return path


@pytest.fixture(scope="module")
def results(corpus_path, tmp_path_factory) -> tuple[DetectionResults, Path, Path]:
    out = tmp_path_factory.mktemp("results")
    figs = tmp_path_factory.mktemp("figures")
    res = run_detection([corpus_path], matchers=("lexical",), out_dir=out, fig_dir=figs,
                        tau_shifts=(-0.05, 0.0, 0.05), delta_scales=(0.75, 1.0))
    return res, out, figs


def row(df: pd.DataFrame, **where):
    sel = df
    for k, v in where.items():
        sel = sel[sel[k] == v]
    assert len(sel) == 1, (where, len(sel))
    return sel.iloc[0]


# -- metric arithmetic -----------------------------------------------------------------------


def rec(**kw) -> RunRecord:
    base = dict(corpus="c", arm="a", matcher="m", bound="lower", id="r", workflow="w", fault="wrong_record",
                n_steps=6, first_off_track_step=2, first_write_step=4, detected=True, detection_step=3,
                detection_phase="pre")
    base.update(kw)
    return RunRecord(**base)


def test_steps_saved_counts_actions_that_did_not_run():
    assert rec(detection_step=3, detection_phase="pre").steps_saved == 3  # actions 3, 4, 5 never ran
    assert rec(detection_step=3, detection_phase="post").steps_saved == 2  # action 3 ran
    assert rec(detection_step=5, detection_phase="post").steps_saved == 0  # same as the outcome check
    assert rec(detected=False, detection_step=None, detection_phase=None).steps_saved is None


def test_before_write_and_delay():
    assert rec(detection_step=3, detection_phase="post").before_write  # step 3 is a read
    assert rec(detection_step=4, detection_phase="pre").before_write  # the write was stopped
    assert not rec(detection_step=4, detection_phase="post").before_write  # the write ran
    assert not rec(detection_step=5, detection_phase="pre").before_write
    assert rec(first_write_step=None, detection_step=5, detection_phase="post").before_write  # nothing written
    assert rec(detection_step=3).delay == 1
    r = rec(detection_step=1)
    assert r.delay == -1 and r.premature and not r.on_time


def test_summarize_runs_arithmetic_and_wilson():
    recs = [
        rec(id="a", detection_step=2, detection_phase="pre"),  # saved 4, before write, delay 0
        rec(id="b", detection_step=4, detection_phase="post"),  # saved 1, after write, delay 2
        rec(id="c", detected=False, detection_step=None, detection_phase=None),
        rec(id="h1", fault=None, first_off_track_step=None, detected=False, detection_step=None, detection_phase=None),
        rec(id="h2", fault=None, first_off_track_step=None, detection_step=0, detection_phase="post",
            n_checks=4, escalations=2, model_escalations=1, check_ms=(1.0, 2.0, 3.0, 4.0)),
    ]
    s = summarize_runs(recs)
    assert (s["faulty"], s["healthy"], s["detected"], s["false_alarms"]) == (3, 2, 2, 1)
    assert s["detection_rate"] == pytest.approx(2 / 3)
    assert (s["detection_rate_lo"], s["detection_rate_hi"]) == pytest.approx(wilson(2, 3))
    assert s["false_alarm_rate"] == 0.5
    assert s["steps_saved_mean"] == 2.5 and s["steps_saved_share"] == pytest.approx(5 / 18)
    assert s["before_write"] == 1 and s["before_write_share"] == 0.5
    assert s["delay_mean"] == 1.0
    assert s["escalation_share"] == 0.25 and s["check_ms_median"] == 2.5 and s["check_ms_p95"] == 4.0
    assert s["slow_route_share"] == 0.5  # the paper's count: complete and risk cues too


def test_wilson_interval_values():
    lo, hi = wilson(0, 4)
    assert lo == 0.0 and hi == pytest.approx(0.4899, abs=1e-4)
    lo, hi = wilson(19, 24)
    assert (lo, hi) == pytest.approx((0.5953, 0.9077), abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_outcome_records_catch_every_fault_after_the_last_step():
    recs = outcome_records(small_corpus("w"), corpus="c")
    s = summarize_runs(recs)
    assert s["detection_rate"] == 1.0 and s["false_alarms"] == 0
    assert s["steps_saved_mean"] == 0 and s["steps_saved_share"] == 0


# -- arms over a corpus ----------------------------------------------------------------------


def test_arms_table_covers_every_arm_and_bound(results):
    res, _, _ = results
    got = {(r.arm, r.bound) for r in res.arms.itertuples()}
    assert got == {(a, b) for a in CHECK_ARMS for b in ("lower", "upper")}
    assert set(res.arms.matcher) == {"lexical"}


def test_outcome_arm_detects_all_faulty_runs_with_zero_steps_saved(results):
    res, _, _ = results
    for bound in ("lower", "upper"):
        r = row(res.arms, arm="outcome", bound=bound)
        assert r.detection_rate == 1.0 and r.false_alarms == 0 and r.steps_saved_mean == 0


def test_confirming_only_detects_nothing_when_detection_needs_falsifiers(results):
    res, _, _ = results
    r = row(res.arms, arm="confirming-only", bound="lower")
    assert r.detected == 0 and r.false_alarms == 0


def test_falsifiers_plan_falsifiers_and_rules_add_fault_classes(results):
    res, _, _ = results
    pf = res.per_fault
    caught = lambda arm, fault: row(pf, arm=arm, bound="lower", fault=fault).detected  # noqa: E731
    assert caught("step-falsifiers", "wrong_record") == 2
    assert caught("step-falsifiers", "session_expired") == 0 and caught("+plan-falsifiers", "session_expired") == 2
    assert caught("+plan-falsifiers", "silent_noop") == 0 and caught("+rules", "silent_noop") == 2
    full = row(res.arms, arm="+rules", bound="lower")
    assert full.detection_rate == 1.0 and full.false_alarms == 0 and full.steps_saved_mean > 0
    # the wrong record is stopped at the action-level test, before the write
    runs = res.runs[(res.runs.arm == "+rules") & (res.runs.bound == "lower") & (res.runs.fault == "wrong_record")]
    assert set(runs.detection_phase) == {"pre"} and runs.before_write.all()


def test_per_workflow_table_and_time_per_check(results):
    res, _, _ = results
    assert set(res.per_workflow.workflow) == {"support", "billing"}
    full = row(res.arms, arm="+rules", bound="lower")
    assert full.checks > 0 and full.check_ms_median >= 0 and full.check_ms_p95 >= full.check_ms_median


def test_sweep_marks_the_paper_point(results):
    res, _, _ = results
    sw = res.sweep
    assert len(sw[sw.is_paper & (sw.arm == "+rules") & (sw.bound == "lower")]) == 1
    paper = row(sw, arm="+rules", bound="lower", tau_shift=0.0, delta_scale=1.0)
    assert paper.tau_plus == 0.65 and paper.tau_minus == 0.55 and paper.delta_minus == 0.25
    # the paper point of the sweep reproduces the arms table
    assert paper.detected == row(res.arms, arm="+rules", bound="lower").detected


def test_telemetry_shows_firing_and_decorative_falsifiers(results):
    res, _, _ = results
    tel = res.telemetry[(res.telemetry.bound == "lower") & (res.telemetry.plan == "inline:support")]
    wrong = row(tel, text="Ticket T-411 detail")
    assert wrong.fires_faulty_runs == 1 and wrong.fires_healthy_runs == 0 and wrong.status == "ok"
    session = row(tel, text="Your session has expired. Please sign in again.")
    assert session.level == "plan" and session.fires_faulty_runs == 1
    assert row(tel, text="Ticket T-390 was merged into a zebra archive").status == "decorative"


def test_telemetry_lists_each_builtin_with_its_fire_rate(results):
    res, _, _ = results
    tel = res.telemetry[(res.telemetry.bound == "lower") & (res.telemetry.level == "built-in")]
    assert set(tel.text) == set(BUILTIN_RULES) and len(set(tel.corpus)) == 1
    lost = row(tel, text="lost_session")
    # it fires on the expired run of each workflow and on no healthy run; it made no first detection
    # because the plan's own session falsifier is past its gate on the same sign-in page, and a
    # built-in defers to it (the attribution policy; without plan falsifiers it is the catch:
    # test_a_builtin_is_the_catch_where_the_plan_has_no_falsifier_for_it)
    assert lost.fires_faulty_runs == 2 and lost.fires_healthy_runs == 0 and lost.detections == 0 and lost.status == "ok"
    wrong = row(tel, text="wrong_record")  # T-411's page; its detection is the earlier action-level test
    assert wrong.fires_faulty_runs == 2 and wrong.fires_healthy_runs == 0 and wrong.detections == 0
    assert row(tel, text="missing_page").status == "decorative"
    assert (tel.tested_checks > 0).all() and (tel.fires_healthy_runs == 0).all()


def test_tables_and_figures_are_written(results):
    res, out, figs = results
    for name in ("arms", "per_fault", "per_workflow", "sweep", "telemetry", "lowo", "runs"):
        p = out / f"detection_{name}.csv"
        assert p.exists() and len(pd.read_csv(p)) > 0, name
    assert (out / "detection_meta.json").exists()
    for name in ("by_arm_fault", "write_timing", "threshold_sweep"):
        assert (figs / f"detection_{name}.html").stat().st_size > 1000
    assert all(Path(p).exists() for p in res.files)


def test_print_detection_renders(results):
    from rich.console import Console

    console = Console(record=True, width=200)
    print_detection(results[0], console)
    text = console.export_text()
    assert "confirming-only" in text and "leave-one-workflow-out" in text


# -- threshold choice and LOWO ---------------------------------------------------------------


def test_choose_thresholds_prefers_zero_alarms_then_detection_then_the_paper_point():
    ok = rec(detection_step=2)
    miss = rec(detected=False, detection_step=None, detection_phase=None)
    alarm = rec(fault=None, first_off_track_step=None, detection_step=0)
    quiet = rec(fault=None, first_off_track_step=None, detected=False, detection_step=None, detection_phase=None)
    cands = {
        (-0.1, 1.0): [ok, ok, alarm],  # best detection but a false alarm
        (0.0, 1.0): [ok, miss, quiet],  # the paper point
        (0.05, 1.0): [ok, miss, quiet],  # same score, further from the paper
        (0.1, 1.0): [miss, miss, quiet],
    }
    assert choose_thresholds(cands) == (0.0, 1.0)
    cands[(0.1, 1.0)] = [ok, ok, quiet]
    assert choose_thresholds(cands) == (0.1, 1.0)


def test_lowo_never_uses_the_held_out_workflow(results):
    res, _, _ = results
    calls = []

    def spy(candidates, **kw):
        seen = {r.workflow for rs in candidates.values() for r in rs}
        calls.append(seen)
        return choose_thresholds(candidates, **kw)

    rows = leave_one_workflow_out(res.sweep_records, chooser=spy)
    folds = [r for r in rows if r["held_out"] != "(pooled)"]
    assert len(calls) == len(folds) > 0
    for r, seen in zip(folds, calls):
        assert r["held_out"] not in seen and seen  # trained on the other workflow only
    pooled = [r for r in rows if r["held_out"] == "(pooled)"]
    assert {(r["arm"], r["bound"]) for r in pooled} == {(a, b) for a in CHECK_ARMS for b in ("lower", "upper")}
    for r in pooled:
        assert r["faulty"] == 6 and r["healthy"] == 2  # every run scored exactly once, held out


def test_lowo_chooses_on_training_results_only():
    """Held-out runs that would change the choice must not change it."""
    recs = []
    for wf, good_point in (("a", (0.0, 1.0)), ("b", (0.05, 1.0))):
        for point in ((0.0, 1.0), (0.05, 1.0)):
            caught = point == good_point
            recs.append(rec(workflow=wf, tau_shift=point[0], delta_scale=point[1], id=f"{wf}{point}",
                            detected=caught, detection_step=2 if caught else None,
                            detection_phase="pre" if caught else None))
    rows = {r["held_out"]: r for r in leave_one_workflow_out(recs)}
    assert (rows["a"]["tau_shift"], rows["a"]["delta_scale"]) == (0.05, 1.0)  # b's best point
    assert rows["a"]["detected"] == 0  # ...which does not suit a
    assert rows["b"]["tau_shift"] == 0.0 and rows["b"]["detected"] == 0


def test_sweep_records_cover_the_grid(corpus_path):
    trajs = list(load_corpus(corpus_path))
    m = LexicalMatcher().fit(o.serialize() for t in trajs for o in t.observations())
    recs = sweep_thresholds(trajs, m, corpus="c", matcher_name="lexical", arms=("+rules",), bounds=("lower",),
                            tau_shifts=(0.1,), delta_scales=(2.0,))
    points = {(r.tau_shift, r.delta_scale) for r in recs}
    assert points == {(0.0, 1.0), (0.0, 2.0), (0.1, 1.0), (0.1, 2.0)}  # the paper point is always added
    assert len(recs) == 4 * len(trajs)


def test_unknown_matcher_is_skipped_with_a_note(corpus_path):
    res = run_detection([corpus_path], matchers=("lexical", "no-such-matcher"), out_dir=None, fig_dir=None,
                        sweep=False, telemetry=False, arms=("outcome", "+rules"))
    assert set(res.arms.matcher) == {"lexical"}
    assert any("no-such-matcher" in n for n in res.notes)


def test_two_corpora_get_an_all_row(corpus_path, tmp_path):
    other = tmp_path / "other.jsonl"
    dump_corpus([replace(t, id=t.id + "-x") for t in small_corpus("orders")], other)
    res = run_detection([corpus_path, other], out_dir=None, fig_dir=None, sweep=False, telemetry=False,
                        arms=("outcome", "+rules"), bounds=("lower",))
    corpora = set(res.arms.corpus)
    assert "all" in corpora and len(corpora) == 3
    assert row(res.arms, corpus="all", arm="outcome").faulty == 9


# -- the example corpus, when present --------------------------------------------------------


@pytest.mark.skipif(not EXAMPLE.exists(), reason="example corpus not written yet")
def test_example_corpus_arms(tmp_path):
    # the arms at the lower bound are what this test reads: no sweep, no telemetry, no upper bound
    res = run_detection([EXAMPLE], out_dir=tmp_path, fig_dir=None, bounds=("lower",), tau_shifts=(0.0,),
                        delta_scales=(1.0,), sweep=False, telemetry=False)
    out = row(res.arms, arm="outcome", bound="lower")
    assert out.detection_rate == 1.0 and out.steps_saved_mean == 0
    assert row(res.arms, arm="confirming-only", bound="lower").detected == 0
    full = row(res.arms, arm="+rules", bound="lower")
    assert full.detected >= row(res.arms, arm="step-falsifiers", bound="lower").detected
    assert (tmp_path / "detection_arms.csv").exists()


def test_detection_sources_are_attributed(results):
    res, _, _ = results
    full = row(res.arms, arm="+rules", bound="lower")
    assert (full["by_step-falsifier"], full["by_plan-falsifier"], full["by_rule"]) == (2, 2, 2)
    # adding the built-ins moves no first detection: wherever one fires here, the plan's own
    # falsifier is past its gate on the same page and the built-in defers to it
    builtin = row(res.arms, arm="+built-in", bound="lower")
    assert (builtin["by_step-falsifier"], builtin["by_plan-falsifier"], builtin["by_built-in"],
            builtin["by_rule"]) == (2, 2, 0, 2)
    assert row(res.arms, arm="outcome", bound="lower")["by_outcome"] == 6


def test_a_builtin_is_the_catch_where_the_plan_has_no_falsifier_for_it(corpus_path):
    trajs = list(load_corpus(corpus_path))

    def firsts(**switches):
        checker = Checker(**switches).fit(trajs)
        return {t.id: (r.to_json()["detection_rule"], r.to_json()["detection_evidence"])
                for t in trajs if (r := checker.check(t)).to_json()["detected"] and t.label.fault == "session_expired"}

    session = "Your session has expired. Please sign in again."
    assert firsts() == {"support-expired": (None, session), "billing-expired": (None, session)}
    assert firsts(use_plan_falsifiers=False) == {"support-expired": ("lost_session", None),
                                                 "billing-expired": ("lost_session", None)}
