"""``fcpkit induce``, ``fcpkit retrieve``, ``fcpkit plan``: the experience libraries from the shell.

* ``induce CORPUS... --out fcpkit/data/libraries/`` - induce the skill and failure-repair libraries
  (deterministic by default, byte-identical for the same corpora; ``--inducer llm`` asks the LLM).
* ``retrieve "TASK"`` - the ranked skills with their BM25 and embedding parts (and failure cases).
* ``plan "TASK"`` - the plan generated from the retrieved experience, as YAML, with lint warnings.

Errors a user can cause print one message and exit with status 2, as the other commands do.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import click

from fcpkit import dump_plan, load_corpus
from fcpkit.agent import LLMPlanner
from fcpkit import data
from fcpkit_lab import data as lab_data
from fcpkit.cli.common import SCRATCH, SafePath, friendly
from fcpkit.agent.memory import ExperiencePlanner, FailureRetriever, SkillRetriever, lint_plan, load_library, save_library, situation_text
from fcpkit.core.trajectory import dumps_line, iter_corpus
from fcpkit.eval.induce import DeterministicInducer
from fcpkit.matching import lint_plan as lint_on_runs  # `fcpkit lint --corpus`'s, not the memory's
from fcpkit.eval.llm_induce import LLMInducer
from fcpkit.errors import FcpkitError
from fcpkit.llm.templates import load_prompt_file
from fcpkit_lab.envs.experience import (experience_scaling, scaling_figure, scaling_table, split_runs,
                                    workbench_live_runner)
from fcpkit_lab.envs.workbench import start_workbench
from fcpkit_lab.eval.retrieval import benchmark_table, format_table, lambda_figure, retrieval_benchmark
from fcpkit_lab.llm import default_client
from fcpkit.viz.figures import save_figure

__all__ = ["induce", "retrieve", "plan_cmd", "bench_retrieval", "bench_experience", "DEFAULT_LIBRARY", "DEFAULT_CORPORA"]

DEFAULT_LIBRARY = data.path("libraries")
#: the shipped corpora the shipped libraries are induced from, in this order
DEFAULT_CORPORA = (lab_data.path(lab_data.WORKBENCH), lab_data.path(lab_data.MINIWOB), data.path(data.EXAMPLES))


@click.command()
@click.argument("corpora", nargs=-1, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--out", type=SafePath(path_type=Path), default=DEFAULT_LIBRARY, show_default=True,
              help="Library folder (skills.jsonl, failures.jsonl, library.yaml) or a .yaml file.")
@click.option("--inducer", type=click.Choice(["deterministic", "llm"]), default="deterministic", show_default=True,
              help="llm: schema-constrained prompts to the OpenAI-compatible endpoint (embedded server by default).")
@friendly
def induce(corpora: tuple[Path, ...], out: Path, inducer: str) -> None:
    """Induce skills from successful runs and failure cases from detected faulty runs of CORPORA.

    With no corpus: the workbench and MiniWoB++ corpora shipped with fcpkit-lab (fcpkit_lab/data/) and fcpkit's example corpus.
    """
    paths = list(corpora) or [p for p in DEFAULT_CORPORA if p.exists()]
    runs = [t for p in paths for t in load_corpus(p)]
    if inducer == "llm":
        ind: Any = LLMInducer(default_client())
    else:
        ind = DeterministicInducer()
    lib = ind.induce(runs).with_meta(corpora=[lab_data.relative(p) for p in paths], command="fcpkit induce")
    path = save_library(lib, out)
    click.echo(f"{len(lib.skills)} skills, {len(lib.failures)} failure cases from {len(runs)} runs -> {path}")


@click.command()
@click.argument("task")
@click.option("--library", type=SafePath(path_type=Path), default=DEFAULT_LIBRARY, show_default=True,
              help="Experience library: a folder (skills.jsonl, failures.jsonl) or one YAML file.")
@click.option("--k", default=3, show_default=True, help="Skills to retrieve before dependency expansion.")
@click.option("--p", "p", default=2, show_default=True, help="Failure cases to retrieve.")
@click.option("--bm25-weight", default=0.4, show_default=True, help="Weight of BM25 in the hybrid score; the embedding gets the rest.")
@click.option("--embedding-weight", default=0.6, show_default=True, help="0 needs no model.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with the skill and failure hits.")
@friendly
def retrieve(task: str, library: Path, k: int, p: int, bm25_weight: float, embedding_weight: float, as_json: bool) -> None:
    """Rank the library's skills for TASK (hybrid score, BM25 and embedding parts) and its failure cases."""
    lib = load_library(library)
    skills = SkillRetriever(lib, k=k, bm25_weight=bm25_weight, embedding_weight=embedding_weight).retrieve(task)
    # failure cases: the paper's 0.5 / 0.5, or lexical only when the embedding is switched off
    fw = (0.5, 0.5) if embedding_weight > 0 else (1.0, 0.0)
    fails = FailureRetriever(lib, p=p, lexical_weight=fw[0], embedding_weight=fw[1]).retrieve(situation_text(task)) \
        if lib.failures else []
    if as_json:
        click.echo(json.dumps({"task": task, "skills": [h.to_dict() for h in skills],
                               "failures": [h.to_dict() for h in fails]}, indent=2))
        return
    click.echo(f"skills for: {task}")
    click.echo(f"  {'rank':>4}  {'score':>6}  {'bm25':>6}  {'embed':>6}  skill")
    for h in skills:
        rank = str(h.rank) if h.rank else "+dep"
        via = f"  (required by {h.via})" if h.via else ""
        click.echo(f"  {rank:>4}  {h.score:6.3f}  {h.lexical:6.3f}  {h.semantic:6.3f}  {h.skill.name}{via}")
    if fails:
        click.echo("failure cases:")
        for f in fails:
            click.echo(f"  {f.rank:>4}  {f.score:6.3f}  {f.record.id}: {f.record.diagnosis.describe()} "
                       f"-> {f.record.repair.strategy}")


