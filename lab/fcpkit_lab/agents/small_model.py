"""A small-model agent, guarded and not (``fcpkit bench agent``): fcpkit's LLM executor on an
embedded model acting in Chromium on MiniWoB++ tasks, run by BrowserGym's own loop, once bare and
once inside fcpkit's guard, on the same tasks and seeds.

Each episode is one ``ExpArgs`` (:mod:`.studies`): the unguarded arm is
:class:`~fcpkit_lab.agents.executor_agent.LLMAgentArgs`; the guarded arm is the same arguments inside
:class:`~fcpkit_lab.agents.guarded.GuardedAgentArgs`, with the episode's plan written from its goal
by the MiniWoB plan templates (:func:`fcpkit_lab.envs.miniwob.environment.plan_for`) and the
no-model verifier (``lower``): the only model in the loop is the agent's. An episode's row is read
back from the experiment folder: MiniWoB's reward (``summary_info.json``), the guard's evidence log
and the agent's model calls and seconds (``fcpkit_model_usage.json``). The guard catches a proposal
two ways before it runs: its action test falsifies the commitment (``caught_before``: the proposal
is rejected and the agent asked again with the reason, a local repair) or the gate holds a write on
a commitment that is falsified or unresolved (``held``). ``repairs`` counts every repair the guard
logged, those after a page too (a click that left the page unchanged is retried once).

The model's answers are recorded (``mode="record"``) so the episodes replay without a server
(``mode="replay"``): the pages are MiniWoB's for a seed, so the requests, and so the answers, repeat.
"""

from __future__ import annotations

import csv
import functools
import gzip
import json
import pickle  # noqa: S403 - BrowserGym's own step files, written by this process
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from browsergym.experiments import EnvArgs, ExpArgs

from fcpkit.eval.metrics import wilson
from fcpkit_lab.agents.executor_agent import USAGE_NAME, LLMAgentArgs
from fcpkit_lab.agents.guarded import LOG_NAME, GuardedAgentArgs
from fcpkit_lab.agents.studies import prepare_miniwob, run_experiments
from fcpkit_lab.envs.miniwob.environment import plan_for
from fcpkit_lab.envs.miniwob.server import MiniWoBServer

__all__ = ["ARMS", "DEFAULT_TASKS", "Episode", "episode_args", "read_episode", "run_agent_bench", "write_episodes",
           "read_episodes", "summary_rows"]

ARMS = ("unguarded", "guarded")
#: MiniWoB tasks with plan templates, from one click to a two-field form
DEFAULT_TASKS = ("click-button", "click-tab", "enter-text", "click-option", "click-checkboxes", "login-user")


@dataclass(frozen=True)
class Episode:
    """One episode's row: what MiniWoB scored, what the guard did, what the model cost."""

    arm: str
    model: str
    form: str
    task: str
    seed: int
    success: bool
    reward: float
    steps: int
    held: int
    caught_before: int
    repairs: int
    detections: int
    stop: str
    model_calls: int
    model_s: float
    reasks: int
    no_action: int
    actions: str
    wall_s: float
    error: str


def episode_args(task: str, seed: int, arm: str, *, model: str | None, form: str = "choice", mode: str = "live",
                 recording: str | None = None, max_steps: int = 6) -> ExpArgs:
    """The ``ExpArgs`` of one episode of ``arm`` (``unguarded`` or ``guarded``)."""
    agent = LLMAgentArgs(model=model, form=form, mode=mode, recording=recording)
    if arm == "guarded":
        agent = GuardedAgentArgs(agent_args=agent, plan_of=functools.partial(plan_for, task))
    elif arm != "unguarded":
        raise ValueError(f"arm {arm!r} is not one of {', '.join(ARMS)}")
    return ExpArgs(agent_args=agent, env_args=EnvArgs(task_name=f"miniwob.{task}", task_seed=seed,
                                                      max_steps=max_steps, headless=True), logging_level_stdout=40)


def _log(exp_dir: Path, wait_s: float) -> list[dict[str, Any]]:
    """The guard's evidence log once it holds the run's end (the guard's thread writes it last)."""
    path = exp_dir / LOG_NAME
    deadline = time.monotonic() + wait_s
    while True:
        recs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
        if any(r.get("event") == "run_end" for r in recs) or time.monotonic() > deadline:
            return recs
        time.sleep(0.1)


def _actions(exp_dir: Path) -> list[str]:
    out = []
    for i in range(len(list(exp_dir.glob("step_*.pkl.gz")))):
        with gzip.open(exp_dir / f"step_{i}.pkl.gz", "rb") as f:
            step = pickle.load(f)  # noqa: S301 - the folder this process just wrote
        if step.action:
            out.append(str(step.action))
    return out


