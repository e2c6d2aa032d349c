"""Telling a hand of another game from a stud hand its reader could not place.

A site's header reader returns no game for a hand it does not read. Such a
hand is *skipped as not stud* only when it is positively of another game: its
game's name is a flop, draw or other non-stud game's (``Hold'em``, ``Omaha``,
``2-7 Triple Draw``, ``Badugi``), or its text shows blinds, a flop or a draw,
and nothing in it looks like stud. Anything else (a game name nobody
catalogued, a damaged name such as ``Raz"``, a stud-looking hand whose game
the reader does not know) is a failure with its reason, so no stud hand is
ever passed over as another game.

>>> is_other_game("Hold'em No Limit", "")
True
>>> is_other_game("Raz\\"", "")  # a damaged name is not positively another game
False
>>> is_other_game("Mystery", "*** FLOP *** [Ah Kd 2c]\\n")
True
>>> is_other_game("Hold'em", "Bob: brings in for 2\\n*** 3rd STREET ***\\n")
False
>>> stud_signs("Bob: brings in for $0.02\\n")
'a bring-in'
>>> stud_signs("Big Blind  [ME] : Big blind/Bring in $2\\n")  # Bovada hold'em
''
>>> stud_signs("*** THIRD-BET ***\\n"), stud_signs("*** THIRD ***\\n")  # Winamax draw, stud
('', 'a 3rd-street header')
>>> is_other_game("HOLDEM Fixed Limit", "Big Blind : Big blind/Bring in $2\\n")
True

Bovada's stud tournaments print the bring-in as ``Big blind/Bring in`` too: that line is
no sign of another game, so a tournament hand whose game code is damaged (``7CRAD``) is a
failure, as the same damage at a cash table is.

>>> is_other_game("7CRAD Fixed Limit", "Seat+1 : Big blind/Bring in 100\\n")
False

"Dealing down cards" opens stud at Everleaf but hold'em at PartyPoker, and a
river header with its board card (``** Dealing River ** [ 5s ]``) is a flop
game's: neither is a sign of stud.

>>> is_other_game("$4 USD NL Texas Hold'em", "** Dealing down cards **\\n"
...               "** Dealing River ** [ 5s ]\\n")
True
>>> stud_signs("** Dealing River **\\n")
'a 3rd-street header'
>>> stud_signs("*** THIRD-BET ***\\n*** THIRD-DRAW ***\\n")  # Winamax's 2-7 Triple Draw
''
>>> stud_signs("** Dealing down cards **\\n")  # Everleaf deals hold'em under it too
''
"""

from __future__ import annotations

import re

_OTHER_NAME = re.compile(
    r"(?ix)"
    r"hold\W?em|holdem|\bhe\b|nlhe|flhe|plhe|\blhe\b|\bnlh\b|\bflh\b|texas|"
    r"omaha|\bplo\d*\b|\bo8\b|\bomah|courchevel|pineapple|irish|"
    r"\bdraw\b|triple\s*draw|single\s*draw|\b[235]\W?card\s*draw|\b[25]cd\b|\b27td\b|"
    r"\bbadugi\b|badeucy|badacey|archie|short\s*deck|\b6\+|six\s*plus|"
    r"\bsnap\b|tahoe|dramaha|big\s*o\b|\b5\W?card\s*omaha|\bpl[ -]?o\b")
"""Words that name a game other than stud: flop games, draw games, their codes."""

_STUD_NAME = re.compile(r"(?i)stud|razz|\bf7s|\bfr\b|seven\s*card|7\W?card|\b7cs|\bsecs\b")

_OTHER_TEXT = re.compile(
    r"(?im)^\*{2,3} ?(?:flop|turn|first draw|second draw|third draw|draw|"
    r"dealing flop|dealing turn)\b|"
    r"posts? (?:the )?(?:small|big) blind|posts? (?:small|big) \w*blind|"
    r"\b(?:small|big) blind\b(?!/bring)|\bis the button\b|\bstands pat\b|\bdiscards? \d|"
    r"\bdraws \d|<cards type=\"Flop\"|\btype=\"(?:SB|BB)\"|^Board: \[|\bflop\b|"
    r"\b(?:BIG|SMALL)_BLIND\b|"
    r"^blinds_or_straddles\s*=\s*\[[^\]]*[1-9]")  # PHH: blinds posted

_STUD_TEXT: tuple[tuple[str, re.Pattern[str]], ...] = (
    # Bovada's hold'em prints "Big blind/Bring in $2" and "Set dealer/Bring in spot":
    # a bring-in only where it is not the second half of such a pair
    ("a bring-in", re.compile(
        r"(?i)(?<!/)\bbring[s\-_ ]?in\b(?! spot)|\bbrings in\b|\bbringin\b")),
    ("a 3rd-street header", re.compile(
        r"(?im)^\*{2,3} ?(?:3rd|third|4th|fourth|5th|fifth|6th|sixth|7th|seventh)"
        r"(?: street)?\b(?![- ]?(?:draw|bet))|"  # not Winamax's "THIRD-BET", "THIRD-DRAW"
        r"dealing (?:4th|fourth|5th|fifth|6th|sixth|7th|seventh) street|"
        r"^\*\* dealing river \*\*$")),  # Everleaf's river; Party's flop games print a card
    ("a stud showdown wording", re.compile(r"(?i)\bis (?:low|high) with \[")),
)


def stud_name(game_text: str) -> bool:
    """Whether a game's name says stud, razz or seven-card."""
    return _STUD_NAME.search(game_text) is not None


def stud_signs(text: str) -> str:
    """What in a hand's text looks like stud (``"a bring-in"``), or ``""``."""
    for what, pattern in _STUD_TEXT:
        if pattern.search(text):
            return what
    return ""


def is_other_game(game_text: str, text: str) -> bool:
    """Whether a hand whose reader found no stud game is positively of another game.

    It is when its game's name, or its text, names or shows another game (a flop,
    blinds, a draw), and neither its name nor its text looks like stud.
    """
    if stud_name(game_text) or stud_signs(text):
        return False
    return _OTHER_NAME.search(game_text) is not None or _OTHER_TEXT.search(text) is not None
