"""Run a study: (arm x task x seed) episodes on Ray workers, one row per episode streamed to JSONL.

* ``workers=N`` starts a local Ray with N CPUs; ``address=`` joins an existing cluster unchanged
  (``ray://`` or ``host:port`` or ``auto``); ``workers=0`` runs in this process (no Ray: tests,
  debugging). Each worker is an actor that owns one workbench server and one Chromium for its life.
  ``backend="processes"`` runs the same workers in a local process pool instead of Ray (for a
  machine where a local Ray will not start).
* Rows are appended (and flushed) to ``out`` as episodes finish; a killed study run again with the
  same ``out`` skips every episode whose row is there (the key is ``arm|task|seed``).
* A tqdm bar shows episodes done, the rate and the ETA.
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.util
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from tqdm.auto import tqdm

from fcpkit.agent.arms import get_arm
from fcpkit_lab.envs.study.tasks import StudyTask
from fcpkit_lab.envs.study.worker import EpisodeWorker, StudyConfig
from fcpkit.errors import ConfigError

BACKENDS = ("ray", "processes")

__all__ = ["BACKENDS", "StudySpec", "episode_key", "episodes", "done_keys", "run_study", "read_rows", "init_ray"]


@dataclass(frozen=True)
class StudySpec:
    arms: tuple[str, ...]
    tasks: tuple[StudyTask, ...]
    seeds: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        for a in self.arms:
            get_arm(a)
        if not self.tasks or not self.arms or not self.seeds:
            raise ConfigError("a study needs at least one arm, one task and one seed")


def episode_key(row: dict[str, Any]) -> str:
    return f"{row['arm']}|{row['task']}|{row['seed']}"


def episodes(spec: StudySpec) -> list[dict[str, Any]]:
    """Every episode of the study, task-major so that arms of one task run close together in time."""
    return [{"arm": a, "task": t.id, "seed": s} for s in spec.seeds for t in spec.tasks for a in spec.arms]


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a study file; a line cut off by a kill is skipped (its episode runs again)."""
    p = Path(path)
    if not p.exists():
        return []
    rows = []
    for line in p.read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def done_keys(path: str | Path) -> set[str]:
    return {episode_key(r) for r in read_rows(path) if "arm" in r and not r.get("error")}


def run_study(spec: StudySpec, out: str | Path, *, config: StudyConfig | None = None, workers: int = 2,
              address: str | None = None, progress: bool = True, limit: int | None = None,
              on_row: Callable[[dict[str, Any]], None] | None = None, backend: str = "ray") -> dict[str, Any]:
    """Run every episode of ``spec`` not already in ``out``; returns a summary (episodes, seconds,
    episodes per minute, workers, memory per worker)."""
    config = config or StudyConfig()
    if backend not in BACKENDS:
        raise ConfigError(f"study backend must be one of {', '.join(BACKENDS)}; got {backend!r}")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = done_keys(out)
    todo = [e for e in episodes(spec) if episode_key(e) not in done]
    if limit is not None:
        todo = todo[:limit]
    t0 = time.perf_counter()
    bar = tqdm(total=len(todo), desc="study", unit="ep", disable=not progress, dynamic_ncols=True)
    if out.exists() and out.stat().st_size and not out.read_bytes().endswith(b"\n"):
        with out.open("a") as fh:  # a row cut off by a kill: end its line so the next row stands alone
            fh.write("\n")
    with out.open("a") as fh:
        def emit(row: dict[str, Any]) -> None:
            fh.write(json.dumps(row, default=str) + "\n")
            fh.flush()
            bar.update(1)
            bar.set_postfix_str(f"{row['arm']} {'ok' if row.get('success') else 'fail'}")
            if on_row is not None:
                on_row(row)

        try:
            if workers <= 0 and address is None:
                memory = _run_local(todo, config, emit)
            elif backend == "processes" and address is None:
                memory = _run_processes(todo, config, emit, workers=workers)
            else:
                memory = _run_ray(todo, config, emit, workers=max(1, workers), address=address)
        finally:
            bar.close()
    wall = time.perf_counter() - t0
    return {"episodes": len(todo), "skipped": len(done), "wall_s": round(wall, 2),
            "episodes_per_min": round(len(todo) / wall * 60, 2) if wall > 0 and todo else 0.0,
            "workers": workers if address is None else "cluster", "backend": backend if workers > 0 else "in-process",
            "memory": memory}


