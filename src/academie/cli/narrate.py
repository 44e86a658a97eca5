"""The narration of a match, shared with the web: :mod:`academie.presentation.narration` (this
module keeps the name the command line and its tests import it by)."""

from __future__ import annotations

from academie.presentation.narration import (  # noqa: F401
    Narrator,
    _CODE,
    _TAG,
    _amount,
    _many_pots,
    _pays,
    card_labels,
    clean_reason,
    deal_deltas,
    hanging,
    join_names,
    ledger_lines,
    lives_line,
    options_line,
    players_line,
    plural,
    reason_text,
    source_name,
    standings,
)
