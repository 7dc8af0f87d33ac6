"""The lab's commands as a new user meets them: help on every option of the recorder, and clear
errors with a non-zero exit."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from fcpkit.cli import SCRATCH, main
from fcpkit_lab.envs.record.__main__ import main as record_main


def test_recorder_options_have_help():
    out = CliRunner().invoke(main, ["record", "--help"])
    assert out.exit_code == 0
    parser_help = out.output
    for opt in ("--source", "--seed", "--variants", "--healthy-repeats", "--screenshots", "--quiet"):
        line = next(ln for ln in parser_help.splitlines() if opt in ln)
        body = parser_help.split(line, 1)[1].split("\n  -", 1)[0]
        assert (line.split(opt, 1)[1].strip() or body.strip()), f"{opt} has no help"
    assert record_main  # the parser's own entry point is what `fcpkit record` runs



def test_unknown_workflow_is_a_user_error():
    out = CliRunner().invoke(main, ["run", "--workflow", "suport", "--verifier", "lower"])
    assert out.exit_code == 2
    assert "'suport'" in out.output and "support" in out.output and "Traceback" not in out.output


def test_bench_detection_writes_to_a_scratch_folder_by_default():
    cmd = main.get_command(None, "bench").get_command(None, "detection")
    opts = {p.name: p for p in cmd.params}
    assert Path(opts["out_dir"].default) == SCRATCH / "detection" and not Path(SCRATCH).is_absolute()
    assert opts["fig_dir"].default is None  # figures follow --out
    assert "data/results" in opts["out_dir"].help  # how to regenerate the tracked tables


def test_study_model_options_are_refused_where_they_cannot_mean_anything(tmp_path):
    out = tmp_path / "s.jsonl"
    rec = tmp_path / "r.jsonl"
    rec.write_text("")
    cases = [(["--verifier", "lower", "--replay", str(rec)], "need a part that calls a model"),
             (["--verifier", "llm", "--record", str(rec), "--workers", "2"], "one worker"),
             (["--verifier", "llm", "--record", str(rec), "--replay", str(rec)], "one or the other")]
    for args, why in cases:
        res = CliRunner().invoke(main, ["study", "--arms", "full", "--sample", "1", "--composites", "0",
                                        "--out", str(out), *args])
        assert res.exit_code != 0 and why in res.output and "Traceback" not in res.output, res.output
    assert not out.exists()  # refused before a worker (a browser, a model server) started


def test_bench_agent_refuses_record_with_replay_and_an_unknown_arm_before_any_browser(tmp_path):
    rec = tmp_path / "answers.jsonl"
    rec.write_text("")
    out = CliRunner().invoke(main, ["bench", "agent", "--record", str(tmp_path / "new.jsonl"), "--replay", str(rec)])
    assert out.exit_code == 2 and "exclude each other" in out.output and "Traceback" not in out.output
    out = CliRunner().invoke(main, ["bench", "agent", "--arms", "guarded,shielded", "--replay", str(rec)])
    assert out.exit_code == 2 and "'shielded'" in out.output
    out = CliRunner().invoke(main, ["bench", "agent", "--help"])
    assert out.exit_code == 0 and "--seeds" in out.output and "--form" in out.output