#: tries at starting a local Ray: its raylet gives the dashboard agent a fixed 15 s to write its
#: port files (ray-project/ray#65983), which a loaded machine sometimes misses
RAY_START_TRIES = 3


def init_ray(ray: Any, workers: int, address: str | None) -> None:
    """Join the cluster at ``address``, or start a local Ray with ``workers`` CPUs (retried: see above)."""
    if address is not None:
        try:
            ray.init(address=address, log_to_driver=False)
        except Exception as exc:  # noqa: BLE001 - Ray raises plain Exceptions and ConnectionErrors
            raise ConfigError(f"cannot join the Ray cluster at {address!r}: {exc}") from None
        return
    last: Exception | None = None
    for _ in range(RAY_START_TRIES):
        try:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            return
        except Exception as exc:  # noqa: BLE001
            last = exc
            ray.shutdown()
    raise ConfigError(f"a local Ray did not start in {RAY_START_TRIES} tries ({last}); on a loaded machine its "
                      "raylet can time out waiting for the dashboard agent (ray-project/ray#65983): retry, start "
                      "one with `ray start --head` and pass --address, or run with --workers 0 (no Ray)")


def _run_local(todo: Sequence[dict[str, Any]], config: StudyConfig, emit: Callable[[dict[str, Any]], None]) -> list[dict]:
    if not todo:
        return []
    worker = EpisodeWorker(config)
    try:
        for ep in todo:
            emit(worker.run(ep))
        return [worker.memory_mb()]
    finally:
        worker.close()


def _run_ray(todo: Sequence[dict[str, Any]], config: StudyConfig, emit: Callable[[dict[str, Any]], None], *,
             workers: int, address: str | None) -> list[dict]:
    import ray  # the engine's one place that loads Ray

    if not todo:
        return []
    started = not ray.is_initialized() and address is None
    if not ray.is_initialized():
        init_ray(ray, workers, address)
    n = workers if address is None else max(1, min(workers, int(ray.cluster_resources().get("CPU", 1))))
    Actor = ray.remote(num_cpus=1)(EpisodeWorker)
    actors = [Actor.remote(config) for _ in range(min(n, len(todo)))]
    queue = list(todo)
    pending: dict[Any, Any] = {}
    try:
        for a in actors:
            if queue:
                pending[a.run.remote(queue.pop(0))] = a
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            ref = ready[0]
            actor = pending.pop(ref)
            emit(ray.get(ref))
            if queue:
                pending[actor.run.remote(queue.pop(0))] = actor
        return ray.get([a.memory_mb.remote() for a in actors])  # type: ignore[no-any-return]
    finally:
        for a in actors:
            try:
                ray.get(a.close.remote(), timeout=60)
            except Exception:  # noqa: BLE001 - a dead actor has nothing left to close
                pass
            ray.kill(a)
        if started:
            ray.shutdown()


_POOL_WORKER: EpisodeWorker | None = None


def _pool_init(config: StudyConfig) -> None:
    """A pool process's worker: made once, closed when the process exits (multiprocessing's finaliser)."""
    global _POOL_WORKER
    _POOL_WORKER = EpisodeWorker(config)
    multiprocessing.util.Finalize(None, _POOL_WORKER.close, exitpriority=10)


def _pool_run(ep: dict[str, Any]) -> dict[str, Any]:
    assert _POOL_WORKER is not None
    return _POOL_WORKER.run(ep)


def _run_processes(todo: Sequence[dict[str, Any]], config: StudyConfig, emit: Callable[[dict[str, Any]], None], *,
                   workers: int) -> list[dict]:
    if not todo:
        return []
    ctx = multiprocessing.get_context("spawn")
    last: dict[int, dict] = {}
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_pool_init, initargs=(config,)) as pool:
        futures = [pool.submit(_pool_run, ep) for ep in todo]
        for fut in as_completed(futures):
            row = fut.result()
            last[row.get("worker", 0)] = row.get("memory", {})
            emit(row)
    return list(last.values())
