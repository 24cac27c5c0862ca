"""Tests of Thirteen (Tiến lên): rules, combinations, moves, the match, views, records."""
