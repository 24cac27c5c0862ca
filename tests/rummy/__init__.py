"""Tests of Rummy (basic rummy, seed 003): actions, melds, rules, the match, views, records."""
