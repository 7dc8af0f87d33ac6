"""One episode over several workbench tasks in the same browser: the study's long tasks.

:class:`CompositeEnv` serves the parts of a :class:`~fcpkit_lab.envs.study.tasks.StudyTask` one after
the other. When the agent reports a part done, the executor's next action carries
``extra["next_part"]``: the environment validates the finished part (the database, or the answer
for a lookup), records the outcome, switches the workbench to the next part and returns its start
page. The episode succeeds when every part did (each part's own validator).

:class:`CompositeExecutor` runs one executor per part against that part's plan, maps the commitment
it pursues to the composite plan's id (``p2.open-ticket``) and turns a report of a non-final part
into the switch to the next part.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Sequence

from fcpkit.core.plan import Plan
from fcpkit.core.protocols import ExecutorContext, Outcome
from fcpkit.core.trajectory import Action, Observation
from fcpkit_lab.envs.study.tasks import STUDY_FAULT_PARAMS, StudyTask
from fcpkit_lab.envs.workbench import get_task

__all__ = ["CompositeEnv", "CompositeExecutor", "composite_plan", "part_prefix"]


def part_prefix(k: int, n: int) -> str:
    """Commitment-id prefix of part ``k`` (0-based) of ``n`` (none for a single task)."""
    return f"p{k + 1}." if n > 1 else ""


def composite_plan(task: StudyTask, plans: Sequence[Plan]) -> Plan:
    """The parts' plans in order, ids prefixed by part, plan-wide falsifiers merged."""
    if len(plans) == 1:
        return plans[0]
    cs, pf = [], {}
    for k, p in enumerate(plans):
        pre = part_prefix(k, len(plans))
        cs += [replace(c, id=pre + c.id) for c in p.commitments]
        for scope, ev in p.plan_falsifiers.items():
            pf[scope] = tuple(dict.fromkeys(pf.get(scope, ()) + tuple(ev)))
    return replace(plans[0], task=task.intent, commitments=tuple(cs), plan_falsifiers=pf)


class CompositeEnv:
    """The parts of ``task`` in one :class:`~fcpkit_lab.envs.workbench.browser_env.WorkbenchEnv` (``inner``)."""

    def __init__(self, inner: Any, task: StudyTask, seed: int = 0):
        self.inner, self.study_task, self.seed = inner, task, seed
        self.task = task.intent
        self.part = 0
        self.outcomes: list[Outcome] = []
        self.fault_events = 0

    def _configure(self, k: int) -> Observation:
        wf, v = self.study_task.parts[k]
        fault = self.study_task.fault if k == len(self.study_task.parts) - 1 else None
        self.part = k
        obs = self.inner.reset(self.seed, workflow=wf, variant=v, fault=fault,
                               params=STUDY_FAULT_PARAMS.get(fault or "", {}))
        self.fault_events += sum(1 for e in self.inner.reset_events if e.fault)
        return obs

    def reset(self, seed: int | None = None) -> Observation:
        if seed is not None:
            self.seed = seed
        self.outcomes = []
        self.fault_events = 0
        return self._configure(0)

    def step(self, action: Action) -> Observation:
        nxt = (action.extra or {}).get("next_part")
        if isinstance(nxt, int) and nxt == self.part + 1 and nxt < len(self.study_task.parts):
            self.outcomes.append(self.inner.validate((action.extra or {}).get("answer")))
            return self._configure(nxt)
        obs = self.inner.step(action)
        self.fault_events += sum(1 for e in (self.inner.step_events[-1] if self.inner.step_events else ()) if e.fault)
        return obs

    def validate(self, answer: str | None = None) -> Outcome:
        outcomes = list(self.outcomes)
        if len(outcomes) < len(self.study_task.parts):
            outcomes.append(self.inner.validate(answer))
        missing = len(self.study_task.parts) - len(outcomes)
        ok = missing == 0 and all(o.success for o in outcomes)
        why = "; ".join(f"part {k + 1}: {o.reason}" for k, o in enumerate(outcomes))
        if missing:
            why += f"; {missing} part(s) never reached"
        return Outcome(ok, why, {"parts": [o.success for o in outcomes]})

    def close(self) -> None:  # the worker owns the browser; a composite does not close it
        pass

    @property
    def answer(self) -> str | None:
        return self.inner.answer


class CompositeExecutor:
    """One executor per part (``make(workflow, variant, k)``), switched when a part reports done."""

    name = "composite"

    def __init__(self, task: StudyTask, plans: Sequence[Plan], make: Callable[[str, int, int], Any]):
        self.study_task, self.plans = task, list(plans)
        self.executors = [make(wf, v, k) for k, (wf, v) in enumerate(task.parts)]
        self.part = 0
        self.part_start = 0  # history length when the part began

    def propose(self, ctx: ExecutorContext) -> Action:
        n = len(self.plans)
        pre = part_prefix(self.part, n)
        plan = self.plans[self.part]
        cid = ctx.commitment.id[len(pre):] if ctx.commitment.id.startswith(pre) else None
        commitment = next((c for c in plan.commitments if c.id == cid), plan.commitments[0])
        sub = ExecutorContext(get_task(*self.study_task.parts[self.part]).intent, plan, commitment,
                              ctx.observation, tuple(ctx.history[self.part_start:]), tuple(ctx.rejected), ctx.hint)
        action = self.executors[self.part].propose(sub)
        extra = dict(action.extra or {})
        if isinstance(extra.get("commitment"), str):
            extra["commitment"] = pre + extra["commitment"]
        is_report = action.command.startswith("send_msg_to_user")
        if is_report and self.part < n - 1:
            answer = _message(action.command)
            self.part += 1
            self.part_start = len(ctx.history) + 1
            nxt = self.plans[self.part].commitments[0].id
            return Action(f"goto('/next-part-{self.part + 1}')", f"Part {self.part} is done ({answer}); start part "
                          f"{self.part + 1}.", None, "read",
                          {"commitment": part_prefix(self.part, n) + nxt, "next_part": self.part, "answer": answer})
        return replace(action, extra=extra)

    @property
    def errors(self) -> list[Any]:
        return [e for ex in self.executors for e in getattr(ex, "errors", [])]


def _message(command: str) -> str:
    body = command[command.find("(") + 1: command.rfind(")")].strip()
    return body[1:-1] if len(body) >= 2 and body[0] == body[-1] and body[0] in "'\"" else body
