"""The contract checkers accept the shipped components and name what is wrong with broken ones."""

import numpy as np
import pytest

from fcpkit import Action, LexicalMatcher
from fcpkit.core.checks import check_environment, check_executor, check_matcher, check_verifier, sample_case
from fcpkit.core.protocols import Outcome
from fcpkit.core.trajectory import Observation
from fcpkit.core.verify import KeepGoingVerifier, Verdict
from fcpkit.errors import ContractError


def test_shipped_components_pass():
    check_matcher(LexicalMatcher())
    check_verifier(KeepGoingVerifier())


class _Matcher:
    name = "bad"

    def __init__(self, fn):
        self.fn = fn

    def score(self, statements, texts):
        return self.fn(statements, texts)


@pytest.mark.parametrize("fn, needle", [
    (lambda s, t: [[0.5] * len(t) for _ in s], "numpy array"),
    (lambda s, t: np.full((len(t), len(s)), 0.5) if s and t else np.zeros((len(s), len(t))), "shape"),
    (lambda s, t: np.full((len(s), len(t)), 1.5), "in [0, 1]"),
    (lambda s, t: np.full((len(s), len(t)), np.nan), "finite"),
    (lambda s, t: np.random.rand(len(s), len(t)), "deterministic"),
    (lambda s, t: np.full((len(s), len(t)), 1.0 / max(len(s), 1)), "alone than in a batch"),
    (lambda s, t: (_ for _ in ()).throw(RuntimeError("boom")), "raised RuntimeError: boom"),
])
def test_broken_matchers_are_named(fn, needle):
    with pytest.raises(ContractError) as e:
        check_matcher(_Matcher(fn))
    assert needle in str(e.value)


def test_every_problem_is_listed_at_once():
    class Nameless:
        def score(self, statements, texts):
            return [[2.0]]

    with pytest.raises(ContractError) as e:
        check_matcher(Nameless())
    assert "matcher.name" in str(e.value) and "numpy array" in str(e.value)
    assert len(e.value.problems) >= 2


def test_broken_verifiers_are_named():
    class Strings:
        name = "s"

        def verify(self, request):
            return "repair"

    class AsyncOne:
        name = "a"

        async def verify(self, request):
            return None

    class BadScope:
        name = "b"

        def verify(self, request):
            from fcpkit import Decision
            return Verdict(Decision.REPAIR, "everything")

    for v, needle in ((Strings(), "return fcpkit.core.verify.Verdict"), (AsyncOne(), "is async"),
                      (BadScope(), "scope 'everything'")):
        with pytest.raises(ContractError) as e:
            check_verifier(v)
        assert needle in str(e.value)


def test_executor_check():
    class Good:
        name = "g"

        def propose(self, ctx):
            return Action("click('12')", reasoning=ctx.commitment.subgoal)

    class Prose:
        name = "p"

        def propose(self, ctx):
            return Action("please click the assign button")

    check_executor(Good())
    with pytest.raises(ContractError, match="does not parse"):
        check_executor(Prose())


def test_environment_check_uses_every_method_and_closes():
    plan, obs = sample_case()

    class Env:
        task = ""
        closed = 0

        def reset(self):
            self.task = plan.task
            return obs

        def step(self, action):
            return Observation(url=obs.url, title=obs.title, text=obs.text, error="element not found")

        def validate(self, answer=None):
            return Outcome(True)

        def close(self):
            self.closed += 1

    env = Env()
    check_environment(env)
    assert env.closed == 2

    class Raises(Env):
        def step(self, action):
            raise ValueError("no such element")

        def validate(self, answer=None):
            return True

    bad = Raises()
    with pytest.raises(ContractError) as e:
        check_environment(bad)
    assert "raised ValueError" in str(e.value) and "validate: returned bool" in str(e.value)
    assert bad.closed == 2
