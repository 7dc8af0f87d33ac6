"""ExperienceRepairer without a browser: a skill-scope repair switches to a retrieved skill, and a
case is followed only when it diagnosed the same thing."""

from __future__ import annotations

from _support.memory import BagOfWordsEmbedder

from fcpkit.agent.memory import ExperiencePlanner, ExperienceRepairer, same_diagnosis
from fcpkit.agent.repair import RepairRequest

TASK = "Find ticket T-415 (customer reports a package that arrived damaged), confirm the complaint, assign it to team Logistics and save."


def _plan(lib):
    return ExperiencePlanner(lib, embedder=BagOfWordsEmbedder()).plan(TASK)


def test_skill_scope_repair_switches_to_a_retrieved_skill(workbench_library):
    plan = _plan(workbench_library)
    i = plan.index("assign-payments")
    rep = ExperienceRepairer(workbench_library, embedder=BagOfWordsEmbedder())
    res = rep.repair(RepairRequest(plan, i, "skill", "Assign to team list is not available on ticket T-415 detail", "post"))
    records = rep.pop_retrievals()
    alt = next(r for r in records if r["what"] == "alternative_skills")
    offered = {h["skill"] for h in alt["hits"]} - {"support.assign-payments"}
    assert res.scope == "skill" and res.strategy == "switch_skill"
    assert res.extra["new_skill"] in offered and res.extra["old_skill"] == "support.assign-payments"
    assert res.plan.commitments[i].subgoal == plan.commitments[i].subgoal  # the subgoal stays
    assert res.plan.commitments[:i] == plan.commitments[:i]  # the completed prefix is untouched


def test_a_case_applies_only_to_the_same_diagnosis(workbench_library):
    plan = _plan(workbench_library)
    case = next(f for f in workbench_library.failures if f.diagnosis.fault == "wrong_record"
                and f.situation.site == "support")
    values = {"record_id": "T-415"}

    class R:  # the fields of a CheckResult same_diagnosis reads
        def __init__(self, evidence, rule=None):
            self.evidence, self.rule = evidence, rule

    def req(evidence, rule=None):
        return RepairRequest(plan, 1, "execution", evidence or rule, "post", R(evidence, rule))

    assert same_diagnosis(case, req("Ticket T-451 detail"), values)  # another near-miss record: same failure
    assert same_diagnosis(case, req("A ticket other than T-415 is open"), values)  # the generic falsifier held too
    assert not same_diagnosis(case, req("Your session has expired. Please sign in again."), values)
    assert not same_diagnosis(case, req(None, "unchanged_page"), values)
