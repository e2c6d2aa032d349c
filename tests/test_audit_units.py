"""Promise: the audit speaks in the table's units. Every violation and unverifiable message
prints each amount as the hand's site prints it (``$0.03``, ``1,500``, ``5€``, ``$0.05 USD``),
through the one formatter (:meth:`stud_hh.engine.table.Table.money`), and holds no Python
value's text (``{'Bob': 5}``, ``[...]``, ``<...>``, ``RuleCode.``, ``None``).

Checked on every message of: every hand of the corpus under every profile; damaged copies
of corpus hands (lines dropped, repeated, swapped, amounts changed), so that violations are
in, in every site's style; the hand-made break of every rule (``tests/rules/
test_violations.py``); the simulator's planted breaks of every rule it can inject (the
bundled injected samples, and fresh sessions of each game, cash and tournament); and those
planted breaks replayed again as if each came from every site, in each currency. Then a few
messages word for word, and ``stud-hh audit`` both ways.

How an amount is found in a message: the formatter is wrapped so that what it returns is
marked; each marked amount must be written the way the hand's site writes one (the table
below, taken from the corpus), and once the marked amounts, the players' names, the cards
and a few counts ("line 12", "bet number 5", "side pot 2") are taken out, no digit may be
left: a number printed without the formatter is a raw amount.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_violations import BASE, CASES, _edit

from stud_hh.cli import main
from stud_hh.model.events import Game
from stud_hh.model.hand import ParsedHand
from stud_hh.model.money import MoneyStyle
from stud_hh.read.parse import parse_file, parse_hand, parse_text, result_of
from stud_hh.read.scan import scan_paths
from stud_hh.read.split import raw_hands
from stud_hh.replay import ReplayedHand, replay
from stud_hh.rules import PROFILES, SITE, SITE_PROFILES, printing_of
from stud_hh.rules.violations import RuleCode
from stud_hh.sim import inject
from stud_hh.sim.session import SimConfig, write_session

ROOT = Path(__file__).resolve().parent.parent
INJECTED = ROOT / "sample_histories" / "injected"

# -- how each site prints an amount (the corpus's own text) -------------------------------

_SIGN = {"USD": r"\$", "EUR": "€", "GBP": "£"}

# site: (money groups thousands, chips group thousands, whole money keeps its cents,
#        the sign after the number, the currency code after the amount)
SITE_FORMS: dict[str, tuple[bool, bool, bool, bool, bool]] = {
    "PokerStars": (False, False, False, False, False),  # $51125.64, $60, 6920
    "Full Tilt Poker": (True, True, False, False, False),  # $1, 4,950
    "PartyPoker": (False, True, False, False, True),  # $0.05 USD, $1 USD, 2,930
    "Winamax": (False, False, False, True, False),  # 5€, 1749.22€, 0.01
    "iPoker": (False, True, False, False, False),  # $1, €1.45
    "Merge": (False, False, True, False, False),  # amount="1.00"
    "Everleaf": (False, False, False, False, False),  # €0.02
    "OnGame": (True, False, False, False, False),  # $0.02, $1
    "Absolute": (True, False, False, False, False),  # $0.01
    "Bovada": (True, False, False, False, False),  # $1.25, $5
    "Winning Poker Network": (False, False, True, False, False),  # $8.00, $0.00
    "KingsClub": (True, False, False, False, False),  # 2,146.30, 33.16, 1,000
    "PHH": (False, False, False, False, False),  # 200000
}


def amount_pattern(site: str, scale: int, currency: str | None) -> re.Pattern[str]:
    """An amount as ``site`` prints one at a table of ``scale`` and ``currency``."""
    grouped, chips_grouped, cents, after, code = SITE_FORMS[site]
    number = r"\d{1,3}(?:,\d{3})*" if (grouped if scale > 1 else chips_grouped) else r"\d+"
    if scale > 1:
        number += r"\.\d\d" if cents else r"(?:\.\d\d)?"
    sign = _SIGN.get(currency or "", "")
    text = (number + sign if after else sign + number) if sign else number
    if currency and (code or not sign):
        text += f" {currency}"
    return re.compile(f"-?{text}")


# (site, corpus file, text printed there, units, scale, currency, the messages' text)
CORPUS_AMOUNTS = [
    ("PokerStars", "Stars/7-StudHL-USD-400-800-201701.3bet.fix.txt", "$51125.64", 5112564,
     100, "USD", "$51125.64"),
    ("PokerStars", "Stars/7-StudHL-USD-400-800-201701.3bet.fix.txt", "ante $60", 6000, 100,
     "USD", "$60"),
    ("PokerStars", "Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", "6920 in chips", 6920, 1,
     None, "6920"),
    ("Full Tilt Poker", "FTP/5-Stud-USD-MTT-100-201303.txt", "(4,950)", 4950, 1, None,
     "4,950"),
    ("Full Tilt Poker", "FTP/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt", "for $1\n", 100,
     100, "USD", "$1"),
    ("PartyPoker", "PartyPoker/7-Stud-USD-1-2-201104.txt", "[$0.05 USD]", 5, 100, "USD",
     "$0.05 USD"),
    ("PartyPoker", "PartyPoker/7-Stud-USD-MTT-6.00-201205.txt", "( 2,930 )", 2930, 1, None,
     "2,930"),
    ("Winamax", "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.txt", "(1749.22€)", 174922,
     100, "EUR", "1749.22€"),
    ("Winamax", "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.txt", "ante 5€", 500, 100,
     "EUR", "5€"),
    ("Winamax", "Winamax/7-Stud-6max-play-0.5-0.10-201606.export.txt", "ante 0.01", 1, 100,
     None, "0.01"),
    ("iPoker", "iPoker/7-StudL-USD-0.05-0.10-201009.txt", 'chips="$1"', 100, 100, "USD",
     "$1"),
    ("Merge", "Merge/7-Stud-USD-0.50-1.00-201102.Sample.txt", 'amount="1.00"', 100, 100,
     "USD", "$1.00"),
    ("OnGame", "OnGame/7-Stud-USD-1.00-2.00-201212.big.bring.txt", "bring in $1\n", 100, 100,
     "USD", "$1"),
    ("Absolute", "Absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt", "Ante $0.01",
     1, 100, "USD", "$0.01"),
    ("Bovada", "Bovada/7-StudHL-USD - RING - $5-$10, $1.25 Ante - 201404.txt", "chip $1.25",
     125, 100, "USD", "$1.25"),
    ("Winning Poker Network", "Winning/_other_repos/acr_HAND_7CARD_STUD_HILO.txt", "$8.00",
     800, 100, "USD", "$8.00"),
    ("KingsClub", "KingsClub/7-Stud-USD-44-88-202010.txt", "(2,146.30)", 214630, 100, None,
     "2,146.30"),
    ("KingsClub", "KingsClub/7-Stud-USD-44-88-202010.txt", "ante 33.16", 3316, 100, None,
     "33.16"),
    ("KingsClub", "KingsClub/2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt", "to 1,000",
     100000, 100, None, "1,000"),
]


@pytest.mark.parametrize(("site", "file", "printed", "units", "scale", "currency", "ours"),
                         CORPUS_AMOUNTS, ids=[f"{c[0]} {c[6]}" for c in CORPUS_AMOUNTS])
def test_each_site_prints_an_amount_as_its_histories_do(
        corpus: Path, site: str, file: str, printed: str, units: int, scale: int,
        currency: str | None, ours: str) -> None:
    text = (corpus / file).read_bytes().decode("utf-8", "replace").replace("\r\n", "\n")
    assert printed in text
    assert printing_of(site).money.format(units, scale, currency) == ours
    assert amount_pattern(site, scale, currency).fullmatch(ours)


def test_every_site_has_its_printing() -> None:
    assert set(SITE_FORMS) == set(SITE_PROFILES)
    for site, (grouped, chips, cents, after, code) in SITE_FORMS.items():
        style = printing_of(site).money
        assert (style.grouped, style.chips_grouped, style.cents, style.sign_after,
                style.code) == (grouped, chips, cents, after, code), site


# -- every message of many hands ------------------------------------------------------

_OPEN, _CLOSE = "\x02", "\x03"
_MARKED = re.compile(f"{_OPEN}([^{_CLOSE}]*){_CLOSE}")
_NOT_AMOUNTS = re.compile(
    r"\b(?:10|[2-9TJQKA])[cdhs]\b"  # a card
    r"|\b\d(?:st|nd|rd|th)\b"  # a street
    r"|\(line \d+\)|bet number \d+|the cap is \d+|side pot \d+"
    r"|\b\d+ players reach|with \d+ cards left|gets \d+ cards|shows \d+ up cards"
    r"|\b(?:stud8|razz27|five_stud)\b"
    r"|\bseats? \d+(?: and \d+)?|\b\d+ players seated|\b\d+-max\b|\b\d+ to \d+\b")
_REPRS = ("{", "}", "[", "]", "<", ">", "RuleCode.", "Street.", "ActionKind.", "None", "('",
          "',", "\\x")


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every amount the formatter returns comes marked (works on the compiled build: the
    formatter is pure Python)."""
    plain = MoneyStyle.format

    def wrapped(self: MoneyStyle, units: int, scale: int, currency: str | None = None) -> str:
        return f"{_OPEN}{plain(self, units, scale, currency)}{_CLOSE}"

    monkeypatch.setattr(MoneyStyle, "format", wrapped)


