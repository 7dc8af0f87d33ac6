"""The turn-taking between BrowserGym's loop and fcpkit's :class:`~fcpkit.agent.runtime.Runner`.

BrowserGym's loop calls the agent (``obs_preprocessor(obs)`` on every new page, then
``get_action(obs)``); fcpkit's Runner calls its environment and executor (``env.reset()``,
``executor.propose(ctx)``, ``env.step(action)``). To put the whole Runner (its testers, tracker,
verifier, gate, repairs, budgets and evidence log, not a copy of them) around an agent whose loop
is someone else's, the Runner runs in a thread of its own and the two loops hand each other turns:

* a page BrowserGym shows the agent goes to the Runner as the answer of ``env.reset`` /
  ``env.step`` (:meth:`Turns.page`);
* ``get_action`` gives the Runner a *turn* (:meth:`Turns.ask`) and waits for what it does with it:
  an action for BrowserGym to run (the wrapped agent's proposal once the Runner's tests and gate
  admitted it, or a repair's own navigation), or the news that the Runner stopped;
* the Runner's executor (:class:`AgentExecutor`) asks the wrapped agent for an action on the turn's
  observation, with the Runner's repair hint and rejected actions added to it; a proposal the
  Runner rejects before it runs is answered by asking again within the same turn, so a held write
  never reaches the browser;
* the Runner's environment (:class:`TurnEnvironment`) hands an admitted action back as the turn's
  answer and waits for the page it produced.

BrowserGym never tells an agent that its episode ended: when the turn that would come next never
comes, :meth:`Turns.end` (called when the guarded agent is closed or collected) ends the Runner's
wait with :class:`EpisodeEnded`.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from fcpkit.core.protocols import ExecutorContext, Outcome
from fcpkit.core.trajectory import Action, Observation
from fcpkit_lab.importers.browsergym import action_of

__all__ = ["EpisodeEnded", "Answer", "Turns", "AgentExecutor", "TurnEnvironment", "feedback_text"]

#: where the Runner's hint reaches the wrapped agent: a field of its own, and BrowserGym's
#: ``last_action_error``, which every BrowserGym and AgentLab agent already shows its model
FEEDBACK_FIELD = "fcpkit_feedback"


class EpisodeEnded(BaseException):
    """The BrowserGym episode ended while the Runner waited for a turn or a page. A BaseException,
    as ``KeyboardInterrupt`` is: the Runner must not read it as its executor's or environment's
    error. The run's stop (``interrupted``, with the reason) is logged before it is raised."""


@dataclass(frozen=True)
class Answer:
    """What the Runner did with a turn: ``act`` (``command``, ``info``) or ``stopped``."""

    kind: str
    command: str | None = None
    info: dict[str, Any] = field(default_factory=dict)


_END = object()


class Turns:
    """Two queues and the turn the Runner holds: pages and turns in, answers out."""

    def __init__(self) -> None:
        self._pages: queue.Queue = queue.Queue()
        self._asks: queue.Queue = queue.Queue()
        self._answers: queue.Queue = queue.Queue()
        self._turn: Any = None
        self.ended = threading.Event()
        #: called with the reason before the Runner's wait is cut (the guard logs the run's stop there)
        self.on_end: Callable[[str], None] = lambda why: None

    # -- BrowserGym's side ----------------------------------------------------------------
    def page(self, page: Observation) -> None:
        self._pages.put(page)

    def ask(self, obs: dict[str, Any]) -> Answer:
        """Give the Runner a turn on ``obs`` (the agent's preprocessed observation) and wait for its answer."""
        self._asks.put(obs)
        return self._answers.get()

    def end(self) -> None:
        """The episode is over: a Runner waiting for a turn or a page stops waiting."""
        self.ended.set()
        self._asks.put(_END)
        self._pages.put(_END)

    def stopped(self) -> None:
        """The Runner finished: a ``get_action`` waiting for an answer gets one."""
        self._answers.put(Answer("stopped"))

    # -- the Runner's side ----------------------------------------------------------------
    def take_turn(self) -> dict[str, Any]:
        """The observation of the turn the Runner holds, waiting for BrowserGym to give one."""
        if self._turn is None:
            item = self._asks.get()
            if item is _END:
                self.cut("the BrowserGym episode ended: no further turn came")
            self._turn = item
        return self._turn

    def act(self, command: str, info: dict[str, Any]) -> Observation:
        """Answer the held turn with an action and wait for the page it produced."""
        self.take_turn()
        self._turn = None
        self._answers.put(Answer("act", command, info))
        return self.next_page()

    def next_page(self) -> Observation:
        item = self._pages.get()
        if item is _END:
            self.cut("the BrowserGym episode ended before the next page came")
        return item

    def cut(self, why: str) -> None:
        """Stop the run here: its stop is logged (:attr:`on_end`), then :class:`EpisodeEnded` unwinds it."""
        self.on_end(why)
        raise EpisodeEnded(why)


