"""Shared fixtures: the example data, and small observations built in code."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
EXAMPLES = DATA / "examples"


@pytest.fixture(scope="session")
def examples_dir() -> Path:
    return EXAMPLES