def _names(hand: ParsedHand) -> list[str]:
    """Everyone the hand names, longest name first (a name may hold digits or brackets)."""
    names = {s.name for s in hand.header.seats}
    names |= {e.player for e in hand.events if isinstance(getattr(e, "player", None), str)}
    return sorted((n for n in names if n), key=len, reverse=True)


class Checked:
    """What the messages checked so far held: amounts per site, per rule."""

    def __init__(self) -> None:
        self.messages = 0
        self.sites: Counter[str] = Counter()
        self.rules: Counter[str] = Counter()

    def check(self, replayed: ReplayedHand) -> None:
        hand = replayed.hand
        header = hand.header
        pattern = amount_pattern(header.site, header.scale, header.currency)
        names = _names(hand)
        texts = [(v.rule, v.message) for v in replayed.violations]
        texts += [(u.rule, u.reason) for u in replayed.unverifiable]
        for rule, text in texts:
            where = f"{header.site} {hand.hand_id} {rule}: {text!r}"
            self.messages += 1
            amounts = _MARKED.findall(text)
            for amount in amounts:
                assert pattern.fullmatch(amount), f"{amount!r} is not as the site prints: {where}"
            if amounts:
                self.sites[header.site] += 1
                self.rules[rule] += 1
            rest = _MARKED.sub(" ", text)
            assert _OPEN not in rest, where
            assert _CLOSE not in rest, where
            for name in names:
                rest = rest.replace(name, " ")
            for bad in _REPRS:
                assert bad not in rest, f"{bad!r} in {where}"
            rest = _NOT_AMOUNTS.sub(" ", rest)
            assert not re.search(r"\d", rest), f"a number not printed as money: {where}"


