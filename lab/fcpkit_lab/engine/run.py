"""Programmatic execution of workbench tasks, with the reactive loop as the fallback and the baseline.

:func:`run_program_task` plans (template or one LLM call), compiles, and executes a workbench task
in a real Chromium through :class:`WorkbenchDriver`; when planning fails (the memory is incomplete
for the task) it runs fcpkit's reactive loop instead (:func:`run_reactive_task`: the
:class:`~fcpkit.Runner` with an LLM choosing every action, one call per step). Both return an
:class:`EngineRun` with what the comparison needs: success (the workbench's validator), LLM calls,
tokens, wall time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fcpkit import Runner
from fcpkit.core.verify import KeepGoingVerifier
from fcpkit.agent import PolicyGate
from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
from fcpkit_lab.envs.executors.llm import LLMExecutor
from fcpkit_lab.envs.live import workbench_plan

from fcpkit_lab.engine.compiler import Program
from fcpkit_lab.engine.executor import ExecutionResult, Executor, NodeEvent, Patcher
from fcpkit_lab.engine.pages import page_state, run_operation
from fcpkit_lab.engine.planner import DEFAULT_SKETCH_FORM, PlanningFailed, plan_program
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation

__all__ = ["EngineRun", "WorkbenchDriver", "run_program_task", "run_reactive_task"]


class WorkbenchDriver:
    """The executor's :class:`~fcpkit_lab.engine.executor.Driver` over a :class:`~fcpkit_lab.envs.workbench.browser_env.WorkbenchEnv`."""

    def __init__(self, env: WorkbenchEnv, smg: StateMachine) -> None:
        self.env, self.smg = env, smg

    def _fields(self, session: Any) -> dict[str, str]:
        sid, info = page_state(self.smg, session.page)
        return (self.smg.states[sid].match_url(info.path) or {}) if sid else {}

    def run_operation(self, op: Operation, args: dict[str, Any]) -> Any:
        def go(session: Any) -> Any:
            out = run_operation(session.page, op, args, self._fields(session))
            session.settle()
            return out
        return self.env.call(go)

    def current_state(self, smg: StateMachine) -> str | None:
        return self.env.call(lambda s: page_state(smg, s.page)[0])

    def url_fields(self, smg: StateMachine) -> dict[str, str]:
        return self.env.call(self._fields)

    def page(self) -> Any:
        """Read the open page's structure (for the patcher)."""
        return self.env.call(lambda s: page_state(self.smg, s.page)[1])

    def call(self, fn: Callable[[Any], Any]) -> Any:
        """Run ``fn(playwright_page)`` on the browser thread (for the patcher)."""
        return self.env.call(lambda s: fn(s.page))

    def report(self, text: str) -> None:
        self.env.step(f"send_msg_to_user({text!r})")


@dataclass
class EngineRun:
    mode: str  # "program" or "reactive"
    workflow: str
    variant: int
    fault: str | None
    success: bool
    reason: str
    llm_calls: int
    tokens: int
    seconds: float
    source: str = ""  # template / llm / fallback
    program: Program | None = None
    execution: ExecutionResult | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {"mode": self.mode, "task": f"{self.workflow}-v{self.variant}", "fault": self.fault or "none",
                "success": self.success, "llm_calls": self.llm_calls, "tokens": self.tokens,
                "seconds": round(self.seconds, 2), "source": self.source, "reason": self.reason}


def _usage(client: Any) -> tuple[int, int]:
    usage = getattr(client, "usage", None)
    calls = list(getattr(usage, "calls", []) or [])
    return len(calls), sum(c.total_tokens for c in calls)


def _open(wb: Any, env: WorkbenchEnv | None, workflow: str, variant: int, fault: str | None,
          seed: int) -> tuple[WorkbenchEnv, bool]:
    """A WorkbenchEnv on the task: ``env`` switched to it (kept open), or a new one (closed by the caller)."""
    if env is not None:
        env.reset(seed, workflow=workflow, variant=variant, fault=fault)
        return env, False
    env = WorkbenchEnv(wb, workflow, variant, fault, seed)
    env.reset()
    return env, True


