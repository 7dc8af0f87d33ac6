"""The lab's commands, added to the library's ``fcpkit`` command.

``fcpkit.cli`` calls :func:`register` with its ``main`` group through the ``fcpkit.commands``
entry point this distribution declares; each command group lives in its own module here
(:mod:`~fcpkit_lab.cli.demo`, :mod:`~fcpkit_lab.cli.live`, :mod:`~fcpkit_lab.cli.engine`, ...).
"""

from __future__ import annotations

from fcpkit.cli.data import add_data_root
from fcpkit.cli.lazy import LazyGroup
from fcpkit_lab import data as lab_data

__all__ = ["register"]


#: The lab's commands, each imported when it runs (:mod:`fcpkit.cli.lazy`): ``fcpkit check`` never
#: loads a browser, a model client or a widget.
COMMANDS = {
    "demo": "fcpkit_lab.cli.demo:demo_cmd",
    "run": "fcpkit_lab.cli.live:run_cmd",
    "record": "fcpkit_lab.cli.record:record_cmd",
    "workbench": "fcpkit_lab.cli.serve:workbench_cmd",
    "crawl": "fcpkit_lab.cli.engine:crawl_cmd",
    "compile": "fcpkit_lab.cli.engine:compile_cmd",
    "miniwob-program": "fcpkit_lab.cli.engine:miniwob_program_cmd",
    "induce": "fcpkit_lab.cli.experience:induce",
    "retrieve": "fcpkit_lab.cli.experience:retrieve",
    "plan": "fcpkit_lab.cli.experience:plan_cmd",
    "prompts": "fcpkit_lab.cli.prompts:prompts_group",
    "study": "fcpkit_lab.cli.study:study",
    "import": "fcpkit_lab.cli.importing:import_group",
}
#: The lab's benchmarks, added to ``fcpkit bench``.
BENCHMARKS = {
    "detection": "fcpkit_lab.cli.benchmarks:bench_detection_cmd",
    "checks": "fcpkit_lab.cli.benchmarks:bench_checks_cmd",
    "retrieval": "fcpkit_lab.cli.experience:bench_retrieval",
    "experience": "fcpkit_lab.cli.experience:bench_experience",
    "verifier": "fcpkit_lab.cli.verifier:bench_verifier_cmd",
    "injection": "fcpkit_lab.cli.injection:bench_injection_cmd",
    "repair": "fcpkit_lab.cli.repair:bench_repair_cmd",
    "agent": "fcpkit_lab.cli.agent_bench:bench_agent_cmd",
}


def register(main: LazyGroup) -> None:
    """Add the lab's commands to ``main``, its benchmarks to ``main``'s ``bench`` group, and its
    recordings to what ``fcpkit data`` finds. A study folder given to ``fcpkit check`` is read by
    the BrowserGym source this distribution declares as a ``fcpkit.corpus_sources`` entry point."""
    add_data_root("fcpkit-lab", lab_data.root)
    for name, target in COMMANDS.items():
        main.add_lazy(name, target)
    bench = main.commands["bench"]
    assert isinstance(bench, LazyGroup)
    for name, target in BENCHMARKS.items():
        bench.add_lazy(name, target)
