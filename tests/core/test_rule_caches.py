"""What the built-in falsifiers read off a page is read once per page (or pair of pages), follows the
page when it changes, and is forgotten by the cold pass's one call."""

from __future__ import annotations

from fcpkit.core import falsifiers, pagetree
from fcpkit.core.caches import clear_page_caches, registered_caches
from fcpkit.core.falsifiers import Builtins
from fcpkit.core.trajectory import Observation

FORM = "RootWebArea 'Leave request LR-2207'\n\t[4] heading 'Leave request LR-2207'\n\t[7] button 'Approve'\n\t[7] button 'Again'"
SAVED = FORM + "\n\t[9] status ''\n\t\tStaticText 'Request approved.'"


def test_the_new_rule_caches_are_registered_and_cleared():
    names = registered_caches()
    for name in ("_names_of", "_messages_new"):
        assert f"fcpkit.core.falsifiers.{name}" in names
    for name in ("_identity", "_by_bid"):
        assert f"fcpkit.core.pagetree.{name}" in names
    pagetree.node_by_bid(FORM, "7")
    assert pagetree._by_bid.cache_info().currsize > 0
    clear_page_caches()
    assert pagetree._by_bid.cache_info().currsize == 0 and falsifiers._messages_new.cache_info().currsize == 0


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
