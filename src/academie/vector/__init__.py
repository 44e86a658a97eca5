"""Batched research environments at the compiled kernel's speed: ``N`` matches of one game
stepped in one call, all numpy arrays (the optional extra ``academie[fast]``).

>>> from academie import vector
>>> env = vector.make("reversis", num_envs=8, seed=3, num_players=4, options={"deals": 2})
>>> obs, mask, player = env.reset()
>>> obs.shape, mask.shape, player.shape
((8, 463), (8, 252), (8,))
>>> obs, mask, rewards, done, player = env.step(env.random_actions())
>>> rewards.shape, done.shape
((8, 4), (8,))
>>> vector.make("trente-et-un", num_envs=8, seed=3).reset()[1].shape
(8, 116)

* :func:`make` gives a :class:`~academie.vector.reversis.ReversisVector` or a
  :class:`~academie.vector.trente_et_un.TrenteEtUnVector` (both
  :class:`~academie.vector.base.VectorMatches`): ``reset(seed=None)`` returns ``(obs,
  legal_mask, current_player)``; ``step(actions)`` (one action id per match, that of its seat to
  act) returns ``(obs, legal_mask, rewards, done, current_player)``.
* ``obs`` ``(N, obs_size)`` ``float32``: the observation tensor of each match's seat to act, the
  layout and values of :mod:`academie.adapters.tensors` (Reversis: ``219 + 61n`` floats, 463 at
  four seats; Trente et un: ``216 + 59n``, 452 at four); ``legal_mask`` ``(N, A)`` ``bool`` over
  the adapters' action ids (Reversis ``A = 252``: ``pass`` 52, ``ecart`` 100 + card, ``play``
  200 + card; Trente et un ``A = 116``: ``stock`` 52, ``pile`` 53, ``knock`` 54, a discard 64 +
  card); ``current_player`` ``(N,)`` the seat to act.
* ``rewards`` ``(N, num_players)`` ``float32``, adding up over a match to its returns. Reversis:
  the counters (jetons) each seat won or lost in that step (payments of the tricks, the deal's
  end, the next deal's ante; the first ante comes with the first step). Trente et un: the
  returns themselves in the step the match ends (the winner +1, every other seat -1/(n-1)), 0
  in every other step.
* Chance is drawn inside, uniformly: each deal is dealt at once when it starts, a card of Trente
  et un's stock as soon as a seat draws from it (players act only at decisions). ``done``
  ``(N,)``: the match ended in that step; it is started anew in the same step (autoreset), and
  the ``obs``, mask and player returned for it are those of its next match's first decision;
  its final rewards are in that step's ``rewards``.
* Seeded and reproducible: match ``i`` draws from a generator of its own seeded from ``seed``
  and ``i``; the same seed and actions give the same trajectories, on one core or with
  ``parallel=True`` (the matches shared among numba's threads).
* The arrays returned are the environment's buffers, written in place at the next step: copy
  them to keep them. An illegal action raises
  :class:`~academie.core.errors.IllegalActionError` and changes nothing.

* Reversis, every seat's view: ``env.views()`` ``(N, num_players, obs_size)`` (the observation tensor of
  each seat), ``env.views(information=True)`` its information-state tensor (``219 + 113n``
  floats: the observation, then every card each seat played this deal).
* ``autoreset=False`` (Reversis; Trente et un refuses it with
  :class:`~academie.core.errors.OptionError`): a finished match stays over (seat to act -1, no
  legal action, its final views readable) until ``reset()``.

Wrappers: :mod:`academie.vector.gymnasium_env` (a ``gymnasium.vector.VectorEnv``, self-play);
:mod:`academie.vector.pettingzoo_env` (a PettingZoo ``ParallelEnv``, one match, every seat
observing at every step).
"""

from __future__ import annotations

from typing import Any

GAMES = ("reversis", "trente-et-un")
"""The games :func:`make` steps in batches."""


def make(game_id: str, num_envs: int, seed: int | None = None, num_players: int | None = None,
         options: dict[str, Any] | None = None, parallel: bool = False, autoreset: bool = True) -> Any:
    """``num_envs`` matches of ``game_id`` (with ``num_players`` seats, the game's default when
    None, and ``options`` under their own names and types) stepped at once; ``parallel``: the
    matches shared among numba's threads; ``autoreset``: a finished match starts anew in the
    same step (else it stays over until ``reset()``). Raises
    :class:`~academie.core.errors.UnknownGameError` for a game not in :data:`GAMES`,
    :class:`~academie.core.errors.OptionError` for options the kernel does not play,
    ``ImportError`` without numba."""
    from academie.core.errors import UnknownGameError

    if game_id not in GAMES:
        raise UnknownGameError(f"academie.vector steps {', '.join(GAMES)} in batches, not {game_id!r}")
    from academie.vector.reversis import ReversisVector
    from academie.vector.trente_et_un import TrenteEtUnVector

    kind = {"reversis": ReversisVector, "trente-et-un": TrenteEtUnVector}[game_id]
    return kind(num_envs, seed=seed, num_players=num_players, options=options, parallel=parallel,
                autoreset=autoreset)
