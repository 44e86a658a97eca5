"""Adapters to research frameworks, each an optional extra; they hold no rules.

* :mod:`academie.adapters.openspiel` — every game as an OpenSpiel Python game
  (``academie[openspiel]``);
* :mod:`academie.adapters.pettingzoo` — every game as a PettingZoo AEC environment
  (``academie[pettingzoo]``);
* :mod:`academie.adapters.tensors` — the observation tensors both build from views;
* :mod:`academie.adapters.common` — the action space and game records of a state.
"""
