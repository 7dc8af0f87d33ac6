"""Figures and Jupyter views over fcpkit's public API.

* figures: :func:`router_regions_figure`, :func:`router_regions_comparison`, :func:`step_scores_figure`,
  :func:`save_figure`
* widgets: :class:`StepViewer` (step through or stream a run), :class:`FalsifierLab` (edit evidence
  and thresholds, see detection change)
* data helpers: :func:`check_rows` (reports, checks, evidence logs → rows), :func:`run_outcome`,
  :func:`summarize_outcomes`

Needs the ``notebooks`` extra (plotly, ipywidgets). The widgets draw their plotly figures into an
``ipywidgets.Output`` whose state is the whole figure, so a front end that renders them late (Run
All) draws the latest state.
"""

from fcpkit.viz._data import COLUMNS, ROUTE_COLORS, ROUTES, check_rows
from fcpkit.viz.falsifier_lab import LAB_THRESHOLDS, FalsifierLab
from fcpkit.viz._lab_editor import PLAN_LEVEL
from fcpkit.eval.metrics import run_outcome, summarize_outcomes
from fcpkit.viz.figures import route_grid, router_regions_comparison, router_regions_figure, save_figure, step_scores_figure
from fcpkit.viz.step_viewer import StepViewer, plan_html

__all__ = [
    "COLUMNS", "FalsifierLab", "LAB_THRESHOLDS", "PLAN_LEVEL", "ROUTES", "ROUTE_COLORS", "StepViewer",
    "check_rows", "plan_html", "route_grid", "router_regions_comparison", "router_regions_figure", "run_outcome", "save_figure",
    "step_scores_figure", "summarize_outcomes",
]
