"""``fcpkit prompts``: write a version, score versions from replayed answers into a results file."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fcpkit.cli import main

from fcpkit_lab.promptlab.version import PromptVersion

RESULTS = Path(__file__).resolve().parents[3] / "data" / "results" / "promptlab"


def test_score_two_versions_from_the_recorded_round_then_again_from_the_cache(tmp_path):
    files = [str(RESULTS / "prompts" / f) for f in ("packaged.txt", "one-example.txt")]
    args = ["prompts", "score", *files, "--model", f"replay:{RESULTS / 'recordings' / 'smollm2-135m.jsonl'}",
            "--tasks", "external-hr-leave", "--cache", str(tmp_path / "cache"), "--out", str(tmp_path / "s.jsonl"),
            "--diff"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()]
    assert [r["prompt_name"] for r in rows] == ["packaged", "one-example", None, None, None]
    assert [r["source"] for r in rows[2:]] == ["hand-written", "state machine", "no plan (built-ins and rules)"]
    assert rows[0]["valid"] == rows[1]["valid"] == 1 and rows[0]["model"] == "replay-smollm2-135m"
    assert "| plans from |" in (tmp_path / "s.md").read_text() and "+An example, for another task" in out.output
    again = CliRunner().invoke(main, args)  # every answer now comes from the cache
    assert again.exit_code == 0 and "(cached)" in again.output
    assert [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()] == rows


def test_new_writes_the_packaged_version_and_never_overwrites(tmp_path):
    out = CliRunner().invoke(main, ["prompts", "new", str(tmp_path / "v.txt")])
    assert out.exit_code == 0 and PromptVersion.load(tmp_path / "v.txt").hash == PromptVersion.default().hash
    again = CliRunner().invoke(main, ["prompts", "new", str(tmp_path / "v.txt")])
    assert again.exit_code == 2 and "exists; fix: give a new file name" in again.output


def test_a_replay_file_that_does_not_exist_is_a_clear_error(tmp_path):
    out = CliRunner().invoke(main, ["prompts", "score", str(RESULTS / "prompts" / "packaged.txt"),
                                    "--model", f"replay:{tmp_path / 'none.jsonl'}", "--tasks", "external-hr-leave",
                                    "--cache", str(tmp_path / "c"), "--out", str(tmp_path / "s.jsonl")])
    assert out.exit_code == 2 and "none.jsonl does not exist" in out.output
