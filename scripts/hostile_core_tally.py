"""A fixed list of hostile tries at the core's inputs, and what each one gives, tallied per surface.

Every try runs in a forked child (so a registration that corrupts the process corrupts only that child)
under a five-second guard, and ends as one of:

* clear: refused with a NomercyError in one line, in the game's words;
* accepted: a valid input (marked so in the list) that was accepted;
* traceback: any other exception; hang: still running after five seconds;
* silent: nonsense accepted without a word; py-words: refused, but in Python's words;
* corrupted: after the try, the printed faces or the same deal from the same seed differ;
* wrongly: a valid input refused.

The tries are written out below (not generated), so the same list can be run against an older commit
to count what changed (issue 29's tally):

    PYTHONPATH=. python scripts/hostile_core_tally.py [-v]            # this tree
    git archive <commit> nomercy | tar -x -C /tmp/old && PYTHONPATH=/tmp/old python scripts/hostile_core_tally.py

The generated hostile values (Hypothesis) that keep these doors shut are in tests/test_hostile_core.py.
"""
import dataclasses
import signal
import sys

from nomercy.cli import OneLineParser

_parser = OneLineParser(prog="scripts/hostile_core_tally.py", description=__doc__.splitlines()[0])
_parser.add_argument("-v", "--verbose", action="store_true", help="also print a note for every try that is not clear")
VERBOSE = _parser.parse_args().verbose  # --help or a typo stops here, before any try runs
from collections import Counter, defaultdict
from nomercy import new_game, GameState, ruleset
from nomercy.core.errors import NomercyError
from nomercy.core.rules import RuleSet, parse_settings
from nomercy.core.cards import Card, Rank, parse_cards
from nomercy.core.moves import parse_move
from nomercy.core import house
from nomercy.core.faces import Face, Picture
from nomercy.core.decks import DeckListing
from nomercy.core.engine import legal_moves, apply
import random

def _r(v):
    try: return repr(v)[:30]
    except Exception: return type(v).__name__
class Hang(Exception): pass
def _alarm(*a): raise Hang()
signal.signal(signal.SIGALRM, _alarm)
PY_WORDS = ("list indices", "NoneType", "not iterable", "invalid literal", "object has no attribute", "unhashable",
            "not subscriptable", "too many values", "not enough values", "KeyError", "positional argument")
tally = defaultdict(Counter); notes = defaultdict(list)

def healthy():
    try:
        s = new_game("no-mercy", 3, seed=1)
        return Rank.SEVEN.value == "7" and str(Card.parse("r7")) == "red 7" and s.card_count() == 168
    except Exception:
        return False

import os, pickle
def _run(fn, ok, seconds):
    signal.alarm(seconds)
    try:
        with house.trying():
            fn()
            out = ("accepted" if ok else "silent") if healthy() else "corrupted"
    except Hang:
        out = "hang"
    except NomercyError as e:
        msg = str(e)
        out = "wrongly-refused" if ok else ("python-words" if any(w in msg for w in PY_WORDS) or "\n" in msg else "clear")
    except Exception as e:
        out = "traceback"
    finally:
        signal.alarm(0)
    if not healthy():
        out = "corrupted"
    return out

