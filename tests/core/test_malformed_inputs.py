"""Malformed inputs that used to hang a command or end in a traceback: plans past every size cap,
special files (FIFOs, devices) given as any file argument, numbers that break arithmetic. Each
gets one clear answer (the file, the field, the fix) within a few seconds, and the API raises the
project's typed errors."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from click.testing import CliRunner

from fcpkit.cli import main
from fcpkit.core.plan import MAX_COMMITMENTS, MAX_PLAN_BYTES, MAX_STATEMENT_CHARS, Commitment, load_plan
from fcpkit.core.trajectory import iter_corpus
from fcpkit.errors import ConfigError, CorpusError, PlanError, read_json_config

ROOT = Path(__file__).resolve().parents[2]
CORPUS = str(ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl")
PLAN = str(ROOT / "fcpkit" / "data" / "examples" / "plans" / "support.yaml")
LIMIT_S = 10.0  # "within a few seconds", with room for a loaded machine


def _within(fn: Callable[[], Any], fifo: Path | None = None) -> Any:
    """Run ``fn``; fail (instead of hanging the suite) if it has not answered in LIMIT_S. A call
    blocked opening ``fifo`` is released by opening its other end."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    t.start()
    t.join(LIMIT_S)
    if t.is_alive():
        if fifo is not None:  # unblock the open, for both directions
            for flags in (os.O_WRONLY | os.O_NONBLOCK, os.O_RDONLY | os.O_NONBLOCK):
                try:
                    os.close(os.open(fifo, flags))
                except OSError:
                    pass
        pytest.fail(f"no answer within {LIMIT_S:g} s")
    assert time.monotonic() - start < LIMIT_S
    if "error" in out:
        raise out["error"]
    return out["value"]


def _one_line_error(args: list[str], fifo: Path | None = None, expect: str = "") -> str:
    r = _within(lambda: CliRunner().invoke(main, args, catch_exceptions=True), fifo)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 2, (args, r.output)
    assert "Traceback" not in r.output
    errors = [ln for ln in r.output.splitlines() if ln.lower().startswith("error")]
    assert errors and expect in r.output, r.output
    return r.output


def _plan(commitments: list[dict]) -> dict:
    return {"task": "Open the ticket", "commitments": commitments}


def _commitment(i: int, **kw: Any) -> dict:
    return {"id": f"c{i}", "subgoal": "Open it", "confirm": {"completion": [f"Ticket T-{i} detail"]}, **kw}


# ------------------------------------------------------------------ sizes


SIZES = {
    "10,000 commitments": (lambda: _plan([_commitment(i) for i in range(10_000)]), "MAX_PLAN_BYTES"),
    "commitments over the cap, file under it": (lambda: _plan([{"id": f"{i}", "subgoal": "s"}
                                                               for i in range(MAX_COMMITMENTS + 1)]),
                                                "MAX_COMMITMENTS"),
    "a 10 MB statement": (lambda: _plan([_commitment(0, falsify={"execution": ["Ticket " * 1_500_000]})]),
                          "MAX_PLAN_BYTES"),
    "a statement over the cap": (lambda: _plan([_commitment(0, falsify={"skill": ["x" * (MAX_STATEMENT_CHARS + 1)]})]),
                                 "MAX_STATEMENT_CHARS"),
    "a task over the cap": (lambda: {**_plan([_commitment(0)]), "task": "y" * (MAX_STATEMENT_CHARS + 1)},
                            "MAX_STATEMENT_CHARS"),
}


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
@pytest.mark.parametrize("case", list(SIZES))
def test_a_plan_past_a_size_cap_is_one_error_within_seconds(tmp_path, case, suffix):
    make, expect = SIZES[case]
    p = tmp_path / f"plan{suffix}"
    p.write_text(json.dumps(make()), "utf-8")  # JSON is YAML too
    out = _one_line_error(["lint", str(p)], expect=expect)
    assert "fix:" in out and str(p) in out
    with pytest.raises(PlanError, match=expect):
        _within(lambda: load_plan(p))


def test_the_caps_are_far_above_a_real_plan():
    plan = load_plan(PLAN)
    assert len(plan) * 50 < MAX_COMMITMENTS and Path(PLAN).stat().st_size * 50 < MAX_PLAN_BYTES
    assert max(len(e.text) for c in plan.commitments for e in c.confirming()) * 20 < MAX_STATEMENT_CHARS


