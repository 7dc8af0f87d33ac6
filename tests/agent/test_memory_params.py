"""Lifting task values into parameters and binding a new task's values."""

from __future__ import annotations

from fcpkit.agent.memory.params import bind_task, extract_values, generalise, instance_specific, lift, lift_task, similar


def test_typed_values_in_order_of_appearance():
    v = extract_values("Find product SKU-2045, change its price from $249.00 to $229.00, save.")
    assert v == {"record_id": "SKU-2045", "amount": "249.00", "amount_2": "229.00"}
    assert extract_values('Enter the username "cierra" and the password "11L"') == {"quoted": "cierra", "quoted_2": "11L"}
    assert extract_values("assign it to team Payments and save; open Tab #2")["team"] == "Payments"
    assert extract_values("Click on Tab #2.") == {"tab": "#2"}


def test_lift_whole_words_only_and_braces_escaped():
    assert lift("Ticket T-390 detail (not T-3901) {x}", {"record_id": "T-390"}) == "Ticket {record_id} detail (not T-3901) {{x}}"
    assert lift("Amount $842.50", {"amount": "842.50"}) == "Amount ${amount}"


def test_generalise_turns_differing_spans_into_one_slot_each():
    a = lift_task("Find ticket T-390 (customer reports a duplicate charge), assign it to team Payments.")
    b = lift_task("Find ticket T-402 (customer reports being locked out after a password reset), assign it to team Identity.")
    assert a == b.replace("being locked out after a password reset", "a duplicate charge")
    g = generalise([a, b])
    assert g == "Find ticket {record_id} (customer reports {value}), assign it to team {team}."
    assert generalise(["Select Ertha from the list and click Submit.",
                       "Select Norfolk Island from the list and click Submit."]) == "Select {value} from the list and click Submit."


def test_similar_needs_the_same_typed_slots():
    assert similar("Find order {record_id}, report both.", "Find order {record_id}, report them.")
    assert not similar("Find order {record_id}, report both.", "Find order {record_id} for ${amount}, report both.")


def test_bind_task_matches_a_template_and_falls_back_to_typed_values():
    t = "Find ticket {record_id} (customer reports {value}), assign it to team {team}."
    got = bind_task("Find  ticket T-999 (customer reports a lost parcel), assign it to team Logistics.", [t])
    assert got == {"record_id": "T-999", "team": "Logistics", "value": "a lost parcel"}
    assert bind_task("Open T-5 and T-77 please", [t]) == {"record_id": "T-77"}  # T-5: too short for an id


def test_instance_specific_spots_unlifted_identifiers():
    assert instance_specific("Ticket T-411 detail")
    assert instance_specific("Amount $42.50")
    assert not instance_specific("Ticket {record_id} detail")
    assert not instance_specific("1 ticket matches")
