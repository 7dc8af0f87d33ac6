"""The gate sees what the browser runs (issue 33): a differential suite against the installed
BrowserGym. For each action string of data/gate_actions.json, the calls the gate classifies
(:func:`fcpkit.core.action_calls.executed_calls`) are compared with the calls BrowserGym executes:
its own ``HighLevelActionSet.to_python_code`` (loose and strict parsing) turns the string into code,
and that code runs with recording stubs in place of the action functions, each stub binding its
arguments to the real function's signature (a call Python would reject stops the run there, as it
stops BrowserGym's). The gate must read exactly those calls, or refuse the string (a write); it may
read calls where BrowserGym runs none at all (it rejects the string whole), never fewer or others.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from fcpkit.core.action_calls import SIGNATURES, executed_calls
from fcpkit.core.effects import step_effect

pytest.importorskip("browsergym.core")
from browsergym.core.action import functions as bg_functions  # noqa: E402
from browsergym.core.action.highlevel import HighLevelActionSet  # noqa: E402

CASES = json.loads((Path(__file__).parent / "data" / "gate_actions.json").read_text(encoding="utf-8"))["actions"]
SUBSETS = ["chat", "infeas", "bid", "coord", "nav", "tab"]
MODES = {"loose": HighLevelActionSet(subsets=SUBSETS, strict=False, multiaction=True),
         "strict": HighLevelActionSet(subsets=SUBSETS, strict=True, multiaction=True)}


class _Stop(Exception):
    """A stub was called as the real function would not be: BrowserGym's run stops there."""


def _recorder(name: str, calls: list):
    sig = inspect.signature(getattr(bg_functions, name))

    def stub(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as exc:
            raise _Stop(str(exc)) from None
        bound.apply_defaults()
        calls.append((name, dict(bound.arguments)))

    return stub


def browsergym_runs(action: str, mode: str) -> tuple[list, bool]:
    """(the calls BrowserGym executes for ``action``, whether it rejected the string before any ran)."""
    aset = MODES[mode]
    try:
        code = aset.to_python_code(action)
    except Exception:  # noqa: BLE001 - a parse or name error: BrowserGym runs nothing
        return [], True
    assert code.startswith(aset.python_includes)
    calls: list = []
    scope = {name: _recorder(name, calls) for name in aset.action_set}
    try:
        exec(code[len(aset.python_includes):], scope)  # noqa: S102 - the stubs only record
    except Exception:  # noqa: BLE001 - _Stop, a NameError ...: the calls before it ran
        pass
    return calls, False


def gate_reads(action: str):
    try:
        return [(c.name, c.params) for c in executed_calls(action)]
    except ValueError:
        return None


@pytest.mark.parametrize("case", CASES, ids=[c["note"] for c in CASES])
def test_the_gate_reads_what_browsergym_runs_or_refuses(case):
    action = case["action"]
    gate = gate_reads(action)
    assert ("refused" if gate is None else "calls") == case["expect"], (action, gate)
    if gate is None:
        got = step_effect(action)
        assert got.refused and got.effect == "write"
        return
    for mode in MODES:
        runs, rejected = browsergym_runs(action, mode)
        assert runs == gate or (rejected and not runs), (mode, action, gate, runs)
    assert browsergym_runs(action, "loose")[0] == gate, "the default (loose) reading runs what the gate reads"


def test_the_gates_signatures_are_browsergyms():
    names = set(MODES["loose"].action_set)
    assert names <= set(SIGNATURES), names - set(SIGNATURES)
    for name in names:
        real = [(p.name, p.default) for p in inspect.signature(getattr(bg_functions, name)).parameters.values()]
        ours = [(p, inspect.Parameter.empty if d is not None and type(d).__name__ == "object" else d)
                for p, d in SIGNATURES[name]]
        assert [p for p, _ in real] == [p for p, _ in ours], name
        assert [d for _, d in real if d is not inspect.Parameter.empty] == \
            [d for _, d in ours if d is not inspect.Parameter.empty], name
