"""The ``fcpkit`` command line: a client of the public API, like the notebooks and benchmarks.

Errors a user can cause (a malformed plan or corpus, a bad option) print one clear message and
exit with status 2; no traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from fcpkit.cli.common import DATA, SCRATCH, SafePath, friendly
from fcpkit.cli.engine import compile_cmd, crawl_cmd, run_program_cases
from fcpkit.cli.notebooks import notebooks
from fcpkit.errors import FcpkitError

_friendly = friendly


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fcpkit")
def main() -> None:
    """Falsifiable commitment planning for web agents."""


def _make_matcher(name: str):
    from fcpkit.matching import get_matcher

    return get_matcher(name)


def _checker(matcher: str, verifier: str, thresholds: str | None, log: str | None, calibration: str | None = None,
             **switches: bool):
    from fcpkit.core.log import EvidenceLog
    from fcpkit.core.router import Thresholds
    from fcpkit.eval.checker import Checker

    if calibration:
        from fcpkit.eval.calibrate import calibrated_matcher, calibrated_thresholds

        m = calibrated_matcher(calibration)
        th = Thresholds.load(thresholds) if thresholds else calibrated_thresholds(calibration)
    else:
        m = _make_matcher(matcher)
        th = Thresholds.load(thresholds) if thresholds else Thresholds()
    return Checker(m, th, verifier=verifier, log=EvidenceLog(log) if log else None, **switches)


@main.command()
@click.argument("corpus", type=SafePath(dir_okay=False, path_type=Path))
@click.option("--plan", "plan_path", type=SafePath(dir_okay=False, path_type=Path),
              help="Check every trajectory against this plan instead of the one it names.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per trajectory (docs/formats.md checker output).")
@click.option("--verifier", type=click.Choice(["lower", "lower-strict", "upper"]), default="lower", show_default=True,
              help="Escalation policy: lower = keep going (risk and hard rule hits repair); lower-strict = also "
                   "treat an unconfirmed write as drift; upper = oracle from labels.")
@click.option("--matcher", default="lexical", show_default=True, help="Evidence matcher by name.")
@click.option("--thresholds", type=SafePath(exists=True, dir_okay=False), help="Thresholds JSON file.")
@click.option("--calibration", type=SafePath(exists=True, dir_okay=False),
              help="A file from `fcpkit calibrate`: its matcher, score mapping and thresholds.")
@click.option("--log", type=SafePath(dir_okay=False, writable=True), help="Append every test and decision to this evidence log.")
@click.option("--id", "only", multiple=True, help="Only these trajectory ids.")
@click.option("--steps/--no-steps", default=False, help="Print each trajectory's per-step routes.")
@click.option("--no-rules", is_flag=True, help="Disable the anomaly rules.")
@click.option("--no-plan-falsifiers", is_flag=True, help="Disable cross-cutting plan-level falsifiers.")
@click.option("--no-builtin", "no_builtin", multiple=True, metavar="NAME",
              help="Disable one built-in task-level falsifier (lost_session, refused, ...), or 'all'.")
@click.option("--no-pre-action", is_flag=True, help="Skip the action-level (pre) test.")
@_friendly
def check(corpus: Path, plan_path: Path | None, as_json: bool, verifier: str, matcher: str, thresholds: str | None,
          calibration: str | None, log: str | None, only: tuple[str, ...], steps: bool, no_rules: bool,
          no_plan_falsifiers: bool, no_builtin: tuple[str, ...], no_pre_action: bool) -> None:
    """Check a trajectory CORPUS (JSON Lines) against its plans; report per-step routes and detections."""
    from fcpkit.core.plan import load_plan
    from fcpkit.core.trajectory import load_corpus

    if log is not None and not log.strip():
        raise FcpkitError("--log: an empty path; fix: name a file, or leave --log out")
    trajs = load_corpus(corpus)
    plan = load_plan(plan_path) if plan_path else None
    selected = [t for t in trajs if not only or t.id in only]
    if only and len(selected) != len(set(only)):
        missing = set(only) - {t.id for t in selected}
        raise FcpkitError(f"{corpus}: no trajectory with id {sorted(missing)}")
    from fcpkit.core.falsifiers import Builtins

    builtins = Builtins.none() if "all" in no_builtin else Builtins.from_dict({n: False for n in no_builtin})
    checker = _checker(matcher, verifier, thresholds, log, calibration, use_rules=not no_rules,
                       use_plan_falsifiers=not no_plan_falsifiers, use_builtins=builtins, pre_action=not no_pre_action)
    checker.fit(trajs)
    reports = checker.check_corpus(selected, plan)
    if checker.log is not None:
        checker.log.close()
    if as_json:
        for r in reports:
            click.echo(json.dumps(r.to_json(), ensure_ascii=False))
        return
    from fcpkit.cli.report import print_reports

    print_reports(reports, steps=steps)


@main.command()
@click.argument("files", nargs=-1, required=True, type=SafePath(path_type=Path))
@_friendly
def validate(files: tuple[Path, ...]) -> None:
    """Validate plan (.yaml/.json) and corpus (.jsonl) FILES; one clear message per broken file."""
    from fcpkit.core.plan import load_plan
    from fcpkit.core.trajectory import load_corpus
    from fcpkit.errors import FormatError

    bad = 0
    for f in files:
        try:
            if f.suffix == ".jsonl":
                n = len(load_corpus(f))
                click.secho(f"ok   {f}  ({n} trajectories)", fg="green")
            elif f.suffix.lower() not in (".yaml", ".yml", ".json"):
                raise FormatError(str(f), ["not a plan (.yaml, .yml, .json) or corpus (.jsonl) file"])
            else:
                p = load_plan(f)
                click.secho(f"ok   {f}  ({len(p)} commitments)", fg="green")
        except FormatError as exc:
            bad += 1
            click.secho(f"FAIL {exc}", fg="red")
    sys.exit(2 if bad else 0)


@main.command()
@click.option("--corpus", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Corpus to check (default: the embedded example corpus).")
@click.option("--live/--no-live", default=True, show_default=True,
              help="Also run the loop live on the workbench (real Chromium, embedded LLM for ambiguous cases).")
@click.option("--verifier", type=click.Choice(["lower", "split", "llm"]), default="split", show_default=True,
              help="Live runs: lower = no model; split = an LLM only for ambiguous cases; llm = every escalation.")
@click.option("--log-dir", type=SafePath(file_okay=False, path_type=Path), default=Path("runs"), show_default=True,
              help="Folder for the live runs' evidence logs.")
@_friendly
def demo(corpus: Path | None, live: bool, verifier: str, log_dir: Path) -> None:
    """The main job on the embedded default: no API key, no external service.

    1. check the example corpus at both verifier bounds; 2. run the plan-test-repair loop live on
    the workbench (a healthy run, a wrong record, a silent no-op) with the embedded LLM deciding
    ambiguous cases; 3. benchmark the fast path.
    """
    from fcpkit.cli.report import print_reports
    from fcpkit.core.trajectory import load_corpus
    from fcpkit.eval.bench import bench_checks, print_bench
    from fcpkit.eval.metrics import summarize

    path = corpus or DATA / "examples" / "corpus.jsonl"
    trajs = load_corpus(path)
    for bound in ("lower", "upper"):
        checker = _checker("lexical", bound, None, None)
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
        from fcpkit.envs.live import LiveCase, print_live, run_workbench

        click.secho(f"\n== 2. live on the workbench: verifier {verifier} ==", bold=True)
        cases = [LiveCase("support"), LiveCase("support", "wrong_record"), LiveCase("expenses", "silent_noop")]
        print_live(run_workbench(cases, verifier=verifier, log_dir=log_dir))
        click.echo(f"evidence logs: {log_dir}/")
    click.secho("\n== 3. fast path benchmark ==", bold=True)
    print_bench(bench_checks(trajs), title=path.name)


@main.command()
@click.argument("corpora", nargs=-1, required=True, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--matcher", default="embedding", show_default=True, help="Matcher to calibrate, by name (fcpkit matchers).")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), required=True, help="Calibration file to write.")
@click.option("--split", type=click.Choice(["workflow", "random"]), default="workflow", show_default=True,
              help="Hold back whole workflows, or a random share of runs.")
@click.option("--holdout", default="all", show_default=True,
              help="Held-back part: a fraction (0.25), a count, workflow names (support,orders), or 'all' "
                   "(leave each workflow out in turn; the saved file is refitted on everything).")
@click.option("--seed", default=0, show_default=True, help="Seed of the random split.")
@_friendly
def calibrate(corpora: tuple[Path, ...], matcher: str, out: Path, split: str, holdout: str, seed: int) -> None:
    """Fit a matcher's score mapping and the thresholds on labelled corpora; report on held-back runs."""
    from rich.console import Console

    from fcpkit.eval.calibrate import calibrate as fit
    from fcpkit.cli.report import print_calibration

    hold: float | int | str = holdout
    try:
        hold = int(holdout)
    except ValueError:
        try:
            hold = float(holdout)
        except ValueError:
            pass
    if isinstance(hold, float) and not 0.0 < hold < 1.0:  # nan fails both comparisons too
        raise FcpkitError(f"--holdout {holdout}: a share must be between 0 and 1 (or a count, or 'all')")
    if isinstance(hold, int) and hold < 1:
        raise FcpkitError(f"--holdout {holdout}: a count of held-out runs must be at least 1")
    with Console(stderr=True).status(f"calibrating the {matcher} matcher on {len(corpora)} corpus file(s)"):
        rep = fit(list(corpora), matcher=matcher, out=out, split=split, seed=seed, holdout=hold)
    print_calibration(rep, console=Console(width=max(Console().width, 160)))
    click.echo(f"wrote {out}")


