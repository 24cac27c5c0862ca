"""Basic rummy (seed 003, cardgames.io): the third game of the platform."""
