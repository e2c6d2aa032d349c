"""Antes, deals and shown hands: checked and applied to the table.

Each function applies one event to the :class:`~stud_hh.engine.table.Table` and returns
what it found: an ante of the wrong amount or missing, a card dealt twice, a wrong
number of cards, a shown card that was not the one dealt.
"""

from __future__ import annotations

from stud_hh.engine.betting import Action, ActionKind, money_findings, put
from stud_hh.engine.findings import Finding, broke
from stud_hh.engine.table import THIRD, Seat, Table
from stud_hh.model.events import Deal, PostAnte, Show
from stud_hh.rules.violations import RuleCode


def hand_ante(antes: list[PostAnte]) -> int | None:
    """The hand's ante: what most players who could cover it posted (the first such amount
    on a tie), since a short stack all-in for less may post first.

    >>> hand_ante([PostAnte(line=1, player="a", amount=1, all_in=True),
    ...            PostAnte(line=2, player="b", amount=5)])
    5
    """
    if not antes:
        return None
    full = [e.amount for e in antes if not e.all_in]
    if full:
        return max(full, key=lambda a: (full.count(a), -full.index(a)))
    return max(e.amount for e in antes)


def post_ante(table: Table, player: Seat, event: PostAnte, ante: int | None, order: int
              ) -> tuple[Action, list[Finding]]:
    """``player`` antes; ``ante`` is the hand's (:func:`hand_ante`)."""
    player.deal_in()
    found: list[Finding] = []
    if ante is not None and event.amount != ante and not (event.all_in and event.amount < ante):
        found.append(broke(RuleCode.ANTE_WRONG_AMOUNT, event.line, player.name,
                           f"{player.name} antes {table.money(event.amount)}; the ante in "
                           f"this hand is {table.money(ante)}"))
    player.antes = True
    found += money_findings(table, player, event.amount, event.line, event.all_in)
    put(table, player, event.amount, event.all_in)
    action = Action.make(line=event.line, street=None, order=order, player=player.name,
                         kind=ActionKind.ANTE, amount=event.amount, total=event.amount,
                         level=0, all_in=event.all_in, capped=False)
    return action, found


def deal(table: Table, player: Seat, event: Deal, ante: int | None,
         cards_seen: dict[str, int]) -> list[Finding]:
    """Cards dealt to ``player``: the right number for the street, none dealt twice
    (``cards_seen``: each card's line), and the cards a line repeats really dealt."""
    line = event.line
    found: list[Finding] = []
    third = event.street is THIRD
    if third and not player.antes and ante and not player.dealt:
        found.append(broke(RuleCode.ANTE_MISSING, line, player.name,
                           f"{player.name} is dealt in without posting the ante"))
    player.deal_in()
    cards, face_up, up_cards = event.cards, event.face_up, player.up
    if len(cards) not in ((1, table.dealt_per_street[THIRD]) if third else (1,)) or (
            len(up_cards) + len(face_up) > 6 and len(up_cards) + sum(face_up) > 6):
        found.append(broke(RuleCode.CARD_WRONG_COUNT, line, player.name,
                           f"{player.name} gets {len(cards)} cards on "
                           f"{event.street.label} street"))
    down_cards = player.down
    if event.known:
        found += _repeated(player, event)
    for i in range(min(len(cards), len(face_up))):  # zip(strict=) is slow compiled
        card = cards[i]
        if card is not None:
            seen = cards_seen.get(card)
            if seen is not None and seen != line and card != table.common:
                found.append(broke(RuleCode.CARD_DUPLICATE, line, player.name,
                                   f"{card} dealt to {player.name} was already dealt "
                                   f"(line {seen})"))
            cards_seen[card] = line
        (up_cards if face_up[i] else down_cards).append(card)
    return found


def _repeated(player: Seat, event: Deal) -> list[Finding]:
    """The cards a deal line repeats from earlier streets (``[Jh 7c Ah] [Jh]``) must be
    cards the player held before this line, each once: a repeated card that changed (``Jh``
    where ``7s`` was dealt, or a card repeated twice) breaks ``card.changed`` at the line.
    Cards shown earlier (an all-in shows them before the showdown) are held too."""
    held = [c for c in (*player.down, *player.up) if c is not None]
    held += [c for c in player.shown if c is not None and c not in held]
    found: list[Finding] = []
    for card in event.known:
        if card is None:
            continue
        if card in held:
            held.remove(card)  # each held card answers one repetition
        else:
            found.append(broke(RuleCode.CARD_CHANGED, event.line, player.name,
                               f"{player.name}'s line repeats {card}, which was not dealt "
                               "to them before"))
    return found


def show(table: Table, player: Seat, event: Show, cards_seen: dict[str, int]
         ) -> list[Finding]:
    """``player`` shows: a shown card that was not theirs must not have been dealt, and the
    shown hand repeats the cards seen dealt to them (:func:`_shown_changed`)."""
    known = [c for c in (*player.down, *player.up, *player.shown) if c is not None]
    found = _shown_changed(table, player, event, known)
    player.shown = event.cards
    for card in event.cards:
        if card is not None and card not in known and card != table.common:
            seen = cards_seen.get(card)
            if seen is not None:
                found.append(broke(RuleCode.CARD_DUPLICATE, event.line, player.name,
                                   f"{player.name} shows {card}, already dealt "
                                   f"(line {seen})"))
            cards_seen[card] = event.line
    return found


def _shown_changed(table: Table, player: Seat, event: Show, known: list[str]
                   ) -> list[Finding]:
    """A shown hand repeats the cards dealt: each shown card that is none the player was seen
    to hold stands for a card the history did not print (an opponent's down card). When the
    shown hand and the cards seen before come to more than a player holds by the hand's
    last street (7 on 7th street, 3 on 3rd), a card seen before is shown as another:
    ``card.changed`` at the show line (``[Ac 4d 7d Td 3d 2c 2h]`` where ``Tc`` was dealt face
    up). The common card is no one's own and is left out; the bound stays 7 with it (6 own
    cards when it was due, 7 when it was dealt wrongly: ``common-card.wrong`` is then the
    hand's fault alone). A card shown before it is seen (an all-in's down cards) is held to
    the later deal line that repeats it (:func:`_repeated`)."""
    seen = [c for c in dict.fromkeys(known) if c != table.common]
    new = [c for c in dict.fromkeys(event.cards) if c is not None and c not in seen
           and c != table.common]
    last = table.street
    held = sum(rule.cards for rule in table.game.streets if last is None or rule.street <= last)
    if len(seen) + len(new) <= held:
        return []
    missing = [c for c in seen if c not in event.cards]
    instead = f" instead of {' '.join(missing)}" if missing else ""
    return [broke(RuleCode.CARD_CHANGED, event.line, player.name,
                  f"{player.name} shows {' '.join(new)}{instead}: with the cards seen "
                  "before, more cards than a player holds")]


def cards_of(table: Table, player: Seat) -> list[str] | None:
    """All seven cards of a player at showdown, or ``None`` when some are unknown."""
    cards = {c for c in player.down + player.up if c is not None}
    cards.update(c for c in player.shown if c is not None)
    if table.common is not None:
        cards.add(table.common)
    wanted = 7 if table.game.cards_at_showdown >= 7 else table.game.cards_at_showdown
    return sorted(cards) if len(cards) == wanted else None  # more than 7: a dead hand
