"""fcpkit-lab: the laboratory fcpkit is measured in, beside the library.

The library (:mod:`fcpkit`) holds the method: commitments, matchers, the router and testers, the
verifiers, the agent loop and the offline checker. The lab holds what runs it against the world:

* :mod:`fcpkit_lab.envs` - the browser environments, the workbench web app, MiniWoB++, the
  JupyterLab driver, the executors, recording, the live cases and the Ray study;
* :mod:`fcpkit_lab.engine` - the state-machine engine (crawl, sketch, compile, sandboxed run, patch);
* :mod:`fcpkit_lab.llm` - the embedded llama.cpp model server and the GGUF models it serves;
* :mod:`fcpkit_lab.eval` - the benchmarks and study tables that need a browser, Ray or a model server;
* :mod:`fcpkit_lab.cli` - the commands that need them, added to the same ``fcpkit`` command.

The two distributions are versioned in lockstep: fcpkit-lab X depends on fcpkit == X.
"""

__version__ = "0.1.0"
