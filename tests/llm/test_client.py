"""LLMClient against the fake server: validation, re-asks, backoff, timeouts, dead endpoints."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from fcpkit.errors import ConfigError, FcpkitError
from fcpkit.llm import VERIFIER_SCHEMA, LLMClient, LLMError, LLMUsage, PromptError, parse_json_text

MSGS = [{"role": "user", "content": "Is the step still valid?"}]
GOOD = {"decision": "advance", "scope": "none", "diagnosis": "completion evidence shown"}


def make(fake_or_url, **kw) -> tuple[LLMClient, list[float]]:
    sleeps: list[float] = []
    base = fake_or_url if isinstance(fake_or_url, str) else fake_or_url.base_url
    kw.setdefault("model", "fake-model")
    kw.setdefault("backoff_base", 0.01)
    kw.setdefault("backoff_max", 0.05)
    kw.setdefault("jitter", 0.0)
    kw.setdefault("timeout", 5.0)
    client = LLMClient(base_url=base, sleep=sleeps.append, **kw)
    return client, sleeps


def only_call(client: LLMClient):
    assert len(client.usage) == 1
    return client.usage.calls[0]


# ---------------------------------------------------------------- happy path
def test_valid_answer_is_returned_and_accounted(fake):
    fake.push(("json", GOOD))
    client, sleeps = make(fake)
    out = client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    assert out == GOOD
    call = only_call(client)
    assert (call.module, call.model, call.ok, call.attempts) == ("verifier", "fake-model", True, 1)
    assert (call.prompt_tokens, call.completion_tokens, call.total_tokens) == (11, 7, 18)
    assert call.wall_s > 0 and call.error is None and call.source == "live"
    assert sleeps == []
    req = fake.requests[0]
    assert req["model"] == "fake-model" and req["messages"] == MSGS and req["temperature"] == 0.0
    # auto mode starts with the OpenAI-standard structured output
    assert req["response_format"]["type"] == "json_schema"
    assert req["response_format"]["json_schema"]["schema"] == VERIFIER_SCHEMA


def test_model_defaults_to_env_then_server_listing(fake, monkeypatch):
    client = LLMClient(base_url=fake.base_url)
    assert client.complete_json("executor", MSGS, schema=VERIFIER_SCHEMA)["decision"] == "continue"
    assert client.model == "fake-model" and fake.model_list_calls == 1
    client.complete_json("executor", MSGS, schema=VERIFIER_SCHEMA)
    assert fake.model_list_calls == 1  # cached
    monkeypatch.setenv("FCPKIT_LLM_MODEL", "from-env")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    client2 = LLMClient()
    client2.complete_json("executor", MSGS, schema=VERIFIER_SCHEMA)
    assert fake.requests[-1]["model"] == "from-env" and client2.base_url == fake.base_url


# ---------------------------------------------------------------- invalid output
def test_invalid_json_is_reasked_with_the_error(fake):
    fake.push(("text", "sure! {decision: advance"), ("json", GOOD))
    client, _ = make(fake)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    call = only_call(client)
    assert call.ok and call.attempts == 2 and call.prompt_tokens == 22
    assert len(call.retries) == 1 and "invalid_output" in call.retries[0]
    second = fake.requests[1]["messages"]
    assert second[:1] == MSGS
    assert second[1] == {"role": "assistant", "content": "sure! {decision: advance"}
    assert second[2]["role"] == "user" and "not valid JSON" in second[2]["content"]


def test_schema_invalid_json_is_reasked_with_the_validation_error(fake):
    fake.push(("json", {"decision": "maybe", "scope": "none"}), ("json", GOOD))
    client, _ = make(fake)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    feedback = fake.requests[1]["messages"][-1]["content"]
    assert "'diagnosis' is a required property" in feedback
    assert "at decision: 'maybe' is not one of" in feedback


def test_invalid_output_gives_up_after_bounded_reasks(fake):
    fake.push(*[("text", "not json")] * 10)
    client, _ = make(fake, max_invalid_retries=2)
    with pytest.raises(LLMError) as ei:
        client.complete_json("planner", MSGS, schema=VERIFIER_SCHEMA)
    err = ei.value
    assert isinstance(err, FcpkitError)
    assert err.kind == "invalid_output" and err.attempts == 3 and err.module == "planner"
    assert "not valid JSON" in str(err) and "'not json'" in str(err)
    assert len(fake.requests) == 3
    call = only_call(client)
    assert not call.ok and call.error_kind == "invalid_output" and call.attempts == 3 and err.record is call
    assert call.prompt_tokens == 33  # tokens of every attempt are counted


def test_truncated_answer_says_so(fake):
    fake.push(("text", '{"decision": "adv', "length"), ("json", GOOD))
    client, _ = make(fake)
    client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA, max_tokens=8)
    assert fake.requests[0]["max_tokens"] == 8
    assert "cut off at max_tokens=8" in fake.requests[1]["messages"][-1]["content"]


def test_fenced_or_chatty_json_is_accepted(fake):
    fake.push(("text", "```json\n" + json.dumps(GOOD) + "\n```"), ("text", "Here it is: " + json.dumps(GOOD) + " done"))
    client, _ = make(fake)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    assert [c.attempts for c in client.usage] == [1, 1]


def test_parse_json_text_errors_are_clear():
    assert parse_json_text('  {"a": 1}  ') == {"a": 1}
    for bad in ("", "   ", None, "{oops"):
        with pytest.raises(Exception) as ei:
            parse_json_text(bad)
        assert "JSON" in str(ei.value) or "empty" in str(ei.value)


# ---------------------------------------------------------------- transport failures
def test_429_backs_off_exponentially_then_succeeds(fake):
    fake.push(("status", 429), ("status", 429), ("json", GOOD))
    client, sleeps = make(fake, max_retries=3)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    assert sleeps == pytest.approx([0.01, 0.02])
    call = only_call(client)
    assert call.ok and call.attempts == 3 and len(call.retries) == 2
    assert all("rate_limited" in r for r in call.retries)


def test_429_retry_after_is_honoured_up_to_the_cap(fake):
    fake.push(("status", 429, {"Retry-After": "0.04"}), ("status", 429, {"Retry-After": "30"}), ("json", GOOD))
    client, sleeps = make(fake, backoff_max=0.05)
    client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    assert sleeps == pytest.approx([0.04, 0.05])


def test_5xx_retried_then_one_clear_error(fake):
    fake.push(*[("status", 500), ("status", 503), ("status", 502), ("status", 500)])
    client, sleeps = make(fake, max_retries=3, backoff_base=0.01, backoff_max=0.03)
    with pytest.raises(LLMError) as ei:
        client.complete_json("repairer", MSGS, schema=VERIFIER_SCHEMA)
    err = ei.value
    assert err.kind == "server_error" and err.attempts == 4 and "HTTP 500" in err.detail
    assert sleeps == pytest.approx([0.01, 0.02, 0.03])  # capped at backoff_max
    call = only_call(client)
    assert not call.ok and call.error_kind == "server_error" and len(call.retries) == 4


def test_non_json_200_body_is_a_server_error(fake):
    fake.push(("garbage",), ("json", GOOD))
    client, sleeps = make(fake)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    assert len(sleeps) == 1 and "server_error" in only_call(client).retries[0]


def test_hang_past_timeout_is_retried_then_reported(fake):
    fake.push(("hang", 30), ("hang", 30))
    client, sleeps = make(fake, timeout=0.3, max_retries=1)
    t0 = time.perf_counter()
    with pytest.raises(LLMError) as ei:
        client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    elapsed = time.perf_counter() - t0
    assert ei.value.kind == "timeout" and ei.value.attempts == 2
    assert elapsed < 20, elapsed  # the fake hangs 30 s a try: a timeout that works returns well before
    assert only_call(client).error_kind == "timeout"


def test_hang_once_then_recover(fake):
    fake.push(("hang", 30), ("json", GOOD))
    client, _ = make(fake, timeout=0.3)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    assert only_call(client).attempts == 2


def test_per_call_timeout_override(fake):
    fake.push(("hang", 30), ("hang", 30))
    client, _ = make(fake, timeout=30, max_retries=1)
    t0 = time.perf_counter()
    with pytest.raises(LLMError, match=r"\[timeout\]"):
        client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA, timeout=0.2)
    assert time.perf_counter() - t0 < 20  # vs 30 s hangs


def test_dead_endpoint_is_a_connection_error(dead_url):
    client, sleeps = make(dead_url, max_retries=2)
    with pytest.raises(LLMError) as ei:
        client.complete_json("executor", MSGS, schema=VERIFIER_SCHEMA)
    err = ei.value
    assert err.kind == "connection" and err.attempts == 3 and len(sleeps) == 2
    assert dead_url in str(err)
    assert only_call(client).error_kind == "connection"


def test_connection_reset_is_retried(fake):
    fake.push(("reset",), ("json", GOOD))
    client, sleeps = make(fake)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA) == GOOD
    assert len(sleeps) == 1


def test_dead_endpoint_without_model_name_fails_cleanly(dead_url):
    client = LLMClient(base_url=dead_url, sleep=lambda s: None)
    with pytest.raises(LLMError) as ei:
        client.complete_json("executor", MSGS, schema=VERIFIER_SCHEMA)
    assert ei.value.kind == "connection" and "FCPKIT_LLM_MODEL" in str(ei.value)


def test_4xx_is_not_retried(fake):
    fake.push(("status", 401))
    client, sleeps = make(fake, response_format="json_object_schema")
    with pytest.raises(LLMError) as ei:
        client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    assert ei.value.kind == "bad_request" and ei.value.attempts == 1 and sleeps == []


# ---------------------------------------------------------------- response formats
def test_auto_falls_back_to_llama_cpp_style_and_remembers(fake):
    fake.reject_formats = {"json_schema"}
    client, _ = make(fake)
    assert client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)["decision"] == "continue"
    assert [r["response_format"]["type"] for r in fake.requests] == ["json_schema", "json_object"]
    assert fake.requests[1]["response_format"]["schema"] == VERIFIER_SCHEMA
    assert client.active_response_format == "json_object_schema"
    client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    assert len(fake.requests) == 3
    assert [c.attempts for c in client.usage] == [2, 1]
    assert client.usage.calls[0].response_format == "json_object_schema"


def test_plain_modes_put_the_schema_in_a_system_message(fake):
    client, _ = make(fake, response_format="none")
    client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    req = fake.requests[0]
    assert "response_format" not in req
    assert req["messages"][0]["role"] == "system" and '"decision"' in req["messages"][0]["content"]
    assert req["messages"][1:] == MSGS


# ---------------------------------------------------------------- caller mistakes
def test_caller_mistakes_are_config_errors(fake, monkeypatch):
    with pytest.raises(ConfigError, match="OPENAI_BASE_URL"):
        LLMClient(model="m")
    client, _ = make(fake)
    with pytest.raises(ConfigError, match="exactly one"):
        client.complete_json("verifier", schema=VERIFIER_SCHEMA)
    with pytest.raises(ConfigError, match="exactly one"):
        client.complete_json("verifier", MSGS, prompt="verifier", schema=VERIFIER_SCHEMA)
    with pytest.raises(ConfigError, match="schema itself is invalid"):
        client.complete_json("verifier", MSGS, schema={"type": "no-such-type"})
    with pytest.raises(ConfigError):
        LLMClient(base_url=fake.base_url, mode="replay")
    with pytest.raises(ConfigError):
        LLMClient(base_url=fake.base_url, response_format="xml")
    assert fake.requests == [] and len(client.usage) == 0


def test_prompt_template_path(fake):
    client, _ = make(fake)
    out = client.complete_json(
        "verifier",
        prompt="verifier",
        variables={"task": "Buy milk", "commitment": {"id": "c1", "subgoal": "open cart"}, "trajectory": "(start)", "evidence": "[1] heading 'Cart'"},
        schema=VERIFIER_SCHEMA,
    )
    assert out["decision"] == "continue"
    msgs = fake.requests[0]["messages"]
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert "Buy milk" in msgs[1]["content"] and '"subgoal": "open cart"' in msgs[1]["content"]
    with pytest.raises(PromptError, match="missing variable"):
        client.complete_json("verifier", prompt="verifier", variables={"task": "x"}, schema=VERIFIER_SCHEMA)


# ---------------------------------------------------------------- accounting
def test_shared_ledger_summary_and_dataframe(fake):
    usage = LLMUsage()
    fake.push(("json", GOOD), ("text", "bad"), ("json", GOOD), ("status", 500), ("status", 500))
    client, _ = make(fake, usage=usage, max_retries=1)
    client.complete_json("planner", MSGS, schema=VERIFIER_SCHEMA)
    client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    with pytest.raises(LLMError):
        client.complete_json("verifier", MSGS, schema=VERIFIER_SCHEMA)
    s = usage.summary()
    assert set(s) == {"planner", "verifier"}
    assert s["planner"]["calls"] == 1 and s["planner"]["ok"] == 1
    assert s["verifier"]["calls"] == 2 and s["verifier"]["failed"] == 1 and s["verifier"]["attempts"] == 4
    assert s["verifier"]["prompt_tokens"] == 22  # failed HTTP requests carry no usage
    assert usage.totals()["calls"] == 3
    df = usage.to_dataframe()
    assert list(df["module"]) == ["planner", "verifier", "verifier"]
    assert {"model", "prompt_tokens", "completion_tokens", "wall_s", "attempts", "ok", "error", "total_tokens"} <= set(df.columns)
    assert df["ok"].tolist() == [True, True, False]
    sdf = usage.summary_dataframe()
    assert sdf.loc["verifier", "failed"] == 1
    assert usage.summary(by="ok")["False"]["calls"] == 1
    with pytest.raises(ValueError):
        usage.summary(by="nope")


def test_ledger_jsonl_roundtrip(tmp_path, fake):
    client, _ = make(fake)
    client.complete_json("executor", MSGS, schema=VERIFIER_SCHEMA)
    p = client.usage.to_jsonl(tmp_path / "usage.jsonl")
    back = LLMUsage.from_jsonl(p)
    assert back.calls == client.usage.calls


def test_concurrent_calls_are_all_accounted(fake):
    client, _ = make(fake)
    with ThreadPoolExecutor(8) as pool:
        outs = list(pool.map(lambda i: client.complete_json(f"m{i % 2}", MSGS, schema=VERIFIER_SCHEMA), range(16)))
    assert all(o["decision"] == "continue" for o in outs)
    assert len(client.usage) == 16 and client.usage.summary()["m0"]["calls"] == 8
    assert LLMUsage().to_dataframe().empty
