"""The replay's "Every hand" section: every seat's whole hand for every deal, the later deals too
(whose first decision still shows the last deal's result, with cards that may be in the new hands)."""

from __future__ import annotations

import re
import time

from academie.core.record import replay
from tests.web.support import client, create, hub


def finished(c, game: str, n: int, seed: int):
    t = create(c, game, ["random"] * n, seed=seed)
    table = hub(c).tables[t["id"]]
    deadline = time.time() + 300
    while not (table.state.is_terminal() and table.game_record().complete):
        assert time.time() < deadline, "the match did not end"
        time.sleep(0.01)
    return t, table


def dealt_hands(table) -> dict[int, list[list[str]]]:
    """Each deal's hands, read from the seat's own ``hand`` field at the deal's first decision."""
    found: dict[int, list[list[str]]] = {}

    def on_action(state, index, seat, action):
        deal = state.match.deal_number
        if deal not in found:
            found[deal] = [sorted(state.view(s).to_json()["hand"]) for s in range(state.num_players)]
    replay(table.game_record(), table.game, on_action, lambda *a: None)
    return found


def shown_hands(html: str) -> dict[int, list[list[str]]]:
    out = {}
    for deal, body in re.findall(r'<h3>Deal (\d+)</h3><table class="kv">(.*?)</table>', html):
        rows = re.findall(r"<tr><th>.*?</th><td>(.*?)</td></tr>", body)
        out[int(deal) - 1] = [sorted(re.findall(r'data-card="([^"]+)"', r)) for r in rows]
    return out


def test_every_deal_shows_every_whole_hand(sqlite_url):
    with client(sqlite_url) as c:
        t, table = finished(c, "trente-et-un", 4, seed=5)
        expected = dealt_hands(table)
        assert len(expected) >= 2 and all(len(h) == 3 for h in expected[1])  # deal 2: nobody out yet
        shown = shown_hands(c.get(f"/api/replay/{t['id']}").json()["hands"])
        assert sorted(shown) == sorted(expected)
        for deal, hands in expected.items():
            for s, hand in enumerate(hands):
                assert shown[deal][s] == hand
                assert len(hand) == 3 or (not hand and table.state.view(s).to_json()["eliminated"][s])


def test_a_french_replay_tells_its_log_labels_and_boards_in_french(sqlite_url):
    """The replay of a finished match asked for in French: its log is the French log, its moves'
    labels and its boards French; asked for in English, the English (each drawn once)."""
    from academie.web import room

    with client(sqlite_url) as c:
        t, table = finished(c, "reversis", 4, 3)
        fr = c.get(f"/api/replay/{t['id']}", headers={"accept-language": "fr"}).json()
        en = c.get(f"/api/replay/{t['id']}").json()
        assert fr["log"] == [room.plain_log(line, "fr") for line in table.teller.lines] != en["log"]
        assert fr["frames"][0]["label"] == "le début" and en["frames"][0]["label"] == "the start"
        assert fr["frames"][-1]["label"].startswith("coup ") and fr["frames"][-1]["label"].endswith(" — la fin")
        assert "Le classement de la partie" in fr["frames"][-1]["board"] and "The match standings" in en["frames"][-1]["board"]
        assert c.get(f"/api/replay/{t['id']}", headers={"accept-language": "fr"}).json() == fr
        assert "<h3>Donne 1</h3>" in fr["hands"] and "<h3>Deal 1</h3>" in en["hands"]  # every hand, in words too
        t, _ = finished(c, "blason", 2, 3)
        said = c.get(f"/api/replay/{t['id']}", headers={"accept-language": "fr"}).json()["hands"]
        assert said == "<p>Pas de cartes cachées dans ce jeu : tout était sur la table.</p>"


def test_a_french_replays_moves_are_named_in_words_not_notation(sqlite_url):
    """Each move's label of a French replay says the move as the log tells it (« Bastien joue
    R♥. », « Anne jette 5 … »): no card code (``3H``, ``AC``) nor English action word."""
    code = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
    english = re.compile(r"\b(?:throw|play|plays|discard|exchange|pass|stock|move|the end)\b", re.I)
    with client(sqlite_url) as c:
        for game, n in (("reversis", 4), ("blason", 4)):
            t = create(c, game, ["random"] * n, seed=3, options={"deals": 1} if game == "reversis" else {})
            table = hub(c).tables[t["id"]]
            deadline = time.time() + 300
            while not (table.state.is_terminal() and table.game_record().complete):
                assert time.time() < deadline, "the match did not end"
                time.sleep(0.01)
            labels = [f["label"] for f in c.get(f"/api/replay/{t['id']}", headers={"accept-language": "fr"}).json()["frames"]]
            assert len(labels) == len(table.record.actions) + 1 and labels[0] == "le début"
            for label in labels[1:]:
                assert label.startswith("coup ") and not code.search(label) and not english.search(label), label
            verb = "joue" if game == "reversis" else "jette"
            assert sum(verb in label for label in labels) >= len(labels) // 3, labels[:20]
            assert any(name in labels[1] for name in table.names)
