"""``fcpkit crawl`` and ``fcpkit compile``: the engine's commands (registered in :mod:`fcpkit.cli`)."""

from __future__ import annotations

import json
import sys
from functools import wraps
from pathlib import Path
from typing import Any, Callable

import click

from .errors import FcpkitError

__all__ = ["crawl_cmd", "compile_cmd"]


def _friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except FcpkitError as exc:
            click.secho(f"error: {exc}", fg="red", err=True)
            sys.exit(2)

    return wrapper


@click.command("crawl")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the SMG (default: data/smg/workbench.yaml, or workbench-safe.yaml in safe mode).")
@click.option("--max-pages", default=80, show_default=True, help="Page-visit budget.")
@click.option("--max-seconds", default=600.0, show_default=True, help="Time budget.")
@click.option("--samples", default=2, show_default=True, help="Instances visited per page template.")
@click.option("--safe/--submit-forms", default=True, show_default=True,
              help="--submit-forms submits each write form once (sample values) and resets the workbench after it; "
                   "safe mode never submits a POST form.")
@click.option("--no-validate", is_flag=True, help="Skip phase 4 (replaying every operation).")
@_friendly
def crawl_cmd(out: Path | None, max_pages: int, max_seconds: float, samples: int, safe: bool, no_validate: bool) -> None:
    """Crawl the workbench (started here) into a state-machine memory (YAML), and print its statistics."""
    from .engine import CrawlConfig
    from .engine.workbench import DEFAULT_SMG, crawl_workbench

    if out is None:
        out = DEFAULT_SMG if not safe else DEFAULT_SMG.with_name("workbench-safe.yaml")
    config = CrawlConfig(max_pages=max_pages, max_seconds=max_seconds, samples=samples, safe=safe,
                         validate=not no_validate)
    smg = crawl_workbench(config=config, out=out, on_phase=lambda p: click.echo(f"phase: {p}", err=True))
    click.echo(json.dumps(smg.stats, indent=1))
    click.echo(f"wrote {out}")