@main.command()
@click.option("--load", is_flag=True, help="Actually load each model (slow) instead of only locating it.")
def matchers(load: bool) -> None:
    """List the evidence matchers and whether each can run here."""
    from rich.console import Console
    from rich.table import Table

    from fcpkit.matching import available_matchers

    t = Table(title="matchers", title_justify="left")
    for col in ("name", "available", "detail"):
        t.add_column(col, overflow="fold", min_width=len(col))
    for name, a in available_matchers(load=load).items():
        t.add_row(name, "[green]yes[/]" if a.available else "[red]no[/]", a.detail)
    Console(width=160).print(t, crop=False)


@main.command()
@click.option("--workflow", "workflows", multiple=True, default=("support", "expenses", "catalogue", "orders"),
              type=click.Choice(["support", "expenses", "catalogue", "orders"]),
              show_default=True, help="Workbench workflow(s) to run.")
@click.option("--fault", "faults", multiple=True, default=("none",), show_default=True,
              help="Fault(s) to inject: a kind from fcpkit.envs.workbench.FAULT_KINDS (optionally kind:transient or "
                   "kind:persistent), 'none' (healthy) or 'all'.")
@click.option("--variant", "variants", multiple=True, type=click.IntRange(0, 2), default=(0,), show_default=True,
              help="Task variant(s): 0, 1, 2 pick the target record and values.")
