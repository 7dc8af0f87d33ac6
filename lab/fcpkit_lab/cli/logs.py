"""``--keep-logs``: keep the embedded LLM server's log with a command's run logs.

By default the llama.cpp server writes its log to a temporary file that is removed when the server
stops (a failed start keeps it: it says why). ``--keep-logs`` puts it under ``LOG_DIR/llm/`` beside
the evidence logs and keeps it, for a run whose model calls need explaining. The server reads the
two environment variables below when it starts (``FCPKIT_KEEP_LLM_LOGS=1`` alone keeps the log in
the temporary folder), so the flag holds for every server the command starts, also one started
lazily by a verifier.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any, Callable, Iterator

import click

__all__ = ["KEEP_ENV", "DIR_ENV", "kept_llm_logs", "keep_logs_option"]

KEEP_ENV, DIR_ENV = "FCPKIT_KEEP_LLM_LOGS", "FCPKIT_LLM_LOG_DIR"


@contextmanager
def kept_llm_logs(folder: Path) -> Iterator[Path]:
    """While inside, embedded LLM servers that start write their log into ``folder`` and keep it."""
    folder.mkdir(parents=True, exist_ok=True)
    old = {k: os.environ.get(k) for k in (KEEP_ENV, DIR_ENV)}
    os.environ[KEEP_ENV], os.environ[DIR_ENV] = "1", str(folder)
    try:
        yield folder
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def keep_logs_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--keep-logs`` to a command that has ``--log-dir``."""

    @wraps(fn)
    def wrapper(*args: Any, keep_logs: bool = False, **kwargs: Any) -> Any:
        if not keep_logs:
            return fn(*args, **kwargs)
        with kept_llm_logs(Path(kwargs["log_dir"]) / "llm") as folder:
            try:
                return fn(*args, **kwargs)
            finally:
                kept = sorted(folder.glob("*.log"))
                click.echo(f"LLM server logs kept: {len(kept)} in {folder}/" if kept
                           else f"LLM server logs: no server started (nothing in {folder}/)")

    return click.option("--keep-logs", is_flag=True, default=False,
                        help="Keep the embedded LLM server's log under LOG_DIR/llm/ (by default it is "
                             "removed when the server stops).")(wrapper)
