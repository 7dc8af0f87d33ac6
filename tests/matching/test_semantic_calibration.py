"""Calibration fitting / JSON, page-line helpers and the registry: no model needed."""

from __future__ import annotations

import json

import numpy as np
import pytest

from fcpkit.errors import ConfigError


def test_fit_calibration_recovers_a_logistic():
    from fcpkit.matching.calibration import fit_calibration

    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, 4000)
    y = rng.uniform(size=x.size) < 1 / (1 + np.exp(-(6 * x - 1.5)))
    cal = fit_calibration(x, y, input="cosine")
    assert cal.a == pytest.approx(6, rel=0.15)
    assert cal.b == pytest.approx(-1.5, abs=0.3)
    assert cal.midpoint == pytest.approx(0.25, abs=0.05)
    p = cal.apply(x)
    assert ((p > 0) & (p < 1)).all()


def test_fit_on_separable_data_stays_finite():
    from fcpkit.matching.calibration import fit_calibration

    cal = fit_calibration([0.1, 0.2, 0.3, 0.7, 0.8, 0.9], [0, 0, 0, 1, 1, 1])
    assert np.isfinite(cal.a) and cal.a > 0
    assert 0.3 < cal.midpoint < 0.7
    with pytest.raises(ConfigError, match="positive and negative"):
        fit_calibration([0.1, 0.2], [1, 1])
    with pytest.raises(ConfigError, match="labels"):
        fit_calibration([0.1, 0.2], [1])


def test_calibration_json_round_trip_and_errors(tmp_path):
    from fcpkit.matching.calibration import Calibration, load_calibration

    cal = Calibration(a=9.5, b=-5.0, input="cosine", source="unit", threshold=0.7, meta={"n": 3})
    path = cal.save(tmp_path / "sub" / "cal.json")
    assert load_calibration(path) == cal
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"a": 1.0}))
    with pytest.raises(ConfigError, match="missing key"):
        load_calibration(bad)
    bad.write_text(json.dumps({"a": 1.0, "b": 0.0, "slope": 2}))
    with pytest.raises(ConfigError, match="unknown key"):
        load_calibration(bad)
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="bad.json"):
        load_calibration(bad)
    with pytest.raises(ConfigError, match="not found"):
        load_calibration(tmp_path / "nope.json")
    with pytest.raises(ConfigError):
        Calibration(a=float("nan"), b=0.0)


def test_zero_false_alarm_threshold():
    from fcpkit.matching.calibration import zero_false_alarm_threshold

    fit = zero_false_alarm_threshold([0.9, 0.8, 0.6, 0.5, 0.4, 0.2], [1, 1, 1, 0, 1, 0])
    assert fit.threshold == pytest.approx(0.5, abs=1e-5) and fit.threshold > 0.5
    assert fit.false_alarm_rate == 0.0
    assert fit.detection_rate == pytest.approx(3 / 4)


class _Lookup:
    """A fake matcher with raw_score, to test fit_calibration_from_pairs without a model."""

    name = "fake"

    def __init__(self):
        self.calls = 0

    def raw_score(self, statements, texts):
        self.calls += 1
        return np.array([[0.9 if s.split()[0] in t else 0.1 for t in texts] for s in statements])


def test_fit_calibration_from_pairs_groups_texts_and_sets_threshold():
    from fcpkit.matching.calibration import fit_calibration_from_pairs

    pairs = [("alpha x", "alpha page", 1), ("beta x", "alpha page", 0), ("beta y", "beta page", 1), ("alpha y", "beta page", 0)]
    m = _Lookup()
    cal = fit_calibration_from_pairs(m, pairs, with_threshold=True)
    assert m.calls == 2  # one call per distinct text
    assert cal.a > 0 and cal.threshold is not None
    assert cal.apply(0.9) > 0.5 > cal.apply(0.1)


def test_naturalize_and_windows():
    from fcpkit.matching.model_base import line_windows, naturalize_line, split_page_lines

    assert naturalize_line("combobox 'Team' value='Payments'") == "Team: Payments"
    assert naturalize_line("StaticText 'Saved'") == "Saved"
    assert naturalize_line("alert 'Changes saved'") == "Alert: Changes saved"
    assert naturalize_line("checkbox 'Urgent', checked='true'") == "Urgent (checked)"
    assert naturalize_line("separator") == ""
    assert naturalize_line("url: http://x/y") == "url: http://x/y"
    assert naturalize_line("plain words stay") == "plain words stay"
    lines = split_page_lines("url: u\n\t[a1] button 'Go'\n\n[2] StaticText 'Updated 5 minutes ago'", naturalize=True, strip_volatile=True)
    assert lines == ["url: u", "Go", "Updated"]
    assert line_windows([], 3, 1) == [""]
    assert line_windows(list("abcde"), 3, 1) == ["a\nb\nc", "b\nc\nd", "c\nd\ne"]
    assert line_windows(list("abcdef"), 4, 3) == ["a\nb\nc\nd", "c\nd\ne\nf"]


def test_lru_cache():
    from fcpkit.matching.model_base import LRUCache

    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.get("a") == 1
    c.put("c", 3)  # evicts b, the least recently used
    assert c.get("b") is None and c.get("a") == 1 and c.get("c") == 3
    assert (c.hits, c.misses) == (3, 1)


def test_hybrid_rejects_bad_lambda():
    from fcpkit.matching.hybrid import HybridMatcher

    with pytest.raises(ConfigError):
        HybridMatcher(text=_Lookup(), image=None, lam=1.5)


def test_available_matchers_never_raises(monkeypatch):
    from fcpkit.matching import registry

    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))

    def boom(**kwargs):
        raise RuntimeError("kaboom")

    registry.register_matcher("boom", boom)
    avail = registry.available_matchers(names=["boom"])
    assert not avail["boom"].available and "kaboom" in avail["boom"].detail