# ------------------------------------------------------------------ special files

FIFO_COMMANDS = {
    "lint a plan": lambda f: ["lint", f],
    "validate": lambda f: ["validate", f],
    "check a corpus": lambda f: ["check", f],
    "check --plan": lambda f: ["check", CORPUS, "--plan", f],
    "check --thresholds": lambda f: ["check", CORPUS, "--thresholds", f],
    "check --log (an output)": lambda f: ["check", CORPUS, "--log", f],
    "check --out (an output)": lambda f: ["check", CORPUS, "--json", "--out", f],
    "lint --corpus": lambda f: ["lint", PLAN, "--corpus", f],
}


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    p = tmp_path / "runs.jsonl"
    os.mkfifo(p)
    return p


@pytest.mark.parametrize("case", list(FIFO_COMMANDS))
def test_any_command_given_a_fifo_refuses_it_before_opening(fifo, case):
    out = _one_line_error(FIFO_COMMANDS[case](str(fifo)), fifo, expect="FIFO")
    assert "fix:" in out


@pytest.mark.parametrize("reader,error", [(load_plan, PlanError), (lambda p: list(iter_corpus(p)), CorpusError),
                                          (lambda p: read_json_config(p, "thresholds"), ConfigError)])
def test_the_api_refuses_a_fifo_with_its_typed_error(fifo, reader, error):
    with pytest.raises(error, match="FIFO"):
        _within(lambda: reader(fifo), fifo)


def test_a_device_given_as_an_output_is_refused_but_dev_null_is_a_sink():
    _one_line_error(["check", CORPUS, "--json", "--out", "/dev/full"], expect="a device")
    r = CliRunner().invoke(main, ["check", CORPUS, "--json", "--id", "support-healthy-01", "--out", os.devnull])
    assert r.exit_code == 0, r.output


# ------------------------------------------------------------------ numbers

NUMBERS = {
    "a 400-digit integer": ("9" * 400, "digits is outside [0, 1]"),
    "a 5,000-digit integer": ("9" * 5000, "thousands of digits"),
    "NaN": (".nan", "nan"),
    "infinity": (".inf", "outside [0, 1]"),
    "negative": ("-0.25", "outside [0, 1]"),
    "a string": ('"0.5"', "expected a number"),
    "a boolean": ("true", "expected a number"),
    "a list": ("[0.5]", "expected a number"),
}


@pytest.mark.parametrize("case", list(NUMBERS))
def test_a_confidence_that_is_no_probability_is_one_problem_line(tmp_path, case):
    value, expect = NUMBERS[case]
    p = tmp_path / "plan.yaml"
    p.write_text(f"task: t\ncommitments:\n- id: a\n  subgoal: s\n  confidence: {value}\n", "utf-8")
    out = _one_line_error(["lint", str(p)], expect=expect)
    assert "fix:" in out or "expected" in out
    with pytest.raises(PlanError, match="confidence|digits"):
        load_plan(p)


@pytest.mark.parametrize("value", [10 ** 400, float("nan"), float("inf"), "0.5", None])
def test_the_api_refuses_such_a_confidence_with_a_plan_error(value):
    with pytest.raises(PlanError, match="confidence"):
        Commitment("a", "s", confidence=value)


@pytest.mark.parametrize("digits,expect", [(400, "out of range"), (5000, "thousands of digits")])
def test_a_huge_step_number_in_a_corpus_is_a_corpus_error(tmp_path, digits, expect):
    line = json.loads(Path(CORPUS).read_text("utf-8").splitlines()[0])
    text = json.dumps(line).replace('"first_off_track_step": null', '"first_off_track_step": ' + "7" * digits)
    text = text.replace('"fault": null', '"fault": "wrong_record"')
    p = tmp_path / "c.jsonl"
    p.write_text(text + "\n", "utf-8")
    (tmp_path / "plans").symlink_to(Path(CORPUS).parent / "plans")
    with pytest.raises(CorpusError, match=expect):
        list(iter_corpus(p))
    _one_line_error(["check", str(p)], expect=expect)
