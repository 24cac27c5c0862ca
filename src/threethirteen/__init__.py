"""Three-Thirteen rummy."""
