"""``fcpkit crawl``, ``fcpkit compile`` and ``fcpkit miniwob-program``: the engine's commands (registered in :mod:`fcpkit.cli`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from fcpkit.cli.common import SafePath, friendly
from fcpkit_lab.engine import CrawlConfig, StateMachine
from fcpkit_lab.engine.describe_llm import DESCRIBERS, open_describer
from fcpkit_lab.engine.miniwob import MINIWOB_SAMPLES, crawl_miniwob, miniwob_smg_path
from fcpkit_lab.engine.miniwob_run import run_miniwob_programs
from fcpkit_lab.engine.patcher import SMGPatcher
from fcpkit_lab.engine.planner import DEFAULT_SKETCH_FORM, SKETCH_FORMS, plan_program
from fcpkit_lab.engine.run import run_program_task
from fcpkit_lab.engine.templates import MINIWOB_TEMPLATES, WORKBENCH_TEMPLATES
from fcpkit_lab.engine.workbench import DEFAULT_SAFE_SMG, DEFAULT_SMG, crawl_workbench
from fcpkit_lab.envs.workbench import start_workbench
from fcpkit_lab.llm import default_client

__all__ = ["compile_cmd", "crawl_cmd", "miniwob_program_cmd"]


@click.command("crawl")
@click.option("--out", type=SafePath(path_type=Path), default=None,
              help="Where to write the SMG (default: lab/fcpkit_lab/data/smg/workbench.yaml, or workbench-safe.yaml in safe "
                   "mode); with --miniwob, the folder for TASK-safe.yaml / TASK.yaml (default: lab/fcpkit_lab/data/smg/miniwob).")
@click.option("--miniwob", "miniwob_tasks", multiple=True, metavar="TASK",
              help="Crawl MiniWoB++ task TASK (enter-text, login-user, ...; repeatable) instead of the workbench.")
@click.option("--max-pages", default=80, show_default=True, help="Page-visit budget (per MiniWoB task).")
@click.option("--max-seconds", default=600.0, show_default=True, help="Time budget (per MiniWoB task).")
@click.option("--samples", default=None, type=int,
              help=f"Instances visited per page template (default: 2; MiniWoB: {MINIWOB_SAMPLES} episodes).")
@click.option("--safe/--submit-forms", default=True, show_default=True,
              help="--submit-forms submits each write form once (sample values) and resets the app after it; "
                   "safe mode never submits a POST form (MiniWoB: never clicks a button that answers the task).")
@click.option("--no-validate", is_flag=True, help="Skip phase 4 (replaying every operation).")
@click.option("--describer", default="template", show_default=True, metavar="|".join(DESCRIBERS),
              help="Who writes the one-line descriptions in phase 3: the templates, the embedded llama.cpp model "
                   "(embedded:MODEL names one) or the OPENAI_BASE_URL endpoint; an unusable answer keeps the template.")
@friendly
def crawl_cmd(out: Path | None, miniwob_tasks: tuple[str, ...], max_pages: int, max_seconds: float,
              samples: int | None, safe: bool, no_validate: bool, describer: str) -> None:
    """Crawl the workbench (started here) or MiniWoB++ tasks into state-machine memories (YAML), and
    print their statistics."""
    config = CrawlConfig(max_pages=max_pages, max_seconds=max_seconds, safe=safe, validate=not no_validate,
                         samples=samples or (MINIWOB_SAMPLES if miniwob_tasks else 2))
    llm = open_describer(describer)
    try:
        if miniwob_tasks:
            for task in miniwob_tasks:
                path = (out / miniwob_smg_path(task, safe).name) if out is not None else miniwob_smg_path(task, safe)
                smg = crawl_miniwob(task, config=config, out=path, describer=llm, on_phase=say)
                click.echo(json.dumps({"task": task, **smg.stats}, indent=1))
                click.echo(f"wrote {path}")
            return
        if out is None:
            out = DEFAULT_SAFE_SMG if safe else DEFAULT_SMG
        smg = crawl_workbench(config=config, out=out, describer=llm, on_phase=say)
        click.echo(json.dumps(smg.stats, indent=1))
        click.echo(f"wrote {out}")
    finally:
        if llm is not None:
            llm.close()


def say(phase: str) -> None:
    click.echo(f"phase: {phase}", err=True)


def _load_smg(path: Path | None):
    return StateMachine.load(path or DEFAULT_SMG)


@click.command("compile")
@click.argument("task")
@click.option("--smg", "smg_path", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="The SMG (default: lab/fcpkit_lab/data/smg/workbench.yaml; a MiniWoB++ one, "
                   "lab/fcpkit_lab/data/smg/miniwob/TASK-safe.yaml, plans with the MiniWoB task kinds).")
@click.option("--start", default=None, help="The state the browser is in (default: the SMG's seed page).")
@click.option("--llm", is_flag=True, help="Plan with one LLM call even when a template fits.")
@click.option("--json", "as_json", is_flag=True, help="Print the program as JSON (sketch, nodes, edges).")
@click.option("--sketch-form", type=click.Choice(SKETCH_FORMS), default=DEFAULT_SKETCH_FORM, show_default=True,
              help="With --llm: the program as JSON under a per-task schema the server enforces, or as Python text.")
@friendly
def compile_cmd(task: str, smg_path: Path | None, start: str | None, llm: bool, as_json: bool, sketch_form: str) -> None:
    """Plan and compile TASK against the state-machine memory, and print the program (no browser)."""
    smg = _load_smg(smg_path)
    if start is None:
        start = smg.recognise(smg.seed or "/") or next(iter(smg.states))
    client = default_client() if llm else None
    kinds = MINIWOB_TEMPLATES if smg.app.startswith("miniwob.") else WORKBENCH_TEMPLATES
    out = plan_program(smg, task, start, client=client, use_templates=not llm, templates=kinds, sketch_form=sketch_form)
    if as_json:
        p = out.program
        click.echo(json.dumps({"task": task, "source": out.source, "llm_calls": out.llm_calls, "start": p.start,
                               "smg_version": p.smg_version, "sketch": p.sketch,
                               "nodes": [{"id": n.id, "label": n.label()} for n in p.walk()],
                               "edges": p.edges()}, indent=1))
        return
    click.echo(f"# planned by {out.source} ({out.llm_calls} LLM call(s)); from {start}; SMG v{out.program.smg_version}")
    click.echo("# sketch\n" + out.program.sketch.rstrip())
    click.echo("# program (linked navigation marked)\n" + out.program.listing())


def run_program_cases(cases: Any, *, smg_path: Path | None = None, llm: bool = False, patch: bool = False) -> list:
    """``fcpkit run --engine program``: each case planned, compiled and executed; prints one table."""
    smg = _load_smg(smg_path)
    client = default_client() if llm else None
    runs = []
    with start_workbench() as wb:
        for case in cases:
            patcher = SMGPatcher(smg_path) if patch else None
            runs.append(run_program_task(wb, smg, case.workflow, case.variant, case.fault, client=client,
                                         use_templates=not llm, patcher=patcher, seed=case.seed))
    t = Table(title="programmatic runs", title_justify="left")
    for col in ("task", "fault", "success", "source", "llm_calls", "seconds", "reason"):
        t.add_column(col, overflow="fold")
    for r in runs:
        row = r.row()
        t.add_row(row["task"], row["fault"], "[green]yes[/]" if r.success else "[red]no[/]", row["source"],
                  str(row["llm_calls"]), f"{row['seconds']:.1f}", row["reason"])
    Console(width=160).print(t)
    return runs


@click.command("miniwob-program")
@click.argument("tasks", nargs=-1, required=True)
@click.option("--episodes", default=10, show_default=True, help="Episodes per task.")
@click.option("--first-seed", default=100, show_default=True,
              help="Seed of the first episode (the crawl saw seeds 0-4).")
@friendly
def miniwob_program_cmd(tasks: tuple[str, ...], episodes: int, first_seed: int) -> None:
    """Run MiniWoB++ TASKS as programs: each episode's instruction planned with a template sketch against
    the task's crawled SMG (lab/fcpkit_lab/data/smg/miniwob/TASK-safe.yaml), run with no model call, judged by
    MiniWoB's reward."""
    t = Table(title="programmatic MiniWoB++ episodes", title_justify="left")
    for col in ("task", "episodes", "success", "mean reward", "llm_calls", "median s", "first failure"):
        t.add_column(col, overflow="fold")
    for task in tasks:
        runs = run_miniwob_programs(task, range(first_seed, first_seed + episodes))
        won = sum(r.success for r in runs)
        secs = sorted(r.seconds for r in runs)
        failed = next((f"seed {r.variant}: {r.reason}" for r in runs if not r.success), "")
        t.add_row(task, str(len(runs)), f"{won}/{len(runs)}",
                  f"{sum(r.detail['reward'] for r in runs) / len(runs):.2f}", str(sum(r.llm_calls for r in runs)),
                  f"{secs[len(secs) // 2]:.2f}", failed)
    Console(width=160).print(t)
