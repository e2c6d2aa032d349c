"""Who is who: the names a database stores, seen as the people they belong to.

A stored player is a ``(site, name)`` pair, the name as the history prints it. Two facts
make several pairs one person, and this module is the one place that knows them:

* a site that writes anonymous seats marks the history's owner: Bovada prints the hero
  as ``Seat+3 [ME]`` (another hand, another seat: ``Seat+5 [ME]``); every such seat is
  the one player ``[ME]`` of that site (:data:`HERO_MARKS`), and an opponent printed
  ``Seat+3`` stays an opponent;
* the settings (:mod:`stud_hh.settings`) name the hero's screen names per site and
  aliases: a :class:`Person` is a name and the pairs that are that person. The hero's
  pairs, with every site's marked seats, are one person, shown under the first hero name
  (or under the name of an alias that lists one of them).

:meth:`People.label` gives each stored row the name of its person (a row of nobody in
particular keeps its name; one that would be mistaken for a person, the same name at
another site, is shown with its site); a database opened with ``people`` (see
:func:`~stud_hh.store.database.open_db`) labels its ``players`` and ``tournaments`` rows so,
and takes a filter on ``player`` in those names (:meth:`People.translate`), so that
statistics, reports, tournaments and the live table all count a person once. The
histories themselves, and the hands a page or ``show`` prints, keep the names as printed.

>>> people = People.of(hero=[("PokerStars", "Hero"), ("Full Tilt Poker", "HeroFT")],
...                    aliases=[("Villain", [("PokerStars", "V1"), ("PokerStars", "V2")])])
>>> [people.label_of(site, name) for site, name in [("Full Tilt Poker", "HeroFT"),
...     ("Bovada", "Seat+5 [ME]"), ("Bovada", "Seat+5"), ("PokerStars", "V2"),
...     ("iPoker", "Hero")]]
['Hero', 'Hero', 'Seat+5', 'Villain', 'Hero (iPoker)']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from stud_hh.model.errors import SettingsError
from stud_hh.read.sites.bovada import HERO_MARK as BOVADA_MARK
from stud_hh.read.sites.bovada import SITE as BOVADA
from stud_hh.store.select import UnknownPlayerError, match_player

if TYPE_CHECKING:
    from stud_hh.settings.file import Settings

__all__ = ["HERO_MARKS", "LABELLED_TABLES", "People", "Person", "holds"]

HERO_MARKS: dict[str, tuple[str, str]] = {BOVADA: (BOVADA_MARK, BOVADA_MARK.strip())}
"""Sites that mark the history's owner in the seat's name: the site, the mark printed at
the end of the name, and the name every marked seat is known by (``[ME]``)."""

LABELLED_TABLES = ("players", "tournaments")
"""The tables whose ``player`` a database with people shows as the person."""

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Person:
    """One player under several names: ``members`` are ``(site, name)`` pairs, a marked
    seat under its site's mark name (``("Bovada", "[ME]")``)."""

    name: str
    members: frozenset[Pair]
    hero: bool = False


def _canonical(site: str, name: str) -> str:
    mark = HERO_MARKS.get(site)
    return mark[1] if mark is not None and name.endswith(mark[0]) else name


