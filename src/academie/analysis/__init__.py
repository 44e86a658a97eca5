"""Analysis: simulations of many matches and their statistics."""
