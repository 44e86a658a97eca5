"""Analysis: simulations of many matches and their statistics (``simulate``, ``parallel``), exact
odds of each game's deal and the Blason race as Markov chains (``exact``), Monte Carlo checks with
the engine (``montecarlo``), the topics of ``academie analyse`` (``topics``), their tables
(``tables``) and plots (``plots``)."""
