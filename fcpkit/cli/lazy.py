"""Command groups whose commands load when they are used (click's documented pattern).

``fcpkit check`` should not pay for what ``fcpkit demo`` needs: the lab's commands import
browsers, a model client with its JSON-schema validator and the notebooks' widgets, several
seconds before anything is checked. A :class:`LazyGroup` lists every command by name and imports
a command's module only when that command runs or its help is asked for.
"""

from __future__ import annotations

import importlib

import click

__all__ = ["LazyGroup", "all_commands"]


class LazyGroup(click.Group):
    """A group whose commands may be given as ``"module:attribute"`` (see module docstring)."""

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, str] = dict(lazy or {})

    def add_lazy(self, name: str, target: str) -> None:
        """Register command ``name`` as ``target`` (``"module:attribute"``), imported on first use."""
        if name not in self.commands:
            self.lazy[name] = target

    def has(self, name: str) -> bool:
        """Whether a command ``name`` is registered, loaded or not."""
        return name in self.commands or name in self.lazy

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        target = self.lazy.pop(cmd_name, None)
        if target is not None:
            module, _, attr = target.partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return self.commands.get(cmd_name)


def all_commands(group: click.Group, prefix: str = ""):
    """``(full name, command)`` of every command under ``group``, lazy ones loaded, groups included."""
    for name in group.list_commands(None):
        cmd = group.get_command(None, name)  # type: ignore[arg-type]
        if cmd is None:
            continue
        yield f"{prefix}{name}", cmd
        if isinstance(cmd, click.Group):
            yield from all_commands(cmd, f"{prefix}{name} ")
