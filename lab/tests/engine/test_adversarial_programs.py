"""The adversarial program suite (fcpkit/data/adversarial/programs.jsonl) against the sandbox.

Every hostile program is refused before it runs, or stopped by a limit, or ends in its own typed
error, each as the suite says; a stopped one within its limit + 1 s (the bound is what "does not
hang" means, not a speed measure); the host keeps its files, environment, helpers and children;
and the executor names the node that hit the limit and runs the next program as if nothing happened.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from fcpkit import data
from fcpkit_lab.engine.compiler import Program, PyNode
from fcpkit_lab.engine.executor import Executor
from fcpkit_lab.engine.sandbox import Sandbox, SandboxLimit, SandboxRefused, SandboxRuntimeError

SUITE = [json.loads(line) for line in Path(data.path("adversarial/programs.jsonl")).read_text("utf-8").splitlines()]
MAX_SECONDS = 1.0
KINDS = {SandboxRefused: "refused", SandboxLimit: "limit", SandboxRuntimeError: "error"}


def _source(case: dict[str, Any]) -> str:
    if "repeat" in case:
        return case["repeat"]["unit"] * case["repeat"]["times"]
    return case["source"]


def _children() -> set[int]:
    """Live children of this process running the sandbox's child."""
    out = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == os.getpid() and b"sandbox_child" in cmd and stat[0] != "Z":
            out.add(int(pid))
    return out


def test_the_suite_covers_every_class_of_the_issue():
    classes = {c["class"] for c in SUITE}
    assert len(SUITE) >= 80 and len({c["id"] for c in SUITE}) == len(SUITE)
    for needed in ("one-line loop", "huge power", "math on big numbers", "catastrophic regex",
                   "catching the sandbox's limit", "caught recursion", "function defined in one node, called in another",
                   "4 GB list growth", "10 MB source", "state leaking into the next run", "deep nesting",
                   "lone surrogate", "reachable code objects", "file access", "network access", "host environment"):
        assert needed in classes


@pytest.mark.parametrize("case", SUITE, ids=[c["id"] for c in SUITE])
def test_hostile_program_is_refused_or_stopped(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    reported: list[str] = []
    helpers = {"report": lambda text: reported.append(text) or text,
               **json.loads(json.dumps(case.get("data_helpers", {})))}
    shared = {k: v for k, v in helpers.items() if not callable(v)}
    before = {k: json.dumps(v) for k, v in shared.items()}
    env = dict(os.environ)
    box = Sandbox(helpers, max_steps=20_000, max_seconds=MAX_SECONDS)
    ctx: dict[str, Any] = {}
    for step in case.get("setup", []):
        box.run(step, ctx, "setup")
    got = "ok"
    try:
        box.run(_source(case), ctx, case["id"])
    except (SandboxRefused, SandboxLimit, SandboxRuntimeError) as exc:
        got = KINDS[type(exc)]
        if got == "limit":
            assert box.last_seconds <= MAX_SECONDS + 1.0, f"stopped after {box.last_seconds:.2f} s"
    assert got in case["expect"], f"{case['id']}: {got}, expected {case['expect']}"
    if "then" in case:
        assert box.eval(case["then"]["eval"], dict(ctx), "then") == case["then"]["equals"]
    # the host: no file written, environment and helpers as they were, no child left behind
    assert list(tmp_path.iterdir()) == [] and not Path("/tmp/fcpkit-sandbox-probe").exists()
    assert dict(os.environ) == env
    assert {k: json.dumps(v) for k, v in shared.items()} == before
    assert not _children()


def test_the_child_runs_under_os_limits():
    box = Sandbox()
    box.run("x = 1", {})
    assert {"RLIMIT_AS", "RLIMIT_CPU", "RLIMIT_NOFILE", "RLIMIT_NPROC", "RLIMIT_FSIZE"} <= set(box.last_limits)


class _Driver:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def run_operation(self, op, args):  # pragma: no cover - the programs below have no operation
        raise AssertionError("no operation expected")

    def current_state(self, smg):
        return None

    def url_fields(self, smg):
        return {}

    def report(self, text: str) -> None:
        self.sent.append(text)


def _program(*nodes: PyNode) -> Program:
    return Program("task", list(nodes), "Start", 1, "")


def test_the_executor_names_the_node_that_hit_the_limit_and_survives():
    driver = _Driver()
    ex = Executor(None, driver, sandbox=None)  # type: ignore[arg-type]
    ex.sandbox.max_seconds = MAX_SECONDS
    hostile = _program(PyNode("n1", "def spin():\n    while True:\n        pass", line=1),
                       PyNode("n2", "x = 1\nspin()", line=3), PyNode("n3", "report('never')", line=4))
    res = ex.run(hostile)
    assert not res.ok and res.failed_node == "n2" and res.failure.kind == "limit"
    assert "line 2" in res.failure.detail and driver.sent == []
    # the next program on the same executor runs as if nothing happened; report reaches the driver
    res = ex.run(_program(PyNode("n1", "total = sum([1, 2, 3])", line=1),
                          PyNode("n2", "report(f'{total} items')", line=2)))
    assert res.ok and res.answer == "6 items" and driver.sent == ["6 items"]
    res = ex.run(_program(PyNode("n1", "x = {}['missing']", line=1)))
    assert res.failed_node == "n1" and res.failure.kind == "code" and "KeyError" in res.failure.detail
