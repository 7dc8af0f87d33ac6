"""``fcpkit bench detection`` and ``fcpkit bench checks``: the detection benchmark and the fast
path's throughput, added to the library's ``bench`` group by :func:`fcpkit_lab.cli.register`."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from fcpkit import data
from fcpkit.cli.common import SCRATCH, SafePath, friendly
from fcpkit.core.trajectory import load_corpus
from fcpkit_lab.eval.bench import CLOCKS, bench_checks, print_bench
from fcpkit_lab.eval.detection import print_detection, run_detection

__all__ = ["bench_checks_cmd", "bench_detection_cmd"]


@click.command("detection")
@click.argument("corpora", nargs=-1, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--matchers", default="lexical", show_default=True,
              help="Comma-separated matcher names, or 'available' for every matcher that loads here.")
@click.option("--out", "out_dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH / "detection",
              show_default=True,
              help="Folder for the CSV tables (a scratch folder by default; --out data/results regenerates the "
                   "tracked tables).")
@click.option("--figures", "fig_dir", type=SafePath(file_okay=False, path_type=Path), default=None,
              help="Folder for the HTML/PNG figures (default: OUT/figures; the tracked ones are in figures/).")
@click.option("--no-sweep", is_flag=True, help="Skip the threshold sweep (and leave-one-workflow-out).")
@friendly
def bench_detection_cmd(corpora: tuple[Path, ...], matchers: str, out_dir: Path, fig_dir: Path | None,
                        no_sweep: bool) -> None:
    """Detection benchmark: every arm x matcher x verifier bound, per fault and workflow, sweep, LOWO."""
    paths = list(corpora) or [data.path(data.EXAMPLES)]
    with Console(stderr=True).status("detection benchmark: loading corpora") as status:
        res = run_detection(paths, matchers=tuple(m.strip() for m in matchers.split(",") if m.strip()),
                            out_dir=out_dir, fig_dir=fig_dir or out_dir / "figures", sweep=not no_sweep,
                            progress=lambda msg: status.update(f"detection benchmark: {msg}"))
    print_detection(res, console=Console(width=max(Console().width, 160)))


@click.command("checks")
@click.argument("corpora", nargs=-1, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--repeat", default=20, show_default=True, type=click.IntRange(1, 10_000), help="Warm passes over each corpus.")
@click.option("--clock", type=click.Choice(sorted(CLOCKS)), default="wall", show_default=True,
              help="Time each check by the wall clock, or by the process's CPU time (on a shared, loaded "
                   "machine: the wall clock then mostly measures other processes).")
@friendly
def bench_checks_cmd(corpora: tuple[Path, ...], repeat: int, clock: str) -> None:
    """Lexical checks per second over whole corpora, and the median/p95 cost of one check.

    With no corpus: the example corpus shipped with fcpkit (fcpkit/data/); the recorded ones ship with
    fcpkit-lab (`fcpkit data` prints their paths).
    """
    paths = list(corpora) or [data.path(data.EXAMPLES)]
    for path in paths:
        with Console(stderr=True).status(f"timing every check of {path} ({repeat} warm passes)"):
            result = bench_checks(load_corpus(path), repeat=repeat, clock=clock)
        print_bench(result, title=str(path))