def feedback_text(ctx: ExecutorContext) -> str | None:
    """What the Runner asks of the agent's next action, in words: its hint and what it rejected."""
    parts = [ctx.hint] if ctx.hint else []
    if ctx.rejected:
        parts.append("Do not propose again: " + "; ".join(a.command for a in ctx.rejected[-3:]) + ".")
    return ("fcpkit: " + " ".join(parts)) if parts else None


def with_feedback(obs: dict[str, Any], text: str | None) -> dict[str, Any]:
    """``obs`` with fcpkit's feedback added where the agent reads it (a copy; the recorded obs is BrowserGym's)."""
    out = dict(obs)
    out[FEEDBACK_FIELD] = text
    if text:
        prior = out.get("last_action_error") or ""
        out["last_action_error"] = f"{prior}\n{text}".strip()
    return out


class AgentExecutor:
    """fcpkit's :class:`~fcpkit.core.protocols.Executor` over a BrowserGym agent: propose = the
    agent's ``get_action`` on the held turn's observation with the Runner's feedback added."""

    name = "browsergym-agent"

    def __init__(self, agent: Any, turns: Turns) -> None:
        self.agent, self.turns = agent, turns
        #: the agent's info for each proposal (keyed by the Action object the Runner got)
        self.infos: dict[int, dict[str, Any]] = {}
        self.error: BaseException | None = None
        self.done = False

    def propose(self, ctx: ExecutorContext) -> Action:
        obs = with_feedback(self.turns.take_turn(), feedback_text(ctx))
        try:
            command, info = self.agent.get_action(obs)
        except Exception as exc:  # the agent's own crash: BrowserGym records it as it would unguarded
            self.error = exc
            raise
        if command is None:  # the agent is done: BrowserGym ends the episode on a None action
            self.done = True
            self.turns.cut("the agent returned no action (it ends the episode)")
        action = action_of(str(command), str(_info_get(info, "think") or ""), ctx.observation)
        self.infos = {id(action): _plain_info(info)}
        return action


class TurnEnvironment:
    """fcpkit's :class:`~fcpkit.core.protocols.Environment` over the turns: reset waits for the
    first page, step answers the turn with the action, and ``validate`` has nothing to read (an
    agent never sees BrowserGym's reward; the experiment's ``summary_info.json`` holds it)."""

    def __init__(self, turns: Turns, executor: AgentExecutor, task: str = "",
                 note: Callable[[Action], dict[str, Any]] | None = None) -> None:
        self.turns, self.executor, self.task = turns, executor, task
        self.note = note or (lambda action: {})

    def reset(self) -> Observation:
        return self.turns.next_page()

    def step(self, action: Action) -> Observation:
        info = self.executor.infos.pop(id(action), None)
        if info is None:  # the Runner's own action (a repair's backtracking), not the agent's
            info = {"think": f"fcpkit {(action.extra or {}).get('runner', 'runner')}: {action.reasoning}"}
        info = {**info, "extra_info": {**(info.get("extra_info") or {}), "fcpkit": self.note(action)}}
        return self.turns.act(action.command, info)

    def validate(self, answer: str | None) -> Outcome | None:
        return None


def _info_get(info: Any, key: str) -> Any:
    try:
        return info.get(key) if info is not None else None
    except AttributeError:
        return getattr(info, key, None)


def _plain_info(info: Any) -> dict[str, Any]:
    """The agent's info as a dict (BrowserGym accepts a dict or an ``AgentInfo``)."""
    if info is None:
        return {}
    if isinstance(info, dict):
        return dict(info)
    fields = getattr(info, "__dataclass_fields__", None)
    return {k: getattr(info, k) for k in fields} if fields else {"think": str(info)}
