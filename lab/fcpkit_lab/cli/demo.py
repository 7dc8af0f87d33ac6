"""``fcpkit demo``: the main job on the embedded default (no API key, no external service)."""

from __future__ import annotations

from pathlib import Path

import click

from fcpkit.cli.check import build_checker
from fcpkit_lab.cli.logs import keep_logs_option
from fcpkit import data
from fcpkit.cli.common import SafePath, friendly
from fcpkit.cli.report import print_reports
from fcpkit.core.trajectory import load_corpus
from fcpkit_lab.envs.live import VERIFIERS, LiveCase, print_live, run_workbench
from fcpkit_lab.eval.bench import bench_checks, print_bench
from fcpkit.eval.metrics import summarize
from fcpkit.llm.components.registry import BOUNDS

__all__ = ["demo_cmd"]


@click.command("demo")
@click.option("--corpus", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Corpus to check (default: the embedded example corpus).")
@click.option("--live/--no-live", default=True, show_default=True,
              help="Also run the loop live on the workbench (real Chromium, embedded LLM for ambiguous cases).")
@click.option("--verifier", type=click.Choice(VERIFIERS), default="split", show_default=True,
              help="Live runs: lower = no model; split = an LLM only for ambiguous cases; split-quoted = the same, repairs held to a quote; llm = every escalation.")
@click.option("--log-dir", type=SafePath(file_okay=False, path_type=Path), default=Path("runs"), show_default=True,
              help="Folder for the live runs' evidence logs.")
@keep_logs_option
@friendly
def demo_cmd(corpus: Path | None, live: bool, verifier: str, log_dir: Path) -> None:
    """The main job on the embedded default: no API key, no external service.

    1. check the example corpus at both verifier bounds; 2. run the plan-test-repair loop live on
    the workbench (a healthy run, a wrong record, a silent no-op) with the embedded LLM deciding
    ambiguous cases; 3. benchmark the fast path.
    """
    path = corpus or data.path(data.EXAMPLES)
    trajs = load_corpus(path)
    for bound in BOUNDS:
        checker = build_checker("lexical", bound, None, None)
        checker.fit(trajs)
        reports = checker.check_corpus(trajs)
        click.secho(f"\n== 1. {path.name}: lexical matcher, {bound} verifier bound ==", bold=True)
        print_reports(reports, steps=False)
        s = summarize(reports)
        click.echo(f"detected {s['detection_rate']:.1%} of {s['faulty']} faulty runs "
                   f"(95% CI {s['detection_ci95'][0]:.0%}-{s['detection_ci95'][1]:.0%}), false alarms on "
                   f"{s['false_alarm_rate']:.0%} of {s['healthy']} healthy runs, {s['pre_action_share']:.0%} of catches "
                   f"before the action ran, {s['escalation_share']:.1%} of checks escalated to a verifier")
    if live:
        click.secho(f"\n== 2. live on the workbench: verifier {verifier} ==", bold=True)
        cases = [LiveCase("support"), LiveCase("support", "wrong_record"), LiveCase("expenses", "silent_noop")]
        print_live(run_workbench(cases, verifier=verifier, log_dir=log_dir))
        click.echo(f"evidence logs: {log_dir}/")
    click.secho("\n== 3. fast path benchmark ==", bold=True)
    print_bench(bench_checks(trajs), title=path.name)
