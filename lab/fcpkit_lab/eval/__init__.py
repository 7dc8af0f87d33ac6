"""The lab's benchmarks and study tables: the verifier benchmark (a model server), the injection
benchmark, WebArena-Verified skill retrieval, and the live ablation study's tables.

The offline checker, the detection benchmark and :mod:`fcpkit.eval.metrics` (the one definition of
each headline number) are the library's: :mod:`fcpkit.eval`.
"""
