"""``fcpkit bench repair``: live outcome classes per fault and variant (see :mod:`fcpkit_lab.envs.repair_bench`)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any, Sequence

import click

from fcpkit.cli.common import SCRATCH, SafePath, friendly

__all__ = ["bench_repair_cmd", "print_repair_tables"]

_WORKFLOWS = ("support", "expenses", "catalogue", "orders")


def _bench() -> Any:
    """:mod:`fcpkit_lab.envs.repair_bench`, loaded on first use: it needs the ``[browser]`` extra (Playwright,
    Starlette), which ``import fcpkit.cli`` must not load. The one place this command loads it."""
    return importlib.import_module("fcpkit_lab.envs.repair_bench")


@click.command("repair")
@click.option("--workflow", "workflows", multiple=True, type=click.Choice(_WORKFLOWS), default=_WORKFLOWS,
              show_default=True, help="Workbench workflow(s).")
@click.option("--fault", "kinds", multiple=True, default=(), help="Fault kind(s) (default: every kind).")
@click.option("--variant", "variants", multiple=True, type=click.Choice(["transient", "persistent"]),
              default=("transient", "persistent"), show_default=True, help="Fault variant(s).")
@click.option("--no-credentials", is_flag=True, help="Give the repairer no credentials (a sign-out must end in an honest stop).")
@click.option("--step-budget", default=20, show_default=True, type=click.IntRange(1, 1000), help="Browser steps per run.")
@click.option("--log-dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH / "repair", show_default=True,
              help="One evidence log per run.")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Also write one JSON line per run (outcome class, stop, repairs with strategy and family).")
@click.option("--from", "from_files", multiple=True, type=SafePath(exists=True, dir_okay=False, path_type=Path),
              help="Print the tables of runs an earlier --out wrote (repeatable; several files are pooled); runs nothing.")
@friendly
def bench_repair_cmd(workflows: tuple[str, ...], kinds: tuple[str, ...], variants: tuple[str, ...], no_credentials: bool,
                     step_budget: int, log_dir: Path, out: Path | None, from_files: tuple[Path, ...]) -> None:
    """Run every workflow x fault x variant live and print the outcome classes: recovered, honest stop,
    unsafe, wasted, success without repair; per fault and per variant, beside the paper's Table 9."""
    from rich.progress import Progress

    bench = _bench()
    if from_files:
        print_repair_tables(bench.load_records(from_files))
        return
    for k in kinds:
        bench.fault_spec(k)  # an unknown kind is a clear error before anything starts
    cases = bench.repair_cases(workflows, kinds or None, variants)
    with Progress(transient=True) as progress:
        bar = progress.add_task("repair bench", total=len(cases))
        runs = bench.run_repair_bench(cases, log_dir=log_dir, step_budget=step_budget, credentials=not no_credentials,
                                on_run=lambda r: progress.update(bar, advance=1, description=r.case.name))
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("".join(json.dumps(bench.run_record(r)) + "\n" for r in runs))
    print_repair_tables([bench.run_record(r) for r in runs])


def print_repair_tables(records: Sequence[dict[str, Any]], console: Any = None) -> None:
    """The outcome tables of run records (:func:`fcpkit_lab.envs.repair_bench.run_record`)."""
    from rich.console import Console
    from rich.table import Table

    bench = _bench()
    console = console or Console(width=max(Console().width, 160))
    kinds, variants = bench.outcome_rows(records)
    cols = ("runs", "recovered", "honest stop", "unsafe", "wasted", "success w/o repair", "error", "stopped before budget",
            "repair succ.", "families")
    for title, rows in (("per fault (variant)", kinds), ("per variant", variants)):
        t = Table(title=f"repair outcomes {title}", title_justify="left")
        t.add_column("group", overflow="fold", min_width=5)
        for col in cols:
            t.add_column(col, overflow="fold", min_width=len(col) if len(col) < 12 else 8)
        for r in rows:
            rs = r.repair_success
            t.add_row(r.group, str(r.runs), str(r.outcomes["recovered"]), str(r.outcomes["honest_stop"]),
                      str(r.outcomes["unsafe"]), str(r.outcomes["wasted"]), str(r.outcomes["success"]),
                      str(r.outcomes["error"]), f"{r.before_budget}/{r.runs}", "-" if rs is None else f"{rs:.0%}",
                      ", ".join(f"{k}:{v}" for k, v in sorted(r.families.items())) or "-")
        console.print(t, crop=False)
    console.print("paper, Table 9 (repair succ.: success once repair was invoked): " + ", ".join(
        f"{k} {v:.0%}" for k, v in bench.PAPER_REPAIR_SUCCESS.items()))
    for name, ok in bench.targets_met(variants).items():
        console.print(f"{'[green]met[/]' if ok else '[red]not met[/]'}: {name}")
