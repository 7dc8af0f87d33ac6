"""Experience in the loop: the Runner logs and emits every retrieval, and repair follows a matching
failure case from the library (falling back to the base repairer when none matches)."""

from __future__ import annotations


import pytest
from _support.fakes import FakeSupportEnv, SupportExecutor, support_plan

from fcpkit import EvidenceLog, load_corpus
from fcpkit.agent.memory import ExperiencePlanner, ExperienceRepairer, Library
from fcpkit.eval.induce import DeterministicInducer
from fcpkit.agent.runtime import Runner
from fcpkit.agent.run_records import EVENTS

from _support.memory import DATA, BagOfWordsEmbedder  # noqa: E402


@pytest.fixture(scope="module")
def library():
    runs = [t for t in load_corpus(DATA / "examples" / "corpus.jsonl")]
    return DeterministicInducer().induce(runs)


def test_repair_follows_the_matching_failure_case_and_logs_it(library):
    pytest.importorskip("bm25s", reason="the experience extra: pip install 'fcpkit[experience]'")
    log = EvidenceLog()
    repairer = ExperienceRepairer(library, embedder=BagOfWordsEmbedder())
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan(), repairer=repairer, log=log)
    events = []
    runner.on("*", events.append)
    res = runner.run()
    assert res.success is True and res.repairs
    rep = res.repairs[0]
    assert rep.extra["failure_case"] and rep.repairer == "experience+deterministic"
    case = next(f for f in library.failures if f.id == rep.extra["failure_case"])
    assert case.diagnosis.fault == "wrong_record" and "A past case" in rep.hint
    names = [e.name for e in events]
    assert "retrieval" in names and "experience_hit" in names
    assert names.index("experience_hit") < names.index("repair")
    hit = next(e for e in events if e.name == "experience_hit")
    assert hit["failure"] == case.id and hit.commitment == "open-ticket"
    logged = [r for r in log.records if r["kind"] == "event" and r.get("event") in ("retrieval", "experience_hit")]
    assert {r["event"] for r in logged} == {"retrieval", "experience_hit"}
    retr = next(r for r in logged if r["event"] == "retrieval" and r["what"] == "failures")
    assert retr["hits"] and {"lexical_part", "embedding_part", "score"} <= set(retr["hits"][0])


def test_repair_falls_back_when_no_case_matches():
    repairer = ExperienceRepairer(Library(), embedder=BagOfWordsEmbedder())
    res = Runner(FakeSupportEnv(), SupportExecutor(), support_plan(), repairer=repairer).run()
    assert res.success is True and res.repairs[0].extra["failure_case"] is None
    assert res.repairs[0].repairer == "deterministic"


def test_planner_retrievals_are_events_before_the_plan(library):
    pytest.importorskip("bm25s", reason="the experience extra: pip install 'fcpkit[experience]'")
    log = EvidenceLog()
    planner = ExperiencePlanner(library, embedder=BagOfWordsEmbedder())
    runner = Runner(FakeSupportEnv(), SupportExecutor(), planner=planner, log=log, step_budget=1)
    names = [e.name for e in runner.steps()]
    assert "retrieval" in EVENTS and "experience_hit" in EVENTS
    assert names[:4] == ["run_start", "retrieval", "retrieval", "plan"]
    plan = runner.plan
    assert plan.extra["planner"] == "experience+template" and all(c.skill for c in plan.commitments)
    assert [r["what"] for r in log.records if r.get("event") == "retrieval"] == ["skills", "failures"]
