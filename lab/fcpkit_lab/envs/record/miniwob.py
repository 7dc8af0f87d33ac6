"""Recording MiniWoB++ runs: healthy and corrupted episodes in the corpus format.

Per task, healthy episodes and one corrupted episode per corruption kind (see
:mod:`fcpkit_lab.envs.miniwob.environment`), each with its plan instantiated from the task's template.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Sequence

from fcpkit.core.plan import dump_plan
from fcpkit.core.trajectory import Label, Trajectory, dump_corpus
from fcpkit_lab.envs.miniwob.environment import CORRUPTIONS, MINIWOB_TASKS, MiniWoBEnv, MiniWoBExecutor, applicable, plan_for
from fcpkit_lab.envs.record.recorder import run_episode

__all__ = ["record_miniwob"]


def record_miniwob(out_dir: str | Path, seed: int = 0, *, tasks: Sequence[str] = MINIWOB_TASKS,
                   seeds_per_task: int = 3, budget: int = 8, screenshots: bool = False,
                   progress: Callable[[str], None] | None = print) -> Path:
    """Record healthy and corrupted MiniWoB runs into ``out_dir/corpus.jsonl`` (+ ``plans/``).

    Per task: ``seeds_per_task`` healthy episodes, and for each of them one corrupted episode
    per corruption kind, at a step drawn (deterministically) from the solution's steps.
    Labels: ``fault`` = the corruption kind, ``first_off_track_step`` = the corrupted step;
    a corruption that still earns the full raw reward (it happened not to matter, e.g. skipping
    a select whose option was already chosen) is labelled healthy with ``injected`` /
    ``harmless: true`` kept in the label. ``outcome.success`` is BrowserGym's (raw reward > 0,
    lenient for click-checkboxes: one wrong box of five still scores 0.6); ``outcome.raw_reward``
    is MiniWoB's own score.
    """
    out = Path(out_dir)
    (out / "plans").mkdir(parents=True, exist_ok=True)
    trajectories: list[Trajectory] = []
    t0 = time.monotonic()
    n = 0
    for task in tasks:
        env = MiniWoBEnv(task, seed=seed, screenshots=screenshots,
                         screenshot_dir=(out / "screenshots") if screenshots else None)
        try:
            for r in range(seeds_per_task):
                ep_seed = seed * 1000 + r
                # healthy run first: its solution length decides where corruptions may go
                runs: list[tuple[str | None, int | None]] = [(None, None)]
                probe = MiniWoBExecutor(task, seed=ep_seed)
                obs0 = env.reset(ep_seed)
                probe.solution(env.task, obs0.text)
                rng = random.Random(f"{task}:{ep_seed}")
                for kind in CORRUPTIONS:
                    where = [i for i, p in enumerate(probe.planned or []) if applicable(kind, p)]
                    if where:
                        runs.append((kind, rng.choice(where)))
                for kind, k in runs:
                    executor = MiniWoBExecutor(task, corrupt_step=k, corruption=kind, seed=ep_seed)
                    goal_holder: dict[str, Any] = {}

                    def reset(ep_seed=ep_seed, goal_holder=goal_holder):
                        o = env.reset(ep_seed)
                        goal_holder["goal"] = env.task
                        return o

                    tid = f"miniwob-{task}-s{ep_seed}-{kind or 'healthy'}" + (f"-k{k}" if kind else "")
                    # the plan depends on the goal, which the reset reveals: plan from a dry reset
                    plan = plan_for(task, _goal_of(env, ep_seed))
                    rel = f"plans/{task}-s{ep_seed}.yaml"
                    if not (out / rel).exists():
                        dump_plan(plan, out / rel)

                    def label(steps, kind=kind, k=k, executor=executor):
                        if kind is None:
                            return Label(None, None)
                        return Label(kind, k, {"corruption": executor.applied, "rule": "corrupted step (by construction)"})

                    ep = run_episode(env, executor, plan, budget=budget, reset=reset, traj_id=tid, plan_ref=rel,
                                     workflow=f"miniwob.{task}", label_fn=label,
                                     extra={"seed": ep_seed, "source": "miniwob", "injected_fault": kind,
                                            "corrupt_step": k, "executor": executor.name})
                    traj = ep.trajectory
                    raw = float(ep.outcome.extra.get("raw_reward", 0.0))
                    traj = replace(traj, outcome={**traj.outcome, "reward": ep.outcome.extra.get("reward"),
                                                  "raw_reward": raw})
                    if kind is not None and raw >= 1.0:  # the corruption did not change the result
                        traj = replace(traj, label=Label(None, None, {"injected": kind, "corrupt_step": k,
                                                                      "corruption": executor.applied, "harmless": True}))
                    trajectories.append(traj)
                    n += 1
                    if progress:
                        progress(f"[{n:3d}] {tid:45s} steps={len(traj.steps)} success={ep.outcome.success!s:5s} "
                                 f"label=({traj.label.fault}, {traj.label.first_off_track_step}) {ep.elapsed_s:4.1f}s")
        finally:
            env.close()
    path = dump_corpus(trajectories, out / "corpus.jsonl")
    if progress:
        progress(f"wrote {len(trajectories)} trajectories to {path} in {time.monotonic() - t0:.0f} s")
    return path


def _goal_of(env: MiniWoBEnv, seed: int) -> str:
    if env.browser_task is None or env.seed != seed or not env.task:
        env.reset(seed)
    return env.task
