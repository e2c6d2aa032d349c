"""Text reports of replayed hands: audit listings and a hand shown street by street.

Kept apart from the command line so notebooks can print the same views.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    HandEvent,
    PostAnte,
    Raise,
    Show,
    StreetStart,
    UncalledReturned,
)
from stud_hh.model.visit import EventVisitor
from stud_hh.read import reader
from stud_hh.replay import Action, ActionKind, Pot, ReplayedHand
from stud_hh.rules import GAMES, printing_of
from stud_hh.rules.games import LIMIT_CODES
from stud_hh.rules.violations import (
    RULES,
    RuleCode,
    Unverifiable,
    Violation,
    plural,
    split_words,
)


@lru_cache(maxsize=16)
def source_lines(path: str) -> tuple[str, ...]:
    """The lines of a history file as the parser saw them (any encoding); empty if unreadable."""
    try:
        stream, _ = reader.open_text(path)
    except Exception:
        return ()
    with stream:
        return tuple(reader.text_lines(stream))


def _quote(path: str, line: int) -> str:
    lines = source_lines(path)
    return lines[line - 1] if 0 < line <= len(lines) else ""


def money(hand: ReplayedHand, units: int) -> str:
    """``units`` as the hand's site prints them (``$0.03``, ``1,500``, ``5€``), like the
    audit's messages."""
    header = hand.hand.header
    return printing_of(header.site).money.format(units, header.scale, header.currency)


def stakes(replayed: ReplayedHand) -> str:
    """The hand's small and big bet as its site prints them: ``$0.10/$0.20``; a no-limit
    or pot-limit hand's with ``NL`` or ``PL`` first, as the database labels them
    (``NL $0.10`` when the site gives one bet size)."""
    header = replayed.hand.header
    small, big = money(replayed, header.small_bet), money(replayed, header.big_bet)
    code = LIMIT_CODES[header.limit]
    if not code:
        return f"{small}/{big}"
    return f"{code} {small}" if header.small_bet == header.big_bet else f"{code} {small}/{big}"


def follows_words(v: Violation) -> str:
    """`` (follows from line 17: bet.wrong-size)`` for a consequence, empty for a root
    cause."""
    if v.follows_line is None:
        return ""
    return f" (follows from line {v.follows_line}: {v.follows_rule})"


def violation_block(replayed: ReplayedHand) -> str:
    """One hand's violations, each with the offending source line; a consequence names the
    root cause it follows from, and the count tells them apart."""
    hand = replayed.hand
    found = replayed.violations
    following = sum(1 for v in found if v.follows_line is not None)
    split = f" ({split_words(len(found), following)})" if following else ""
    out = [f"hand {hand.hand_id} ({hand.path}:{hand.first_line}) "
           f"{hand.header.game.value} {stakes(replayed)}: "
           f"{plural(len(found), 'violation')}{split}"]
    for v in found:
        out.append(f"  line {v.line}  {v.rule}: {v.message}{follows_words(v)}")
        quoted = _quote(hand.path, v.line)
        if quoted:
            out.append(f"      | {quoted}")
    return "\n".join(out)


def rule_table(roots: Counter[str], following: Counter[str],
               unverifiable: Counter[str]) -> str:
    """Violations per rule, the root causes and those following from an earlier violation
    of their hand apart, and unverifiable checks; most frequent first."""
    codes = set(roots) | set(following) | set(unverifiable)
    if not codes:
        return "no violations"
    width = max(len(code) for code in codes)
    rows = [f"{'rule':<{width}}  root causes  following  unverifiable  meaning"]
    for code in sorted(codes, key=lambda c: (-roots[c] - following[c], -roots[c], c)):
        rows.append(f"{code:<{width}}  {roots[code]:>11}  {following[code]:>9}  "
                    f"{unverifiable[code]:>12}  {RULES[RuleCode(code)].title}")
    return "\n".join(rows)


def violation_dict(v: Violation, profile: str) -> dict[str, object]:
    """A violation as one JSON object (``audit --format jsonl``): ``follows_line`` and
    ``follows_rule`` name the earlier violation of the hand it follows from (``null``: a
    root cause)."""
    return {"kind": "violation", "file": v.path, "line": v.line, "hand_id": v.hand_id,
            "rule": v.rule, "street": v.street.label if v.street is not None else None,
            "player": v.player, "message": v.message, "follows_line": v.follows_line,
            "follows_rule": v.follows_rule, "profile": profile}


def unverifiable_dict(u: Unverifiable, profile: str) -> dict[str, object]:
    """A check the text could not decide, as one JSON object, with its reason."""
    return {"kind": "unverifiable", "file": u.path, "line": u.line, "hand_id": u.hand_id,
            "rule": u.rule, "reason": u.reason, "profile": profile}


