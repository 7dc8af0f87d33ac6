"""``fcpkit prompts``: try planner prompt versions on every task with recorded runs.

* ``prompts new FILE`` - write the packaged planner prompt as a prompt version file to edit.
* ``prompts score FILE... [--model ...] [--tasks ...]`` - a plan per task per version (cached by
  prompt hash, model and task; live answers also recorded for replay), linted and checked on the
  recorded runs; prints one table (each version, the hand-written plans, the state machine's) and
  writes it under ``data/results/`` as JSON Lines and Markdown, for the docs.
"""

from __future__ import annotations

from pathlib import Path

import click

from fcpkit.cli.common import SafePath, friendly
from fcpkit.errors import FcpkitError

from fcpkit_lab.promptlab.compare import prompt_diff, statement_diffs, table_markdown, table_text
from fcpkit_lab.promptlab.models import ModelChoice
from fcpkit_lab.promptlab.session import DEFAULT_DIR, PromptLab, write_results
from fcpkit_lab.promptlab.tasks import load_task_set
from fcpkit_lab.promptlab.version import PromptVersion

__all__ = ["prompts_group"]


@click.group("prompts")
def prompts_group() -> None:
    """Prompt versions of the LLM planner: write one, score several side by side."""


@prompts_group.command("new")
@click.argument("path", type=SafePath(dir_okay=False, path_type=Path))
@friendly
def new_cmd(path: Path) -> None:
    """Write the packaged planner prompt, split into its editable parts, to PATH."""
    if path.exists():
        raise FcpkitError(f"{path} exists; fix: give a new file name (a version is never overwritten here)")
    v = PromptVersion.default()
    v.save(path)
    click.echo(f"{path}: prompt version {v.hash}; edit its part_* values, then: fcpkit prompts score {path}")


@prompts_group.command("score")
@click.argument("prompt_files", nargs=-1, required=True, type=SafePath(exists=True, dir_okay=False, path_type=Path))
@click.option("--model", "model_spec", default="embedded", show_default=True,
              help="embedded[:NAME] (the llama.cpp server; default SmolLM2), endpoint:URL[#MODEL], or replay:FILE "
                   "(answers a live round recorded).")
@click.option("--tasks", "corpora", default="", help="Comma-separated corpora (workbench, examples, the dev corpora "
                                                     "present); default: every corpus with recorded runs.")
@click.option("--limit", type=click.IntRange(1), default=None, help="Only the first N tasks.")
@click.option("--cache", "cache_dir", type=SafePath(file_okay=False, path_type=Path), default=DEFAULT_DIR / "answers",
              show_default=True, help="The answer cache (one folder per model, one file per prompt hash).")
@click.option("--record", "recording", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Append live answers here for replay (default: data/results/promptlab/recordings/MODEL.jsonl).")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), default=Path("data/results/promptlab_scores.jsonl"),
              show_default=True, help="The table as JSON Lines; a .md beside it holds it as Markdown.")
@click.option("--diff", "show_diff", is_flag=True, help="Also print the first two versions' prompt and statement diffs.")
@friendly
def score_cmd(prompt_files: tuple[Path, ...], model_spec: str, corpora: str, limit: int | None, cache_dir: Path,
              recording: Path | None, out: Path, show_diff: bool) -> None:
    """Score each PROMPT_FILE (a prompt version: a planner template file) on the tasks with recorded runs."""
    versions = [PromptVersion.load(p) for p in prompt_files]
    model = ModelChoice.parse(model_spec)
    if model.kind != "replay":
        model = ModelChoice(model.kind, model.name, model.base_url,
                            str(recording or DEFAULT_DIR / "recordings" / f"{model.key}.jsonl"))
    tasks = load_task_set([c for c in corpora.split(",") if c] or None)
    if limit:
        tasks = tasks.only(limit=limit)
    lab = PromptLab(tasks, model, cache_dir)
    click.secho(f"{len(tasks)} tasks from {', '.join(tasks.corpora())}; model {model.key}", err=True, fg="cyan")
    answers = {}
    try:
        for v in versions:
            answers[v.label] = lab.answers(v, progress=lambda a, v=v: _progress(v, a))
    finally:
        lab.close()
    rows = [lab.row(v, answers[v.label]) for v in versions] + lab.baseline_rows
    click.echo(table_text(rows))
    path = write_results(out, rows, model=model.key, task_set=tasks, versions=versions)
    out.with_suffix(".md").write_text(
        f"Model: {model.key}; {len(tasks)} tasks ({', '.join(tasks.corpora())}); "
        f"{len(tasks.runs)} recorded runs.\n\n{table_markdown(rows)}\n", encoding="utf-8")
    click.secho(f"wrote {path} and {out.with_suffix('.md')}", err=True, fg="green")
    if show_diff and len(versions) >= 2:
        a, b = versions[:2]
        click.echo(prompt_diff(a, b))
        for task, d in statement_diffs(answers[a.label], answers[b.label], (a.label, b.label)).items():
            click.echo(f"\n# {task}\n{d}")


def _progress(version: PromptVersion, answer) -> None:
    rec = answer.record or {}
    state = "cached" if answer.cached else ("no answer: " + answer.missing if answer.missing else
                                             f"{rec.get('seconds')} s")
    ok = "plan" if rec.get("ok") else ("not a plan" if rec else "-")
    click.echo(f"  {version.name or version.hash}: {ok} ({state}) {answer.task[:70]}", err=True)
