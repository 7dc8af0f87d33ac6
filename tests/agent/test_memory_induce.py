"""Deterministic induction from the shipped corpora: skills from confirmed segments of healthy
runs, failure cases from detected faulty runs, and the committed libraries reproduced exactly."""

from __future__ import annotations


from fcpkit import Checker
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


