"""A still picture of a table, as a teaching aid: the seats, the top card and the facts in force, and the hand
of whoever must act.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from nomercy.core import inputs, seat_words
from nomercy.core.cards import Color
from nomercy.core.engine import legal_moves
from nomercy.core.i18n import N_, SOURCE, Words, language, words
from nomercy.core.said import COLOR_WORDS, card_name, n_
from nomercy.core.wording import is_you, plural, rules_name, says, verb
from nomercy.teaching.card_pictures import COLOR_FILL, FONT, card_img, card_marks, picture_width
from nomercy.teaching.hand_pictures import hand_html, in_parentheses

if TYPE_CHECKING:  # pragma: no cover
    from nomercy.core.state import GameState, PlayerView

__all__ = ["state_html"]


# --- the table -----------------------------------------------------------------------

def _badge(text: str, fill: str, ink: str = "#ffffff") -> str:
    """A word beside a seat's name; the space before it keeps the two apart in the picture's text as well."""
    return (f' <span style="display:inline-block;padding:0 6px;border-radius:8px;background:{fill};color:{ink};'
            f'font-size:11px;font-weight:bold;margin-left:1px">{escape(text)}</span>')


def _meter(count: int, limit: int) -> str:
    """``n/limit`` as text (it carries the meaning) plus a bar that fills towards the limit."""
    share = min(count / limit, 1.0) if limit else 0.0
    fill = "#2e9d48" if share < 0.6 else "#f4a20d" if share < 0.84 else "#d7262b"
    return (f'<span style="display:inline-block;width:64px;height:8px;background:#e6e6e6;border-radius:4px;'
            f'overflow:hidden;vertical-align:middle;margin-right:6px"><span style="display:block;height:8px;'
            f'width:{round(share * 100)}%;background:{fill}"></span></span>{count}/{limit}')


def _swatch(color: Color | None, lang: str = SOURCE) -> str:
    """The color in force: a square of it, and its name and mark (English: RED (R); another language its own word for
    the color and the mark its cards show)."""
    if color is None:
        return escape(words(lang).gettext(N_("none")))
    mark, word = card_marks(lang)[color]
    swatch = (f'<span style="display:inline-block;width:11px;height:11px;border-radius:2px;vertical-align:-1px;'
              f'background:{COLOR_FILL[color]};border:1px solid #555;margin-right:4px"></span>')
    if lang != SOURCE:
        word = words(lang).gettext(COLOR_WORDS[color])
        if word.startswith(mark):  # the Chinese 綠 is the first character of 綠色: said once (issue 41, 「綠色 (綠)」)
            return f"{swatch}<b>{escape(word)}</b>"
    gap, marked = in_parentheses(escape(mark), lang)
    return f"{swatch}<b>{escape(word)}</b>{gap}{marked}"


# The picture's words in another language (English says them as it always has, below).
_OVER = N_("The round is over.")
_VIEWER_BADGE = N_("you, as the mark beside the seat whose hand is shown")
"""The mark beside a seat that is the person's, when the seat has another name than You ('du', 'vous', '你')."""
_PHASES: dict[str, tuple[str, str]] = {
    "won": (N_("{player} wins the round."), N_("You win the round.")),
    "play_drawn": (N_("{player} drew {card}, a card that can be played, and must play it."),
                   N_("You drew {card}, a card that can be played, and must play it.")),
    "keep_or_play": (N_("{player} drew {card}: play it now, or keep it and pass."),
                     N_("You drew {card}: play it now, or keep it and pass.")),
    "roulette": (N_("{player} was hit by the roulette: {player} names a color, then turns up cards until one of that "
                    "color shows and keeps them all."),
                 N_("You were hit by the roulette: you name a color, then turn up cards until one of that color shows "
                    "and keep them all.")),
    "first_color": (N_("A wild was turned up first: {player} names the color."),
                    N_("A wild was turned up first: you name the color.")),
    "stack": (N_("{player} must answer the stack with a draw card, or draw {count}."),
              N_("You must answer the stack with a draw card, or draw {count}.")),
    "play": (N_("{player} to play."), N_("Your turn to play.")),
}


