"""The ``fcpkit`` command line: a client of the public API, like the notebooks and benchmarks.

Each command group lives in its own module (:mod:`fcpkit.cli.check`, :mod:`~fcpkit.cli.explain`,
:mod:`~fcpkit.cli.bench`, ...); this module holds the ``main`` group and one registration line
per command, by name, so that a command's module is imported only when it runs
(:mod:`fcpkit.cli.lazy`: ``fcpkit check`` starts in under a second, not after the lab's browsers,
model client and widgets have loaded). Errors a user can cause (a malformed plan or corpus, a bad option) print one clear
message and exit with status 2; no traceback.

The commands that need a browser, a web app, Ray or a model server belong to the ``fcpkit-lab``
distribution: each installed distribution that declares an entry point in the ``fcpkit.commands``
group (``name = "module:register"``) has ``register(main)`` called here, and adds its commands to
this same group (``main.add_lazy(name, "module:attribute")``). With the lab not installed, its commands (:data:`LAB_COMMANDS`) are still listed
and say how to install it.
"""

from __future__ import annotations

from importlib.metadata import entry_points

import click

from fcpkit.cli.bench import bench
from fcpkit.cli.common import RESULTS, SCRATCH  # noqa: F401 - where the measured tables and the benchmarks' scratch folder are
from fcpkit.cli.lazy import LazyGroup

#: The library's commands, each imported when it runs (:mod:`fcpkit.cli.lazy`).
COMMANDS = {
    "check": "fcpkit.cli.check:check_cmd",
    "validate": "fcpkit.cli.check:validate_cmd",
    "explain": "fcpkit.cli.explain:explain",
    "lint": "fcpkit.cli.lint:lint",
    "calibrate": "fcpkit.cli.matching:calibrate_cmd",
    "matchers": "fcpkit.cli.matching:matchers_cmd",
    "notebooks": "fcpkit.cli.notebooks:notebooks",
    "data": "fcpkit.cli.data:data_cmd",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fcpkit")
def main() -> None:
    """Falsifiable commitment planning for web agents."""


main.add_command(bench)

#: The commands the fcpkit-lab distribution adds (``bench X`` for the benchmark group's), listed so
#: that with only fcpkit installed each one says where it lives instead of "No such command".
LAB_COMMANDS = ("demo", "run", "record", "workbench", "crawl", "compile", "miniwob-program", "study",
                "induce", "retrieve", "plan", "prompts", "import", "bench detection", "bench checks", "bench retrieval",
                "bench experience", "bench verifier", "bench injection", "bench repair")
LAB_INSTALL = "pip install fcpkit-lab (in a checkout: make setup, or pip install -e lab)"


def _lab_missing(name: str) -> click.Command:
    @click.command(name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                           "help_option_names": []},
                   help=f"(fcpkit-lab) not installed: {LAB_INSTALL}.", add_help_option=False)
    @click.pass_context
    def missing(ctx: click.Context) -> None:
        click.echo(f"error: fcpkit {ctx.command_path.split(' ', 1)[1]}: this command is part of fcpkit-lab, "
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
        group: LazyGroup = main  # type: ignore[assignment]
        for p in parents:
            group = group.commands[p]  # type: ignore[assignment]
        if not group.has(name):
            group.add_command(_lab_missing(name))


_load_commands()

if __name__ == "__main__":  # pragma: no cover
    main()
