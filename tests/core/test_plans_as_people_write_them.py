"""Plans as people write them in YAML: a bare date is the statement it reads as, a question mark
inside a flow list is part of its statement, and a statement with a colon ("Fee recorded:
Waived") is that line, not a one-key mapping. Two plans of applications of our own making."""

from __future__ import annotations

import pytest

from fcpkit import load_plan
from fcpkit.core.loaders import yaml_load


PAYABLES = """\
task: Put invoice INV-20417 on hold until 2024-07-15.
commitments:
  - id: hold
    subgoal: Put the invoice on hold
    confirm:
      progress: [Place hold on INV-20417?, Hold reason]
      completion:
        - 2024-07-15
        - Hold status: On hold
    falsify:
      execution:
        - Hold reason: Pricing discrepancy
        - {text: Release payment, on: action}
"""

SHELTER = """\
task: Approve APP-5127 and waive the fee.
commitments:
  - id: fee
    subgoal: Record the adoption fee as waived
    confirm:
      progress: [Waive the fee for A-2418?, Confirm fee waiver]
      completion: [Adoption fee recorded: Waived, 2024-06-14]
    falsify:
      execution:
        - Adoption fee recorded: Standard
        - {text: Keep standard fee, on: action}
"""


@pytest.mark.parametrize("text,date,asked,colon,falsifier", [
    (PAYABLES, "2024-07-15", "Place hold on INV-20417?", "Hold status: On hold", "Hold reason: Pricing discrepancy"),
    (SHELTER, "2024-06-14", "Waive the fee for A-2418?", "Adoption fee recorded: Waived", "Adoption fee recorded: Standard"),
])
def test_a_plan_reads_as_its_author_wrote_it(tmp_path, text, date, asked, colon, falsifier):
    path = tmp_path / "plan.yaml"
    path.write_text(text, encoding="utf-8")
    plan = load_plan(path)
    c = plan.commitments[0]
    statements = [e.text for level in c.confirm.values() for e in level]
    assert date in statements and asked in statements and colon in statements
    falsifiers = [e.text for e in c.falsify["execution"]]
    assert falsifier in falsifiers
    assert [e.on for e in c.falsify["execution"] if e.text.startswith(("Release", "Keep"))] == ["action"]


def test_the_reader_keeps_yaml_12_scalars_and_still_refuses_what_it_refused():
    assert yaml_load("a: 2024-07-15\nb: [x?, y]\nc: on\nd: 7") == {"a": "2024-07-15", "b": ["x?", "y"], "c": "on", "d": 7}
    with pytest.raises(Exception):
        yaml_load("a: &x [1]\nb: *x")  # aliases are still refused
    with pytest.raises(Exception):
        yaml_load("a: 1\na: 2")  # and duplicate keys
