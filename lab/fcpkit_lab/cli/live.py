"""``fcpkit run``: the plan-test-repair loop live on the workbench or MiniWoB++, in a real Chromium."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.progress import Progress

from fcpkit.agent.guards import approve_all, deny_all
from fcpkit_lab.cli.logs import keep_logs_option
from fcpkit.cli.common import SafePath, friendly
from fcpkit_lab.cli.engine import run_program_cases
from fcpkit_lab.envs.live import VERIFIERS, cases_from, print_live, run_miniwob, run_workbench
from fcpkit_lab.envs.workbench import FAULT_KINDS, WORKFLOWS
from fcpkit.errors import FcpkitError

__all__ = ["run_cmd"]


@click.command("run")
@click.option("--workflow", "workflows", multiple=True, default=("support", "expenses", "catalogue", "orders"),
              type=click.Choice(["support", "expenses", "catalogue", "orders"]),
              show_default=True, help="Workbench workflow(s) to run.")
@click.option("--fault", "faults", multiple=True, default=("none",), show_default=True,
              help="Fault(s) to inject: a kind from fcpkit_lab.envs.workbench.FAULT_KINDS (optionally kind:transient or "
                   "kind:persistent), 'none' (healthy) or 'all'.")
@click.option("--variant", "variants", multiple=True, type=click.IntRange(0, 2), default=(0,), show_default=True,
              help="Task variant(s): 0, 1, 2 pick the target record and values.")
@click.option("--verifier", type=click.Choice(VERIFIERS), default="split", show_default=True,
              help="lower: no model; split: an LLM only for ambiguous cases; split-quoted: the same, its repairs held to a "
                   "quote of the page; llm: an LLM for every escalation.")
@click.option("--log-dir", type=SafePath(file_okay=False, path_type=Path), default=Path("runs"), show_default=True,
              help="One evidence log per run.")
@click.option("--step-budget", default=20, show_default=True, type=click.IntRange(1, 1000), help="Browser steps per run before it stops.")
@click.option("--seed", default=0, show_default=True, help="Episode seed (workbench data, MiniWoB task draw).")
@click.option("--screenshots/--no-screenshots", default=False, show_default=True,
              help="Keep a PNG of every page under LOG_DIR/screenshots/<run>/; the logs name them, so "
                   "fcpkit.viz.StepViewer(log) shows each check's page.")
@click.option("--miniwob", "miniwob", multiple=True,
              help="Run these MiniWoB++ tasks (e.g. click-button, enter-text) instead of the workbench.")
@click.option("--corrupt", type=click.Choice(["wrong_element", "wrong_value", "noop"]), default=None,
              help="MiniWoB: corrupt the first step of the scripted solution this way.")
@click.option("--approve-irreversible/--deny-irreversible", "approve", default=True, show_default=True,
              help="How the policy gate's approver answers irreversible actions (save, approve, ...) that the "
                   "task asks for; deny to watch the gate park every run that needs one.")
@click.option("--engine", type=click.Choice(["loop", "program"]), default="loop", show_default=True,
              help="loop: the plan-test-repair loop; program: plan once against the state-machine memory "
                   "(lab/fcpkit_lab/data/smg/workbench.yaml), compile, execute (fcpkit compile shows the program).")
@keep_logs_option
@friendly
def run_cmd(workflows: tuple[str, ...], faults: tuple[str, ...], variants: tuple[int, ...], verifier: str,
            log_dir: Path, step_budget: int, seed: int, screenshots: bool, miniwob: tuple[str, ...],
            corrupt: str | None, approve: bool, engine: str) -> None:
    """Run the plan-test-repair loop live on the workbench in a real Chromium, with a progress bar.

    Prints success, detections, repairs by scope, escalations and LLM calls by module. With no
    OPENAI_BASE_URL, LLM verifiers use the embedded llama.cpp server (a small model: real calls, weak judgement).
    """
    unknown = [w for w in workflows if w not in WORKFLOWS]
    if unknown and not miniwob:
        raise FcpkitError(f"--workflow {unknown[0]!r}: not a workbench workflow; use one of {', '.join(WORKFLOWS)}")
    if miniwob:
        with Progress(transient=True) as progress:
            bar = progress.add_task("MiniWoB runs", total=len(miniwob))
            runs = run_miniwob(miniwob, corruption=corrupt, seeds=(seed,), verifier=verifier, log_dir=log_dir,
                               step_budget=step_budget, screenshots=screenshots,
                               on_run=lambda r: progress.update(bar, advance=1, description=r.case.name))
        print_live(runs)
        _exit_on_errors(runs)
        return
    cases = cases_from(workflows, dict.fromkeys(_fault_kinds(faults)), variants, seed)
    if engine == "program":
        run_program_cases(cases)
        return
    with Progress(transient=True) as progress:
        bar = progress.add_task("live runs", total=len(cases))
        runs = run_workbench(cases, verifier=verifier, log_dir=log_dir, step_budget=step_budget,
                             approve=approve_all if approve else deny_all, screenshots=screenshots,
                             on_run=lambda r: progress.update(bar, advance=1, description=r.case.name))
    print_live(runs)
    _exit_on_errors(runs)


def _fault_kinds(faults: tuple[str, ...]) -> list[str | None]:
    """--fault values as fault kinds (``None`` = healthy); 'all' expands to every kind."""
    kinds: list[str | None] = []
    for f in faults:
        if f == "all":
            kinds.extend(FAULT_KINDS)
        elif f in ("none", "healthy"):
            kinds.append(None)
        elif f.partition(":")[0] in FAULT_KINDS:  # kind, or kind:transient / kind:persistent (cases_from checks it)
            kinds.append(f)
        else:
            raise FcpkitError(f"--fault {f!r}: not a fault kind; use one of none, all, {', '.join(FAULT_KINDS)}")
    return kinds


def _exit_on_errors(runs: list[Any]) -> None:
    """A run that could not run (its error is in the table) makes the command fail (exit 1)."""
    failed = [r.case.name for r in runs if r.error]
    if failed:
        click.secho(f"error: {len(failed)} of {len(runs)} run(s) failed: {', '.join(failed)}", fg="red", err=True)
        sys.exit(1)
