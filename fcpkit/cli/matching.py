"""``fcpkit matchers`` and ``fcpkit calibrate``: which evidence matchers run here, and fitting one's
score mapping and thresholds on labelled corpora."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from fcpkit.cli.common import SafePath, friendly
from fcpkit.cli.report import print_calibration
from fcpkit.errors import FcpkitError
from fcpkit.eval.calibrate import calibrate as fit_calibration
from fcpkit.matching import available_matchers

__all__ = ["calibrate_cmd", "matchers_cmd"]


def _holdout(holdout: str) -> float | int | str:
    """--holdout as a share (0.25), a count (40) or names/'all'; a share outside (0, 1) or a count below 1 is an error."""
    hold: float | int | str = holdout
    try:
        hold = int(holdout)
    except ValueError:
        try:
            hold = float(holdout)
        except ValueError:
            pass
    if isinstance(hold, float) and not 0.0 < hold < 1.0:  # nan fails both comparisons too
        raise FcpkitError(f"--holdout {holdout}: a share must be between 0 and 1 (or a count, or 'all')")
    if isinstance(hold, int) and hold < 1:
        raise FcpkitError(f"--holdout {holdout}: a count of held-out runs must be at least 1")
    return hold


@click.command("calibrate")
@click.argument("corpora", nargs=-1, required=True, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--matcher", default="embedding", show_default=True, help="Matcher to calibrate, by name (fcpkit matchers).")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), required=True, help="Calibration file to write.")
@click.option("--split", type=click.Choice(["workflow", "random"]), default="workflow", show_default=True,
              help="Hold back whole workflows, or a random share of runs.")
@click.option("--holdout", default="all", show_default=True,
              help="Held-back part: a fraction (0.25), a count, workflow names (support,orders), or 'all' "
                   "(leave each workflow out in turn; the saved file is refitted on everything).")
@click.option("--seed", default=0, show_default=True, help="Seed of the random split.")
@friendly
def calibrate_cmd(corpora: tuple[Path, ...], matcher: str, out: Path, split: str, holdout: str, seed: int) -> None:
    """Fit a matcher's score mapping and the thresholds on labelled corpora; report on held-back runs."""
    hold = _holdout(holdout)
    with Console(stderr=True).status(f"calibrating the {matcher} matcher on {len(corpora)} corpus file(s)"):
        rep = fit_calibration(list(corpora), matcher=matcher, out=out, split=split, seed=seed, holdout=hold)
    print_calibration(rep, console=Console(width=max(Console().width, 160)))
    click.echo(f"wrote {out}")


@click.command("matchers")
@click.option("--load", is_flag=True, help="Actually load each model (slow) instead of only locating it.")
def matchers_cmd(load: bool) -> None:
    """List the evidence matchers and whether each can run here."""
    t = Table(title="matchers", title_justify="left")
    for col in ("name", "available", "detail"):
        t.add_column(col, overflow="fold", min_width=len(col))
    for name, a in available_matchers(load=load).items():
        t.add_row(name, "[green]yes[/]" if a.available else "[red]no[/]", a.detail)
    Console(width=160).print(t, crop=False)
