"""Fixtures for the live tests: the plan-test-repair loop on the workbench in real Chromium.

Every test here runs :class:`fcpkit.Runner` against the fcpkit workbench (one server for the whole
session, on 127.0.0.1) through :class:`fcpkit_lab.envs.workbench.browser_env.WorkbenchEnv` (Debian's ``/usr/bin/chromium``
via Playwright), the way ``fcpkit run`` does (:func:`fcpkit_lab.envs.live.run_workbench`): the workflow's
plan, the scripted executor, the fast testers, the deterministic repairer unless a test swaps it,
the policy gate, a repair budget and a kill switch, and an evidence log on disk that the tests
read back with :func:`fcpkit.read_log`.

Each run gets its own Chromium, closed after the run; the pids of every browser process a run
started are recorded (``SPAWNED``) so that ``test_zz_processes.py`` can check none is left.
The whole folder is skipped when Chromium or the ``[browser]`` extra is missing.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest
from _labsupport.browser import browser_missing

HERE = Path(__file__).resolve().parent

class ProcessSet(set):
    """Pids of processes this session started, each remembered with its start time: a pid is a
    process's identity only together with when it started, because the kernel reuses pids (here
    pid_max is 32768, and a long test session, or another suite running beside it, wraps around)."""

    def __init__(self) -> None:
        super().__init__()
        self.started: dict[int, float] = {}

    def update(self, *pid_sets) -> None:  # type: ignore[override]
        import psutil

        for pids in pid_sets:
            for pid in pids:
                try:
                    self.started[pid] = psutil.Process(pid).create_time()
                except psutil.Error:  # already gone: nothing that could leak
                    continue
                self.add(pid)

    def still_ours(self, pid: int) -> bool:
        """Whether ``pid`` is still the process that was recorded (not a later one given its pid)."""
        import psutil

        try:
            return pid in self and psutil.Process(pid).create_time() == self.started.get(pid)
        except psutil.Error:
            return False


#: pids of the driver and Chromium processes started by the runs of this session
SPAWNED = ProcessSet()
#: ``pgrep -f chromium`` when the first live test starts (processes that are not the live runs')
BASELINE = ProcessSet()


def pgrep_chromium() -> set[int]:
    out = subprocess.run(["pgrep", "-f", "chromium"], capture_output=True, text=True)
    return {int(x) for x in out.stdout.split()}


def _is_live(item) -> bool:
    try:
        return Path(str(item.fspath)).resolve().is_relative_to(HERE)
    except OSError:  # pragma: no cover
        return False


def pytest_collection_modifyitems(config, items):
    why = browser_missing()
    for item in items:
        if not _is_live(item):
            continue
        item.add_marker(pytest.mark.browser)
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=why))


@pytest.fixture(scope="session", autouse=True)
def chromium_registry():
    """``(baseline, spawned, pgrep)``: Chromium pids before the session, pids our runs started, and
    the ``pgrep -f chromium`` helper (a fixture, so the tests need not import this conftest by name)."""
    BASELINE.update(pgrep_chromium())
    yield BASELINE, SPAWNED, pgrep_chromium


@pytest.fixture(scope="session")
def workbench():
    from fcpkit_lab.envs.workbench import start_workbench

    wb = start_workbench()
    yield wb
    wb.stop()


@dataclass
class Live:
    """One finished live run: the result, its evidence log read back, and what the app saw."""

    result: Any  # fcpkit.RunResult
    log: Any  # pandas.DataFrame from fcpkit.read_log
    log_path: Path
    db_start: dict  # the database right after the episode reset
    db_end: dict
    writes: list  # the workbench's write events (requests that changed the database)
    events: list = field(default_factory=list)  # every RunEvent, in order
    gate_snapshots: list = field(default_factory=list)  # (GateDecision, db_state, n_writes) at each refusal

    def rows(self, kind: str, **where: Any):
        df = self.log[self.log["kind"] == kind]
        for k, v in where.items():
            df = df[df[k] == v]
        return df


@pytest.fixture(scope="session")
def live(workbench, tmp_path_factory) -> Callable[..., Live]:
    """``live(workflow, fault=None, **runner_kwargs)`` runs one episode live and returns a :class:`Live`.

    Defaults mirror :func:`fcpkit_lab.envs.live.run_workbench` with ``--verifier lower``: keep-going verifier,
    deterministic repairer, a gate that approves the task's own irreversible action, a budget of 3
    repairs, a kill switch of 3 repairs within 5 steps, 20 steps.
    """
    import fcpkit
    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
    from fcpkit_lab.envs.browser.processes import process_tree
    from fcpkit_lab.envs.executors.scripted import ScriptedExecutor
    from fcpkit.agent.guards import KillSwitch, PolicyGate, RepairBudget, approve_all
    from fcpkit_lab.envs.live import workbench_plan

    logs = tmp_path_factory.mktemp("live-logs")
    counter = iter(range(10_000))

    def run(workflow: str, fault: str | None = None, *, variant: int = 0, seed: int = 0,
            params: dict | None = None, **kwargs: Any) -> Live:
        name = f"{workflow}-{fault or 'healthy'}-{next(counter)}"
        log_path = logs / f"{name}.jsonl"
        wrap_executor = kwargs.pop("wrap_executor", lambda ex: ex)  # e.g. an executor deaf to repairs
        kwargs.setdefault("gate", PolicyGate(approve=approve_all))
        kwargs.setdefault("budget", RepairBudget(3))
        kwargs.setdefault("kill_switch", KillSwitch(3, 5))
        events: list = []
        snapshots: list = []
        db_start: dict = {}
        env = WorkbenchEnv(workbench, workflow, variant, fault, seed, params=params)
        try:
            with fcpkit.EvidenceLog(log_path) as log:
                executor = wrap_executor(ScriptedExecutor(workflow, variant, seed))
                runner = fcpkit.Runner(env, executor, workbench_plan(workflow, variant),
                                       log=log, run_id=name, **kwargs)
                runner.on("*", events.append)

                @runner.on("run_start")
                def _start(ev):
                    db_start.update(workbench.db_state())

                @runner.on("gate")
                def _gate(ev):
                    if not ev["gate"].allowed:
                        snapshots.append((ev["gate"], workbench.db_state(), len(workbench.write_events())))

                result = runner.run()
            SPAWNED.update(p.pid for p in process_tree(env.driver_pid))
        finally:
            env.close()
        return Live(result, fcpkit.read_log(log_path), log_path, db_start, workbench.db_state(),
                    list(workbench.write_events()), events, snapshots)

    return run
