"""One study worker: a workbench server and one Chromium for its whole life, episodes in turn.

:class:`EpisodeWorker` is a plain class (tests run it in-process); :mod:`fcpkit_lab.envs.study.engine`
makes it a Ray actor. :meth:`EpisodeWorker.run` plays one (arm, task, seed) episode through the
:class:`~fcpkit.agent.runtime.Runner` and returns its row (:func:`fcpkit_lab.envs.study.rows.episode_row`).
"""

from __future__ import annotations

import os
import time
import traceback
import uuid
from dataclasses import dataclass, field
from typing import Any


from fcpkit.agent.arms import Arm, get_arm
from fcpkit.agent.guards import Approval, KillSwitch, PolicyGate, RepairBudget
from fcpkit.agent.planner import FailureCase
from fcpkit.agent.repair import DeterministicRepairer, LLMRepairer
from fcpkit.agent.runtime import Runner
from fcpkit.core.plan import Plan
from fcpkit.core.trajectory import Observation
from fcpkit.core.verify import Decision, Verdict, VerifyRequest
from fcpkit_lab.envs.executors.choice import ChoiceExecutor
from fcpkit_lab.envs.executors.erring import ErrorRates, ErringExecutor
from fcpkit_lab.envs.executors.llm import LLMExecutor
from fcpkit_lab.envs.executors.scripted import ScriptedExecutor
from fcpkit_lab.envs.live import workbench_plan
from fcpkit_lab.envs.study.composite import CompositeEnv, CompositeExecutor, composite_plan
from fcpkit_lab.envs.study.rows import episode_row
from fcpkit_lab.envs.study.tasks import StudyTask, parse_task_id
from fcpkit_lab.envs.workbench import start_workbench
from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
from fcpkit.errors import ConfigError
from fcpkit_lab.llm import default_client, model_card
from fcpkit.llm.components.registry import NEEDS_CLIENT, get_verifier, verifier_names

__all__ = ["StudyConfig", "EpisodeWorker", "LiveOracleVerifier", "RestartPlanner", "VERIFIERS", "EXECUTORS",
           "machine_load"]

VERIFIERS = tuple(verifier_names("study"))
#: ``llm``: the LLM executor's free form; ``llm-choice``: the form made for a small model (the page's
#: elements as the answer's schema, :class:`~fcpkit_lab.envs.executors.choice.ChoiceExecutor`)
EXECUTORS = ("scripted", "erring", "llm", "llm-choice")
REPAIRERS = ("deterministic", "llm")
LLM_MODES = ("live", "record", "replay")


@dataclass(frozen=True)
class StudyConfig:
    """What every episode of a study shares (recorded with each row)."""

    verifier: str = "lower"
    executor: str = "erring"
    repairer: str = "deterministic"
    rates: ErrorRates = field(default_factory=lambda: ErrorRates.uniform(0.02))
    step_budget: int = 20
    #: the model the LLM parts call: an embedded model's name (``smollm2-135m``, ...), or the
    #: endpoint's model name when ``OPENAI_BASE_URL`` is set; ``None``: ``default_client``'s default
    model: str | None = None
    #: ``live``; ``record`` (live, every answer appended to ``recording``); ``replay`` (answers read
    #: back from ``recording``, no model: how the tests run the model arms)
    llm_mode: str = "live"
    recording: str | None = None
    #: the workbench's port (0: a free one). The pages the model reads carry their URLs, so a study
    #: recorded to be replayed runs on a fixed port and is replayed on the same one
    port: int = 0

    def __post_init__(self) -> None:
        for name, value, allowed in (("verifier", self.verifier, VERIFIERS), ("executor", self.executor, EXECUTORS),
                                     ("repairer", self.repairer, REPAIRERS), ("llm-mode", self.llm_mode, LLM_MODES)):
            if value not in allowed:
                raise ConfigError(f"study --{name} must be one of {', '.join(allowed)}; got {value!r}")
        if (self.llm_mode != "live") != (self.recording is not None):
            raise ConfigError("study: --record/--replay name the recording file; a live study has none")
        if self.llm_mode != "live" and not self.needs_llm:
            raise ConfigError("study: --record/--replay need a part that calls a model (--verifier llm|split|"
                              "split-quoted, --repairer llm or --executor llm|llm-choice)")

    @property
    def needs_llm(self) -> bool:
        return self.verifier in NEEDS_CLIENT or self.executor in ("llm", "llm-choice") or self.repairer == "llm"

    def to_dict(self) -> dict[str, Any]:
        return {"verifier": self.verifier, "executor": self.executor, "repairer": self.repairer,
                "error_rates": self.rates.to_dict(), "step_budget": self.step_budget,
                **({"model": self.model} if self.model else {}),
                **({"llm_mode": self.llm_mode, "recording": self.recording} if self.llm_mode != "live" else {}),
                **({"port": self.port} if self.port else {})}


class LiveOracleVerifier:
    """The upper bound on live runs: an escalation repairs once the application has served a
    faulty response this episode (its own event log: the injected label), or once the executor
    has made an injected error; a completion cue advances; everything else continues."""

    name = "oracle"

    def __init__(self, env: CompositeEnv, executor: Any):
        self.env, self.executor = env, executor

    def verify(self, request: VerifyRequest) -> Verdict:
        r = request.result
        errs = getattr(self.executor, "errors", [])
        if self.env.fault_events or errs:
            why = f"{self.env.fault_events} faulty response(s)" if self.env.fault_events else f"injected {errs[-1].kind}"
            return Verdict(Decision.REPAIR, r.scope or "execution", f"off track: {why}", self.name)
        if r.route.value == "complete":
            return Verdict(Decision.ADVANCE, None, "completion confirmed", self.name)
        return Verdict(Decision.CONTINUE, None, "on track", self.name)


