"""The widget crawler's phases on hand-written visits (no browser): structure vs content, states, operations."""

from __future__ import annotations

from fcpkit_lab.engine.crawler import CrawlConfig
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.widget_crawl import _Crawl, _operations, _sample_args, _states, _Visit
from fcpkit_lab.engine.widgets import recognise_widgets, widget_signature

PATH = "/miniwob/task.html"


def w(role, name="", label="", group="div#area", options=(), href=""):
    return {"role": role, "name": name, "label": label, "group": group, "options": list(options), "href": href,
            "password": False}


def visit(sample, widgets, title="Some Task", via=()):
    return _Visit(sample, PATH, {"title": title, "url": "http://127.0.0.1:1" + PATH, "widgets": widgets}, via)


def crawl_of(visits):
    c = _Crawl(source=None, config=CrawlConfig(samples=len([v for v in visits if not v.via])))
    c.visits = list(visits)
    smg = StateMachine("t", seed=PATH)
    groups = _states(c, smg)
    _operations(smg, groups, c.via)
    return smg, c


def test_labels_that_change_between_visits_are_content_and_become_one_input():
    smg, _ = crawl_of([visit(0, [w("button", "ok"), w("button", "cancel"), w("textbox")]),
                       visit(1, [w("button", "Yes"), w("textbox"), w("textbox")]),
                       visit(2, [w("button", "no"), w("button", "ok")])])
    (state,) = smg.states.values()
    assert state.signature == ("title:Some Task",)  # no button label is structure
    (op,) = smg.operations.values()
    assert op.id == "ClickButtonOnSomeTaskPage" and op.kind == "write" and not op.observed
    assert [a.name for a in op.atoms] == ["@button"]  # the varying text fields are not part of it
    assert "seen: ok, cancel, Yes, no" in op.inputs[0].description and op.inputs[0].options == ()


def test_a_group_with_fixed_fields_and_one_button_is_one_write_with_labels_as_selectors():
    form = [w("textbox", label="Username", group="div#form"), w("textbox", label="Password", group="div#form"),
            w("button", "Login", group="div#form")]
    smg, _ = crawl_of([visit(0, form), visit(1, form)])
    (op,) = smg.operations.values()
    assert op.id == "LoginOnSomeTaskPage" and [p.name for p in op.inputs] == ["username", "password"]
    assert [(a.action, a.name, a.value) for a in op.atoms] == [
        ("fill", "Username", "@username"), ("fill", "Password", "@password"), ("click", "Login", None)]


def test_list_options_that_change_are_not_offered_as_valid_values_and_fixed_ones_are():
    changing = crawl_of([visit(0, [w("combobox", options=["Ann", "Bo"]), w("button", "Submit")]),
                         visit(1, [w("combobox", options=["Chad", "Peru"]), w("button", "Submit")])])[0]
    fixed = crawl_of([visit(i, [w("combobox", "Size", options=["S", "M"]), w("button", "Submit")]) for i in (0, 1)])[0]
    assert changing.operation("SubmitOnSomeTaskPage").inputs[0].options == ()
    assert fixed.operation("SubmitOnSomeTaskPage").inputs[0].options == ("S", "M")


def test_tabs_are_one_input_and_a_click_that_changes_the_structure_is_a_new_state():
    tabs = [w("tab", f"Tab #{i}", group="tablist") for i in (1, 2, 3)]
    opened = tabs + [w("textbox", "Note", group="div#more"), w("button", "Save", group="div#more")]
    smg, c = crawl_of([visit(0, tabs), visit(1, tabs), visit(0, tabs, via=(("tab", "Tab #2"),)),
                       visit(0, opened, via=(("tab", "Tab #3"),))])
    assert list(smg.states) == ["SomeTaskPage", "SomeTaskTab3Page"]
    assert c.via["SomeTaskTab3Page"] == (("tab", "Tab #3"),)
    click = smg.operation("ClickTabOnSomeTaskPage")
    assert click.kind == "input" and click.inputs[0].options == ("Tab #1", "Tab #2", "Tab #3")
    assert smg.operation("SaveOnSomeTaskTab3Page").state == "SomeTaskTab3Page"
    nav = smg.operation("GoToSomeTaskTab3PageFromSomeTaskPage")
    assert nav.kind == "navigate" and [a.name for a in nav.atoms] == ["Tab #3"]
    assert [o.id for o in smg.shortest_path("SomeTaskPage", "SomeTaskTab3Page")] == [nav.id]
    # recognition: the bigger state wins when its extra structure is on the page
    read = {"title": "Some Task", "widgets": opened}
    assert recognise_widgets(smg.states.values(), PATH, widget_signature(read)) == "SomeTaskTab3Page"
    assert recognise_widgets(smg.states.values(), PATH, widget_signature({"title": "Some Task", "widgets": tabs})) \
        == "SomeTaskPage"
    assert recognise_widgets(smg.states.values(), "/elsewhere.html", ()) is None


def test_a_field_without_a_button_gets_its_own_input_and_sample_values_come_from_the_live_page():
    smg, _ = crawl_of([visit(i, [w("combobox", options=["x", "y"], group="div#pick"), w("textbox", "Note")])
                       for i in (0, 1)])
    assert sorted(smg.operations) == ["ChooseOptionOnSomeTaskPage", "FillNoteOnSomeTaskPage"]
    choose = smg.operation("ChooseOptionOnSomeTaskPage")
    live = {"title": "Some Task", "widgets": [w("combobox", options=["p", "q", "r"])]}
    assert _sample_args(choose, live, CrawlConfig()) == {"option": "y"}  # fixed options: the second
    button = crawl_of([visit(0, [w("button", "ok")]), visit(1, [w("button", "no")])])[0]
    live = {"title": "Some Task", "widgets": [w("button", "Next")]}
    assert _sample_args(button.operation("ClickButtonOnSomeTaskPage"), live, CrawlConfig()) == {"button": "Next"}
