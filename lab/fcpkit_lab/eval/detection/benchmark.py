"""The detection benchmark's driver: every arm, matcher and bound over every corpus, then tables and figures."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Sequence

from fcpkit.agent.arms import CHECK_ARMS, CHECK_ARM_ORDER, FULL_CHECK_ARM
from fcpkit.core.router import Thresholds
from fcpkit.core.trajectory import Trajectory, load_corpus
from fcpkit_lab.eval.detection.builtin_telemetry import builtin_telemetry
from fcpkit.eval.checker import Checker
from fcpkit.llm.components.registry import BOUNDS
from fcpkit_lab.eval.detection.figures import write_figures
from fcpkit_lab.eval.detection.matchers import _resolve_matchers
from fcpkit.eval.metrics import RunRecord, outcome_records, records_from_reports
from fcpkit.eval.thresholds import DEFAULT_DELTA_SCALES, DEFAULT_TAU_SHIFTS, sweep_thresholds
from fcpkit_lab.eval.detection.tables import DetectionResults, _write_tables, build_results
from fcpkit_lab.eval.detection.telemetry import falsifier_telemetry


def _corpus_name(path: Path, taken: set[str]) -> str:
    name = f"{path.parent.name}/{path.stem}" if path.parent.name else path.stem
    base, i = name, 2
    while name in taken:
        name, i = f"{base}#{i}", i + 1
    taken.add(name)
    return name


def run_detection(
    corpora: Sequence[str | Path],
    matchers: Sequence[str] = ("lexical",),
    out_dir: str | Path | None = Path("data/results"),
    *,
    fig_dir: str | Path | None = Path("figures"),
    arms: Sequence[str] = CHECK_ARM_ORDER,
    bounds: Sequence[str] = BOUNDS,
    thresholds: Thresholds | None = None,
    tau_shifts: Sequence[float] = DEFAULT_TAU_SHIFTS,
    delta_scales: Sequence[float] = DEFAULT_DELTA_SCALES,
    sweep: bool = True,
    telemetry: bool = True,
    png: bool = True,
    plotlyjs: str | bool = "directory",
    progress: Callable[[str], None] | None = None,
) -> DetectionResults:
    """Run the detection benchmark over ``corpora`` and write its tables and figures.

    ``matchers``: names (``"available"`` adds every registered matcher that loads here); unavailable
    ones are skipped with a note. ``out_dir``/``fig_dir``: ``None`` writes nothing there.
    ``sweep=False`` skips the threshold sweep and hence LOWO. ``plotlyjs``: how the HTML figures get
    plotly.js (``"directory"``: one shared ``plotly.min.js`` beside them, works offline; ``"cdn"``:
    tiny files that need the network; ``True``: embedded in each file). Returns :class:`DetectionResults`.
    """
    unknown = [a for a in arms if a not in CHECK_ARMS]
    if unknown:
        raise ValueError(f"unknown arm(s) {unknown}; known: {list(CHECK_ARMS)}")
    bad = [b for b in bounds if b not in BOUNDS]
    if bad:
        raise ValueError(f"unknown bound(s) {bad}; known: {list(BOUNDS)}")
    say = progress or (lambda msg: None)
    base = thresholds or Thresholds()
    notes: list[str] = []
    factories = _resolve_matchers(matchers, notes)
    if not factories:
        raise ValueError(f"none of the matchers {list(matchers)} can run here: {'; '.join(notes)}")
    taken: set[str] = set()
    loaded = []
    for p in corpora:
        p = Path(p)
        loaded.append((_corpus_name(p, taken), load_corpus(p)))
    names = [n for n, _ in loaded]

    records: list[RunRecord] = []
    sweep_recs: list[RunRecord] = []
    tele_rows: list[dict[str, Any]] = []
    for cname, corpus in loaded:
        trajs = list(corpus)
        for mname, factory in factories:
            t0 = time.perf_counter()
            matcher = _load_matcher(factory, trajs, base, notes, f"matcher {mname!r} failed on {cname}")
            if matcher is None:
                continue
            say(f"{cname}: {mname} loaded and warmed in {time.perf_counter() - t0:.1f}s")
            recs, tele = _run_arms(trajs, matcher, base, corpus=cname, matcher_name=mname, arms=arms, bounds=bounds,
                                   telemetry=telemetry)
            records += recs
            tele_rows += tele
            if sweep:
                t0 = time.perf_counter()
                sweep_recs += sweep_thresholds(trajs, matcher, corpus=cname, matcher_name=mname, arms=arms,
                                               bounds=bounds, base=base, tau_shifts=tau_shifts,
                                               delta_scales=delta_scales)
                say(f"{cname}: {mname} sweep in {time.perf_counter() - t0:.1f}s")
    res = build_results(records, sweep_recs, tele_rows, names, base, notes, swept=sweep)
    if out_dir is not None:
        res.files += _write_tables(res, Path(out_dir), base, tau_shifts, delta_scales)
    if fig_dir is not None:
        res.files += write_figures(res, Path(fig_dir), png=png, notes=res.notes, plotlyjs=plotlyjs)
    return res


def _load_matcher(factory: Callable[[], Any], trajs: Sequence[Trajectory], base: Thresholds, notes: list[str],
                  failure: str) -> Any:
    """The matcher, fitted on the corpus and warmed by one full pass (so every arm's timings see the
    same warm caches); ``None`` with a note when it fails to load."""
    try:
        matcher = factory()
        Checker(matcher, base).fit(trajs)
        Checker(matcher, base, verifier="lower").check_corpus(trajs)
    except Exception as exc:  # noqa: BLE001 - a matcher that fails to load is skipped
        notes.append(f"{failure}: {type(exc).__name__}: {exc}")
        return None
    return matcher


def _run_arms(trajs: Sequence[Trajectory], matcher: Any, base: Thresholds, *, corpus: str, matcher_name: str,
              arms: Sequence[str], bounds: Sequence[str], telemetry: bool,
              ) -> tuple[list[RunRecord], list[dict[str, Any]]]:
    """Records of every (arm, bound) at the base thresholds, and the full arm's telemetry rows."""
    records: list[RunRecord] = []
    tele_rows: list[dict[str, Any]] = []
    for arm in arms:
        for bound in bounds:
            sw = CHECK_ARMS[arm].checker_options()
            if sw is None:
                records += outcome_records(trajs, corpus=corpus, matcher=matcher_name, bound=bound)
                continue
            reps = Checker(matcher, base, verifier=bound, **sw).check_corpus(trajs)
            records += records_from_reports(reps, trajs, corpus=corpus, arm=arm, matcher=matcher_name, bound=bound)
            if telemetry and arm == FULL_CHECK_ARM:
                tele_rows += falsifier_telemetry(trajs, reps, matcher, base, corpus=corpus,
                                                 matcher_name=matcher_name, bound=bound)
                tele_rows += builtin_telemetry(trajs, reps, corpus=corpus, matcher_name=matcher_name, bound=bound)
    return records, tele_rows
