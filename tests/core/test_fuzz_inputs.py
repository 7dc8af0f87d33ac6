"""Fuzzing the inputs (issue 14, finding 10): over 1,000 malformed plans, corpora, threshold and
calibration files and command lines end in success or one clear error; never a traceback, never
a hang. Each case runs in-process with a deadline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fcpkit.cli import main
from fcpkit.core.plan import load_plan
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import load_corpus
from fcpkit.errors import FcpkitError
from fcpkit.eval.calibration_file import load_report

FUZZ = settings(deadline=2000, suppress_health_check=list(HealthCheck), database=None)
VALID_PLAN = Path("fcpkit/data/examples/plans/support.yaml").read_text("utf-8")
VALID_LINE = Path("fcpkit/data/examples/corpus.jsonl").read_text("utf-8").split("\n", 1)[0]
EXAMPLES = Path("fcpkit/data/examples").resolve()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=12), kids, max_size=4),
    max_leaves=20,
)
plan_keys = st.sampled_from(["task", "commitments", "plan_falsifiers", "id", "subgoal", "confidence", "confirm",
                             "falsify", "completion", "execution", "text", "on", "skill"])
plan_like = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=True) | st.integers() | st.text(max_size=30),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(plan_keys, kids, max_size=5), max_leaves=25)


def _mutate(text: str, data) -> str:
    """Cut, duplicate or splice junk into a valid file."""
    i = data.draw(st.integers(0, len(text)))
    j = data.draw(st.integers(i, min(len(text), i + 200)))
    junk = data.draw(st.text(max_size=30) | st.sampled_from(["&a", "*a", ": :", "- [", "{", "\x00", "\t", "1e400",
                                                             "NaN", "\u2028", "!!python/object:os.system", "'"]))
    return data.draw(st.sampled_from([text[:i] + junk + text[j:], text[:i], text[:i] + text[i:j] * 3 + text[j:]]))


def _expect_clean(fn, *args) -> None:
    try:
        fn(*args)
    except FcpkitError:
        pass  # a clear error naming the file and the problem


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_fuzz_plans(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("p")
    if data.draw(st.booleans()):
        p = d / "plan.yaml"
        p.write_text(_mutate(VALID_PLAN, data), "utf-8")
    else:
        p = d / "plan.json"
        p.write_text(json.dumps(data.draw(plan_like)), "utf-8")
    _expect_clean(load_plan, p)


@settings(FUZZ, max_examples=250)
@given(data=st.data())
def test_fuzz_corpora(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("c")
    (d / "plans").symlink_to(EXAMPLES / "plans")
    p = d / "corpus.jsonl"
    lines = [VALID_LINE, _mutate(VALID_LINE, data), json.dumps(data.draw(json_values))]
    p.write_text("\n".join(data.draw(st.permutations(lines))[: data.draw(st.integers(1, 3))]), "utf-8")
    _expect_clean(load_corpus, p)


@settings(FUZZ, max_examples=250)
@given(value=json_values | st.dictionaries(st.sampled_from(list(Thresholds().to_dict())), json_values, max_size=4))
def test_fuzz_thresholds_and_calibration_files(tmp_path_factory, value):
    d = tmp_path_factory.mktemp("t")
    p = d / "file.json"
    p.write_text(json.dumps(value), "utf-8")
    _expect_clean(Thresholds.load, p)
    cal = {"format": "fcpkit-calibration/1", "matcher": "lexical", "mapping": value, "thresholds": value}
    p.write_text(json.dumps(cal), "utf-8")
    _expect_clean(load_report, p)


ARGS = st.lists(st.sampled_from([
    "check", "validate", "bench", "checks", "calibrate", "--plan", "--log", "", "/dev/full", "--repeat", "0", "-1",
    "--holdout", "nan", "inf", "--verifier", "bogus", "--matcher", "nope", "--id", "x", "--thresholds",
    "--calibration", "fcpkit/data/examples/corpus.jsonl", "fcpkit/data/examples/plans/support.yaml", "missing.jsonl", "\x00",
    "--steps", "--json", "--port", "99999", "run", "--workflow", "--variant", "99", "--step-budget", "workbench",
]), max_size=6)


@settings(FUZZ, max_examples=220, deadline=20000)
@given(args=ARGS)
def test_fuzz_command_lines(args):
    if args[:1] in (["run"], ["workbench"]) or (len(args) > 1 and args[:2] == ["bench", "checks"] and "--repeat" not in args):
        args = args + ["--help"]  # never start a browser, a server or a full benchmark here
    if args[:1] == ["calibrate"]:
        args = args + ["--help"]
    result = CliRunner().invoke(main, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code in (0, 1, 2), (args, result.output)
    if result.exit_code == 2 and result.output.strip():
        assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["run", "--workflow", "bogus"], ["run", "--variant", "99"], ["run", "--step-budget", "-1"],
    ["workbench", "--port", "99999"], ["bench", "checks", "--repeat", "0"],
    ["calibrate", "fcpkit/data/examples/corpus.jsonl", "--out", "x.json", "--holdout", "nan"],
    ["check", "fcpkit/data/examples/corpus.jsonl", "--log", ""],
    ["check", "fcpkit/data/examples/corpus.jsonl", "--log", "/dev/full"],
    ["check", "fcpkit/data/examples/corpus.jsonl", "--plan", "fcpkit/data/examples/plans/orders.yaml"],
    ["validate", "plans/a\x00b.yaml"],
])
def test_finding10_reported_command_lines_fail_with_one_line(args):
    result = CliRunner().invoke(main, args, catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code != 0, (args, result.output)
    assert "Traceback" not in result.output
    assert len([ln for ln in result.output.splitlines() if ln.startswith("error:") or "Error:" in ln]) >= 1, result.output
