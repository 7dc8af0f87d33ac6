"""Record against the fake server, replay without any server."""

from __future__ import annotations

import json

import pytest

from fcpkit.errors import ConfigError
from fcpkit.llm import EXECUTOR_SCHEMA, VERIFIER_SCHEMA, LLMClient, LLMError, LLMUsage, Recording, ReplayMissError, request_key

MSGS = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "next action?"}]


def test_request_key_is_stable_and_discriminating():
    k = request_key("executor", MSGS, EXECUTOR_SCHEMA)
    assert len(k) == 32
    # dict key order and extra message fields do not matter ...
    reordered = [{"content": m["content"], "role": m["role"], "extra": 1} for m in MSGS]
    schema2 = json.loads(json.dumps(EXECUTOR_SCHEMA, sort_keys=True))
    assert request_key("executor", reordered, schema2) == k
    # ... module, messages and schema do
    assert request_key("verifier", MSGS, EXECUTOR_SCHEMA) != k
    assert request_key("executor", MSGS[:1], EXECUTOR_SCHEMA) != k
    assert request_key("executor", MSGS, VERIFIER_SCHEMA) != k


def test_record_then_replay(tmp_path, fake):
    path = tmp_path / "rec" / "calls.jsonl"
    fake.push(("json", {"reasoning": "r1", "action": "click('1')"}), ("json", {"reasoning": "r2", "action": "click('2')"}),
              ("text", "oops"), ("json", {"decision": "repair", "scope": "skill", "diagnosis": "d"}))
    rec = LLMClient(base_url=fake.base_url, model="fake-model", mode="record", recording=path)
    a1 = rec.complete_json("executor", MSGS, schema=EXECUTOR_SCHEMA)
    a2 = rec.complete_json("executor", MSGS, schema=EXECUTOR_SCHEMA)  # same request recorded twice
    v = rec.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)  # needed a re-ask: only the final answer is kept
    assert [c.source for c in rec.usage] == ["record"] * 3
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(lines) == 3 and lines[2]["attempts"] == 2 and lines[0]["messages"] == MSGS
    n_requests = len(fake.requests)

    usage = LLMUsage()
    rep = LLMClient(mode="replay", recording=path, usage=usage)  # no endpoint needed
    assert rep.complete_json("executor", MSGS, schema=EXECUTOR_SCHEMA) == a1
    assert rep.complete_json("executor", MSGS, schema=EXECUTOR_SCHEMA) == a2  # served in order
    assert rep.complete_json("executor", MSGS, schema=EXECUTOR_SCHEMA) == a2  # last one repeats
    assert rep.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == v
    assert len(fake.requests) == n_requests  # the server was never asked
    calls = usage.calls
    assert all(c.source == "replay" and c.ok and c.model == "fake-model" for c in calls)
    assert calls[0].prompt_tokens == 11 and calls[3].prompt_tokens == 22

    with pytest.raises(ReplayMissError) as ei:
        rep.complete_json("executor", [{"role": "user", "content": "something else"}], schema=EXECUTOR_SCHEMA)
    err = ei.value
    assert isinstance(err, LLMError) and err.kind == "replay_miss" and err.module == "executor"
    assert str(path) in str(err) and "re-record" in str(err)
    assert not usage.calls[-1].ok and usage.calls[-1].error_kind == "replay_miss"


def test_stale_recording_that_fails_the_schema(tmp_path):
    path = tmp_path / "r.jsonl"
    key = request_key("executor", MSGS, EXECUTOR_SCHEMA)
    path.write_text(json.dumps({"key": key, "module": "executor", "response": {"action": 3}}) + "\n")
    with pytest.raises(LLMError) as ei:
        LLMClient(mode="replay", recording=path).complete_json("executor", MSGS, schema=EXECUTOR_SCHEMA)
    assert ei.value.kind == "invalid_output" and "re-record" in str(ei.value)


def test_bad_recording_files(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        LLMClient(mode="replay", recording=tmp_path / "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"key": "k", "response": {}}\nnot json\n')
    with pytest.raises(ConfigError, match="bad.jsonl:2"):
        Recording(bad)
    with pytest.raises(ConfigError):
        Recording(bad, mode="rewind")


def test_errors_pickle_across_processes():
    import pickle

    from fcpkit.errors import FcpkitError

    e = pickle.loads(pickle.dumps(LLMError("m", module="planner", kind="timeout", attempts=3, detail="d")))
    assert (str(e), e.module, e.kind, e.attempts, e.detail) == ("m", "planner", "timeout", 3, "d")
    r = pickle.loads(pickle.dumps(ReplayMissError("miss", module="x", key="k", path="p")))
    assert isinstance(r, FcpkitError) and (r.module, r.kind, r.key, r.path) == ("x", "replay_miss", "k", "p")
