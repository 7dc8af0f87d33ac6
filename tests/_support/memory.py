"""Shared helpers for the experience tests: a deterministic bag-of-words embedder (so retrieval
logic is tested without loading a model) and the small library induced from the example corpus."""

from __future__ import annotations

import hashlib
import re
from typing import Sequence

import numpy as np

from fcpkit import data

#: the package data (fcpkit/data/): the shipped corpora and libraries
DATA = data.root()


class BagOfWordsEmbedder:
    """Hashes lower-cased words into ``dim`` buckets and normalises: texts sharing words have a
    positive cosine, disjoint texts 0. Counts calls so tests can check nothing is re-encoded."""

    def __init__(self, dim: int = 512):
        self.dim = dim
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), self.dim))
        for i, t in enumerate(texts):
            for w in re.findall(r"[a-z0-9]+", t.lower()):
                out[i, int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)
