"""``fcpkit study``: live ablation and efficiency runs on the workbench (or WebArena), on Ray.

    fcpkit study --workers 2 --arms all --sample 16 --composites 8 --out data/results/study/workbench.jsonl

Rows stream to ``--out`` as episodes finish; the same command run again resumes (finished episodes
are skipped). ``--summary`` prints the per-arm table of a finished file without running anything.
Each run appends its command, wall time and the machine's load to ``<out stem>_runs.jsonl``.

With a model in the loop (``--verifier llm|split|split-quoted``, ``--repairer llm``) and no
``OPENAI_BASE_URL``, each worker starts the embedded llama.cpp server of ``--model`` (default
SmolLM2-135M): every row then names the model and its size and times every call by module.
``--record FILE`` keeps every answer; ``--replay FILE`` plays a study again from them with no model
(the tests do). ``--figures DIR`` draws Figures 9 and 10 from ``--out`` beside the paper's values.

    fcpkit study --arms full,slow_only --verifier llm --repairer llm --model smollm2-135m --workers 0 \
        --workflows support,orders --faults healthy,wrong_record --sample 4 --composites 0 --port 47613 \
        --record data/results/study/workbench_model_smollm2.recording.jsonl \
        --out data/results/study/workbench_model_smollm2.jsonl --figures figures
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path

import click
import yaml

from fcpkit.agent.arms import arm_names
from fcpkit.cli.common import RESULTS, SafePath, friendly
from fcpkit_lab.envs.executors.erring import ErrorRates
from fcpkit_lab.envs.study import EXECUTORS, VERIFIERS, StudyConfig, StudySpec, read_rows, run_study, task_set
from fcpkit_lab.envs.study.worker import machine_load
from fcpkit_lab.envs.workbench import FAULT_KINDS, WORKFLOWS
from fcpkit.errors import ConfigError
from fcpkit.viz.figures import save_figure
from fcpkit_lab.eval.study import arm_table, attribution_problems, efficiency_figure, format_arm_table, module_figure

__all__ = ["study", "log_run", "runs_path"]

DEFAULT_OUT = RESULTS / "study" / "workbench.jsonl"


def runs_path(out: Path) -> Path:
    """The provenance file of a rows file: ``<out stem>_runs.jsonl`` beside it."""
    return out.with_name(f"{out.stem}_runs.jsonl")


def log_run(out: Path, res: dict, *, started: float, command: str | None = None) -> Path:
    """Append one line for this run to :func:`runs_path`: the command, when it started, its wall time,
    the episodes it ran and the machine's cores and load at its end. The results pages print it
    beside the numbers (a study resumed over several runs has several lines), so every table of a
    study names the command that made it and what the seconds were measured on."""
    if command is None:
        argv = sys.argv[1:]
        command = "fcpkit " + shlex.join(argv) if argv[:1] == ["study"] else "fcpkit study (called from Python)"
    line = {"command": command, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "wall_s": res.get("elapsed_s", res.get("wall_s")), "episodes": res.get("episodes"),
            "skipped": res.get("skipped"), "workers": res.get("workers"), "backend": res.get("backend"),
            "cores": os.cpu_count(), "load_1m": machine_load()}
    path = runs_path(out)
    with path.open("a") as fh:
        fh.write(json.dumps(line) + "\n")
    return path


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
              help="The slow path: lower (no model), oracle (the injected labels), split or llm (a model: --model, "
                   "served here when no OPENAI_BASE_URL is set).")
@click.option("--executor", type=click.Choice(EXECUTORS), default="erring", show_default=True,
              help="scripted, erring (scripted with seeded LLM-like errors), llm (a model writes each action) or llm-choice (a model chooses among the page's elements: the form for a small model).")
@click.option("--repairer", type=click.Choice(["deterministic", "llm"]), default="deterministic", show_default=True,
              help="Who repairs a falsified commitment: the rule-based repairer, or the LLM repairer (--model, as the verifier).")
@click.option("--model", default=None,
              help="The model of the LLM parts: an embedded model (smollm2-135m, qwen2.5-coder-0.5b, ...) when no "
                   "OPENAI_BASE_URL is set, else the endpoint's model name. Default: the embedded default (SmolLM2-135M).")
@click.option("--record", "record", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Append every model answer to this JSONL recording (one worker: --workers 0 or 1).")
@click.option("--replay", "replay", type=SafePath(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Answer every model call from this recording instead of a model (a study played again, no server).")
@click.option("--port", type=int, default=0, show_default=True,
              help="The workbench's port (0: a free one). The model reads the pages' URLs: record on a fixed port "
                   "and replay on the same one (one worker).")
@click.option("--error-rate", type=float, default=0.02, show_default=True, help="Per-action rate of each error kind.")
@click.option("--workers", type=int, default=2, show_default=True, help="Local Ray workers (0: in this process).")
@click.option("--backend", type=click.Choice(["ray", "processes"]), default="ray", show_default=True,
              help="ray (actors; --address joins a cluster) or processes (a local process pool, no Ray).")
@click.option("--address", default=None, help="Join this Ray cluster instead of starting one (e.g. auto, host:6379).")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), default=DEFAULT_OUT, show_default=True,
              help="Rows file (JSON Lines), one row per episode, appended as episodes finish; a rerun resumes it.")
@click.option("--limit", type=int, default=None, help="Run at most this many of the remaining episodes.")
@click.option("--summary", is_flag=True, help="Print the per-arm table of --out and exit.")
@click.option("--figures", "fig_dir", type=SafePath(file_okay=False, path_type=Path), default=None,
              help="Draw Figures 9 and 10 from --out into this folder (figure9_/figure10_<out stem>.html and .png).")
@click.option("--paper", type=SafePath(dir_okay=False, path_type=Path),
              default=Path("data") / "paper" / "results.yaml", show_default=True,
              help="The paper's values the figures are drawn beside.")
@friendly
def study(arms: str, workflows: str, faults: str, sample: int | None, composites: int, seeds: str, verifier: str,
          executor: str, repairer: str, model: str | None, record: Path | None, replay: Path | None,
          port: int, error_rate: float, workers: int, backend: str, address: str | None, out: Path, limit: int | None,
          summary: bool, fig_dir: Path | None, paper: Path) -> None:
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
        if record and replay:
            raise ConfigError("--record and --replay: one or the other (a replayed study has nothing to record)")
        if (record or port) and (workers > 1 or address is not None):
            raise ConfigError("--record and --port: one worker (--workers 0 or 1) writes a recording on one port")
        mode = "record" if record else "replay" if replay else "live"
        config = StudyConfig(verifier=verifier, executor=executor, repairer=repairer, rates=rates, model=model,
                             llm_mode=mode, recording=str(record or replay) if mode != "live" else None, port=port)
        if config.needs_llm and mode == "live" and workers > 1 and not os.environ.get("OPENAI_BASE_URL"):
            click.echo(f"study: each of the {workers} workers starts its own embedded model server on this "
                       "machine's cores; --workers 0 or 1 measures one at a time", err=True)
        t0 = time.time()
        click.echo(f"study: {len(spec.arms)} arms x {len(spec.tasks)} tasks x {len(spec.seeds)} seeds -> {out}", err=True)
        res = run_study(spec, out, config=config, workers=workers, address=address, limit=limit,
                        backend=backend)
        res = {**res, "elapsed_s": round(time.time() - t0, 1)}
        click.echo(json.dumps(res), err=True)
        if res["episodes"]:
            log_run(out, res, started=t0)
    rows = read_rows(out)
    click.echo(format_arm_table(arm_table(rows)))
    problems = attribution_problems(rows)
    for p in problems[:10]:
        click.echo(f"study: timing: {p}", err=True)
    if fig_dir is not None:
        if not paper.is_file():
            raise ConfigError(f"--paper {paper}: no such file (the paper's values: data/paper/results.yaml)")
        values = yaml.safe_load(paper.read_text())
        for stem, fig in ((f"figure9_{out.stem}", efficiency_figure(rows, values)),
                          (f"figure10_{out.stem}", module_figure(rows, values))):
            saved = save_figure(fig, stem, fig_dir, include_plotlyjs="directory")
            click.echo(f"study: wrote {saved['html']}" + (f" and {saved['png']}" if saved["png"] else f" ({saved['note']})"),
                       err=True)
