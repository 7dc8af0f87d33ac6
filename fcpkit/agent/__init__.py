"""The agent layer: runtime, planner, repair, guards, and experience (:mod:`fcpkit.agent.memory`)."""
