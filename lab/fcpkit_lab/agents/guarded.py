"""fcpkit's guard around any BrowserGym agent (and so any AgentLab agent).

``GuardedAgentArgs(agent_args=YourAgentArgs(...), plan=...)`` is an ``AgentArgs`` like the one it
wraps: put it in an ``ExpArgs`` (or an AgentLab study) and the experiment runs as before, with
fcpkit's :class:`~fcpkit.agent.runtime.Runner` around the agent (:mod:`.bridge` says how the two
loops take turns):

* each action the agent proposes is tested before it runs (the action tester on the active
  commitment, the report check, the verifier on an escalation) and goes through the policy gate;
  a write on a falsified (or unresolved) commitment is **held**: it never reaches the browser, and
  the agent is asked again on the same page with the reason in its observation
  (``obs["fcpkit_feedback"]`` and ``obs["last_action_error"]``);
* each new page is tested after (state tester, anomaly rules), commitments advance, and a
  detection is repaired as the Runner repairs it (hint to the agent, backtracking, replanning);
* the evidence log (every test, decision, gate decision, repair and stop) is written, record by
  record, to ``fcpkit_evidence.jsonl`` in the experiment folder, beside ``summary_info.json``;
  each step's ``agent_info.extra_info["fcpkit"]`` says what the guard decided about its action;
* when the Runner stops the run for any reason but the plan being done or the agent reporting
  (a guard parked it, a detection nobody can repair, a budget ran out) the agent returns no
  action, which BrowserGym records as a truncated episode; the reason is the step's ``think``.
  After the plan is complete (or the agent reported) the wrapped agent goes on unguarded: no
  commitment is left to test its actions against.

No plan: the goal becomes one commitment without evidence (as for an imported run), so the
built-in falsifiers and anomaly rules still test every page. A plan that depends on the episode
(MiniWoB's goal changes with the seed) is written from the goal by ``plan_of`` when the first page
comes.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
import warnings
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from browsergym.experiments import AbstractAgentArgs, Agent

from fcpkit.agent.runtime import Runner
from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import Plan, load_plan
from fcpkit.core.trajectory import Action
from fcpkit.errors import ConfigError
from fcpkit.llm.components.registry import verifier_names
from fcpkit.llm.components.verifier import LLMVerifier
from fcpkit_lab.agents.bridge import AgentExecutor, EpisodeEnded, TurnEnvironment, Turns
from fcpkit_lab.importers.browsergym import goal_plan, page_of
from fcpkit_lab.llm import default_client

__all__ = ["LOG_NAME", "GOES_ON", "GuardedAgent", "GuardedAgentArgs", "experiment_dir"]

#: the evidence log's file name in the experiment folder
LOG_NAME = "fcpkit_evidence.jsonl"
#: who answers an escalation (see :class:`GuardedAgentArgs`)
VERIFIERS = tuple(verifier_names("guard"))
#: stop reasons after which the wrapped agent goes on unguarded: the plan is done or the agent
#: itself said it is; after any other stop (a guard parked the run, a detection nobody can
#: repair, a budget spent) the guard ends the episode
GOES_ON = frozenset({"plan_complete", "reported", "infeasible"})


def experiment_dir() -> Path | None:
    """The folder of the experiment ``ExpArgs.run()`` is running in this process: the one whose
    ``experiment.log`` it attached to the root logger (the last one, the innermost run)."""
    for h in reversed(logging.getLogger().handlers):
        name = getattr(h, "baseFilename", "")
        if isinstance(h, logging.FileHandler) and name.endswith("experiment.log"):
            folder = Path(name).parent
            if (folder / "exp_args.pkl").exists():
                return folder
    return None


def _as_plan(plan: Plan | Mapping[str, Any] | str | Path | None) -> Plan | None:
    if plan is None or isinstance(plan, Plan):
        return plan
    if isinstance(plan, (str, Path)):
        return load_plan(plan)
    return Plan.from_data(dict(plan), source="GuardedAgentArgs.plan")


class GuardedAgent(Agent):
    """A BrowserGym agent that runs ``agent`` under fcpkit's Runner (see the module docstring).

    ``runner_options`` go to :class:`~fcpkit.agent.runtime.Runner` (``step_budget``,
    ``gate_block_limit``, ``verifier``, ``gate``, ``repairer``...). ``log_path=None`` keeps the
    evidence log in memory (:attr:`log`). ``experiment`` is the experiment folder: the episode is
    over when BrowserGym writes its ``summary_info.json`` there (the agent is told nothing else);
    without one, :meth:`close` (or the agent being collected) ends the run."""

    def __init__(self, agent: Agent, plan: Plan | Mapping[str, Any] | str | Path | None = None, *,
                 log_path: str | Path | None = None, run_id: str = "browsergym",
                 runner_options: Mapping[str, Any] | None = None, experiment: str | Path | None = None,
                 plan_of: Callable[[str], Plan] | None = None) -> None:
        self.agent = agent
        self.plan_of = plan_of
        self.action_set = agent.action_set
        self.plan = _as_plan(plan)
        self.log = EvidenceLog(log_path)
        self.run_id = run_id
        self.options = dict(runner_options or {})
        self.turns = Turns()
        self.executor = AgentExecutor(agent, self.turns)
        self.experiment = Path(experiment) if experiment is not None else None
        self.runner: Runner | None = None
        self._thread: threading.Thread | None = None
        # BrowserGym never says the episode is over; the agent going away (or close()) does
        self._finalizer = weakref.finalize(self, _end_run, self.turns, None, self.log)

    # -- BrowserGym's Agent interface -------------------------------------------------------
    def obs_preprocessor(self, obs: dict) -> Any:
        """The wrapped agent's preprocessing; the raw page (its accessibility tree) goes to the Runner."""
        processed = self.agent.obs_preprocessor(obs)
        if self._thread is None:
            self._start(str(obs.get("goal") or ""))
        if self._thread is not None and self._thread.is_alive():
            self.turns.page(page_of(obs))
        return processed

    def get_action(self, obs: Any) -> tuple[str | None, dict[str, Any]]:
        if self._thread is not None and self._thread.is_alive():
            answer = self.turns.ask(obs)
            if answer.kind == "act":
                assert answer.command is not None
                return answer.command, answer.info
            self._thread.join()
        return self._after_stop(obs)

    def close(self) -> None:
        """End the guarded run now (its stop and ``run_end`` are logged) and close the log."""
        self._finalizer()

    # -- the run ------------------------------------------------------------------------------
    def _start(self, goal: str) -> None:
        plan = self.plan or (self.plan_of(goal) if self.plan_of is not None else goal_plan(goal))
        env = TurnEnvironment(self.turns, self.executor, task=goal or plan.task)
        self.runner = Runner(env, self.executor, plan, log=self.log, run_id=self.run_id,
                             **{"step_budget": 100, **self.options})
        env.note = _note_for(self.runner)
        self.turns.on_end = functools.partial(_interrupted, self.runner)
        self._thread = threading.Thread(target=_run, args=(self.runner, self.turns), daemon=True,
                                        name=f"fcpkit-guard-{self.run_id}")
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _end_run, self.turns, self._thread, self.log)
        self._thread.start()
        if self.experiment is not None:
            threading.Thread(target=_watch, args=(self.experiment / "summary_info.json", self.turns, self._thread),
                             daemon=True, name=f"fcpkit-guard-watch-{self.run_id}").start()

    def _after_stop(self, obs: Any) -> tuple[str | None, dict[str, Any]]:
        """The Runner has stopped: re-raise the agent's own error, end a parked run, or let the agent go on."""
        if self.executor.error is not None:
            raise self.executor.error
        runner = self.runner
        reason = runner.stop_reason if runner is not None else None
        detail = runner.stop_detail if runner is not None else None
        note = {"fcpkit": {"stop_reason": reason, "stop_detail": detail}}
        if self.executor.done:
            return None, {"think": "The agent returned no action.", "extra_info": note}
        if reason not in GOES_ON:
            return None, {"think": f"fcpkit parked the run ({reason}): {detail}", "extra_info": note}
        command, info = self.agent.get_action(obs)
        return command, info


