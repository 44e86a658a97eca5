"""Per-game renderers (rich), for the terminal and the browser. Each module draws views and
never holds a rule.

A renderer module provides ``HELP``; ``render_turn(view, names)`` (the person's table);
``describe_action(view, seat, action, names, after)`` (``view`` before the action, ``after`` once
it and its chance outcomes are applied); ``describe_deal(view, names, result=None)`` (the line
that opens a deal, or a rich renderable of several: from the public view, or from the deal's
``result`` when the deal ended before anyone moved); ``describe_drawn(view)``; ``render_result(result, names, view=None, deltas=None)``
(a deal's result panel, ``deltas`` each seat's counters won or lost in it) and
``render_end(view, names, results=(), ledger=())`` (the final standings). Optional:
``pot_label(name)`` (a pot in a sentence) and ``displayed_hand(view)`` (the viewer's cards in
the order shown, for the move prompt). The :class:`~academie.presentation.narration.Narrator` calls them.
"""

from __future__ import annotations

from types import ModuleType

from academie.presentation.render import belle_flux, blason, guimbarde, guinguette, reversis, trente_et_un

RENDERERS: dict[str, ModuleType] = {
    "trente-et-un": trente_et_un,
    "belle-flux-trente-un": belle_flux,
    "blason": blason,
    "reversis": reversis,
    "guimbarde": guimbarde,
    "guinguette": guinguette,
}
