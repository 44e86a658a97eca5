"""The action codes and phases of Trente et un that its state and its world sampler share
(the state re-exports them)."""

STOCK, PILE, KNOCK = 52, 53, 54
DISCARD = 64
