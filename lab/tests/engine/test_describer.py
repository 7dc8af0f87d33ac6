"""The crawl's enrichment by an LLM: one line per state and operation, the template kept on any bad answer."""

from __future__ import annotations

import pytest
from _labsupport.smg import tiny_smg
from click.testing import CliRunner

from fcpkit_lab.engine.describe import Description, check_line, describe_all, facts_of
from fcpkit_lab.engine.describe_llm import LLMDescriber, open_describer
from fcpkit.errors import ConfigError
from fcpkit.llm import LLMClient
from fcpkit_lab.llm import llama_cpp_available


def client_of(fake):
    return LLMClient(base_url=fake.base_url, model="fake-model", max_retries=0, sleep=lambda s: None)


def test_a_usable_line_is_kept_and_every_bad_answer_keeps_the_template_and_is_counted(fake):
    smg = tiny_smg()
    n_states, n_ops = len(smg.states), len(smg.operations)
    templates = {**{s.id: s.description for s in smg.states.values()}}
    good = "The queue of support tickets, searchable by number, each opening its detail page."
    fake.push(("json", {"description": good}),                       # HomePage: kept
              *[("text", "not json at all")] * 3,                       # QueuePage: invalid, re-asked twice
              ("status", 500),                                          # TicketPage: server error
              ("json", {"description": "line one\nline two of it"}),    # EditPage: two lines
              ("json", {"description": "{\"x\": 1} looks like code"}))  # SignInPage: not prose
    fake.default = ("json", {"description": "Opens the page that the link names, with no input needed."})
    stats = describe_all(smg, LLMDescriber(client_of(fake), name="endpoint:fake"))
    assert stats.calls == n_states + n_ops and stats.failures == 4
    assert stats.stats()["describer"] == "endpoint:fake" and stats.stats()["llm_failures"] == 4
    # the fake bills 18 tokens an answer: 14 answered calls, 3 answers refused as invalid, a 500 bills nothing
    assert stats.tokens == 18 * 14 + 18 * 3
    assert smg.states["HomePage"].description == good
    for sid in ("QueuePage", "TicketPage", "EditPage", "SignInPage"):
        assert smg.states[sid].description == templates[sid]
    assert all(o.description.startswith("Opens the page") for o in smg.operations.values())
    # the facts went out fenced as page text, with the state's structure in them
    body = fake.requests[1]["messages"][-1]["content"]  # the first ask about QueuePage
    assert "<<<PAGE>>>" in body and "searchbox:Search" in body and "QueuePage" in body


def test_a_describer_that_raises_never_stops_the_crawl():
    class Broken:
        name = "broken"

        def describe(self, kind, item_id, facts):
            if item_id == "HomePage":
                raise RuntimeError("connection refused")
            return Description("A page of the tiny app that lists what can be done next.", 5)

    smg = tiny_smg()
    before = smg.states["HomePage"].description
    stats = describe_all(smg, Broken())
    assert stats.failures == 1 and stats.tokens == 5 * (stats.calls - 1)
    assert smg.states["HomePage"].description == before
    assert smg.states["QueuePage"].description.startswith("A page of the tiny app")


def test_template_descriptions_without_a_describer_cost_nothing():
    smg = tiny_smg()
    assert describe_all(smg).stats() == {"llm_calls": 0}
    assert "Inputs: @search" in facts_of(smg, smg.operation("SearchQueuePage")) or \
        "search" in facts_of(smg, smg.operation("SearchQueuePage"))


@pytest.mark.parametrize("text, why", [("", "empty"), ("a\nb c d e f g h i", "more than one line"),
                                       ("x" * 300, "longer than 240 characters"), ("```python", "not prose"),
                                       ("ok.", "too few words"),
                                       ("ClickTabTaskPage", "too few words"), (None, "empty")])
def test_check_line_names_what_is_wrong(text, why):
    assert check_line(text) == why
    assert check_line("Fills the username and password, then signs in.") is None


def test_the_cli_refuses_an_unknown_describer_with_the_choices():
    from fcpkit.cli import main

    res = CliRunner().invoke(main, ["crawl", "--miniwob", "enter-text", "--describer", "gpt"])
    assert res.exit_code == 2 and "use template, embedded, embedded:MODEL or endpoint" in res.output
    with pytest.raises(ConfigError):
        open_describer("gpt")
    assert open_describer("template") is None


@pytest.mark.llm
def test_one_live_description_from_the_embedded_model():
    if not llama_cpp_available():
        pytest.skip("llama_cpp is not importable")
    smg = tiny_smg()
    llm = open_describer("embedded", timeout=300)
    try:
        d = llm.describe("operation", "SearchQueuePage", facts_of(smg, smg.operation("SearchQueuePage")))
    finally:
        llm.close()
    assert llm.name.startswith("embedded:") and d.tokens > 0  # a real call, billed
    # the answer parsed (schema-constrained output); whether the 135M model's line is usable is check_line's call
    assert d.error is None and isinstance(d.text, str) and d.text.strip()