@click.option("--verifier", type=click.Choice(["lower", "split", "llm"]), default="split", show_default=True,
              help="lower: no model; split: an LLM only for ambiguous cases; llm: an LLM for every escalation.")
@click.option("--log-dir", type=SafePath(file_okay=False, path_type=Path), default=Path("runs"), show_default=True,
              help="One evidence log per run.")
@click.option("--step-budget", default=20, show_default=True, type=click.IntRange(1, 1000), help="Browser steps per run before it stops.")
@click.option("--seed", default=0, show_default=True, help="Episode seed (workbench data, MiniWoB task draw).")
@click.option("--screenshots/--no-screenshots", default=False, show_default=True,
              help="Keep a PNG of every page under LOG_DIR/screenshots/<run>/; the logs name them, so "
                   "fcpkit.viz.StepViewer(log) shows each check's page.")
@click.option("--miniwob", "miniwob", multiple=True,
              help="Run these MiniWoB++ tasks (e.g. click-button, enter-text) instead of the workbench.")
@click.option("--corrupt", type=click.Choice(["wrong_element", "wrong_value", "noop"]), default=None,
              help="MiniWoB: corrupt the first step of the scripted solution this way.")
@click.option("--approve-irreversible/--deny-irreversible", "approve", default=True, show_default=True,
              help="How the policy gate's approver answers irreversible actions (save, approve, ...) that the "
                   "task asks for; deny to watch the gate park every run that needs one.")
