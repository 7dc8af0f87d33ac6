"""``fcpkit workbench``: serve the workbench web application until interrupted."""

from __future__ import annotations

import click

from fcpkit.cli.common import friendly
from fcpkit_lab.envs.workbench import serve

__all__ = ["workbench_cmd"]


@click.command("workbench")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--workflow", type=click.Choice(["support", "expenses", "catalogue", "orders"]), default="support",
              show_default=True, help="Which workflow's task the episode serves.")
@click.option("--variant", default=0, show_default=True, type=click.IntRange(0, 2), help="Task variant (target record and values).")
@click.option("--fault", default=None, help="Inject a fault into the episode (see fcpkit_lab.envs.workbench.FAULT_KINDS).")
@click.option("--seed", default=0, show_default=True, help="Seed of the episode's data.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer requests for this host name (besides --host and the loopback names; others are "
                   "refused, against DNS rebinding).")
@friendly
def workbench_cmd(host: str, port: int, workflow: str, variant: int, fault: str | None, seed: int,
                  allow_hosts: tuple[str, ...]) -> None:
    """Serve the workbench web application (sign in as agent / workbench) until interrupted."""
    serve(host, port, workflow=workflow, variant=variant, fault=fault, seed=seed, allowed_hosts=allow_hosts)
