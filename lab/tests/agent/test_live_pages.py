"""A live run's log names the page of every check (``fcpkit_lab.envs.live.log_pages``), and the step viewer shows
each check's screenshot from that log, relative to the log's folder."""

from __future__ import annotations

from dataclasses import replace

import pytest
from _support.fakes import FakeSupportEnv, SupportExecutor, support_plan

from fcpkit import EvidenceLog, read_log
from fcpkit.agent.guards import PolicyGate, approve_all
from fcpkit_lab.envs.live import log_pages, screenshot_dir
from fcpkit.agent.runtime import Runner

viz = pytest.importorskip("fcpkit.viz")


class ShootingEnv(FakeSupportEnv):
    """The fake support queue, keeping a (tiny) PNG per observation as a browser environment does."""

    PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000" "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")

    def __init__(self, folder):
        super().__init__()
        self.folder, self.shots = folder, 0

    def _obs(self, error=None):
        self.folder.mkdir(parents=True, exist_ok=True)
        self.shots += 1
        path = self.folder / f"{self.shots:03d}.png"
        path.write_bytes(self.PNG)
        return replace(super()._obs(error), screenshot=str(path))


def test_logged_pages_give_every_check_its_screenshot(tmp_path):
    log_path = tmp_path / "runs" / "support.jsonl"
    env = ShootingEnv(screenshot_dir(tmp_path / "runs", "support"))
    with EvidenceLog(log_path) as log:
        runner = Runner(env, SupportExecutor(), support_plan(), gate=PolicyGate(approve=approve_all), log=log,
                        run_id="support")
        log_pages(runner, base=log_path.parent)
        result = runner.run()
    assert result.success
    df = read_log(log_path)
    pages = df[(df["kind"] == "event") & (df["event"] == "page")]
    assert len(pages) == env.shots  # the start page, every page after an action, every backtrack
    assert all(not str(p).startswith("/") and str(p).startswith("screenshots/support/") for p in pages["screenshot"])
    viewer = viz.StepViewer(str(log_path), plan=runner.plan, start="last")  # screenshots resolve from the log's folder
    assert len(viewer.frames) == result.n_checks
    assert all(f["observation"] is not None and f["observation"].screenshot for f in viewer.frames)
    assert viewer.screenshot.value == ShootingEnv.PNG and viewer.screenshot.layout.display != "none"
    assert viewer.current["observation"].url == runner.observation.url  # the last check is on the last page