def case(surface, label, fn, ok=False, seconds=5):
    """ok=True: a valid input that must be accepted. Each try runs in a forked child: a corruption stays there."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        out = _run(fn, ok, seconds)
        os.write(w, out.encode()); os._exit(0)
    os.close(w)
    data = b""
    while chunk := os.read(r, 100):
        data += chunk
    os.close(r); os.waitpid(pid, 0)
    out = data.decode() or "traceback"
    tally[surface][out] += 1
    if out not in ("clear", "accepted"):
        notes[surface].append(f"{out}: {label}")

HOSTILE = [None, True, 3.7, float("nan"), float("inf"), -1, 10**40, "", " ", "\ud800", "x" * 10000, [], {}, [[[]]], b"ab", object(), "OFFICIAL ", "1e3", "٣", "1_000"]

# --- RuleSet ------------------------------------------------------------------
from nomercy.core.rules import OPTIONS
BOOLS = {"voluntary_draw", "zero_pass", "last_card_draws", "jump_in", "no_bluff"}
def valid(field, v, text_ok):
    if field in BOOLS: return v is True
    if field == "name": return isinstance(v, str) and v.strip() == v and v != "" and v.isprintable() and len(v) < 60
    if field == "house": return v in ([], {})
    if field == "stacking": return v == "OFFICIAL "
    if field == "mercy_limit": return v is None
    if field == "seven_swap": return v is True
    return False
for field in [f.name for f in dataclasses.fields(RuleSet)]:
    for i, v in enumerate(HOSTILE):
        case("RuleSet(...)", f"{field}={_r(v)}", lambda: RuleSet(**{field: v}), ok=valid(field, v, False))
for field in list(OPTIONS):
    for v in HOSTILE:
        case("ruleset(name, **overrides)", f"{field}={_r(v)}", lambda: ruleset("no-mercy", **{field: v}), ok=valid(field, v, True))
for v in ["hand_size=0", "hand_size=100000000", "uno_penalty=999999999999", "mercy_limit=99999999999999",
          "score_target=0", "players=2-100000", "players=1-1", "stacking", "=x", "deck=", "a=b=c", "\ud800=1",
          "knockout_bonus=10000000000000000000"]:
    case("parse_settings/--set", v, lambda: ruleset("no-mercy", **parse_settings([v])))
for v in [None, 3, "", "NO-MERCY", "\ud800", "x" * 5000, ["no-mercy"]]:
    case("ruleset(name)", repr(v)[:30], lambda: ruleset(v))
for field in ["name", "house", "players"]:
    for v in HOSTILE:
        case("RuleSet.replace / dataclasses.replace", f"{field}={_r(v)}", lambda: dataclasses.replace(RuleSet(), **{field: v}), ok=valid(field, v, False))
case("ruleset(name)", "valid classic", lambda: ruleset("classic", hand_size="5"), ok=True)

# --- new_game -----------------------------------------------------------------
for v in [3.7, True, "7", None, float("nan"), -1, 10**5000, [1], 2**64 + 5]:
    case("new_game", f"seed={_r(v)}", lambda: new_game("no-mercy", 3, seed=v))
for v in ["ABC", "", [], ["A", "A"], ["A", ""], ["A", "a"], ["A", None], ["A", "B C"], ["\ud800", "B"], ["A\n", "B"],
          ["A" * 10000, "B"], 0, 1, 7, 10**9, -3, 2.0, True, ("A",), ["A", "B", "C", "D", "E", "F", "G"], range(3),
          ["A", 3], ["A", "\t"], {"A": 1, "B": 2}]:
    case("new_game", f"players={_r(v)}", lambda: new_game("no-mercy", v))
for v in [99, -1, 3, 2.0, True, "Z", "", None, 10**30, [0]]:
    case("new_game", f"dealer={_r(v)}", lambda: new_game("no-mercy", 3, dealer=v) if v is not None else (_ for _ in ()).throw(NomercyError("skip")))
case("new_game", "hand_size 55 mercy none", lambda: new_game("no-mercy", 3, hand_size=55, mercy_limit=None), ok=True)
for ov in [{"hand_size": 100}, {"players": "ABC"}, {"players": 3},
           {"deck": "nope"}, {"nonsense": 1}]:
    case("new_game", f"overrides={ov}", lambda: new_game("no-mercy", 3, **ov))
for v in [["draws", "B"], ["A:1", "B,2"], ["%", "B"]]:
    case("new_game", f"odd but readable seats {v}", lambda: GameState.from_text(new_game("no-mercy", v).to_text()), ok=True)
case("new_game", "valid", lambda: new_game("classic", ["Ann", "Bo"], seed=5, dealer="Ann"), ok=True)

# --- positions ----------------------------------------------------------------
base = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=1)
line = base.to_text()
def with_(key, value, text=line):
    return " ".join(f"{key}:{value}" if w.startswith(f"{key}:") else w for w in text.split())
words = dict(w.split(":", 1) for w in line.split())
hands = words["hands"].split("/")
top = words["discard"].split(",")[-1]
mutations = {
    "pending:-3": with_("pending", "-3"), "stack:-1": with_("stack", "-1"), "stuck:-1": with_("stuck", "-1"),
    "ply:-5": with_("ply", "-5"), "shuffles:-1": with_("shuffles", "-1"), "seed:-1": with_("seed", "-1"),
    "winner:9": with_("winner", "9"), "winner:-1": with_("winner", "-1"), "winner:1 phase turn": with_("winner", "1"),
    "phase over no winner": with_("phase", "over"), "turn:-1": with_("turn", "-1"), "dealer:-1": with_("dealer", "-1"),
    "color wrong": with_("color", "blue" if not top.startswith("b") else "red"), "color none": with_("color", "-"),
    "out:0 with cards": with_("out", "0"), "out:0,0": with_("out", "0,0"), "uno:1 with 7 cards": with_("uno", "1"),
    "uno:0,0": with_("uno", "0,0"), "drawn in turn phase": with_("drawn", hands[0].split(",")[0]),
    "phase play-drawn no drawn": with_("phase", "play-drawn"), "phase name-roulette": with_("phase", "name-roulette"),
    "challenge:9,guilty": with_("challenge", "9,guilty"), "challenge:0": with_("challenge", "0"),
    "challenge:0,guilty pending 0": with_("challenge", "0,guilty"), "pending 4 stack 0": with_("pending", "4"),
    "pending:99999999999999999999": with_("pending", "99999999999999999999"),
    "turn:١": with_("turn", "١"), "ply:1_0": with_("ply", "1_0"), "seats dup": with_("seats", "Ann,ann,Cy"),
    "seats empty name": with_("seats", "Ann,%,Cy"), "seats surrogate": with_("seats", "Ann,\ud800,Cy"),
    "end reason w/o over": with_("end", "dead%20end"), "stuck:99": with_("stuck", "99"),
"rules surrogate": with_("rules", "\ud800"),
    "rules players=2-2 with 3 seats": with_("rules", "no-mercy/players=2-2"),
    "rules bad option": with_("rules", "no-mercy/x"), "rules mercy 3": with_("rules", "no-mercy/mercy_limit=3"),
    "dir:cw,ccw": with_("dir", "cwccw"), "seed huge": with_("seed", "9" * 5000),
    "truncated": line[: len(line) // 2], "empty": "", "only spaces": "   ", "\ud800": "\ud800",
    "aside without out": with_("aside", hands[0]).replace("hands:" + words["hands"], "hands:-/" + "/".join(hands[1:])),
    "hands swapped to deal card count": with_("hands", "/".join([hands[0] + "," + hands[1], "-", hands[2]])),
    "seats 1": with_("hands", words["hands"].replace("/", ",")).replace("seats:Ann,Bo,Cy", "seats:Ann").replace("turn:0 ", "turn:0 "),
    "huge line": line + " " + "x" * 10**6,
}
for label, text in mutations.items():
    case("from_text", label, lambda: GameState.from_text(text))
case("from_text", "valid", lambda: GameState.from_text(line), ok=True)
case("from_text", "house rule set name", lambda: GameState.from_text(with_("rules", "zzz")), ok=True)

# --- house --------------------------------------------------------------------
def face(**kw):
    d = dict(name="HOUSE_X", notation="hx", short="hx", points=20, ruling="matching", picture=Picture("label", "X"))
    d.update(kw); return Face(**d)
for name in ["value", "face", "name", "index", "points", "short", "_make", "__init__", "__class__", "mro", "ZERO",
             "SEVEN", "", "not an identifier", "\ud800", "x" * 5000, 7, None]:
    case("register_face", f"name={_r(name)}", lambda: house.register_face(face(name=name)))
for kw in [dict(points=3.7), dict(points=10**40), dict(draw="2"), dict(draw=10**9), dict(wild="yes"), dict(notation=""),
           dict(notation="\ud800"), dict(short=""), dict(choices="color"),
           dict(aliases="abc"), dict(picture="x"), dict(effect=None), dict(ruling=None), dict(points=float("nan")),
           dict(notation="x" * 10000, short="y" * 10000), dict(discards="no"), dict(aliases=(None,)),
]:
    case("register_face", f"{kw!r:.40}", lambda: house.register_face(face(**kw)))
case("register_face", "valid", lambda: house.register_face(face()), ok=True)
for kw in [dict(notation="r", short="r"), dict(notation="7 red", short="7r"), dict(notation="choosing", short="choosing")]:
    case("register_face", f"odd but readable {kw}", lambda: house.register_face(face(**kw)), ok=True)
from nomercy.core.decks import DECKS
nm = DECKS["no-mercy"]
for label, listing in [
        ("count 10**9", lambda: DeckListing("huge", {Rank.SEVEN: 10**9}, {}, "x")),
        ("count -3", lambda: DeckListing("neg", {Rank.SEVEN: -3}, {}, "x")),
        ("count 2.5", lambda: DeckListing("flt", {Rank.SEVEN: 2.5}, {}, "x")),
        ("count True", lambda: DeckListing("bool", {Rank.SEVEN: True}, {}, "x")),
        ("wild in per_color", lambda: DeckListing("wpc", {Rank.WILD: 2}, {}, "x")),
        ("colored in wilds", lambda: DeckListing("cw", {}, {Rank.SEVEN: 2}, "x")),
        ("string keys", lambda: DeckListing("sk", {"7": 2}, {}, "x")),
        ("empty deck", lambda: DeckListing("empty", {}, {}, "x")),
        ("name ''", lambda: DeckListing("", dict(nm.per_color), dict(nm.wilds), "x")),
        ("name surrogate", lambda: DeckListing("\ud800", dict(nm.per_color), dict(nm.wilds), "x")),
        ("name with space", lambda: DeckListing("my deck", dict(nm.per_color), dict(nm.wilds), "x")),
        ("name dup", lambda: DeckListing("classic", dict(nm.per_color), dict(nm.wilds), "x")),
        ("per_color None", lambda: DeckListing("pn", None, {}, "x")),
        ("count 10**6 then game", None)]:
    if listing is None:
        case("register_deck", label, lambda: (house.register_deck(DeckListing("big", {Rank.SEVEN: 10**6}, {}, "x")), new_game("no-mercy", 2, deck="big")))
        continue
    case("register_deck", label, lambda: house.register_deck(listing()))
case("register_deck", "no number cards", lambda: house.register_deck(DeckListing("nonum", {Rank.SKIP: 5}, {Rank.WILD: 4}, "x")), ok=True)
case("register_deck", "valid", lambda: (house.register_deck(DeckListing("mine", dict(nm.per_color), dict(nm.wilds), "x")), new_game("no-mercy", 3, deck="mine")), ok=True)
from nomercy.core.rules import OptionInfo
case("register_option", "name value (not a rule set attribute)", lambda: house.register_option("value", OptionInfo("matching", "m", kind="bool"), False), ok=True)
for label, args in [
                    ("name replace", (lambda: ("replace", OptionInfo("matching", "m", kind="bool"), False))),
                    ("name name", (lambda: ("name", OptionInfo("matching", "m", kind="bool"), False))),
                    ("kind nonsense", (lambda: ("foo_opt", OptionInfo("matching", "m", kind="nonsense"), 1))),
                    ("choice no choices", (lambda: ("foo_opt", OptionInfo("matching", "m"), "a"))),
                    ("int default 10**40", (lambda: ("foo_opt", OptionInfo("matching", "m", kind="int"), 10**40))),
                    ("name 7", (lambda: (7, OptionInfo("matching", "m", kind="bool"), False))),
                    ("info None", (lambda: ("foo_opt", None, False)))]:
    case("register_option", label, lambda: house.register_option(*args()))
for label, fn in [("effect name None", lambda: house.register_effect(None, lambda *a: None)),
                  ("effect not callable", lambda: house.register_effect("e1", 42)),
                  ("ruling not a Ruling", lambda: house.register_ruling("x")),
                  ("first card not callable", lambda: house.register_first_card("fc", "x"))]:
    case("register_effect/ruling", label, fn)

# --- notation -----------------------------------------------------------------
case("Card.parse", "w", lambda: Card.parse("w"), ok=True)
case("Card.parse", "red  7 ", lambda: Card.parse("red  7 "), ok=True)
for v in [None, 7, "", "r", "r10", "\ud800", "x" * 100000, "wild" * 1000, "r7,", "rr7", b"r7", ["r7"]]:
    case("Card.parse", repr(v)[:30], lambda: Card.parse(v))
for v in [("x", "y"), ([], Rank.SEVEN), (None, None), (None, Rank.SEVEN)]:
    case("Card(...)", repr(v)[:30], lambda: Card(*v))
for v in [None, 7, "", "A", "A plays", "A plays r7 choosing", "Z draws", "A catches", "A plays \ud800", "A plays w choosing pink",
          "A " * 200, "A calls", "A names", "A plays r7 swapping with Q", ["A draws"]]:
    case("parse_move", repr(v)[:30], lambda: parse_move(v, ("A", "B", "C")))
case("parse_cards", "r7,,", lambda: parse_cards("r7,,"), ok=True)
for v in [None, 7, ["r7", None]]:
    case("parse_cards", repr(v)[:30], lambda: parse_cards(v))

# --- games end ------------------------------------------------------------------
# Random players (uniform over the legal moves) under option sets without the mercy rule; a round still
# going after 20,000 moves (the old drivers' cap) counts as a hang.
class NoEnd(Exception): pass
def play_random(rules, n, seed, limit=20_000):
    state = new_game(rules, n, seed=seed)
    rng = random.Random(seed)
    for i in range(limit):
        if state.is_over:
            return i
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
    if not state.is_over:
        raise Hang()
for label, rules in [("no-mercy, mercy none", dict(mercy_limit=None)),
                     ("no-mercy, mercy none, draw one, voluntary draw", dict(mercy_limit=None, draw="one", voluntary_draw=True)),
                     ("classic, draw until playable", dict(draw="until-playable")),
                     ("speltavlan, mercy none", dict(mercy_limit=None))]:
    profile = "classic" if label.startswith("classic") else "speltavlan" if label.startswith("speltavlan") else "no-mercy"
    for seed in range(4):
        case("games end", f"{label} seed {seed}", lambda: play_random(ruleset(profile, **rules), 2 + seed % 3, seed),
             ok=True, seconds=300)

print(f"{'surface':40} " + " ".join(f"{k:>9}" for k in ["tries", "clear", "accepted", "traceback", "hang", "silent", "py-words", "corrupted", "wrongly"]))
total = Counter()
for surface, c in tally.items():
    c2 = dict(c); total.update(c)
    row = [sum(c.values()), c["clear"], c["accepted"], c["traceback"], c["hang"], c["silent"], c["python-words"], c["corrupted"], c["wrongly-refused"]]
    print(f"{surface:40} " + " ".join(f"{v:>9}" for v in row))
c = total
print(f"{'TOTAL':40} " + " ".join(f"{v:>9}" for v in [sum(c.values()), c["clear"], c["accepted"], c["traceback"], c["hang"], c["silent"], c["python-words"], c["corrupted"], c["wrongly-refused"]]))
if VERBOSE:
    for s, ns in notes.items():
        for n in ns: print(f"  [{s}] {n}")
