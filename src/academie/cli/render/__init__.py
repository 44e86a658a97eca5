"""Per-game terminal renderers. Each module draws views and never holds a rule.

A renderer module provides ``HELP``, ``render_turn(view, names)``, ``describe_action(view, seat,
action, names, after)`` (``view`` before the action, ``after`` once it and its chance outcomes are
applied), ``describe_deal(view, names)``, ``describe_drawn(view)``, ``render_result(result, names)`` and
``render_end(view, names)``; a view's ``last_result`` tells when a deal has ended.
"""

from __future__ import annotations

from types import ModuleType

from academie.cli.render import belle_flux, blason, guimbarde, reversis, trente_et_un

RENDERERS: dict[str, ModuleType] = {
    "trente-et-un": trente_et_un,
    "belle-flux-trente-un": belle_flux,
    "blason": blason,
    "reversis": reversis,
    "guimbarde": guimbarde,
}
