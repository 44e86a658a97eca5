"""The action codes and phases of Belle-Flux-Trente-un that its state and its world sampler share
(the state re-exports them)."""

ASK, STAND = 52, 53
