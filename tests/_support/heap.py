"""Counting what is still alive, cheaply: the streaming tests collect garbage before every
trajectory to see which earlier ones are still held, and a full collection walks every object of
the test process (a model library loaded by an earlier test makes that most of a second)."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def heap_frozen() -> Iterator[None]:
    """Inside the block, ``gc.collect()`` scans only objects made in the block: what was alive
    before it moves to the permanent generation (:func:`gc.freeze`) until the block ends. Objects
    made in the block, and the cycles among them, are collected as usual."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
