"""The paper's kernel, pure Python with numpy and yaml: plans and commitments (:mod:`.plan`),
trajectories (:mod:`.trajectory`), anomaly rules (:mod:`.rules`), the built-in task-level falsifiers
(:mod:`.falsifiers`, reading pages with :mod:`.page` and phrase families from :mod:`.phrases`),
the router (:mod:`.router`),
the state and action testers (:mod:`.testers`), the commitment tracker (:mod:`.tracker`: the one
state machine for commitment progress, shared by the checker and the runner), verifiers (:mod:`.verify`), the protocols of the
pluggable parts (:mod:`.protocols`) and the evidence log (:mod:`.log`).

``core`` imports no other layer of fcpkit (enforced by import-linter in the test command).
"""

from fcpkit.core.tracker import CommitmentTracker, Move

__all__ = ["CommitmentTracker", "Move"]
