"""The prompt lab: try versions of the LLM planner's prompt on every task with recorded runs.

A researcher changing the prompt that makes a model write commitments and falsifiers wants to see,
in seconds where the answers are cached, what the change does: how many plans are valid, what the
linter says about them, and what they catch (and wrongly flag) on the recorded runs, beside the
previous version, the hand-written plans and the state machine's. The parts:

* :mod:`~fcpkit_lab.promptlab.version` - a prompt version (the prompt's editable parts), saved as a
  template file ``fcpkit plan --prompt FILE`` loads, named by its hash;
* :mod:`~fcpkit_lab.promptlab.tasks` - the task set (each distinct task with recorded runs, its start page);
* :mod:`~fcpkit_lab.promptlab.models` - the model choice (embedded, endpoint, replayed answers);
* :mod:`~fcpkit_lab.promptlab.answers` - a plan per task, cached by (prompt hash, model, task);
* :mod:`~fcpkit_lab.promptlab.score` - the table's rows (every number from :mod:`fcpkit.eval.metrics`);
* :mod:`~fcpkit_lab.promptlab.compare` - the table, the prompt diff and the statement diffs;
* :mod:`~fcpkit_lab.promptlab.session` - :class:`PromptLab`, which the widget, the notebook and
  ``fcpkit prompts score`` share;
* :mod:`~fcpkit_lab.promptlab.view` - the ipywidgets view (imported on its own: it needs ipywidgets).
"""

from fcpkit_lab.promptlab.answers import AnswerCache, TaskAnswer, generate
from fcpkit_lab.promptlab.models import ModelChoice
from fcpkit_lab.promptlab.score import ScoreRow
from fcpkit_lab.promptlab.session import DEFAULT_DIR, PromptLab, write_results
from fcpkit_lab.promptlab.tasks import LabTask, TaskSet, load_task_set
from fcpkit_lab.promptlab.version import PARTS, PromptVersion

__all__ = ["AnswerCache", "TaskAnswer", "generate", "ModelChoice", "ScoreRow", "PromptLab", "DEFAULT_DIR",
           "write_results", "LabTask", "TaskSet", "load_task_set", "PARTS", "PromptVersion"]
