"""The action codes and phases of Guimbarde that its state and its world sampler share
(the state re-exports them)."""

PLAY = 100
DEALING, PLAYING, OVER = "deal", "play", "over"
