"""``fcpkit lint PLAN [--corpus RUNS]``: statements the matcher will read literally or never fire."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import click

from fcpkit import load_corpus, load_plan
from fcpkit.cli.common import SafePath
from fcpkit.errors import FcpkitError
from fcpkit.matching import lint_plan

__all__ = ["lint"]


@click.command()
@click.argument("plans", nargs=-1, required=True, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--corpus", type=SafePath(dir_okay=False, path_type=Path),
              help="Recorded runs: also warn about falsifiers that hold on healthy pages and confirming "
                   "evidence that holds on none (only runs of the plan being linted are read).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per warning.")
def lint(plans: tuple[Path, ...], corpus: Path | None, as_json: bool) -> None:
    """Lint evidence PLANS (exit status 1 when there is a warning, 2 on a broken file)."""
    try:
        runs = load_corpus(corpus) if corpus else None
        n = 0
        for path in plans:
            plan = load_plan(path)
            mine = None if runs is None else [t for t in runs if t.plan.task == plan.task] or None
            if runs is not None and mine is None:
                click.secho(f"{path}: no run of {corpus} follows this plan's task; corpus checks skipped", fg="yellow", err=True)
            for w in lint_plan(plan, corpus=mine):
                n += 1
                if as_json:
                    click.echo(json.dumps({"plan": str(path), **asdict(w)}, ensure_ascii=False))
                else:
                    click.echo(f"{path}: {w.render()}")
        if not as_json:
            click.secho(f"{n} warning(s)" if n else "no warnings", fg="yellow" if n else "green", err=True)
        raise SystemExit(1 if n else 0)
    except FcpkitError as exc:
        click.secho(f"error: {exc}", fg="red", err=True)
        raise SystemExit(2) from None
