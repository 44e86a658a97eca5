"""academie: the games of the old French game encyclopedias, to play, simulate and analyse.

Layout: :mod:`academie.core` is the engine (game, state, match, ledger, chance, record) and knows
no game; :mod:`academie.cards` holds packs and card codes; :mod:`academie.games` holds one module
or package per game with all its rules and their sources; :mod:`academie.bots` the players;
:mod:`academie.analysis` simulation and statistics; :mod:`academie.cli` the command line.
"""

__version__ = "0.1.0"
