"""Programs on MiniWoB++ tasks: each episode's instruction planned with a template sketch against the
task's crawled SMG, compiled, run with no model call, and judged by MiniWoB's own reward.

The episode runs in :class:`~fcpkit_lab.envs.miniwob.MiniWoBEnv` on the pages
:class:`~fcpkit_lab.envs.miniwob.server.MiniWoBServer` serves (the addresses the SMG was crawled at);
:class:`MiniWoBDriver` is the executor's browser there, recognising states from the page's widgets.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from fcpkit_lab.envs.miniwob import MiniWoBEnv
from fcpkit_lab.envs.miniwob.server import MiniWoBServer

from fcpkit_lab.engine.executor import Executor, NodeEvent
from fcpkit_lab.engine.miniwob import miniwob_smg_path
from fcpkit_lab.engine.pages import run_operation
from fcpkit_lab.engine.planner import PlanningFailed, plan_program
from fcpkit_lab.engine.run import EngineRun
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation
from fcpkit_lab.engine.templates import MINIWOB_TEMPLATES
from fcpkit_lab.engine.widget_crawl import widget_state

__all__ = ["MiniWoBDriver", "run_miniwob_programs"]


class MiniWoBDriver:
    """The executor's :class:`~fcpkit_lab.engine.executor.Driver` over a :class:`MiniWoBEnv` (no URL fields,
    no answer: a MiniWoB task is judged by what was done on its page)."""

    def __init__(self, env: MiniWoBEnv) -> None:
        self.env = env

    def run_operation(self, op: Operation, args: dict[str, Any]) -> Any:
        return self.env.call(lambda s: run_operation(s.page, op, args))

    def current_state(self, smg: StateMachine) -> str | None:
        return self.env.call(lambda s: widget_state(smg, s.page))

    def url_fields(self, smg: StateMachine) -> dict[str, str]:
        return {}

    def report(self, text: str) -> None:
        pass


def _episode(env: MiniWoBEnv, smg: StateMachine, task: str, seed: int,
             on_event: Callable[[NodeEvent], None] | None) -> EngineRun:
    env.reset(seed)
    t0 = time.monotonic()
    driver = MiniWoBDriver(env)
    start = driver.current_state(smg)
    try:
        if start is None:
            raise PlanningFailed(f"the task page is not a state of the SMG {smg.app}")
        planned = plan_program(smg, env.task, start, templates=MINIWOB_TEMPLATES)
    except PlanningFailed as exc:
        return EngineRun("program", task, seed, None, False, f"planning failed: {exc}", 0, 0,
                         time.monotonic() - t0, "none", detail={"instruction": env.task, "reward": 0.0})
    result = Executor(smg, driver, on_event=on_event).run(planned.program)
    seconds = time.monotonic() - t0
    outcome = env.validate()
    reason = outcome.reason if result.ok else f"{result.failure}; {outcome.reason}"
    return EngineRun("program", task, seed, None, bool(outcome.success), reason, planned.llm_calls, 0, seconds,
                     planned.source, planned.program, result,
                     detail={"instruction": env.task, "reward": outcome.extra.get("reward", 0.0)})


def run_miniwob_programs(task: str, seeds: Sequence[int], *, smg: StateMachine | None = None,
                         on_event: Callable[[NodeEvent], None] | None = None) -> list[EngineRun]:
    """One programmatic run per episode seed of MiniWoB++ ``task`` (the shipped safe SMG by default)."""
    smg = smg or StateMachine.load(miniwob_smg_path(task))
    with MiniWoBServer() as server:
        env = MiniWoBEnv(task, base_url=server.base_url)
        try:
            return [_episode(env, smg, task, seed, on_event) for seed in seeds]
        finally:
            env.close()
