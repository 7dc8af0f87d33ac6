"""The ``fcpkit`` command line: a client of the public API, like the notebooks and benchmarks.

Each command group lives in its own module (:mod:`fcpkit.cli.check`, :mod:`~fcpkit.cli.explain`,
:mod:`~fcpkit.cli.bench`, ...); this module holds the ``main`` group and one registration line
per command. Errors a user can cause (a malformed plan or corpus, a bad option) print one clear
message and exit with status 2; no traceback.

The commands that need a browser, a web app, Ray or a model server belong to the ``fcpkit-lab``
distribution: each installed distribution that declares an entry point in the ``fcpkit.commands``
group (``name = "module:register"``) has ``register(main)`` called here, and adds its commands to
this same group. With the lab not installed, its commands (:data:`LAB_COMMANDS`) are still listed
and say how to install it.
"""

from __future__ import annotations

from importlib.metadata import entry_points

import click

from fcpkit.cli.bench import bench
from fcpkit.cli.check import check_cmd, validate_cmd
from fcpkit.cli.common import RESULTS, SCRATCH  # noqa: F401 - where the measured tables and the benchmarks' scratch folder are
from fcpkit.cli.data import data_cmd
from fcpkit.cli.explain import explain
from fcpkit.cli.lint import lint
from fcpkit.cli.matching import calibrate_cmd, matchers_cmd
from fcpkit.cli.notebooks import notebooks


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fcpkit")
def main() -> None:
    """Falsifiable commitment planning for web agents."""


main.add_command(check_cmd)
main.add_command(validate_cmd)
main.add_command(explain)
main.add_command(lint)
main.add_command(calibrate_cmd)
main.add_command(matchers_cmd)
main.add_command(bench)
main.add_command(notebooks)
main.add_command(data_cmd)

#: The commands the fcpkit-lab distribution adds (``bench X`` for the benchmark group's), listed so
#: that with only fcpkit installed each one says where it lives instead of "No such command".
LAB_COMMANDS = ("demo", "run", "record", "workbench", "crawl", "compile", "miniwob-program", "study",
                "induce", "retrieve", "plan", "import", "bench detection", "bench checks", "bench retrieval",
                "bench experience", "bench verifier", "bench injection", "bench repair")
LAB_INSTALL = "pip install fcpkit-lab (in a checkout: make setup, or pip install -e lab)"


def _lab_missing(name: str) -> click.Command:
    @click.command(name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                           "help_option_names": []},
                   help=f"(fcpkit-lab) not installed: {LAB_INSTALL}.", add_help_option=False)
    @click.pass_context
    def missing(ctx: click.Context) -> None:
        click.echo(f"fcpkit {ctx.command_path.split(' ', 1)[1]}: this command is part of fcpkit-lab, "
                   f"which is not installed; fix: {LAB_INSTALL}", err=True)
        ctx.exit(2)

    return missing


def _load_commands() -> None:
    """Let every installed ``fcpkit.commands`` entry point add its commands, then stand in for the
    lab's commands that are still missing."""
    for ep in entry_points(group="fcpkit.commands"):
        ep.load()(main)
    for full in LAB_COMMANDS:
        *parents, name = full.split()
        group: click.Group = main
        for p in parents:
            group = group.commands[p]  # type: ignore[assignment]
        if name not in group.commands:
            group.add_command(_lab_missing(name))


_load_commands()

if __name__ == "__main__":  # pragma: no cover
    main()
