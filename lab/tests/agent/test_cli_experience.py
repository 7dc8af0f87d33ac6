"""``fcpkit induce``, ``fcpkit retrieve`` and ``fcpkit plan`` through click, as a user runs them."""

from __future__ import annotations

import json

from click.testing import CliRunner
from _support.memory import DATA

from fcpkit import load_plan
from fcpkit.agent.memory import load_library
from fcpkit.cli import main

TASK = "Find ticket T-777 (customer reports a broken link), confirm the complaint, assign it to team Billing and save."


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_induce_writes_a_library_that_loads(tmp_path):
    r = invoke("induce", DATA / "examples" / "corpus.jsonl", "--out", tmp_path / "lib")
    assert r.exit_code == 0, r.output
    assert "skills" in r.output and "failure cases from 43 runs" in r.output
    lib = load_library(tmp_path / "lib")
    assert lib.skills and lib.failures and lib.meta["corpora"][0].endswith("examples/corpus.jsonl")


def test_retrieve_prints_both_parts_and_json():
    r = invoke("retrieve", TASK, "--embedding-weight", "0", "--bm25-weight", "1")
    assert r.exit_code == 0, r.output
    assert "bm25" in r.output and "embed" in r.output and "support." in r.output
    j = json.loads(invoke("retrieve", TASK, "--embedding-weight", "0", "--bm25-weight", "1", "--json").output)
    assert j["skills"][0]["skill"].startswith("support.") and {"bm25_part", "embedding_part"} <= set(j["skills"][0])
    assert len(j["failures"]) == 2


def test_plan_prints_a_valid_linked_plan(tmp_path, monkeypatch):
    import fcpkit.agent.memory.generate as gen
    from _support.memory import BagOfWordsEmbedder

    emb = BagOfWordsEmbedder()
    orig = gen.ExperiencePlanner.__init__
    monkeypatch.setattr(gen.ExperiencePlanner, "__init__",
                        lambda self, *a, **kw: orig(self, *a, **{**kw, "embedder": emb}))
    out = tmp_path / "plan.yaml"
    r = CliRunner().invoke(main, ["plan", TASK, "--out", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    plan = load_plan(out)
    assert plan.task == TASK and all(c.skill and c.skill.startswith("support.") for c in plan.commitments)
    assert "T-777" in r.output and "Billing" in r.output and "ok:" in r.output


def test_bad_library_is_one_clear_error(tmp_path):
    r = CliRunner().invoke(main, ["retrieve", "x", "--library", str(tmp_path / "none")])
    assert r.exit_code == 2 and "error:" in r.output and "fcpkit induce" in r.output and "Traceback" not in r.output
