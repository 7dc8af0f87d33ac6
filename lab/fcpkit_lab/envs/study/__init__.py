"""``fcpkit study``: the paper's ablations and efficiency results recreated on live workbench runs.

:mod:`.tasks` the task set (singles and composites), :mod:`.composite` the multi-part episode,
:mod:`.worker` one worker (a workbench server and a Chromium for its life), :mod:`.rows` the row
of one episode, :mod:`.engine` the Ray driver with streaming, resume and progress.
"""

from fcpkit_lab.envs.study.engine import StudySpec, done_keys, episode_key, episodes, read_rows, run_study
from fcpkit_lab.envs.study.tasks import StudyTask, parse_task_id, task_set
from fcpkit_lab.envs.study.worker import EXECUTORS, VERIFIERS, EpisodeWorker, StudyConfig

__all__ = ["StudySpec", "StudyTask", "StudyConfig", "EpisodeWorker", "run_study", "read_rows", "done_keys",
           "episode_key", "episodes", "task_set", "parse_task_id", "VERIFIERS", "EXECUTORS"]
