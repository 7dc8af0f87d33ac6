"""Leftovers (issue 14, finding 11): a killed workbench's temp folder is removed on SIGTERM and
at the next start after SIGKILL; the end-of-run clean-up never starts an LLM server to stop it;
an embedded server's own log goes with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from fcpkit_lab.envs import live
from fcpkit_lab.envs.workbench.app import WorkbenchApp
from fcpkit_lab.llm import server as llm_server

CHILD = ("import sys, time; from fcpkit_lab.envs.workbench.app import WorkbenchApp; a = WorkbenchApp(); "
         "print(a.workdir, flush=True); time.sleep(60)")


def _spawn() -> tuple[subprocess.Popen, Path]:
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    proc = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True, env=env)
    workdir = Path(proc.stdout.readline().strip())
    assert workdir.is_dir() and (workdir / "owner.pid").exists()
    return proc, workdir


def test_finding11_sigterm_removes_the_workbench_folder():
    proc, workdir = _spawn()
    proc.send_signal(signal.SIGTERM)
    proc.wait(30)
    assert not workdir.exists()


def test_finding11_the_next_start_removes_a_sigkilled_workbench_folder():
    proc, workdir = _spawn()
    proc.kill()
    proc.wait(30)
    assert workdir.exists()  # SIGKILL runs nothing
    app = WorkbenchApp()
    try:
        assert not workdir.exists()
    finally:
        app.close()
    assert not app.workdir.exists()


def test_end_of_run_cleanup_never_starts_a_server(monkeypatch):
    started = []
    monkeypatch.setattr(llm_server.EmbeddedLLMServer, "start", lambda self: started.append(self) or self)
    monkeypatch.setattr(llm_server, "_SHARED", None)
    live._stop_embedded()
    assert started == []


def test_an_embedded_servers_own_log_is_removed_at_stop(tmp_path, monkeypatch):
    monkeypatch.delenv("FCPKIT_KEEP_LLM_LOGS", raising=False)
    srv = llm_server.EmbeddedLLMServer()
    log = tmp_path / "fcpkit-llama-x.log"
    log.write_text("server output")
    srv.log_path, srv._own_log = log, True
    srv.stop()
    assert not log.exists()
    kept = llm_server.EmbeddedLLMServer(keep_log=True)
    log.write_text("server output")
    kept.log_path, kept._own_log = log, True
    kept.stop()
    assert log.exists()
