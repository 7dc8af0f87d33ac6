"""The effects probe of issue 33 ("effects that fail closed"): actions on two applications of our own
making (a shop's admin, a cloud console) that the gate misread as reads or as plain writes. Keys that
submit a form or press a focused button, GET links and clickable boxes named for an act, irreversible
acts worded outside the old lists, and names disguised by look-alike letters, invisible characters,
full-width forms or a pictograph. Every case here was misread before the fix (tests/core/data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fcpkit import Observation
from fcpkit.core.control_names import WORDS_VERSION, canonical_name, folded_name, name_effect
from fcpkit.core.effects import step_effect

PROBE = json.loads((Path(__file__).parent / "data" / "effects_probe.json").read_text(encoding="utf-8"))
PAGES = {k: "\n".join(lines) for k, lines in PROBE["pages"].items()}


def _obs(app: str) -> Observation:
    first = PAGES[app].split("\n", 1)[0]
    return Observation(first.split("url='", 1)[1].rstrip("'"), first.split("'")[1], PAGES[app])


@pytest.mark.parametrize("case", PROBE["cases"], ids=[f"{c['page']}:{c['action']!r}" for c in PROBE["cases"]])
def test_probe_case(case):
    got = step_effect(case["action"], _obs(case["page"]))
    assert got.effect == case["expected"], f"{case['family']}: {got.reason}"


def test_the_probe_covers_each_family_on_both_applications():
    families = {}
    for c in PROBE["cases"]:
        families.setdefault(c["family"].split(",")[0], set()).add(c["page"])
    assert {"key submits a form", "GET link acts", "clickable generic acts", "irreversible wording",
            "disguised name"} <= set(families)
    assert all(len(pages) == 2 for f, pages in families.items() if f in ("key submits a form", "GET link acts",
                                                                        "irreversible wording", "disguised name"))


def test_words_are_versioned():
    assert WORDS_VERSION == 2


@pytest.mark.parametrize("name,expected", [
    ("D\u0435lete", "Delete"), ("Del\u200bete", "Delete"), ("\uff24\uff45\uff4c\uff45\uff54\uff45", "Delete"),
    ("\u202eDelete\u202c", "Delete"), ("\U0001f5d1", "delete"), ("Delete\ufe0f", "Delete"),
])
def test_a_name_is_read_as_it_renders(name, expected):
    assert folded_name(name) == expected
    assert canonical_name(name).casefold() == expected.casefold() or "\u0435" in name  # only look-alikes need folding


@pytest.mark.parametrize("name,expected", [
    # words that act only as a clause's verb, and phrases, leave their nouns alone
    ("Add block", "write"), ("Sign in", "write"), ("Sign up", "write"), ("Code block", None), ("Drop-down", None),
    ("Удалить", "irreversible"), ("Поиск", "read"), ("Search", "read"), ("S\u0435arch", None),
    ("Frobnicate", None), ("✓", None),
])
def test_names_the_new_families_leave_as_they_were(name, expected):
    assert name_effect(name) == expected


def test_links_that_name_pages_still_navigate():
    page = Observation("http://h/x", "x", "RootWebArea 'x'\n\t[2] link 'Bid history'\n\t[3] link 'Release notes'\n"
                       "\t[4] link 'Refund details'\n\t[5] link 'Payment history'\n\t[6] generic 'Order 5521'\n"
                       "\t[7] generic 'Order 5522 · pending', clickable\n\t[8] generic 'Show more', clickable")
    assert [step_effect(f"click('{b}')", page).effect for b in "23456"] == ["read"] * 5
    assert step_effect("click('7')", page).effect == "write"  # a handler and unknown words: fail closed
    assert step_effect("click('8')", page).effect == "read"


def test_a_link_whose_clause_opens_with_a_page_verb_navigates():
    page = Observation("http://h/x", "x", "RootWebArea 'x'\n\t[2] link 'Orders / Create'\n\t[3] link 'Orders / Archive'\n"
                       "\t[4] link 'Orders / Delete'")
    assert [step_effect(f"click('{b}')", page).effect for b in "234"] == ["read", "write", "irreversible"]
