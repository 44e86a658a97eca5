"""Each option's provenance names where its *default* comes from (REFERENCE.md §4(b), T1, T2, T8)."""

from academie.core.options import Provenance, describe_options
from academie.games.trente_et_un.options import TrenteEtUnOptions

PROVENANCE = {d.name: d.provenance for d in describe_options(TrenteEtUnOptions)}


def test_defaults_that_are_the_sheets_own_rules_are_labelled_source():
    # [003] «Le tour s'arrête et tous les autres perdent une vie» (T2); the sheet does not forbid
    # discarding the card just taken from the pile (T8)
    assert PROVENANCE["thirty_one_after_knock"] == Provenance.SOURCE.value
    assert PROVENANCE["forbid_same_discard"] == Provenance.SOURCE.value


def test_readings_of_other_sources_or_ours_keep_their_labels():
    assert PROVENANCE["stock_exhausted"] == Provenance.LATER.value  # T7: a common convention
    assert PROVENANCE["bus"] == Provenance.LATER.value  # T5: pagat, reference.com
    assert PROVENANCE["knocker_tie"] == Provenance.PROPOSAL.value  # T1
    assert PROVENANCE["all_out"] == Provenance.PROPOSAL.value  # T6