def _note_for(runner: Runner):
    """What each step's ``agent_info.extra_info["fcpkit"]`` records: the commitment, the action's
    effect and the gate's decision on it. Holds the runner, never the agent (see ``weakref.finalize``)."""
    def note(action: Action) -> dict[str, Any]:
        gate = runner.gate.decisions[-1].to_dict() if runner.gate.decisions else None
        c = runner.tracker.commitment.id if runner.tracker is not None and not runner.tracker.finished else None
        return {"commitment": c, "effect": action.effect, "gate": gate, "hint": runner.hint,
                "held": [a.command for a in runner.rejected], "by": (action.extra or {}).get("runner", "agent")}
    return note


def _interrupted(runner: Runner, why: str) -> None:
    runner.interrupt(why)  # the Runner's own stop record, as for a Ctrl-C


def _run(runner: Runner, turns: Turns) -> None:
    t0 = time.perf_counter()
    try:
        runner.run()
    except EpisodeEnded:
        # the run was cut at the episode's end (its stop is logged as interrupted): record its end
        # as the Runner's own finish does, so the log closes with run_end and a result
        runner.end(t0)
    except BaseException as exc:  # noqa: BLE001 - a crash is logged by the Runner; the turns must still end
        warnings.warn(f"fcpkit guard: the run crashed ({type(exc).__name__}: {exc})", stacklevel=1)
    finally:
        turns.stopped()


