"""Stage 5b: a compliance audit over a database: violations, worst hands, money balance.

Pure functions from the database tables to tables a compliance team reads:
violations per rule and per table over time, the hands with the most broken
rules with their offending source lines, the accounting checks every stored
hand must pass, and a one-paragraph clean bill (or not).

>>> db = open_db("room.db")  # doctest: +SKIP
>>> clean_bill(db)  # doctest: +SKIP
'12,000 hands audited under the pokerstars profile: 3 hands break 4 rules ...'
"""

from __future__ import annotations

import pandas as pd

from stud_hh.analysis.report import source_lines
from stud_hh.analysis.stats import UNDATED
from stud_hh.store.database import Database


def violations_by_rule(db: Database) -> pd.DataFrame:
    """Violations and hands per rule, most frequent first."""
    v = db.violations(columns=["rule", "hand_id"])
    if v.empty:
        return pd.DataFrame({"violations": pd.Series(dtype="int64"),
                             "hands": pd.Series(dtype="int64")}).rename_axis("rule")
    grouped = v.assign(rule=v["rule"].astype("string")).groupby("rule")
    out = pd.DataFrame({"violations": grouped.size(), "hands": grouped["hand_id"].nunique()})
    return out.sort_values(["violations", "hands"], ascending=False)


def violations_by_table(db: Database, freq: str = "D") -> pd.DataFrame:
    """Violations per table and period (``freq``: ``D``, ``W``, ``M``), rules as columns.

    A hand whose site printed no time zone has no date: its violations are counted in
    an ``undated`` period, never left out."""
    v = db.violations(columns=["table", "rule", "start_utc"])
    if v.empty:
        return pd.DataFrame()
    start = v["start_utc"].dt.tz_convert(None).dt.to_period(freq).dt.start_time
    period = start.dt.strftime("%Y-%m-%d").astype("string").fillna(UNDATED)
    frame = v.assign(period=period, rule=v["rule"].astype("string"),
                     table=v["table"].astype("string").fillna("(no table name)"))
    return frame.groupby(["table", "period", "rule"]).size().unstack("rule", fill_value=0)


def worst_hands(db: Database, n: int = 10, quote: bool = True) -> pd.DataFrame:
    """The ``n`` hands with the most violations, one row per violation, with the source line."""
    v = db.violations(columns=["site", "hand_id", "rule", "line", "player", "message", "file"])
    if v.empty:
        return v.assign(source=pd.Series(dtype="string"))
    counts = v.groupby(["site", "hand_id"], observed=True).size().rename("in_hand")
    top = counts.sort_values(ascending=False, kind="stable").head(n)
    chosen = v.join(top, on=["site", "hand_id"], how="inner")
    chosen = chosen.sort_values(["in_hand", "hand_id", "line"], ascending=[False, True, True])
    if quote:
        def line_text(row: pd.Series) -> str:
            lines = source_lines(str(row["file"]))
            line = int(row["line"])
            return lines[line - 1] if 0 < line <= len(lines) else ""

        chosen["source"] = chosen.apply(line_text, axis=1).astype("string")
    return chosen.reset_index(drop=True)


def balance_checks(db: Database) -> pd.DataFrame:
    """Every stored hand's accounting: put in = pot; nets + rake = 0; rake shares = rake.

    One row per hand that fails any of the three checks (empty when all balance).
    """
    hands = db.hands(columns=["site", "hand_id", "pot", "rake"]).set_index(["site", "hand_id"])
    players = db.players(columns=["site", "hand_id", "put_in", "net", "rake_share"])
    sums = players.groupby(["site", "hand_id"], observed=True)[
        ["put_in", "net", "rake_share"]].sum()
    joined = hands.join(sums, how="left").fillna(0)
    joined["put_in_ok"] = joined["put_in"] == joined["pot"]
    joined["nets_ok"] = joined["net"] + joined["rake"] == 0
    joined["rake_ok"] = joined["rake_share"] == joined["rake"]
    bad = ~(joined["put_in_ok"] & joined["nets_ok"] & joined["rake_ok"])
    return joined[bad].reset_index()


def clean_bill(db: Database) -> str:
    """A paragraph a compliance officer can sign: what was audited and what was found."""
    hands = db.hands(columns=["violations", "unverifiable", "profile"])
    failures = db.count("failures")
    flagged = int((hands["violations"] > 0).sum())
    total = int(hands["violations"].sum())
    unverifiable = int((hands["unverifiable"] > 0).sum())
    profiles = ", ".join(sorted({str(p) for p in hands["profile"].unique()})) or "no"
    unbalanced = len(balance_checks(db))
    if flagged == 0 and unbalanced == 0 and failures == 0:
        verdict = "CLEAN: no rule broken, every hand balances, every text was read."
    else:
        verdict = "NOT CLEAN: see the violations, balance checks and failures listed."
    return (f"{len(hands):,} hands audited under the {profiles} profile: {flagged:,} hands "
            f"break {total:,} rules; {unverifiable:,} hands have checks the text cannot decide "
            f"(cards never shown); {unbalanced:,} hands do not balance; {failures:,} texts could "
            f"not be read. {verdict}")
