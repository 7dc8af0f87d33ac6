"""``fcpkit explain "STATEMENT" --page CORPUS:RUN:STEP``: why a statement scored what it did, and how
the page model read that page (the record in view, what it only mentions, what falsifiers are not
read on: chrome, the site's furniture learnt from the run's pages so far, what the agent typed)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import click

from fcpkit import get_matcher, load_corpus
from fcpkit.core.actions import describe_action
from fcpkit.core.rules import is_form_edit
from fcpkit.core.page import Page, Reading, SiteModel, reading
from fcpkit.core.form_actions import add_inputs
from fcpkit.errors import FcpkitError

__all__ = ["explain", "resolve_page", "page_reading"]


def page_reading(ref: str) -> Reading:
    """How the checker reads the page ``CORPUS:RUN:STEP`` at that point of the run: with the site's
    furniture learnt from the run's pages up to it and what the agent typed, chose or clicked
    before it (as :class:`~fcpkit.core.tracker.CommitmentTracker` gives the tester)."""
    t, i = _locate(ref)
    obs = t.observations()
    if not 0 <= i < len(obs):
        raise FcpkitError(f"--page {ref!r}: run {t.id!r} has pages 0..{len(obs) - 1} (0 = the start page)")
    site = SiteModel()
    for o in obs[: i + 1]:
        site.observe(Page.of(o))
    inputs: list[str] = []
    for s in t.steps[:i]:
        add_inputs(inputs, s.action)
    typing = i > 0 and is_form_edit(t.steps[i - 1].action)
    return reading(Page.of(obs[i]), typing=typing, inputs=tuple(inputs), site=site)


def _locate(ref: str):
    try:
        corpus, run, step = ref.rsplit(":", 2)
        i = int(step)
    except ValueError:
        raise FcpkitError(f"--page {ref!r}: expected CORPUS:RUN:STEP, e.g. fcpkit/data/examples/corpus.jsonl:support-healthy-01:3") from None
    runs = {t.id: t for t in load_corpus(Path(corpus))}
    if run not in runs:
        raise FcpkitError(f"--page {ref!r}: {corpus} has no run {run!r} (it has {', '.join(sorted(runs)[:5])}, ...)")
    return runs[run], i


def resolve_page(ref: str, *, action: bool = False):
    """``CORPUS:RUN:STEP`` -> the page before step STEP (0 = the start page; the last step + 1 =
    the final page), or with ``action`` the action of step STEP as the action tester reads it."""
    t, i = _locate(ref)
    run = t.id
    if action:
        if not 0 <= i < len(t.steps):
            raise FcpkitError(f"--page {ref!r}: run {run!r} has steps 0..{len(t.steps) - 1}")
        return describe_action(t.steps[i].action)
    obs = t.observations()
    if not 0 <= i < len(obs):
        raise FcpkitError(f"--page {ref!r}: run {run!r} has pages 0..{len(obs) - 1} (0 = the start page)")
    return obs[i].serialize()


@click.command()
@click.argument("statements", nargs=-1)
@click.option("--page", "page_ref", required=True, help="CORPUS:RUN:STEP (STEP 0 = the start page).")
@click.option("--action", is_flag=True, help="Explain against the action of step STEP instead of a page.")
@click.option("--matcher", default="lexical", show_default=True, help="Matcher by name (must have explain()).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per statement.")
def explain(statements: tuple[str, ...], page_ref: str, action: bool, matcher: str, as_json: bool) -> None:
    """Show the compiled claim of each STATEMENT, the entities it requires, which node or line
    supported or contradicted it on the page, and the score; then how the page was read: the record
    in view and the records it only mentions, and what falsifiers are not read on (chrome, the
    site's furniture, the agent's typed text and its echoes, what users wrote). With no STATEMENT,
    only the page's reading."""
    try:
        if action and not statements:
            raise FcpkitError("--action needs a STATEMENT to explain against the action")
        read = None if action else page_reading(page_ref)
        m = get_matcher(matcher)
        if not callable(getattr(m, "explain", None)):
            raise FcpkitError(f"matcher {matcher!r} cannot explain its scores; use --matcher lexical")
        target = resolve_page(page_ref, action=action)
        for s in statements:
            e = m.explain(s, target)
            if as_json:
                d = asdict(e)
                d["claim"]["entities"] = e.claim.entities.describe()
                d["claim"]["roles"] = sorted(e.claim.roles)
                if read is not None:
                    d["page_reading"] = asdict(read)
                click.echo(json.dumps(d, ensure_ascii=False))
            else:
                click.echo(e.render() + "\n")
        if read is not None and not as_json:
            click.echo(read.render())
        elif read is not None and not statements:
            click.echo(json.dumps({"page_reading": asdict(read)}, ensure_ascii=False))
    except FcpkitError as exc:
        click.secho(f"error: {exc}", fg="red", err=True)
        raise SystemExit(2) from None
