"""Deterministic induction from the shipped corpora: skills from confirmed segments of healthy
runs, failure cases from detected faulty runs, and the committed libraries reproduced exactly."""

from __future__ import annotations

import json

from _support.memory import DATA

from fcpkit import Checker, data, load_corpus
from fcpkit.agent.memory import load_library, save_library
from fcpkit.eval.induce import DeterministicInducer, Inducer, healthy
from fcpkit.agent.memory.params import instance_specific


def test_inducer_satisfies_the_protocol():
    assert isinstance(DeterministicInducer(), Inducer)


def test_skills_come_from_confirmed_segments_of_healthy_runs(example_runs, example_library):
    lib = example_library
    ok = [t for t in example_runs if healthy(t)]
    assert lib.meta["healthy_runs"] == len(ok) == 12
    # every skill instance is a commitment the checker itself confirmed in one of those runs
    checker = Checker().fit(example_runs)
    confirmed = {(t.id, cid) for t in ok for cid in checker.check(t).advanced}
    for s in lib.skills:
        assert s.history.sources and set(s.history.sources) <= {t.id for t in ok}
        assert all((src, s.commitment_id) in confirmed for src in s.history.sources)
        assert s.history.successes == len(s.history.sources) <= s.history.uses


def test_values_are_lifted_and_instance_identifiers_dropped(workbench_library):
    lib = workbench_library
    find = lib.skill("support.find-ticket")
    assert find.parameters == ("record_id",) and "{record_id}" in find.subgoal
    assert find.task_templates == ("Find ticket {record_id} (customer reports {value}), confirm the complaint, "
                                   "assign it to team {team} and save.",)
    for s in lib.skills:
        for e in s.evidence():
            assert not instance_specific(e.text), (s.name, e.text)
        for a in s.actions:
            assert not instance_specific(a), (s.name, a)
    # near-miss records differ per variant: the falsifiers naming them do not survive the merge
    opened = lib.skill("support.open-ticket")
    texts = [e.text for e in opened.evidence()]
    assert "A ticket other than {record_id} is open" in texts and not any("T-4" in t for t in texts)


def test_dependencies_follow_the_order_skills_ran_in(workbench_library):
    lib = workbench_library
    assert lib.dependencies("support.confirm-saved") == ["support.find-ticket", "support.open-ticket",
                                                        "support.assign-payments"]
    assert lib.skill("support.find-ticket").requires == ()


def test_one_failure_case_per_detected_faulty_run(example_runs, example_library):
    faulty = [t for t in example_runs if t.label.fault]
    checker = Checker().fit(example_runs)
    detected = [t for t in faulty if checker.check(t).detected]
    fails = example_library.failures
    assert len(fails) == len(detected) and {f.source for f in fails} == {t.id for t in detected}
    wrong = next(f for f in fails if f.diagnosis.fault == "wrong_record" and f.situation.site == "support")
    assert wrong.diagnosis.scope == "execution" and wrong.repair.strategy in ("backtrack", "local_repair")
    assert wrong.situation.skill == "support.open-ticket" and wrong.outcome.status == "prescribed"
    expired = next(f for f in fails if f.diagnosis.fault == "session_expired")
    assert expired.repair.falsifier and not instance_specific(expired.repair.falsifier)


def test_committed_libraries_are_what_induce_writes(tmp_path):
    """fcpkit/data/libraries is reproduced byte for byte from the corpora it names."""
    committed = DATA / "libraries"
    meta = load_library(committed).meta
    corpora = (data.path(data.WORKBENCH), data.path(data.MINIWOB), data.path(data.EXAMPLES))  # `fcpkit induce`'s
    assert meta["corpora"] == [data.relative(p) for p in corpora]
    runs = [t for p in corpora for t in load_corpus(p)]
    lib = DeterministicInducer().induce(runs).with_meta(corpora=meta["corpora"], command="fcpkit induce")
    out = save_library(lib, tmp_path / "lib")
    for name in ("skills.jsonl", "failures.jsonl", "library.yaml"):
        assert (out / name).read_text() == (committed / name).read_text(), name
    assert json.loads((committed / "skills.jsonl").read_text().splitlines()[0])["name"] == "support.find-ticket"
