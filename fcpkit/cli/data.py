"""``fcpkit data``: where the data shipped with fcpkit is, so a shell can hand it to other commands.

    fcpkit data                               # each shipped folder, its files and its path
    fcpkit data examples/corpus.jsonl         # one path: fcpkit check "$(fcpkit data examples/corpus.jsonl)"
"""

from __future__ import annotations

from collections import Counter

import click

from fcpkit import data
from fcpkit.cli.common import friendly
from fcpkit.errors import ConfigError

__all__ = ["data_cmd"]


@click.command("data")
@click.argument("name", required=False)
@friendly
def data_cmd(name: str | None) -> None:
    """Print the path of the shipped file or folder NAME (e.g. examples/corpus.jsonl), or list them all.

    The example corpus and plans, the recorded workbench and MiniWoB++ corpora, the experience
    libraries, the verifier cases, the paraphrase suite and the state-machine memory ship inside
    the package (fcpkit/data/); every command's defaults read them from there.
    """
    if name:
        where = data.path(name.strip("/"))
        if not where.exists():
            folders = sorted({n.split("/", 1)[0] for n in data.names() if "/" in n})
            raise ConfigError(f"{name!r} is not shipped with fcpkit; shipped folders: {', '.join(folders)} "
                              "(`fcpkit data` lists every file)")
        click.echo(str(where))
        return
    files = data.names()
    counts = Counter(n.split("/", 1)[0] for n in files if "/" in n)
    click.echo(f"shipped with fcpkit, under {data.root()}:")
    for folder, n in sorted(counts.items()):
        click.echo(f"  {folder + '/':<14} {n:>3} file(s)")
    click.echo("corpora: " + ", ".join((data.EXAMPLES, data.WORKBENCH, data.MINIWOB)))
