"""Image-text matcher: SigLIP/SigLIP2 match probability of a statement and a screenshot.

The visual term ``ITM(I_t, E)`` of the paper's hybrid score (appendix B.5, eq. 5). SigLIP is
trained with a pairwise sigmoid loss, so ``sigmoid(logits_per_image)`` is directly a match
probability for each (image, text) pair - no softmax over the candidate texts.

**Deviation from the Matcher protocol**: ``score(statements, images)`` takes screenshots (PIL
images, file paths or HxWx3 uint8 arrays) where other matchers take texts. Use it through
:class:`fcpkit.matching.hybrid.HybridMatcher`, which pairs each page text with its screenshot.

Image and text embeddings are cached separately by content (pixel hash / statement), and the
logit is recomposed as ``exp(logit_scale) * cos + logit_bias`` exactly as ``SiglipModel`` does,
so a repeated screenshot or statement is never re-encoded. Texts are padded to
``max_length=64`` tokens, the setting SigLIP models are trained with.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
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
)

__all__ = ["ImageTextMatcher", "DEFAULT_IMAGE_MODEL", "load_image"]

DEFAULT_IMAGE_MODEL = "google/siglip2-base-patch16-224"


def load_image(image: Any):
    """A PIL RGB image from a PIL image, a path, or an HxW(x3/4) uint8 array."""
    try:
        from PIL import Image
    except ImportError:
        raise ModelUnavailableError(
            "ImageTextMatcher needs Pillow, which is not installed: pip install 'fcpkit[models]'"
        ) from None
    if isinstance(image, Image.Image):
        return image.convert("RGB") if image.mode != "RGB" else image
    if isinstance(image, (str, os.PathLike)):
        path = Path(image)
        if not path.is_file():
            raise FileNotFoundError(f"screenshot {str(path)!r} does not exist")
        with Image.open(path) as im:
            return im.convert("RGB")
    if isinstance(image, np.ndarray):
        return Image.fromarray(np.asarray(image, dtype=np.uint8)).convert("RGB")
    raise TypeError(f"expected a PIL image, a path or a numpy array, got {type(image).__name__}")


def _image_key(im) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{im.mode}:{im.size}".encode())
    h.update(im.tobytes())
    return h.digest()


class ImageTextMatcher:
    """SigLIP(2) sigmoid match probability; ``score(statements, images)``.

    Parameters mirror :class:`fcpkit.matching.nli.NLIMatcher`: ``model`` is a hub id (default
    ``google/siglip2-base-patch16-224``, from the Hugging Face cache) or a local folder with the
    model and its processor; missing or corrupt weights raise ModelUnavailableError.
    """

    name = "image"

    def __init__(
        self,
        model: str | os.PathLike = DEFAULT_IMAGE_MODEL,
        *,
        device: str | None = None,
        max_text_length: int = 64,
        batch_size: int = 16,
        cache_size: int = 10_000,
        local_files_only: bool | None = None,
        cache_dir: str | os.PathLike | None = None,
    ):
        self.model_name = os.fspath(model)
        self.device = device
        self.max_text_length = int(max_text_length)
        self.batch_size = int(batch_size)
        self.local_files_only = local_files_only
        self.cache_dir = cache_dir
        self.cache = LRUCache(cache_size)
        self.stats = MatcherStats()
        self._model = None
        self._processor = None
        self._lock = threading.RLock()
        self.source: ModelSource | None = None

    def check_available(self) -> ModelSource:
        require("torch", "ImageTextMatcher")
        require("transformers", "ImageTextMatcher")
        require("PIL", "ImageTextMatcher")
        return resolve_model_source(
            self.model_name,
            label="Image-text",
            what="ImageTextMatcher",
            local_files_only=self.local_files_only,
            cache_dir=self.cache_dir,
        )

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> "ImageTextMatcher":
        with self._lock:
            if self._model is not None:
                return self
            source = self.check_available()
            from transformers import AutoModel, AutoProcessor

            processor, model = load_pretrained(source, self.cache_dir, "Image-text", "ImageTextMatcher",
                                               AutoProcessor, AutoModel)
            missing = [a for a in ("get_text_features", "get_image_features", "logit_scale") if not hasattr(model, a)]
            if missing or not hasattr(processor, "image_processor"):
                raise ModelUnavailableError(
                    f"Image-text model {source.name!r} ({source.location}) is not a SigLIP-style "
                    f"image-text model (loaded {type(model).__name__}; missing {missing or ['image processor']}). "
                    f"Use e.g. {DEFAULT_IMAGE_MODEL}."
                )
            model.eval()
            model.to(pick_device(self.device))
            self._processor = processor
            self._model = model
            self.source = source
            return self

    # -- encoding --------------------------------------------------------------------------

    @staticmethod
    def _pooled(out: Any):
        return out if hasattr(out, "norm") else out.pooler_output

    def _embed_texts(self, statements: list[str]) -> np.ndarray:
        import torch

        keys = [content_key("siglip-text", s) for s in statements]
        got = {k: self.cache.get(k) for k in keys}
        todo = list(dict.fromkeys(s for k, s in zip(keys, statements) if got[k] is None))
        device = next(self._model.parameters()).device
        for i in range(0, len(todo), self.batch_size):
            chunk = todo[i : i + self.batch_size]
            enc = self._processor.tokenizer(
                chunk, padding="max_length", truncation=True, max_length=self.max_text_length, return_tensors="pt"
            )
            enc = {k: v.to(device) for k, v in enc.items() if k in ("input_ids", "attention_mask", "position_ids")}
            with torch.inference_mode():
                emb = self._pooled(self._model.get_text_features(**enc)).float()
            self.stats.forward_calls += 1
            self.stats.pairs_scored += len(chunk)
            emb = torch.nn.functional.normalize(emb, dim=-1).cpu().numpy()
            for s, e in zip(chunk, emb):
                k = content_key("siglip-text", s)
                self.cache.put(k, e)
                got[k] = e
        return np.stack([got[k] for k in keys])

    def _embed_images(self, images: list[Any]) -> np.ndarray:
        import torch

        pil = [load_image(im) for im in images]
        keys = [b"img" + _image_key(im) for im in pil]
        got = {k: self.cache.get(k) for k in keys}
        todo_idx = []
        seen = set()
        for i, k in enumerate(keys):
            if got[k] is None and k not in seen:
                seen.add(k)
                todo_idx.append(i)
        device = next(self._model.parameters()).device
        for i in range(0, len(todo_idx), self.batch_size):
            idx = todo_idx[i : i + self.batch_size]
            enc = self._processor.image_processor([pil[q] for q in idx], return_tensors="pt")
            enc = {k: v.to(device) for k, v in enc.items()}
            with torch.inference_mode():
                emb = self._pooled(self._model.get_image_features(**enc)).float()
            self.stats.forward_calls += 1
            self.stats.pairs_scored += len(idx)
            emb = torch.nn.functional.normalize(emb, dim=-1).cpu().numpy()
            for q, e in zip(idx, emb):
                self.cache.put(keys[q], e)
                got[keys[q]] = e
        return np.stack([got[k] for k in keys])

    # -- scoring ---------------------------------------------------------------------------

    def logits(self, statements: Sequence[str], images: Sequence[Any]) -> np.ndarray:
        """Raw SigLIP logits, shape ``(len(statements), len(images))``."""
        statements, images = list(statements), list(images)
        if not statements or not images:
            return np.zeros((len(statements), len(images)))
        self.load()
        with self._lock:
            t = self._embed_texts(statements)
            v = self._embed_images(images)
            scale = float(self._model.logit_scale.detach().float().exp().cpu())
            bias_t = getattr(self._model, "logit_bias", None)
            bias = float(bias_t.detach().float().cpu()) if bias_t is not None else 0.0
            return (t.astype(np.float64) @ v.astype(np.float64).T) * scale + bias

    def score(self, statements: Sequence[str], images: Sequence[Any]) -> np.ndarray:  # type: ignore[override]
        """``sigmoid(logits)``: match probability of each statement with each screenshot."""
        z = self.logits(statements, images)
        return 1.0 / (1.0 + np.exp(-np.clip(z, -60, 60)))

    def clear_cache(self) -> None:
        self.cache.clear()

    def __repr__(self) -> str:
        return f"ImageTextMatcher(model={self.model_name!r}, loaded={self.loaded})"
