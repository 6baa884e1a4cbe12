"""The game table, driven through its message handler exactly as the browser drives it.

Every test sends the intents the front end sends (``model.send`` arrives at the
widget's ``on_msg`` callbacks) and reads only the synced traits, so what is
tested here is what a player sees and clicks. No browser is needed: ipywidgets
gives a widget built in plain Python a dummy comm.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nomercy.core.seeds import short_seed

from nomercy.core.errors import NomercyError

pytest.importorskip("anywidget")

from nomercy import Card, Phase  # noqa: E402
from nomercy.play.game import Game, GameRecord  # noqa: E402
from nomercy.widgets import GameTable  # noqa: E402
from nomercy.widgets._common import STATIC  # noqa: E402
from nomercy import legal_moves, why_illegal


def send(widget: Any, intent: dict[str, Any]) -> str:
    """Deliver ``intent`` the way a message from the browser arrives; the error the widget then shows."""
    widget._handle_custom_msg(intent, [])
    return widget.error


def visible_state(widget: GameTable) -> dict[str, Any]:
    """Everything synced to the browser except the error line and the update counter."""
    return {"table": widget.table, "log": widget.log, "prompt": widget.prompt, "export": widget.export}


def clicks(table: GameTable) -> list[dict[str, Any]]:
    """Every intent the browser offers right now: the prompt's options, hand cards, buttons, catches."""
    t = table.table
    if t["over"]:
        return []
    if table.prompt:
        return [{"type": "move", "move": o["move"]} for o in table.prompt["options"]] + [{"type": "cancel"}]
    if t["hidden"]:
        return [{"type": "reveal"}]
    options = [{"type": "card", "card": c["card"]} for c in t["hand"]]
    for button in t["buttons"]:
        options.append({"type": "move", "move": button["move"]} if button.get("move") else {"type": button["intent"]})
    options += [{"type": "move", "move": s["catch"]} for s in t["seats"] if s["catch"]]
    return options


def sensible(table: GameTable, rng: random.Random) -> dict[str, Any]:
    """What a learner might click: mostly a marked card or the highlighted button, sometimes anything."""
    t = table.table
    options = clicks(table)
    if table.prompt or t["hidden"]:
        return options[0] if rng.random() < 0.9 else rng.choice(options)
    if rng.random() < 0.15:
        return rng.choice(options)  # a stray click: the engine may refuse it, and nothing may change
    primary = [b for b in t["buttons"] if b.get("primary")]
    uno = [b for b in primary if b["id"] == "uno"]
    if uno and not t["uno_armed"] and rng.random() < 0.8:
        return {"type": "uno"}
    playable = [c for c in t["hand"] if c["playable"]]
    if playable:
        return {"type": "card", "card": rng.choice(playable)["card"]}
    moves = [b for b in t["buttons"] if b.get("move")]
    return {"type": "move", "move": (primary if primary and primary[0].get("move") else moves)[0]["move"]}


def play_out(table: GameTable, seed: int, limit: int = 3000) -> int:
    """Click until the round ends; every refused click must leave the table exactly as it was."""
    rng = random.Random(seed)
    refused = 0
    for _ in range(limit):
        if table.table["over"]:
            return refused
        intent = sensible(table, rng)
        before_state, before_view = table.state, visible_state(table)
        error = send(table, intent)
        if error:
            refused += 1
            assert "internal error" not in error, error
            assert table.state == before_state, f"{intent} was refused ({error}) but changed the game"
            assert visible_state(table) == before_view, f"{intent} was refused ({error}) but changed the table"
    raise AssertionError(f"no winner after {limit} clicks: {table!r}")


# --- whole games ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, seats, seed", [
    ("no-mercy", ["human", "greedy", "random"], 1),
    ("no-mercy", ["human", "random"], 2),
    ("classic", ["human", "greedy", "random", "random"], 3),
    ("open-mercy", ["random", "human", "greedy"], 4),
    ("speltavlan", ["human", "greedy", "greedy", "random", "random", "random"], 5),
])
def test_a_whole_game_played_through_the_tables_intents_ends_with_a_winner(rules, seats, seed):
    table = GameTable(rules, seats, seed=seed, pace=0)
    play_out(table, seed)
    over = table.table["over"]
    assert over["winner"] in table.seats
    assert table.state.is_over and table.seats[table.state.winner] == over["winner"]
    assert any(line["kind"] == "round_won" for line in table.log)
    assert table.table["status"].startswith(f"{over['winner']} wins the round")


