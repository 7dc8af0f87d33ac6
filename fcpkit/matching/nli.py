"""NLI matcher: a DeBERTa cross-encoder's entailment probability, maximised over page chunks.

This is the textual term of the paper's hybrid score (appendix B.5, eq. 5):
``NLI(T_t, E)`` = max over chunks ``c`` of ``T_t`` of ``P(entailment | premise=c, hypothesis=E)``,
with the default model ``cross-encoder/nli-deberta-v3-base``.

Cost control, because a cross-encoder runs once per (statement, chunk) pair:

* **token-aware chunking** - the page is cut into windows of at most ``chunk_tokens`` tokens
  (counted with the model's own tokenizer), aligned to accessibility-tree lines where possible,
  overlapping by about ``overlap_tokens`` so evidence spanning a boundary is seen whole;
* **batching** - all missing (statement, chunk) pairs of one ``score`` call go through the
  model together, sorted by length to limit padding, ``batch_size`` pairs a forward pass,
  under ``torch.inference_mode``;
* **content cache** - entailment probabilities are kept in an LRU cache keyed by the hashes
  of the chunk text and the statement, so an unchanged page (or an unchanged part of a page)
  costs no forward pass at all.

The helpers it shares with the other model-backed matchers are in :mod:`fcpkit.matching.model_base`.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Sequence

import numpy as np

from fcpkit.errors import ModelUnavailableError
from fcpkit.matching.model_base import (
    LRUCache,
    MatcherStats,
    ModelSource,
    content_key,
    load_pretrained,
    pick_device,
    require,
    resolve_model_source,
    split_page_lines,
)

__all__ = ["NLIMatcher", "DEFAULT_NLI_MODEL"]

DEFAULT_NLI_MODEL = "cross-encoder/nli-deberta-v3-base"


class NLIMatcher:
    """Entailment probability of each statement given each text, max over token-aware chunks.

    Parameters
    ----------
    model:
        A hub id (default ``cross-encoder/nli-deberta-v3-base``, loaded from the Hugging Face cache)
        or a local folder holding ``config.json``, the weights and the tokenizer.
    max_length:
        Total tokens of one (premise, hypothesis) pair; capped by the tokenizer's limit.
    chunk_tokens / overlap_tokens:
        Premise window size and the overlap between consecutive windows, in model tokens.
        The window is also capped so that premise + hypothesis (up to ``max_hypothesis_tokens``)
        fit ``max_length``.
    batch_size:
        Pairs per forward pass.
    cache_size:
        Entries of the (chunk, statement) -> probability LRU cache; 0 disables it.
    strip_ids:
        Drop the ``[bid]`` prefixes of accessibility-tree lines before scoring.
    local_files_only:
        ``None`` = only local files when ``HF_HUB_OFFLINE`` is set, else a hub id may download.

    The model is loaded lazily on the first ``score`` (or explicitly with :meth:`load`).
    Missing or corrupt weights raise :class:`fcpkit.errors.ModelUnavailableError`; there is no
    silent fallback to another matcher.
    """

    name = "nli"

    def __init__(
        self,
        model: str | os.PathLike = DEFAULT_NLI_MODEL,
        *,
        device: str | None = None,
        max_length: int = 512,
        chunk_tokens: int = 384,
        overlap_tokens: int = 64,
        max_hypothesis_tokens: int = 64,
        batch_size: int = 16,
        cache_size: int = 50_000,
        strip_ids: bool = True,
        local_files_only: bool | None = None,
        cache_dir: str | os.PathLike | None = None,
    ):
        if chunk_tokens < 8:
            raise ValueError("chunk_tokens must be >= 8")
        if not 0 <= overlap_tokens < chunk_tokens:
            raise ValueError("overlap_tokens must be in [0, chunk_tokens)")
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        self.model_name = os.fspath(model)
        self.device = device
        self.max_length = int(max_length)
        self.chunk_tokens = int(chunk_tokens)
        self.overlap_tokens = int(overlap_tokens)
        self.max_hypothesis_tokens = int(max_hypothesis_tokens)
        self.batch_size = int(batch_size)
        self.strip_ids = strip_ids
        self.local_files_only = local_files_only
        self.cache_dir = cache_dir
        self.cache = LRUCache(cache_size)
        self._chunk_cache = LRUCache(min(cache_size, 4096) if cache_size else 0)
        self.stats = MatcherStats()
        self._model = None
        self._tokenizer = None
        self._entail_index: int | None = None
        self._lock = threading.RLock()
        self.source: ModelSource | None = None

    # -- loading ---------------------------------------------------------------------------

    def check_available(self) -> ModelSource:
        """Cheap check that the weights can be found (no load); raises ModelUnavailableError."""
        require("torch", "NLIMatcher")
        require("transformers", "NLIMatcher")
        return resolve_model_source(
            self.model_name,
            label="NLI",
            what="NLIMatcher",
            local_files_only=self.local_files_only,
            cache_dir=self.cache_dir,
        )

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> "NLIMatcher":
        with self._lock:
            if self._model is not None:
                return self
            source = self.check_available()
            import torch  # noqa: F401
            from transformers import AutoModelForSequenceClassification, AutoTokenizer

            tokenizer, model = load_pretrained(source, self.cache_dir, "NLI", "NLIMatcher",
                                               AutoTokenizer, AutoModelForSequenceClassification)
            entail = [i for i, lab in model.config.id2label.items() if "entail" in str(lab).lower()]
            if len(entail) != 1:
                raise ModelUnavailableError(
                    f"NLI model {source.name!r} ({source.location}) is not an NLI classifier: its "
                    f"config.id2label {dict(model.config.id2label)} has "
                    f"{'no' if not entail else 'more than one'} 'entailment' label. Use an NLI "
                    f"cross-encoder such as {DEFAULT_NLI_MODEL}."
                )
            model.eval()
            model.to(pick_device(self.device))
            self._tokenizer = tokenizer
            self._entail_index = int(entail[0])
            self._model = model
            self.source = source
            limit = getattr(tokenizer, "model_max_length", None)
            if isinstance(limit, int) and 0 < limit < 100_000:
                self.max_length = min(self.max_length, limit)
            return self

    @property
    def entailment_index(self) -> int:
        self.load()
        assert self._entail_index is not None
        return self._entail_index

    # -- chunking --------------------------------------------------------------------------

    def _premise_budget(self) -> int:
        tok = self._tokenizer
        try:
            specials = int(tok.num_special_tokens_to_add(pair=True))
        except Exception:
            specials = 4
        room = self.max_length - specials - self.max_hypothesis_tokens
        return max(8, min(self.chunk_tokens, room))

    def chunk(self, text: str) -> list[str]:
        """The premise chunks of ``text`` (token-aware, line-aligned, overlapping)."""
        self.load()
        key = content_key("nli-chunks", text, str(self.strip_ids))
        hit = self._chunk_cache.get(key)
        if hit is not None:
            return hit
        chunks = self._chunk_uncached(text)
        self._chunk_cache.put(key, chunks)
        return chunks

    def _chunk_uncached(self, text: str) -> list[str]:
        lines = split_page_lines(text, strip_ids=self.strip_ids)
        if not lines:
            return [""]
        budget = self._premise_budget()
        overlap = min(self.overlap_tokens, budget // 2)
        tok = self._tokenizer
        enc = tok(lines, add_special_tokens=False, return_offsets_mapping=_is_fast(tok))
        # split over-long lines into token windows (by character offsets when available)
        pieces: list[str] = []
        counts: list[int] = []
        for i, line in enumerate(lines):
            ids = enc["input_ids"][i]
            if len(ids) <= budget:
                pieces.append(line)
                counts.append(max(1, len(ids)))
                continue
            offsets = enc["offset_mapping"][i] if "offset_mapping" in enc else None
            step = max(1, budget - overlap)
            for s in range(0, len(ids), step):
                e = min(len(ids), s + budget)
                if offsets is not None:
                    piece = line[offsets[s][0] : offsets[e - 1][1]]
                else:
                    piece = tok.decode(ids[s:e])
                pieces.append(piece)
                counts.append(e - s)
                if e >= len(ids):
                    break
        # greedy line packing with a token-counted overlap
        chunks: list[str] = []
        start = 0
        n = len(pieces)
        while start < n:
            end, used = start, 0
            while end < n and (used + counts[end] + (1 if end > start else 0)) <= budget:
                used += counts[end] + (1 if end > start else 0)
                end += 1
            end = max(end, start + 1)
            chunks.append("\n".join(pieces[start:end]))
            if end >= n:
                break
            # next window starts early enough to repeat about `overlap` tokens
            nxt, back = end, 0
            while nxt - 1 > start and back + counts[nxt - 1] <= overlap:
                nxt -= 1
                back += counts[nxt]
            start = nxt
        return chunks

    # -- scoring ---------------------------------------------------------------------------

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        """``(len(statements), len(texts))`` entailment probabilities, max over chunks."""
        statements = list(statements)
        texts = list(texts)
        out = np.zeros((len(statements), len(texts)), dtype=np.float64)
        if not statements or not texts:
            return out
        self.load()
        with self._lock:
            text_chunks = [self.chunk(t) for t in texts]
            # which (statement, chunk) pairs still need the model
            needed: dict[bytes, tuple[str, str]] = {}
            for chunks in text_chunks:
                for c in chunks:
                    for s in statements:
                        key = content_key("nli", c, s)
                        if key in needed:
                            continue
                        if self.cache.get(key) is None:
                            needed[key] = (c, s)
                            self.stats.cache_misses += 1
                        else:
                            self.stats.cache_hits += 1
            fresh = self._run_pairs(list(needed.values())) if needed else []
            local = dict(zip(needed.keys(), fresh))
            for key, p in local.items():
                self.cache.put(key, p)
            for j, chunks in enumerate(text_chunks):
                for i, s in enumerate(statements):
                    best = 0.0
                    for c in chunks:
                        key = content_key("nli", c, s)
                        p = local.get(key)
                        if p is None:
                            p = self.cache.get(key)
                            if p is None:  # evicted between the two passes (tiny cache): recompute
                                p = self._run_pairs([(c, s)])[0]
                        if p > best:
                            best = p
                    out[i, j] = best
        return np.clip(out, 0.0, 1.0)

    def _run_pairs(self, pairs: list[tuple[str, str]]) -> list[float]:
        """Entailment probability for each (premise, hypothesis) pair, batched."""
        import torch

        tok, model = self._tokenizer, self._model
        device = next(model.parameters()).device
        # sort by rough length so each batch pads little
        order = sorted(range(len(pairs)), key=lambda k: len(pairs[k][0]) + len(pairs[k][1]))
        result = [0.0] * len(pairs)
        hyp_ids = {}
        for k in range(0, len(order), self.batch_size):
            idx = order[k : k + self.batch_size]
            premises = [pairs[q][0] for q in idx]
            hypotheses = [self._clip_hypothesis(pairs[q][1], hyp_ids) for q in idx]
            enc = tok(
                premises,
                hypotheses,
                padding=True,
                truncation="only_first",
                max_length=self.max_length,
                return_tensors="pt",
            )
            enc = {name: t.to(device) for name, t in enc.items()}
            with torch.inference_mode():
                logits = model(**enc).logits
            self.stats.forward_calls += 1
            self.stats.pairs_scored += len(idx)
            probs = torch.softmax(logits.float(), dim=-1)[:, self._entail_index].cpu().numpy()
            for q, p in zip(idx, probs):
                result[q] = float(p)
        return result

    def _clip_hypothesis(self, hypothesis: str, memo: dict) -> str:
        if hypothesis in memo:
            return memo[hypothesis]
        ids = self._tokenizer(hypothesis, add_special_tokens=False)["input_ids"]
        if len(ids) > self.max_hypothesis_tokens:
            clipped = self._tokenizer.decode(ids[: self.max_hypothesis_tokens])
        else:
            clipped = hypothesis
        memo[hypothesis] = clipped
        return clipped

    def clear_cache(self) -> None:
        self.cache.clear()
        self._chunk_cache.clear()

    def __repr__(self) -> str:
        return f"NLIMatcher(model={self.model_name!r}, loaded={self.loaded})"


def _is_fast(tokenizer: Any) -> bool:
    return bool(getattr(tokenizer, "is_fast", False))
