"""Fixtures for the experience tests: libraries induced once per session."""

from __future__ import annotations

import pytest
from _support.memory import DATA

import fcpkit
from fcpkit.eval.induce import DeterministicInducer


@pytest.fixture(scope="session")
def example_runs():
    return list(fcpkit.load_corpus(DATA / "examples" / "corpus.jsonl"))


@pytest.fixture(scope="session")
def workbench_runs():
    return list(fcpkit.load_corpus(DATA / "workbench" / "corpus.jsonl"))


@pytest.fixture(scope="session")
def example_library(example_runs):
    return DeterministicInducer().induce(example_runs)


@pytest.fixture(scope="session")
def workbench_library(workbench_runs):
    """Induced from workbench variants 0 and 1 only: variant 2 of each workflow is held back."""
    return DeterministicInducer().induce([t for t in workbench_runs if "-v2-" not in t.id])
