"""Retrieval over the library induced from the recorded workbench corpus (fcpkit-lab's)."""

from __future__ import annotations

from _support.memory import BagOfWordsEmbedder

from fcpkit.agent.memory import FailureRetriever, SkillRetriever, situation_text

SUPPORT_TASK = "Find ticket T-433 (customer reports a missing refund), confirm the complaint, assign it to team Billing and save."


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