def test_hot_seat_two_humans_play_a_whole_game_without_seeing_each_others_hands():
    table = GameTable("no-mercy", ["human", "greedy", "human"], seed=6, pace=0)
    rng = random.Random(6)
    for _ in range(3000):
        t = table.table
        if t["over"]:
            break
        if t["hidden"]:
            assert t["hand"] == [], "a hidden hand must not even be sent to the browser"
        else:
            assert t["viewer"] == t["turn"] or table.state.to_act is None
        send(table, sensible(table, rng))
    assert table.table["over"]


def test_the_exported_record_replays_to_the_same_game():
    table = GameTable("no-mercy", ["human", "greedy", "random"], seed=11, pace=0)
    play_out(table, 11)
    assert send(table, {"type": "export"}) == ""
    record = GameRecord.from_json(table.export)
    assert record.seed == table.state.seed and record.moves == table.record().moves
    assert Game.from_record(record).state == table.state
    assert json.loads(table.export)["moves"][0].startswith("Player ")


# --- refused intents -----------------------------------------------------------------------------

def test_a_card_that_does_not_fit_is_refused_with_the_engines_reason_and_nothing_changes():
    for seed in range(40):
        table = GameTable("no-mercy", ["human", "greedy"], seed=seed, pace=0)
        stuck = [c for c in table.table["hand"] if not c["playable"]]
        if stuck and table.state.phase is Phase.TURN and not table.state.pending:
            break
    else:  # pragma: no cover
        pytest.fail("no deal with an unplayable card in 40 seeds")
    before_state, before_view = table.state, visible_state(table)
    card = Card.parse(stuck[0]["card"])
    error = send(table, {"type": "card", "card": str(card)})
    assert error == why_illegal(table.state, _probe(table, card))
    assert "cannot play" in error
    assert table.state == before_state and visible_state(table) == before_view
    assert send(table, {"type": "export"}) == ""  # the next good intent clears the message (cancel with nothing
    # open is refused now)


def _probe(table: GameTable, card: Card):
    from nomercy import Play
    from nomercy.core.cards import COLORS

    return Play(0, card, COLORS[0] if card.is_wild and card.rank.value != "wild roulette" else None)


@pytest.mark.parametrize("intent, words", [
    ({"type": "move", "move": "Greedy draws"}, "computer player"),
    ({"type": "move", "move": "Player plays purple 7"}, "not a color"),
    ({"type": "move", "move": "Player dances"}, "cannot read move"),
    ({"type": "card", "card": "wild +10"}, "holds no"),
    ({"type": "new_round"}, "still being played"),
    ({"type": "undo"}, "nothing of yours"),
    ({"type": "warp"}, "unknown intent"),
])
def test_illegal_intents_return_the_reason_and_change_nothing(intent, words):
    table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
    if intent.get("card") in {c["card"] for c in table.table["hand"]}:  # pragma: no cover - seed guard
        pytest.skip("the seed dealt that card")
    before_state, before_view = table.state, visible_state(table)
    error = table.send_intent(intent)
    assert words in error
    assert table.error == error
    assert table.state == before_state and visible_state(table) == before_view


def test_draw_is_offered_only_when_the_rules_allow_it():
    """Holding a card that fits, No Mercy has no voluntary draw: no Draw button, and the status says so."""
    table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
    assert any(c["playable"] for c in table.table["hand"])
    assert "draw" not in [b["id"] for b in table.table["buttons"]]
    assert table.table["status"] == "Player, your turn: play a highlighted card."
    before = table.state  # sent anyway (from Python), the engine refuses it and nothing changes
    error = send(table, {"type": "move", "move": "Player draws"})
    assert "a player who can play must play" in error
    assert table.state == before
    voluntary = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0, voluntary_draw=True)
    assert "draw" in [b["id"] for b in voluntary.table["buttons"]]
    assert voluntary.table["status"].endswith("play a highlighted card, or draw.")


