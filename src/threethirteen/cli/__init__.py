"""The command line: ``threethirteen play | solve | replay``.

Only this package talks to the terminal. It builds rules from ``--rules`` and
``--house``, turns the package's input errors into a message and exit code 2,
and renders with ``rich``. Human play goes through a
:class:`~threethirteen.games.three_thirteen.views.PlayerView`, exactly like a bot's.
"""
