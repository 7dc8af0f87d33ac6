"""Shared fixtures: the example data, and small observations built in code."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest
from _support.fake_openai import FakeOpenAIServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
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
    else a throwaway kernelspec under ``tmp_path`` on ``JUPYTER_PATH`` (nothing installed for the user)."""
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


# Tests whose expectation the merge of the claims, built-in falsifier, tracker and safety work
# changed, and which were not reconciled before this release. Each entry says what moved; they
# are expected failures (not skips) so a fix shows up as XPASS. Remove an entry when its test is
# updated or its behaviour restored.
KNOWN_BROKEN: dict[str, str] = {}


def pytest_collection_modifyitems(config, items):
    for item in items:
        reason = KNOWN_BROKEN.get(item.nodeid)
        if reason:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
