"""Skill induction on the recorded workbench corpus, and the shipped libraries reproduced from the
corpora they name (the recordings ship with fcpkit-lab)."""

from __future__ import annotations

import json

from _support.memory import DATA

from fcpkit import data, load_corpus
from fcpkit_lab import data as lab_data
from fcpkit.agent.memory import load_library, save_library
from fcpkit.agent.memory.params import instance_specific
from fcpkit.eval.induce import DeterministicInducer


def test_values_are_lifted_and_instance_identifiers_dropped(workbench_library):
    lib = workbench_library
    find = lib.skill("support.find-ticket")
    assert find.parameters == ("record_id",) and "{record_id}" in find.subgoal
    assert find.task_templates == ("Find ticket {record_id} (customer reports {value}), confirm the complaint, "
                                   "assign it to team {team} and save.",)
    for s in lib.skills:
        for e in s.evidence():
            assert not instance_specific(e.text), (s.name, e.text)
        for a in s.actions:
            assert not instance_specific(a), (s.name, a)
    # near-miss records differ per variant: the falsifiers naming them do not survive the merge
    opened = lib.skill("support.open-ticket")
    texts = [e.text for e in opened.evidence()]
    assert "A ticket other than {record_id} is open" in texts and not any("T-4" in t for t in texts)


def test_dependencies_follow_the_order_skills_ran_in(workbench_library):
    lib = workbench_library
    assert lib.dependencies("support.confirm-saved") == ["support.find-ticket", "support.open-ticket",
                                                        "support.assign-payments"]
    assert lib.skill("support.find-ticket").requires == ()


def test_committed_libraries_are_what_induce_writes(tmp_path):
    """fcpkit/data/libraries is reproduced byte for byte from the corpora it names."""
    committed = DATA / "libraries"
    meta = load_library(committed).meta
    corpora = (lab_data.path(lab_data.WORKBENCH), lab_data.path(lab_data.MINIWOB), data.path(data.EXAMPLES))  # `fcpkit induce`'s
    assert meta["corpora"] == [lab_data.relative(p) for p in corpora]
    runs = [t for p in corpora for t in load_corpus(p)]
    lib = DeterministicInducer().induce(runs).with_meta(corpora=meta["corpora"], command="fcpkit induce")
    out = save_library(lib, tmp_path / "lib")
    for name in ("skills.jsonl", "failures.jsonl", "library.yaml"):
        assert (out / name).read_text() == (committed / name).read_text(), name
    assert json.loads((committed / "skills.jsonl").read_text().splitlines()[0])["name"] == "support.find-ticket"
