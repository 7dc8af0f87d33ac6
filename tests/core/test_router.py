"""The router's invariants, property-tested over the whole score space."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fcpkit import ConfigError, Route, Thresholds, route

T = Thresholds()
unit = st.floats(0.0, 1.0, allow_nan=False)


def test_paper_constants():
    assert (T.tau_plus, T.tau_minus, T.eta, T.pi_low, T.delta_plus, T.delta_minus, T.uncertainty) == (
        0.65, 0.55, 0.1, 0.5, 0.18, 0.25, 0.08)
    assert T.gate_plus(0.5) == 0.65 and T.gate_minus(0.5) == 0.55
    assert T.gate_plus(1.0) == pytest.approx(0.70) and T.gate_minus(0.0) == pytest.approx(0.50)


def test_article_cases():
    assert route(0.9, 0.9) is Route.VERIFY  # conflicting strong signals
    assert route(0.55, 0.95) is Route.RISK  # contradiction outranks confirmation
    assert route(1.0, 0.0) is Route.COMPLETE
    assert route(0.1, 0.1) is Route.CONTINUE
    # the article's EXP-1207: margin 0.2497 < 0.25 (Equation 6 as published)
    assert route(0.7503, 1.0, thresholds=Thresholds.paper()) is Route.VERIFY
    assert route(0.75, 1.0, thresholds=Thresholds.paper()) is Route.RISK
    # by default a falsifier that holds whole is drift beside confirming evidence short of whole
    assert route(0.7503, 1.0) is Route.RISK and route(1.0, 1.0) is Route.VERIFY


@given(a_plus=unit, a_minus=unit, a_comp=unit, kappa=unit)
def test_never_complete_when_falsifier_clears_its_gate(a_plus, a_minus, a_comp, kappa):
    r = route(max(a_plus, a_comp), a_minus, kappa, alpha_comp=a_comp)
    if a_minus >= T.gate_minus(kappa):
        assert r is not Route.COMPLETE


@given(s=st.floats(0.7, 1.0), kappa=unit)
def test_symmetric_strong_signals_verify(s, kappa):
    assert route(s, s, kappa) is Route.VERIFY


@given(a_plus=unit, a_minus=unit, k1=unit, k2=unit)
def test_monotone_in_kappa(a_plus, a_minus, k1, k2):
    lo, hi = sorted((k1, k2))
    # lower confidence lowers both gates: drift is flagged sooner and doubtful steps escalate
    # more readily (paper, B.5); never the other way round
    if route(a_plus, a_minus, hi) is Route.RISK:
        assert route(a_plus, a_minus, lo) is Route.RISK
    if route(a_plus, a_minus, lo) is Route.CONTINUE:
        assert route(a_plus, a_minus, hi) is Route.CONTINUE


@given(a_plus=unit, a_minus=unit, kappa=unit)
def test_continue_only_when_falsifiers_weak_and_both_sides_clear_of_gates(a_plus, a_minus, kappa):
    if route(a_plus, a_minus, kappa) is Route.CONTINUE:
        assert a_minus < T.pi_low  # confirming support alone never escalates (progress_continues)
        assert a_minus < T.gate_minus(kappa) - T.uncertainty
        assert a_plus < T.gate_plus(kappa) - T.uncertainty


@given(a_plus=unit, a_minus=unit, kappa=unit)
def test_actions_never_complete_and_alignment_alone_never_escalates(a_plus, a_minus, kappa):
    r = route(a_plus, a_minus, kappa, can_complete=False)
    assert r is not Route.COMPLETE
    if a_minus < T.gate_minus(kappa) - T.uncertainty and a_minus < T.pi_low:
        assert r is Route.CONTINUE


@given(a_plus=unit, a_minus=unit, kappa=unit)
def test_idle_page_completes_or_escalates_on_falsifiers_alone(a_plus, a_minus, kappa):
    # the page the agent has not acted on for the step yet: it may complete the step, and only
    # falsifier support makes it a question for the verifier
    idle, active = route(a_plus, a_minus, kappa, idle=True), route(a_plus, a_minus, kappa)
    if active in (Route.COMPLETE, Route.RISK):
        assert idle is active
    if a_minus < T.gate_minus(kappa) - T.uncertainty and a_minus < T.pi_low:
        assert idle in (Route.COMPLETE, Route.CONTINUE)
    else:
        assert idle is active


def test_idle_page_near_the_completion_gate_continues():
    g = T.gate_plus(0.7)
    assert route(g - 0.03, 0.0, 0.7) is Route.VERIFY
    assert route(g - 0.03, 0.0, 0.7, idle=True) is Route.CONTINUE
    assert route(g + 0.01, 0.0, 0.7, idle=True) is Route.COMPLETE
    assert route(g - 0.03, T.gate_minus(0.7) - 0.03, 0.7, idle=True) is Route.VERIFY


def test_uncertainty_band_verifies():
    g = T.gate_minus(0.5)
    assert route(0.0, g - 0.05, 0.5) is Route.VERIFY
    assert route(0.0, g - 0.1, 0.5) is Route.CONTINUE


def test_periodic_check():
    assert route(0.1, 0.1, consecutive_continues=T.periodic_check - 1) is Route.CONTINUE
    assert route(0.1, 0.1, consecutive_continues=T.periodic_check) is Route.VERIFY
    assert route(0.1, 0.1, 0.5, Thresholds(periodic_check=0), consecutive_continues=99) is Route.CONTINUE


def test_thresholds_serialise(tmp_path):
    t = Thresholds(tau_minus=0.6, periodic_check=4)
    assert Thresholds.load(t.save(tmp_path / "t.json")) == t
    assert Thresholds.from_dict(json.loads(json.dumps(t.to_dict()))) == t
    with pytest.raises(ConfigError, match="tau_minus"):
        Thresholds(tau_minus=1.5)
    with pytest.raises(ConfigError, match="unknown"):
        Thresholds.from_dict({"tau": 0.5})


def test_progress_without_completion_continues_unless_paper_mode():
    assert route(0.9, 0.1, alpha_comp=0.2) is Route.CONTINUE
    # half of the completion evidence holds: below the completion band, so no escalation either
    assert route(0.5, 0.0, alpha_comp=0.5) is Route.CONTINUE
    assert route(0.5, 0.0, 0.5, Thresholds.paper(), alpha_comp=0.5) is Route.VERIFY
    # within the completion band's uncertainty margin: the verifier decides
    assert route(0.62, 0.0, 0.5, alpha_comp=0.62) is Route.VERIFY
    assert route(0.9, 0.1, 0.5, Thresholds.paper(), alpha_comp=0.2) is Route.VERIFY
    # progress evidence still protects against a weak contradiction turning into risk
    assert route(0.9, 0.6, alpha_comp=0.2) is Route.VERIFY


@given(a_plus=unit, a_minus=unit, a_comp=unit, kappa=unit)
def test_paper_mode_continue_is_equation_6(a_plus, a_minus, a_comp, kappa):
    a_plus = max(a_plus, a_comp)
    P = Thresholds.paper()
    if route(a_plus, a_minus, kappa, P, alpha_comp=a_comp) is Route.CONTINUE:
        assert max(a_plus, a_minus) < P.pi_low


def test_no_evidence_check_after_n_page_changing_steps():
    from fcpkit.errors import ConfigError

    t = Thresholds()
    assert t.no_evidence_check == 3
    assert route(0.1, 0.1, 0.5, t, page_changed=True, no_evidence_steps=2) is Route.VERIFY
    assert route(0.1, 0.1, 0.5, t, page_changed=True, no_evidence_steps=1) is Route.CONTINUE
    assert route(0.1, 0.1, 0.5, t, page_changed=False, no_evidence_steps=5) is Route.CONTINUE
    assert route(0.55, 0.1, 0.5, t, alpha_comp=0.2, page_changed=True, no_evidence_steps=5) is Route.CONTINUE
    assert route(0.1, 0.1, 0.5, t.replace(no_evidence_check=0), page_changed=True, no_evidence_steps=9) is Route.CONTINUE
    with pytest.raises(ConfigError):
        Thresholds(no_evidence_check=-1)
