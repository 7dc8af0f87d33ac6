"""The erring executor: each error kind, seeded, recorded as a label; a repair hint turns it off."""

from __future__ import annotations

from _support.fakes import FakeSupportEnv, support_plan

from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action
from fcpkit_lab.envs.executors.erring import ERROR_KINDS, ErrorRates, ErringExecutor

import pytest
from fcpkit.errors import ConfigError


class Fixed:
    """An inner executor that always proposes the same action."""

    def __init__(self, action: Action):
        self.action = action

    def propose(self, ctx):
        return self.action


def ctx_on(env: FakeSupportEnv, obs=None, hint=None, history=((None, None),)):
    plan = support_plan()
    return ExecutorContext(env.task, plan, plan.commitments[0], obs or env.reset(), tuple(history), (), hint)


def only(kind: str) -> ErrorRates:
    return ErrorRates(**{kind: 1.0})


def test_each_error_kind_changes_the_action_the_way_it_says():
    env = FakeSupportEnv()
    queue = env.reset()
    fill = Action("fill('15', 'T-390')", "search", "textbox 'Search tickets'", "read")
    click = Action("click('23')", "open", "link 'T-390 Charged twice this month'", "read")
    cases = {
        "wrong_record": (fill, "fill('15', 'T-411')"),
        "premature_report": (click, "send_msg_to_user('Done: the task is complete.')"),
    }
    for kind, (action, expected) in cases.items():
        ex = ErringExecutor("support", 0, seed=1, rates=only(kind), inner=Fixed(action))
        out = ex.propose(ctx_on(env, queue))
        assert out.command == expected, kind
        assert [e.kind for e in ex.errors] == [kind] and ex.errors[0].intended == action.command
    ex = ErringExecutor("support", 0, seed=1, rates=only("mistyped_value"), inner=Fixed(fill))
    typo = ex.propose(ctx_on(env, queue)).command
    assert typo != fill.command and typo.startswith("fill('15', 'T-") and sorted(typo) == sorted(fill.command)
    ex = ErringExecutor("support", 0, seed=1, rates=only("wrong_record"), inner=Fixed(click))
    assert ex.propose(ctx_on(env, queue)).command == "click('21')"  # the near-miss T-411 link
    detail = env.step(Action("click('23')"))
    ex = ErringExecutor("support", 0, seed=1, rates=only("wrong_control"), inner=Fixed(Action("click('68')", effect="write")))
    assert ex.propose(ctx_on(env, detail)).command == "click('69')"  # another button: Delete ticket
    ex = ErringExecutor("support", 0, seed=1, rates=only("skipped_step"),
                        inner=Fixed(Action("select_option('61', 'Payments')", effect="write")))
    assert ex.propose(ctx_on(env, detail)).command == "click('68')"  # Save pressed, the team never set


def test_no_error_after_a_repair_hint_and_at_rate_zero():
    env = FakeSupportEnv()
    fill = Action("fill('15', 'T-390')", "search", None, "read")
    ex = ErringExecutor("support", 0, seed=1, rates=ErrorRates.uniform(1.0), inner=Fixed(fill))
    assert ex.propose(ctx_on(env, hint="do not repeat that")).command == fill.command and not ex.errors
    ex = ErringExecutor("support", 0, seed=1, rates=ErrorRates(), inner=Fixed(fill))
    assert all(ex.propose(ctx_on(env)).command == fill.command for _ in range(20)) and not ex.errors


def test_errors_are_seeded_and_rates_validated():
    env = FakeSupportEnv()
    fill = Action("fill('15', 'T-390')", "search", None, "read")

    def draws(seed):
        ex = ErringExecutor("support", 0, seed=seed, rates=ErrorRates.uniform(0.2), inner=Fixed(fill))
        return [ex.propose(ctx_on(env)).command for _ in range(30)]

    assert draws(3) == draws(3) and draws(3) != draws(4)
    assert set(ERROR_KINDS) == set(ErrorRates().to_dict())
    with pytest.raises(ConfigError, match="wrong_record"):
        ErrorRates(wrong_record=1.5)
