"""The paraphrase suite: every claim type is read the same way whatever the phrasing."""

from __future__ import annotations

import pytest

from fcpkit import LexicalMatcher
from fcpkit.errors import FormatError
from fcpkit.matching.paraphrase import load_suite, run_suite


@pytest.fixture(scope="module")
def report():
    suite = load_suite()
    return suite, run_suite(suite, LexicalMatcher())


def test_suite_is_large_and_spans_every_claim_type_and_three_apps(report):
    suite, rep = report
    if suite.skipped_pages:  # the external corpus lives beside the repository, not in it
        pytest.skip(f"pages of corpora not on this machine: {suite.skipped_pages}")
    assert len(suite.cases) >= 300
    assert set(rep.by_type) == {"identity", "presence", "absence", "exclusion", "event", "field", "message"}
    assert rep.n_apps >= 3


def test_agreement_per_claim_type_is_at_least_95_percent(report):
    _, rep = report
    for kind, (agree, n) in rep.by_type.items():
        assert agree / n >= 0.95, rep.render()


def test_every_phrasing_compiles_to_its_fact_type(report):
    _, rep = report
    assert not rep.mistyped, rep.render()


def test_a_broken_suite_names_the_file_and_field(tmp_path):
    bad = tmp_path / "data" / "paraphrase" / "suite.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text("corpora: {}\npages: {p: nowhere}\nfacts:\n  - type: field\n    phrasings: [a]\n")
    with pytest.raises(FormatError) as err:
        load_suite(bad)
    msg = str(err.value)
    assert "suite.yaml" in msg and "pages.p" in msg and "facts[0]" in msg
