"""What the built-in falsifiers read off a page is read once per page (or pair of pages), follows the
page when it changes, and is forgotten by the cold pass's one call."""

from __future__ import annotations

from fcpkit.core import falsifiers, page_facts, pagetree
from fcpkit.core.caches import clear_page_caches, registered_caches
from fcpkit.core.falsifiers import Builtins
from fcpkit.core.trajectory import Observation

FORM = "RootWebArea 'Leave request LR-2207'\n\t[4] heading 'Leave request LR-2207'\n\t[7] button 'Approve'\n\t[7] button 'Again'"
SAVED = FORM + "\n\t[9] status ''\n\t\tStaticText 'Request approved.'"


def test_the_new_rule_caches_are_registered_and_cleared():
    names = registered_caches()
    for name in ("names_of", "messages_new", "_facts", "_message_facts"):
        assert f"fcpkit.core.page_facts.{name}" in names
    for name in ("_identity", "_by_bid"):
        assert f"fcpkit.core.pagetree.{name}" in names
    pagetree.node_by_bid(FORM, "7")
    assert pagetree._by_bid.cache_info().currsize > 0
    clear_page_caches()
    assert pagetree._by_bid.cache_info().currsize == 0 and page_facts.messages_new.cache_info().currsize == 0


def test_element_ids_and_messages_follow_the_page():
    assert pagetree.node_by_bid(FORM, "7").name == "Approve"  # the first node with that id, as a scan finds
    assert pagetree.node_by_bid(FORM, "9") is None and pagetree.node_by_bid(SAVED, "9").role == "status"
    form, saved = Observation("http://hr.test/lr/LR-2207", "Leave request", FORM), Observation(text=SAVED)
    assert falsifiers._new_messages(form, saved) == ("Request approved.",)
    assert falsifiers._new_messages(saved, saved) == () and falsifiers._new_messages(None, form) == ()
    assert pagetree.identity(form) == "/lr/LR-2207 Leave request Leave request LR-2207"
    assert falsifiers._page_names(form) == ("Leave request", "Leave request LR-2207")


def test_enabled_rules_are_read_once_and_follow_a_replaced_switch():
    b = Builtins()
    assert b.enabled is b.enabled and "refused" in b.enabled
    off = b.replace(refused=False)
    assert "refused" not in off.enabled and "refused" in b.enabled and off.to_dict()["refused"] is False
    assert Builtins.none().enabled == ()


def test_page_facts_are_derived_once_per_page_and_follow_it():
    denied = Observation("http://hr.test/lr/LR-2207", "Access denied · HR", FORM)
    facts = page_facts.page_facts(denied)
    assert page_facts.page_facts(Observation(denied.url, denied.title, denied.text)) is facts  # one per page
    assert facts.names == ("Access denied", "Leave request LR-2207") and facts.refused == ("Access denied",)
    assert facts.missing == () and facts.signed_out == () and not facts.sign_in
    assert facts.ids == frozenset({("LR", 4, "LR-2207")}) and facts.kinds == {("LR", 4)} and not facts.narrowable
    other = page_facts.page_facts(Observation("http://hr.test/lr", "Leave requests", FORM))
    assert other is not facts and other.refused == () and other.ids == frozenset({("LR", 4, "LR-2207")})
    expired = FORM + "\n\t[9] alert ''\n\t\tStaticText 'Could not save: your session has expired'"
    news = page_facts.message_facts(denied, Observation(denied.url, "Leave request", expired))
    assert news.messages == ("Could not save: your session has expired",) == news.signed_out == news.negative
    assert news.refused == () and page_facts.message_facts(None, denied).messages == ()
    clear_page_caches()
    assert page_facts.page_facts(denied) is not facts
