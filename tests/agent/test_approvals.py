"""Approvals that mean yes (issue 14, finding 5): only a typed ``Approval(True, by, reason)``
lets an irreversible action run; every other answer, an exception and a coroutine deny, logged."""

from __future__ import annotations

import warnings

import pytest

from fcpkit import Action, EvidenceLog
from fcpkit.agent.guards import Approval, PolicyGate, approve_all, deny_all

PAY = Action("click('9')", target="button 'Pay now'")


async def _async_yes(request):
    return Approval(True, "async", "would approve")


def _raises(request):
    raise RuntimeError("approver down")


DENIALS = [
    "no", "false", "False", "DENIED", "yes", "approved", "0", "", True, 1, 2.5, {"approved": False},
    {"approved": True}, ["yes"], ("dana", True), object(), None, Approval(False, "dana", "not today"),
    Approval(True, "", "nobody"), Approval(True, "   ", "blank"),
]


# ids by position and type: an object's repr holds its address, which differs between the
# processes of a parallel run (pytest-xdist collects in each and compares)
@pytest.mark.parametrize("answer", DENIALS, ids=[f"{k}-{type(a).__name__}" for k, a in enumerate(DENIALS)])
def test_anything_but_a_typed_approval_denies(answer):
    log = EvidenceLog()
    gate = PolicyGate(approve=lambda req: answer, log=log, run="r")
    d = gate.check(PAY)
    assert d.effect == "irreversible" and d.needs_approval and not d.allowed and d.approver is None
    rec = [r for r in log.records if r.get("event") == "gate"][-1]
    assert rec["allowed"] is False and "blocked" in rec["reason"]


def test_a_coroutine_denies_and_is_closed_not_left_pending():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine ... was never awaited" would be an error here
        d = PolicyGate(approve=_async_yes).check(PAY)
    assert not d.allowed and "awaitable" in d.reason


def test_an_exception_and_a_bad_approval_construction_deny():
    assert not PolicyGate(approve=_raises).check(PAY).allowed
    d = PolicyGate(approve=lambda req: Approval("yes", "dana")).check(PAY)  # TypeError inside the approver
    assert not d.allowed and "TypeError" in d.reason


def test_only_a_named_approval_approves():
    d = PolicyGate(approve=lambda req: Approval(True, "dana@example.com", "ticket owner")).check(PAY)
    assert d.allowed and d.approver == "dana@example.com" and "ticket owner" in d.reason
    assert PolicyGate(approve=approve_all).check(PAY).approver == "auto"
    assert not PolicyGate(approve=deny_all).check(PAY).allowed
    assert not PolicyGate().check(PAY).allowed  # default: deny


def test_an_approval_does_not_lift_a_falsified_commitment():
    d = PolicyGate(approve=approve_all).check(PAY, commitment_state="falsified")
    assert not d.allowed and not d.needs_approval
