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


def _touch_later(path, text):
    """Rewrite ``path`` and move its mtime forward, so the change is seen even on coarse clocks."""
    import os
    before = path.stat().st_mtime_ns
    path.write_text(text)
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))


def test_an_override_edited_on_disk_is_read_again_without_a_restart(tmp_path, monkeypatch):
    (tmp_path / "verifier.txt").write_text("<<user>>\nfirst $task")
    monkeypatch.setenv("FCPKIT_PROMPT_DIR", str(tmp_path))
    assert render_prompt("verifier", task="T") == "first T"
    _touch_later(tmp_path / "verifier.txt", "<<user>>\nsecond $task")
    assert render_prompt("verifier", task="T") == "second T"


def test_a_prompt_file_path_loads_that_file_and_is_reread(tmp_path):
    from fcpkit.llm.templates import is_prompt_path, load_prompt_file

    f = tmp_path / "mine.txt"
    f.write_text("<<system>>\nsys\n<<user>>\nuser $task")
    assert is_prompt_path(str(f)) and is_prompt_path("planner_v2.txt") and not is_prompt_path("planner")
    assert PromptLibrary().messages(str(f), task="T")[1]["content"] == "user T"
    _touch_later(f, "<<system>>\nsys\n<<user>>\nedited $task")
    assert load_prompt_file(f).render(task="T") == "sys\n\nedited T"
    with pytest.raises(PromptError, match=r"prompt file .*nope\.txt.* does not exist; fix"):
        PromptLibrary().get(str(tmp_path / "nope.txt"))
    _touch_later(f, "stray\n<<user>>\nx")
    with pytest.raises(PromptError, match=r"mine\.txt\): text before the first <<role>> marker"):
        load_prompt_file(f)
