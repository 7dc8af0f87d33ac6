"""ActionEngine in fcpkit: state-machine memory of an app, crawled; programs compiled from one planning
call, run in a sandbox, repaired by a patcher; and falsifiers generated from the state machine.

* :mod:`~fcpkit.engine.smg` the memory (states, operations, transitions; YAML), :class:`StateMachine`
* :mod:`~fcpkit.engine.crawler` discovery, operation definition, enrichment, validation
"""

from fcpkit.engine.crawler import CrawlConfig, PageSource, crawl
from fcpkit.engine.smg import Atom, Operation, Param, SMGError, State, StateMachine

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
