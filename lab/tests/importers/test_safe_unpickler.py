"""The restricted unpickler: BrowserGym's classes, numpy's arrays and builtin values load; a callable
of any other package is refused or (a class) read as an inert record; nothing foreign runs."""

from __future__ import annotations

import builtins
import datetime
import pickle
from collections import OrderedDict
from pathlib import PurePosixPath

import numpy as np
import pytest
from browsergym.experiments.agent import AgentInfo
from browsergym.experiments.loop import StepInfo

from fcpkit_lab.importers.pickles import ForeignObject, UnsafePickleError, safe_load


class _Mine:  # a class of a package that is neither BrowserGym nor numpy (this test module)
    def __init__(self):
        self.x = 1

    def __setstate__(self, state):  # would run on a real load
        raise AssertionError("foreign code ran")


def test_browsergym_numpy_and_builtin_values_round_trip():
    info = StepInfo(step=3, obs={"screenshot": np.arange(6, dtype=np.uint8).reshape(2, 3), "n": np.float32(1.5),
                                 "when": datetime.datetime(2025, 1, 2), "p": PurePosixPath("/a"),
                                 "od": OrderedDict(a=1), "s": {1, 2}, "b": b"x"},
                    action="click('12')", agent_info=AgentInfo(think="why"))
    for proto in (2, 4, 5):
        got = safe_load(pickle.dumps(info, protocol=proto))
        assert isinstance(got, StepInfo) and got.action == "click('12')" and got.agent_info.think == "why"
        assert np.array_equal(got.obs["screenshot"], info.obs["screenshot"]) and got.obs["n"] == np.float32(1.5)
        assert got.obs["when"] == info.obs["when"] and got.obs["od"] == {"a": 1} and got.obs["s"] == {1, 2}


@pytest.mark.parametrize("payload", [(builtins.eval, ("1+1",)), (getattr, (object, "__class__")),
                                     (pickle.loads, (b"",)), (np.load, ("x.npy",))],
                         ids=["eval", "getattr", "pickle.loads", "numpy.load"])
def test_callables_that_only_an_attack_names_are_refused(payload):
    class Evil:
        def __reduce__(self):
            return payload

    with pytest.raises(UnsafePickleError, match="refused"):
        safe_load(pickle.dumps(Evil()), source="step_1.pkl.gz")


def test_a_browsergym_function_is_refused():
    from browsergym.utils import obs

    class Evil:
        def __reduce__(self):
            return (obs.flatten_axtree_to_str, ({"nodes": []},))

    with pytest.raises(UnsafePickleError, match="function"):
        safe_load(pickle.dumps(Evil()))


def test_another_packages_class_is_an_inert_record_unless_strict():
    got = safe_load(pickle.dumps({"agent": _Mine()}))
    rec = got["agent"]
    assert isinstance(rec, ForeignObject) and rec.name == "_Mine" and rec.x == 1
    with pytest.raises(UnsafePickleError, match="strict"):
        safe_load(pickle.dumps(_Mine()), strict=True)
