"""Presentation: the words and pictures of a match, under every interface. It turns views, the
steps of a match and the ledger into text a person reads — each game's renderers
(:mod:`.render`, drawn with rich), the narration of a match (:mod:`.narration`), score sheets
and standings, a game's rules and options (:mod:`.rules`) — never holding a rule of a game.
The terminal (:mod:`academie.cli`) prints them, the browser (:mod:`academie.web`) serves them,
the adapters and the analysis tables use them; none of those interfaces imports another.
"""
