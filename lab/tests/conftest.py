"""The lab's tests share the library's test helpers and fixtures (``tests/_support``); the helpers
only the lab needs (a browser, the workbench driver, state machines, processes) are in
``_labsupport``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from _support.fixtures import *  # noqa: E402,F401,F403 - the fixtures every test tree shares
