"""Experience scaling (the paper's Figure 4, on the workbench): how well held-back tasks are handled
when the libraries were induced from 0, 10, 25, 50 and 100% of the training runs, with and without
the failure-repair library.

Training runs are the recorded workbench runs of the task variants not held back; the held-back
runs are every recorded run (healthy and faulty) of the held-back variant, whose tasks no skill or
failure case was induced from. For each fraction and repetition (a seeded sample of the training
runs) the libraries are induced, and each held-back task is planned by :class:`ExperiencePlanner`
(template planner, no model) with or without failure retrieval. Two ways to score a plan:

* ``offline`` (default, seconds): the generated plan is checked against the held-back run's
  *recording* with the offline checker (lower verifier bound). A healthy run is handled when the
  plan is confirmed to its end with no false alarm; a faulty run when the plan detects its fault.
  No plan (nothing retrieved fits) handles nothing.
* ``live`` (minutes): the held-back task is run in Chromium on the workbench by the
  :class:`fcpkit.Runner` with the generated plan and :class:`ExperienceRepairer`, healthy and with
  each fault; handled = the workbench's validator passes.

The result rows feed :func:`scaling_figure` (mean and standard deviation over repetitions).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Sequence

from fcpkit.eval.checker import Checker
from fcpkit.errors import FcpkitError
from fcpkit.agent.runtime import Runner
from fcpkit.core.trajectory import Trajectory
from fcpkit.agent.repair import DeterministicRepairer
from fcpkit.agent.memory import ExperiencePlanner, ExperienceRepairer, FailureRetriever, Library, SkillRetriever
from fcpkit.eval.induce import DeterministicInducer
from fcpkit.agent.guards import KillSwitch, PolicyGate, RepairBudget, approve_all
from fcpkit_lab.envs.executors.scripted import ScriptedExecutor
from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv

__all__ = ["FRACTIONS", "experience_scaling", "offline_outcome", "scaling_table", "scaling_figure", "split_runs",
           "workbench_live_runner"]

FRACTIONS: tuple[float, ...] = (0.0, 0.1, 0.25, 0.5, 1.0)


def split_runs(runs: Sequence[Trajectory], held_back_variant: int = 2) -> tuple[list[Trajectory], list[Trajectory]]:
    """``(training, held back)`` by the workbench task variant in the run id (``support-v2-...``)."""
    tag = f"-v{held_back_variant}-"
    return [t for t in runs if tag not in t.id], [t for t in runs if tag in t.id]


def _retarget(t: Trajectory, plan: Any) -> Trajectory:
    """The run with its steps' commitment labels kept only where the generated plan has that id."""
    ids = {c.id for c in plan.commitments}
    steps = tuple(s if s.commitment in ids or s.commitment is None else replace(s, commitment=None) for s in t.steps)
    return replace(t, steps=steps, plan=plan)


def offline_outcome(checker: Checker, t: Trajectory, plan: Any) -> bool:
    """Whether ``plan`` handles the recorded run ``t``: completes a healthy one with no false alarm,
    or detects the fault of a faulty one."""
    rep = checker.check(_retarget(t, plan), plan)
    if t.label.fault is None:
        return not rep.detected and set(rep.advanced) >= {c.id for c in plan.commitments}
    return rep.detected


def workbench_live_runner(workbench: Any, *, step_budget: int = 20,
                          on_result: Callable[[Trajectory, Any], None] | None = None
                          ) -> Callable[[ExperiencePlanner, Library, Trajectory], bool]:
    """A ``live_runner`` for :func:`experience_scaling`: runs the recorded run's task (its workflow,
    variant, fault and seed) in Chromium on ``workbench`` with the generated plan; repair consults the
    failure library when the planner does (else the deterministic repairer). Success = the
    workbench's validator."""

    def run(planner: ExperiencePlanner, lib: Library, t: Trajectory) -> bool:
        variant, seed = int(t.extra.get("variant", 0)), int(t.extra.get("seed", 0))
        repairer = (ExperienceRepairer(lib, failures=planner.failure_retriever, skills=planner.skill_retriever)
                    if planner.use_failures else DeterministicRepairer())
        fault = t.extra.get("injected_fault", t.label.fault)
        env = WorkbenchEnv(workbench, t.workflow, variant, fault, seed, params=t.extra.get("fault_params") or None)
        try:
            result = Runner(env, ScriptedExecutor(t.workflow, variant, seed), planner=planner, repairer=repairer,
                            gate=PolicyGate(approve=approve_all), budget=RepairBudget(3), kill_switch=KillSwitch(3, 5),
                            step_budget=step_budget, run_id=f"{t.id}-experience").run()
        finally:
            env.close()
        if on_result is not None:
            on_result(t, result)
        return bool(result.success)

    return run


