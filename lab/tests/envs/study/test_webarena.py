"""WebArena through BrowserGym: the reasons it cannot run are clear; construction where it can."""

from __future__ import annotations

import pytest

from fcpkit_lab.envs.study.webarena import WEBARENA_URL_VARS, webarena_env, webarena_ready
from fcpkit.errors import ConfigError


def test_without_a_deployment_the_error_names_what_is_missing(monkeypatch):
    for v in WEBARENA_URL_VARS:
        monkeypatch.delenv(v, raising=False)
    why = webarena_ready()
    assert why is not None and ("browsergym-webarena" in why or "WA_SHOPPING" in why)
    with pytest.raises(ConfigError, match="WebArena task 3"):
        webarena_env(3)


def test_with_urls_set_a_task_is_constructed(monkeypatch):
    pytest.importorskip("browsergym.webarena")
    for v in WEBARENA_URL_VARS:
        monkeypatch.setenv(v, "http://127.0.0.1:9")
    with pytest.raises(ConfigError, match="0..811"):
        webarena_env(9999)
    env = webarena_env(0)
    try:
        assert env.task_kwargs == {"task_id": 0}
    finally:
        env.close()
