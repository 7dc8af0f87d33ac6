"""The recorder's labelling rule (docs/formats.md) over a run's fault events, and relabelling a
recorded corpus from the events it kept. No browser: the events are what the workbench logs."""

import json

from fcpkit_lab.envs.record.recorder import label_from_events, relabel_corpus


def ev(step, detail="changed", method="GET", path="/x"):
    return {"step": step, "method": method, "path": path, "status": 200, "detail": detail}


STEPS = [object()] * 6


def test_a_missing_control_is_labelled_where_its_page_first_shows_it_not_where_it_is_used():
    # the ticket page without its Assign button is served at step 2; the agent's save comes at 4
    lab = label_from_events("control_missing", STEPS, [ev(2, "Assign control removed"), ev(4, "Assign control removed")])
    assert (lab.fault, lab.first_off_track_step) == ("control_missing", 2)
    assert lab.extra["rule"] == "first step with a fault event"


def test_a_fault_already_on_the_start_page_is_labelled_0():
    # a list that kept a stale filter on the page the reset loaded, and again after a search
    lab = label_from_events("stale_filter", STEPS, [ev(None, "kept q='refund'"), ev(1, "kept q='refund'")])
    assert lab.first_off_track_step == 0 and "start page" in lab.extra["rule"]
    assert label_from_events("interstitial", STEPS, [ev(None, "cookie wall")]).first_off_track_step == 0


def test_a_near_miss_record_is_labelled_at_the_click_that_opened_it():
    events = [ev(1, "search ranked T-411 first"), ev(2, "served T-411 for T-390")]
    lab = label_from_events("wrong_record", STEPS, events)
    assert lab.first_off_track_step == 2 and "near-miss" in lab.extra["rule"]


def test_healthy_and_never_fired_runs_have_no_label():
    assert label_from_events(None, STEPS, []).fault is None
    lab = label_from_events("silent_noop", STEPS, [])
    assert lab.fault is None and lab.extra["fired"] is False


def test_relabel_rewrites_only_the_label_step_and_rule(tmp_path):
    rows = [
        {"id": "a", "steps": [{"n": 0}, {"n": 1}, {"n": 2}], "note": "ünïcode stays",
         "label": {"fault": "control_missing", "first_off_track_step": 2,
                   "fault_events": [ev(1), ev(2, method="POST")], "rule": "step that used the key control"}},
        {"id": "b", "steps": [], "label": {"fault": None, "first_off_track_step": None}},
        {"id": "c", "steps": [{"n": 0}], "label": {"fault": "refused", "first_off_track_step": 0}},  # no events kept
    ]
    path = tmp_path / "corpus.jsonl"
    original = [json.dumps(r, ensure_ascii=False) for r in rows]
    path.write_text("\n".join(original) + "\n", encoding="utf-8")
    _, changed = relabel_corpus(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert changed == 1 and lines[1:] == original[1:]
    a = json.loads(lines[0])
    assert a["label"]["first_off_track_step"] == 1 and a["label"]["rule"] == "first step with a fault event"
    assert {k: v for k, v in a.items() if k != "label"} == {k: v for k, v in rows[0].items() if k != "label"}
    assert relabel_corpus(path)[1] == 0  # idempotent
