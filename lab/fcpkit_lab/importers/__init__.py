"""Readers of other tools' run records into fcpkit's corpus format: BrowserGym and AgentLab
experiment folders (:mod:`fcpkit_lab.importers.browsergym`), through a restricted unpickler
(:mod:`fcpkit_lab.importers.pickles`)."""
