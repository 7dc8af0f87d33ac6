"""``fcpkit record``: trajectory corpora recorded from real browser runs (the recorder's own options)."""

from __future__ import annotations

import sys

import click

from fcpkit.cli.common import friendly
from fcpkit_lab.envs.record.__main__ import main as recorder_main

__all__ = ["record_cmd"]


@click.command("record", context_settings={"ignore_unknown_options": True, "help_option_names": []})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@friendly
def record_cmd(args: tuple[str, ...]) -> None:
    """Record trajectory corpora from real browser runs (workbench or MiniWoB), labelled from what happened.

    Same options as `python -m fcpkit_lab.envs.record.recorder`: e.g. `fcpkit record --out lab/fcpkit_lab/data/workbench --seed 0`,
    `fcpkit record --source miniwob --out lab/fcpkit_lab/data/miniwob --seed 0`, `fcpkit record --help`.
    """
    sys.exit(recorder_main(list(args)) or 0)
