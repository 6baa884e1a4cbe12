"""The project's rulebook: every ruling by its id, with the sources behind it.

Every event the engine produces cites one of these ids, so a learner can always
ask "why did that happen?". The page ``docs/rulebook.md`` is written from this
table (``scripts/write_docs.py``), and a test keeps the two equal.

>>> RULINGS["mercy"].title
'Mercy rule'
>>> explain("stacking").startswith("You may answer")
True
>>> RULINGS["stacking"].link
'docs/rulebook.md#stacking'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nomercy.core.errors import RulesError, brief
from nomercy.core.i18n import N_, words
from nomercy.core.rules import ROUND_MOVE_LIMIT
from nomercy.core.sources import SOURCES
from nomercy.core.records import made_by_the_package

__all__ = ["Ruling", "RULINGS", "PARTS", "explain", "in_language", "ruling_body", "rulebook_markdown", "said_list"]


@made_by_the_package("the rulebook's entries are written once, in nomercy.core.rulebook, and read through RULINGS")
@dataclass(frozen=True)
class Ruling:
    """One ruling: its id, a short title, the rule in plain words, and where it comes from.

    ``sources`` are the source ids that support the ruling (``original`` when it is
    the project's own reading); ``options`` are the rule options that change it; and
    ``readings`` are the other readings, each naming its source. ``cases`` spell the rule out
    case by case (the first card, face by face) where one paragraph would hide them.
    """

    id: str
    title: str
    text: str
    part: str = ""
    sources: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    cases: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"[{self.id}] {self.title}: {self.full_text}"

    @property
    def full_text(self) -> str:
        """The rule with its cases, as one paragraph."""
        return " ".join((self.text, *self.cases))

    @property
    def link(self) -> str:
        """Where the ruling is written out, relative to the top of the project."""
        return f"docs/rulebook.md#{self.id}"


PARTS = (
    N_("Setting up"),
    N_("A turn"),
    N_("Basic action cards"),
    N_("Draw cards and stacking"),
    N_("Skip-all, discard-all and the roulette"),
    N_("Sevens and zeros"),
    N_("Mercy, UNO and the end of a round"),
    N_("Classic UNO"),
)

_ZH, _FR, _OM, _SV, _CL, _OWN = (
    "manual-reading-zh", "manual-reading-fr", "open-mercy", "swedish-guide", "classic-rules", "original")

_MOVE_LIMIT = N_("A round that reaches {limit} moves ends there, and the player with the fewest cards wins "
    "(a tie goes as in a dead end). A real round takes a few hundred moves, but nothing else promises that "
    "every round ends: without the mercy rule (`mercy_limit: none`) draws can make hands grow faster than "
    "plays empty them while the cards go round through reshuffles, and even with it a big table can fall "
    "into forced moves that repeat for ever (two neighbours who can only draw the one reshuffled card, a "
    "reverse, and must play it back). No option set is to blame, so none is refused: such a round ends by "
    "this rule, and every round under every accepted option set ends.")
"""The move limit's text, with the limit as a placeholder (the number is written as each language writes it)."""


def _number(value: int, lang: str) -> str:
    """A large number as ``lang`` writes it: 10,000 in English and Chinese, 10 000 in Swedish and French."""
    return f"{value:,}".replace(",", "\u00a0") if lang in ("sv", "fr") else f"{value:,}"


_ROWS = [
    # --- Setting up ---------------------------------------------------------------------------
    Ruling("deal", "Deal",
           N_("Everyone gets 7 cards. The player to the dealer's left starts, and play goes clockwise. "
           "No Mercy is for 2 to 6 players; classic UNO for 2 to 10."),
           "Setting up", (_ZH, _FR, _CL),
           ("players", "hand_size"),
           (N_("No source says who deals first: the players agree on it."),
            N_("The Swedish guide allows 2 to 10 players (`speltavlan` profile)."),
            N_("Open Mercy's online game seats 2 to 20 (`open-mercy` profile)."))),
    Ruling("deck", "The deck",
           N_("No Mercy is played with 168 cards. Each color has two of every number from 0 to 9, 3 skips, 3 reverses, "
           "3 +2s, 2 +4s, 2 skip-alls and 3 discard-alls (36 cards per color). On top come 24 wilds: 8 wild reverse "
           "+4s, 4 wild +6s, 4 wild +10s and 8 wild roulettes. There is no plain wild and no black wild +4. Classic "
           "UNO has 108 cards: per color one 0, two of every number from 1 to 9, 2 skips, 2 reverses and 2 +2s; then "
           "4 wilds and 4 wild +4s."),
           "Setting up", (_ZH, _FR, _CL),
           ("deck",),
           (N_("Open Mercy lists another 168: one 0 per color, 3 of every colored action, 4 plain wilds and 4 of each "
            "other wild. The project doubts it; only the `open-mercy` profile plays with it (`deck: open-mercy`)."),
            N_("The Swedish guide speaks of 112 cards but never says which, so the `speltavlan` profile plays with the "
            "printed No Mercy deck."),
            N_("The counts per color of the printed deck are the weakest point: a listing outside our sources gives "
            "2 +2s per color instead of 3, which would not add up to 168."))),
    Ruling("first-card", "First card",
           N_("The first card turned up starts the discard pile. Under the printed No Mercy rules, cards are "
           "turned until a number card shows; action and wild cards turned on the way stay buried under it and "
           "do nothing. With the option `first_card: apply` (and in classic UNO) the first card turned up acts at "
           "once instead; what each card does is listed card by card."),
           "Setting up", (_ZH, _FR, _OM, _CL),
           ("first_card",),
           (N_("Open Mercy's guide applies the first card (`first_card: apply`, `open-mercy` profile); it covers the "
            "skip, the reverse, the +2 and +4, the skip-all and the wild, and its skip-all lets the dealer play first."),
            N_("The Swedish guide applies the first card to the player left of the dealer but turns a new card for a "
            "skip-all or a wild reverse +4; `speltavlan` uses `first_card: apply` for every card, so those two act "
            "as listed above (after a skip-all the dealer starts; the wild reverse +4 follows the project's "
            "reading)."),
            N_("Classic UNO applies the first card as listed above, and puts a wild +4 back.")),
           (N_("The idea behind every case: the first card hits whoever would be next after the dealer. That is "
            "usually the first player, on the dealer's left; after a wild reverse +4, the dealer's right-hand "
            "neighbour. It is not quite as if the dealer had played it: its target names a wild's color, "
            "cannot stack on a first draw card, and a 7, a 0 or a discard-all does nothing."),
            N_("The reverse is the one exception, printed in classic UNO: the dealer starts, going the other way."),
            N_("A number card or a discard-all: nothing happens; the first player starts. A 7 or a 0 turned up "
            "first does nothing either: nobody swaps or passes."),
            N_("A skip: the first player is skipped; the player after them starts."),
            N_("A reverse: the direction turns and the dealer starts, going the other way (with two players that "
            "is the same as a skip)."),
            N_("A +2 or +4: the first player draws 2 or 4 and loses the turn, with no chance to stack; the player "
            "after them starts."),
            N_("A skip-all: the dealer starts."),
            N_("A plain wild (classic UNO and the Open Mercy online game's deck): the first player names the color "
               "and starts."),
            N_("A wild +6 or wild +10 (the project's reading): the first player names the color, then draws 6 or 10 "
            "and loses the turn; the player after them starts."),
            N_("A wild reverse +4 (the project's reading, following the idea above): the direction turns; the player "
            "now after the dealer (the dealer's right-hand neighbour) names the color, draws 4 and loses the "
            "turn. The player after them, going the new way, starts."),
            N_("A wild roulette (the project's reading): the first player names a color, turns up cards until one "
            "of that color shows, keeps them all and loses the turn; the player after them starts."),
            N_("A classic wild +4: it goes back into the deck and another card is turned up."))),
    # --- A turn ------------------------------------------------------------------------------
    Ruling("matching", "Matching",
           N_("On your turn you play one card that matches the top card of the discard pile by color, by number or "
           "by symbol; a wild goes on any top card, and on a wild only its color counts. While a draw is "
           "pending, though, only a draw card may be "
           "played (ruling `stack-answers`). The color in force is the top card's color, or the color named "
           "for a wild. A player who can play must play (our reading: the printed sheet covers only a match, play "
           "it, and no match, draw), though a pending draw may always be taken instead of answered. In classic "
           "UNO (`voluntary_draw: true`) a player may draw instead of playing."),
           "A turn", (_ZH, _FR, _OM, _CL),
           ("voluntary_draw",),
           (N_("The printed No Mercy sheet only says what to do with a match (play it) and without one (draw); "
            "this project reads that as \"if you can play, you must\". The option `voluntary_draw: true` lets "
            "you draw anyway, as classic UNO does."),)),
    Ruling("draw-until-playable", "Drawing until you can play",
           N_("If you cannot play, you draw cards one by one until one of them can be played, and then you must play "
           "that card at once. This is what the printed No Mercy rules say (`draw: until-playable`)."),
           "A turn", (_ZH, _FR, _OM),
           ("draw",),
           (N_("The Swedish guide and classic UNO draw one card only (`draw: one`, ruling `draw-one`)."),)),
    Ruling("draw-one", "Drawing one card",
           N_("With `draw: one` (classic UNO, and the Swedish guide), a player who cannot play, or chooses not to, "
           "draws one card. If it can be played they may play it at once; otherwise they keep it and the turn "
           "passes."),
           "A turn", (_CL, _SV),
           ("draw",),
           (N_("The printed No Mercy rules draw until a card can be played (ruling `draw-until-playable`)."),)),
    Ruling("wild-color", "Naming a color",
           N_("Whoever plays a wild names the color that is now in force, any of the four, whatever their hand holds, "
           "with one exception: for a wild roulette the next player names the color, not its player (ruling "
           "`wild-roulette`). Apart from what may answer a pending draw (ruling `stack-answers`), only the classic "
           "wild +4 is limited in when it may be played (ruling `wild-four-restriction`)."),
           "A turn", (_ZH, _FR, _OM, _SV, _CL)),
    # --- Basic action cards -------------------------------------------------------------------
    Ruling("skip", "Skip",
           N_("A skip makes the next player lose their turn: play goes on with the player after them."),
           "Basic action cards", (_ZH, _FR, _OM, _CL)),
    Ruling("reverse", "Reverse",
           N_("A reverse turns the direction of play around: clockwise becomes counterclockwise, and back."),
           "Basic action cards", (_ZH, _FR, _OM, _CL)),
    Ruling("reverse-two-players", "Reverse with two players",
           N_("With only two players left, a reverse works like a skip: the other player is passed over and you play "
           "again."),
           "Basic action cards", (_ZH, _FR, _OM, _CL)),
    Ruling("draw-card", "Draw cards",
           N_("A draw card (+2, +4, wild +6, wild +10, wild reverse +4; in classic UNO the wild +4) makes the next "
           "player draw its value and lose their turn, unless the rules let them stack an answer (ruling "
           "`stacking`). In No Mercy the +4 is a colored card and matches like one."),
           "Basic action cards", (_ZH, _FR, _OM, _CL)),
    # --- Draw cards and stacking ----------------------------------------------------------------
    Ruling("stacking", "Stacking",
           N_("You may answer a draw card played at you with a draw card of your own worth at least as much as the "
           "last draw card played (not the total so far); its color does not matter. The pending draw adds up and "
           "passes on. Whoever cannot or will not answer draws the whole total and loses the turn."),
           "Draw cards and stacking", (_ZH, _FR, _OM),
           ("stacking",),
           (N_("Open Mercy lists two house rules: wild draw cards go on any draw card "
            "(`stacking: wilds-on-anything`), and any draw card goes on any other (`stacking: anything-goes`)."),
            N_("The Swedish guide lets any draw card go on any other (`anything-goes`, the `speltavlan` profile)."),
            N_("Classic UNO has no stacking at all (`stacking: none`, ruling `no-stacking`)."))),
    Ruling("draw-values", "Draw values",
           N_("A +2 is worth 2, a +4 and a wild reverse +4 are worth 4, a wild +6 is worth 6, a wild +10 is worth 10."),
           "Draw cards and stacking", (_ZH, _FR, _OM)),
    Ruling("stack-answers", "What answers a stack",
           N_("Only draw cards answer a pending draw. A skip, reverse, skip-all, discard-all, number card, plain wild "
           "or wild roulette does not."),
           "Draw cards and stacking", (_ZH, _OM)),
    Ruling("wild-reverse-four", "Wild reverse +4",
           N_("It turns the direction first; then the next player in the new direction is its target. Played on a "
           "stack (on a +2 or any +4, never on a wild +6 or +10), it sends the whole total to that target. With three or "
           "more players that is back the way the stack came; with two, it is the player who played it "
           "(`wild-reverse-four-two-players`)."),
           "Draw cards and stacking", (_ZH, _FR, _OM, _SV)),
    Ruling("wild-reverse-four-two-players", "Wild reverse +4 with two players",
           N_("With two players left, whoever plays a wild reverse +4 becomes its target. They may answer it with a "
           "draw card worth at least as much as the last one played (+4 or more), or draw the 4. A player who "
           "can play must play, and a drawn card that fits must be played: so when it is the only card that "
           "fits, you must play it at yourself."),
           "Draw cards and stacking", (_ZH, _FR),
           ("two_player_reverse_draw",),
           (N_("Open Mercy's online game sends the +4 to the opponent (`two_player_reverse_draw: opponent`)."),)),
    # --- Skip-all, discard-all and the roulette --------------------------------------------------------------------
    Ruling("skip-all", "Skip-all",
           N_("Every other player is skipped, so you take another full turn. (The printed card says Skip Everyone.)"),
           "Skip-all, discard-all and the roulette", (_ZH, _FR, _OM, _SV)),
    Ruling("discard-all", "Discard-all",
           N_("It is played like any colored action card. All your other cards of its color go under it at once, "
           "without their effects, and the discard-all stays on top. It may be the only card of its color you "
           "hold, and it can empty your hand and win."),
           "Skip-all, discard-all and the roulette", (_ZH, _FR, _SV),
           ("discard_all_top",),
           (N_("Open Mercy lets the player pick which of the discarded cards lies on top, and that card's effect "
            "applies (`discard_all_top: choose`)."),)),
    Ruling("wild-roulette", "Wild roulette",
           N_("The next player names a color and turns up cards from the draw pile until one of that color shows "
           "(wilds do not count). They keep every card turned up and lose their turn; the named color is in force. "
           "The roulette is not a draw card: it cannot go on a pending stack or answer one. (The printed card "
           "says Wild Color Roulette.)"),
           "Skip-all, discard-all and the roulette", (_ZH, _FR, _OM),
           (),
           (N_("Which color is in force afterwards is not printed; this project reads it as the named color."),)),
    # --- Sevens and zeros ----------------------------------------------------------------------------
    Ruling("seven", "Seven",
           N_("Whoever plays a 7 must swap hands with a player of their choice who is still in the round. Play goes "
           "on in the same direction, from the player after them."),
           "Sevens and zeros", (_ZH, _FR),
           ("seven_swap",),
           (N_("Open Mercy's online game lets you keep your hand (`seven_swap: optional`)."),
            N_("The Swedish guide and classic UNO have no 7 swap except as a house rule (`seven_swap: off`)."))),
    Ruling("zero", "Zero",
           N_("Every player still in the round passes their whole hand to the next player in the direction of play. "
           "Nobody changes seats."),
           "Sevens and zeros", (_ZH, _FR, _OM),
           ("zero_pass",),
           (N_("The Swedish guide and classic UNO have no hand passing (`zero_pass: false`)."),)),
    # --- Mercy, UNO and the end of a round ------------------------------------------------------------
    Ruling("mercy", "Mercy rule",
           N_("A player who holds 25 cards or more is out of the round at once, even halfway through a draw; the "
           "rest of that draw is cancelled. Their hand is set aside until the next reshuffle, and their seat is "
           "passed over until the round ends (nobody can swap with it)."),
           "Mercy, UNO and the end of a round", (_ZH, _FR, _OM),
           ("mercy_limit",),
           (N_("What happens to the rest of a draw is not printed; this project cancels it."),
            N_("Classic UNO has no mercy rule (`mercy_limit: none`)."))),
    Ruling("winning", "Winning",
           N_("Playing your last card wins the round at once: a last 7 or 0 swaps nothing, and a last draw card makes "
           "nobody draw. Being the only player left also wins. In two rare cases, when nobody can play or draw and "
           "after 10,000 moves, the fewest cards win."),
           "Mercy, UNO and the end of a round", (_ZH, _FR, _OM),
           ("last_card_draws",),
           (N_("Whether a last draw card still counts is not printed; this project reads it as no."),
            N_("The Swedish guide and classic UNO make the next player draw anyway (`last_card_draws: true`, ruling "
            "`last-card-draws`)."))),
    Ruling("uno", "UNO",
           N_("Whoever is left holding one card after a move must call UNO. Say it as your card goes down; the "
           "engine takes the call as a move of its own right after that card. Caught before you call, you draw 2. "
           "You can be caught until the next move that is neither a call nor a catch. "
           "Usually that is the next player's play or draw. After it, it is too late. This holds however the "
           "hand came down to one card: by playing, or by being handed "
           "a one-card hand by a 7 or a 0."),
           "Mercy, UNO and the end of a round", (_ZH, _FR, _SV, _CL),
           ("uno_penalty",),
           (N_("Open Mercy's online game charges 10 cards for being caught (`uno_penalty: 10`)."),
            N_("The printed No Mercy sheet ends the chance \"before the next player's turn begins\", but never says "
            "when that turn begins. If it began as your card goes down, nobody could ever catch you. The Swedish guide says "
            "\"before the next player has drawn or played\": a moment everyone at the table sees. This project "
            "follows those words (our reading), though it trusts that guide least elsewhere."),
            N_("The sources speak only of playing down to one card; that a one-card hand received by a 7 or 0 "
            "must be called too is this project's reading (it keeps the rule the same for every one-card hand)."))),
    Ruling("empty-draw-pile", "Empty draw pile",
           N_("When the draw pile runs out, the discard pile except its top card, together with any hands set aside "
           "by the mercy rule, is shuffled into a new draw pile, and an unfinished draw goes on. If no card is left "
           "anywhere, the draw stops short and the engine says so."),
           "Mercy, UNO and the end of a round", (_ZH, _OM, _SV, _CL)),
    Ruling("dead-end", "Dead end",
           N_("If every player still in the round, one after the other, can neither play nor draw, the round ends and "
           "the player with the fewest cards wins (a tie goes to the first of them counting from the player whose "
           "turn it is). An ordinary table never gets there: even when the cards run out in the middle of a draw "
           "(ruling `empty-draw-pile`), some player can still play; it takes unusual options or a position "
           "built by hand."),
           "Mercy, UNO and the end of a round", (_OWN,),
           (),
           (N_("No source covers it; this is the project's reading."),)),
    Ruling("move-limit", "Move limit",
           _MOVE_LIMIT.format(limit=_number(ROUND_MOVE_LIMIT, "en")),
           "Mercy, UNO and the end of a round", (_OWN,),
           (),
           (N_("No source covers it; this is the project's own rule."),)),
    Ruling("scoring", "Scoring",
           N_("Scoring is optional. The winner of a round scores the cards left in the hands of the other players "
           "still in the round: number cards at face value, colored action cards 20, wilds 50; and in No Mercy 250 for each "
           "player knocked out this round (their cards do not count). The first to 1000 wins the match (500 in classic UNO)."),
           "Mercy, UNO and the end of a round", (_ZH, _FR, _OM, _CL),
           ("score_target", "knockout_bonus")),
    Ruling("jump-in", "Jump-in",
           N_("Off unless switched on (`jump_in: true`). Then a player holding a card identical to the top card, same "
           "color and same face, may play it out of turn; play goes on from them."),
           "Mercy, UNO and the end of a round", (_SV, _CL),
           ("jump_in",),
           (N_("Both the Swedish guide and the classic sheet list it as a house rule, not the standard rule."),)),
    # --- Classic UNO ---------------------------------------------------------------------------------
    Ruling("no-stacking", "No stacking",
           N_("In classic UNO (`stacking: none`) a draw card cannot be answered with another: the next player draws "
           "and loses the turn."),
           "Classic UNO", (_CL,),
           ("stacking",),
           (N_("Stacking is a popular house rule in classic UNO; the classic sheet says it is not part of the "
            "standard rules."),)),
    Ruling("wild-four-restriction", "Wild +4 restriction",
           N_("In classic UNO a wild +4 is meant for a player who holds no card of the color in force. A card of the "
           "same number or symbol does not count, only the color. Nobody sees your hand, so you can play it anyway, "
           "as a bluff: if the next player challenges and you held that color, you draw the 4 instead (`challenge`)."),
           "Classic UNO", (_CL,),
           ("no_bluff",),
           (N_("The house rule `no_bluff: true` lets any wild +4 be played at any time, so there is nothing to "
            "challenge."),)),
    Ruling("challenge", "Challenge",
           N_("The target of a classic wild +4 may challenge it instead of drawing. If its player held a card of the "
           "color in force before the wild +4, the +4 was played against the rule (it was \"guilty\") and its player draws the 4 "
           "instead. If not, the challenger draws the 4 and 2 more, 6 in all, and loses the turn."),
           "Classic UNO", (_CL,),
           ("no_bluff",)),
    Ruling("last-card-draws", "A last draw card still counts",
           N_("With `last_card_draws: true` (classic UNO, and the Swedish guide), a draw card played as the last card "
           "(a +2 or wild +4 in classic UNO; any draw card with the No Mercy deck) still makes the next player "
           "draw. The draw comes before the round ends, so those cards count for the winner."),
           "Classic UNO", (_CL, _SV),
           ("last_card_draws",)),
]

RULINGS: dict[str, Ruling] = {row.id: row for row in _ROWS}


class UnknownRuling(RulesError, KeyError):
    """A ruling id the rulebook does not hold (a ``KeyError`` too, as a missing key of :data:`RULINGS` is)."""

    def __str__(self) -> str:  # a KeyError prints its message quoted; this is a sentence
        return str(self.args[0]) if self.args else ""


def explain(ruling_id: str) -> str:
    """The plain-language text of a ruling."""
    try:
        if not isinstance(ruling_id, str):
            raise KeyError(ruling_id)
        return RULINGS[ruling_id].full_text
    except KeyError:
        raise UnknownRuling(f"no ruling {brief(ruling_id)} in the rulebook; its ids are like "
                            f"{', '.join(list(RULINGS)[:4])} (RULINGS lists them all)") from None


def _printable(text: str) -> bool:
    """A line a page can show: no control character (a no-break space, which French puts before "!", is one)."""
    return text.replace("\u202f", " ").replace("\u00a0", " ").isprintable()


def in_language(ruling: Ruling, lang: str, title: str = "") -> Ruling:
    """``ruling`` in ``lang``: its text, cases and other readings from the catalogs, its title ``title`` (the
    term tables' word for it, :mod:`nomercy.teaching.terminology`; the English title when not given). Its id,
    sources and options do not change: they are names, the same in every language."""
    if not isinstance(ruling, Ruling) or RULINGS.get(ruling.id) != ruling:
        raise RulesError(f"a ruling of the rulebook is translated, like RULINGS['mercy'], not {brief(ruling)}")
    if not isinstance(title, str) or len(title) > 200 or not _printable(title):
        raise RulesError(f"a ruling's title is a line of up to 200 characters, not {brief(title)}")
    say = words(lang).gettext
    text = (say(_MOVE_LIMIT, limit=_number(ROUND_MOVE_LIMIT, lang)) if ruling.id == "move-limit"
            else say(ruling.text))
    return replace(ruling, title=title or ruling.title, text=text, cases=tuple(map(say, ruling.cases)),
                   readings=tuple(map(say, ruling.readings)))


_SEMICOLON = N_("{items}; {item}")
"""A list of parts one after the other, as the language separates them (French spaces its semicolon, Chinese
writes the full-width one)."""


def said_list(parts: list[str], lang: str = "en") -> str:
    """``parts`` one after the other, separated by a semicolon as ``lang`` writes it ("a; b" in English)."""
    if lang == "en":
        return "; ".join(parts)
    say = words(lang).gettext
    joined = parts[0] if parts else ""
    for part in parts[1:]:
        joined = say(_SEMICOLON, items=joined, item=part)
    return joined


_INTRO = N_("Every ruling the project plays by, in its own words. Each has an id: the engine's events cite it "
            "(`[mercy]`), and the notebooks, widgets and puzzles link here. The default rules are the printed "
            "No Mercy instruction sheet (Mattel, 2023) as the two most trusted sources read it; where the sources "
            "disagree, the other readings are **rule options** that you can switch on. The sources are described "
            "on the [sources page](sources.md); the words on the [glossary](glossary.md).")


_CONTENTS_LINE = N_("- **{part}**: {rulings}")
_OPTION = N_("{option} ({meaning})")  # an option of a ruling and what it sets (Chinese brackets are full-width)
_LIST_ITEM = N_("{items}, {item}")  # the list's middle, one item at a time (a comma; 、 in Chinese)
"""A line of the contents in another language: a part of the rulebook and its rulings' titles (English lists ids)."""


def _titles(titles: object) -> dict[str, str]:
    """``titles`` checked: the rulings' titles in a language, by id (a title of each ruling, or none)."""
    if titles is None:
        return {}
    if not isinstance(titles, dict) or not all(isinstance(k, str) and k in RULINGS and isinstance(v, str)
                                               and 0 < len(v) <= 200 and _printable(v) for k, v in titles.items()):
        raise RulesError("the titles are a dict of ruling id to its title in the language, like "
                         f"{{'mercy': 'Nåderegeln'}}, not {brief(titles)}")
    return titles


def rulebook_markdown(lang: str = "en", titles: object = None) -> str:
    """``docs/rulebook.md``: every ruling, part by part, with its sources, options and other readings.

    In another language ``lang`` (the site's Rules pages), every sentence comes from the catalogs and each
    ruling's title from ``titles`` (by id: the term tables' words); the anchors are the ids, the same in
    every language, so a link to a ruling lands on it whichever language the page is in."""
    from nomercy.core.rules import PROFILES, PROFILE_SOURCES

    say = words(lang).gettext
    titles = _titles(titles)
    rows = [in_language(r, lang, titles.get(r.id, "")) for r in _ROWS]
    lines = [
        "# " + say(N_("The rulebook")),
        "",
        "<!-- Written by scripts/write_docs.py from nomercy/core/rulebook.py; do not edit by hand. -->",
        "",
        say(_INTRO),
        "",
        "## " + say(N_("Profiles")),
        "",
        say(N_("| profile | what it is |")),
        "|---|---|",
    ]
    for name in PROFILES:
        lines.append(f"| `{name}` | {say(PROFILE_SOURCES[name])} |")
    lines += ["", "## " + say(N_("Sources")), "", say(N_("Each ruling names the sources that support it. In full:")),
              "", say(N_("| source | title |")), "|---|---|"]
    for source in SOURCES.values():  # another language names a source in its words alone (its id is English)
        code = f" (`{source.id}`)" if lang == "en" else ""
        lines.append(f"| [{say(source.name)}](sources.md#{source.id}){code} | {say(source.title)} |")
    lines += ["", "## " + say(N_("Contents")), ""]
    english = lang == "en"
    for part in PARTS:
        # English lists the ids, which the engine's events cite; another language the rulings' titles (a reader
        # of it cannot tell one English id from another), each a link to its ruling, whose anchor is the id
        if english:
            lines.append(f"- **{part}**: " + ", ".join(f"[`{r.id}`](#{r.id})" for r in rows if r.part == part))
            continue
        named = [f"[{r.title}](#{r.id})" for r in rows if r.part == part]
        listed = named[0]
        for title in named[1:]:
            listed = say(_LIST_ITEM, items=listed, item=title)
        lines.append(say(_CONTENTS_LINE, part=say(part), rulings=listed))
    for part in PARTS:
        lines += ["", f"## {say(part)}"]
        for r in rows:
            if r.part == part:
                heading = f"### `{r.id}` · {r.title}" if english else f"### {r.title}"
                lines += ["", f'<a id="{r.id}"></a>', "", heading, "", *ruling_body(r, lang)]
    return "\n".join(lines) + "\n"


def ruling_body(ruling: Ruling, lang: str = "en", sources_at: str = "sources.md#{}") -> list[str]:
    """The Markdown lines under a ruling's heading: its text, its cases, its sources (each a link to
    ``sources_at`` with the source id in it), its options and the other readings. The one rendering of a
    ruling in full: docs/rulebook.md and the lessons' appendix (whose sources are on the same page) use it."""
    from nomercy.core.rules import OPTIONS

    if not isinstance(ruling, Ruling):
        raise RulesError(f"a ruling of the rulebook is written out, like RULINGS['mercy'], not {brief(ruling)}")
    if not isinstance(sources_at, str) or sources_at.count("{}") != 1 or len(sources_at) > 200 \
            or not sources_at.isprintable():
        raise RulesError(f"sources_at is a link with one {{}} for the source id, like 'sources.md#{{}}', "
                         f"not {brief(sources_at)}")
    say = words(lang).gettext
    lines = [ruling.text, ""]
    if ruling.cases:  # "*" bullets: a list of its own, apart from the "-" list of sources and options below
        lines += [f"* {case}" for case in ruling.cases] + [""]
    links = said_list([f"[{say(SOURCES[s].name)}]({sources_at.format(s)})" for s in ruling.sources], lang)
    lines.append(say(N_("- Sources: {sources}."), sources=links))
    if ruling.options:
        if lang == "en":
            shown = ", ".join(f"`{o}` ({say(OPTIONS[o].meaning)})" for o in ruling.options)
        else:
            said = [say(_OPTION, option=f"`{o}`", meaning=say(OPTIONS[o].meaning)) for o in ruling.options]
            shown = said[0]
            for option in said[1:]:
                shown = say(_LIST_ITEM, items=shown, item=option)
        lines.append(say(N_("- Options: {options}."), options=shown))
    lines += [f"- {reading}" for reading in ruling.readings]
    return lines
