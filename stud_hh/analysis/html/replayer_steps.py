"""A replayed hand cut into the steps of the visual replayer.

One step per event worth showing: the seats, the antes, each street's deal (its header
and every ``Dealt to`` line), the bring-in, every action, each uncalled bet returned,
the showdown and each hand shown or mucked, each collection, and the summary. A step
records its words (those of :func:`~stud_hh.analysis.report.show_hand`), its source
lines and the table after it (:meth:`~stud_hh.analysis.html.replayer_state.TableState.snapshot`),
with the amounts the replay computed: the chips each action put in, the uncalled bets
the rules return (a line the site does not print gets a step of its own), what each
player collected. After the last step each stack is the starting stack plus the
player's net.

A violation is shown at the step that holds its line (of several, the one of its
player); one on a line that is no step's (the header) at the step before it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from stud_hh.analysis.html.replayer_state import TableState
from stud_hh.analysis.report import action_notes, action_words, source_lines, take_action
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
    Muck,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    UncalledReturned,
)
from stud_hh.model.visit import EventVisitor
from stud_hh.replay import Action, ActionKind, ReplayedHand
from stud_hh.rules.violations import RULES, Violation

Step = dict[str, Any]

_SETTLING = (ShowdownStart, Show, Muck, Collect, SummaryStart, PotSummary)
"""Events after the betting: an uncalled bet the site does not print is returned before
the first of them."""

_IGNORED_WORDS = {BringIn: "brings in", Complete: "completes", Bet: "bets", Raise: "raises",
                  Call: "calls", Check: "checks", Fold: "folds", PostAnte: "antes"}


class _Steps(EventVisitor[list[Step]]):
    """The events of a replayed hand walked into steps; each step's snapshot is taken
    when the next one begins, so a step gathers every event of its kind in a row."""

    def __init__(self, replayed: ReplayedHand) -> None:
        self.replayed = replayed
        self.table = TableState(replayed)
        self.steps: list[Step] = []
        self.current: Step | None = None
        self.actions: dict[int, list[Action]] = {}
        for action in replayed.actions:
            self.actions.setdefault(action.line, []).append(action)
        self.firsts = {f.street: f for f in replayed.first_actors}
        self.summary: PotSummary | None = None
        self.summary_cards: list[SeatSummary] = []
        """Cards the summary reveals, shown on the last step."""
        self.antes: Counter[str] = Counter()
        """The antes of the current antes step."""
        self.dealing: Street | None = None
        """The street the current step deals (``None``: not a deal, or a common card)."""
        printed = any(isinstance(e, UncalledReturned) for e in replayed.hand.events)
        self.unprinted_uncalled = {} if printed else {
            p: a for p, a in replayed.uncalled.items() if a}
        """Uncalled bets the rules return and the site prints no line for."""

    def result(self) -> list[Step]:
        return self.steps

    # -- steps -------------------------------------------------------------------------
    def begin_step(self, kind: str, label: str, line: int | None, *,
                   street: Street | None = None, player: str | None = None,
                   notes: list[str] | None = None) -> Step:
        self.close_step()
        step: Step = {"kind": kind, "label": label, "notes": notes or [],
                      "street": street.label if street is not None else None,
                      "line": line, "lines": [] if line is None else [line],
                      "player": player}
        self.current = step
        return step

    def close_step(self) -> None:
        step = self.current
        if step is None:
            return
        if self.dealing is not None:
            self.table.finish_street(self.dealing, self.replayed.nets)
            self.dealing = None
        step.update(self.table.snapshot())
        self.steps.append(step)
        self.current = None

    def add_line(self, line: int) -> None:
        assert self.current is not None
        if line not in self.current["lines"]:
            self.current["lines"].append(line)

    def walk_hand(self) -> list[Step]:
        hand = self.replayed.hand
        seats = hand.header.seats
        self.begin_step("start", f"{len(seats)} player{'s' if len(seats) != 1 else ''} "
                        "seated", hand.first_line)
        for seat in seats:
            self.add_line(seat.line)
        for event in hand.events:
            if self.unprinted_uncalled and isinstance(event, _SETTLING):
                self.return_unprinted()
            self.visit(event)
        self.return_unprinted()
        summary = self.summary
        self.begin_step("result", self.result_label(summary),
                        summary.line if summary is not None else None)
        self.table.sweep()
        for event in self.summary_cards:
            self.reveal_mucked(event)
        self.close_step()
        return self.steps

    # -- money -------------------------------------------------------------------------
    def visit_post_ante(self, event: PostAnte) -> None:
        action = take_action(self.actions, event)
        if action is None:
            self.ignored(event)
            return
        if self.current is None or self.current["kind"] != "antes":
            self.begin_step("antes", "", event.line)
            self.antes = Counter()
        self.add_line(event.line)
        self.table.put_in(action.player, action.amount)
        self.antes[action.player] += action.amount
        assert self.current is not None
        self.current["label"] = self.antes_label(self.antes)

    def antes_label(self, antes: Counter[str]) -> str:
        """``6 players ante $0.02``, or each player's ante when they differ."""
        money = self.table.money
        if len(set(antes.values())) == 1:
            amount = next(iter(antes.values()))
            n = len(antes)
            return f"{n} player{'s' if n != 1 else ''} ante{'' if n != 1 else 's'} " \
                   f"{money(amount)}"
        return "antes: " + ", ".join(f"{p} {money(a)}" for p, a in antes.items())

    def _action(self, event: BringIn | Complete | Bet | Raise | Call | Check | Fold) -> None:
        action = take_action(self.actions, event)
        if action is None:
            self.ignored(event)
            return
        kind = "bring_in" if action.kind is ActionKind.BRING_IN else "action"
        self.begin_step(kind, action_words(self.replayed, action), event.line,
                        street=action.street, player=action.player,
                        notes=action_notes(action))
        self.table.bet(action.player, action.amount)
        if action.kind is ActionKind.FOLD:
            self.table.folded.add(action.player)

    visit_bring_in = visit_complete = visit_bet = visit_raise = _action
    visit_call = visit_check = visit_fold = _action

    def ignored(self, event: HandEvent) -> None:
        """An action the replay did not apply (a player not seated, or folded): shown as
        the history says it, changing nothing."""
        player = getattr(event, "player", "?")
        self.begin_step("ignored", f"{player} {_IGNORED_WORDS.get(type(event), 'acts')}",
                        event.line, player=player,
                        notes=["not applied by the replay: see the violation"])

    def visit_uncalled_returned(self, event: UncalledReturned) -> None:
        self.begin_step("uncalled", f"uncalled {self.table.money(event.amount)} returned to "
                        f"{event.player}", event.line, player=event.player,
                        notes=self.beyond_pot(event.amount))
        self.table.take_out(event.player, event.amount)

    def beyond_pot(self, amount: int) -> list[str]:
        """The note of a payment the pot, as the replay holds it, cannot make: the history
        pays it, and the pot shows what is left (below nothing) rather than hide it."""
        pot = self.table.pot
        if amount <= pot:
            return []
        return [f"{self.table.money(amount - max(pot, 0))} more than the pot holds: the "
                "money does not balance"]

    def return_unprinted(self) -> None:
        """The uncalled bets the rules return where the site prints no line for them."""
        for player, amount in self.unprinted_uncalled.items():
            self.begin_step("uncalled", f"uncalled {self.table.money(amount)} returned to "
                            f"{player}", None, player=player,
                            notes=["the site prints no line for it"])
            self.table.take_out(player, amount)
        self.unprinted_uncalled = {}

    def visit_collect(self, event: Collect) -> None:
        where = {PotKind.MAIN: " from the main pot", PotKind.SIDE:
                 f" from side pot {event.pot_index or 1}"}.get(event.pot, "")
        self.begin_step("collect", f"{event.player} collects {self.table.money(event.amount)}"
                        f"{where}", event.line, player=event.player,
                        notes=self.beyond_pot(event.amount))
        self.table.sweep()
        self.table.take_out(event.player, event.amount)

    # -- cards -------------------------------------------------------------------------
    def visit_street_start(self, event: StreetStart) -> None:
        self.begin_deal(event.street, event.line)
        if event.has_common:  # one card for everyone, no card of one's own
            assert self.current is not None
            self.current["label"] += f": common card {event.common or '??'}"
            self.table.common = event.common
            self.dealing = None

    def begin_deal(self, street: Street, line: int) -> None:
        first = self.firsts.get(street)
        notes = [f"first to act: {first.player} ({first.reason})"] if first else []
        self.begin_step("deal", f"{street.label} street", line, street=street, notes=notes)
        self.table.sweep()
        self.dealing = street
        self.table.begin_street()

    def visit_deal(self, event: Deal) -> None:
        step = self.current
        if step is None or step["kind"] != "deal" or step["street"] != event.street.label:
            self.begin_deal(event.street, event.line)
        self.add_line(event.line)
        self.table.deal(event)

    def visit_showdown_start(self, event: ShowdownStart) -> None:
        self.begin_step("showdown", "showdown", event.line)
        self.table.sweep()

    def visit_show(self, event: Show) -> None:
        cards = " ".join(c or "??" for c in event.cards)
        self.begin_step("show", f"{event.player} shows {cards}", event.line,
                        player=event.player,
                        notes=[event.description] if event.description else [])
        self.table.reveal(event.player, event.cards)
        self.table.name_hand(event.player, event.description)

    def visit_muck(self, event: Muck) -> None:
        cards = f" {' '.join(c or '??' for c in event.cards)}" if event.cards else ""
        self.begin_step("muck", f"{event.player} mucks{cards}", event.line,
                        player=event.player)
        if event.cards:
            self.table.reveal(event.player, event.cards)
            self.table.name_hand(event.player)

    # -- the summary -------------------------------------------------------------------
    def visit_pot_summary(self, event: PotSummary) -> None:
        self.summary = event  # the last step's (collections may follow it: Winning)

    def result_label(self, summary: PotSummary | None) -> str:
        money = self.table.money
        if summary is None:
            return "the hand is over"
        rake = f", rake {money(summary.rake)}" if summary.rake else ""
        return f"total pot {money(summary.total)}{rake}"

    def visit_seat_summary(self, event: SeatSummary) -> None:
        if event.cards:
            self.summary_cards.append(event)

    def reveal_mucked(self, event: SeatSummary) -> None:
        """Cards the summary reveals (a mucked hand), on the last step."""
        slots = self.table.cards.get(event.player, [])
        if event.player not in self.table.folded and (
                not slots or any(card is None for card, _ in slots)):
            self.table.reveal(event.player, event.cards)
            self.table.name_hand(event.player)


