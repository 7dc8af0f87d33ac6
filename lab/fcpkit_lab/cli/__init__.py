"""The lab's commands, added to the library's ``fcpkit`` command.

``fcpkit.cli`` calls :func:`register` with its ``main`` group through the ``fcpkit.commands``
entry point this distribution declares; each command group lives in its own module here
(:mod:`~fcpkit_lab.cli.demo`, :mod:`~fcpkit_lab.cli.live`, :mod:`~fcpkit_lab.cli.engine`, ...).
"""

from __future__ import annotations

import click

from fcpkit.cli.data import add_data_root
from fcpkit.core.corpus_sources import register_source
from fcpkit_lab import data as lab_data
from fcpkit_lab.importers.browsergym import BrowserGymSource
from fcpkit_lab.cli.benchmarks import bench_checks_cmd, bench_detection_cmd
from fcpkit_lab.cli.demo import demo_cmd
from fcpkit_lab.cli.engine import compile_cmd, crawl_cmd, miniwob_program_cmd
from fcpkit_lab.cli.importing import import_group
from fcpkit_lab.cli.experience import bench_experience, bench_retrieval, induce, plan_cmd, retrieve
from fcpkit_lab.cli.injection import bench_injection_cmd
from fcpkit_lab.cli.live import run_cmd
from fcpkit_lab.cli.record import record_cmd
from fcpkit_lab.cli.repair import bench_repair_cmd
from fcpkit_lab.cli.serve import workbench_cmd
from fcpkit_lab.cli.study import study
from fcpkit_lab.cli.verifier import bench_verifier_cmd

__all__ = ["register"]


def register(main: click.Group) -> None:
    """Add the lab's commands to ``main``, its benchmarks to ``main``'s ``bench`` group, and its
    recordings to what ``fcpkit data`` finds."""
    add_data_root("fcpkit-lab", lab_data.root)
    for cmd in (demo_cmd, run_cmd, record_cmd, workbench_cmd, crawl_cmd, compile_cmd, miniwob_program_cmd,
                induce, retrieve, plan_cmd, study, import_group):
        main.add_command(cmd)
    # a study folder given to `fcpkit check` / load_corpus is read by BrowserGym's loaders (also declared
    # as a fcpkit.corpus_sources entry point, for load_corpus without the command line)
    register_source(BrowserGymSource())
    bench = main.commands["bench"]
    assert isinstance(bench, click.Group)
    for cmd in (bench_detection_cmd, bench_checks_cmd, bench_retrieval, bench_experience, bench_verifier_cmd, bench_injection_cmd, bench_repair_cmd):
        bench.add_command(cmd)
