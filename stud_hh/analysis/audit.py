"""Stage 5b: a compliance audit over a database: violations, worst hands, money balance.

Pure functions from the database tables to tables a compliance team reads:
the hands and money per currency, violations per rule and per table over time, the
hands with the most broken rules with their offending source lines, every check the
text cannot decide with its line and reason, the accounting checks every stored hand
must pass, and a one-paragraph clean bill (or not).

Every count tells the root causes apart from the violations that follow from an
earlier one of their hand (``violations.follows_line``, :mod:`stud_hh.engine.causes`):
one site fault and its consequences read as one fault. Rows imported before schema 4
did not record it, and count as root causes.

Each function takes a ``select`` (:class:`~stud_hh.store.select.Selection`: the command
line's filters) and audits only the hands it selects (with a player: the hands that player
was dealt); the texts that could not be read are not hands, and are always the whole
database's. :mod:`stud_hh.analysis.audit_duck` computes the same tables in DuckDB.

>>> db = open_db("room.db")  # doctest: +SKIP
>>> clean_bill(db)  # doctest: +SKIP
'12,000 hands audited under the pokerstars profile: 3 hands break 4 rules ...'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pandas as pd

from stud_hh.analysis.report import source_lines
from stud_hh.analysis.stats import UNDATED, money_unit
from stud_hh.rules.violations import split_words
from stud_hh.store.database import Database
from stud_hh.store.select import Selection


def money_by_unit(db: Database, select: Selection | None = None) -> pd.DataFrame:
    """Per money unit (a currency, or ``chips``: tournaments and play money): the hands,
    tables, money through the pots and rake in that unit (never added across units), and
    how many hands break a rule, have checks the text cannot decide, or do not balance.

    Money is in the unit itself (cents and chips divided by the hand's ``scale``)."""
    hands = db.hands(columns=["site", "hand_id", "currency", "scale", "table", "pot", "rake",
                              "violations", "unverifiable"], select=select)
    unbalanced = balance_checks(db, select)[["site", "hand_id"]].astype(str)
    keys = pd.MultiIndex.from_frame(hands[["site", "hand_id"]].astype(str))
    frame = pd.DataFrame({
        "unit": money_unit(hands["currency"]).to_numpy(),
        "table": hands["table"].astype("string").to_numpy(),
        "pots": (hands["pot"] / hands["scale"]).astype(float).to_numpy(),
        "rake": (hands["rake"] / hands["scale"]).astype(float).to_numpy(),
        "flagged": (hands["violations"] > 0).to_numpy(),
        "unverifiable": (hands["unverifiable"] > 0).to_numpy(),
        "unbalanced": keys.isin(pd.MultiIndex.from_frame(unbalanced)),
    })
    grouped = frame.groupby("unit", sort=True)
    out = pd.DataFrame({"hands": grouped.size(), "tables": grouped["table"].nunique(),
                        "pots": grouped["pots"].sum().round(2),
                        "rake": grouped["rake"].sum().round(2)})
    for column in ("flagged", "unverifiable", "unbalanced"):
        out[f"hands_{column}"] = grouped[column].sum()
    counts = [c for c in out.columns if c not in ("pots", "rake")]
    return out.astype(dict.fromkeys(counts, "int64"))


FOLLOWING = "following"
"""The column of :func:`violations_by_table` counting the violations that follow from an
earlier one of their hand, whatever their rule."""


def violations_by_rule(db: Database, select: Selection | None = None) -> pd.DataFrame:
    """Violations per rule, the root causes and those following from an earlier violation
    of their hand apart, and the hands they are in; most frequent first."""
    v = db.violations(columns=["rule", "site", "hand_id", "follows_line"], select=select)
    if v.empty:
        return pd.DataFrame({name: pd.Series(dtype="int64") for name in (
            "violations", "root_causes", FOLLOWING, "hands")}).rename_axis("rule")
    following = v["follows_line"].notna()
    frame = v.assign(rule=v["rule"].astype("string"), following=following,
                     hand=v["site"].astype("string") + "#" + v["hand_id"].astype("string"))
    grouped = frame.groupby("rule")
    out = pd.DataFrame({"violations": grouped.size(), FOLLOWING: grouped["following"].sum(),
                        "hands": grouped["hand"].nunique()})
    out.insert(1, "root_causes", out["violations"] - out[FOLLOWING])
    out = out.astype("int64")
    return out.sort_values(["violations", "root_causes", "hands"], ascending=False)


SITE_COLUMNS = ("hands", "hands_flagged", "violations", "root_causes", FOLLOWING,
                "hands_unverifiable", "hands_unbalanced")
"""The columns of :func:`violations_by_site`."""


def violations_by_site(db: Database, select: Selection | None = None) -> pd.DataFrame:
    """Per site: the hands audited, those that break a rule, their violations (the root
    causes and those following from an earlier violation of their hand apart), the hands
    with checks the text cannot decide and those that do not balance; the sites with the
    most violations first."""
    hands = db.hands(columns=["site", "hand_id", "violations", "violations_following",
                              "unverifiable"], select=select)
    unbalanced = balance_checks(db, select)["site"].astype("string").value_counts()
    following = hands["violations_following"].fillna(0).astype("int64")
    frame = pd.DataFrame({
        "site": hands["site"].astype("string").to_numpy(),
        "flagged": (hands["violations"] > 0).to_numpy(),
        "violations": hands["violations"].astype("int64").to_numpy(),
        "following": following.to_numpy(),
        "unverifiable": (hands["unverifiable"] > 0).to_numpy()})
    grouped = frame.groupby("site", sort=True)
    out = pd.DataFrame({"hands": grouped.size(), "hands_flagged": grouped["flagged"].sum(),
                        "violations": grouped["violations"].sum(),
                        FOLLOWING: grouped["following"].sum(),
                        "hands_unverifiable": grouped["unverifiable"].sum()})
    out.insert(3, "root_causes", out["violations"] - out[FOLLOWING])
    out["hands_unbalanced"] = unbalanced.reindex(out.index).fillna(0)
    out = out[list(SITE_COLUMNS)].astype("int64").rename_axis("site")
    return out.sort_values("violations", ascending=False, kind="stable")


def violations_by_table(db: Database, freq: str = "D", select: Selection | None = None
                        ) -> pd.DataFrame:
    """Violations per table and period (``freq``: ``D``, ``W``, ``M``): the root causes
    per rule as columns, and the violations following from an earlier one of their hand
    in one more column, :data:`FOLLOWING` (the rows sum to every violation).

    A hand whose site printed no time zone has no date: its violations are counted in
    an ``undated`` period, never left out."""
    v = db.violations(columns=["table", "rule", "start_utc", "follows_line"], select=select)
    if v.empty:
        return pd.DataFrame()
    start = v["start_utc"].dt.tz_convert(None).dt.to_period(freq).dt.start_time
    period = start.dt.strftime("%Y-%m-%d").astype("string").fillna(UNDATED)
    column = v["rule"].astype("string").where(v["follows_line"].isna(), FOLLOWING)
    frame = v.assign(period=period, rule=column,
                     table=v["table"].astype("string").fillna("(no table name)"))
    by_table = frame.groupby(["table", "period", "rule"]).size().unstack("rule", fill_value=0)
    ordered = [c for c in by_table.columns if c != FOLLOWING]
    return by_table[ordered + ([FOLLOWING] if FOLLOWING in by_table.columns else [])]


def unverifiable_checks(db: Database, quote: bool = True, select: Selection | None = None
                        ) -> pd.DataFrame:
    """Every check the text cannot decide, by hand and line, with the reason and (with
    ``quote``) the source line: what an auditor must look at by hand."""
    u = db.unverifiable(columns=["site", "hand_id", "rule", "line", "message"], select=select)
    files = db.hands(columns=["site", "hand_id", "file"], select=select)
    rows = u.merge(files, on=["site", "hand_id"], how="left").rename(
        columns={"message": "reason"})
    rows = rows.sort_values(["site", "hand_id", "line"], kind="stable").reset_index(drop=True)
    rows["rule"] = rows["rule"].astype("string")
    rows["line"] = rows["line"].astype("int64")
    if quote:
        rows["source"] = pd.Series([_line_text(str(f), int(n)) for f, n in
                                    zip(rows["file"], rows["line"], strict=True)],
                                   index=rows.index, dtype="string")
    return rows[["site", "hand_id", "line", "rule", "reason", "file",
                 *(["source"] if quote else [])]]


def _line_text(path: str, line: int) -> str:
    lines = source_lines(path)
    return lines[line - 1] if 0 < line <= len(lines) else ""


def worst_hands(db: Database, n: int = 10, quote: bool = True) -> pd.DataFrame:
    """The ``n`` hands with the most root causes (then the most violations), one row per
    violation, with the source line: ``in_hand`` counts the hand's violations,
    ``roots_in_hand`` its root causes, and a consequence names the root cause it follows
    from (``follows_line``, ``follows_rule``)."""
    v = db.violations(columns=["site", "hand_id", "rule", "line", "player", "message", "file",
                               "follows_line", "follows_rule"])
    if v.empty:
        return v.assign(source=pd.Series(dtype="string"))
    v = v.assign(root=v["follows_line"].isna())
    grouped = v.groupby(["site", "hand_id"], observed=True)
    counts = pd.DataFrame({"in_hand": grouped.size(), "roots_in_hand": grouped["root"].sum()})
    top = counts.sort_values(["roots_in_hand", "in_hand"], ascending=False,
                             kind="stable").head(n)
    chosen = v.drop(columns="root").join(top, on=["site", "hand_id"], how="inner")
    chosen = chosen.sort_values(["roots_in_hand", "in_hand", "hand_id", "line"],
                                ascending=[False, False, True, True], kind="stable")
    if quote:
        chosen["source"] = pd.Series([_line_text(str(f), int(n)) for f, n in
                                      zip(chosen["file"], chosen["line"], strict=True)],
                                     index=chosen.index, dtype="string")
    return chosen.reset_index(drop=True)


def balance_checks(db: Database, select: Selection | None = None) -> pd.DataFrame:
    """Every stored hand's accounting: put in = pot; nets + rake = 0; rake shares = rake.

    One row per hand that fails any of the three checks (empty when all balance), with
    the hand's money ``unit``, ``currency`` and ``scale``: the amounts are in the smallest
    unit (cents, chips), as stored (``scale`` of them to a whole unit).
    """
    hands = db.hands(columns=["site", "hand_id", "currency", "scale", "pot", "rake"],
                     select=select).set_index(["site", "hand_id"])
    hands.insert(0, "unit", money_unit(hands["currency"]))
    # every player of the selected hands (not only the selection's player): the hands'
    # own filters narrow the read, the join below keeps the selected hands
    everyone = None if select is None else dataclasses.replace(select, player=None)
    players = db.players(columns=["site", "hand_id", "put_in", "net", "rake_share"],
                         select=everyone)
    sums = players.groupby(["site", "hand_id"], observed=True)[
        ["put_in", "net", "rake_share"]].sum()
    joined = hands.join(sums, how="left")
    money = ["pot", "rake", "put_in", "net", "rake_share"]
    joined[money] = joined[money].fillna(0).astype("int64")  # a hand without players: 0
    joined["put_in_ok"] = joined["put_in"] == joined["pot"]
    joined["nets_ok"] = joined["net"] + joined["rake"] == 0
    joined["rake_ok"] = joined["rake_share"] == joined["rake"]
    bad = ~(joined["put_in_ok"] & joined["nets_ok"] & joined["rake_ok"])
    return joined[bad].reset_index()


@dataclass(frozen=True, slots=True)
class Tally:
    """What an audit counts, from which its verdict is written (:func:`bill`)."""

    hands: int
    """Hands audited."""
    flagged: int
    """Hands that break a rule."""
    violations: int
    following: int
    """Of the violations, those that follow from an earlier one of their hand."""
    unverifiable: int
    """Hands with checks the text cannot decide."""
    unbalanced: int
    """Hands whose money does not balance."""
    failures: int
    """Texts that could not be read (the whole database's: they are not hands)."""
    profiles: tuple[str, ...]
    """The house-rule profiles the hands were audited under."""

    @property
    def clean(self) -> bool:
        return self.flagged == 0 and self.unbalanced == 0 and self.failures == 0


def tally(db: Database, select: Selection | None = None) -> Tally:
    """The counts of the audit of the hands ``select`` selects."""
    hands = db.hands(columns=["violations", "violations_following", "unverifiable",
                              "profile"], select=select)
    return Tally(
        hands=len(hands), flagged=int((hands["violations"] > 0).sum()),
        violations=int(hands["violations"].sum()),
        following=int(hands["violations_following"].fillna(0).sum()),
        unverifiable=int((hands["unverifiable"] > 0).sum()),
        unbalanced=len(balance_checks(db, select)), failures=db.count("failures"),
        profiles=tuple(sorted({str(p) for p in hands["profile"].unique()})))


def bill(t: Tally) -> str:
    """The paragraph a compliance officer can sign, of an audit's counts.

    >>> print(bill(Tally(hands=1200, flagged=1, violations=4, following=3, unverifiable=0,
    ...                  unbalanced=0, failures=0, profiles=("pokerstars",))))
    ... # doctest: +NORMALIZE_WHITESPACE
    1,200 hands audited under the pokerstars profile: 1 hand breaks 4 rules (1 root cause,
    3 following from it); 0 hands have checks the text cannot decide (each listed with its
    line and reason); 0 hands do not balance; 0 texts could not be read. NOT CLEAN: see the
    violations, balance checks and failures listed.
    """
    split = f" ({split_words(t.violations, t.following)})" if t.violations else ""
    profiles = (", ".join(t.profiles) or "no") + (" profiles" if len(t.profiles) > 1
                                                   else " profile")
    if t.clean:
        verdict = "CLEAN: no rule broken, every hand balances, every text was read."
    else:
        verdict = "NOT CLEAN: see the violations, balance checks and failures listed."
    return (f"{_count(t.hands, 'hand')} audited under the {profiles}: "
            f"{_count(t.flagged, 'hand')} {_verb(t.flagged, 'breaks', 'break')} "
            f"{_count(t.violations, 'rule')}{split}; {_count(t.unverifiable, 'hand')} "
            f"{_verb(t.unverifiable, 'has', 'have')} checks the text cannot decide (each "
            f"listed with its line and reason); {_count(t.unbalanced, 'hand')} "
            f"{_verb(t.unbalanced, 'does', 'do')} not balance; {_count(t.failures, 'text')} "
            f"could not be read. {verdict}")


def clean_bill(db: Database, select: Selection | None = None) -> str:
    """A paragraph a compliance officer can sign: what was audited and what was found, the
    root causes told apart from the violations that follow from them."""
    return bill(tally(db, select))


def _count(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _verb(n: int, one: str, many: str) -> str:
    """The verb agreeing with ``n`` things."""
    return one if n == 1 else many


def conflicts(db: Database) -> pd.DataFrame:
    """Every second copy of a stored hand whose text differs (the ``conflicts`` table), in
    the order of their files, with where the two first differ: ``line`` (in the copy's file),
    ``copy`` and ``stored``, the two lines (empty when the stored copy's file can no longer
    be read, or when the copy only adds or drops lines at its end)."""
    rows = db.conflicts(columns=["site", "hand_id", "file", "first_line", "stored_file",
                                 "stored_first_line", "text"])
    rows = rows.sort_values(["file", "first_line"], kind="stable").reset_index(drop=True)
    hands = db.hands(columns=["site", "hand_id", "first_line", "last_line"])
    ends = {(str(s), str(h)): (int(f), int(e)) for s, h, f, e in zip(
        hands["site"], hands["hand_id"], hands["first_line"], hands["last_line"], strict=True)}
    where: list[tuple[int | None, str, str]] = []
    for row in rows.itertuples(index=False):
        stored: list[str] = []
        span = ends.get((str(row.site), str(row.hand_id)))
        if isinstance(row.stored_file, str) and span is not None:
            stored = list(source_lines(row.stored_file)[span[0] - 1:span[1]])
        where.append(_first_difference(str(row.text).splitlines(), stored,
                                       int(str(row.first_line))))
    rows["line"] = pd.array([w[0] for w in where], dtype="Int64")
    rows["copy"] = pd.array([w[1] for w in where], dtype="string")
    rows["stored"] = pd.array([w[2] for w in where], dtype="string")
    return rows.drop(columns="text")


def _first_difference(copy: list[str], stored: list[str], first_line: int
                      ) -> tuple[int | None, str, str]:
    """The first line (numbered in the copy's file) where ``copy`` and ``stored`` differ
    beyond whitespace, and the two lines; blank lines are passed over in both."""
    def shown(lines: list[str]) -> list[tuple[int, str]]:
        return [(i, " ".join(t.split())) for i, t in enumerate(lines) if t.strip()]

    if not stored:
        return None, "", ""
    ours, theirs = shown(copy), shown(stored)
    for (i, mine), (_, other) in zip(ours, theirs, strict=False):
        if mine != other:
            return first_line + i, mine, other
    if len(ours) != len(theirs):
        longer = ours if len(ours) > len(theirs) else theirs
        i, text = longer[min(len(ours), len(theirs))]
        return (first_line + i, text, "") if longer is ours else (None, "", text)
    return None, "", ""