def run_program_task(wb: Any, smg: StateMachine, workflow: str, variant: int = 0, fault: str | None = None, *,
                     client: Any = None, use_templates: bool = True, patcher: Patcher | None = None,
                     fallback: bool = True, seed: int = 0, env: WorkbenchEnv | None = None,
                     on_event: Callable[[NodeEvent], None] | None = None,
                     wrap_driver: Callable[[Any, WorkbenchEnv], Any] | None = None,
                     on_program: Callable[[Program], None] | None = None, sketch_form: str = DEFAULT_SKETCH_FORM,
                     on_sketch: Callable[[str], None] | None = None) -> EngineRun:
    """Plan, compile and run one workbench task; on a planning failure, the reactive loop (if ``fallback``).

    ``env``: an open :class:`~fcpkit_lab.envs.workbench.browser_env.WorkbenchEnv` to reuse (switched to this task, left
    open); without one a Chromium is started and closed here. Wall time counts from the task's
    start page, so it never includes a browser launch. ``wrap_driver(driver, env)``: the driver the
    executor uses instead (a :class:`~fcpkit_lab.engine.trace.TracingDriver` records the run's steps);
    ``on_program(program)``: called with the compiled program before it runs. ``sketch_form`` and
    ``on_sketch`` go to :func:`~fcpkit_lab.engine.planner.plan_program` (the form the model writes;
    each sketch it gives, before it is compiled).
    """
    calls0, tokens0 = _usage(client)
    env, own = _open(wb, env, workflow, variant, fault, seed)
    t0 = time.monotonic()
    try:
        driver = WorkbenchDriver(env, smg)
        if wrap_driver is not None:
            driver = wrap_driver(driver, env)
        start = driver.current_state(smg)
        try:
            if start is None:
                raise PlanningFailed(f"the start page {env.start_url} is not a state of the SMG")
            planned = plan_program(smg, env.task, start, client=client, use_templates=use_templates,
                                   sketch_form=sketch_form, on_sketch=on_sketch)
        except PlanningFailed as exc:
            if not fallback or client is None:
                calls, tokens = _usage(client)
                return EngineRun("program", workflow, variant, fault, False, f"planning failed: {exc}",
                                 calls - calls0, tokens - tokens0, time.monotonic() - t0, "none")
            run = run_reactive_task(wb, workflow, variant, fault, client=client, seed=seed, env=env)
            run.mode, run.source = "program", "fallback"
            run.seconds = time.monotonic() - t0
            run.reason = f"fell back to the reactive loop ({exc}); {run.reason}"
            calls, tokens = _usage(client)
            run.llm_calls, run.tokens = calls - calls0, tokens - tokens0
            return run
        if on_program is not None:
            on_program(planned.program)
        result = Executor(smg, driver, patcher=patcher, on_event=on_event).run(planned.program)
        seconds = time.monotonic() - t0
        outcome = env.validate(result.answer)
        calls, tokens = _usage(client)
        reason = outcome.reason if result.ok else f"{result.failure}; {outcome.reason}"
        return EngineRun("program", workflow, variant, fault, bool(outcome.success), reason, calls - calls0,
                         tokens - tokens0, seconds, planned.source, planned.program, result)
    finally:
        if own:
            env.close()


def run_reactive_task(wb: Any, workflow: str, variant: int = 0, fault: str | None = None, *, client: Any,
                      seed: int = 0, step_budget: int = 12, env: WorkbenchEnv | None = None) -> EngineRun:
    """fcpkit's reactive loop on one task: an LLM picks every action (the paper's baseline shape)."""
    calls0, tokens0 = _usage(client)
    env, own = _open(wb, env, workflow, variant, fault, seed)
    t0 = time.monotonic()
    try:
        runner = Runner(env, LLMExecutor(client), workbench_plan(workflow, variant), verifier=KeepGoingVerifier(),
                        gate=PolicyGate(approve=lambda _r: True), step_budget=step_budget,
                        run_id=f"{workflow}-v{variant}-reactive", usage=getattr(client, "usage", None))
        res = runner.run()
        calls, tokens = _usage(client)
        return EngineRun("reactive", workflow, variant, fault, bool(res.success), res.stop_reason,
                         calls - calls0, tokens - tokens0, time.monotonic() - t0, "llm",
                         detail={"steps": res.steps})
    finally:
        if own:
            env.close()