def test_uno_and_catch_buttons_show_only_when_they_can_be_used():
    table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
    assert len(table.state.hands[0]) > 2
    assert "uno" not in [b["id"] for b in table.table["buttons"]]
    assert not any(seat["catch"] for seat in table.table["seats"])


def test_hot_seat_undo_says_whose_move_it_takes_back():
    table = GameTable("no-mercy", ["human", "human"], seed=6, pace=0)
    assert table.table["undo_label"] == "Undo my last move"
    seat = table.state.seats[table.state.to_act]
    send(table, {"type": "reveal"})
    move = next(a for a in legal_moves(table.state) if a.seat == table.state.to_act)
    assert not send(table, {"type": "move", "move": table.state.move_text(move)})
    assert table.table["undo_label"] == f"Undo {seat}'s last move"


def test_a_classic_table_shows_classic_card_backs():
    classic = GameTable("classic", ["human", "greedy"], seed=1, pace=0)
    no_mercy = GameTable("no-mercy", ["human", "greedy"], seed=1, pace=0)
    assert ">UNO<" in classic.table["deck_svg"] and "MERCY" not in classic.table["deck_svg"]
    assert "MERCY" in no_mercy.table["deck_svg"]


def test_a_computer_named_after_its_kind_is_not_named_twice():
    table = GameTable("no-mercy", {"Player": "human", "Greedy": "greedy", "Robo": "random"}, seed=2, pace=0)
    from nomercy.play.table_text import status_line
    state = table.state
    for seat, kind in ((1, "greedy"), (2, "random")):
        line = status_line(state.replace(turn=seat), 0, table.kinds, (0,), hidden=False, reveal_for=None)
        assert line == ("Greedy is to move." if seat == 1 else "Robo (easy) is to move.")


# --- decisions that need more than one click ----------------------------------------------------------

def _table_with(predicate, rules="no-mercy", seats=("human", "greedy", "random")) -> GameTable:
    for seed in range(200):
        table = GameTable(rules, list(seats), seed=seed, pace=0)
        if table.state.phase is Phase.TURN and predicate(table):
            return table
    pytest.fail("no seed gave the position wanted")  # pragma: no cover


def _playable(table: GameTable, test) -> str | None:
    for card in table.table["hand"]:
        if card["playable"] and test(Card.parse(card["card"])):
            return card["card"]
    return None


def test_a_wild_asks_for_its_color_and_cancel_takes_the_question_back():
    table = _table_with(lambda t: _playable(t, lambda c: c.is_wild and c.rank.value != "wild roulette"))
    wild = _playable(table, lambda c: c.is_wild and c.rank.value != "wild roulette")
    before = table.state
    assert send(table, {"type": "card", "card": wild}) == ""
    assert table.state == before, "choosing a card only asks; nothing is played yet"
    options = table.prompt["options"]
    assert [o["color"] for o in options] == ["red", "yellow", "green", "blue"]
    assert send(table, {"type": "cancel"}) == "" and table.prompt == {}
    send(table, {"type": "card", "card": wild})
    assert send(table, {"type": "move", "move": options[2]["move"]}) == ""
    assert f"Player plays {wild} and names green." in [line["sentence"] for line in table.log_lines]


def test_a_seven_asks_who_to_swap_with():
    table = _table_with(lambda t: _playable(t, lambda c: c.rank.value == "7") and len(t.state.hands[0]) > 1)
    seven = _playable(table, lambda c: c.rank.value == "7")
    send(table, {"type": "card", "card": seven})
    labels = [o["label"] for o in table.prompt["options"]]
    assert labels == ["Swap hands with Greedy", "Swap hands with Random"]
    send(table, {"type": "move", "move": table.prompt["options"][1]["move"]})
    assert "Player and Random swap hands." in [line["sentence"] for line in table.log_lines]


def test_a_pending_stack_can_be_taken_with_one_click():
    table = GameTable("no-mercy", ["greedy", "human"], seed=0, pace=0)
    rng = random.Random(0)
    for _ in range(2000):
        t = table.table
        if t["over"]:
            pytest.skip("the round ended before a stack came at the human")  # pragma: no cover
        if t["pending"] and t["turn"] == "Player" and not table.prompt:
            break
        send(table, sensible(table, rng))
    take = next(b for b in table.table["buttons"] if b["id"] == "draw")
    pending = table.table["pending"]
    assert take["label"] == f"Take the {pending} cards"
    lines = len(table.log_lines)
    assert send(table, {"type": "move", "move": take["move"]}) == ""
    said = [line["sentence"] for line in table.log_lines[lines:]]
    assert f"Player draws {pending} cards." in said or any("Player holds" in s and "out of the round" in s for s in said)


