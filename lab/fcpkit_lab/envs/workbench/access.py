"""What a real web application does at its door, and the workbench does too.

* **Host names.** A server on 127.0.0.1 is still reachable from a web page elsewhere through DNS
  rebinding (a name the attacker controls that resolves to 127.0.0.1), and with the default
  password such a page could sign in and write. Only requests whose ``Host`` header names this
  server (the address it was started on, its loopback names, any name allowed on purpose) are
  served; any other gets 400 from Starlette's :class:`TrustedHostMiddleware`.
* **Sign-in throttling.** Failed sign-ins are counted per (client address, user name) and per
  client address over a sliding window; past the limit, sign-in answers 429 with the seconds
  to wait, even for the right password, until the oldest failure leaves the window.
* **Session expiry.** A session ends after a time without requests (idle) and after a fixed
  lifetime whatever its use; its next request is sent to sign in with the expiry message.
"""

from __future__ import annotations

import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable

from starlette.middleware.trustedhost import TrustedHostMiddleware

__all__ = ["LOOPBACK_NAMES", "SessionPolicy", "SigninThrottle", "host_guard", "hosts_for"]

LOOPBACK_NAMES = ("127.0.0.1", "localhost")
_WILDCARDS = ("", "0.0.0.0", "::")


def hosts_for(host: str, extra: Iterable[str] = ()) -> list[str]:
    """The ``Host`` names a server started on ``host`` answers to: its loopback names, ``host``
    itself, and for a wildcard address (all interfaces) this machine's own names; plus ``extra``."""
    names = list(LOOPBACK_NAMES)
    if host in _WILDCARDS:
        names += [socket.gethostname(), socket.getfqdn()]
    else:
        names.append(host)
    names += list(extra)
    return list(dict.fromkeys(n.lower() for n in names if n))


def host_guard(app, hosts: Iterable[str]) -> TrustedHostMiddleware:
    """``app`` behind a Host-header check (its ``allowed_hosts`` list may be extended later)."""
    return TrustedHostMiddleware(app, allowed_hosts=list(hosts), www_redirect=False)


@dataclass
class SigninThrottle:
    """Failed sign-ins in a sliding window of ``window_s`` seconds: ``per_user`` failures for one
    user name from one address, ``per_address`` failures from one address over every name."""

    per_user: int = 5
    per_address: int = 20
    window_s: float = 300.0
    clock: Callable[[], float] = time.monotonic
    _failures: dict[tuple[str, ...], deque] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def _keys(self, address: str, username: str) -> tuple[tuple[tuple[str, ...], int], ...]:
        return ((("user", address, username.lower()), self.per_user), (("addr", address), self.per_address))

    def wait_s(self, address: str, username: str) -> float:
        """Seconds before this address may try this name again (0: it may now)."""
        now, wait = self.clock(), 0.0
        with self._lock:
            for key, limit in self._keys(address, username):
                times = self._failures.get(key)
                if not times:
                    continue
                while times and times[0] <= now - self.window_s:
                    times.popleft()
                if len(times) >= limit:
                    wait = max(wait, times[0] + self.window_s - now)
        return wait

    def failed(self, address: str, username: str) -> None:
        now = self.clock()
        with self._lock:
            for key, _ in self._keys(address, username):
                self._failures.setdefault(key, deque()).append(now)

    def succeeded(self, address: str, username: str) -> None:
        """A right password clears that name's count from that address (not the address's)."""
        with self._lock:
            self._failures.pop(self._keys(address, username)[0][0], None)


@dataclass
class SessionPolicy:
    """How long a session lives: ``idle_s`` without a request, ``lifetime_s`` in all."""

    idle_s: float = 30 * 60.0
    lifetime_s: float = 12 * 3600.0
    clock: Callable[[], float] = time.monotonic

    def expired(self, session: dict) -> bool:
        now = self.clock()
        return now - session.get("seen", now) > self.idle_s or now - session.get("created", now) > self.lifetime_s

    def stamp(self, session: dict, *, new: bool = False) -> None:
        now = self.clock()
        if new:
            session["created"] = now
        session["seen"] = now