class RestartPlanner:
    """What a replan gets on the workbench without a model: the task's plan again from its first
    commitment (a restart of the remaining work from the start page)."""

    name = "restart"

    def __init__(self, plan: Plan):
        self.base = plan

    def plan(self, task: str, observation: Observation | None = None, skills: Any = (),
             failures: tuple[FailureCase, ...] = ()) -> Plan:
        return self.base


class EpisodeWorker:
    """Owns one workbench server and one Chromium; ``run(spec)`` plays one episode."""

    def __init__(self, config: StudyConfig | None = None, client: Any = None):
        self.config = config or StudyConfig()
        self.client = client
        if self.config.needs_llm and client is None:
            # no endpoint configured: default_client starts this worker's embedded llama.cpp server
            cfg = self.config
            self.client = default_client(cfg.model, **({"mode": cfg.llm_mode, "recording": cfg.recording}
                                                       if cfg.llm_mode != "live" else {}))
        #: which model answers, and its size: written into every row beside the seconds
        self.model = model_card(self.client) if self.config.needs_llm else {"source": "none"}
        self.workbench = start_workbench(self.config.port)
        self.env = WorkbenchEnv(self.workbench)
        self.pid = os.getpid()
        self.episodes = 0

    def memory_mb(self) -> dict[str, float]:
        """Resident memory of this worker process and of its Chromium/driver children, in MiB."""
        import psutil  # optional (the [study] extra); loaded here only

        me = psutil.Process(self.pid)
        kids = me.children(recursive=True)
        rss = lambda ps: sum(p.memory_info().rss for p in ps if p.is_running()) / 2 ** 20  # noqa: E731
        return {"worker_mb": round(rss([me]), 1), "browser_mb": round(rss(kids), 1),
                "total_mb": round(rss([me, *kids]), 1)}

    def run(self, spec: dict[str, Any]) -> dict[str, Any]:
        """One episode: ``spec`` has ``arm``, ``task`` (a task id) and ``seed``. Never raises."""
        t0 = time.perf_counter()
        try:
            arm, task = get_arm(spec["arm"]), parse_task_id(spec["task"])
            row = self._episode(arm, task, int(spec.get("seed", 0)))
        except Exception as exc:  # noqa: BLE001 - a broken episode is a row with its error, not a lost study
            row = {"error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()[-2000:],
                   "success": None, "wall_s": round(time.perf_counter() - t0, 3)}
        self.episodes += 1
        return {**spec, **row, "config": self.config.to_dict(), "model": self.model, "load_1m": machine_load(),
                "worker": self.pid, "memory": self.memory_mb()}

    def _episode(self, arm: Arm, task: StudyTask, seed: int) -> dict[str, Any]:
        plans = [arm.plan(workbench_plan(wf, v)) for wf, v in task.parts]
        plan = composite_plan(task, plans)
        env = CompositeEnv(self.env, task, seed)
        executor = CompositeExecutor(task, plans, lambda wf, v, k: self._executor(wf, v, seed * 10 + k))
        budget = max(self.config.step_budget, 8 * len(task.parts))
        verifier = self._verifier(env, executor)
        ledgers = [getattr(self.client, "usage", None)]
        opts = arm.runner_options(verifier=verifier, repairer=self._repairer(), ledgers=ledgers)
        runner = Runner(env, executor, plan, planner=RestartPlanner(plan), gate=PolicyGate(approve=_approve),
                        budget=RepairBudget(3), kill_switch=KillSwitch(3, 5), step_budget=budget,
                        run_id=f"{arm.name}-{task.id}-{seed}-{uuid.uuid4().hex[:6]}",
                        usage=ledgers[0], **opts)
        mark = len(ledgers[0].calls) if ledgers[0] is not None else 0
        result = runner.run()
        calls = ledgers[0].calls[mark:] if ledgers[0] is not None else []
        return episode_row(result, task=task, env=env, executor=executor, timer=opts["verifier"], calls=calls)

    def _executor(self, workflow: str, variant: int, seed: int) -> Any:
        if self.config.executor == "llm":
            return LLMExecutor(self.client)
        if self.config.executor == "llm-choice":
            return ChoiceExecutor(self.client)
        if self.config.executor == "scripted" or not self.config.rates.any:
            return ScriptedExecutor(workflow, variant, seed)
        return ErringExecutor(workflow, variant, seed, self.config.rates)

    def _verifier(self, env: CompositeEnv, executor: Any) -> Any:
        if self.config.verifier == "oracle":
            return LiveOracleVerifier(env, executor)
        return get_verifier(self.config.verifier, client=self.client)

    def _repairer(self) -> Any:
        if self.config.repairer == "llm":
            return LLMRepairer(self.client, fallback=DeterministicRepairer())
        return DeterministicRepairer()

    def close(self) -> None:
        """Close the browser (its own finaliser kills Chromium if the close times out) and the server."""
        try:
            self.env.close()
        except Exception:  # noqa: BLE001 - a close that timed out on a loaded machine still stops the server
            pass
        finally:
            self.workbench.stop()


def machine_load() -> float | None:
    """The machine's one-minute load average, written beside measured seconds (``None`` where the
    platform has none): on shared cores a model's seconds grow with it."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:  # pragma: no cover - not available on this platform
        return None


def _approve(request: Any) -> Approval:
    """Every workbench task asks for its own save/approve: approve those (as ``fcpkit run`` does)."""
    return Approval(True, "task", "the workbench task asks for its own save/approve")
