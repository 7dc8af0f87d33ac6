"""``fcpkit plan --prompt FILE``: the planner prompt from a file (a prompt lab version), or a clear error."""

from __future__ import annotations

import json

from click.testing import CliRunner

from fcpkit.cli import main

PLAN = {"commitments": [{"id": "open", "subgoal": "Open ticket T-390", "skill": "", "confidence": 0.8,
                         "confirm": {"precondition": [], "progress": [], "completion": ["Ticket T-390 detail"]},
                         "falsify": {"execution": ["A ticket other than T-390 is open"], "skill": [], "planning": []}}]}


def test_plan_with_a_prompt_file_sends_that_prompt_with_the_planning_budget(tmp_path, fake, monkeypatch):
    prompt = tmp_path / "mine.txt"
    prompt.write_text("<<system>>\nMY OWN PLANNER PROMPT\n<<user>>\n$task\n$observation\n$skills")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    fake.default = ("json", PLAN)
    out = CliRunner().invoke(main, ["plan", "Assign ticket T-390 to team Payments", "--prompt", str(prompt),
                                    "--no-failures"])
    assert out.exit_code == 0, out.output
    assert "Ticket T-390 detail" in out.output
    sent = fake.requests[0]
    assert sent["messages"][0]["content"] == "MY OWN PLANNER PROMPT"  # --prompt implies --planner llm
    assert sent["max_tokens"] > 512


def test_plan_with_a_malformed_prompt_file_names_the_file_and_the_fix(tmp_path):
    prompt = tmp_path / "broken.txt"
    prompt.write_text("<<defaults>>\n{not json\n<<user>>\n$task")
    out = CliRunner().invoke(main, ["plan", "Assign ticket T-390", "--prompt", str(prompt)])
    assert out.exit_code == 2 and "broken.txt" in out.output and "<<defaults>> is not a JSON object" in out.output
    assert json.dumps(PLAN)  # no model was started: the file is read before the client is made
