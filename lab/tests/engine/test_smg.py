"""The SMG data model: YAML round-trip, clear errors, shortest paths, recognition, diffs, patches."""

from __future__ import annotations

import pytest
from _labsupport.smg import tiny_smg

from fcpkit_lab.engine import SMGError, StateMachine
from fcpkit_lab.engine.smg_parts import fill_params, url_pattern_regex


def test_yaml_round_trip_is_exact(tmp_path):
    smg = tiny_smg()
    path = smg.save(tmp_path / "tiny.yaml")
    again = StateMachine.load(path)
    assert again.to_data() == smg.to_data()
    assert again.to_yaml() == smg.to_yaml()
    assert smg.diff(again) == []


def test_shortest_path_uses_navigation_and_bindable_inputs_only():
    smg = tiny_smg()
    assert [o.id for o in smg.shortest_path("HomePage", "QueuePage")] == ["GoToQueuePageFromHomePage"]
    # the detail page needs a key: unreachable without one, reachable with one
    assert smg.shortest_path("HomePage", "TicketPage") is None
    path = smg.shortest_path("HomePage", "EditPage", bindable={"key"})
    assert [o.id for o in path] == ["GoToQueuePageFromHomePage", "OpenTicketPage", "GoToEditPageFromTicketPage"]
    # writes are never used to link, even when they lead there
    assert all(o.kind == "navigate" for o in path)
    assert smg.shortest_path("EditPage", "HomePage") == [smg.operation("GoToTicketPageFromEditPage"),
                                                          smg.operation("GoToQueuePageFromTicketPage"),
                                                          smg.operation("GoToHomePageFromQueuePage")]
    assert smg.shortest_path("TicketPage", "TicketPage") == []
    assert smg.shortest_path("SignInPage", "HomePage") is None


def test_operations_from_and_transitions():
    smg = tiny_smg()
    assert {o.id for o in smg.operations_from("TicketPage", ("write",))} == {"AssignOnTicketPage"}
    assert ("EditPage", "SaveOnEditPage", "TicketPage") in smg.transitions()
    assert smg.reachable("HomePage") >= {"QueuePage", "TicketPage", "EditPage"}


def test_recognise_template_not_content():
    smg = tiny_smg()
    sig = ("h1:Ticket {key}", "fields:Details", "combobox:Team", "button:Assign")
    assert smg.recognise("/queue/T-390", sig) == "TicketPage"
    assert smg.recognise("/queue/T-411", sig) == "TicketPage"
    # the same URL serving an error page is the error state
    assert smg.recognise("/queue/ZZ-0", ("h1:Page not found",)) == "PageNotFoundError"
    assert smg.recognise("/signin", ("h1:Sign in", "password")) == "SignInPage"
    # a page that fits nothing is unknown (what the patcher adds as a new state)
    assert smg.recognise("/queue/T-390", ("h1:Audit trail", "table:Audit", "button:Export", "fields:Who")) is None


def test_url_patterns_and_params():
    assert url_pattern_regex("/queue/{key}").match("/queue/T-390").group("key") == "T-390"
    assert url_pattern_regex("/queue/{key}").match("/queue/T-390/edit") is None
    assert fill_params("Back to @key", {"key": "T-1"}) == "Back to T-1"
    with pytest.raises(Exception, match="no value for @key"):
        fill_params("@key", {})


def test_bad_files_name_field_and_fix(tmp_path):
    data = tiny_smg().to_data()
    data["operations"][0]["target"] = "Nowhere"
    data["operations"][1]["atoms"][0]["action"] = "hover"
    data["operations"][2]["atoms"][0]["value"] = "@missing"
    with pytest.raises(SMGError) as err:
        StateMachine.from_data(data, "bad.yaml")
    text = str(err.value)
    assert "bad.yaml" in text
    assert "operations[0].target: 'Nowhere' is not a state" in text
    assert "operations[1].atoms[0].action: 'hover'" in text
    assert "@missing" in text and "add it to inputs" in text
    with pytest.raises(SMGError, match="not valid YAML"):
        StateMachine.from_yaml("states: [", "broken.yaml")
    with pytest.raises(SMGError, match="not an SMG file"):
        StateMachine.from_yaml("- a\n- b\n", "list.yaml")
    with pytest.raises(Exception, match="fcpkit crawl"):
        StateMachine.load(tmp_path / "absent.yaml")


def test_patches_bump_the_version_and_diff():
    smg = tiny_smg()
    before = StateMachine.from_data(smg.to_data())
    op = smg.operation("AssignOnTicketPage")
    from dataclasses import replace

    from fcpkit_lab.engine import Atom

    smg.replace_operation(replace(op, atoms=(op.atoms[0], Atom("click", "button", "Assign ticket"))))
    smg.record_patch("selector", op.id, "button 'Assign' renamed 'Assign ticket'")
    assert smg.version == 2 and smg.patches[-1]["target"] == "AssignOnTicketPage"
    assert before.diff(smg) == ["~ operation AssignOnTicketPage"]
    with pytest.raises(Exception, match="did you mean"):
        smg.operation("assignonticketpage")
