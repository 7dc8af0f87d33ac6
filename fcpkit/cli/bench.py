"""``fcpkit bench``: the benchmarks group (throughput and ratios; not tests). The library ships no
benchmark of its own; fcpkit-lab adds its commands to the group (``bench detection``,
``bench checks``, ``bench verifier``, ...: :data:`fcpkit.cli.LAB_COMMANDS`)."""

from __future__ import annotations

import click

from fcpkit.cli.lazy import LazyGroup

__all__ = ["bench"]


@click.group("bench", cls=LazyGroup)
def bench() -> None:
    """Benchmarks (throughput and ratios; not tests)."""
