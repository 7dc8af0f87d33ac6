"""The fixtures every test tree shares (the library's tests/ and the lab's lab/tests/), star-imported
by each tree's conftest.py: the example data, a Jupyter kernel on this interpreter, a fake
OpenAI-compatible server, a dead endpoint, and no LLM settings leaking in from the environment."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest
from _support.fake_openai import FakeOpenAIServer

__all__ = ["ROOT", "DATA", "EXAMPLES", "examples_dir", "kernel_name", "fake", "dead_url", "_no_llm_env"]

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "fcpkit" / "data"  # the package data (fcpkit.data)
EXAMPLES = DATA / "examples"


@pytest.fixture(scope="session")
def examples_dir() -> Path:
    return EXAMPLES


def _resolves_here(argv0: str) -> bool:
    if argv0 in ("python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}"):
        return True  # jupyter_client substitutes sys.executable
    return Path(argv0).absolute().parent == Path(sys.executable).absolute().parent


@pytest.fixture
def kernel_name(tmp_path, monkeypatch) -> str:
    """A Jupyter kernel running this interpreter: the ``python3`` kernelspec when it resolves here,
    else a throwaway kernelspec under ``tmp_path`` on ``JUPYTER_PATH`` (nothing installed for the user).
    Skips without Jupyter (the notebooks extra)."""
    pytest.importorskip("jupyter_client", reason="the notebooks extra: pip install 'fcpkit[notebooks]'")
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec("python3")
        if spec.argv and _resolves_here(spec.argv[0]):
            return "python3"
    except NoSuchKernel:
        pass
    name = "fcpkit-test-python"
    kdir = tmp_path / "jupyter" / "kernels" / name
    kdir.mkdir(parents=True)
    (kdir / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "fcpkit test python", "language": "python",
    }))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    return name


@pytest.fixture
def fake():
    """A scriptable fake OpenAI-compatible server on 127.0.0.1 (:mod:`_support.fake_openai`), for the
    LLM tests of every layer."""
    srv = FakeOpenAIServer().start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def dead_url():
    """A base URL on which nothing listens (a port that was just free)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture(autouse=True)
def _no_llm_env(monkeypatch):
    """Tests configure LLM endpoints explicitly; a developer's environment must not leak in."""
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "FCPKIT_LLM_MODEL", "FCPKIT_PROMPT_DIR", "FCPKIT_LLM_GGUF"):
        monkeypatch.delenv(var, raising=False)