@click.command("plan")
@click.argument("task", required=False)
@click.option("--for", "for_runs", type=SafePath(exists=True, path_type=Path),
              help="Instead of TASK: draft one plan per task goal of these runs (a corpus file, or a BrowserGym/"
                   "AgentLab study folder), each linted against the pages of its runs; needs --out-dir.")
@click.option("--out-dir", type=SafePath(file_okay=False, path_type=Path),
              help="With --for: write plans/<n>.yaml here, and corpus.jsonl: the runs, each naming its draft plan.")
@click.option("--library", type=SafePath(path_type=Path), default=DEFAULT_LIBRARY, show_default=True,
              help="Experience library: a folder (skills.jsonl, failures.jsonl) or one YAML file.")
@click.option("--planner", "planner_name", type=click.Choice(["template", "llm"]), default="template",
              show_default=True, help="template: instantiate the skills' templates (no model); llm: prompt the LLM.")
@click.option("--no-failures", is_flag=True, help="Do not retrieve failure cases (no failure falsifiers).")
@click.option("--lint-rounds", type=click.IntRange(0, 5), default=0, show_default=True,
              help="With --planner llm: re-ask the model this many times with its plan's lint warnings and fixes.")
@click.option("--prompt", "prompt_file", type=SafePath(exists=True, dir_okay=False, path_type=Path),
              help="A planner prompt version (a template file, e.g. one the prompt lab saved) instead of the "
                   "packaged planner prompt; implies --planner llm.")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), help="Also write the plan here (.yaml/.json).")
@friendly
def plan_cmd(task: str | None, for_runs: Path | None, out_dir: Path | None, library: Path, planner_name: str,
             no_failures: bool, lint_rounds: int, prompt_file: Path | None, out: Path | None) -> None:
    """Generate the plan for TASK from retrieved skills and failure cases; print it and its lint.

    With --for RUNS: a draft plan for every task goal of runs nobody planned (see plans_for_runs)."""
    if (task is None) == (for_runs is None):
        raise FcpkitError("give a TASK or --for RUNS (not both); fix: fcpkit plan 'Assign T-390 ...' or "
                          "fcpkit plan --for runs/ --out-dir drafts/")
    lib = load_library(library)
    base = None
    if prompt_file is not None:
        load_prompt_file(prompt_file)  # a malformed file is reported before a model starts
        planner_name = "llm"
    if planner_name == "llm":
        base = LLMPlanner(default_client(), lint_rounds=lint_rounds, prompt=str(prompt_file or "planner"))
    planner = ExperiencePlanner(lib, base, use_failures=not no_failures)
    if for_runs is not None:
        if out_dir is None:
            raise FcpkitError("--for needs --out-dir (where the draft plans and the corpus naming them go)")
        plans_for_runs(planner, for_runs, out_dir)
        return
    plan = planner.plan(task)
    click.echo(plan.to_yaml(), nl=False)
    if out is not None:
        dump_plan(plan, out)
    warnings = lint_plan(plan)
    asked = getattr(base, "last_report", {})
    if "lint_rounds" in asked:
        click.secho(f"llm planner: {asked['lint_rounds']} lint round(s); {asked['lint_before']} warning(s) on its own "
                    f"statements before, {len(asked['lint'])} after" + (f" ({asked['lint_problem']})" if "lint_problem" in asked else ""),
                    fg="cyan", err=True)
    for w in warnings:
        click.secho(f"lint: {w}", fg="yellow", err=True)
    click.secho(f"ok: {len(plan)} commitments from skills {', '.join(planner.last_report['chain'])}"
                f"; {len(warnings)} lint warning(s)", fg="green", err=True)


