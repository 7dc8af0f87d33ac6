"""``fcpkit data``: where the shipped data is, so a shell can hand it to other commands.

    fcpkit data                               # each shipped folder, its files and its path
    fcpkit data examples/corpus.jsonl         # one path: fcpkit check "$(fcpkit data examples/corpus.jsonl)"

The library ships what a user of the method needs (:mod:`fcpkit.data`); an installed distribution
beside it adds its own folder with :func:`add_data_root` (fcpkit-lab adds its recorded corpora and
state machines, ``fcpkit data workbench/corpus.jsonl``), so one command finds both.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable

import click

from fcpkit import data
from fcpkit.cli.common import friendly
from fcpkit.errors import ConfigError

__all__ = ["add_data_root", "data_cmd"]

#: (distribution, its package data folder): the library's first, then each one added
_ROOTS: list[tuple[str, Callable[[], Path]]] = [("fcpkit", data.root)]


def add_data_root(distribution: str, root: Callable[[], Path]) -> None:
    """Let ``fcpkit data`` find ``distribution``'s package data (the folder ``root()`` returns)."""
    if all(name != distribution for name, _ in _ROOTS):
        _ROOTS.append((distribution, root))


def _names(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc"))


@click.command("data")
@click.argument("name", required=False)
@friendly
def data_cmd(name: str | None) -> None:
    """Print the path of the shipped file or folder NAME (e.g. examples/corpus.jsonl), or list them all.

    fcpkit ships the example corpus and plans, the experience libraries, the verifier cases, the
    paraphrase suite and the lexical vocabulary (fcpkit/data/); fcpkit-lab, when installed, the
    recorded workbench and MiniWoB++ corpora and the crawled state machines (fcpkit_lab/data/).
    """
    if name:
        data.path(name.strip("/"))  # refuses a name that would leave the package data
        for _, root in _ROOTS:
            where = root().joinpath(*name.strip("/").split("/"))
            if where.exists():
                click.echo(str(where))
                return
        folders = sorted({n.split("/", 1)[0] for _, root in _ROOTS for n in _names(root()) if "/" in n})
        more = "" if len(_ROOTS) > 1 else "; the recorded corpora and state machines ship with fcpkit-lab"
        raise ConfigError(f"{name!r} is not shipped; shipped folders: {', '.join(folders)} "
                          f"(`fcpkit data` lists every file){more}")
    for dist, root in _ROOTS:
        files = _names(root())
        counts = Counter(n.split("/", 1)[0] for n in files if "/" in n)
        click.echo(f"shipped with {dist}, under {root()}:")
        for folder, n in sorted(counts.items()):
            click.echo(f"  {folder + '/':<14} {n:>3} file(s)")