def test_the_log_expands_to_the_ruling_behind_every_line():
    table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
    play_out(table, 3)
    from nomercy import RULINGS
    from nomercy.core.wording import option_words

    for line in table.log_lines:
        if line["rule"]:
            ruling = RULINGS[line["rule"]]  # its option ids said in words, not in backticks
            assert line["title"] == option_words(ruling.title) and line["text"] == option_words(ruling.text)


# --- pace, undo, rounds, matches ---------------------------------------------------------------

def test_computer_turns_wait_for_the_browser_at_a_readable_pace():
    table = GameTable("no-mercy", ["greedy", "human"], seed=2, pace=0.7)
    assert table.table["waiting"] == "computer" and table.table["turn"] == "Greedy"
    moves = len(table.record().moves)
    version = table.version
    send(table, {"type": "advance", "version": version - 1})  # an old timer: ignored
    assert len(table.record().moves) == moves and table.version == version
    send(table, {"type": "advance", "version": version})
    assert len(table.record().moves) == moves + 1
    send(table, {"type": "advance", "version": version})  # the same ask again (a second view): ignored
    assert len(table.record().moves) == moves + 1
    table.pace = 0  # instant: whatever the computers still have to do happens now
    assert table.table["waiting"] in ("human", "over")


def test_undo_takes_back_the_learners_last_decision_and_the_computer_replies():
    table = GameTable("no-mercy", ["human", "greedy", "random"], seed=5, pace=0)
    start = table.state
    card = next(c for c in table.table["hand"] if c["playable"])["card"]
    send(table, {"type": "card", "card": card})
    if table.prompt:
        send(table, {"type": "move", "move": table.prompt["options"][0]["move"]})
    assert table.state != start
    assert table.table["can_undo"]
    assert send(table, {"type": "undo"}) == ""
    assert table.state == start
    assert not table.table["can_undo"]


def test_the_tables_expert_is_shown_every_move_and_forgets_what_an_undo_took_back():
    table = GameTable("no-mercy", ["human", "expert"], seed=5, pace=0)
    expert = table.session.computers[1]
    rng = random.Random(5)
    for _ in range(4):
        if table.table["over"]:
            break
        send(table, sensible(table, rng))
        assert expert.beliefs.follows(table.state.view(1))
    assert not table.table["over"] and table.table["can_undo"]
    send(table, {"type": "undo"})
    assert not expert.beliefs.follows(table.state.view(1))  # it will start again from what it sees


def test_match_play_has_no_undo_by_default_and_keeps_the_score():
    table = GameTable("classic", ["human", "greedy"], seed=8, pace=0, match=True)
    assert table.table["undo"] is False
    play_out(table, 8)
    assert "off in match play" in send(table, {"type": "undo"})
    over = table.table["over"]
    assert [s["name"] for s in over["standings"]] == ["Player", "Greedy"]
    assert max(s["score"] for s in over["standings"]) == over["points"]
    assert send(table, {"type": "new_round"}) == ""
    assert table.table["round"] == 2 and not table.table["over"]


def test_a_new_round_deals_again_from_the_round_seed_the_table_seed_gives():
    table = GameTable("no-mercy", ["human", "greedy"], seed=9, pace=0)
    first_seed = table.record().seed
    play_out(table, 9)
    send(table, {"type": "new_round"})
    assert table.table["round"] == 2 and table.record().seed == short_seed(first_seed, "round", 2)
    send(table, {"type": "new_match"})
    assert table.table["round"] == 1 and table.record().seed != first_seed