#: How many runs of a goal the lint reads (the first that earned their reward, else any of the goal's).
LINT_RUNS = 20


def plans_for_runs(planner: Any, runs: Path, out_dir: Path) -> None:
    """One draft plan per distinct task goal of ``runs`` (written as ``plans/<n>.yaml``), linted against
    the pages of that goal's runs, and ``corpus.jsonl``: the runs, each naming its goal's draft.

    The lint's "healthy" runs are the labelled healthy ones or, for unlabelled runs, those whose
    outcome says they succeeded (a run that earned its reward is the nearest thing to a healthy
    run a user has); at most :data:`LINT_RUNS` a goal are kept, so memory stays bounded."""

    goals: dict[str, str] = {}
    lint_runs: dict[str, list] = {}
    for t in iter_corpus(runs, lambda where, why: click.secho(f"skipped {where}: {why}", fg="yellow", err=True)):
        goals.setdefault(t.task, f"plan-{len(goals) + 1:03d}")
        ok = t.label.healthy or (not t.label.labelled and bool((t.outcome or {}).get("success")))
        keep = lint_runs.setdefault(t.task, [])
        if ok and len(keep) < LINT_RUNS:
            keep.append(t)
    plans_dir = out_dir / "plans"
    plans_dir.mkdir(parents=True, exist_ok=True)
    drafted: set[str] = set()
    for goal, name in goals.items():
        try:
            plan = planner.plan(goal)
        except FcpkitError as exc:  # no skill fits this goal: its runs keep the plan they had
            click.secho(f"no draft for {goal[:70]!r}: {exc}", fg="yellow", err=True)
            continue
        dump_plan(plan, plans_dir / f"{name}.yaml")
        drafted.add(goal)
        healthy = lint_runs.get(goal) or None
        warnings = lint_on_runs(plan, corpus=healthy)
        for w in warnings:
            click.secho(f"lint plans/{name}.yaml: {w.render()}", fg="yellow", err=True)
        click.echo(f"plans/{name}.yaml  {len(plan)} commitments, {len(warnings)} lint warning(s)"
                   f"{'' if healthy else ' (no successful run to lint against)'}  {goal[:70]}")
    tmp = out_dir / ".corpus.jsonl.part"
    with tmp.open("w", encoding="utf-8") as fh:
        for t in iter_corpus(runs, lambda where, why: None):
            d = t.to_data()
            if t.task in drafted:
                d["plan"] = f"plans/{goals[t.task]}.yaml"
                for s in d["steps"]:
                    s.pop("commitment", None)  # the draft has its own commitments
            elif isinstance(d["plan"], str):  # a plan file beside the runs: still found from out_dir
                d["plan"] = os.path.relpath((runs if runs.is_dir() else runs.parent) / d["plan"], out_dir)
            shot_base = runs if runs.is_dir() else runs.parent
            for o in [d["initial_observation"], *(s["observation"] for s in d["steps"])]:
                if o.get("screenshot"):
                    o["screenshot"] = os.path.relpath(shot_base / o["screenshot"], out_dir)
            fh.write(dumps_line(d) + "\n")
    tmp.replace(out_dir / "corpus.jsonl")
    click.secho(f"ok: {len(drafted)} draft plan(s) for {len(goals)} goal(s); check them with: fcpkit check {out_dir / 'corpus.jsonl'}",
                fg="green", err=True)


@click.command("retrieval")
@click.option("--seeds", default="0,1,2", show_default=True, help="Comma-separated split seeds.")
@click.option("--out-dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH, show_default=True,
              help="Folder for the CSV table (a scratch folder by default; --out-dir data/results regenerates the tracked one).")
@click.option("--fig-dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH / "figures", show_default=True,
              help="Folder for the HTML figure (a scratch folder by default; the tracked ones are in figures/).")
