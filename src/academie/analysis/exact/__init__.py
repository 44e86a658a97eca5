"""Exact figures of each game's deal and race, computed by enumeration, dynamic programming or an
absorbing Markov chain that call the game's own rule functions (never a second copy of a rule)."""
