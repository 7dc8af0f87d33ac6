"""Fixtures for the experience tests on the recorded workbench corpus (the lab's recordings)."""

from __future__ import annotations

import pytest

import fcpkit
from fcpkit.eval.induce import DeterministicInducer
from fcpkit_lab import data as lab_data


@pytest.fixture(scope="session")
def workbench_runs():
    return list(fcpkit.load_corpus(lab_data.path(lab_data.WORKBENCH)))


@pytest.fixture(scope="session")
def workbench_library(workbench_runs):
    """Induced from workbench variants 0 and 1 only: variant 2 of each workflow is held back."""
    return DeterministicInducer().induce([t for t in workbench_runs if "-v2-" not in t.id])