def hand_steps(replayed: ReplayedHand) -> list[Step]:
    """The steps of ``replayed``, each with the violations of its lines."""
    steps = _Steps(replayed).walk_hand()
    lines = source_lines(replayed.hand.path)
    for step in steps:
        line = step["line"]
        step["text"] = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
        step["violations"] = []
        step["result"] = False
    _attach(steps, replayed.violations, lambda v: violation_dict(v, lines))
    settled = next((i for i, s in enumerate(steps)
                    if s["kind"] in ("showdown", "show", "collect", "result")), len(steps) - 1)
    for step in steps[settled:]:
        step["result"] = True
    return steps


def violation_dict(v: Violation, lines: tuple[str, ...]) -> dict[str, Any]:
    """A violation for the page: rule code and title, line and its text, player, message,
    and for a consequence the line and rule of the root cause it follows from (``None``
    for a root cause)."""
    return {"rule": str(v.rule), "title": RULES[v.rule].title, "line": v.line,
            "text": lines[v.line - 1] if 0 < v.line <= len(lines) else "",
            "player": v.player, "street": v.street.label if v.street is not None else None,
            "message": v.message, "follows_line": v.follows_line,
            "follows_rule": None if v.follows_rule is None else str(v.follows_rule)}


def _attach(steps: list[Step], violations: tuple[Violation, ...],
            as_dict: Callable[[Violation], dict[str, Any]]) -> None:
    """Each violation on the step holding its line (its player's, of several), else on
    the last step before its line (the first step, before every line)."""
    for v in violations:
        holding = [s for s in steps if v.line in s["lines"]]
        if holding:
            mine = [s for s in holding if s["player"] == v.player]
            target = mine[0] if mine else holding[-1]
        else:
            before = [s for s in steps if s["line"] is not None and s["line"] <= v.line]
            target = before[-1] if before else steps[0]
        target["violations"].append(as_dict(v))
