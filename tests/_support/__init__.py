"""Helpers the tests share: pages and plans built in code, fakes, browser and process checks."""
