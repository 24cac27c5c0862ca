"""The web app: an authoritative table service, its websocket protocol, storage and pages.

- :mod:`~threethirteen.server.protocol`: typed client messages, JSON of views.
- :mod:`~threethirteen.server.service`: the table service (no sockets, no storage engine).
- :mod:`~threethirteen.server.driver`: bots, turn timers, absent players, the next round.
- :mod:`~threethirteen.server.app`: the FastAPI app (HTTP endpoints, websockets, static files).

The protocol is documented in ``docs/protocol.md``. Only ``app`` needs the ``server``
extra (FastAPI); the rest uses the standard library and the core.
"""
