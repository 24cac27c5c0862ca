"""What one client may ask of the server: :class:`Limits`, :class:`RateLimiter`,
:class:`TooManyError` and :func:`client_address`.

A client is known by its IP address. Behind a reverse proxy every request comes from
the proxy, so the address is read from ``X-Forwarded-For``, but only when the request
comes from a proxy the host named as trusted (``threethirteen serve --trusted-proxy``):
anybody else could write that header to pass for somebody new at each request.

>>> limiter = RateLimiter(2, 60.0, clock=lambda: 0.0)
>>> limiter.take("a"), limiter.take("a"), limiter.take("a")
(None, None, 30.0)
>>> proxies = Limits(trusted_proxies=("10.0.0.0/8",)).trusted_networks()
>>> client_address("10.0.0.2", "198.51.100.7", proxies)
'198.51.100.7'
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from threethirteen.server.protocol import ProtocolError

__all__ = [
    "Limits",
    "Network",
    "RateLimiter",
    "TooManyError",
    "client_address",
]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Limits:
    """The server's limits on what one client (one IP address) may ask, and on the whole.

    - ``tables_per_minute``: tables (solo and online alike) a client may create a minute
      (a burst of that many, then one every ``60 / tables_per_minute`` seconds);
    - ``connects_per_minute``: websocket connections a client may open a minute (likewise);
    - ``tables_per_client``: live tables (in lobby or playing) a client's creations may
      hold at once;
    - ``max_tables``: live tables the whole server holds at once;
    - ``solo_expiry``: seconds after which a solo table whose player has had no
      connection (since its last disconnect, or since the table was made) is abandoned
      (:meth:`~threethirteen.server.service.TableService.expire_abandoned`);
    - ``page_size`` and ``max_page``: the default and the largest page of
      ``GET /api/tables``;
    - ``trusted_proxies``: addresses or networks (``10.0.0.0/8``) of the reverse proxies
      whose ``X-Forwarded-For`` is believed (none by default);
    - ``bot_workers``: how many bots think at once, over all tables; ``bot_processes``:
      whether they think in worker processes (the event loop then never waits for the
      interpreter lock while they think) or in threads.

    Every refusal is :class:`TooManyError` (HTTP 429 with ``Retry-After``). Raises
    ``ValueError`` naming a limit that is not a positive whole number (a positive time
    for ``solo_expiry``), or a trusted proxy that is not an address or network.
    """

    tables_per_minute: int = 10
    connects_per_minute: int = 60
    tables_per_client: int = 5
    max_tables: int = 1000
    solo_expiry: float = 900.0
    page_size: int = 20
    max_page: int = 100
    trusted_proxies: tuple[str, ...] = ()
    bot_workers: int = 2
    bot_processes: bool = False

    def __post_init__(self) -> None:
        for name in (
            "tables_per_minute",
            "connects_per_minute",
            "tables_per_client",
            "max_tables",
            "page_size",
            "max_page",
            "bot_workers",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number, 1 or more, got {value!r}")
        if self.page_size > self.max_page:
            raise ValueError(f"page_size {self.page_size} is over max_page {self.max_page}")
        expiry = self.solo_expiry
        if isinstance(expiry, bool) or not isinstance(expiry, int | float) or not expiry > 0:
            raise ValueError(f"solo_expiry must be positive seconds, got {expiry!r}")
        self.trusted_networks()  # raises for a bad one

    def trusted_networks(self) -> tuple[Network, ...]:
        """The trusted proxies as networks (a bare address is a network of one)."""
        networks: list[Network] = []
        for text in self.trusted_proxies:
            try:
                networks.append(ipaddress.ip_network(text.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"a trusted proxy is an IP address or network (10.0.0.0/8), got {text!r}"
                ) from None
        return tuple(networks)


class TooManyError(ProtocolError):
    """A client asked for more than a limit allows: ``too-many``, HTTP 429, with
    ``retry_after`` (whole seconds, at least 1) for the ``Retry-After`` header."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__("too-many", message, None)
        self.retry_after = max(1, math.ceil(retry_after))


class RateLimiter:
    """At most ``count`` events per ``per`` seconds for each key: a token bucket holding
    ``count`` tokens, refilled at ``count / per`` a second.

    :meth:`take` spends a token, or says how many seconds until one is back. Buckets
    that have refilled are forgotten once more than ``keep`` keys are held, so a flood
    from many addresses costs a bounded amount of memory. Thread-safe.
    """

    def __init__(
        self,
        count: int,
        per: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        keep: int = 10_000,
    ) -> None:
        self.count = count
        self.per = per
        self.rate = count / per
        self.clock = clock
        self.keep = keep
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, key: str) -> float | None:
        """Spend one of ``key``'s tokens: None, or the seconds to wait for one (nothing spent)."""
        with self._lock:
            now = self.clock()
            tokens, at = self._buckets.get(key, (float(self.count), now))
            tokens = min(float(self.count), tokens + (now - at) * self.rate)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) / self.rate
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > self.keep:
                self._forget(now)
            return None

    def _forget(self, now: float) -> None:
        """Drop the buckets that are full again (their keys start afresh anyway)."""
        full = [
            key
            for key, (tokens, at) in self._buckets.items()
            if tokens + (now - at) * self.rate >= self.count
        ]
        for key in full:
            del self._buckets[key]


def client_address(peer: str | None, forwarded: str | None, trusted: Sequence[Network]) -> str:
    """The client's address: ``peer`` (who opened the connection), unless ``peer`` is a
    trusted proxy and ``forwarded`` (the ``X-Forwarded-For`` header) names who it
    forwards for.

    Each proxy appends the address it got the request from, so the list is read from
    the right, skipping trusted proxies: the first address that is not one is the
    client (what a client wrote in the header itself stays to the left of it, never
    believed). An entry that is not an address stops the reading: the last address
    read is used. ``"unknown"`` when there is no peer.
    """
    if peer is None:
        return "unknown"
    if not forwarded or not _trusted(peer, trusted):
        return peer
    client = peer
    for entry in reversed(forwarded.split(",")):
        text = entry.strip()
        try:
            ipaddress.ip_address(text)
        except ValueError:
            break
        client = text
        if not _trusted(text, trusted):
            break
    return client


def _trusted(address: str, trusted: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)