@click.option("--engine", type=click.Choice(["loop", "program"]), default="loop", show_default=True,
              help="loop: the plan-test-repair loop; program: plan once against the state-machine memory "
                   "(data/smg/workbench.yaml), compile, execute (fcpkit compile shows the program).")
@_friendly
def run(workflows: tuple[str, ...], faults: tuple[str, ...], variants: tuple[int, ...], verifier: str, log_dir: Path,
        step_budget: int, seed: int, screenshots: bool, miniwob: tuple[str, ...], corrupt: str | None,
        approve: bool, engine: str) -> None:
    """Run the plan-test-repair loop live on the workbench in a real Chromium, with a progress bar.

    Prints success, detections, repairs by scope, escalations and LLM calls by module. With no
    OPENAI_BASE_URL, LLM verifiers use the embedded llama.cpp server (a small model: real calls, weak judgement).
    """
    from rich.progress import Progress

    from fcpkit.envs.live import cases_from, print_live, run_miniwob, run_workbench
    from fcpkit.envs.workbench import FAULT_KINDS, WORKFLOWS

    unknown = [w for w in workflows if w not in WORKFLOWS]
    if unknown and not miniwob:
        raise FcpkitError(f"--workflow {unknown[0]!r}: not a workbench workflow; use one of {', '.join(WORKFLOWS)}")
    if miniwob:
        with Progress(transient=True) as progress:
            bar = progress.add_task("MiniWoB runs", total=len(miniwob))
            runs = run_miniwob(miniwob, corruption=corrupt, seeds=(seed,), verifier=verifier, log_dir=log_dir,
                               step_budget=step_budget, screenshots=screenshots,
                               on_run=lambda r: progress.update(bar, advance=1, description=r.case.name))
        print_live(runs)
        _exit_on_errors(runs)
        return

    kinds: list[str | None] = []
    for f in faults:
        if f == "all":
            kinds.extend(FAULT_KINDS)
        elif f in ("none", "healthy"):
            kinds.append(None)
        elif f.partition(":")[0] in FAULT_KINDS:  # kind, or kind:transient / kind:persistent (cases_from checks it)
            kinds.append(f)
        else:
            raise FcpkitError(f"--fault {f!r}: not a fault kind; use one of none, all, {', '.join(FAULT_KINDS)}")
    cases = cases_from(workflows, dict.fromkeys(kinds), variants, seed)
    if engine == "program":
        run_program_cases(cases)
        return
    with Progress(transient=True) as progress:
        bar = progress.add_task("live runs", total=len(cases))
        from fcpkit.agent.guards import approve_all, deny_all

        runs = run_workbench(cases, verifier=verifier, log_dir=log_dir, step_budget=step_budget,
                             approve=approve_all if approve else deny_all, screenshots=screenshots,
                             on_run=lambda r: progress.update(bar, advance=1, description=r.case.name))
    print_live(runs)
    _exit_on_errors(runs)


def _exit_on_errors(runs: list[Any]) -> None:
    """A run that could not run (its error is in the table) makes the command fail (exit 1)."""
    failed = [r.case.name for r in runs if r.error]
    if failed:
        click.secho(f"error: {len(failed)} of {len(runs)} run(s) failed: {', '.join(failed)}", fg="red", err=True)
        sys.exit(1)


@main.command(context_settings={"ignore_unknown_options": True, "help_option_names": []})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@_friendly
def record(args: tuple[str, ...]) -> None:
    """Record trajectory corpora from real browser runs (workbench or MiniWoB), labelled from what happened.

    Same options as `python -m fcpkit.envs.record.recorder`: e.g. `fcpkit record --out data/workbench --seed 0`,
    `fcpkit record --source miniwob --out data/miniwob --seed 0`, `fcpkit record --help`.
    """
    from fcpkit.envs.record.__main__ import main as recorder_main

    sys.exit(recorder_main(list(args)) or 0)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--workflow", type=click.Choice(["support", "expenses", "catalogue", "orders"]), default="support",
              show_default=True, help="Which workflow's task the episode serves.")
