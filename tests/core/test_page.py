"""The page model: one parse gives nodes, identity, regions, fields and record ids."""

from __future__ import annotations

from fcpkit import Action, Observation
from fcpkit.core.actions import describe_action
from fcpkit.core.page import Page, id_names, record_ids

TICKET = Observation(
    url="http://127.0.0.1:8000/support/T-390?tab=1", title="Ticket T-390 · HelpDesk",
    text="""RootWebArea 'Ticket T-390 · HelpDesk', focused
\t[2] navigation 'Main'
\t\t[3] link 'Assign'
\t[10] main ''
\t\t[11] status '', live='polite'
\t\t\tStaticText 'Ticket T-390 saved'
\t\t[12] heading 'Ticket T-390'
\t\t[13] term 'Team'
\t\t[14] definition ''
\t\t\tStaticText 'Payments'
\t\tStaticText 'Status: Open'
\t\t[20] combobox 'Priority' value='High', hasPopup='menu', expanded=False
\t\t[21] checkbox 'Notify customer', checked='true'
\t\t[22] button 'Save', disabled=True
\t\t[30] dialog 'Confirm', modal=True
\t\t\t[31] button 'OK'""",
)


def test_nodes_carry_role_name_value_and_states():
    p = Page.of(TICKET)
    by_name = {n.name: n for n in p.nodes}
    assert by_name["Priority"].role == "combobox" and by_name["Priority"].value == "High"
    assert "checked" in by_name["Notify customer"].states
    assert "disabled" in by_name["Save"].states and "expanded" not in by_name["Priority"].states


def test_identity_is_path_title_root_and_first_heading():
    p = Page.of(TICKET)
    assert p.path == "/support/T-390"
    assert p.identity == ("/support/T-390", "Ticket T-390 · HelpDesk", "Ticket T-390 · HelpDesk", "Ticket T-390")
    assert p.record_ids == ("T-390",)


def test_regions_live_dialogs_and_main():
    p = Page.of(TICKET)
    assert [t for _, t in p.live] == ["status '', live='polite' StaticText 'Ticket T-390 saved'"]
    assert [(n, modal) for _, n, modal in p.dialogs] == [("Confirm", True)]
    main_names = {p.nodes[i].name for i in p.main}
    assert "Payments" in main_names and "Main" not in main_names


def test_fields_bind_label_and_value_on_one_node():
    fields = {f.label: f.value for f in Page.of(TICKET).fields}
    assert fields["Team"] == "Payments" and fields["Status"] == "Open"
    assert fields["Priority"] == "High" and fields["Notify customer"] == "checked"


def test_record_ids_of_common_shapes_but_not_dates_or_times():
    assert id_names("INC0012345, #12345, PO 4471-A, ORD-55012, T-390") == ("INC0012345", "#12345", "4471-A", "ORD-55012", "T-390")
    assert record_ids("2025-07-14 at 10:42, $1,250.00, 14 Jul, v4.12.0") == ()
    kinds = {r.id: (r.kind, r.strong) for r in record_ids("LR-2207 #100482 4471-A 100234")}
    assert kinds == {"LR-2207": (("LR", 4), True), "#100482": (("#", 6), True), "4471-A": (("", 4), False),
                     "100234": (("", 6), False)}


def test_bare_text_is_no_page_and_caches_live_on_the_object():
    p = Page.parse("fill value 'Myron'\ntarget: textbox ''")
    assert not p.is_page and p.identity == ()
    p.cache["x"] = 1
    assert Page.parse(p.text).cache == {}


def test_action_description_reads_verb_target_values_and_effect():
    d = describe_action(Action("select_option('13', 'Ertha')", "Choose Ertha for T-390.", "combobox 'Name' value='Merridie'", "write"))
    assert d.verb == "select_option" and d.target is not None and d.target.role == "combobox"
    assert d.values == ("Ertha",) and d.chosen == ("Ertha",) and d.effect == "write"
    assert "T-390" not in d.text and "Merridie" not in d.text
    click = describe_action(Action("click('7')", "", "link 'SKU-2054'"))
    assert click.chosen == ("SKU-2054",) and click.values == ()
    assert describe_action(Action("press('4', 'Enter')", "", "searchbox 'Search'")).chosen == ()