_KIND_WORDS = {
    ActionKind.ANTE: "antes", ActionKind.BRING_IN: "brings in", ActionKind.COMPLETE: "completes",
    ActionKind.BET: "bets", ActionKind.RAISE: "raises", ActionKind.CALL: "calls",
    ActionKind.CHECK: "checks", ActionKind.FOLD: "folds",
}


_ACTION_EVENTS = (PostAnte, BringIn, Complete, Bet, Raise, Call, Check, Fold)
"""The events the replay turns into actions."""


def show_hand(replayed: ReplayedHand, hero: str | None = None) -> str:
    """The hand street by street: each player's cards (down cards where the history shows
    them: the hero's), actions with their meaning, pots, showdown.

    ``hero`` (default: the player whose down cards the history shows) is marked as
    such."""
    hand = replayed.hand
    header = hand.header
    out = [f"{header.site} hand {header.hand_id}: {header.game_text} {stakes(replayed)}"
           + (f" ({header.mixed_game})" if header.mixed_game else "")
           + f", table '{header.table}'"
           + (f", {header.started_at:%Y-%m-%d %H:%M} UTC" if header.started_at else ""),
           f"source: {hand.path}:{hand.first_line}-{hand.last_line}; profile: {replayed.profile}",
           "seats: " + ", ".join(f"{s.seat} {s.name} {money(replayed, s.stack)}"
                                 for s in header.seats)]
    out += [f"read with a warning: {w}" for w in hand.warnings]
    out += _Story(replayed, hero or hero_of(hand.events)).walk(hand.events)
    out += _result_lines(replayed)
    return "\n".join(out)


class _Story(EventVisitor[list[str]]):
    """The hand's events as lines of :func:`show_hand`, each line's violations after its
    last event (several events may share a line: a PHH file writes its actions on one)."""

    def __init__(self, replayed: ReplayedHand, hero: str | None = None) -> None:
        self.replayed = replayed
        self.hero = hero
        self.down: dict[str, list[str]] = {}
        self.out: list[str] = []
        self.by_line: dict[int, list[Violation]] = {}
        for v in replayed.violations:
            self.by_line.setdefault(v.line, []).append(v)
        self.actions: dict[int, list[Action]] = {}
        for a in replayed.actions:
            self.actions.setdefault(a.line, []).append(a)
        self.firsts = {f.street: f for f in replayed.first_actors}
        self.boards: dict[str, list[str]] = {}
        self.pot = 0

    def result(self) -> list[str]:
        return self.out

    def walk(self, events: Iterable[HandEvent]) -> list[str]:
        events = list(events)
        last_event = {event.line: i for i, event in enumerate(events)}
        for i, event in enumerate(events):
            self.visit(event)
            if last_event[event.line] == i:
                for v in self.by_line.get(event.line, []):
                    self.out.append(f"         !! {v.rule}: {v.message}{follows_words(v)}")
        return self.out

    def visit_street_start(self, event: StreetStart) -> None:
        self.out.append(f"--- {event.street.label} street"
                        + (f" (common card {event.common})" if event.has_common else "")
                        + f" --- pot {money(self.replayed, self.pot)}")
        first = self.firsts.get(event.street)
        if first is not None:
            self.out.append(f"    first to act: {first.player} ({first.reason})")

    def visit_deal(self, event: Deal) -> None:
        new = list(zip(event.cards, event.face_up, strict=False))
        self.boards.setdefault(event.player, []).extend(c or "??" for c, up in new if up)
        self.down.setdefault(event.player, []).extend(c or "??" for c, up in new if not up)
        down = self.down[event.player]
        known = [c for c in down if c != "??"]
        hidden = f"[{' '.join(down)}] " if known else ""
        board = " ".join(self.boards[event.player]) or "(nothing up)"
        who = f"{event.player} (hero)" if event.player == self.hero else event.player
        self.out.append(f"    {who}: {hidden}{board}")

    def _action(self, event: ActionEvent) -> None:
        action = take_action(self.actions, event)
        if action is None:
            return
        self.pot += action.amount
        level, *notes = action_notes(action)
        note = f"  [{', '.join(notes)}]" if notes else ""
        self.out.append(f"  {event.line:>5}  {action_words(self.replayed, action)}"
                        f"  ({level}){note}")

    visit_post_ante = visit_bring_in = visit_complete = visit_bet = _action
    visit_raise = visit_call = visit_check = visit_fold = _action

    def visit_collect(self, event: Collect) -> None:
        self.out.append(f"  {event.line:>5}  {event.player} collects "
                        f"{money(self.replayed, event.amount)}")

    def visit_uncalled_returned(self, event: UncalledReturned) -> None:
        self.out.append(f"  {event.line:>5}  {event.player} gets back uncalled "
                        f"{money(self.replayed, event.amount)}")

    def visit_show(self, event: Show) -> None:
        cards = " ".join(c or "??" for c in event.cards)
        self.out.append(f"  {event.line:>5}  {event.player} shows {cards}"
                        + (f" ({event.description})" if event.description else ""))
        self._fill_down(event.player, event.cards)

    def _fill_down(self, player: str, shown: Iterable[str | None]) -> None:
        """The player's down cards not printed when dealt, from the hand he shows, where
        the site prints a shown hand in dealing order (each down card at its place in the
        game's pattern of down and up cards); the later streets' lines show them."""
        header = self.replayed.hand.header
        if not printing_of(header.site).shown_in_deal_order:
            return  # the down cards' streets are not known from the print (Everleaf)
        pattern = [up for rule in GAMES[header.game].streets for up in rule.face_up]
        printed = [card for card, up in zip(shown, pattern, strict=False) if not up]
        down = self.down.get(player, [])
        if None in printed or any(c != "??" and c not in printed for c in down):
            return  # the print does not square with the cards dealt
        for i, card in enumerate(down):
            if card == "??" and i < len(printed) and printed[i] not in down:
                down[i] = str(printed[i])