def _phase_said(state: Any, names: Sequence[str], said: Words) -> str:
    """Who must decide what, in the language of ``said`` (a seat called You with its own sentences)."""
    from nomercy.core.state import Phase

    phase = state.phase
    if phase is Phase.OVER and state.winner is None:
        return said.gettext(_OVER)
    who = names[state.winner if phase is Phase.OVER else state.turn]
    key = ("won" if phase is Phase.OVER else "play_drawn" if phase is Phase.PLAY_DRAWN
           else "keep_or_play" if phase is Phase.KEEP_OR_PLAY else "roulette" if phase is Phase.NAME_ROULETTE
           else "first_color" if phase is Phase.NAME_FIRST_COLOR else "stack" if state.pending else "play")
    other, you = _PHASES[key]
    drawn = card_name(state.drawn, said.lang) if getattr(state, "drawn", None) is not None else ""
    return said.gettext(you if is_you(who) else other, player=who, card=drawn, count=state.pending)


def _phase_sentence(state: Any, names: Sequence[str]) -> str:
    """Who must decide what, in words."""
    from nomercy.core.state import Phase

    phase = state.phase
    if phase is Phase.OVER:
        if state.winner is None:
            return "The round is over."
        how = f" ({state.end_reason})" if state.end_reason else ""
        return f"{says(names[state.winner], 'wins')} the round{how}."
    who = names[state.turn]
    if phase is Phase.PLAY_DRAWN:
        return f"{who} drew {state.drawn}, a card that can be played, and must play it."
    if phase is Phase.KEEP_OR_PLAY:
        return f"{who} drew {state.drawn}: play it now, or keep it and pass."
    if phase is Phase.NAME_ROULETTE:
        named = "you" if is_you(who) else who  # after the colon, the seat called You is "you"
        return (f"{says(who, 'was')} hit by the roulette: {says(named, 'names')} a color, then {verb(who, 'turns')} up "
                f"cards until one of that color shows and {verb(who, 'keeps')} them all.")
    if phase is Phase.NAME_FIRST_COLOR:
        return f"A wild was turned up first: {says('you' if is_you(who) else who, 'names')} the color."
    if state.pending:
        return f"{who} must answer the stack with a draw card, or draw {state.pending}."
    return f"{who} to play."  # no verb: the same for every seat


