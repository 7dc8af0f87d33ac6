"""The detection benchmark: how often, how early and how cheaply the checker catches off-track runs.

This package answers the article's measurement questions over any number of labelled corpora
(docs/formats.md), with nothing specific to one corpus:

* **arms** - named configurations of the same :class:`~fcpkit.eval.checker.Checker` (:data:`fcpkit.agent.arms.CHECK_ARMS`):
  ``outcome`` (the end-of-run outcome check: catches every faulty run, after its last step),
  ``confirming-only`` (the paper's ablation), ``step-falsifiers``, ``+plan-falsifiers``, ``+rules``
  (the anomaly rules) and ``+built-in`` (the built-in task-level falsifiers of
  :mod:`fcpkit.core.falsifiers`: the full configuration); each with every requested matcher that loads here and
  under both verifier bounds (``lower`` keep-going, ``upper`` oracle);
* **metrics** (:func:`fcpkit.eval.metrics.summarize_runs`), overall, per fault class and per workflow;
* a **threshold sweep** (tau gates shifted together, delta margins scaled together: :mod:`fcpkit.eval.thresholds`);
* **per-falsifier telemetry** (which evidence statements fire, on which runs), with one row per
  built-in falsifier (:mod:`fcpkit_lab.eval.detection.builtin_telemetry`): its fire rate on healthy and faulty runs;
* a **leave-one-workflow-out** protocol: thresholds chosen on the other workflows only;
* CSV tables under ``out_dir`` and plotly figures under ``fig_dir``.

Definitions (:mod:`fcpkit.eval.metrics` holds them; restated here for the tables' readers):

``detected``
    the checker decided *repair* somewhere in the run (as :mod:`fcpkit.cli.report`); on a healthy run
    that is a false alarm. ``premature`` counts faulty runs flagged *before* their labelled
    ``first_off_track_step`` (an alarm that happened to land on a faulty run); ``on_time`` the rest.
``steps_saved``
    actions that did not run because of the detection: ``n_steps - detection_step`` for a
    ``pre`` (action-level) detection, one fewer for a ``post`` detection, whose action already ran.
    (This makes a post-phase catch on the last step worth exactly what the outcome check is
    worth: 0.) ``steps_saved_share`` = saved steps / all steps of the faulty runs.
``before_write``
    the detection happened before any ``write``/``irreversible`` action executed: the run has no
    write, or the detection step precedes the first write, or it is the first write's own
    ``pre`` test. Shares are over detected faulty runs.
``pre_action_share``
    detections made by the action-level test (phase ``pre``), over detected faulty runs.
``delay``
    ``detection_step - first_off_track_step`` (negative = premature).
``by_<source>``
    detected faulty runs by what caught them (:attr:`RunRecord.source`).
``escalation_share``
    checks that need a model to decide (:func:`~fcpkit.core.verify.needs_model`: the ambiguous
    *verify* route, unless a hard rule decided it), over all checks. This is the article's
    escalation ("only the verify route calls a model") and what :class:`~fcpkit.core.verify.SplitVerifier`
    sends to an LLM. ``slow_route_share`` is the paper's count: every route but *continue*
    (Equation 6 also sends *complete* and *risk* cues to the verifier).
``check_ms``
    wall time of one fast test (rules, scoring, routing), measured after one warm-up pass over the
    corpus so every arm sees the same cache state; median and p95.

Matchers are fitted (IDF and the like) on the pages of each corpus: unsupervised, no labels.
"""

from fcpkit_lab.eval.detection.benchmark import run_detection
from fcpkit_lab.eval.detection.console import print_detection
from fcpkit_lab.eval.detection.figures import write_figures
from fcpkit_lab.eval.detection.tables import DetectionResults
from fcpkit_lab.eval.detection.telemetry import falsifier_telemetry

__all__ = ["DetectionResults", "run_detection", "print_detection", "falsifier_telemetry", "write_figures"]
