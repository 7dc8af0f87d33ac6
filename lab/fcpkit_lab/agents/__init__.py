"""fcpkit around agents that are not fcpkit's: :class:`~fcpkit_lab.agents.guarded.GuardedAgent`
puts the Runner's tests, gate, repairs and evidence log around any BrowserGym (and so AgentLab)
agent, under ``ExpArgs.run()`` or in a study on Ray (:mod:`.studies`)."""

from fcpkit_lab.agents.guarded import LOG_NAME, GOES_ON, GuardedAgent, GuardedAgentArgs, experiment_dir

__all__ = ["LOG_NAME", "GOES_ON", "GuardedAgent", "GuardedAgentArgs", "experiment_dir"]
