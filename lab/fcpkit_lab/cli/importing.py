"""``fcpkit import browsergym RESULTS_DIR --out corpus.jsonl``: a BrowserGym or AgentLab study (or one
experiment folder) written as an fcpkit corpus (:mod:`fcpkit_lab.importers.browsergym`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from fcpkit.cli.common import SafePath, friendly
from fcpkit_lab.importers.browsergym import import_study

__all__ = ["import_group"]


@click.group("import")
def import_group() -> None:
    """Read other tools' run records into fcpkit's corpus format."""


@import_group.command("browsergym")
@click.argument("results_dir", type=SafePath(exists=True, file_okay=False, path_type=Path))
@click.option("--out", required=True, type=SafePath(dir_okay=False, path_type=Path),
              help="The corpus file to write (JSON Lines); screenshot paths are relative to it.")
@click.option("--strict-pickles", is_flag=True,
              help="Refuse every pickled class outside BrowserGym's, numpy's and the builtin types (an AgentLab "
                   "agent's own classes are otherwise read as inert records).")
@click.option("--resume", is_flag=True,
              help="Continue an import that was stopped (its .OUT.part file beside OUT), or add to OUT the "
                   "experiments it does not hold yet; the runs already written are not read again.")
@friendly
def import_browsergym(results_dir: Path, out: Path, strict_pickles: bool, resume: bool) -> None:
    """Import the BrowserGym/AgentLab experiments under RESULTS_DIR (exp_args.pkl, step_N.pkl.gz).

    Each experiment becomes one unlabelled trajectory whose plan is its task goal without evidence;
    an experiment that cannot be read is skipped with its reason, and the rest is imported. The
    corpus is written a run at a time (memory of one experiment, whatever the study's size)."""
    try:
        report = import_study(results_dir, out, strict=strict_pickles, resume=resume,
                              on_skip=lambda s: click.secho(str(s), fg="yellow", err=True))
    except KeyboardInterrupt:
        part = out.with_name(f".{out.name}.part")
        kept = f"the runs written so far are in {part}; " if part.exists() else ""
        click.secho(f"stopped: {kept}continue with the same command and --resume", fg="yellow", err=True)
        sys.exit(130)
    click.echo(f"wrote {report.imported} trajectories to {out}"
               + (f" ({len(report.skipped)} experiments skipped)" if report.skipped else ""))