def test_start_over_reshuffles_and_replay_deals_the_same_cards_again():
    """"Start over" is a new deal (a new seed, shown in the log); "Replay this deal" is the same one."""
    table = GameTable("no-mercy", ["human", "greedy"], seed=9, pace=0)
    play_out(table, 9)
    finished = table.state
    assert send(table, {"type": "replay"}) == ""
    assert table.state == Game("no-mercy", ["Player", "Greedy"], seed=9).state and not table.table["over"]
    assert send(table, {"type": "new_match"}) == ""
    first_new = table.record().seed
    assert first_new != 9 and table.state.hands != finished.hands
    assert table.log_lines[0]["sentence"] == "Round 1: No Mercy rules."  # the seed is in the record, not the log
    assert table.record().seed == first_new
    send(table, {"type": "new_match"})
    second_new = table.record().seed
    again = GameTable("no-mercy", ["human", "greedy"], seed=9, pace=0)
    send(again, {"type": "new_match"})
    assert again.record().seed == first_new != second_new  # seeded: the same table reshuffles the same way


# --- the widget as an object -------------------------------------------------------------------

def test_starting_a_table_takes_one_line_with_rule_overrides():
    table = GameTable("no-mercy", {"Ann": "human", "Bo": "expert", "Cy": "random"}, seed=1, pace=0,
                      stacking="anything-goes", jump_in=True)
    assert table.state.rules.stacking == "anything-goes" and table.state.rules.jump_in
    assert table.seats == ("Ann", "Bo", "Cy") and table.kinds == ("human", "expert", "random")
    assert dict(table.record().overrides) == {"stacking": "anything-goes", "jump_in": True}


@pytest.mark.parametrize("players, words", [
    (["human", "genius"], "a seat kind is one of human, random, greedy, expert"),
    (["human"] * 7, "2 to 6 players"),
    (1, "2 to 6 players, not 1"),
])
def test_bad_tables_are_refused_with_a_reason(players, words):
    with pytest.raises(ValueError, match=words):
        GameTable("no-mercy", players)


def test_the_repr_is_deterministic():
    one = GameTable("no-mercy", ["human", "greedy"], seed=4, pace=0)
    two = GameTable("no-mercy", ["human", "greedy"], seed=4, pace=0)
    assert repr(one) == repr(two) == "<GameTable no-mercy seats=Player:human,Greedy:greedy seed=4 round=1 move=0 turn=Player>"
    assert "0x" not in repr(one)


def test_the_front_end_ships_in_the_package_and_fetches_nothing():
    for name in ("game_table", "puzzle_board", "step_player"):
        for ext in ("js", "css"):
            text = (STATIC / f"{name}.{ext}").read_text()
            assert "http://" not in text and "https://" not in text, f"{name}.{ext} must not load anything"
        js = (STATIC / f"{name}.js").read_text()
        assert "export default" in js and "import " not in js
        assert 'data-testid' in js


def test_with_jump_in_on_a_learner_can_jump_in_while_a_computer_is_to_move():
    """At a readable pace the learner has time to act out of turn; the engine decides if it is a jump-in."""
    for seed in range(60):
        table = GameTable("no-mercy", ["greedy", "human", "random"], seed=seed, pace=0.5, jump_in=True)
        rng = random.Random(seed)
        for _ in range(300):
            t = table.table
            if t["over"]:
                break
            if t["waiting"] == "computer":
                if t["top"] in [c["card"] for c in t["hand"]] and not t["pending"] and t["phase"] == "turn":
                    assert send(table, {"type": "card", "card": t["top"]}) == ""
                    said = [line["sentence"] for line in table.log_lines]
                    assert any(s.startswith("Player jumps in out of turn") for s in said)
                    return
                send(table, {"type": "advance", "version": table.version})
            else:
                send(table, sensible(table, rng))
    pytest.fail("no chance to jump in within 60 seeded games")  # pragma: no cover


def test_a_pace_that_is_not_a_number_is_refused():
    with pytest.raises(NomercyError, match="number of seconds"):
        GameTable("no-mercy", ["human", "greedy"], seed=1, pace="fast")
    table = GameTable("no-mercy", ["human", "greedy"], seed=1, pace=0.5)
    table.pace = -3  # the slider cannot send this; a notebook can
    assert table.pace == 0


def test_an_intent_the_table_does_not_know_is_refused_with_the_list():
    table = GameTable("no-mercy", ["human", "greedy"], seed=1, pace=0)
    reason = send(table, {"type": "pace", "value": 2})
    assert reason.startswith("unknown intent 'pace'") and "advance" in reason
