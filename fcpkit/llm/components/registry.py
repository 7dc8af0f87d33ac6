"""Verifiers by name, beside the matcher registry: what ``--verifier NAME`` means everywhere.

* ``lower`` — :class:`~fcpkit.core.verify.KeepGoingVerifier`, no model: escalations keep going
  (the no-LLM lower bound of the detection benchmark);
* ``lower-strict`` — the same, but a write whose confirmation never showed counts as drift;
* ``upper`` (alias ``oracle``) — :class:`~fcpkit.core.verify.OracleVerifier`, reads a recorded
  run's label (the upper bound; needs ``label=``);
* ``llm`` — :class:`~fcpkit.llm.components.verifier.LLMVerifier`: every escalation goes to the model
  (the paper's slow tester; needs ``client=``);
* ``split`` — :class:`~fcpkit.core.verify.SplitVerifier`: the fast path decides clear cues, the LLM
  only the ambiguous ``verify`` cases (needs ``client=``);
* ``split-quoted`` — the same with the prompt measured to add no false alarm with a small embedded
  judge: ``verifier_fewshot_quoted`` (six solved examples in the cached prefix; a repair must quote
  the page, :mod:`fcpkit.llm.quote_guard`) and a neutral hint, so the model reads the page instead
  of echoing the fast tester (README, "A slow verifier that judges").

``register_verifier`` adds a factory of your own; :func:`fcpkit.core.checks.check_verifier`
validates what it builds.
"""

from __future__ import annotations

from typing import Any, Callable

from fcpkit.core.trajectory import Label
from fcpkit.core.verify import KeepGoingVerifier, OracleVerifier, SplitVerifier, Verifier
from fcpkit.errors import ConfigError
from fcpkit.llm.components.verifier import LLMVerifier

__all__ = ["get_verifier", "register_verifier", "verifier_names", "NEEDS_LABEL", "NEEDS_CLIENT", "BOUNDS", "GROUPS"]

Factory = Callable[..., Verifier]


def _oracle(*, label: Label | None = None, **_: Any) -> Verifier:
    if label is None:
        raise ConfigError("verifier 'upper' reads the recorded run's label: pass label=trajectory.label")
    return OracleVerifier(label)


def _llm(*, client: Any = None, _prompt: dict[str, str] | None = None, **kw: Any) -> LLMVerifier:
    if client is None:
        raise ConfigError("verifier 'llm' needs client= (fcpkit.llm.LLMClient, or the embedded server's client)")
    return LLMVerifier(client, **(_prompt or {}), **{k: v for k, v in kw.items() if k in ("log", "run")})


#: The quoted few-shot judge of ``split-quoted``.
QUOTED_JUDGE = {"prompt": "verifier_fewshot_quoted", "hint": "neutral"}


_REGISTRY: dict[str, Factory] = {
    "lower": lambda **_: KeepGoingVerifier(),
    "lower-strict": lambda **_: KeepGoingVerifier(strict_writes=True),
    "upper": _oracle,
    "oracle": _oracle,
    "llm": _llm,
    "split": lambda **kw: SplitVerifier(_llm(**kw)),
    "split-quoted": lambda **kw: SplitVerifier(_llm(_prompt=QUOTED_JUDGE, **kw)),
}
NEEDS_LABEL = frozenset({"upper", "oracle"})
#: The names each kind of run offers (its ``--verifier`` choices), in the order they are shown:
#: the two bounds an offline benchmark brackets a real verifier with (keep going, the oracle); what
#: checking a recorded run can use without a model; what a live run can use (it has no label to
#: read); what a study's worker can use (its cases carry their label).
GROUPS: dict[str, tuple[str, ...]] = {
    "bounds": ("lower", "upper"),
    "offline": ("lower", "lower-strict", "upper"),
    "live": ("lower", "split", "split-quoted", "llm"),
    "study": ("lower", "oracle", "split", "split-quoted", "llm"),
    "guard": ("lower", "llm"),  # a guarded BrowserGym agent's escalations (fcpkit_lab.agents)
}
BOUNDS: tuple[str, ...] = GROUPS["bounds"]
NEEDS_CLIENT = frozenset({"llm", "split", "split-quoted"})


def verifier_names(group: str | None = None) -> list[str]:
    """Every registered name (sorted), or those of one of :data:`GROUPS` in its own order."""
    if group is None:
        return sorted(_REGISTRY)
    try:
        return list(GROUPS[group])
    except KeyError:
        raise ConfigError(f"unknown verifier group {group!r}; choose one of: {', '.join(GROUPS)}") from None


def register_verifier(name: str, factory: Factory, *, replace: bool = False) -> None:
    """Make ``get_verifier(name, **kw)`` call ``factory(**kw)``; refuses to shadow a name unless ``replace``."""
    if name in _REGISTRY and not replace:
        raise ConfigError(f"a verifier named {name!r} is already registered (pass replace=True)")
    _REGISTRY[name] = factory


def get_verifier(name: str, *, label: Label | None = None, client: Any = None, **kw: Any) -> Verifier:
    """Build the verifier called ``name`` (see the module docstring for the names and what each needs)."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ConfigError(f"unknown verifier {name!r}; choose one of: {', '.join(verifier_names())}") from None
    return factory(label=label, client=client, **kw)
