"""Shared fixtures (:mod:`_support.fixtures`, which the lab's tests share too), and the known-broken list."""

from __future__ import annotations

import pytest
from _support.fixtures import *  # noqa: F401,F403 - the fixtures every test tree shares


# Tests whose expectation the merge of the claims, built-in falsifier, tracker and safety work
# changed, and which were not reconciled before this release. Each entry says what moved; they
# are expected failures (not skips) so a fix shows up as XPASS. Remove an entry when its test is
# updated or its behaviour restored.
KNOWN_BROKEN: dict[str, str] = {}


def pytest_collection_modifyitems(config, items):
    for item in items:
        reason = KNOWN_BROKEN.get(item.nodeid)
        if reason:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