def read_episode(exp_dir: str | Path, arm: str, task: str, seed: int, *, model: str, form: str,
                 wall_s: float = 0.0, wait_s: float = 30.0) -> Episode:
    """An episode's row from its experiment folder (see the module docstring)."""
    exp_dir = Path(exp_dir)
    summary = json.loads((exp_dir / "summary_info.json").read_text())
    usage_path = exp_dir / USAGE_NAME
    usage = json.loads(usage_path.read_text()) if usage_path.exists() else {}
    recs = _log(exp_dir, wait_s) if arm == "guarded" else []
    held = sum(1 for r in recs if r.get("event") == "gate" and r.get("allowed") is False)
    before = sum(1 for r in recs if r.get("kind") == "decision" and r.get("phase") == "pre"
                 and r.get("decision") != "continue")
    stops = [r for r in recs if r.get("event") == "stop"]
    stop = str(stops[-1].get("reason")) if stops else ""
    reward = float(summary.get("cum_reward") or 0.0)
    actions = _actions(exp_dir)
    return Episode(arm, usage.get("model") or model, form, task, seed, reward > 0, round(reward, 4), len(actions),
                   held, before, sum(1 for r in recs if r.get("kind") == "repair"),
                   sum(1 for r in recs if r.get("kind") == "decision" and r.get("decision") != "continue"),
                   stop, int(usage.get("calls", 0)), float(usage.get("seconds", 0.0)), int(usage.get("reasks", 0)),
                   int(usage.get("no_action", 0)), " ; ".join(actions)[:400], round(wall_s, 2),
                   str(summary.get("err_msg") or "")[:200])


def run_agent_bench(tasks: Sequence[str], seeds: Iterable[int], *, arms: Sequence[str] = ARMS, model: str | None = None,
                    form: str = "choice", mode: str = "live", recording: str | Path | None = None, max_steps: int = 6,
                    root: str | Path, on_episode: Callable[[Episode], None] | None = None) -> list[Episode]:
    """Every task x seed x arm, one episode at a time in this process, MiniWoB served here. Arms
    alternate within a task and seed, so both see the model server at the same load."""
    seeds = list(seeds)
    rows: list[Episode] = []
    name = model or "default"
    with MiniWoBServer() as server:
        prepare_miniwob(server.base_url)
        for task in tasks:
            for seed in seeds:
                for arm in arms:
                    exp = episode_args(task, seed, arm, model=model, form=form, mode=mode,
                                       recording=str(recording) if recording else None, max_steps=max_steps)
                    t0 = time.perf_counter()
                    run_experiments([exp], root, workers=0)
                    row = read_episode(exp.exp_dir, arm, task, seed, model=name, form=form,
                                       wall_s=time.perf_counter() - t0)
                    rows.append(row)
                    if on_episode is not None:
                        on_episode(row)
    return rows


COLUMNS = tuple(f.name for f in fields(Episode))


def write_episodes(rows: Sequence[Episode], path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow(asdict(r))
    return path


def read_episodes(path: str | Path) -> list[Episode]:
    types = {f.name: f.type for f in fields(Episode)}
    out = []
    with Path(path).open(newline="") as fh:
        for raw in csv.DictReader(fh):
            kw: dict[str, Any] = {}
            for k, v in raw.items():
                t = types[k]
                kw[k] = (v == "True") if t == "bool" else int(v) if t == "int" else float(v) if t == "float" else v
            out.append(Episode(**kw))
    return out


def summary_rows(rows: Sequence[Episode]) -> list[dict[str, Any]]:
    """Per arm (and model): successes with their Wilson 95% interval, held actions, repairs, model
    calls and seconds per episode."""
    out = []
    for key in dict.fromkeys((r.model, r.arm) for r in rows):
        rs = [r for r in rows if (r.model, r.arm) == key]
        k, n = sum(r.success for r in rs), len(rs)
        lo, hi = wilson(k, n)
        out.append({"model": key[0], "arm": key[1], "episodes": n, "successes": k, "success_rate": k / n,
                    "ci_low": lo, "ci_high": hi, "held": sum(r.held for r in rs),
                    "caught_before": sum(r.caught_before for r in rs),
                    "episodes_caught": sum(r.held + r.caught_before > 0 for r in rs),
                    "repairs": sum(r.repairs for r in rs),
                    "calls_per_episode": sum(r.model_calls for r in rs) / n,
                    "model_s_per_episode": sum(r.model_s for r in rs) / n,
                    "reasks": sum(r.reasks for r in rs), "no_action": sum(r.no_action for r in rs),
                    "steps_per_episode": sum(r.steps for r in rs) / n})
    return out
