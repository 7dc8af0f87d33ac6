"""`fcpkit check` on a big study: no output mode keeps the runs (the table, the log), what a
stopped check wrote is whole lines, and ``--resume`` finishes it as an uninterrupted check would."""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import time
import weakref
from pathlib import Path

from click.testing import CliRunner

import fcpkit.cli.check as check_mod
from fcpkit import Checker, load_corpus
from fcpkit.cli import main
from fcpkit.cli.report import print_reports
from fcpkit.core.log import EvidenceLog, read_log

from _support.heap import heap_frozen

ROOT = Path(__file__).resolve().parents[2]
CORPUS = str(ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl")


def _masked(path: Path) -> list:
    """Reports with their timings masked (``elapsed_ms``)."""
    def mask(v):
        if isinstance(v, dict):
            return {k: None if k.endswith("_ms") else mask(x) for k, x in v.items()}
        return [mask(x) for x in v] if isinstance(v, list) else v
    return [mask(json.loads(ln)) for ln in path.read_text("utf-8").splitlines()]


def _checked(log: Path) -> list[str]:
    return [r["run"] for r in read_log(log, frame=False) if r.get("event") == "run_checked"]


def test_a_stopped_check_resumes_to_the_output_of_an_uninterrupted_one(tmp_path, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    assert CliRunner().invoke(main, ["check", CORPUS, "--json", "--out", str(whole)]).exit_code == 0
    out, log = tmp_path / "out.jsonl", tmp_path / "log.jsonl"
    real, calls = Checker.check, []

    def stopping(self, t, plan=None):
        calls.append(t.id)
        if len(calls) == 6:
            raise KeyboardInterrupt  # Ctrl-C while the sixth run is checked
        return real(self, t, plan)

    monkeypatch.setattr(Checker, "check", stopping)
    r = CliRunner().invoke(main, ["check", CORPUS, "--json", "--out", str(out), "--log", str(log)])
    assert r.exit_code != 0
    assert len(_masked(out)) == 5 and _checked(log) == calls[:5]  # five whole reports, five finished runs
    with out.open("a", encoding="utf-8") as fh:
        fh.write('{"id": "half a li')  # a kill in the middle of a write
    monkeypatch.setattr(Checker, "check", real)
    r = CliRunner().invoke(main, ["check", CORPUS, "--json", "--out", str(out), "--log", str(log), "--resume"])
    assert r.exit_code == 0, r.output
    assert "5 runs already checked" in r.output and r.stdout == ""
    assert _masked(out) == _masked(whole)
    ids = [x["id"] for x in _masked(whole)]
    assert _checked(log) == ids  # every run once, in corpus order


def test_a_killed_check_leaves_whole_lines_and_resumes(tmp_path):
    """SIGKILL, not an exception: nothing gets to clean up."""
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "lab"), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "fcpkit", "check", CORPUS, "--json", "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if out.is_file() and out.read_bytes().count(b"\n") >= 3:
            os.kill(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.02)
    proc.wait()
    kept = _masked(out)  # every line whole JSON
    assert 3 <= len(kept) < 43, len(kept)
    assert subprocess.run(cmd + ["--resume"], cwd=ROOT, env=env, capture_output=True).returncode == 0
    assert [x["id"] for x in _masked(out)] == [t.id for t in load_corpus(CORPUS)]


def test_resume_needs_an_output_to_resume_from():
    r = CliRunner().invoke(main, ["check", CORPUS, "--resume"])
    assert r.exit_code == 2 and "--resume: nothing to resume from" in r.output and "fix:" in r.output
    r = CliRunner().invoke(main, ["check", CORPUS, "--out", CORPUS])
    assert r.exit_code == 2 and "is the corpus itself" in r.output


def test_the_log_of_a_check_keeps_no_record_in_memory(tmp_path, monkeypatch):
    logs: list[EvidenceLog] = []
    real = check_mod.EvidenceLog

    def made(*a, **kw):
        logs.append(real(*a, **kw))
        return logs[-1]

    monkeypatch.setattr(check_mod, "EvidenceLog", made)
    log = tmp_path / "log.jsonl"
    assert CliRunner().invoke(main, ["check", CORPUS, "--log", str(log)]).exit_code == 0
    (kept,) = [x for x in logs if x.path == log]
    assert kept.records == [] and len(kept) == len(read_log(log, frame=False)) > 43


def test_the_table_holds_no_report_once_its_row_is_made():
    corpus = load_corpus(CORPUS)
    checker = Checker().fit(corpus)
    alive: list[weakref.ref] = []
    most = [0]

    def reports():
        for t in corpus:
            gc.collect()
            most[0] = max(most[0], sum(r() is not None for r in alive))
            r = checker.check(t)
            alive.append(weakref.ref(r))
            yield r
            del r

    from rich.console import Console

    console = Console(width=160, record=True)
    with heap_frozen():
        counts = print_reports(reports(), console=console)
    assert most[0] <= 1 and counts.runs == len(corpus)
    text = console.export_text()
    assert all(t.id in text for t in corpus) and text.count("off-track") == 1  # one header for all blocks
