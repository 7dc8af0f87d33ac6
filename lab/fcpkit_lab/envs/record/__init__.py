"""Recording labelled corpora from real browser runs: the workbench (:mod:`.recorder`) and
MiniWoB++ (:mod:`.miniwob`). Needs the ``[browser]`` extra.
"""

from fcpkit_lab.envs.record.miniwob import record_miniwob
from fcpkit_lab.envs.record.recorder import EpisodeSpec, RecordedEpisode, derive_label, record_workbench, run_episode

__all__ = ["EpisodeSpec", "RecordedEpisode", "derive_label", "record_miniwob", "record_workbench", "run_episode"]
