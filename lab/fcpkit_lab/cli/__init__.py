"""The lab's commands, added to the library's ``fcpkit`` command.

``fcpkit.cli`` calls :func:`register` with its ``main`` group through the ``fcpkit.commands``
entry point this distribution declares; each command lives in its own module here.
"""

from __future__ import annotations

import click


def register(main: click.Group) -> None:
    """Add the lab's commands (and its ``bench`` benchmarks) to ``main``."""
