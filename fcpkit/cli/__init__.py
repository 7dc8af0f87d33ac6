"""The ``fcpkit`` command line: a client of the public API, like the notebooks and benchmarks.

Each command group lives in its own module (:mod:`fcpkit.cli.check`, :mod:`~fcpkit.cli.live`,
:mod:`~fcpkit.cli.benchmarks`, ...); this module holds the ``main`` group and one registration line
per command. Errors a user can cause (a malformed plan or corpus, a bad option) print one clear
message and exit with status 2; no traceback.
"""

from __future__ import annotations

import click

from fcpkit.cli.benchmarks import bench
from fcpkit.cli.check import check_cmd, validate_cmd
from fcpkit.cli.common import RESULTS, SCRATCH  # noqa: F401 - where the measured tables and the benchmarks' scratch folder are
from fcpkit.cli.demo import demo_cmd
from fcpkit.cli.engine import compile_cmd, crawl_cmd, miniwob_program_cmd
from fcpkit.cli.live import run_cmd
from fcpkit.cli.matching import calibrate_cmd, matchers_cmd
from fcpkit.cli.notebooks import notebooks
from fcpkit.cli.record import record_cmd
from fcpkit.cli.serve import workbench_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fcpkit")
def main() -> None:
    """Falsifiable commitment planning for web agents."""


main.add_command(check_cmd)
main.add_command(validate_cmd)
main.add_command(demo_cmd)
main.add_command(calibrate_cmd)
main.add_command(matchers_cmd)
main.add_command(run_cmd)
main.add_command(record_cmd)
main.add_command(workbench_cmd)
main.add_command(bench)
main.add_command(notebooks)

from fcpkit.cli.experience import bench_experience, bench_retrieval, induce, plan_cmd, retrieve  # noqa: E402 - one line each
main.add_command(induce)
main.add_command(retrieve)
main.add_command(plan_cmd)
bench.add_command(bench_retrieval)
bench.add_command(bench_experience)

from fcpkit.cli.explain import explain  # noqa: E402
from fcpkit.cli.lint import lint  # noqa: E402

main.add_command(explain)
main.add_command(lint)


main.add_command(crawl_cmd)
main.add_command(compile_cmd)
main.add_command(miniwob_program_cmd)

from fcpkit.cli.verifier import bench_verifier_cmd  # noqa: E402 - registered after the group exists

bench.add_command(bench_verifier_cmd)
from fcpkit.cli.injection import bench_injection_cmd  # noqa: E402

bench.add_command(bench_injection_cmd)
from fcpkit.cli.repair import bench_repair_cmd  # noqa: E402

bench.add_command(bench_repair_cmd)

from fcpkit.cli.study import study  # noqa: E402 - one line each
main.add_command(study)

from fcpkit.cli.data import data_cmd  # noqa: E402 - one line each
main.add_command(data_cmd)

if __name__ == "__main__":  # pragma: no cover
    main()