@click.option("--variant", default=0, show_default=True, type=click.IntRange(0, 2), help="Task variant (target record and values).")
@click.option("--fault", default=None, help="Inject a fault into the episode (see fcpkit.envs.workbench.FAULT_KINDS).")
@click.option("--seed", default=0, show_default=True, help="Seed of the episode's data.")
@_friendly
def workbench(host: str, port: int, workflow: str, variant: int, fault: str | None, seed: int) -> None:
    """Serve the workbench web application (sign in as agent / workbench) until interrupted."""
    from fcpkit.envs.workbench import serve

    serve(host, port, workflow=workflow, variant=variant, fault=fault, seed=seed)


@main.group()
def bench() -> None:
    """Benchmarks (throughput and ratios; not tests)."""


@bench.command("detection")
@click.argument("corpora", nargs=-1, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--matchers", default="lexical", show_default=True,
              help="Comma-separated matcher names, or 'available' for every matcher that loads here.")
@click.option("--out", "out_dir", type=SafePath(file_okay=False, path_type=Path), default=SCRATCH / "detection",
              show_default=True,
              help="Folder for the CSV tables (a scratch folder by default; --out data/results regenerates the "
                   "tracked tables).")
@click.option("--figures", "fig_dir", type=SafePath(file_okay=False, path_type=Path), default=None,
              help="Folder for the HTML/PNG figures (default: OUT/figures; the tracked ones are in figures/).")
@click.option("--no-sweep", is_flag=True, help="Skip the threshold sweep (and leave-one-workflow-out).")
@_friendly
def bench_detection_cmd(corpora: tuple[Path, ...], matchers: str, out_dir: Path, fig_dir: Path | None,
                        no_sweep: bool) -> None:
    """Detection benchmark: every arm x matcher x verifier bound, per fault and workflow, sweep, LOWO."""
    from rich.console import Console

    from fcpkit.eval.detection import print_detection, run_detection

    paths = list(corpora) or [DATA / "examples" / "corpus.jsonl"]
    with Console(stderr=True).status("detection benchmark: loading corpora") as status:
        res = run_detection(paths, matchers=tuple(m.strip() for m in matchers.split(",") if m.strip()),
                            out_dir=out_dir, fig_dir=fig_dir or out_dir / "figures", sweep=not no_sweep,
                            progress=lambda msg: status.update(f"detection benchmark: {msg}"))
    print_detection(res, console=Console(width=max(Console().width, 160)))


@bench.command("checks")
@click.argument("corpora", nargs=-1, type=SafePath(dir_okay=False, path_type=Path))
@click.option("--repeat", default=20, show_default=True, type=click.IntRange(1, 10_000), help="Warm passes over each corpus.")
@_friendly
def bench_checks_cmd(corpora: tuple[Path, ...], repeat: int) -> None:
    """Lexical checks per second over whole corpora, and the median/p95 cost of one check.

    With no corpus: the example, workbench and MiniWoB corpora shipped in data/.
    """
    from fcpkit.core.trajectory import load_corpus
    from fcpkit.eval.bench import bench_checks, print_bench

    paths = list(corpora) or [p for p in (DATA / "examples" / "corpus.jsonl", DATA / "workbench" / "corpus.jsonl",
                                          DATA / "miniwob" / "corpus.jsonl") if p.exists()]
    from rich.console import Console

    for path in paths:
        with Console(stderr=True).status(f"timing every check of {path} ({repeat} warm passes)"):
            result = bench_checks(load_corpus(path), repeat=repeat)
        print_bench(result, title=str(path))


main.add_command(notebooks)

from fcpkit.cli.experience import bench_experience, bench_retrieval, induce, plan_cmd, retrieve  # noqa: E402 - one line each
main.add_command(induce)
main.add_command(retrieve)
main.add_command(plan_cmd)
bench.add_command(bench_retrieval)
bench.add_command(bench_experience)

from fcpkit.cli.explain import explain  # noqa: E402
from fcpkit.cli.lint import lint  # noqa: E402

main.add_command(explain)
main.add_command(lint)


main.add_command(crawl_cmd)
main.add_command(compile_cmd)

from fcpkit.cli.verifier import bench_verifier_cmd  # noqa: E402 - registered after the group exists

bench.add_command(bench_verifier_cmd)
from fcpkit.cli.repair import bench_repair_cmd; bench.add_command(bench_repair_cmd)  # noqa: E402,E702

if __name__ == "__main__":  # pragma: no cover
    main()
