"""Every default the lab names is package data: the library's (fcpkit/data/) or the lab's own
recordings (fcpkit_lab/data/), and exists (the library's tests check that its wheel carries every
file it ships)."""

from __future__ import annotations

import pytest

from fcpkit_lab import data as lab_data
from fcpkit.agent.memory import load_library

from _support.paths import cli_path_defaults, shipped_name
from fcpkit_lab.cli.experience import DEFAULT_CORPORA as EXPERIENCE_CORPORA
from fcpkit_lab.cli.experience import DEFAULT_LIBRARY
from fcpkit_lab.cli.verifier import DEFAULT_CASES, DEFAULT_CORPORA as VERIFIER_CORPORA
from fcpkit_lab.engine.workbench import DEFAULT_SAFE_SMG, DEFAULT_SMG
from fcpkit_lab.eval.injection_bench import CORPUS as INJECTION_CORPUS
from fcpkit_lab.eval.injection_bench import INJECTIONS

MODULE_DEFAULTS = {
    "experience corpora": list(EXPERIENCE_CORPORA), "experience library": [DEFAULT_LIBRARY],
    "verifier cases": [DEFAULT_CASES], "verifier corpora": list(VERIFIER_CORPORA.values()),
    "state-machine memory": [DEFAULT_SMG, DEFAULT_SAFE_SMG],
    "injection texts": [INJECTIONS, INJECTION_CORPUS],
}


def test_the_lab_commands_inputs_default_to_shipped_package_data():
    shipped = {k: v for k, v in cli_path_defaults().items() if v.is_absolute()}
    # the walk must find them, else it checks nothing
    assert {"bench experience corpus", "bench verifier cases_path", "retrieve library", "plan library"} <= set(shipped)
    for where, p in shipped.items():
        assert p.exists() and shipped_name(p), where


@pytest.mark.parametrize("what", sorted(MODULE_DEFAULTS))
def test_lab_module_defaults_resolve_inside_the_package_data(what):
    for p in MODULE_DEFAULTS[what]:
        assert p.exists(), (what, p)
        assert shipped_name(p), (what, p)


def test_induce_defaults_to_the_corpora_the_shipped_library_was_induced_from():
    meta = load_library(DEFAULT_LIBRARY).meta
    assert meta["corpora"] == [lab_data.relative(p) for p in EXPERIENCE_CORPORA]