@click.option("--max-queries", type=int, help="Sample this many test intents per seed (quick runs).")
@friendly
def bench_retrieval(seeds: str, out_dir: Path, fig_dir: Path, max_queries: int | None) -> None:
    """Skill retrieval on WebArena-Verified's 812 intents: recall@1/@3 and MRR for BM25 alone,
    the embedding alone and the hybrid over lambda (the paper's 0.4/0.6 marked), per site."""
    try:
        seed_list = tuple(int(s) for s in seeds.split(",") if s.strip())
    except ValueError:
        raise FcpkitError(f"--seeds: expected comma-separated integers, got {seeds!r}") from None
    t0 = time.perf_counter()
    rows = retrieval_benchmark(seeds=seed_list, max_queries=max_queries)
    table = benchmark_table(rows)
    out_dir.mkdir(parents=True, exist_ok=True)
    table.to_csv(out_dir / "retrieval_webarena.csv", index=False)
    (out_dir / "retrieval_webarena_meta.json").write_text(json.dumps({
        "seeds": list(seed_list), "max_queries": max_queries, "wall_s": round(time.perf_counter() - t0, 1),
        "queries_per_seed": int(table[(table.site == "all")]["n"].iloc[0]),
        "skills": int(rows[0]["skills"]) if rows else 0, "command": "fcpkit bench retrieval",
    }, indent=2) + "\n")
    saved = save_figure(lambda_figure(table), "retrieval_webarena_lambda", fig_dir, include_plotlyjs="directory")
    click.echo(format_table(table))
    click.echo(f"-> {out_dir / 'retrieval_webarena.csv'}, {saved['html']}" + (f", {saved['png']}" if saved["png"] else ""))


@click.command("experience")
@click.argument("corpus", type=SafePath(dir_okay=False, path_type=Path), default=lab_data.path(lab_data.WORKBENCH))
@click.option("--held-back-variant", default=2, show_default=True, help="Workbench task variant no skill is induced from.")
@click.option("--fractions", default="0,0.1,0.25,0.5,1", show_default=True, help="Shares of the training runs.")
@click.option("--repetitions", default=3, show_default=True, help="Seeded samples per fraction (one for 0 and 1).")
@click.option("--embedding-weight", default=0.6, show_default=True, help="0: BM25-only retrieval, no model.")
@click.option("--faults", default="", help="Only held-back runs with these faults (comma-separated; `healthy` for "
                                         "none). Default: every held-back run.")
@click.option("--live", is_flag=True, help="Run each held-back task in Chromium on the workbench (slow) instead of "
                                           "checking the plan against its recording.")
@click.option("--out-dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH, show_default=True,
              help="Folder for the CSV table (a scratch folder by default; --out-dir data/results regenerates the tracked one).")
@click.option("--fig-dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH / "figures", show_default=True,
              help="Folder for the HTML figure (a scratch folder by default; the tracked ones are in figures/).")
@friendly
def bench_experience(corpus: Path, held_back_variant: int, fractions: str, repetitions: int, embedding_weight: float,
                     faults: str, live: bool, out_dir: Path, fig_dir: Path) -> None:
    """Experience scaling (the paper's Figure 4, offline): held-back workbench runs handled by plans
    generated from libraries induced on growing shares of the training runs, with and without the
    failure library."""
    try:
        fr = tuple(float(x) for x in fractions.split(",") if x.strip())
    except ValueError:
        raise FcpkitError(f"--fractions: expected comma-separated numbers, got {fractions!r}") from None
    training, held = split_runs(list(load_corpus(corpus)), held_back_variant)
    wanted = {f.strip() for f in faults.split(",") if f.strip()}
    if wanted:
        held = [t for t in held if (t.label.fault or "healthy") in wanted]
    if not held:
        raise FcpkitError(f"{corpus}: no run of variant {held_back_variant} (ids with -v{held_back_variant}-) to hold back")
    t0 = time.perf_counter()
    wb = None
    if live:
        wb = start_workbench()  # starts a server thread: only for live runs
    try:
        rows = experience_scaling(
            training, held, fractions=fr, repetitions=repetitions, embedding_weight=embedding_weight,
            mode="live" if live else "offline", live_runner=workbench_live_runner(wb) if wb is not None else None,
            progress=lambda r: click.echo(f"  {r['fraction']:>5} rep {r['repetition']} failures="
                                          f"{r['failure_library']!s:5} handled {r['handled']:.3f}"))
    finally:
        if wb is not None:
            wb.stop()
    table = scaling_table(rows)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = "experience_scaling_live" if live else "experience_scaling"
    table.to_csv(out_dir / f"{stem}.csv", index=False)
    (out_dir / f"{stem}_meta.json").write_text(json.dumps({
        "corpus": lab_data.relative(corpus), "held_back_variant": held_back_variant, "training_runs": len(training),
        "held_back_runs": len(held), "faults": sorted(wanted) or "all", "fractions": list(fr), "repetitions": repetitions, "mode": "live" if live else "offline",
        "embedding_weight": embedding_weight, "wall_s": round(time.perf_counter() - t0, 1),
        "command": "fcpkit bench experience"}, indent=2) + "\n")
    saved = save_figure(scaling_figure(table), stem, fig_dir, include_plotlyjs="directory")
    click.echo(table.to_string(index=False))
    click.echo(f"-> {out_dir / (stem + '.csv')}, {saved['html']}")
