"""A still picture of a table, as a teaching aid: the seats, the top card and the facts in force, and the hand
of whoever must act.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from nomercy.core import inputs
from nomercy.core.cards import Color
from nomercy.core.engine import legal_moves
from nomercy.core.wording import plural, rules_name, says, verb
from nomercy.teaching.card_pictures import COLOR_FILL, FONT, card_img, picture_width
from nomercy.teaching.hand_pictures import hand_html

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


def _swatch(color: Color | None) -> str:
    if color is None:
        return "none"
    return (f'<span style="display:inline-block;width:11px;height:11px;border-radius:2px;vertical-align:-1px;'
            f'background:{COLOR_FILL[color]};border:1px solid #555;margin-right:4px"></span>'
            f"<b>{color.value.upper()}</b> ({color.letter.upper()})")


def _phase_sentence(state: Any, names: Sequence[str]) -> str:
    """Who must decide what, in words."""
    from nomercy.core.state import Phase

    phase = state.phase
    if phase is Phase.OVER:
        if state.winner is None:
            return "The round is over."
        how = f" ({state.end_reason})" if state.end_reason else ""
        return f"{names[state.winner]} wins the round{how}."
    who = names[state.turn]
    if phase is Phase.PLAY_DRAWN:
        return f"{who} drew {state.drawn}, a card that can be played, and must play it."
    if phase is Phase.KEEP_OR_PLAY:
        return f"{who} drew {state.drawn}: play it now, or keep it and pass."
    if phase is Phase.NAME_ROULETTE:
        return (f"{who} was hit by the roulette: {says(who, 'names')} a color, then {verb(who, 'turns')} up cards until "
                f"one of that color shows and {verb(who, 'keeps')} them all.")
    if phase is Phase.NAME_FIRST_COLOR:
        return f"A wild was turned up first: {says(who, 'names')} the color."
    if state.pending:
        return f"{who} must answer the stack with a draw card, or draw {state.pending}."
    return f"{who} to play."


def state_html(state: "GameState | PlayerView", *, width: float = 48, inline: bool = False) -> str:
    """A still picture of a table, as a teaching aid.

    Seats with card counts, mercy meter and knocked-out badges, the top card with the
    color in force, the pending draw, the direction of play, the draw pile, and the
    hand of whoever must act, face up with its playable cards marked (a
    :class:`~nomercy.core.state.PlayerView` shows its own seat's hand instead).
    """
    from nomercy.core.state import GameState, Phase, PlayerView

    inputs.one_of_kind(state, (GameState, PlayerView), "a position (a GameState) or the view of one player")
    width = picture_width(width)
    inline = inputs.switch(inline, "inline")
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
            marks.append(_badge("out", "#555555"))
        if state.winner == i:
            marks.append(_badge("winner", "#2e9d48"))
        if i in state.catchable:
            marks.append(_badge("UNO not called", "#f4c20d", "#1d1d1f"))
        if view is not None and i == view.seat:
            marks.append(_badge("you", "#1f63c6"))
        count = "—" if knocked else str(sizes[i])
        mercy = ""
        if limit:
            mercy = f'<td style="{cell}">{"—" if knocked else _meter(sizes[i], limit)}</td>'
        row_style = ' style="color:#8a8a8a"' if knocked else ' style="background:#fff4e0"' if turn else ""
        rows.append(
            f'<tr data-seat="{escape(name)}"{row_style}><td style="{cell};width:1.5em">{"▶" if turn else ""}</td>'
            f'<td style="{cell}"><b>{escape(name)}</b>{"".join(marks)}</td><td style="{cell}">{count}</td>{mercy}</tr>'
        )
    headers = ["", "seat", "cards"] + ([f"mercy meter (out at {limit})"] if limit else [])
    head = "".join(f'<th style="{cell};font-size:12px;color:#555">{h}</th>' for h in headers)
    seats_table = f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    top = state.top_card
    named = state.color if top.is_wild else None
    arrow = "↻" if state.direction == 1 else "↺"
    direction_word = "clockwise" if state.direction == 1 else "counterclockwise"
    order = [names[i] for i in range(len(names)) if i not in state.out]
    if state.direction != 1:
        order = order[::-1]
    facts = [
        ("color in force", _swatch(state.color)),
        ("pending draw", f"<b>+{state.pending}</b>" if state.pending else "none"),
        ("direction", f'<span style="font-size:16px">{arrow}</span> {direction_word} '
                      f'<span style="color:#666">({" → ".join(map(escape, order))} → …)</span>'),
        ("draw pile", f"{draw_size} cards"),
    ]
    if set_aside:
        facts.append(("set aside", f"{set_aside} cards (knocked-out hands, back at the next reshuffle)"))
    fact_rows = "".join(f'<tr><td style="{cell};color:#555">{k}</td><td style="{cell}">{v}</td></tr>' for k, v in facts)
    centre = (f'<table style="border-collapse:collapse"><tr><td style="padding:0 12px 0 0;vertical-align:top" rowspan="{len(facts) + 1}">'
              f'<div style="font-size:12px;color:#555;margin-bottom:2px">top card</div>'
              f"{card_img(top, width=width * 1.5, inline=inline, named_color=named)}</td></tr>{fact_rows}</table>")

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
        whose = "your hand" if is_view else f"{names[hand_seat]}'s hand (face up for study)"
        hand_block = hand_html(hand_cards, playable=playable, width=width, label=whose, inline=inline)

    # the game as a card player names it; the moves so far only once there are some
    played = getattr(state, "ply", 0)
    title = (f'<div style="font-size:12px;color:#555;margin-bottom:4px"><b>{escape(rules_name(state.rules.name))}</b>'
             f"{' · after ' + plural(played, 'move') if played else ''}</div>")
    sentence = f'<div style="font-size:14px;font-weight:bold;margin:6px 0 8px 0">{escape(_phase_sentence(state, names))}</div>'
    return (
        f'<div class="nomercy-state" style="font-family:{FONT};font-size:13px;color:#1d1d1f;line-height:1.35;'
        f'border:1px solid #d0d0d0;border-radius:8px;padding:10px 12px;display:inline-block;background:#ffffff">'
        f"{title}{sentence}"
        f'<table style="border-collapse:collapse"><tr><td style="vertical-align:top;padding:0 18px 8px 0">{seats_table}</td>'
        f'<td style="vertical-align:top;padding:0 0 8px 0">{centre}</td></tr></table>'
        f"{hand_block}</div>"
    )
