"""``fcpkit check`` and ``fcpkit validate``: a recorded corpus checked against its plans, and plan or
corpus files validated; :func:`build_checker` is the Checker every command builds from its options."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from fcpkit.cli.checking import ReportsOut, checked_in_log, prepare, stream_reports, written
from fcpkit.cli.common import SafePath, friendly
from fcpkit.cli.report import print_reports
from fcpkit.core.falsifiers import Builtins
from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import load_plan
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import load_corpus
from fcpkit.errors import FcpkitError, FormatError
from fcpkit.eval.calibration_file import calibrated_matcher, calibrated_thresholds
from fcpkit.eval.checker import Checker
from fcpkit.matching import get_matcher

__all__ = ["build_checker", "check_cmd", "validate_cmd"]


def build_checker(matcher: str, verifier: str, thresholds: str | None, log: str | None,
                  calibration: str | None = None, **switches: Any) -> Checker:
    """A Checker from the command-line options: a calibration file supplies its matcher, score mapping
    and thresholds (a --thresholds file still wins); otherwise the named matcher and the paper's thresholds."""
    if calibration:
        m = calibrated_matcher(calibration)
        th = Thresholds.load(thresholds) if thresholds else calibrated_thresholds(calibration)
    else:
        m = get_matcher(matcher)
        th = Thresholds.load(thresholds) if thresholds else Thresholds()
    return Checker(m, th, verifier=verifier, log=EvidenceLog(log) if log else None, **switches)


@click.command("check")
@click.argument("corpus", type=SafePath(path_type=Path))
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
@click.option("--out", type=SafePath(dir_okay=False, writable=True, path_type=Path),
              help="Write the --json lines to this file (one whole line per run, flushed as it is checked) "
                   "instead of standard output; without --json the table is still printed.")
@click.option("--resume", is_flag=True,
              help="Continue a check that was stopped: skip the runs --out (and --log) already hold, append the rest.")
@click.option("--id", "only", multiple=True, help="Only these trajectory ids.")
@click.option("--steps/--no-steps", default=False, help="Print each trajectory's per-step routes.")
@click.option("--no-rules", is_flag=True, help="Disable the anomaly rules.")
@click.option("--no-plan-falsifiers", is_flag=True, help="Disable cross-cutting plan-level falsifiers.")
@click.option("--no-builtin", "no_builtin", multiple=True, metavar="NAME",
              help="Disable one built-in task-level falsifier (lost_session, refused, ...), or 'all'.")
@click.option("--no-pre-action", is_flag=True, help="Skip the action-level (pre) test.")
@click.option("--after-detection", is_flag=True,
              help="Keep checking a run after its first detection (by default its check ends there, where a guard "
                   "stops the agent).")
@friendly
def check_cmd(corpus: Path, plan_path: Path | None, as_json: bool, verifier: str, matcher: str, thresholds: str | None,
              calibration: str | None, log: str | None, out: Path | None, resume: bool, only: tuple[str, ...],
              steps: bool, no_rules: bool, no_plan_falsifiers: bool, no_builtin: tuple[str, ...],
              no_pre_action: bool, after_detection: bool) -> None:
    """Check a trajectory CORPUS (JSON Lines, or a folder an installed reader knows: a BrowserGym or
    AgentLab experiment or study) against its plans; report per-step routes and detections.

    A run recorded without a plan (an imported experiment) is checked by the built-in falsifiers
    and the anomaly rules alone; --plan gives it commitments. Memory stays that of one run in every
    output mode; a check that was stopped continues with --resume. A run's check ends at its first
    detection, where a guard would stop the agent (what follows is the run unguarded);
    --after-detection reads the rest."""
    _check_outputs(corpus, log, out, resume)
    plan = load_plan(plan_path) if plan_path else None
    builtins = Builtins.none() if "all" in no_builtin else Builtins.from_dict({n: False for n in no_builtin})
    checker = build_checker(matcher, verifier, thresholds, None, calibration, use_rules=not no_rules,
                            use_plan_falsifiers=not no_plan_falsifiers, use_builtins=builtins,
                            pre_action=not no_pre_action, stop_at_detection=not after_detection)
    prepare(checker, corpus, plan, only)  # a broken corpus or a mismatched --plan fails before any output
    sink = ReportsOut(out, resume=resume) if out else None
    done = _resumed(sink, Path(log) if resume and log else None)
    checker.log = EvidenceLog(log, keep=False) if log else None  # records go to the file, not to memory
    try:
        if resume:
            click.secho(f"resuming: {len(done)} runs already checked are skipped", fg="yellow", err=True)
            if checker.log is not None:
                checker.log.append("event", run="", event="resumed", skipped=len(done))
        reports = written(stream_reports(checker, corpus, plan, only, done), sink, checker.log, echo=as_json)
        if as_json:  # one line per trajectory as it is checked: memory of one run, not of the corpus
            for _ in reports:
                pass
        else:
            print_reports(reports, steps=steps)
    finally:
        if checker.log is not None:
            checker.log.close()
        if sink is not None:
            sink.close()


def _check_outputs(corpus: Path, log: str | None, out: Path | None, resume: bool) -> None:
    """Refuse outputs that cannot work before anything is read: an empty --log, an output that is
    the corpus itself, a --resume with nothing to resume from."""
    if log is not None and not log.strip():
        raise FcpkitError("--log: an empty path; fix: name a file, or leave --log out")
    for name, path in (("--log", log), ("--out", out)):
        if path is not None and Path(path).resolve() == corpus.resolve():
            raise FcpkitError(f"{name}: {path} is the corpus itself; fix: name another file")
    if out is not None and log is not None and Path(log).resolve() == out.resolve():
        raise FcpkitError("--out and --log name the same file; fix: give each its own")
    if resume and out is None and log is None:
        raise FcpkitError("--resume: nothing to resume from; fix: name the output of the stopped check with --out "
                          "(and --log, if it wrote one)")


def _resumed(sink: ReportsOut | None, log: Path | None) -> frozenset[str]:
    """The runs a stopped check finished: those every output it was writing holds (``--out``'s
    lines, ``--log``'s :data:`~fcpkit.cli.checking.CHECKED` events)."""
    held = ([sink.done] if sink is not None else []) + ([checked_in_log(log)] if log is not None else [])
    return frozenset.intersection(*held) if held else frozenset()


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=SafePath(path_type=Path))
@friendly
def validate_cmd(files: tuple[Path, ...]) -> None:
    """Validate plan (.yaml/.json) and corpus (.jsonl) FILES; one clear message per broken file."""
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