def _watch(summary: Path, turns: Turns, runner: threading.Thread, every_s: float = 0.1) -> None:
    """End the run when BrowserGym writes the experiment's summary (its loop is over)."""
    while runner.is_alive() and not turns.ended.is_set():
        if summary.exists():
            turns.end()
            return
        time.sleep(every_s)


def _end_run(turns: Turns, thread: threading.Thread | None, log: EvidenceLog) -> None:
    turns.end()
    if thread is not None and thread is not threading.current_thread():
        thread.join(timeout=60)
    log.close()


@dataclass
class GuardedAgentArgs(AbstractAgentArgs):
    """``AgentArgs`` that wrap another agent's ``AgentArgs`` in :class:`GuardedAgent`.

    ``plan`` is a plan's data (``Plan.to_data()``, as YAML reads it) or a YAML path, or ``None``
    (the goal as one commitment); a :class:`~fcpkit.core.plan.Plan` is stored as its data, so the
    experiment's ``exp_args.pkl`` holds plain values. The evidence log goes to the experiment
    folder; outside ``ExpArgs.run()`` to ``log_dir`` when given, else memory.

    ``verifier``: who answers an escalation. ``"lower"`` (the default, no model) keeps going but
    leaves it *unresolved*, so a write right after one is held (fail closed); ``"llm"`` asks
    fcpkit's LLM verifier (the embedded model, or the endpoint in ``OPENAI_BASE_URL``), made in the
    worker that runs the experiment. ``runner_options`` must pickle (they travel in ``exp_args.pkl``
    and to Ray's workers)."""

    agent_args: AbstractAgentArgs | None = None
    plan: Any = None
    runner_options: dict[str, Any] = field(default_factory=dict)
    log_dir: str | None = None
    verifier: str = "lower"
    agent_name: str | None = None
    #: writes the plan from the episode's goal when ``plan`` is None (picklable: a module-level
    #: function or a ``functools.partial`` of one, as ``partial(plan_for, "enter-text")``)
    plan_of: Callable[[str], Plan] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.agent_args, AbstractAgentArgs):
            raise ConfigError(f"GuardedAgentArgs: agent_args must be a BrowserGym AgentArgs, not "
                              f"{type(self.agent_args).__name__}")
        if self.verifier not in VERIFIERS:
            raise ConfigError(f"GuardedAgentArgs: verifier {self.verifier!r} is not one of {', '.join(VERIFIERS)}")
        if isinstance(self.plan, Plan):
            self.plan = self.plan.to_data()
        elif self.plan is not None:
            _as_plan(self.plan)  # a bad plan is refused here, before any experiment starts
        if self.agent_name is None:
            self.agent_name = f"Guarded-{self.agent_args.agent_name}"

    def prepare(self) -> None:
        self.agent_args.prepare()

    def close(self) -> None:
        self.agent_args.close()

    def set_benchmark(self, benchmark: Any, demo_mode: bool) -> None:
        """AgentLab's study hook, passed on to the wrapped arguments when they have it."""
        hook = getattr(self.agent_args, "set_benchmark", None)
        if callable(hook):
            hook(benchmark, demo_mode)

    def make_agent(self) -> GuardedAgent:
        folder = experiment_dir()
        path = folder / LOG_NAME if folder is not None else (Path(self.log_dir) / LOG_NAME if self.log_dir else None)
        options = dict(self.runner_options)
        if self.verifier == "llm":
            options["verifier"] = LLMVerifier(default_client())
        return GuardedAgent(self.agent_args.make_agent(), self.plan, log_path=path,
                            run_id=folder.name if folder is not None else "browsergym",
                            runner_options=options, experiment=folder, plan_of=self.plan_of)