def _result_lines(replayed: ReplayedHand) -> list[str]:
    """Pots and winners, rake, nets, violations on no event's line, unverifiable checks."""
    out = ["--- result ---"]
    for p in replayed.pots:
        name = pot_name(p)
        winners = ", ".join(p.winners_high) or "?"
        if p.winners_low:
            winners = f"high {winners}; low {', '.join(p.winners_low)}"
        out.append(f"  {name} {money(replayed, p.amount)} among {', '.join(p.eligible)}: "
                   f"{winners}")
    if replayed.rake:
        out.append(f"  rake {money(replayed, replayed.rake)}")
    for player, net in sorted(replayed.nets.items(), key=lambda kv: -kv[1]):
        sign = "+" if net > 0 else ""
        out.append(f"  {player}: {sign}{money(replayed, net)}")
    lines = {e.line for e in replayed.hand.events}
    for v in replayed.violations:
        if v.line not in lines:
            out.append(f"  !! line {v.line} {v.rule}: {v.message}{follows_words(v)}")
    for u in replayed.unverifiable:
        out.append(f"  ?? {u.rule} cannot be checked: {u.reason}")
    found = replayed.violations
    if not found:
        out.append("  no violations")
    else:
        following = sum(1 for v in found if v.follows_line is not None)
        out.append(f"  {plural(len(found), 'violation')}: "
                   f"{split_words(len(found), following)}")
    return out


ActionEvent = PostAnte | BringIn | Complete | Bet | Raise | Call | Check | Fold


def pot_name(pot: Pot) -> str:
    """``main pot`` or ``side pot 2``."""
    return "main pot" if pot.index == 0 else f"side pot {pot.index}"


def action_words(replayed: ReplayedHand, action: Action) -> str:
    """What ``action`` does, in words and the site's money: ``Bob brings in $0.05``,
    ``Ann completes to $0.10`` (a PokerStars ``bets`` by the bring-in), ``Cid checks``."""
    words = _KIND_WORDS[action.kind]
    if action.kind in (ActionKind.RAISE, ActionKind.COMPLETE):
        return f"{action.player} {words} to {money(replayed, action.total)}"
    amount = f" {money(replayed, action.amount)}" if action.amount else ""
    return f"{action.player} {words}{amount}"


def action_notes(action: Action) -> list[str]:
    """Where the betting stands after ``action`` (:func:`_level_words`), then ``all-in``
    and ``cap reached`` when they apply."""
    notes = [_level_words(action)]
    if action.all_in:
        notes.append("all-in")
    if action.capped:
        notes.append("cap reached")
    return notes


def _level_words(action: Action) -> str:
    """Where the betting stands after ``action``, in words: ``no bet yet``, ``1 bet``,
    ``3 bets`` (a bet and two raises)."""
    if action.street is None:
        return "ante"
    if action.level == 0:
        return "bring-in, no bet yet" if action.kind is ActionKind.BRING_IN else "no bet yet"
    if action.level == 1:
        return "1 bet"
    raises = action.level - 1
    return f"{action.level} bets: a bet and {raises} raise{'s' if raises > 1 else ''}"


def hero_of(events: Iterable[HandEvent]) -> str | None:
    """The player whose down cards the history shows (the one who wrote it), if one."""
    for event in events:
        if isinstance(event, Deal) and any(
                card and not up for card, up in zip(event.cards, event.face_up, strict=False)):
            return event.player
    return None


def take_action(actions: dict[int, list[Action]], event: HandEvent) -> Action | None:
    """The replay's action for ``event`` (the first at its line by its player), removed."""
    at = actions.get(event.line)
    if not at or not isinstance(event, _ACTION_EVENTS):
        return None
    for k, action in enumerate(at):
        if action.player == event.player:
            return at.pop(k)
    return None
