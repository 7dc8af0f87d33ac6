"""Model answers with raw control characters inside JSON strings (a multi-line code field) parse."""

from __future__ import annotations

import pytest

from fcpkit.llm.answers import parse_json_text


def test_a_raw_newline_inside_a_string_is_accepted():
    text = '{"sketch": "d = OpenTicketPage(key=\\"T-390\\")\n\treport(d)"}'
    assert parse_json_text(text) == {"sketch": 'd = OpenTicketPage(key="T-390")\n\treport(d)'}


def test_text_that_is_not_json_is_still_refused():
    with pytest.raises(Exception, match="not valid JSON"):
        parse_json_text("sketch: OpenTicketPage()")
