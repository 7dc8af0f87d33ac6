"""What the built-in falsifiers read off a page is read once per page (or pair of pages), kept with the
page, and follows the page when it changes."""

from __future__ import annotations

from fcpkit.core import page_facts
from fcpkit.core.falsifiers import Builtins
from fcpkit.core.page import Page
from fcpkit.core.trajectory import Observation

FORM = "RootWebArea 'Leave request LR-2207'\n\t[4] heading 'Leave request LR-2207'\n\t[7] button 'Approve'\n\t[7] button 'Again'"
SAVED = FORM + "\n\t[9] status ''\n\t\tStaticText 'Request approved.'"


def test_element_ids_and_messages_follow_the_page():
    assert Page(FORM).node("7").name == "Approve"  # the first node with that id, as a scan finds
    assert Page(FORM).node("9") is None and Page(SAVED).node("9").role == "status"
    form, saved = Observation("http://hr.test/lr/LR-2207", "Leave request", FORM), Observation(text=SAVED)
    assert page_facts.message_facts(form, saved).messages == ("Request approved.",)
    assert page_facts.message_facts(saved, saved).messages == () and page_facts.message_facts(None, form).messages == ()
    assert page_facts.page_facts(form).names == ("Leave request", "Leave request LR-2207")


def test_enabled_rules_are_read_once_and_follow_a_replaced_switch():
    b = Builtins()
    assert b.enabled is b.enabled and "refused" in b.enabled
    off = b.replace(refused=False)
    assert "refused" not in off.enabled and "refused" in b.enabled and off.to_dict()["refused"] is False
    assert Builtins.none().enabled == ()


def test_page_facts_are_derived_once_per_page_and_follow_it():
    denied = Observation("http://hr.test/lr/LR-2207", "Access denied · HR", FORM)
    facts = page_facts.page_facts(denied)
    assert page_facts.page_facts(denied) is facts  # kept with the observation's page
    assert facts.names == ("Access denied", "Leave request LR-2207") and facts.refused == ("Access denied",)
    assert facts.missing == () and facts.signed_out == () and not facts.sign_in
    assert facts.ids == frozenset({"LR-2207"}) and facts.kinds == {("LR", 4)} and not facts.narrowable
    other = page_facts.page_facts(Observation("http://hr.test/lr", "Leave requests", FORM))
    assert other is not facts and other.refused == () and other.ids == frozenset({"LR-2207"})
    expired = FORM + "\n\t[9] alert ''\n\t\tStaticText 'Could not save: your session has expired'"
    news = page_facts.message_facts(denied, Observation(denied.url, "Leave request", expired))
    assert news.messages == ("Could not save: your session has expired",) == news.signed_out == news.negative
    assert news.refused == () and page_facts.message_facts(None, denied).messages == ()
