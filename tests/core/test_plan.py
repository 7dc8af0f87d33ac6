from __future__ import annotations

import json
from pathlib import Path

import pytest

from fcpkit import Commitment, Evidence, Plan, PlanError, dump_plan, load_plan
from fcpkit.core.plan import yaml_load

FORMATS_EXAMPLE = """\
task: Assign ticket T-390 (customer reports a duplicate charge) to Payments and save.
plan_falsifiers:
  execution:
  - Your session has expired. Please sign in again.
commitments:
- id: open-ticket
  subgoal: Open ticket T-390
  skill: open_record_by_id
  confidence: 0.8
  confirm:
    precondition: [Support queue]
    progress: [Search results for T-390]
    completion: [Ticket T-390 detail]
  falsify:
    execution: [Ticket T-411 detail, No tickets match]
    skill: [Search box is not available]
    planning: [Ticket T-390 is closed]
"""


def write(tmp_path: Path, text: str, name: str = "plan.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_formats_example_loads_and_round_trips_exactly(tmp_path):
    p = load_plan(write(tmp_path, FORMATS_EXAMPLE))
    c = p.commitments[0]
    assert c.id == "open-ticket" and c.skill == "open_record_by_id" and c.confidence == 0.8
    assert [e.text for e in c.confirm["completion"]] == ["Ticket T-390 detail"]
    assert [s for s, _ in p.plan_level()] == ["execution"]
    assert p.to_data() == yaml_load(FORMATS_EXAMPLE)
    out = dump_plan(p, tmp_path / "again.yaml")
    assert load_plan(out) == p
    assert yaml_load(out.read_text()) == yaml_load(FORMATS_EXAMPLE)
    js = dump_plan(p, tmp_path / "again.json")
    assert load_plan(js) == p


def test_on_key_is_a_string_not_yaml11_bool(tmp_path):
    text = FORMATS_EXAMPLE.replace("[Ticket T-411 detail, No tickets match]", "[{text: Ticket T-411 detail, on: both}]")
    p = load_plan(write(tmp_path, text))
    e = p.commitments[0].falsify["execution"][0]
    assert e == Evidence("Ticket T-411 detail", "both") and e.on_action and e.on_state
    dumped = p.to_yaml()
    assert "on: both" in dumped and "'on'" not in dumped
    assert Plan.from_data(yaml_load(dumped)) == p


def test_mapping_form_with_default_on_is_preserved():
    data = yaml_load(FORMATS_EXAMPLE)
    data["commitments"][0]["confirm"]["completion"] = [{"text": "Ticket T-390 detail", "on": "state"}]
    assert Plan.from_data(data).to_data() == data


def test_python_authoring_reads_naturally():
    c = Commitment(
        "open-ticket", "Open ticket T-390", confidence=0.8,
        confirm={"completion": ["Ticket T-390 detail"]},
        falsify={"execution": [Evidence("Ticket T-411 detail", on="both")], "planning": "Ticket T-390 is closed"},
    )
    plan = Plan("Assign T-390", [c], plan_falsifiers={"execution": ["Your session has expired"]})
    assert plan.commitments[0].confirm["progress"] == ()
    assert [s for s, _ in c.falsifiers()] == ["execution", "planning"]
    assert Plan.from_data(plan.to_data()) == plan
    assert plan.index("open-ticket") == 0
    with pytest.raises(KeyError, match="open-ticket"):
        plan.index("nope")


def test_extra_fields_are_kept(tmp_path):
    data = yaml_load(FORMATS_EXAMPLE)
    data["author"] = "ops team"
    data["commitments"][0]["notes"] = "added later"
    p = Plan.from_data(data)
    assert p.extra == {"author": "ops team"} and p.commitments[0].extra == {"notes": "added later"}
    assert p.to_data() == data


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (lambda d: d["commitments"].append(dict(d["commitments"][0])), r"commitments\[1\]\.id: duplicate id 'open-ticket'"),
        (lambda d: d["commitments"][0].update(confidence=1.4), r"commitments\[0\]\.confidence: 1\.4 is outside \[0, 1\]"),
        (lambda d: d["commitments"][0].update(confidence="high"), r"commitments\[0\]\.confidence: expected a number"),
        (lambda d: d["commitments"][0]["confirm"].update(completed=["x"]), r"confirm\.completed: unknown stage; fix: did you mean 'completion'"),
        (lambda d: d["commitments"][0]["falsify"].update(execution_level=["x"]), r"falsify\.execution_level: unknown scope"),
        (lambda d: d.update(commitments=[]), r"commitments: the plan has no commitments"),
        (lambda d: d.update(commitments={"a": 1}), r"commitments: expected a list of commitments, got a mapping"),
        (lambda d: d["commitments"][0]["falsify"]["execution"].append(42), r"falsify\.execution\[2\]: expected a statement \(string\)"),
        (lambda d: d["commitments"][0]["falsify"]["execution"].append({"text": "x", "on": "page"}), r"execution\[2\]\.on: 'page' is not one of state, action, both"),
        (lambda d: d["commitments"][0].pop("subgoal"), r"commitments\[0\]\.subgoal: missing"),
        (lambda d: d.pop("task"), r"task: missing"),
        (lambda d: d["commitments"][0].update(falsfy={}), r"commitments\[0\]\.falsfy: unknown field; fix: did you mean 'falsify'"),
        (lambda d: d["commitments"][0].update(skill=["a"]), r"skill: expected a skill name"),
    ],
)
def test_validation_errors_name_file_field_and_fix(tmp_path, mutate, expected):
    data = yaml_load(FORMATS_EXAMPLE)
    mutate(data)
    path = write(tmp_path, json.dumps(data), "bad.json")
    with pytest.raises(PlanError, match=expected) as info:
        load_plan(path)
    assert str(path) in str(info.value)


def test_all_problems_reported_at_once(tmp_path):
    data = yaml_load(FORMATS_EXAMPLE)
    data["commitments"][0]["confidence"] = -1
    data["commitments"][0]["confirm"]["done"] = []
    with pytest.raises(PlanError) as info:
        Plan.from_data(data, source="x.yaml")
    assert len(info.value.problems) == 2


def test_yaml_syntax_error_names_line(tmp_path):
    path = write(tmp_path, "task: x\ncommitments:\n  - id: a\n   subgoal: [unclosed\n")
    with pytest.raises(PlanError, match=r"line \d+, column \d+: invalid YAML"):
        load_plan(path)


def test_missing_file(tmp_path):
    with pytest.raises(PlanError, match="file not found"):
        load_plan(tmp_path / "nope.yaml")


def test_python_construction_validates():
    with pytest.raises(PlanError, match="confidence"):
        Commitment("a", "b", confidence=2)
    with pytest.raises(PlanError, match="duplicate id"):
        Plan("t", [Commitment("a", "b"), Commitment("a", "c")])
    with pytest.raises(PlanError, match="unknown stage"):
        Commitment("a", "b", confirm={"done": ["x"]})


def test_example_plans_load(examples_dir):
    plans = sorted((examples_dir / "plans").glob("*.yaml"))
    assert len(plans) >= 2
    for p in plans:
        plan = load_plan(p)
        assert Plan.from_data(plan.to_data()) == plan
