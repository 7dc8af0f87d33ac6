"""Logs (issue 14, finding 7): a torn tail is ended before the next append, a corrupt line is
named by its line number and every other record is recovered, each run has its own id, and an
interrupted run leaves a stop record."""

from __future__ import annotations


import pytest

from _support.fakes import FakeSupportEnv, SupportExecutor, support_plan  # noqa: E402

from fcpkit import EvidenceLog, read_log  # noqa: E402
from fcpkit.agent.runtime import Runner  # noqa: E402
from fcpkit.core.log import LogCorruption  # noqa: E402


def test_finding7_append_after_a_torn_tail_keeps_the_file_readable(tmp_path):
    path = tmp_path / "log.jsonl"
    with EvidenceLog(path) as log:
        for i in range(5):
            log.append("test", run="a", step=i)
    with path.open("a") as fh:
        fh.write('{"kind": "test", "run": "a", "st')  # killed mid-append
    with EvidenceLog(path) as log:
        assert log.repaired_line == 6
        log.append("test", run="b", step=0)
    with pytest.warns(UserWarning, match=r"line 6"):
        recs = read_log(path, frame=False)
    assert [r["run"] for r in recs if r["kind"] == "test"] == ["a"] * 5 + ["b"]
    assert any(r.get("event") == "torn_tail_repaired" and r["line"] == 6 for r in recs)


def test_a_corrupt_middle_line_is_named_and_the_rest_recovered(tmp_path):
    path = tmp_path / "log.jsonl"
    lines = ['{"kind": "event", "run": "r", "n": %d}' % i for i in range(9713)]
    lines[4000] = "garbage\x00"
    path.write_text("\n".join(lines) + "\n")
    with pytest.warns(UserWarning, match=r"line 4001"):
        assert len(read_log(path, frame=False)) == 9712
    with pytest.raises(LogCorruption, match="line 4001"):
        read_log(path, strict=True)


def test_each_run_gets_its_own_id():
    ids = {Runner(FakeSupportEnv(), SupportExecutor(), support_plan()).run_id for _ in range(20)}
    assert len(ids) == 20


def test_an_interrupted_run_leaves_a_stop_record():
    log = EvidenceLog()
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan(), log=log)
    it = runner.steps()
    for ev in it:
        if ev.name == "gate":
            break
    it.close()  # the caller stops iterating (a notebook cell interrupted, a SIGTERM unwinding)
    stops = [r for r in log.records if r.get("event") == "stop"]
    assert len(stops) == 1 and stops[0]["reason"] == "interrupted"


def test_a_crash_leaves_a_stop_record():
    class Boom(SupportExecutor):
        def propose(self, ctx):
            raise KeyboardInterrupt

    log = EvidenceLog()
    with pytest.raises(KeyboardInterrupt):
        Runner(FakeSupportEnv(), Boom(), support_plan(), log=log).run()
    assert [r["reason"] for r in log.records if r.get("event") == "stop"] == ["interrupted"]
