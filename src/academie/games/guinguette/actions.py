"""The action codes and phases of Guinguette that its state and its world sampler share
(the state re-exports them)."""

STIR = 100
STIR_HIDDEN = STIR - 1
"""In a seat's trace: another seat gave up a card face down to stir the cotillon (which, it cannot
know)."""