def _corpus_hands(corpus: Path) -> Iterator[tuple[str, str]]:
    for path in scan_paths([corpus]).files:
        for raw in raw_hands(path):
            if isinstance(result_of(raw), ParsedHand):
                yield str(path.relative_to(corpus)), raw.text


_AMOUNT = re.compile(r"\d+(?:\.\d+)?")


def _damaged(texts: list[tuple[str, str]], count: int, seed: int) -> Iterator[str]:
    """Copies of corpus hands with one edit each (benchmarks/fingerprint.py's kinds)."""
    rng = random.Random(seed)
    for _ in range(count):
        _, text = rng.choice(texts)
        lines = text.rstrip("\n").split("\n")
        kind, i = rng.randrange(4), rng.randrange(1, len(lines))
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            found = list(_AMOUNT.finditer(lines[i]))
            if found:
                m = rng.choice(found)
                lines[i] = lines[i][:m.start()] + str(rng.randrange(1, 5000)) + lines[i][m.end():]
        else:
            j = rng.randrange(1, len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        yield "\n".join(lines) + "\n"


def _parsed(texts: Iterator[str]) -> Iterator[ParsedHand]:
    for text in texts:
        for result in parse_text(text):
            if isinstance(result, ParsedHand):
                yield result


_AMOUNT_RULES = {
    RuleCode.ANTE_WRONG_AMOUNT, RuleCode.BRING_IN_WRONG_AMOUNT, RuleCode.COMPLETE_WRONG_SIZE,
    RuleCode.BET_WRONG_SIZE, RuleCode.BET_BIG_WITHOUT_OPEN_PAIR, RuleCode.BET_FACING_BET,
    RuleCode.RAISE_WRONG_TOTAL, RuleCode.CALL_WRONG_AMOUNT, RuleCode.ACTION_CHECK_FACING_BET,
    RuleCode.STACK_EXCEEDED, RuleCode.STACK_ALL_IN_MISMATCH, RuleCode.POT_UNCALLED_WRONG,
    RuleCode.POT_WRONG_SPLIT, RuleCode.POT_NOT_BALANCED}
"""The rules whose messages print amounts."""


@pytest.mark.usefixtures("marked")
def test_every_message_of_the_corpus_and_its_damaged_copies(corpus: Path) -> None:
    checked = Checked()
    texts = list(_corpus_hands(corpus))
    profiles = [SITE, *sorted(PROFILES)]
    for hand in _parsed(text for _, text in texts):
        for name in profiles:
            checked.check(replay(hand, name))
    for hand in _parsed(_damaged(texts, 400, seed=12)):
        checked.check(replay(hand))
    assert checked.messages > 3000
    # amounts in messages of most sites (every site's, in the planted breaks' test)
    assert len(checked.sites) >= 10, checked.sites
    assert {RuleCode.ANTE_WRONG_AMOUNT, RuleCode.CALL_WRONG_AMOUNT, RuleCode.BET_WRONG_SIZE,
            RuleCode.STACK_EXCEEDED, RuleCode.POT_NOT_BALANCED,
            RuleCode.POT_UNCALLED_WRONG} <= set(checked.rules), checked.rules


def _planted(tmp_path: Path) -> Iterator[ParsedHand]:
    """The simulator's planted breaks (the bundled ones, a fresh cash session per game and a
    stud tournament's, in chips) and the hand-made break of every rule."""
    for path in sorted(INJECTED.glob("*.txt")):
        yield from (r for r in parse_file(path) if isinstance(r, ParsedHand))
    for game in (Game.STUD, Game.STUD8, Game.RAZZ):
        rules = [r for r in inject.INJECTABLE if inject.applicable(r, game)]
        for tournament in (False, True) if game is Game.STUD else (False,):
            out = tmp_path / f"{game.value}-{tournament}.txt"
            write_session(SimConfig(game=game, hands=len(rules), players=6, seed=5,
                                    inject="all", tournament=tournament), out)
            yield from (r for r in parse_file(out) if isinstance(r, ParsedHand))
    yield from _parsed(_edit(base, edits) for _, base, edits, _ in CASES)


def _as_from(hand: ParsedHand, site: str) -> Iterator[ParsedHand]:
    """``hand`` as if ``site`` had printed it, in each currency a table of its scale has."""
    currencies = ("USD", "EUR", "GBP", None) if hand.header.scale > 1 else (None,)
    for currency in currencies:
        header = dataclasses.replace(hand.header, site=site, currency=currency)
        yield dataclasses.replace(hand, header=header)


@pytest.mark.usefixtures("marked")
def test_every_message_of_the_planted_breaks_as_every_site_prints_them(
        tmp_path: Path) -> None:
    checked = Checked()
    hands = list(_planted(tmp_path))
    for hand in hands:
        replayed = replay(hand)
        checked.check(replayed)
        if not replayed.violations:
            continue  # a clean hand of the injected samples: nothing more to say
        for site in SITE_FORMS:
            for variant in _as_from(hand, site):
                checked.check(replay(variant, "pokerstars"))
    assert set(checked.sites) == set(SITE_FORMS)
    assert set(checked.rules) >= _AMOUNT_RULES, _AMOUNT_RULES - set(checked.rules)


# -- messages word for word, and the command line --------------------------------------

def _messages(text: str, profile: str = "pokerstars") -> list[str]:
    (hand,) = _parsed(iter([text]))
    replayed = replay(hand, profile)
    return [v.message for v in replayed.violations] + [u.reason for u in replayed.unverifiable]


_BY_NAME = {name: _edit(base, edits) for name, base, edits, _ in CASES}
"""The hand-made break of each rule, by its case's name."""


def test_messages_in_dollars_and_cents() -> None:
    assert _messages(_BY_NAME["an ante of another amount"]) == [
        "Bob antes $0.03; the ante in this hand is $0.02"]
    assert _messages(_BY_NAME["a call of the wrong amount"]) == [
        "Bob calls $0.08 but owes $0.10"]
    assert _messages(_BY_NAME["a raise whose total does not add up"]) == [
        "Cid raises $0.25 to $0.40, but the bet was $0.20"]
    assert _messages(_BY_NAME["an uncalled bet returned wrong"]) == [
        "uncalled bets returned: $0.04 to Ann; the rules return $0.05 to Ann"]


def test_an_uncalled_bet_left_in_the_pot_is_named_in_words(corpus: Path) -> None:
    """Winamax leaves a bet nobody called in the pot, and its bettor must collect it. The
    corpus hand of the negative raise, with Player0 seated with 10€ less (so that its raise
    line can only be taken as printed, a total of 18.90€ below Player1's 25€), leaves
    Player1 10€ nobody called that he does not collect. The message printed the dict
    ``{'Player1': 1000}``."""
    path = corpus / "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
    text = path.read_text(encoding="utf-8").replace("Seat 2: Player0 (33.90€)",
                                                    "Seat 2: Player0 (23.90€)")
    assert [v.message for v in replay(parse_hand(text)).violations
            if v.rule == RuleCode.POT_UNCALLED_WRONG] == [
        "Player1's uncalled bet of 10€ stays in the pot, but Player1 collects only 0€"]


def _audit(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    code = main(["audit", str(path)])
    return code, capsys.readouterr().out


def test_cli_audit_prints_dollars_and_cents(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    clean = tmp_path / "clean.txt"
    clean.write_text(BASE, encoding="utf-8")
    code, out = _audit(capsys, clean)
    assert code == 0
    assert "0 with violations" in out
    assert "  line " not in out
    bad = tmp_path / "bad.txt"
    bad.write_text(_BY_NAME["an ante of another amount"], encoding="utf-8")
    code, out = _audit(capsys, bad)
    assert code == 1
    assert "hand 300000000001 " in out
    assert " stud $0.10/$0.20: 1 violation" in out
    assert "line 7  ante.wrong-amount: Bob antes $0.03; the ante in this hand is $0.02" in out
    assert "      | Bob: posts the ante $0.03" in out


def test_cli_audit_prints_euros_and_grouped_chips(corpus: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    winamax = corpus / "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.txt"
    ftp = corpus / "FTP/5-Stud-USD-MTT-100-201303.txt"
    for source in (winamax, ftp):
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        code, out = _audit(capsys, copy)
        assert code == 0, out
        assert "  line " not in out
    euros = tmp_path / "euros.txt"
    euros.write_text(winamax.read_text("utf-8").replace(
        "Player0 posts ante 5€", "Player0 posts ante 6€", 1), encoding="utf-8")
    code, out = _audit(capsys, euros)
    assert code == 1
    assert "ante.wrong-amount: Player0 antes 6€; the ante in this hand is 5€" in out
    assert " stud 25€/50€: " in out
    chips = tmp_path / "chips.txt"
    chips.write_text(ftp.read_text("utf-8").replace(
        "Player0 antes 150", "Player0 antes 1,150", 1), encoding="utf-8")
    code, out = _audit(capsys, chips)
    assert "Player0 antes 1,150; the ante in this hand is 150" in out
