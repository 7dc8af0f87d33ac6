"""Helpers only the lab's tests need: the browser check, the workbench driver, state machines built
in code, and process checks."""
