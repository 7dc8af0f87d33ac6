"""BrowserGym experiments, guarded or not, run as a study: in this process or on Ray workers.

browsergym-experiments runs one experiment (``ExpArgs.run()``); AgentLab's ``Study`` runs many on
Ray, but AgentLab does not install beside fcpkit (it pins ``openai<2``; see docs/your-own-runs.md).
:func:`run_experiments` is the part of a study that matters here: each ``ExpArgs`` prepared into
the study folder, then run by a Ray task on one of ``workers`` workers (or here with
``workers=0``), each experiment writing its own folder as ``ExpArgs.run()`` always does, so the
study reads back with ``fcpkit check STUDY`` like any other. ``setup`` runs in each worker process
before its first experiment (an environment's base URL, the browser BrowserGym launches).

MiniWoB: :func:`miniwob_setup` is the setup for MiniWoB served at ``base_url`` (the lab's local
server), with Debian's Chromium and offline token counts (see
:mod:`fcpkit_lab.envs.record.browsergym_study`).
"""

from __future__ import annotations

import functools
import json
import os
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from browsergym.experiments import ExpArgs

from fcpkit.errors import ConfigError
from fcpkit_lab.envs.record.browsergym_study import offline_token_counts, use_debian_chromium
from fcpkit_lab.envs.study.engine import init_ray

__all__ = ["run_experiments", "miniwob_setup", "prepare_miniwob"]


def prepare_miniwob(base_url: str) -> None:
    """Make this process ready to run MiniWoB experiments served at ``base_url``."""
    os.environ["MINIWOB_URL"] = base_url
    import browsergym.miniwob  # noqa: F401 - registers the browsergym/miniwob.* environments

    use_debian_chromium()
    offline_token_counts()


def miniwob_setup(base_url: str) -> Callable[[], None]:
    """A picklable ``setup`` for :func:`run_experiments` (MiniWoB at ``base_url``)."""
    return functools.partial(prepare_miniwob, base_url)


_READY: set[Any] = set()


def _run_one(exp: ExpArgs, setup: Callable[[], None] | None) -> dict[str, Any]:
    """One experiment, in whatever process runs it; its row: folder, reward, error, time, worker."""
    key = repr(setup)
    if setup is not None and key not in _READY:
        setup()
        _READY.add(key)
    t0 = time.perf_counter()
    exp.run()
    summary = exp.exp_dir / "summary_info.json"
    info: dict[str, Any] = {}
    if summary.exists():
        info = json.loads(summary.read_text())
    return {"exp_dir": str(exp.exp_dir), "task": exp.env_args.task_name, "seed": exp.env_args.task_seed,
            "reward": info.get("cum_reward"), "err_msg": info.get("err_msg"), "wall_s": round(time.perf_counter() - t0, 3),
            "worker": os.getpid()}


def run_experiments(exps: Sequence[ExpArgs], root: str | Path, *, workers: int = 2, address: str | None = None,
                    setup: Callable[[], None] | None = None) -> list[dict[str, Any]]:
    """Prepare every experiment into ``root`` and run them (``workers=0``: here, one after the other;
    else Ray tasks on ``workers`` local CPUs, or on the cluster at ``address``). Returns a row per
    experiment, in the order given."""
    if not exps:
        raise ConfigError("run_experiments: no experiments to run")
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    for exp in exps:
        exp.prepare(root)
    if workers <= 0 and address is None:
        return [_run_one(exp, setup) for exp in exps]
    import ray  # lazy: Ray takes seconds to import and only a study on workers needs it

    started = not ray.is_initialized()
    if started:
        init_ray(ray, workers, address)
    try:
        task = ray.remote(num_cpus=1)(_run_one)
        return ray.get([task.remote(exp, setup) for exp in exps])  # type: ignore[no-any-return]
    finally:
        if started:
            ray.shutdown()
