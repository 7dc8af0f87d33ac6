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
def example_library(example_runs):
    return DeterministicInducer().induce(example_runs)
