"""Train / held-out partitions of labelled trajectories for calibration: whole workflows held out
(or leave-one-workflow-out), or a seeded, stratified random share of runs."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Sequence

from fcpkit.core.trajectory import Trajectory
from fcpkit.errors import ConfigError

__all__ = ["Split", "make_splits"]



@dataclass(frozen=True)
class Split:
    """One train / held-out partition of trajectory ids (``name`` names the fold)."""

    name: str
    train: tuple[str, ...]
    test: tuple[str, ...]


def _h(seed: int, key: str) -> str:
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def _count(holdout: float | int, n: int) -> int:
    if isinstance(holdout, bool):
        raise ConfigError("holdout: expected a fraction, a count, names, or 'all'")
    if isinstance(holdout, float) and 0 < holdout < 1:
        k = max(1, round(holdout * n))
    elif isinstance(holdout, (int, float)) and float(holdout).is_integer() and holdout >= 1:
        k = int(holdout)
    else:
        raise ConfigError(f"holdout: expected a fraction in (0, 1) or a whole number >= 1, got {holdout!r}")
    if k >= n:
        raise ConfigError(f"holdout: holding out {k} of {n} leaves nothing to train on")
    return k


def make_splits(trajs: Sequence[Trajectory], split: str = "workflow", *, seed: int = 0,
                holdout: float | int | str | Sequence[str] = 0.25) -> list[Split]:
    """Train / held-out partitions.

    ``split="workflow"``: whole workflows are held out. ``holdout`` is a fraction of the workflows
    (at least one), a count, workflow names (a list, or a comma-separated string), or ``"all"``:
    leave-one-workflow-out, one fold per workflow. Which workflows, when not named, is decided by
    a seeded hash. ``split="random"``: trajectories are held out by a seeded hash of their id,
    stratified (healthy and faulty runs separately); ``holdout`` is a fraction of each stratum
    (at least one run of each) or a count per stratum; ``"all"`` is not allowed.
    """
    ids = [t.id for t in trajs]
    if len(set(ids)) != len(ids):
        raise ConfigError("make_splits: trajectory ids must be unique across the corpora")
    if split == "workflow":
        wf = {t.id: (t.workflow if t.workflow is not None else "(none)") for t in trajs}
        names = sorted(set(wf.values()))
        if len(names) < 2:
            raise ConfigError(f"split='workflow' needs at least two workflows, found {names}; use split='random'")
        if isinstance(holdout, str) and holdout.strip().lower() in ("all", "lowo", "loo"):
            held_sets = [[w] for w in names]
        elif isinstance(holdout, str) or (isinstance(holdout, Sequence) and not isinstance(holdout, str)):
            chosen = [h.strip() for h in (holdout.split(",") if isinstance(holdout, str) else holdout) if h.strip()]
            unknown = sorted(set(chosen) - set(names))
            if unknown:
                raise ConfigError(f"holdout: unknown workflow(s) {unknown}; known: {names}")
            if set(chosen) == set(names):
                raise ConfigError("holdout: every workflow held out leaves nothing to train on")
            held_sets = [chosen]
        else:
            k = _count(holdout, len(names))
            held_sets = [sorted(sorted(names, key=lambda w: _h(seed, w))[:k])]
        return [Split("+".join(h), tuple(i for i in ids if wf[i] not in h), tuple(i for i in ids if wf[i] in h))
                for h in held_sets]
    if split == "random":
        if isinstance(holdout, str) or (isinstance(holdout, Sequence)):
            raise ConfigError("split='random': holdout must be a fraction or a count")
        test: set[str] = set()
        for faulty in (False, True):
            stratum = sorted((t.id for t in trajs if (t.label.fault is not None) == faulty), key=lambda i: _h(seed, i))
            if not stratum:
                continue
            k = max(1, round(holdout * len(stratum))) if isinstance(holdout, float) and holdout < 1 else int(holdout)
            if k >= len(stratum):
                raise ConfigError(f"holdout: holding out {k} of {len(stratum)} {'faulty' if faulty else 'healthy'} runs "
                                  f"leaves none to train on")
            test |= set(stratum[:k])
        return [Split(f"random(seed={seed})", tuple(i for i in ids if i not in test), tuple(i for i in ids if i in test))]
    raise ConfigError(f"split must be 'workflow' or 'random', got {split!r}")
