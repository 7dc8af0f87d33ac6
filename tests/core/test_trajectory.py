from __future__ import annotations

import json
from pathlib import Path

import pytest

from fcpkit import CorpusError, load_corpus
from fcpkit.core.trajectory import dump_corpus, trajectory_from_row

PLAN = {"task": "Open T-390", "commitments": [{"id": "open", "subgoal": "Open ticket T-390",
        "confirm": {"completion": ["Ticket T-390 detail"]}, "falsify": {"execution": ["Ticket T-411 detail"]}}]}
OBS = {"url": "http://127.0.0.1:8000/support", "title": "Support queue", "text": "RootWebArea 'Support queue'", "error": None}


def traj(**over):
    t = {
        "id": "t1", "workflow": "support", "task": "Open T-390", "plan": PLAN,
        "label": {"fault": "wrong_record", "first_off_track_step": 0},
        "initial_observation": OBS,
        "steps": [{"commitment": "open", "action": {"command": "click('31')", "reasoning": "open it",
                   "target": "link 'T-411'", "effect": "read"},
                   "observation": {**OBS, "url": OBS["url"] + "/T-411", "title": "Ticket T-411", "tabs": [{"url": "x", "title": "y"}]}}],
        "outcome": {"success": False},
        "custom": {"kept": True},
    }
    t.update(over)
    return t


def write(tmp_path: Path, *rows, raw: str | None = None) -> Path:
    p = tmp_path / "c.jsonl"
    p.write_text(raw if raw is not None else "\n".join(json.dumps(r) for r in rows) + "\n")
    return p


def test_round_trip_unchanged(tmp_path):
    p = write(tmp_path, traj(), traj(id="t2", label={"fault": None, "first_off_track_step": None}))
    c = load_corpus(p)
    assert len(c) == 2 and c[0].steps[0].observation.title == "Ticket T-411" and c[0].extra == {"custom": {"kept": True}}
    out = dump_corpus(c, tmp_path / "out.jsonl")
    assert [json.loads(x) for x in out.read_text().splitlines()] == [json.loads(x) for x in p.read_text().splitlines()]


def test_plan_path_resolves_relative_to_corpus(tmp_path):
    (tmp_path / "plans").mkdir()
    (tmp_path / "plans" / "p.json").write_text(json.dumps(PLAN))
    c = load_corpus(write(tmp_path, traj(plan="plans/p.json")))
    assert c[0].plan.commitments[0].id == "open" and c[0].plan_ref == "plans/p.json"


def test_as_hf_dataset(tmp_path):
    pytest.importorskip("datasets", reason="the datasets extra: pip install 'fcpkit[datasets]'")
    c = load_corpus(write(tmp_path, traj(), traj(id="t2", label={"fault": None, "first_off_track_step": None})))
    ds = c.to_dataset()
    assert ds.num_rows == 2 and ds[0]["fault"] == "wrong_record" and ds[1]["fault"] is None
    assert ds[0]["steps"][0]["command"] == "click('31')"
    back = trajectory_from_row(ds[0])
    assert back.plan == c[0].plan and back.steps[0].action == c[0].steps[0].action


@pytest.mark.parametrize("row, raw, expected", [
    (None, "{not json\n", r"line 1: not valid JSON"),
    ({"id": "x"}, None, r"line 1 \(id x\)\.task: missing"),
    (traj(steps=None), None, r"\.steps: missing"),
    (traj(steps=[{"action": {"command": "x", "effect": "delete"}, "observation": OBS}]), None,
     r"steps\[0\]\.action\.effect: 'delete' is not one of read, write, irreversible"),
    (traj(label={"fault": "x", "first_off_track_step": 5}), None, r"first_off_track_step: 5 is out of range"),
    (traj(plan="plans/missing.yaml"), None, r"\.plan: 'plans/missing.yaml' does not load: .*file not found"),
    (traj(steps=[{"action": {"command": "x"}, "observation": "a page"}]), None, r"steps\[0\]\.observation: expected an observation mapping"),
    (traj(steps=[{"commitment": "nope", "action": {"command": "x"}, "observation": OBS}]), None, r"'nope' is not a commitment of the plan"),
    (traj(label={"fault": None, "first_off_track_step": 0}), None, r"healthy trajectory .* cannot have a first_off_track_step"),
    (traj(initial_observation={"title": "x"}), None, r"initial_observation\.url: missing"),
    (traj(plan={"task": "t", "commitments": []}), None, r"\.plan\.commitments: the plan has no commitments"),
    (None, "\n\n", r"the corpus is empty"),
])
def test_errors_name_line_id_and_field(tmp_path, row, raw, expected):
    p = write(tmp_path, row, raw=raw) if raw is not None else write(tmp_path, row)
    with pytest.raises(CorpusError, match=expected) as info:
        load_corpus(p)
    assert str(p) in str(info.value)


def test_duplicate_ids(tmp_path):
    with pytest.raises(CorpusError, match=r"duplicate trajectory id \(also line 1\)"):
        load_corpus(write(tmp_path, traj(), traj()))
