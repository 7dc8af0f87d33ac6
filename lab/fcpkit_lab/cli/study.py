"""``fcpkit study``: live ablation and efficiency runs on the workbench (or WebArena), on Ray.

    fcpkit study --workers 2 --arms all --sample 16 --composites 8 --out data/results/study/workbench.jsonl

Rows stream to ``--out`` as episodes finish; the same command run again resumes (finished episodes
are skipped). ``--summary`` prints the per-arm table of a finished file without running anything.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from fcpkit.agent.arms import arm_names
from fcpkit.cli.common import RESULTS, SafePath, friendly
from fcpkit_lab.envs.executors.erring import ErrorRates
from fcpkit_lab.envs.study import EXECUTORS, VERIFIERS, StudyConfig, StudySpec, read_rows, run_study, task_set
from fcpkit_lab.envs.workbench import FAULT_KINDS, WORKFLOWS
from fcpkit.errors import ConfigError
from fcpkit_lab.eval.study import arm_table, format_arm_table

__all__ = ["study"]

DEFAULT_OUT = RESULTS / "study" / "workbench.jsonl"


def _list(value: str, allowed: list[str] | tuple[str, ...], what: str) -> tuple[str, ...]:
    items = list(allowed) if value == "all" else [v.strip() for v in value.split(",") if v.strip()]
    bad = [v for v in items if v not in allowed]
    if bad:
        raise ConfigError(f"--{what}: unknown {', '.join(bad)}; choose from {', '.join(allowed)} or 'all'")
    return tuple(items)


@click.command("study")
@click.option("--arms", default="all", show_default=True, help=f"Comma-separated arms or 'all' ({', '.join(arm_names())}).")
@click.option("--workflows", default="all", show_default=True, help="Comma-separated workbench workflows or 'all'.")
@click.option("--faults", default="all", show_default=True, help="Comma-separated faults (and/or 'healthy') or 'all'.")
@click.option("--sample", type=int, default=None, help="Keep this many single tasks, spread over workflows and faults.")
@click.option("--composites", type=int, default=8, show_default=True, help="Composite (multi-part, long) tasks.")
@click.option("--seeds", default="0", show_default=True, help="Comma-separated seeds.")
@click.option("--verifier", type=click.Choice(VERIFIERS), default="lower", show_default=True,
              help="The slow path: lower (no model), oracle (the injected labels), split or llm (an LLM).")
@click.option("--executor", type=click.Choice(EXECUTORS), default="erring", show_default=True,
              help="scripted, erring (scripted with seeded LLM-like errors) or llm (a real endpoint).")
@click.option("--repairer", type=click.Choice(["deterministic", "llm"]), default="deterministic", show_default=True,
              help="Who repairs a falsified commitment: the rule-based repairer, or the LLM repairer (needs an endpoint).")
@click.option("--error-rate", type=float, default=0.02, show_default=True, help="Per-action rate of each error kind.")
@click.option("--workers", type=int, default=2, show_default=True, help="Local Ray workers (0: in this process).")
@click.option("--backend", type=click.Choice(["ray", "processes"]), default="ray", show_default=True,
              help="ray (actors; --address joins a cluster) or processes (a local process pool, no Ray).")
@click.option("--address", default=None, help="Join this Ray cluster instead of starting one (e.g. auto, host:6379).")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), default=DEFAULT_OUT, show_default=True,
              help="Rows file (JSON Lines), one row per episode, appended as episodes finish; a rerun resumes it.")
@click.option("--limit", type=int, default=None, help="Run at most this many of the remaining episodes.")
@click.option("--summary", is_flag=True, help="Print the per-arm table of --out and exit.")
@friendly
def study(arms: str, workflows: str, faults: str, sample: int | None, composites: int, seeds: str, verifier: str,
          executor: str, repairer: str, error_rate: float, workers: int, backend: str, address: str | None, out: Path,
          limit: int | None, summary: bool) -> None:
    """Run the live ablation study (one JSONL row per episode; resumable)."""
    if not summary:
        conds = _list(faults, ["healthy", *FAULT_KINDS], "faults")
        spec = StudySpec(
            _list(arms, arm_names(), "arms"),
            tuple(task_set(workflows=_list(workflows, WORKFLOWS, "workflows"),
                           faults=[None if f == "healthy" else f for f in conds], sample=sample,
                           composites=composites)),
            tuple(int(s) for s in seeds.split(",")),
        )
        try:
            rates = ErrorRates.uniform(error_rate)
        except ConfigError as exc:
            raise ConfigError(f"--error-rate: {exc}") from None
        config = StudyConfig(verifier=verifier, executor=executor, repairer=repairer, rates=rates)
        t0 = time.time()
        click.echo(f"study: {len(spec.arms)} arms x {len(spec.tasks)} tasks x {len(spec.seeds)} seeds -> {out}", err=True)
        res = run_study(spec, out, config=config, workers=workers, address=address, limit=limit,
                        backend=backend)
        click.echo(json.dumps({**res, "elapsed_s": round(time.time() - t0, 1)}), err=True)
    click.echo(format_arm_table(arm_table(read_rows(out))))
