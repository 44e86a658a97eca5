"""The action codes and phases of Reversis that its state and its world sampler share
(the state re-exports them)."""

PASS = 52
ECART = 100
PLAY = 200
ECART_HIDDEN = ECART - 1
"""In a seat's trace: another seat put a card in the talon, face down (which, it cannot know)."""
DEALING, EXCHANGE, PLAYING, OVER = "deal", "ecart", "play", "over"
