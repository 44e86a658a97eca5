"""The agreements of Reversis: ambiguities R1–R17 of its source, the later ruleset, and
the readings R18–R22 added since (the pool's refresh, bêtes won alone, the talon in a reversis
deal, a dealer dealt only hearts — documented in the state module —, an ace led).

Source: Diderot & d'Alembert, *Encyclopédie*, art. « Reversis » (``[001]``); tags ``R1``… name
readings in our catalogue of the sources' ambiguities.
"""

from typing import Literal

from pydantic import model_validator

from academie.core.options import GameOptions, Provenance, option


class ReversisOptions(GameOptions):
    """Options of Reversis; each default is the reading played (its provenance says whose). Amounts
    are in counters."""

    deck: Literal["48", "52"] = option(
        "48", doc="48 cards, the tens removed (« les dix n'y étant pas ordinairement »), or 52 (« il y a"
        " cependant des endroits où l'on les laisse »).", provenance=Provenance.SOURCE, ref="R2")
    talon_five: Literal["default", "small", "large"] = option(
        "default", doc="Talon with five players: « deux ou sept » with 48 cards (small 2, large 7;"
        " default 2); with 52 cards small 1, large 6 (default 6, our proposal).",
        provenance=Provenance.SOURCE, ref="R2")
    packet: int = option(
        3, ge=1, le=4, doc="Cards per packet in the deal (« trois à trois »); it changes only the order"
        " in which a stacked deck is dealt.", provenance=Provenance.SOURCE, ref="R3")
    direction: Literal["counterclockwise", "clockwise"] = option(
        "counterclockwise", doc="The cut is offered to the dealer's left and the deal starts on his"
        " right: play runs counter-clockwise, the premier en cartes is the dealer's right.",
        provenance=Provenance.LATER, ref="R5")
    deals: int = option(8, ge=1, le=10_000, doc="Deals in the match.", provenance=Provenance.PROPOSAL, ref="R9")
    counters: int = option(100, ge=0, le=1_000_000, doc="Counters each player brings (they may go below"
                           " zero: a debt).", provenance=Provenance.PROPOSAL, ref="R9")
    pool_ante: int = option(
        2, ge=0, le=1000, doc="Counters each player puts in the pool (poule) when it is empty, and to"
        " refresh it (« chacun remet deux jettons pour la rafraîchir »).", provenance=Provenance.PROPOSAL, ref="R9")
    marque: int = option(1, ge=0, le=1000, doc="Counters in a marque.", provenance=Provenance.PROPOSAL, ref="R14")
    quinola_marques: int = option(
        2, ge=0, le=1000, doc="Marques the winner of the trick pays the quinola thrown on a renounce"
        " (« paye deux marques ou plus »).", provenance=Provenance.SOURCE, ref="R14")
    quinola_force_fee: int = option(
        4, ge=0, le=1000, doc="Counters the quinola's holder pays the player who forces it (« quatre"
        " jettons ou plus »).", provenance=Provenance.SOURCE, ref="R10")
    quinola_force_payers: Literal["others_pay_forcer", "holder_pays_each"] = option(
        "others_pay_forcer", doc="« & un à chaque joueur »: each other player pays the forcer one"
        " counter; or the holder pays one to every player.", provenance=Provenance.PROPOSAL, ref="R10")
    forcer: Literal["leader", "trick_winner"] = option(
        "leader", doc="Who « fait partir » (forces) the quinola: the player who led the trick, or the"
        " one who wins it. An ace forced out always takes its own trick, so it always pays the"
        " leader (« paye à celui qui l'y force »).", provenance=Provenance.PROPOSAL, ref="R11")
    ace_fee: int = option(
        1, ge=0, le=1000, doc="What an ace thrown on a renounce wins from the trick's winner, and what"
        " an ace forced out pays the forcer (« ce que l'on est convenu »); the ace of hearts double.",
        provenance=Provenance.SOURCE, ref="R13")
    led_ace: Literal["not_forced", "exempt"] = option(
        "not_forced", doc="« Mais le joueur qui doit commencer à jetter, ne gagne ni ne perd rien, s'il"
        " joue un as »: an ace led is neither a renounce nor forced out, but its leader, who takes"
        " the trick, still pays the aces thrown on it on a renounce; or `exempt`: the « Mais » excepts"
        " him from « on gagne de celui qui leve » too, and those aces win nothing.",
        provenance=Provenance.PROPOSAL, ref="R22")
    first_two: Literal["tricks", "deals"] = option(
        "tricks", doc="« il l'est toujours dans les deux premiers tours »: in the first two tricks its"
        " holder must throw the quinola on his first renounce; or, in the first two rounds of deals,"
        " an unguarded quinola may always be put in the écart.", provenance=Provenance.PROPOSAL, ref="R12")
    quinola_force: bool = option(
        False, doc="« Si l'on joue au quinola forcé »: a holder with no other heart may put the quinola"
        " in the écart.", provenance=Provenance.SOURCE, ref="R12")
    trick_points: Literal["A4K3Q2J1", "honours", "talon_scale"] = option(
        "A4K3Q2J1", doc="How the cards in a player's tricks count for the talon: A4 K3 Q2 J1 (the later"
        " rules of La Haye, 1785, and Hoyle), one per honour, or the talon's A5 K4 Q3 J2.", provenance=Provenance.LATER, ref="R7")
    talon_payer: Literal["most_points", "all_others"] = option(
        "most_points", doc="Who pays the talon's value to its winner: the player with most points in"
        " his tricks (first from the dealer's right on a tie), or every other player.",
        provenance=Provenance.LATER, ref="R8")
    talon_tie: Literal["fewest_tricks", "nearest_left"] = option(
        "fewest_tricks", doc="Players equal for the talon (« Lorsque deux joueurs sont égaux, le plus"
        " près de celui qui a fait à gauche, gagne le talon »; a player with no trick always first,"
        " « celui qui n'a point de levée, l'emporte sur lui »): 'fewest_tricks', among the fewest"
        " points the fewer tricks wins, then the nearest the dealer on his left (the later sources,"
        " Pierer 1857 and Hoyle: kept as the default because the source's own exception already"
        " prefers fewer tricks, none, to more); 'nearest_left', the literal reading: equal points"
        " are parted only by the place, the dealer first (the nearest to himself), then the nearest on his left, whatever"
        " the tricks.", provenance=Provenance.LATER, ref="R6")
    refresh: Literal["ecarte_or_forced", "every_bete"] = option(
        "ecarte_or_forced", doc="When nobody wins the pool, it is refreshed (« chacun remet deux"
        " jettons ») « dans les cas où le quinola est écarté ou forcé »: put in the écart, or played"
        " when it was its holder's only playable card (given on hearts with no other heart, or led"
        " as the only heart of the first lead or as his last card); or `every_bete`: also after a"
        " quinola led or given on hearts by choice (our proposal).", provenance=Provenance.SOURCE, ref="R18")
    betes: Literal["alone", "with_pool"] = option(
        "alone", doc="« Il n'y a que les bêtes de renonce qui se payent avec une autre ou avec la"
        " poule »: a quinola's bête is won alone — while bêtes are on the game, the quinola thrown on"
        " a renounce wins the largest one instead of the pool (the pool waits; how a lone bête is"
        " won is our reading); the reversis still wins the pool. Or `with_pool`: the winner of the"
        " pool also lifts the largest bête (our proposal). No bête of renounce (revoke) can happen:"
        " the engine refuses a revoke.", provenance=Provenance.SOURCE, ref="R19")
    reversis_talon: Literal["unpaid", "next_most"] = option(
        "unpaid", doc="« Le reversis est exempt de payer le talon »: with talon_payer=most_points the"
        " reversis holds every point, so nobody pays the talon; or `next_most`: the player with the"
        " most points after him pays it (all have none: the first from the dealer's right).",
        provenance=Provenance.PROPOSAL, ref="R20")
    reversis_fee: int = option(
        2, ge=0, le=1000, doc="Counters each player pays the one who makes the reversis (« deux"
        " jettons de chaque joueur »).", provenance=Provenance.SOURCE, ref="28")
    ruleset: Literal["encyclopedie", "later"] = option(
        "encyclopedie", doc="'later' adds rules of the later sources (the rules of La Haye, 1785, and Hoyle), not in the Encyclopédie: the ace"
        " of diamonds pays double instead of the ace of hearts; the talon counts A4 K3 Q2 J1, the ace"
        " of diamonds 5, the quinola 4, and 4 more (R7, R13); a reversis undertaken after all tricks but two and then"
        " broken pays the breaker `broken_fee` (R15). The espagnolette (R17) is not implemented.",
        provenance=Provenance.LATER, ref="R13/R15/R17")
    broken_fee: int = option(4, ge=0, le=1000, doc="Later ruleset: what a broken reversis pays the"
                             " player who breaks it.", provenance=Provenance.LATER, ref="R15")

    @model_validator(mode="after")
    def _deal_fits(self) -> "ReversisOptions":
        for players in (4, 5):
            talon = talon_size(self, players)
            size = int(self.deck)
            hand = (size - talon - 1) // players
            if hand * players + 1 + talon != size:
                raise ValueError(f"misdeal: {size} cards do not deal to {players} players with a talon of {talon}")
        return self


def talon_size(options: ReversisOptions, players: int) -> int:
    """Cards left in the talon after the deal (« excepté trois, lorsque l'on joue quatre, & deux
    ou sept, si l'on est cinq »; R2)."""
    if players == 4:
        return 3
    small, large = (2, 7) if options.deck == "48" else (1, 6)
    choice = options.talon_five
    if choice == "default":
        choice = "small" if options.deck == "48" else "large"
    return small if choice == "small" else large
