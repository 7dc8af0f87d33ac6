"""Skill and failure records: round-trips, validation naming the field, the store, datasets."""

from __future__ import annotations

import json

import pytest

from fcpkit import Evidence, PlanError
from fcpkit.agent.memory import (
    Diagnosis, FailureRecord, Library, RepairAction, RepairOutcome, Situation, Skill, SkillHistory, load_library,
    save_library,
)
from fcpkit.errors import LibraryError


def skill(name="s.open", requires=(), **kw):
    base = dict(name=name, key="Open ticket {record_id}", subgoal="Open ticket {record_id}", commitment_id="open",
                parameters=("record_id",), actions=("click(link '{record_id}')",),
                preconditions=(Evidence("Search results for {record_id}"),),
                confirm={"completion": (Evidence("Ticket {record_id} detail"),),
                         "progress": (Evidence("Open link {record_id}", "action"),)},
                falsify={"execution": (Evidence("A ticket other than {record_id} is open", "both"),)},
                requires=tuple(requires), site="support", task_templates=("Find ticket {record_id}",),
                history=SkillHistory(3, 2, ("a", "b", "c")))
    base.update(kw)
    return Skill(**base)


def failure(fid="f1", **kw):
    base = dict(id=fid, situation=Situation("Find ticket T-1", "Find ticket {record_id}", "support", "u", "t",
                                             "open", "Open ticket {record_id}", "s.open"),
                diagnosis=Diagnosis("execution", "Ticket T-9 detail", None, "post", 2, "wrong_record"),
                repair=RepairAction("backtrack", "execution", "backtrack", "Go back", None),
                outcome=RepairOutcome("prescribed", False, "wrong record"), source="run-1")
    base.update(kw)
    return FailureRecord(**base)


def test_skill_round_trips_through_data_and_json():
    s = skill()
    again = Skill.from_data(json.loads(json.dumps(s.to_data())))
    assert again == s
    assert again.history.success_rate == pytest.approx(2 / 3)


def test_skill_instantiates_into_a_linked_commitment():
    c = skill().instantiate({"record_id": "T-402"})
    assert c.skill == "s.open" and c.id == "open" and c.subgoal == "Open ticket T-402"
    assert [e.text for e in c.confirm["precondition"]] == ["Search results for T-402"]
    assert c.confirm["progress"][0].on == "action"
    assert c.falsify["execution"][0].text == "A ticket other than T-402 is open"


def test_instantiate_names_the_missing_placeholder():
    with pytest.raises(PlanError, match=r"\{record_id\}"):
        skill().instantiate({})


def test_bad_skill_data_reports_every_field():
    with pytest.raises(LibraryError) as err:
        Skill.from_data({"name": "x", "subgoal": "", "confidence": 3, "confirm": {"done": ["a"]}, "colour": 1},
                        where="skills.jsonl line 4")
    text = str(err.value)
    for bit in ("line 4.key: missing", "line 4.subgoal", "confidence", "confirm.done", "line 4.colour: unknown field"):
        assert bit in text


def test_failure_round_trips_and_exposes_what_planners_read():
    f = failure()
    assert FailureRecord.from_data(json.loads(json.dumps(f.to_data()))) == f
    assert f.scope == "execution" and f.skill == "s.open" and f.falsifier is None
    assert "Open ticket {record_id}" in f.key and "Ticket T-9 detail" in f.key
    assert "backtrack" in f.describe()


def test_bad_failure_data_names_the_part():
    data = failure().to_data()
    data["diagnosis"]["scope"] = "page"
    data["outcome"]["status"] = "maybe"
    del data["repair"]
    with pytest.raises(LibraryError) as err:
        FailureRecord.from_data(data)
    assert "diagnosis.scope" in str(err.value) and "outcome.status" in str(err.value) and "failure.repair" in str(err.value)


def test_library_dependencies_are_transitive_and_cycle_safe():
    lib = Library((skill("a"), skill("b", ["a"]), skill("c", ["b"]), skill("x", ["y"]), skill("y", ["x"])))
    assert lib.dependencies("c") == ["a", "b"]
    assert lib.dependencies("x") == ["y"]
    with pytest.raises(LibraryError, match="duplicate"):
        Library((skill("a"), skill("a")))


def test_store_round_trips_jsonl_and_yaml(tmp_path):
    lib = Library((skill("a"), skill("b", ["a"])), (failure(),), {"inducer": "test"})
    folder = save_library(lib, tmp_path / "lib")
    assert sorted(p.name for p in folder.iterdir()) == ["failures.jsonl", "library.yaml", "skills.jsonl"]
    back = load_library(folder)
    assert back.skills == lib.skills and back.failures == lib.failures and back.meta["inducer"] == "test"
    y = load_library(save_library(lib, tmp_path / "lib.yaml"))
    assert y.skills == lib.skills and y.failures == lib.failures


def test_broken_library_file_names_file_line_and_field(tmp_path):
    (tmp_path / "skills.jsonl").write_text(json.dumps(skill().to_data()) + "\n{not json\n"
                                           + json.dumps({"name": "z"}) + "\n")
    with pytest.raises(LibraryError) as err:
        load_library(tmp_path)
    text = str(err.value)
    assert "skills.jsonl line 2: not valid JSON" in text and "skills.jsonl line 3.key: missing" in text
    with pytest.raises(LibraryError, match="fcpkit induce"):
        load_library(tmp_path / "nothing-here")


def test_libraries_load_as_datasets_and_frames():
    pytest.importorskip("datasets", reason="the datasets extra: pip install 'fcpkit[datasets]'")
    lib = Library((skill("a"), skill("b", ["a"])), (failure(), failure("f2")))
    ds = lib.skills_dataset()
    assert ds.num_rows == 2 and set(ds.column_names) >= {"name", "key", "requires", "history"}
    assert Skill.from_data({**ds[1], **{k: json.loads(ds[1][k]) for k in ("preconditions", "confirm", "falsify", "history")}}) == lib.skills[1]
    fds = lib.failures_dataset()
    assert fds.num_rows == 2 and fds[0]["diagnosis"]["scope"] == "execution"
    assert list(lib.skills_frame()["name"]) == ["a", "b"] and len(lib.failures_frame()) == 2
