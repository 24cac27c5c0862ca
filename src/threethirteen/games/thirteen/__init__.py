"""Thirteen (Tiến lên): the Vietnamese climbing game for two to four players.

Each player is dealt thirteen cards from one 52-card deck, ranked 3 up to Ace and then
2, suits ♠ ♣ ♦ ♥ from low to high. The leader plays a combination (a single, a pair,
a triple, four of a kind, a sequence or a double sequence); the others must beat it with
a higher combination of the same kind and size, or pass, and bombs beat 2s. The first to
shed every card wins. :mod:`.cards` holds the card order, :mod:`.combos` what a
combination is and what beats what, :mod:`.moves` the legal plays of a hand.
"""
