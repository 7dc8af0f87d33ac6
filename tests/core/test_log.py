from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from fcpkit import EvidenceLog, read_log


def test_append_and_read_back_as_frame(tmp_path):
    pytest.importorskip("pandas", reason="the tables extra: pip install 'fcpkit[tables]'")
    path = tmp_path / "runs" / "log.jsonl"
    with EvidenceLog(path) as log:
        log.append("test", run="r1", step=0, phase="pre", commitment="a", alpha_plus=0.2, route="continue")
        log.append("decision", run="r1", step=0, phase="post", commitment="a", decision="repair")
    df = read_log(path)
    assert list(df["kind"]) == ["test", "decision"]
    assert {"run", "step", "phase", "commitment", "ts"} <= set(df.columns)
    assert len(read_log(path, kinds=["decision"])) == 1


def test_appends_to_existing_log(tmp_path):
    path = tmp_path / "log.jsonl"
    for i in range(2):
        with EvidenceLog(path) as log:
            log.append("event", run=f"r{i}")
    assert len(read_log(path, frame=False)) == 2


def test_rejects_unknown_kind():
    with pytest.raises(ValueError, match="kind"):
        EvidenceLog().append("oops", run="r")


def test_a_killed_writer_loses_nothing_already_recorded(tmp_path):
    path = tmp_path / "log.jsonl"
    code = textwrap.dedent(f"""
        import os, sys, time
        from fcpkit import EvidenceLog
        log = EvidenceLog({str(path)!r})
        for i in range(50):
            log.append("test", run="r", step=i)
        print("ready", flush=True)
        time.sleep(60)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    assert [r["step"] for r in read_log(path, frame=False)] == list(range(50))


def test_torn_last_line_is_skipped_with_a_warning(tmp_path):
    path = tmp_path / "log.jsonl"
    with EvidenceLog(path) as log:
        log.append("test", run="r", step=0)
    with path.open("a") as f:
        f.write('{"kind": "test", "run": "r", "st')
    with pytest.warns(UserWarning, match="line 2"):
        recs = read_log(path, frame=False)
    assert len(recs) == 1