def state_html(state: "GameState | PlayerView", *, width: float = 48, inline: bool = False,
               lang: str = SOURCE) -> str:
    """A still picture of a table, as a teaching aid.

    Seats with card counts, mercy meter and knocked-out badges, the top card with the
    color in force, the pending draw, the direction of play, the draw pile, and the
    hand of whoever must act, face up with its playable cards marked (a
    :class:`~nomercy.core.state.PlayerView` shows its own seat's hand instead). ``lang`` (a code of
    :data:`nomercy.core.i18n.LANGUAGES`) says its words and draws its cards in that language.
    """
    from nomercy.core.state import GameState, Phase, PlayerView

    inputs.one_of_kind(state, (GameState, PlayerView), "a position (a GameState) or the view of one player")
    width = picture_width(width)
    inline = inputs.switch(inline, "inline")
    lang = language(lang)
    said = words(lang)
    english = lang == SOURCE
    t = said.gettext  # English: the message itself
    view = state if isinstance(state, PlayerView) else None
    is_view = view is not None
    names = state.seats
    if view is not None:
        sizes, draw_size, set_aside = view.hand_sizes, view.draw_pile_size, view.set_aside_size
    else:
        assert not isinstance(state, PlayerView)
        sizes = tuple(len(h) for h in state.hands)
        draw_size, set_aside = len(state.draw_pile), len(state.set_aside)
    limit = state.rules.mercy_limit
    over = state.phase is Phase.OVER
    cell = "padding:3px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:middle;white-space:nowrap"

    rows = []
    for i, name in enumerate(names):
        turn = i == state.turn and not over
        knocked = i in state.out
        marks = []
        if knocked:
            marks.append(_badge(t(N_("out")), "#555555"))
        if state.winner == i:
            marks.append(_badge(t(N_("winner")), "#2e9d48"))
        if i in state.catchable:
            marks.append(_badge(t(N_("UNO not called")), "#f4c20d", "#1d1d1f"))
        if view is not None and i == view.seat and not is_you(name):  # (You, Du, Vous, 你 say it already)
            marks.append(_badge("you" if english else t(_VIEWER_BADGE), "#1f63c6"))
        count = "—" if knocked else str(sizes[i])
        mercy = ""
        if limit:
            mercy = f'<td style="{cell}">{"—" if knocked else _meter(sizes[i], limit)}</td>'
        row_style = ' style="color:#8a8a8a"' if knocked else ' style="background:#fff4e0"' if turn else ""
        rows.append(
            f'<tr data-seat="{escape(name)}"{row_style}><td style="{cell};width:1.5em">{"▶" if turn else ""}</td>'
            f'<td style="{cell}"><b>{escape(seat_words.label(name, lang))}</b>{"".join(marks)}</td>'
            f'<td style="{cell}">{count}</td>{mercy}</tr>'
        )
    headers = ["", t(N_("seat")), t(N_("cards"))] + ([t(N_("mercy meter (out at {limit})"), limit=limit)] if limit else [])
    head = "".join(f'<th style="{cell};font-size:12px;color:#555">{h}</th>' for h in headers)
    seats_table = f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    top = state.top_card
    named = state.color if top.is_wild else None
    arrow = "↻" if state.direction == 1 else "↺"
    direction_word = t(N_("clockwise")) if state.direction == 1 else t(N_("counterclockwise"))
    order = [seat_words.label(names[i], lang) for i in range(len(names)) if i not in state.out]
    if state.direction != 1:
        order = order[::-1]
    if english:  # as it always said: "1 cards" too
        drawn, aside = f"{draw_size} cards", f"{set_aside} cards (knocked-out hands, back at the next reshuffle)"
    else:
        drawn = said.ngettext(*n_("{count} card", "{count} cards"), draw_size)
        aside = said.ngettext(*n_("{count} card (knocked-out hands, back at the next reshuffle)",
                                  "{count} cards (knocked-out hands, back at the next reshuffle)"), set_aside)
    gap, order_said = in_parentheses(" → ".join([*map(escape, order), "…"]), lang)
    facts = [
        (t(N_("color in force")), _swatch(state.color, lang)),
        (t(N_("pending draw")), f"<b>+{state.pending}</b>" if state.pending else escape(t(N_("none")))),
        (t(N_("direction")), f'<span style="font-size:16px">{arrow}</span> {escape(direction_word)}{gap}'
                             f'<span style="color:#666">{order_said}</span>'),
        (t(N_("draw pile")), escape(drawn)),
    ]
    if set_aside:
        facts.append((t(N_("set aside")), escape(aside)))
    fact_rows = "".join(f'<tr><td style="{cell};color:#555">{escape(k)}</td><td style="{cell}">{v}</td></tr>'
                        for k, v in facts)
    centre = (f'<table style="border-collapse:collapse"><tr><td style="padding:0 12px 0 0;vertical-align:top" rowspan="{len(facts) + 1}">'
              f'<div style="font-size:12px;color:#555;margin-bottom:2px">{escape(t(N_("top card")))}</div>'
              f"{card_img(top, width=width * 1.5, inline=inline, named_color=named, lang=lang)}</td></tr>{fact_rows}</table>")

    playable: Sequence[Any] = ()
    if view is not None:
        hand_seat, hand_cards = view.seat, view.hand
    else:
        assert not isinstance(state, PlayerView)
        hand_seat = state.turn
        hand_cards = state.hands[hand_seat]
        playable = () if over else [a for a in legal_moves(state) if a.seat == hand_seat]
    hand_block = ""
    if not (over and not is_view) and hand_seat not in state.out:
        whose = (t(N_("your hand")) if is_view else
                 t(N_("{player}'s hand (face up for study)"), player=names[hand_seat]) if not is_you(names[hand_seat])
                 or english else t(N_("your hand (face up for study)")))
        hand_block = hand_html(hand_cards, playable=playable, width=width, label=whose, inline=inline, lang=lang)

    # the game as a card player names it; the moves so far only once there are some
    played = getattr(state, "ply", 0)
    after = (' · after ' + plural(played, 'move') if english else
             " · " + said.ngettext(*n_("after {count} move", "after {count} moves"), played)) if played else ""
    title = (f'<div style="font-size:12px;color:#555;margin-bottom:4px"><b>{escape(t(rules_name(state.rules.name)))}</b>'
             f"{escape(after)}</div>")
    phase = _phase_sentence(state, names) if english else _phase_said(state, names, said)
    sentence = f'<div style="font-size:14px;font-weight:bold;margin:6px 0 8px 0">{escape(phase)}</div>'
    return (
        f'<div class="nomercy-state" style="font-family:{FONT};font-size:13px;color:#1d1d1f;line-height:1.35;'
        f'border:1px solid #d0d0d0;border-radius:8px;padding:10px 12px;display:inline-block;background:#ffffff">'
        f"{title}{sentence}"
        f'<table style="border-collapse:collapse"><tr><td style="vertical-align:top;padding:0 18px 8px 0">{seats_table}</td>'
        f'<td style="vertical-align:top;padding:0 0 8px 0">{centre}</td></tr></table>'
        f"{hand_block}</div>"
    )
