"""The lab's benchmarks and study tables: the detection benchmark (:mod:`~fcpkit_lab.eval.detection`:
every arm, matcher and bound over labelled corpora), the fast path's throughput
(:mod:`~fcpkit_lab.eval.bench`), the verifier benchmark (a model server), the injection benchmark,
WebArena-Verified skill retrieval, and the live ablation study's tables.

The offline checker, the threshold sweep and choice (:mod:`fcpkit.eval.thresholds`) and
:mod:`fcpkit.eval.metrics` (the one definition of each number) are the library's: :mod:`fcpkit.eval`.
"""
