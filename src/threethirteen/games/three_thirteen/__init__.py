"""Three-Thirteen: the rummy game of eleven rounds, 3 to 13 cards, whose wilds change.

The pure core of the game, importing nothing above :mod:`threethirteen.cards`,
:mod:`threethirteen.errors` and :mod:`threethirteen.game`:

* :mod:`.rules` (presets, house rules), :mod:`.actions` (draw, discard, go out);
* :mod:`.solver`, the exact hand solver (melds, deadwood, best discard), and
  :mod:`.distance` (how many turns a hand is from going out);
* :mod:`.state` (the match as a phase state machine), :mod:`.views` (what one seat
  may see), :mod:`.scoring`;
* :mod:`.records` (the versioned JSON record) and :mod:`.replay`;
* :mod:`.worlds` and :mod:`.inference` (full states consistent with a view, for
  search bots), :mod:`.view_json` (a view as JSON);
* :mod:`.game`: ``GAME``, the :class:`~threethirteen.game.Game` object the registry
  (:mod:`threethirteen.games`) finds by the name ``three-thirteen``;
* :mod:`.bots`: the game's bots, weakest first (``REGISTRY``, ``DIFFICULTIES``), which
  the shared :mod:`threethirteen.bots` layer reads.

Importing this package loads none of them.
"""
