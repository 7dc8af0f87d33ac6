"""The scorers' per-page indexes (node names, field labels, name forms) score as the node-by-node reading did."""

from __future__ import annotations

import random

from fcpkit import Observation
from fcpkit.core.text import tokenize
from fcpkit.matching import LexicalMatcher
from fcpkit.matching.lexical import scorers as sc
from fcpkit.matching.lexical.entities import same_name
from fcpkit.matching.lexical.page_index import same_name_as

PAGE = Observation(
    url="http://127.0.0.1:8000/support/T-390", title="Ticket T-390 · HelpDesk",
    text="""RootWebArea 'Ticket T-390 · HelpDesk', focused
\t[2] navigation 'Main'
\t\t[3] link 'Assign tickets'
\t\t[4] searchbox 'Search tickets'
\t[10] main ''
\t\t[12] heading 'Ticket T-390'
\t\t[13] button 'Assign'
\t\t[14] button 'Assign to team Payments'
\t\t[15] link 'Approve expense EXP-1180'
\t\t[16] StaticText 'Team: Payments · Tier 2'
\t\t[17] combobox 'Priority' value='High'
\t\t[30] dialog 'Confirm', modal=True
\t\t\t[31] button 'OK'""",
)


def _plain_presence(st, claim, prep) -> float:
    """Presence as first written: every named node of the region (of the role), its name tokenised."""
    roles = claim.roles
    best = 0.0
    for i, role in (sc._all_controls(prep) if roles else sc._node_names(prep)):
        if roles and role not in roles:
            continue
        names = frozenset(tokenize(prep.page.nodes[i].name, past="both"))
        if st.keys and not st.keys <= names:
            continue
        s = sum(w for t, w in zip(st.tokens, st.weights) if t in names) / st.total
        if s > best:
            best = s
    return best


def test_presence_through_the_name_index_is_the_node_by_node_score():
    m = LexicalMatcher()
    prep = m._prepare(PAGE.serialize())
    statements = ["Assign button is not available", "Assign to team list is not available", "OK button is not available",
                  "Search tickets box is not available", "EXP-1180 is not listed", "T-390 is not listed",
                  "Approve expense link is not available", "Payments tier is missing", "Delete button is not available"]
    for s in statements:
        st = m._compile(s)
        assert st.kind == "absence" and st.thing is not None, s
        assert sc.presence(st.thing, st.claim, prep) == _plain_presence(st.thing, st.claim, prep), s
        trace: list = []
        got = sc.presence(st.thing, st.claim, prep, trace)
        if got > 0:  # the node named in the trace holds the thing's words
            assert trace and trace[0][0] == "presence" and trace[0][1] is not None


def test_a_name_matched_through_its_forms_is_the_same_name_as_before():
    pieces = ["Payments", "Tier 2", " · ", ", ", " - ", "(", ")", "Tomas", "Kowal", "Kowalski", "–", "|", " ", "approved",
              "Approved by", "Jordan Lee", ";", "[", "]"]
    rnd = random.Random(7)
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 6))) for _ in range(1500)]
    names = ["Payments", "Tomas Kowal", "Tier 2", "Approved", "", "Jordan Lee"]
    for text in texts:
        for name in names:
            assert same_name_as(tokenize(name, past="stem"), text) == same_name(name, text), (name, text)


def test_field_and_event_claims_read_the_indexed_labels():
    m = LexicalMatcher()
    page = PAGE.serialize()
    assert m.score_one("Team: Payments", page) == 1.0  # "Payments · Tier 2": one part is the name
    assert m.score_one("Priority set to Low", page) == 0.0  # the label holds another value
    assert m.score_one("Priority set to High", page) == 1.0