def _planners(lib: Library, embedding_weight: float, embedder: Any) -> dict[bool, ExperiencePlanner]:
    skills = SkillRetriever(lib, embedding_weight=embedding_weight, bm25_weight=0.4 if embedding_weight else 1.0,
                            embedder=embedder)
    fails = FailureRetriever(lib, embedding_weight=0.5 if embedding_weight else 0.0,
                             lexical_weight=0.5 if embedding_weight else 1.0, embedder=embedder)
    return {use: ExperiencePlanner(lib, skills=skills, failures=fails, use_failures=use) for use in (False, True)}


def experience_scaling(training: Sequence[Trajectory], held_back: Sequence[Trajectory], *,
                       fractions: Sequence[float] = FRACTIONS, repetitions: int = 3, seed: int = 0,
                       embedding_weight: float = 0.6, embedder: Any = None, mode: str = "offline",
                       live_runner: Callable[[ExperiencePlanner, Library, Trajectory], bool] | None = None,
                       progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """One row per (fraction, repetition, failure library on/off): the share of held-back runs handled.

    ``mode="live"`` needs ``live_runner(planner, library, run) -> success`` (e.g. built on
    :class:`fcpkit.Runner` and the workbench, as notebook 05 does); the recorded run then only names
    the task and the fault to inject."""
    if mode not in ("offline", "live"):
        raise FcpkitError(f"mode must be 'offline' or 'live', got {mode!r}")
    if mode == "live" and live_runner is None:
        raise FcpkitError("mode='live' needs live_runner(planner, library, run) -> success")
    checker = Checker().fit(list(training) + list(held_back))
    rows: list[dict[str, Any]] = []
    for frac in fractions:
        for rep in range(repetitions if frac not in (0.0, 1.0) else 1):
            rng = random.Random(f"{seed}:{frac}:{rep}")
            n = round(len(training) * frac)
            sample = sorted(rng.sample(list(training), n), key=lambda t: t.id) if n else []
            lib = DeterministicInducer().induce(sample) if sample else Library()
            planners = _planners(lib, embedding_weight, embedder)
            for use_failures, planner in planners.items():
                handled = healthy_ok = faulty_ok = 0
                for t in held_back:
                    try:
                        plan = planner.plan(t.task)
                    except FcpkitError:
                        continue  # no plan: the task is not handled
                    planner.pop_retrievals()  # the records are for a Runner; here only the plan counts
                    ok = live_runner(planner, lib, t) if mode == "live" else offline_outcome(checker, t, plan)
                    handled += ok
                    healthy_ok += ok and t.label.fault is None
                    faulty_ok += ok and t.label.fault is not None
                n_healthy = sum(1 for t in held_back if t.label.fault is None)
                row = {"fraction": frac, "repetition": rep, "failure_library": use_failures, "training_runs": n,
                       "skills": len(lib.skills), "failure_cases": len(lib.failures), "held_back": len(held_back),
                       "handled": handled / len(held_back) if held_back else 0.0,
                       "healthy_completed": healthy_ok / n_healthy if n_healthy else 0.0,
                       # offline: the plan detects the fault; live: the run still passes its validator
                       "faulty_handled": faulty_ok / (len(held_back) - n_healthy) if len(held_back) > n_healthy else 0.0,
                       "mode": mode}
                rows.append(row)
                if progress is not None:
                    progress(row)
    return rows


def scaling_table(rows: Sequence[dict[str, Any]]):
    import pandas as pd

    df = pd.DataFrame(rows)
    return df.groupby(["failure_library", "fraction"], as_index=False).agg(
        handled=("handled", "mean"), handled_sd=("handled", "std"), healthy_completed=("healthy_completed", "mean"),
        faulty_handled=("faulty_handled", "mean"), faulty_handled_sd=("faulty_handled", "std"),
        skills=("skills", "mean"), failure_cases=("failure_cases", "mean"), repetitions=("repetition", "nunique"),
    ).round(4)


def scaling_figure(table: Any):
    """Share of held-back runs handled against the share of training runs, with and without the
    failure library (error bars: standard deviation over repetitions). The two curves often coincide
    (offline, the failure library changes an outcome only through the falsifiers its cases add):
    the one with the library is drawn dashed with open markers over the other, so that both show."""
    import plotly.graph_objects as go

    fig = go.Figure()
    styles = {False: ("skills only", dict(width=3), dict(size=9)),
              True: ("skills + failure library", dict(dash="dash"), dict(symbol="diamond-open", size=13))}
    for use, (name, line, marker) in styles.items():
        t = table[table.failure_library == use]
        fig.add_trace(go.Scatter(x=t["fraction"] * 100, y=t["handled"], mode="lines+markers", name=name,
                                 line=line, marker=marker,
                                 error_y=dict(type="data", array=t["handled_sd"].fillna(0), visible=True)))
    fig.update_layout(title="Experience scaling on held-back workbench tasks", template="plotly_white",
                      xaxis_title="training runs the libraries were induced from (%)",
                      yaxis_title="held-back runs handled", yaxis_range=[0, 1.02], height=500)  # as wide as its output
    return fig
