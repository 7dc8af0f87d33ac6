"""The committed MiniWoB++ SMGs reproduce from ``fcpkit crawl --miniwob`` in the real Chromium."""

from __future__ import annotations

from click.testing import CliRunner

import pytest

from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.miniwob import MINIWOB_CRAWLED, miniwob_smg_path

def _without_timing(smg: StateMachine) -> dict:
    data = smg.to_data()
    data["stats"] = {k: v for k, v in data["stats"].items() if k != "seconds"}
    return data


@pytest.mark.browser
def test_the_committed_login_user_smg_reproduces_from_the_cli(tmp_path):
    from fcpkit.cli import main

    res = CliRunner().invoke(main, ["crawl", "--miniwob", "login-user", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    crawled = StateMachine.load(tmp_path / "login-user-safe.yaml")
    committed = StateMachine.load(miniwob_smg_path("login-user"))
    assert _without_timing(crawled) == _without_timing(committed)
    # the labels a person reads before the two unnamed fields became the selectors, validated live
    op = crawled.operation("LoginOnLoginUserTaskPage")
    assert [(a.action, a.role, a.name) for a in op.atoms] == [
        ("fill", "textbox", "Username"), ("fill", "textbox", "Password"), ("click", "button", "Login")]
    assert op.validated and not op.observed and crawled.stats["validation_failures"] == {}


def test_every_committed_miniwob_smg_loads_and_was_validated():
    for task in MINIWOB_CRAWLED:
        smg = StateMachine.load(miniwob_smg_path(task))
        assert smg.app == f"miniwob.{task}" and smg.stats["safe"] is True
        assert smg.stats["validated"] == smg.stats["operations"] > 0
