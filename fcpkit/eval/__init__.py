"""Evaluation: benchmarks over corpora and datasets (the retrieval benchmark lives in :mod:`.retrieval`)."""
