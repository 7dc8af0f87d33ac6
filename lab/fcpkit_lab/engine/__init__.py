"""ActionEngine in fcpkit: state-machine memory of an app, crawled; programs compiled from one planning
call, run in a sandbox, repaired by a patcher; and falsifiers generated from the state machine.

* :mod:`~fcpkit_lab.engine.smg` the memory (states, operations, transitions; YAML), :class:`StateMachine`
* :mod:`~fcpkit_lab.engine.crawler` discovery, operation definition, enrichment, validation
* :mod:`~fcpkit_lab.engine.widget_crawl` the same phases for single-page apps (MiniWoB++: :mod:`~fcpkit_lab.engine.miniwob`)
* :mod:`~fcpkit_lab.engine.describe` the enrichment's lines (templates, or an LLM: :mod:`~fcpkit_lab.engine.describe_llm`)
* :mod:`~fcpkit_lab.engine.trace` a program's run as a trajectory, checked under the plan generated from the SMG
"""

from fcpkit_lab.engine.crawler import CrawlConfig, PageSource, crawl
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Atom, Operation, Param, SMGError, State

__all__ = [
    "Atom",
    "CrawlConfig",
    "Operation",
    "PageSource",
    "Param",
    "SMGError",
    "State",
    "StateMachine",
    "crawl",
]
