"""The labelled verifier cases: built from corpora as the checker escalates them, round-tripped,
and the shipped case file's shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fcpkit import Checker, CorpusError, Route, load_corpus
from fcpkit.core.verify import KeepGoingVerifier, needs_model
from fcpkit.eval.verifier_cases import FAULT_SCOPES, build_cases, case_counts, dump_cases, load_cases

DATA = Path(__file__).resolve().parents[2] / "fcpkit" / "data"
EXAMPLES = DATA / "examples"
SHIPPED = DATA / "verifier" / "cases.jsonl"


@pytest.fixture(scope="module")
def example_cases():
    return build_cases({"examples": load_corpus(EXAMPLES / "corpus.jsonl")}, per_group=2, seed=0)


def test_cases_are_labelled_by_the_oracle_rule_and_escalated_ones_need_a_model(example_cases):
    kinds = {c.kind for c in example_cases}
    assert kinds == {"escalated", "off_track_step", "healthy_step"}
    for c in example_cases:
        off = c.fault is not None and c.step >= c.first_off_track_step
        assert c.label == ("off_track" if off else "healthy")
        assert c.expected_decision == ("repair" if off else "not_repair")
        if c.kind == "escalated":
            assert needs_model(c.result)
        if c.kind == "off_track_step":
            assert c.step == c.first_off_track_step and c.result.phase == "post"
        if c.kind == "healthy_step":
            assert c.fault is None and c.result.route is Route.CONTINUE
        if c.label == "off_track":
            assert c.expected_scope == FAULT_SCOPES.get(c.fault)


def test_a_case_is_the_request_the_checker_made(example_cases):
    """The post case's page is the page its step produced; its fast result is reproduced by the checker."""
    corpus = load_corpus(EXAMPLES / "corpus.jsonl")
    case = next(c for c in example_cases if c.kind == "escalated" and c.result.phase == "post")
    traj = corpus.by_id(case.trajectory)
    assert case.observation.text == traj.steps[case.step].observation.text
    rep = Checker().check(traj)

    def same(a, b):
        return {k: v for k, v in a.to_dict().items() if k != "elapsed_ms"} == {k: v for k, v in b.to_dict().items() if k != "elapsed_ms"}

    assert any(ch.step == case.step and same(ch.result, case.result) for ch in rep.checks)
    req = case.request()
    assert req.commitment.id == case.commitment and req.result is case.result
    assert all(o.text == "" for _, o in req.history)  # history shows titles and URLs only
    assert len(req.history) <= 4


def test_sampling_is_stratified_and_deterministic(example_cases):
    again = build_cases({"examples": load_corpus(EXAMPLES / "corpus.jsonl")}, per_group=2, seed=0)
    assert [c.id for c in again] == [c.id for c in example_cases]
    groups = {}
    for c in example_cases:
        groups.setdefault((c.kind, c.label, c.fault if c.label == "off_track" else c.workflow), []).append(c)
    assert max(len(g) for g in groups.values()) <= 2
    assert len({c.id for c in example_cases}) == len(example_cases)


def test_round_trip_and_clear_errors(example_cases, tmp_path):
    path = dump_cases(example_cases, tmp_path / "cases.jsonl")
    back = load_cases(path)
    assert [c.to_data() for c in back] == [c.to_data() for c in example_cases]
    lines = path.read_text().splitlines()
    bad = json.loads(lines[0])
    bad["label"] = "maybe"
    del json.loads(lines[1])["plan"]
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(bad) + "\n{not json\n")
    with pytest.raises(CorpusError) as ei:
        load_cases(broken)
    msg = str(ei.value)
    assert "line 1.label" in msg and "'off_track' or 'healthy'" in msg and "line 2: not valid JSON" in msg


def test_shipped_case_file_holds_escalations_and_steps_of_every_source():
    cases = load_cases(SHIPPED)
    counts = case_counts(cases)
    assert counts.get("escalated/off_track", 0) >= 8 and counts.get("escalated/healthy", 0) >= 4
    assert counts.get("off_track_step/off_track", 0) >= 8 and counts.get("healthy_step/healthy", 0) >= 4
    assert {"examples", "workbench", "miniwob"} <= {c.source for c in cases}
    # the lower bound (keep going) cannot repair an escalated verify case: that is the model's job
    for c in cases:
        if c.kind == "escalated":
            assert KeepGoingVerifier().verify(c.request()).decision.value == "continue"
