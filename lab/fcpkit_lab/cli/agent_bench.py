"""``fcpkit bench agent``: the small-model agent, guarded and not, on MiniWoB++ (see
:mod:`fcpkit_lab.agents.small_model`)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fcpkit.cli.common import SCRATCH, SafePath, friendly

__all__ = ["bench_agent_cmd"]


def _bench() -> Any:
    """:mod:`fcpkit_lab.agents.small_model`, loaded when the command runs: it needs BrowserGym and
    Playwright, which ``import fcpkit.cli`` must not load."""
    return importlib.import_module("fcpkit_lab.agents.small_model")


@click.command("agent")
@click.option("--task", "tasks", multiple=True, metavar="TASK",
              help="MiniWoB++ task (repeatable; default: click-button, click-tab, enter-text, click-option, "
                   "click-checkboxes, login-user).")
@click.option("--seeds", default="0,1,2", show_default=True, help="Comma-separated episode seeds, the same for every arm.")
@click.option("--arms", default="unguarded,guarded", show_default=True, help="unguarded, guarded, or both.")
@click.option("--model", default="smollm2-135m", show_default=True, help="The embedded model (or the endpoint's model).")
@click.option("--form", type=click.Choice(["choice", "free"]), default="choice", show_default=True,
              help="The executor's answer: a choice among the page's elements (schema per page), or a written call.")
@click.option("--max-steps", default=6, show_default=True, type=click.IntRange(1, 50), help="Browser steps per episode.")
@click.option("--record", "record_to", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Record the model's answers to this JSONL file (appended), to replay the episodes with --replay.")
@click.option("--replay", "replay_from", type=SafePath(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Answer every model call from this recording (no model server).")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Write one CSV row per episode here (data/results/NAME.csv for a committed run).")
@click.option("--study", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH / "agent", show_default=True,
              help="Folder for the BrowserGym experiments (each episode's pages, actions and the guard's log).")
@friendly
def bench_agent_cmd(tasks: tuple[str, ...], seeds: str, arms: str, model: str, form: str, max_steps: int,
                    record_to: Path | None, replay_from: Path | None, out: Path | None, study: Path) -> None:
    """The LLM executor on an embedded model in Chromium on MiniWoB++ tasks, unguarded and inside
    fcpkit's guard (same tasks and seeds): success with Wilson intervals, held actions, repairs, model
    calls and seconds per episode."""
    if record_to is not None and replay_from is not None:
        raise click.UsageError("--record and --replay exclude each other")
    bench = _bench()
    arm_list = tuple(a.strip() for a in arms.split(",") if a.strip())
    for a in arm_list:
        if a not in bench.ARMS:
            raise click.BadParameter(f"{a!r} is not one of {', '.join(bench.ARMS)}", param_hint="--arms")
    mode, recording = ("record", record_to) if record_to else ("replay", replay_from) if replay_from else ("live", None)
    console = Console(stderr=True)
    rows = bench.run_agent_bench(tasks or bench.DEFAULT_TASKS, [int(s) for s in seeds.split(",") if s.strip()],
                                 arms=arm_list, model=model, form=form, mode=mode, recording=recording,
                                 max_steps=max_steps, root=study,
                                 on_episode=lambda r: console.print(escape(
                                     f"{r.task} seed {r.seed} {r.arm}: {'success' if r.success else 'fail'}, "
                                     f"{r.steps} steps, {r.caught_before} caught, {r.held} held, {r.model_calls} calls, {r.model_s:.1f} s "
                                     f"[{r.actions[:100]}]")))
    if out is not None:
        bench.write_episodes(rows, out)
        console.print(f"wrote {out}")
    t = Table(title=f"small-model agent ({form} form), MiniWoB++", title_justify="left")
    for col in ("model", "arm", "episodes", "success", "95% CI", "caught", "held", "repairs", "calls/ep", "model s/ep"):
        t.add_column(col)
    for s in bench.summary_rows(rows):
        t.add_row(s["model"], s["arm"], str(s["episodes"]), f"{s['successes']}/{s['episodes']}",
                  f"{s['ci_low']:.2f}-{s['ci_high']:.2f}", str(s["caught_before"]), str(s["held"]), str(s["repairs"]),
                  f"{s['calls_per_episode']:.1f}", f"{s['model_s_per_episode']:.1f}")
    Console(width=160).print(t)
