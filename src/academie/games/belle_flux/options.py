"""The agreements of Belle, Flux et Trente-un: the ambiguities of its source.

Source: Encyclopédie méthodique, *Dictionnaire des jeux*, 1792, art. « Belle, Flux et Trente-un »
(``[000]``); tags ``B1``… name readings in our catalogue of the sources' ambiguities.
"""

from typing import Literal

from pydantic import model_validator

from academie.core.options import GameOptions, Provenance, option


OPEN_MATCH_DEALS = 10_000
"""The most deals a match with ``deals=0`` lasts (the most ``deals`` may be set to)."""


class BelleFluxOptions(GameOptions):
    """Options of Belle, Flux et Trente-un; each default is the reading played (its provenance says whose)."""

    stake: int = option(
        1,
        ge=1,
        le=100,
        doc="Counters (jetons) each player puts in each basket every deal (« les mises dont les"
        " joueurs sont convenus »; a new stake each deal).",
        provenance=Provenance.SOURCE,
        ref="B9",
    )
    counters: int = option(
        30,
        ge=1,
        le=10_000,
        doc="Counters each player starts the match with (not in the source); at least one stake"
        " in each basket.",
        provenance=Provenance.PROPOSAL,
        ref="1(c)",
        allowed="int from 3 × stake to 10000",
    )
    deals: int = option(
        10,
        ge=0,
        le=OPEN_MATCH_DEALS,
        doc="Length of the match in deals (« un nombre quelconque de coups »: the source leaves the"
        " number to the players; 10 is ours); 0 plays on until a player can no longer stake, but"
        f" {OPEN_MATCH_DEALS:,} deals at most, so that every match ends (our proposal: with large"
        " counters and even players that could take millions of deals; the source's other measure,"
        " « un certain espace de temps », is a limit too). The match also ends when a player"
        " cannot stake.",
        provenance=Provenance.PROPOSAL,
        ref="1(a)4",
    )
    tie_rule: Literal["carry", "eldest_wins"] = option(
        "carry",
        doc="A tie for the best belle, flux or trente-un: nobody wins and the basket stays for the"
        " next deal (« aucun d'eux ne tire le panier »), or the eldest of the tied players (nearest"
        " the dealer's right) wins (German tradition).",
        provenance=Provenance.SOURCE,
        ref="B2",
    )
    flux_carry_adds_stake: bool = option(
        True,
        doc="A flux basket left for the next deal gets the new stakes (« un double produit »);"
        " false: it is left « sans y rien ajouter ».",
        provenance=Provenance.SOURCE,
        ref="B2/B9",
    )
    belle_order: Literal["king_high", "ace_high"] = option(
        "king_high",
        doc="Rank for the belle: K Q J A 10 … 2 (« le roi, & successivement la dame, le valet,"
        " l'as, le dix »), or the ace above the king (our variant, for comparison).",
        provenance=Provenance.SOURCE,
        ref="B1",
    )
    trente_un_count: Literal["all_cards", "one_suit"] = option(
        "all_cards",
        doc="The trente-un counts every card (« des points que présentent les cartes »), or only"
        " the best suit as in modern Scat (our variant).",
        provenance=Provenance.SOURCE,
        ref="B6",
    )
    stand_is_final: bool = option(
        True,
        doc="A player who stood (« il déclare qu'il s'y tient ») is asked no more; false: he is asked again in"
        " every new round of requests.",
        provenance=Provenance.PROPOSAL,
        ref="B7",
    )
    extra_cards: Literal["face_down", "face_up"] = option(
        "face_down",
        doc="Cards asked for at the trente-un are dealt face down (only their holder sees them),"
        " or face up. The source does not say.",
        provenance=Provenance.PROPOSAL,
        ref="1(c)",
    )
    all_bust: Literal["carry", "nearest_wins"] = option(
        "carry",
        doc="Everyone over 31: the trente-un basket stays for the next deal; or the player least"
        " over 31 wins it (our variant).",
        provenance=Provenance.PROPOSAL,
        ref="B5",
    )
    stock_exhausted: Literal["showdown", "whole_rounds"] = option(
        "showdown",
        doc="When the stock runs out during the requests the hands are compared; 'whole_rounds'"
        " also stops a round of requests the stock cannot finish, so nobody gets a card the"
        " others asking could not.",
        provenance=Provenance.PROPOSAL,
        ref="B11",
    )
    direction: Literal["counterclockwise", "clockwise"] = option(
        "counterclockwise",
        doc="The deal starts on the dealer's right (« en commençant par la droite »): play runs"
        " counter-clockwise and the deal passes to the right (B10); or clockwise.",
        provenance=Provenance.SOURCE,
        ref="B10/B12",
    )

    @model_validator(mode="after")
    def _can_stake_once(self) -> "BelleFluxOptions":
        if self.counters < 3 * self.stake:
            raise ValueError(
                f"counters ({self.counters}) must cover one stake in each of the three baskets"
                f" (3 × stake = {3 * self.stake})"
            )
        return self
