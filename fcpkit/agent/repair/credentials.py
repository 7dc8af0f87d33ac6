"""Credentials for re-authentication, kept out of every prompt and every log record.

A repair that signs in again never holds the password: it writes a *placeholder*
(``<<secret:password>>``) into the ``fill`` action it asks the runner to carry out. Only
:class:`SecretEnvironment`, the wrapper between the runner and the browser, swaps the placeholder
for the secret, at the moment the action reaches the browser, and masks the secret in anything
the browser hands back (page text, URL, error). The trajectory, the evidence log, the executor's
and the repairer's prompts all see the placeholder.

Providers are pluggable (:class:`CredentialsProvider`): :class:`StaticCredentials` for tests and
local apps, :class:`EnvironmentCredentials` for the process environment (a CI secret), or your
own vault client.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable
from urllib.parse import urlsplit

from fcpkit.core.trajectory import Action, Observation

__all__ = [
    "Credentials", "CredentialsProvider", "StaticCredentials", "EnvironmentCredentials", "SecretEnvironment",
    "secret_placeholder", "MASK",
]

MASK = "[secret]"
_PLACEHOLDER = re.compile(r"<<secret:(\w+)>>")


def secret_placeholder(name: str) -> str:
    """What an action carries instead of the secret ``name`` (``password``)."""
    return f"<<secret:{name}>>"


@dataclass(frozen=True)
class Credentials:
    """A user name and a secret; ``repr`` and ``str`` never show the secret."""

    username: str
    password: str = field(repr=False)

    def secret(self, name: str) -> str | None:
        return {"password": self.password, "username": self.username}.get(name)

    def __str__(self) -> str:
        return f"Credentials({self.username!r}, password={MASK})"


@runtime_checkable
class CredentialsProvider(Protocol):
    """Answers which credentials sign in at ``url`` (``None``: none are available there)."""

    def credentials(self, url: str) -> Credentials | None: ...


class StaticCredentials:
    """One set of credentials, for every URL or only for ``origins`` (``http://127.0.0.1:8000``)."""

    def __init__(self, username: str, password: str, *, origins: tuple[str, ...] = ()):
        self._creds = Credentials(username, password)
        self.origins = tuple(o.rstrip("/") for o in origins)

    def credentials(self, url: str) -> Credentials | None:
        if not self.origins:
            return self._creds
        parts = urlsplit(url)
        return self._creds if f"{parts.scheme}://{parts.netloc}" in self.origins else None

    def __repr__(self) -> str:
        return f"StaticCredentials({self._creds.username!r}, origins={self.origins})"


class EnvironmentCredentials:
    """Credentials read from environment variables when asked (``None`` when either is unset)."""

    def __init__(self, username_var: str = "FCPKIT_USERNAME", password_var: str = "FCPKIT_PASSWORD"):
        self.username_var, self.password_var = username_var, password_var

    def credentials(self, url: str) -> Credentials | None:
        user, pw = os.environ.get(self.username_var), os.environ.get(self.password_var)
        return Credentials(user, pw) if user and pw else None


class SecretEnvironment:
    """Wraps an environment: fills secret placeholders on the way in, masks secrets on the way out.

    Everything else (``reset``, ``validate``, ``goto``, ``close``, attributes such as ``task``) is
    the wrapped environment's.
    """

    def __init__(self, env: Any, provider: CredentialsProvider):
        self.env = env
        self.provider = provider
        self._secrets: set[str] = set()
        if not callable(getattr(env, "goto", None)):
            self.goto = None  # the runner then backtracks with step(goto(url)), as without the wrapper

    def __getattr__(self, name: str) -> Any:
        return getattr(self.env, name)

    def _url(self) -> str:
        last = getattr(self.env, "last_observation", None)
        return getattr(last, "url", "") or ""

    def _reveal(self, command: str) -> str:
        def fill(m: re.Match[str]) -> str:
            creds = self.provider.credentials(self._url())
            value = creds.secret(m.group(1)) if creds is not None else None
            if value is None:
                return m.group(0)  # no secret: the page gets the placeholder, which fails to sign in
            if m.group(1) != "username":
                self._secrets.add(value)
            return value.replace("\\", "\\\\").replace("'", "\\'")

        return _PLACEHOLDER.sub(fill, command)

    def mask(self, text: str | None) -> str | None:
        if not text:
            return text
        for s in self._secrets:
            text = text.replace(s, MASK)
        return text

    def _masked(self, obs: Observation) -> Observation:
        if not self._secrets:
            return obs
        return replace(obs, text=self.mask(obs.text) or "", url=self.mask(obs.url) or "", error=self.mask(obs.error),
                       title=self.mask(obs.title) or "")

    def step(self, action: Action | str) -> Observation:
        command = action.command if isinstance(action, Action) else str(action)
        revealed = self._reveal(command)
        if revealed == command:
            return self._masked(self.env.step(action))
        inner = replace(action, command=revealed) if isinstance(action, Action) else revealed
        return self._masked(self.env.step(inner))

    def reset(self, *args: Any, **kwargs: Any) -> Observation:
        return self._masked(self.env.reset(*args, **kwargs))

    def goto(self, url: str) -> Observation:
        return self._masked(self.env.goto(url))
