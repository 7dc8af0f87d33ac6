"""The verifier result cache: a check asked before never reaches the model again (in memory, on
disk, through the benchmark's CLI); a different page, commitment or judge is a different check;
fallbacks are not cached; a damaged cache file is named. And the prompt-cache log reader."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from fcpkit.cli import main
from fcpkit.core.verify import Decision, Verdict
from fcpkit.errors import ConfigError
from fcpkit_lab.eval.verifier_bench import open_verifier, run_cases
from fcpkit.eval.verifier_cases import load_cases
from fcpkit_lab.llm.prefix_stats import prefix_reuse
from fcpkit.llm.verdict_cache import CachedVerifier, VerdictCache, check_key

CASES = Path(__file__).resolve().parents[3] / "fcpkit" / "data" / "verifier" / "cases.jsonl"


@pytest.fixture(scope="module")
def cases():
    return [c for c in load_cases(CASES) if c.observation is not None][:4]


class Counting:
    """A verifier that counts its calls and repairs (or falls back, like an LLM verifier that failed)."""

    name = "counting"

    def __init__(self, verifier: str = "counting"):
        self.calls = 0
        self.verifier = verifier

    def verify(self, request):
        self.calls += 1
        return Verdict(Decision.REPAIR, "execution", f"call {self.calls}", self.verifier)


def test_a_repeated_check_is_answered_from_the_cache(cases):
    inner = Counting()
    v = CachedVerifier(inner, VerdictCache(), "m|p|neutral")
    first = v.verify(cases[0].request())
    again = v.verify(cases[0].request())
    assert inner.calls == 1 and again == first and v.last_hit
    assert v.cache.stats.hits == 1 and v.cache.stats.misses == 1 and v.cache.stats.hit_rate == 0.5


def test_page_commitment_action_and_judge_are_in_the_key(cases):
    req = cases[0].request()
    obs = req.observation
    other_page = replace(req, observation=replace(obs, text=obs.text + "\nAn error occurred."))
    with_ids = replace(req, observation=replace(obs, text="[12] heading 'Orders'\n[13] button 'Save'"))
    other_ids = replace(req, observation=replace(obs, text="[40] heading 'Orders'\n[41] button 'Save'"))
    other_commitment = replace(req, commitment=cases[1].request().commitment)
    key = check_key(req, "a")
    assert check_key(other_page, "a") != key and check_key(other_commitment, "a") != key
    assert check_key(req, "b") != key
    assert check_key(replace(req, history=()), "a") == key  # the trajectory is not part of a check
    assert check_key(with_ids, "a") == check_key(other_ids, "a")  # element ids are not content


def test_the_cache_persists_and_reloads(tmp_path, cases):
    path = tmp_path / "verdicts.jsonl"
    inner = Counting()
    v = CachedVerifier(inner, VerdictCache(path), "m")
    for c in cases:
        v.verify(c.request())
    assert inner.calls == len(cases) and len(path.read_text().splitlines()) == len(cases)
    fresh = Counting()
    w = CachedVerifier(fresh, VerdictCache(path), "m")
    assert [w.verify(c.request()).diagnosis for c in cases] == [f"call {i + 1}" for i in range(len(cases))]
    assert fresh.calls == 0


def test_fallback_verdicts_are_not_cached(cases):
    inner = Counting(verifier="llm-fallback(keep-going)")
    v = CachedVerifier(inner, VerdictCache(), "m")
    v.verify(cases[0].request())
    v.verify(cases[0].request())
    assert inner.calls == 2 and len(v.cache) == 0


def test_a_damaged_cache_file_is_named(tmp_path):
    path = tmp_path / "verdicts.jsonl"
    path.write_text(json.dumps({"key": "k", "decision": "repair"}) + "\nnot json\n")
    with pytest.raises(ConfigError, match=r"verdicts.jsonl:2"):
        VerdictCache(path)
    with pytest.raises(ConfigError, match="identity"):
        CachedVerifier(Counting(), VerdictCache(), "")


def test_benchmark_with_a_result_cache_calls_the_model_once_per_check(fake, monkeypatch, tmp_path, cases):
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    handle = open_verifier("endpoint", result_cache=VerdictCache(tmp_path / "v.jsonl"))
    first = run_cases(handle, cases, "neutral")
    second = run_cases(handle, cases, "neutral")
    assert len(fake.requests) == len(cases)
    assert not any(r.cache_hit for r in first) and all(r.cache_hit for r in second)
    assert [r.decision for r in first] == [r.decision for r in second]
    other_hint = run_cases(handle, cases[:1], "fast")  # a different judge setting is a different check
    assert len(fake.requests) == len(cases) + 1 and not other_hint[0].cache_hit


def test_cli_repeat_with_result_cache(fake, monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    res = CliRunner().invoke(main, ["bench", "verifier", "--verifiers", "endpoint", "--limit", "3", "--hints", "neutral",
                                    "--result-cache", str(tmp_path / "v.jsonl"), "--repeat", "2", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert len(fake.requests) == 3
    passes = list(csv.DictReader(open(tmp_path / "verifier_result_cache.csv")))
    assert [(p["pass"], p["verifier_calls"], p["cache_hits"]) for p in passes] == [("1", "3", "0"), ("2", "0", "3")]
    calls = list(csv.DictReader(open(tmp_path / "verifier_calls.csv")))
    assert len(calls) == 3 and all(c["cache_hit"] == "False" for c in calls)  # cache answers are not measurements


def test_prefix_reuse_reads_the_server_log():
    log = ("noise\nLlama.generate: 650 prefix-match hit, remaining 350 prompt tokens to eval\n"
           "Llama.generate: 0 prefix-match hit, remaining 1000 prompt tokens to eval\n")
    r = prefix_reuse(log)
    assert (r.calls, r.hit, r.evaluated) == (2, 650, 1350) and r.row()["reuse_pct"] == 32.5
    assert prefix_reuse("").rate == 0.0 and prefix_reuse(log, skip=1).hit == 0
