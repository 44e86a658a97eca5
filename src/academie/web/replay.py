"""The replay of a finished match for the replay viewer: the public table after every action,
the narration up to it, and then every hand of every deal (what each seat held at its first
decision of the deal, beyond what the table showed)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from academie.core.record import replay
from academie.core.state import State
from academie.presentation.scene import scene_of
from academie.web.live import LiveTable, TextNarrator
from academie.web import room
from academie.web.i18n import texts
from academie.web.present import as_card, card_html


def replay_frames(table: LiveTable, lang: str = "en") -> dict[str, Any]:
    """``frames[k]``: the public table after ``k`` actions (``board``, the card room as an onlooker
    sees it), how many narration entries are told by then (``log_len``) and the move (``label``);
    ``log``: the narration as plain sentences; a move's label names it as the log tells it
    (« coup 7 : Bastien joue R♥. », « coup 1 : Anne jette 5 : du départ à 5. »), else as its
    button said it (the scene's move label), never by its notation;
    ``hands``: HTML of every deal's hands. Boards, labels and log in ``lang``."""
    record, game, names = table.game_record(), table.game, table.names
    t = texts(lang)
    teller = TextNarrator()
    frames: list[dict[str, Any]] = []
    hands: dict[int, list[list[str]]] = {}
    told: dict[str, Any] = {}

    def note_hands(state: State) -> None:
        deal = state.match.deal_number
        if deal in hands or state.is_terminal():
            return
        public = state.public_view().to_json()
        hands[deal] = [sorted(set(hidden_cards(state.view(s).to_json(), public)), key=_order)
                       for s in range(state.num_players)]

    def frame(state: State, label: str) -> None:
        teller.flush()
        frames.append({"board": room.draw(game.info.id, state.public_view(), names, None, (), lang,
                                            options=table.row.options)["board"],
                       "log_len": len(teller.lines), "label": label})

    def said_last() -> str:
        """The last move as the narration told it (its first line, the move's own), in ``lang``."""
        told_text = teller.buffer.getvalue()[told.get("mark", 0):].strip()
        line = room.plain_log(told_text.split("\n")[0], lang).strip() if told_text else ""
        return told["named"] if not line or line.startswith("(the narration stopped") else line

    def on_action(state: State, index: int, seat: int, action: int) -> None:
        # The table after the previous action (its chance outcomes drawn): a frame.
        if index:
            told["last"] = said_last()
        n = teller.attach(state, game, names)
        teller.tell(n.before_decision)
        note_hands(state)
        frame(state, t._("the start") if index == 0 else t._("move {n}: {move}").format(n=index, move=told["last"]))
        text = state.action_to_string(action)
        told["move"] = (text, n.view())
        # named as its button said it only when the narration tells no more (a renderer's failure)
        told["named"] = (f"{names[seat]}, {move_label(game.info.id, state, names, seat, text, lang)}"
                         if teller.failed is not None else names[seat])

    def after_action(state: State, index: int, seat: int, action: int) -> None:
        told["mark"] = len(teller.buffer.getvalue())
        teller.tell_moved(state, game, names, seat, *told.pop("move"))

    def on_chance(state: State) -> None:
        teller.tell_chance(state, game, names)

    state = replay(record, game, on_action, after_action, on_chance=on_chance)
    if record.actions:
        told["last"] = said_last()
    teller.tell(teller.attach(state, game, names).finish)
    if record.actions:
        frame(state, t._("move {n}: {move} — the end").format(n=len(record.actions), move=told["last"]))
    return {"frames": frames, "log": [room.plain_log(line, lang) for line in teller.lines],
            "hands": str(hands_html(hands, names, t)), "names": names}


def move_label(game_id: str, state: State, names: list[str], seat: int, notation: str, lang: str) -> str:
    """The name of move ``notation`` of ``seat`` in ``state`` as its button says it (the scene's
    move label, « jouer le trois de cœur »), first letter small; the notation when no button
    names it."""
    scene = scene_of(game_id, state.view(seat).to_json(), names, seat, state.legal_action_strings())
    label = next((room.say(m.label, texts(lang)) for m in scene.moves if m.action == notation), "")
    return label[:1].lower() + label[1:] if label else notation


def hidden_cards(seat: Any, public: Any) -> list[str]:
    """The card codes of a seat's view JSON found where the public view JSON differs: compared
    place by place, not card by card, so a card of this deal's hand that also lies in what the
    table still shows of the last deal (its result, its showdown) is kept."""
    if seat == public:
        return []
    code = as_card(seat)
    if code:
        return [code]
    if isinstance(seat, dict):
        other = public if isinstance(public, dict) else {}
        return [c for k, v in seat.items() for c in hidden_cards(v, other.get(k, _MISSING))]
    if isinstance(seat, list):
        other = public if isinstance(public, list) and len(public) == len(seat) else [_MISSING] * len(seat)
        return [c for v, p in zip(seat, other) for c in hidden_cards(v, p)]
    return []


_MISSING = object()


def _order(code: str) -> tuple[str, str]:
    return (code[-1], code[:-1].rjust(2))


def N_(text: str) -> str:  # noqa: N802
    """Mark ``text`` as a message id (returned as it is)."""
    return text


NO_HIDDEN = N_("No hidden cards in this game: everything was on the table.")
DEAL = N_("Deal {n}")


def hands_html(hands: dict[int, list[list[str]]], names: list[str], t: Any = None) -> Markup:
    """Every deal's hands, seat by seat, as card faces; the words in ``t``'s language
    (:func:`academie.web.i18n.texts`; None: English)."""
    say = t._ if t is not None else (lambda text: text)
    if not any(any(h) for h in hands.values()):
        return Markup("<p>{}</p>").format(say(NO_HIDDEN))
    parts = []
    for deal in sorted(hands):
        rows = Markup("").join(
            Markup("<tr><th>{}</th><td><span class=\"cards\">{}</span></td></tr>").format(
                names[s], Markup("").join(card_html(c, small=True) for c in cards))
            for s, cards in enumerate(hands[deal]))
        parts.append(Markup('<section class="deal-hands"><h3>{}</h3><table class="kv">{}</table></section>').format(
            say(DEAL).format(n=deal + 1), rows))
    return Markup("").join(parts)