@dataclass(frozen=True, slots=True)
class People:
    """The persons of the settings (none by default: then only the marked seats of
    :data:`HERO_MARKS` are one player each site)."""

    persons: tuple[Person, ...] = ()

    @classmethod
    def of(cls, hero: Iterable[Pair] = (),
           aliases: Iterable[tuple[str, Iterable[Pair]]] = ()) -> People:
        """The persons of the hero's ``(site, name)`` pairs and of ``aliases`` (a person's
        name and pairs). An alias that lists a hero name is the hero, under its name."""
        hero_pairs = list(dict.fromkeys(hero))
        groups = [(name, frozenset(pairs)) for name, pairs in aliases]
        persons: list[Person] = []
        if hero_pairs:
            members = set(hero_pairs) | {(site, mark) for site, (_, mark) in HERO_MARKS.items()}
            joined = [(name, pairs) for name, pairs in groups if pairs & members]
            if len(joined) > 1:
                raise SettingsError(f"the aliases {', '.join(n for n, _ in joined)} each list "
                                    "a name of the hero: the hero is one person")
            name = joined[0][0] if joined else hero_pairs[0][1]
            for _, pairs in joined:
                members |= pairs
            persons.append(Person(name, frozenset(members), hero=True))
            groups = [g for g in groups if not g[1] & members]
        persons += [Person(name, pairs) for name, pairs in groups]
        return cls(tuple(persons))

    @classmethod
    def from_settings(cls, settings: Settings) -> People:
        """The persons the settings name (:mod:`stud_hh.settings`)."""
        try:
            return cls.of(settings.hero_pairs(), settings.aliases)
        except SettingsError as exc:
            raise SettingsError(exc.reason, path=str(settings.path)) from None

    @property
    def hero(self) -> Person | None:
        """The hero, when the settings name one."""
        return next((p for p in self.persons if p.hero), None)

    def _owners(self) -> dict[Pair, str]:
        return {pair: person.name for person in self.persons for pair in person.members}

    def label_of(self, site: str, name: str) -> str:
        """The name the stored player ``name`` of ``site`` is shown under."""
        canonical = _canonical(site, name)
        owner = self._owners().get((site, canonical))
        if owner is not None:
            return owner
        if any(p.name == canonical for p in self.persons):
            return f"{canonical} ({site})"
        return canonical

    def label(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``frame`` (with ``site`` and ``player`` columns) with each ``player`` the name of
        its person (:meth:`label_of`, vectorised); the rows and other columns as they are."""
        if frame.empty or "player" not in frame or "site" not in frame:
            return frame
        site = frame["site"].astype("string")
        stored = frame["player"].astype("string")
        names = stored.copy()
        changed = False
        for mark_site, (mark, canonical) in HERO_MARKS.items():
            at_site = (site == mark_site).fillna(False).to_numpy(dtype=bool)
            if at_site.any():
                marked = at_site & stored.str.endswith(mark).fillna(False).to_numpy(dtype=bool)
                names[marked] = canonical
                changed = changed or bool(marked.any())
        if self.persons:
            owners = self._owners()
            labelled = np.zeros(len(names), dtype=bool)
            member = names.isin({name for _, name in owners}).fillna(False).to_numpy(dtype=bool)
            rows = np.flatnonzero(member)
            if len(rows):
                found = [owners.get((str(s), str(n))) for s, n in
                         zip(site.iloc[rows], names.iloc[rows], strict=True)]
                hit = np.array([f is not None for f in found], dtype=bool)
                names.iloc[rows[hit]] = pd.Series([f for f in found if f is not None],
                                                  index=names.index[rows[hit]], dtype="string")
                labelled[rows[hit]] = True
            persons = {p.name for p in self.persons}
            others = names.isin(persons).fillna(False).to_numpy(dtype=bool) & ~labelled
            if others.any():
                names[others] = names[others] + " (" + site[others] + ")"
            changed = changed or bool(labelled.any() or others.any())
        if not changed:
            return frame
        out = frame.copy()
        out["player"] = names.astype(frame["player"].dtype)
        return out

    def find(self, name: str) -> Person | None:
        """The person named ``name`` (exactly, else in any case)."""
        for person in self.persons:
            if person.name == name:
                return person
        folded = [p for p in self.persons if p.name.casefold() == name.casefold()]
        return folded[0] if len(folded) == 1 else None

    def owner(self, name: str) -> str | None:
        """The label a person's other name means: ``HeroFT`` is the hero, ``Seat+3 [ME]``
        is ``[ME]``; ``None`` for a name of no one in particular."""
        folded = name.casefold()
        for person in self.persons:
            if any(n.casefold() == folded for _, n in person.members):
                return person.name
        for site, (mark, canonical) in HERO_MARKS.items():
            if name.endswith(mark) or name == canonical:
                return self.label_of(site, canonical)
        return None

    def match(self, names: Iterable[str], wanted: str, what: str = "hands") -> str:
        """The label ``wanted`` means among ``names`` (labels): as
        :func:`~stud_hh.store.select.match_player`, and a person's other name (or a marked
        seat's) means the person."""
        known = list(names)
        try:
            return match_player(known, wanted, what)
        except UnknownPlayerError:
            owner = self.owner(wanted)
            if owner is not None and owner in known:
                return owner
            raise

    def seat_of(self, who: str, site: str, names: Sequence[str]) -> str | None:
        """Which of a hand's seat ``names`` (at ``site``) is ``who``: a name printed there,
        else the one whose person ``who`` names (or ``who``'s person)."""
        if who in names:
            return who
        wanted = {who}
        owner = self.owner(who)
        if owner is not None:
            wanted.add(owner)
        return next((n for n in names if self.label_of(site, n) in wanted), None)

    def hero_seat(self, site: str, names: Sequence[str]) -> str | None:
        """The hero's seat among a hand's ``names``: the settings' hero, else the seat the
        site marks as the owner's."""
        hero = self.hero
        if hero is not None:
            return self.seat_of(hero.name, site, names)
        mark = HERO_MARKS.get(site)
        return next((n for n in names if mark is not None and n.endswith(mark[0])), None)

    def translate(self, filters: Any) -> tuple[Any, frozenset[str] | None]:
        """``filters`` (terms, as :func:`pandas.read_parquet` takes them) with each term on
        ``player`` (``==`` or ``in``, values as labels) made a filter on the stored names
        those labels come from; and the labels to keep once the rows are labelled
        (``None``: every row). Other filters (an expression, an OR of terms) are passed
        on as they are: they see the stored names."""
        if not isinstance(filters, list) or not all(isinstance(t, tuple) for t in filters):
            return filters, None
        terms = [t for t in filters if not (t[0] == "player" and t[1] in ("==", "in"))]
        if len(terms) == len(filters):
            return filters, None
        wanted: set[str] | None = None
        for _, op, value in (t for t in filters if t not in terms):
            values = {str(value)} if op == "==" else {str(v) for v in value}
            wanted = values if wanted is None else wanted & values
        assert wanted is not None
        expression = self._stored(wanted)
        if terms:
            expression = pq.filters_to_expression(terms) & expression
        return expression, frozenset(wanted)

    def _stored(self, labels: set[str]) -> Any:
        """A filter on the stored rows that may be labelled one of ``labels``."""
        names: set[str] = set()
        marked: set[str] = set()
        for label in labels:
            names.add(label)
            plain, _, site = label.rpartition(" (")
            if plain and site.endswith(")"):
                names.add(plain)
            person = self.find(label)
            for site_name, name in person.members if person is not None else ():
                names.add(name)
                if HERO_MARKS.get(site_name, ("", None))[1] == name:
                    marked.add(site_name)
            for site_name, (_, canonical) in HERO_MARKS.items():
                if label == canonical:
                    marked.add(site_name)
        expression = ds.field("player").isin(sorted(names))
        for site_name in sorted(marked):
            expression |= (ds.field("site") == site_name) & pc.ends_with(
                ds.field("player"), HERO_MARKS[site_name][0])
        return expression


def holds(db: Any, name: str, *, tournaments: bool = False) -> bool:
    """Whether the database ``db`` (opened with its people) holds a hand dealt to the
    player ``name`` (a label); with ``tournaments``, a tournament hand or result of
    theirs."""
    terms = [("player", "==", name), ("dealt", "==", True)]
    if tournaments:
        terms.append(("tournament", "==", True))
        if not db.tournaments(columns=["player"], filters=[("player", "==", name)]).empty:
            return True
    return not db.players(columns=["player"], filters=terms).empty
