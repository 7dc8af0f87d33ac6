"""Prompt templates: packaged files, rendering, missing variables, overrides."""

from __future__ import annotations

import pytest

from fcpkit.llm import PromptError, PromptLibrary, PromptTemplate, list_prompts, prompt_variables, render_messages, render_prompt


def test_packaged_templates_exist_and_render():
    assert {"planner", "verifier", "repairer", "executor"} <= set(list_prompts())
    for name in ("planner", "verifier", "repairer", "executor"):
        values = {v: f"<{v}>" for v in prompt_variables(name)}
        msgs = render_messages(name, **values)
        assert [m["role"] for m in msgs] == ["system", "user"]
        text = "\n".join(m["content"] for m in msgs)
        for v in values.values():
            assert v in text
        assert "${" not in text and "JSON" in text


def test_missing_variables_are_named():
    with pytest.raises(PromptError) as ei:
        render_prompt("verifier", task="t")
    msg = str(ei.value)
    assert "commitment, trajectory, evidence" in msg and "verifier.txt" in msg


def test_defaults_values_and_extras():
    text = render_prompt("planner", task="Buy milk", observation="[1] link 'Cart'", unused="ignored")
    assert "at most 5 commitments" in text and "(none)" in text
    assert "at most 2" in render_prompt("planner", task="t", observation="o", max_commitments=2)
    # non-strings are rendered as JSON
    text = render_prompt("executor", task="t", commitment={"id": "c1", "confirm": ["x"]}, observation="o")
    assert '"id": "c1"' in text


def test_unknown_template_and_bad_files(tmp_path):
    with pytest.raises(PromptError, match="no prompt template named 'nope'"):
        render_prompt("nope")
    with pytest.raises(PromptError, match="literal"):
        PromptTemplate.parse("x", "cost: 5 $ and $name").messages(name="n")
    with pytest.raises(PromptError, match="before the first"):
        PromptTemplate.parse("x", "stray\n<<user>>\nhi")
    with pytest.raises(PromptError, match="defaults"):
        PromptTemplate.parse("x", "<<defaults>>\n[1]\n<<user>>\nhi")


def test_override_directory(tmp_path, monkeypatch):
    (tmp_path / "verifier.txt").write_text("<<user>>\nmine: $task and $$5")
    (tmp_path / "extra.txt").write_text("plain $x")  # no markers: one user message
    lib = PromptLibrary(tmp_path)
    assert lib.render("verifier", task="T") == "mine: T and $5"
    assert lib.messages("extra", x=1) == [{"role": "user", "content": "plain 1"}]
    monkeypatch.setenv("FCPKIT_PROMPT_DIR", str(tmp_path))
    assert render_prompt("verifier", task="T") == "mine: T and $5"
    assert "extra" in list_prompts() and "planner" in list_prompts()
