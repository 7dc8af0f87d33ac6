"""`--keep-logs`: the embedded LLM server's own log goes under LOG_DIR/llm/ and survives its stop;
without the flag it is a temporary file removed at stop."""

from __future__ import annotations

import os

import click
from click.testing import CliRunner

from fcpkit.cli import main
from fcpkit_lab.cli.logs import DIR_ENV, KEEP_ENV, keep_logs_option
from fcpkit_lab.llm.server import EmbeddedLLMServer


def _command(servers: list):
    @click.command()
    @click.option("--log-dir", type=click.Path(file_okay=False))
    @keep_logs_option
    def cmd(log_dir):
        srv = EmbeddedLLMServer()
        srv._make_own_log().write_text("llama.cpp output")  # what start() does before it spawns
        servers.append(srv)

    return cmd


def test_keep_logs_puts_the_server_log_in_the_run_folder_and_keeps_it(tmp_path, monkeypatch):
    monkeypatch.delenv(KEEP_ENV, raising=False)
    monkeypatch.delenv(DIR_ENV, raising=False)
    servers: list = []
    result = CliRunner().invoke(_command(servers), ["--log-dir", str(tmp_path), "--keep-logs"])
    assert result.exit_code == 0, result.output
    (srv,) = servers
    assert srv.log_path.parent == tmp_path / "llm" and srv.log_path.name.startswith("fcpkit-llama-")
    assert f"LLM server logs kept: 1 in {tmp_path / 'llm'}/" in result.output
    assert KEEP_ENV not in os.environ and DIR_ENV not in os.environ  # restored after the command
    srv.stop()  # a shared server stops later (at exit): the log still stays
    assert srv.log_path.read_text() == "llama.cpp output"


def test_without_keep_logs_the_server_log_is_temporary(tmp_path, monkeypatch):
    monkeypatch.delenv(KEEP_ENV, raising=False)
    monkeypatch.delenv(DIR_ENV, raising=False)
    servers: list = []
    result = CliRunner().invoke(_command(servers), ["--log-dir", str(tmp_path)])
    assert result.exit_code == 0 and "LLM server logs" not in result.output
    (srv,) = servers
    log = srv.log_path
    assert log.exists() and not log.is_relative_to(tmp_path)
    srv.stop()
    assert not log.exists() and not (tmp_path / "llm").exists()


def test_run_and_demo_offer_keep_logs():
    for cmd in ("run", "demo"):
        out = CliRunner().invoke(main, [cmd, "--help"]).output
        assert "--keep-logs" in out and "LOG_DIR/llm/" in out
