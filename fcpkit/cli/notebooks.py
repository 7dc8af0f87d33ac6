"""``fcpkit notebooks``: list the notebooks, or execute them into ``docs/notebooks/`` with outputs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from fcpkit.cli.common import SafePath
from fcpkit.errors import FcpkitError

__all__ = ["notebooks"]


@click.command()
@click.argument("names", nargs=-1)
@click.option("--execute", is_flag=True,
              help="Run the notebooks (all, or NAMES such as 02 or 03_falsifier_lab) top to bottom and write "
                   "executed copies with outputs and static figures to --out.")
@click.option("--out", "out_dir", type=SafePath(file_okay=False, path_type=Path), default=None,
              help="Folder for the executed copies (default: docs/notebooks of the checkout).")
@click.option("--param", "params", multiple=True, metavar="NB:NAME=JSON",
              help="A papermill parameter for one notebook, e.g. 02:step_budget=12 or 03:verifier='\"upper\"' "
                   "(the value is JSON; a bare word is a string).")
@click.option("--no-static", is_flag=True, help="Do not add PNG copies of the plotly figures (faster; no kaleido).")
@click.option("--kernel", default=None, help="Jupyter kernel to run them with (default: the notebook's own, python3).")
def notebooks(names: tuple[str, ...], execute: bool, out_dir: Path | None, params: tuple[str, ...],
              no_static: bool, kernel: str | None) -> None:
    """List the notebooks and what each teaches; with --execute, regenerate their executed copies."""
    from fcpkit.viz.notebooks import DOCS, execute_notebooks, notebook_paths  # the [notebooks] extra

    try:
        paths = notebook_paths(names)
        if not execute:
            for p in paths:
                click.echo(f"{p.stem:32s} {_teaches(p)}")
            click.echo(f"\nexecuted copies: {DOCS} (regenerate: fcpkit notebooks --execute)")
            return
        parameters = _parse_params(params)
        with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                      TimeElapsedColumn(), transient=True) as progress:
            bar = progress.add_task("notebooks", total=len(paths))
            runs = execute_notebooks(
                names, out_dir or DOCS, parameters=parameters, static_figures=not no_static, kernel_name=kernel,
                on_start=lambda p: progress.update(bar, description=f"running {p.name}"),
                on_done=lambda r: progress.update(bar, advance=1))
    except FcpkitError as exc:
        click.secho(f"error: {exc}", fg="red", err=True)
        sys.exit(2)
    for r in runs:
        figs = f"{r.static_figures}/{r.figures} figures with a static PNG" if r.figures else "no figures"
        click.echo(f"wrote {r.out} ({r.seconds:.0f} s; {figs}; {r.inputs} input files recorded with their sha256)"
                   + (f" — {r.note}" if r.note else ""))


def _teaches(path: Path) -> str:
    """The notebook's title line (its first markdown heading)."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    first = "".join(cells[0].get("source", [])) if cells else ""
    return next((ln.lstrip("# ").strip() for ln in first.splitlines() if ln.startswith("#")), "")


def _parse_params(items: tuple[str, ...]) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for item in items:
        nb, sep, rest = item.partition(":")
        name, eq, raw = rest.partition("=")
        if not sep or not eq or not name:
            raise FcpkitError(f"--param {item!r}: expected NOTEBOOK:NAME=VALUE, e.g. 02:step_budget=12")
        from fcpkit.viz.notebooks import notebook_paths

        stem = notebook_paths([nb])[0].stem
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out.setdefault(stem, {})[name] = value
    return out
