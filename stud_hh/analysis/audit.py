"""Stage 5b: a compliance audit over a database: violations, worst hands, money balance.

Pure functions from the database tables to tables a compliance team reads:
the hands and money per currency, violations per rule and per table over time, the
hands with the most broken rules with their offending source lines, every check the
text cannot decide with its line and reason, the accounting checks every stored hand
must pass, and a one-paragraph clean bill (or not).

>>> db = open_db("room.db")  # doctest: +SKIP
>>> clean_bill(db)  # doctest: +SKIP
'12,000 hands audited under the pokerstars profile: 3 hands break 4 rules ...'
"""

from __future__ import annotations

import pandas as pd

from stud_hh.analysis.report import source_lines
from stud_hh.analysis.stats import UNDATED, money_unit
from stud_hh.store.database import Database


def money_by_unit(db: Database) -> pd.DataFrame:
    """Per money unit (a currency, or ``chips``: tournaments and play money): the hands,
    tables, money through the pots and rake in that unit (never added across units), and
    how many hands break a rule, have checks the text cannot decide, or do not balance.

    Money is in the unit itself (cents and chips divided by the hand's ``scale``)."""
    hands = db.hands(columns=["site", "hand_id", "currency", "scale", "table", "pot", "rake",
                              "violations", "unverifiable"])
    unbalanced = balance_checks(db)[["site", "hand_id"]].astype(str)
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


def unverifiable_checks(db: Database, quote: bool = True) -> pd.DataFrame:
    """Every check the text cannot decide, by hand and line, with the reason and (with
    ``quote``) the source line: what an auditor must look at by hand."""
    u = db.unverifiable(columns=["site", "hand_id", "rule", "line", "message"])
    files = db.hands(columns=["site", "hand_id", "file"])
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
    """The ``n`` hands with the most violations, one row per violation, with the source line."""
    v = db.violations(columns=["site", "hand_id", "rule", "line", "player", "message", "file"])
    if v.empty:
        return v.assign(source=pd.Series(dtype="string"))
    counts = v.groupby(["site", "hand_id"], observed=True).size().rename("in_hand")
    top = counts.sort_values(ascending=False, kind="stable").head(n)
    chosen = v.join(top, on=["site", "hand_id"], how="inner")
    chosen = chosen.sort_values(["in_hand", "hand_id", "line"], ascending=[False, True, True])
    if quote:
        chosen["source"] = pd.Series([_line_text(str(f), int(n)) for f, n in
                                      zip(chosen["file"], chosen["line"], strict=True)],
                                     index=chosen.index, dtype="string")
    return chosen.reset_index(drop=True)


def balance_checks(db: Database) -> pd.DataFrame:
    """Every stored hand's accounting: put in = pot; nets + rake = 0; rake shares = rake.

    One row per hand that fails any of the three checks (empty when all balance), with
    the hand's money ``unit``, ``currency`` and ``scale``: the amounts are in the smallest
    unit (cents, chips), as stored (``scale`` of them to a whole unit).
    """
    hands = db.hands(columns=["site", "hand_id", "currency", "scale", "pot", "rake"]
                     ).set_index(["site", "hand_id"])
    hands.insert(0, "unit", money_unit(hands["currency"]))
    players = db.players(columns=["site", "hand_id", "put_in", "net", "rake_share"])
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


def clean_bill(db: Database) -> str:
    """A paragraph a compliance officer can sign: what was audited and what was found."""
    hands = db.hands(columns=["violations", "unverifiable", "profile"])
    failures = db.count("failures")
    flagged = int((hands["violations"] > 0).sum())
    total = int(hands["violations"].sum())
    unverifiable = int((hands["unverifiable"] > 0).sum())
    names = sorted({str(p) for p in hands["profile"].unique()})
    profiles = (", ".join(names) or "no") + (" profiles" if len(names) > 1 else " profile")
    unbalanced = len(balance_checks(db))
    if flagged == 0 and unbalanced == 0 and failures == 0:
        verdict = "CLEAN: no rule broken, every hand balances, every text was read."
    else:
        verdict = "NOT CLEAN: see the violations, balance checks and failures listed."
    return (f"{_count(len(hands), 'hand')} audited under the {profiles}: "
            f"{_count(flagged, 'hand')} {_verb(flagged, 'breaks', 'break')} "
            f"{_count(total, 'rule')}; {_count(unverifiable, 'hand')} "
            f"{_verb(unverifiable, 'has', 'have')} checks the text cannot decide (each listed "
            f"with its line and reason); {_count(unbalanced, 'hand')} "
            f"{_verb(unbalanced, 'does', 'do')} not balance; {_count(failures, 'text')} could "
            f"not be read. {verdict}")


def _count(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _verb(n: int, one: str, many: str) -> str:
    """The verb agreeing with ``n`` things."""
    return one if n == 1 else many
