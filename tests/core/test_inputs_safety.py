"""Inputs that must not break a run (issue 14, findings 8, 9, 10 and the page-size cap):
corpora fcpkit writes it can read back, YAML that cannot explode or say two things, plans with
out-of-range numbers and unreadable paths refused with one clear message."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fcpkit import load_corpus
from fcpkit.core import trajectory as tj
from fcpkit.core.plan import load_plan
from fcpkit.core.trajectory import dump_corpus, iter_corpus
from fcpkit.errors import CorpusError, PlanError

BASE = load_corpus("fcpkit/data/examples/corpus.jsonl")[0]


def _with_text(text: str):
    step = replace(BASE.steps[0], observation=replace(BASE.steps[0].observation, text=text))
    return replace(BASE, steps=(step,) + BASE.steps[1:], plan_ref=None)


def test_finding8_line_separators_in_page_text_round_trip(tmp_path):
    t = _with_text("a\u2028b\u2029c\u0085d\re\x0bf\x0cg\x1ch")
    path = dump_corpus([t], tmp_path / "c.jsonl")
    raw = path.read_text("utf-8")
    assert raw.count("\n") == 1 and "\u2028" not in raw and "\u0085" not in raw
    assert load_corpus(path)[0].steps[0].observation.text == t.steps[0].observation.text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_any_unicode_page_text_round_trips(tmp_path, text):
    path = dump_corpus([_with_text(text)], tmp_path / "c.jsonl")
    assert load_corpus(path)[0].steps[0].observation.text == text


def test_a_page_over_the_size_cap_is_refused_with_a_clear_message(tmp_path, monkeypatch):
    """The reader refuses a page over the cap; the writer refuses to save one (what it writes, the
    reader reads), with the reader's message, and leaves no file behind."""
    path = dump_corpus([_with_text("x" * 1001)], tmp_path / "c.jsonl")
    monkeypatch.setattr(tj, "MAX_PAGE_CHARS", 1000)
    with pytest.raises(CorpusError, match=r"over the cap of 1,000"):
        load_corpus(path)
    with pytest.raises(CorpusError, match=r"line 1 \(id .*\)\.steps\[0\]\.observation\.text: .*over the cap of 1,000"):
        dump_corpus([_with_text("x" * 1001)], tmp_path / "d.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.jsonl"]


def test_iter_corpus_streams_in_constant_memory(tmp_path):
    """Reading runs one at a time keeps one run (plus an id index for duplicates) in memory."""
    line = (tmp_path / "one.jsonl")
    dump_corpus([replace(BASE, plan_ref=None)], line)
    one = line.read_text("utf-8").replace(BASE.id, "ID")
    p = tmp_path / "c.jsonl"
    p.write_text("".join(one.replace('"ID"', f'"id-{i}"') for i in range(300)), "utf-8")

    def peak(read) -> int:
        tracemalloc.start()
        read()
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    peak(lambda: sum(1 for _ in iter_corpus(p)))  # warm the bounded caches the parsers keep
    streamed = peak(lambda: sum(1 for _ in iter_corpus(p)))
    loaded = peak(lambda: load_corpus(p))
    assert streamed * 10 < loaded, (streamed, loaded)
    assert streamed < len(one) * 20 + 300 * 1024  # about one run, plus at most 1 KB per id


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
) + "task: t\ncommitments: []\n"


@pytest.mark.parametrize("name,text,expect", [
    ("bomb.yaml", BOMB, "aliases"),
    ("dup.yaml", "task: a\ntask: b\ncommitments: []\n", "duplicate key 'task'"),
    ("dupc.yaml", "task: a\ncommitments:\n  - id: c\n    subgoal: s\n    subgoal: t\n", "duplicate key 'subgoal'"),
    ("dup.json", '{"task": "a", "task": "b", "commitments": []}', "duplicate key 'task'"),
    ("deep.json", "[" * 50000 + "]" * 50000, "nested too deeply"),
    ("inf.json", '{"task": "t", "commitments": [{"id": "c", "subgoal": "s", "confidence": 1e400}]}', "outside"),
    ("nan.json", '{"task": "t", "commitments": [{"id": "c", "subgoal": "s", "confidence": NaN}]}', "confidence"),
])
def test_finding9_10_plans_that_would_explode_or_lie_are_refused(tmp_path, name, text, expect):
    p = tmp_path / name
    p.write_text(text, "utf-8")
    with pytest.raises(PlanError, match=expect):
        load_plan(p)


def test_a_nul_byte_in_a_plan_path_is_a_plan_error():
    with pytest.raises(PlanError, match="cannot read"):
        load_plan("plans/a\x00b.yaml")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full"])
def test_a_device_read_as_a_plan_a_corpus_or_settings_is_refused_before_reading(device):
    """An endless device has no line end: reading it would fill the memory; each reader refuses it."""
    from fcpkit.errors import ConfigError, read_json_config

    with pytest.raises(PlanError, match="a device, not a file"):
        load_plan(device)
    with pytest.raises(CorpusError, match="a device, not a file"):
        list(iter_corpus(device))
    with pytest.raises(ConfigError, match="a device, not a file"):
        read_json_config(device, "thresholds")


def test_a_folder_named_as_a_plan_says_so(tmp_path):
    with pytest.raises(PlanError, match="a folder, not a file"):
        load_plan(tmp_path)
