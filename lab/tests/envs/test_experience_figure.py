"""The experience-scaling figure (the paper's Figure 4): both curves show where they coincide."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")
pytest.importorskip("pandas")

from fcpkit_lab.envs.experience import scaling_figure, scaling_table  # noqa: E402


def test_both_curves_show_where_they_coincide():
    rows = [{"fraction": f, "repetition": 0, "failure_library": use, "handled": h, "healthy_completed": h,
             "faulty_handled": h, "skills": 3, "failure_cases": 2} for f, h in ((0.0, 0.0), (1.0, 1.0))
            for use in (False, True)]
    fig = scaling_figure(scaling_table(rows))
    (plain, with_failures) = fig.data  # the library's curve drawn over the other
    assert plain.name == "skills only" and list(plain.y) == list(with_failures.y)
    assert with_failures.line.dash == "dash" and with_failures.marker.symbol == "diamond-open"
    assert plain.line.dash is None and plain.marker.symbol is None
    assert fig.layout.width is None  # as wide as its output
