"""Each word of the method has one home: a test fails when a second definition appears.

* every outcome of a checked run (detected, early, on time, before the write, delay, source, ...)
  is defined in :mod:`fcpkit.eval.metrics` only; elsewhere a class may bind metrics' function
  (``detected = property(metrics.detected)``), never restate it;
* :class:`~fcpkit.eval.metrics.RunRecord` and the arm record :class:`~fcpkit.agent.arms.Arm` are
  defined once, and every named arm is an ``Arm``;
* the threshold sweep and choosers live in :mod:`fcpkit.eval.thresholds`;
* the verifier registry is the only list of verifier names: no literal tuple, list, set or dict
  of two or more registered names anywhere else.

The scan reads the source (AST) of both distributions and the benchmarks (the scripts read result
files, where names are data).
"""

from __future__ import annotations

import ast
from pathlib import Path

from _support.paths import ROOT

from fcpkit.llm.components.registry import verifier_names

OUTCOMES = frozenset({
    "detection", "detected", "first_detection", "early", "early_alarm", "premature", "on_time", "timely", "caught",
    "before_write", "delay", "source", "detection_source", "source_of_check", "steps_saved", "false_alarm",
    "first_write", "run_outcome", "summarize_runs", "summarize_outcomes", "records_from_reports", "outcome_records",
})
ONE_HOME = {  # name -> the only module that defines it
    "RunRecord": "fcpkit/eval/metrics.py",
    "Arm": "fcpkit/agent/arms.py",
    "sweep_thresholds": "fcpkit/eval/thresholds.py",
    "choose_thresholds": "fcpkit/eval/thresholds.py",
    "choose_robust_thresholds": "fcpkit/eval/thresholds.py",
    "grid_thresholds": "fcpkit/eval/thresholds.py",
    "leave_one_workflow_out": "fcpkit/eval/thresholds.py",
    "wilson": "fcpkit/eval/metrics.py",
}
REGISTRY = "fcpkit/llm/components/registry.py"
#: Lists of verifier names the registry does not yet feed, by file: this set may only shrink.
KNOWN_VERIFIER_LISTS = {
    "fcpkit/eval/checker.py",  # VERIFIER_BOUNDS: the Checker's offline bounds by name
    "fcpkit/cli/check.py",  # the --verifier choices of check and validate
}


def _sources():
    for top in ("fcpkit", "lab/fcpkit_lab", "benchmarks"):
        for p in sorted((ROOT / top).rglob("*.py")):
            yield p.relative_to(ROOT).as_posix(), ast.parse(p.read_text(encoding="utf-8"), filename=str(p))


def _bound_to_metrics(value: ast.expr) -> bool:
    """``property(metrics.NAME)`` or ``metrics.NAME``: a binding of metrics' definition, not a second one."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "property" and value.args:
        value = value.args[0]
    return isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "metrics"


def _definitions(tree: ast.AST):
    """(name, node) of every function, class, and class- or module-level assignment."""
    bodies = [tree] + [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield n.name, n
    for body in bodies:
        for st in body.body:
            if isinstance(st, ast.Assign) and not _bound_to_metrics(st.value):
                for t in st.targets:
                    if isinstance(t, ast.Name):
                        yield t.id, st


def test_every_outcome_is_defined_in_metrics_only():
    found = [f"{rel}:{node.lineno} {name}" for rel, tree in _sources() if rel != "fcpkit/eval/metrics.py"
             for name, node in _definitions(tree) if name in OUTCOMES]
    assert not found, "outcomes are fcpkit.eval.metrics' (bind them with property(metrics.NAME)): " + ", ".join(found)


def test_records_arms_and_threshold_choice_have_one_home():
    found = [f"{rel}:{node.lineno} {name} (home: {ONE_HOME[name]})" for rel, tree in _sources()
             for name, node in _definitions(tree) if name in ONE_HOME and ONE_HOME[name] != rel]
    assert not found, ", ".join(found)


def test_every_named_arm_is_an_arm_record():
    from fcpkit.agent.arms import ARMS, CHECK_ARMS, Arm

    assert all(isinstance(a, Arm) for a in (*ARMS.values(), *CHECK_ARMS.values()))
    assert not set(ARMS) & set(CHECK_ARMS)  # one arm name, one meaning


def _literal_names(node: ast.AST) -> list[str]:
    elts = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", [])
    return [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def test_the_verifier_registry_is_the_only_list_of_verifier_names():
    names = set(verifier_names())
    found = set()
    for rel, tree in _sources():
        if rel == REGISTRY:
            continue
        for n in ast.walk(tree):
            if isinstance(n, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
                strs = _literal_names(n)
                if len(strs) >= 2 and set(strs) <= names:
                    found.add(rel)
    assert not (found - KNOWN_VERIFIER_LISTS), sorted(found - KNOWN_VERIFIER_LISTS)
    # a known file that reads the registry now leaves the list
    assert KNOWN_VERIFIER_LISTS <= found, sorted(KNOWN_VERIFIER_LISTS - found)


def test_the_library_holds_no_benchmark():
    """Benchmarks and studies are the lab's (fcpkit_lab.eval): the library keeps what a user checking
    their own corpus needs (the checker, metrics, thresholds, calibration)."""
    lib = ROOT / "fcpkit"
    found = sorted(p.relative_to(lib).as_posix() for p in lib.rglob("*")
                   if (p.suffix == ".py" or p.is_dir()) and ("bench" in p.stem or p.stem in ("detection", "study")))
    assert found == ["cli/bench.py"], found  # the command group the lab fills


def _reexports(tree: ast.Module) -> list[str]:
    """Names a module lists in ``__all__`` but imports from another module."""
    imported = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    for n in tree.body:
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets):
            return [x for x in ast.literal_eval(n.value) if x in imported]
    return []


#: Modules that still give names a second home (their records' modules are being reworked
#: elsewhere): this set may only shrink. A package's ``__init__`` is its curated face, not a second home.
KNOWN_REEXPORTS = {
    "fcpkit/core/trajectory.py", "fcpkit/core/rules.py", "fcpkit/core/testers.py", "fcpkit/core/falsifiers.py",
    "fcpkit/core/page/model.py", "fcpkit/eval/checker.py", "fcpkit/agent/guards.py", "fcpkit/matching/lint.py",
    "lab/fcpkit_lab/importers/browsergym.py",
}


def test_a_name_has_one_home_and_packages_show_curated_faces():
    import fcpkit

    assert len(fcpkit.__all__) <= 40, len(fcpkit.__all__)
    found = {rel for rel, tree in _sources() if not rel.endswith("__init__.py") and _reexports(tree)}
    assert not (found - KNOWN_REEXPORTS), sorted(found - KNOWN_REEXPORTS)
    assert KNOWN_REEXPORTS <= found, sorted(KNOWN_REEXPORTS - found)  # fixed: leave the list
