"""The audit of a selection of hands computed by DuckDB over the Parquet parts.

:mod:`stud_hh.analysis.audit` reads the tables whole into pandas: right for a report
written once, too slow for a page a person opens and narrows again and again on a million
player-hands. :class:`DuckAudit` answers the same questions in SQL over the views of
:func:`stud_hh.store.sql.connect` (or of the app's source), bringing back only the counts
and the rows a page shows: the tables equal the pandas functions' for the same selection
(a test holds them equal on the corpus).

The selection is the command line's: dates, games, stakes, sites and cash or tournament
are conditions on the ``hands`` table; a player selects the hands that player was dealt.
The violations and the checks the text cannot decide are those of the selected hands;
the texts that could not be read are not hands, and are always the whole database's.

The balance checks add up every player's money of every hand: the slowest question on a
large database, and the same whatever the filters. Its answer may be kept in a table of
the connection (:func:`keep_unbalanced`) that every later audit reads.

>>> with connect(open_db("room.db")) as con:  # doctest: +SKIP
...     with DuckAudit(con.cursor(), Selection().where(game="razz")) as audit:
...         audit.violations_by_rule()
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import pandas as pd

from stud_hh.analysis.audit import FOLLOWING, SITE_COLUMNS, Tally
from stud_hh.analysis.stats import UNDATED
from stud_hh.rules import printing_of
from stud_hh.rules.violations import RULES, RuleCode
from stud_hh.store.select import Selection, SelectionError, check_values, match_player

if TYPE_CHECKING:
    import duckdb

__all__ = ["FINDING_COLUMNS", "KINDS", "DuckAudit", "Narrow", "Values", "distinct",
           "keep_unbalanced"]

UNBALANCED_SQL = """
    WITH sums AS (SELECT site, hand_id, CAST(sum(put_in) AS BIGINT) AS put_in,
                         CAST(sum(net) AS BIGINT) AS net,
                         CAST(sum(rake_share) AS BIGINT) AS rake_share
                  FROM players GROUP BY site, hand_id)
    SELECT h.site, h.hand_id, coalesce(CAST(h.currency AS VARCHAR), 'chips') AS unit,
           CAST(h.currency AS VARCHAR) AS currency, h.scale, h.pot, h.rake,
           coalesce(s.put_in, 0) AS put_in, coalesce(s.net, 0) AS net,
           coalesce(s.rake_share, 0) AS rake_share
    FROM hands h LEFT JOIN sums s ON s.site = h.site AND s.hand_id = h.hand_id
    WHERE coalesce(s.put_in, 0) <> h.pot OR coalesce(s.net, 0) + h.rake <> 0
       OR coalesce(s.rake_share, 0) <> h.rake"""
"""Every hand that fails a balance check (:func:`stud_hh.analysis.audit.balance_checks`)."""

KEPT = "audit_unbalanced"
"""The table :func:`keep_unbalanced` keeps the unbalanced hands in."""
_KEEPING = threading.Lock()


def keep_unbalanced(cur: duckdb.DuckDBPyConnection) -> str:
    """The name of a table of the connection holding :data:`UNBALANCED_SQL`'s hands, made
    the first time (the connection must be made again when the database changes, as the
    app's source is)."""
    with _KEEPING:  # two requests at once would both create it
        cur.execute(f"CREATE TABLE IF NOT EXISTS {KEPT} AS {UNBALANCED_SQL}")
    return KEPT


Values = Callable[[str], Sequence[str]]
"""The distinct values stored in a column: ``site``, ``stakes`` or ``game`` of the hands,
``player`` of the players."""


def distinct(cur: duckdb.DuckDBPyConnection, column: str, players: str = "players"
             ) -> list[str]:
    """The distinct values of ``column`` (:data:`Values`), ``players`` the view of the
    players' names."""
    table = players if column == "player" else "hands"
    return [str(r[0]) for r in cur.execute(
        f"SELECT DISTINCT CAST({_q(column)} AS VARCHAR) FROM {table} WHERE {_q(column)} "
        "IS NOT NULL").fetchall()]


_NAMES = itertools.count()
"""Numbers the tables of selected hands (one per audit)."""

KINDS = ("", "root", "following")
"""The violations a drill-down lists: all, the root causes, those following from another."""
FREQS = {"D": "day", "W": "week", "M": "month"}


@dataclass(frozen=True, slots=True)
class Narrow:
    """What narrows a list of violations beyond the selection: a rule, root causes or
    consequences (``kind``), a table, a period (``period`` the first day of a ``freq``
    period, as :func:`stud_hh.analysis.audit.violations_by_table` names it, or
    ``undated``). Every field left empty narrows nothing.

    >>> Narrow(rule="bet.wrong-size", kind="root", period="2026-03-09", freq="W").describe()
    'rule bet.wrong-size, root causes, the week of 2026-03-09'
    """

    rule: str = ""
    kind: str = ""
    table: str = ""
    period: str = ""
    freq: str = "D"

    def __post_init__(self) -> None:
        if self.rule:
            try:
                RULES[RuleCode(self.rule)]
            except ValueError:
                raise SelectionError(f"no rule {self.rule!r} (stud-hh explain lists them: "
                                     "docs/rules.md)") from None
        if self.kind not in KINDS:
            raise SelectionError(f"kind: root or following, not {self.kind!r}")
        if self.freq not in FREQS:
            raise SelectionError(f"freq: D, W or M (a day, week or month), not {self.freq!r}")
        if self.period and self.period != UNDATED:
            try:
                date.fromisoformat(self.period)
            except ValueError:
                raise SelectionError(f"period: a date (2026-03-14) or {UNDATED}, not "
                                     f"{self.period!r}") from None

    @property
    def empty(self) -> bool:
        return not (self.rule or self.kind or self.table or self.period)

    def bounds(self) -> tuple[datetime, datetime] | None:
        """The period's first moment and the next period's (UTC); ``None`` for none or
        ``undated``."""
        if not self.period or self.period == UNDATED:
            return None
        first = date.fromisoformat(self.period)
        if self.freq == "D":
            end = first + timedelta(days=1)
        elif self.freq == "W":
            end = first + timedelta(days=7)
        else:
            end = date(first.year + first.month // 12, first.month % 12 + 1, 1)
            first = first.replace(day=1)
        return (datetime(first.year, first.month, first.day, tzinfo=UTC),
                datetime(end.year, end.month, end.day, tzinfo=UTC))

    def sql(self) -> tuple[str, list[Any]]:
        """The condition on the ``violations`` table and its values (``true`` for none)."""
        parts: list[str] = []
        values: list[Any] = []
        if self.rule:
            parts.append("CAST(rule AS VARCHAR) = ?")
            values.append(self.rule)
        if self.kind:
            parts.append("follows_line IS NULL" if self.kind == "root"
                         else "follows_line IS NOT NULL")
        if self.table:
            parts.append('"table" = ?')
            values.append(self.table)
        if self.period == UNDATED:
            parts.append("start_utc IS NULL")
        bounds = self.bounds()
        if bounds is not None:
            parts.append("start_utc >= ? AND start_utc < ?")
            values += list(bounds)
        return " AND ".join(parts) or "true", values

    def describe(self) -> str:
        """The narrowing in words ('' when none)."""
        parts = [f"rule {self.rule}"] if self.rule else []
        if self.kind:
            parts.append("root causes" if self.kind == "root"
                         else "violations following from an earlier one")
        if self.table:
            parts.append(f"table {self.table}")
        if self.period == UNDATED:
            parts.append("undated hands")
        elif self.period:
            parts.append(f"the {FREQS[self.freq]} of {self.period}")
        return ", ".join(parts)

    def pairs(self) -> list[tuple[str, str]]:
        """The narrowing as URL query pairs (the empty fields left out)."""
        given = [(name, getattr(self, name)) for name in ("rule", "kind", "table", "period")]
        out = [(name, value) for name, value in given if value]
        return [*out, ("freq", self.freq)] if self.period else out


VIOLATION_COLUMNS = ("site", "hand_id", "line", "rule", "street", "player", "message",
                     "follows_line", "follows_rule", "profile", "file", "start_utc", "table")
"""The columns of :meth:`DuckAudit.violations`: the ``violations`` table's."""

FINDING_COLUMNS = ("kind", "site", "hand_id", "start_utc", "table", "file", "line", "rule",
                   "street", "player", "message", "root_cause", "follows_line",
                   "follows_rule", "profile")
"""The columns of :meth:`DuckAudit.findings`. ``kind`` is ``violation``, ``unverifiable``
(a check the text cannot decide: ``message`` says why), ``unbalanced`` (a hand whose money
does not balance: ``message`` says which check fails, with the amounts as its site prints
them; ``line`` is the hand's first) or ``unreadable`` (a text that could not be read:
``message`` is the reason); ``root_cause`` is true for a violation that follows from no
earlier one of its hand, false for one that does (``follows_line``, ``follows_rule``)."""


class DuckAudit:
    """The audit of the hands ``select`` selects, over a DuckDB connection's views.

    ``players`` is the view the player is looked up in (the app's has the settings'
    people applied); ``unbalanced`` a table of :data:`UNBALANCED_SQL`'s rows
    (:func:`keep_unbalanced`), else computed in each query that needs it; ``values`` the
    distinct values the filters are matched against (:func:`distinct`, which a caller may
    keep until the database changes). A selection that narrows the hands keeps the keys of
    those with a finding in a temporary table of the cursor: close the audit (or use it in
    a ``with``) when done, or close the cursor."""

    def __init__(self, cur: duckdb.DuckDBPyConnection, select: Selection | None = None, *,
                 players: str = "players", unbalanced: str | None = None,
                 values: Values | None = None) -> None:
        self.cur = cur
        self.select = select or Selection()
        self.players = players
        self._values = values or (lambda column: distinct(cur, column, players))
        self.unbalanced = unbalanced or f"({UNBALANCED_SQL})"
        self.hands_where, self.values = self._hands_where(self.select)
        self._chosen = ""
        if self.narrows:  # the selected hands with a finding, found once for every query
            self._chosen = f"_audit_selected_{next(_NAMES)}"
            cur.execute(f"""
                CREATE TEMP TABLE {self._chosen} AS SELECT site, hand_id FROM hands
                WHERE ({self.hands_where}) AND (violations > 0 OR unverifiable > 0
                    OR (site, hand_id) IN (SELECT site, hand_id FROM {self.unbalanced}))""",
                        self.values)

    def close(self) -> None:
        """Drop the table of the selected hands' keys (closing the cursor drops it too)."""
        if self._chosen:
            self.cur.execute(f"DROP TABLE IF EXISTS {self._chosen}")
            self._chosen = ""

    def __enter__(self) -> DuckAudit:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _hands_where(self, select: Selection) -> tuple[str, list[Any]]:
        """A condition on the ``hands`` table keeping the selected hands, and its values:
        each filter matched to the values stored as the command line matches it (a site in
        any case, stakes with or without currency signs, a player's name in any case)."""
        plain = dataclasses.replace(select, player=None, min_hands=0)
        check_values(plain, self._values)  # a site naming nothing is a mistake, not 0
        parts: list[str] = []
        values: list[Any] = []
        terms = plain.parquet(self._values("site") if plain.sites else (),
                              self._values("stakes") if plain.stakes else ())
        for column, op, value in terms:
            if op == "in":
                parts.append(f"CAST({_q(column)} AS VARCHAR) IN "
                             f"({', '.join('?' for _ in value)})")
                values += [str(v) for v in value]
            else:
                parts.append(f"{_q(column)} {'=' if op == '==' else op} ?")
                values.append(value.to_pydatetime() if isinstance(value, pd.Timestamp)
                              else value)
        if select.player is not None:
            # the players' rows repeat the hands' filtered columns: the same conditions
            # narrow the player's hands before they are matched to the hands
            name = match_player(self._values("player"), select.player)
            same = "".join(f" AND {part}" for part in parts)
            parts.append(f"(site, hand_id) IN (SELECT site, hand_id FROM {self.players} "
                         f"WHERE player = ? AND dealt{same})")
            values = [*values, name, *values]
        return " AND ".join(parts) or "true", values

    @property
    def narrows(self) -> bool:
        return self.hands_where != "true"

    def keyed(self, alias: str = "") -> str:
        """The condition keeping the rows of a table of findings of hands (violations,
        unverifiable checks, unbalanced hands) whose hand is selected."""
        if not self._chosen:
            return "true"
        prefix = f"{alias}." if alias else ""
        return f"({prefix}site, {prefix}hand_id) IN (SELECT site, hand_id FROM {self._chosen})"

    def _df(self, sql: str, values: list[Any] | None = None) -> pd.DataFrame:
        return self.cur.execute(sql, values or []).df()

    def undated(self) -> int:
        """The hands the other filters keep that the date filter leaves out, having no
        date (0 without a date filter)."""
        if not self.select.dated:
            return 0
        others = dataclasses.replace(self.select, since=None, until=None)
        where, values = self._hands_where(others)
        row = self.cur.execute(f"SELECT count(*) FROM hands WHERE start_utc IS NULL AND "
                               f"{where}", values).fetchone()
        return int(row[0]) if row else 0


    def _per_unit_and_site(self) -> pd.DataFrame:
        """The counts of the hands per money unit and per site (``by``: ``unit`` or
        ``site``), with the hands that do not balance, the tables and the profiles: one
        statement, the selected hands read once (a player's are a join: slow)."""
        return self._df(f"""
            WITH h AS MATERIALIZED (
                SELECT CAST(site AS VARCHAR) AS site, {_UNIT} AS unit, "table",
                       pot / scale AS pots, rake / scale AS rake, violations,
                       coalesce(violations_following, 0) AS following, unverifiable,
                       CAST(profile AS VARCHAR) AS profile
                FROM hands WHERE {self.hands_where}),
            counted AS (
                SELECT CASE WHEN grouping(unit) = 0 THEN 'unit' ELSE 'site' END AS by,
                       coalesce(unit, site) AS "key", count(*) AS hands, sum(pots) AS pots,
                       sum(rake) AS rake, count_if(violations > 0) AS hands_flagged,
                       sum(violations) AS violations, sum(following) AS following,
                       count_if(unverifiable > 0) AS hands_unverifiable
                FROM h GROUP BY GROUPING SETS ((unit), (site))),
            per_unit AS (
                SELECT 'unit' AS by, unit AS "key", count(DISTINCT "table") AS tables,
                       list(DISTINCT profile) AS profiles
                FROM h GROUP BY unit),
            bad AS (
                SELECT CASE WHEN grouping(unit) = 0 THEN 'unit' ELSE 'site' END AS by,
                       coalesce(unit, site) AS "key", count(*) AS hands_unbalanced
                FROM (SELECT unit, CAST(site AS VARCHAR) AS site FROM {self.unbalanced} u
                      WHERE {self.keyed("u")})
                GROUP BY GROUPING SETS ((unit), (site)))
            SELECT counted.*, coalesce(per_unit.tables, 0) AS tables, per_unit.profiles,
                   coalesce(bad.hands_unbalanced, 0) AS hands_unbalanced
            FROM counted LEFT JOIN per_unit USING ("by", "key")
                 LEFT JOIN bad USING ("by", "key")
            """, self.values)

    def counts(self) -> tuple[pd.DataFrame, pd.DataFrame, Tally]:
        """:meth:`money_by_unit`, :meth:`violations_by_site` and :meth:`tally` at once."""
        both = self._per_unit_and_site()
        units = self._units(both[both["by"] == "unit"])
        sites = self._sites(both[both["by"] == "site"])
        failures = self.cur.execute("SELECT count(*) FROM failures").fetchone()
        profiles = sorted({str(p) for ps in both["profiles"].dropna() for p in ps})
        tally = Tally(
            hands=int(sites["hands"].sum()), flagged=int(sites["hands_flagged"].sum()),
            violations=int(sites["violations"].sum()),
            following=int(sites[FOLLOWING].sum()),
            unverifiable=int(sites["hands_unverifiable"].sum()),
            unbalanced=int(sites["hands_unbalanced"].sum()),
            failures=int(failures[0]) if failures else 0, profiles=tuple(profiles))
        return units, sites, tally

    @staticmethod
    def _units(rows: pd.DataFrame) -> pd.DataFrame:
        out = rows.rename(columns={"key": "unit"}).set_index("unit").sort_index()
        out["pots"] = out["pots"].astype(float).round(2)
        out["rake"] = out["rake"].astype(float).round(2)
        counts = ["hands", "tables", "hands_flagged", "hands_unverifiable", "hands_unbalanced"]
        return out[["hands", "tables", "pots", "rake", "hands_flagged", "hands_unverifiable",
                    "hands_unbalanced"]].astype(dict.fromkeys(counts, "int64"))

    @staticmethod
    def _sites(rows: pd.DataFrame) -> pd.DataFrame:
        out = rows.rename(columns={"key": "site"}).set_index("site").sort_index()
        out["root_causes"] = out["violations"] - out[FOLLOWING]
        out = out[list(SITE_COLUMNS)].astype("int64")
        return out.sort_values("violations", ascending=False, kind="stable")

    def money_by_unit(self) -> pd.DataFrame:
        """:func:`stud_hh.analysis.audit.money_by_unit` of the selection."""
        return self.counts()[0]

    def violations_by_site(self) -> pd.DataFrame:
        """:func:`stud_hh.analysis.audit.violations_by_site` of the selection."""
        return self.counts()[1]

    def tally(self) -> Tally:
        """:func:`stud_hh.analysis.audit.tally` of the selection."""
        return self.counts()[2]

    def violations_by_rule(self) -> pd.DataFrame:
        """:func:`stud_hh.analysis.audit.violations_by_rule` of the selection."""
        out = self._df(f"""
            SELECT CAST(rule AS VARCHAR) AS rule, count(*) AS violations,
                   count(*) - count(follows_line) AS root_causes,
                   count(follows_line) AS {FOLLOWING},
                   count(DISTINCT CAST(site AS VARCHAR) || '#' || hand_id) AS hands
            FROM violations WHERE {self.keyed()} GROUP BY rule
            ORDER BY violations DESC, root_causes DESC, hands DESC, rule""")
        return out.set_index("rule").astype("int64")

    def period_freq(self) -> str:
        """``D``, ``W`` or ``M``, as :func:`stud_hh.analysis.html.audit_report.period_freq`
        chooses for the selection's violations."""
        row = self.cur.execute(f"SELECT min(start_utc), max(start_utc) FROM violations "
                               f"WHERE {self.keyed()}").fetchone()
        if row is None or row[0] is None:
            return "D"
        days = (row[1] - row[0]).days
        return "D" if days <= 62 else "W" if days <= 730 else "M"

    def violations_by_table(self, freq: str = "D") -> pd.DataFrame:
        """:func:`stud_hh.analysis.audit.violations_by_table` of the selection."""
        if freq not in FREQS:
            raise SelectionError(f"freq: D, W or M, not {freq!r}")
        long = self._df(f"""
            SELECT coalesce("table", '(no table name)') AS "table",
                   coalesce(strftime(date_trunc('{FREQS[freq]}', start_utc), '%Y-%m-%d'),
                            '{UNDATED}') AS period,
                   CASE WHEN follows_line IS NULL THEN CAST(rule AS VARCHAR)
                        ELSE '{FOLLOWING}' END AS rule, count(*) AS n
            FROM violations WHERE {self.keyed()} GROUP BY ALL""")
        if long.empty:
            return pd.DataFrame()
        wide = long.set_index(["table", "period", "rule"])["n"].unstack(
            "rule", fill_value=0).sort_index().astype("int64")
        ordered = sorted(c for c in wide.columns if c != FOLLOWING)
        return wide[ordered + ([FOLLOWING] if FOLLOWING in wide.columns else [])]

    def balance_checks(self, limit: int | None = None) -> pd.DataFrame:
        """:func:`stud_hh.analysis.audit.balance_checks` of the selection (its first
        ``limit`` hands, by site and hand)."""
        cut = f" LIMIT {int(limit)}" if limit is not None else ""
        out = self._df(f"""
            SELECT u.* FROM {self.unbalanced} u
            WHERE {self.keyed("u")} ORDER BY u.site, u.hand_id{cut}""")
        for name, left, right in (("put_in_ok", "put_in", "pot"), ("rake_ok", "rake_share",
                                                                   "rake")):
            out[name] = out[left] == out[right]
        out.insert(len(out.columns) - 1, "nets_ok", out["net"] + out["rake"] == 0)
        return out

    def violations(self, narrow: Narrow | None = None, *, limit: int | None = None,
                   offset: int = 0) -> pd.DataFrame:
        """The selection's violations (and ``narrow``'s), by site, hand, line and rule:
        :data:`VIOLATION_COLUMNS`, rows ``offset`` to ``offset + limit``."""
        where, values = (narrow or Narrow()).sql()
        cut = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
        columns = ", ".join(f"CAST({_q(c)} AS VARCHAR) AS {_q(c)}" if c in _ENUMS
                            else _q(c) for c in VIOLATION_COLUMNS)
        return self._df(f"""
            SELECT {columns} FROM violations WHERE {self.keyed()} AND {where}
            ORDER BY site, hand_id, line, rule{cut}""", values)

    def count_violations(self, narrow: Narrow | None = None) -> tuple[int, int]:
        """How many violations :meth:`violations` lists, and of them how many follow
        from an earlier one."""
        where, values = (narrow or Narrow()).sql()
        row = self.cur.execute(f"SELECT count(*), count(follows_line) FROM violations "
                               f"WHERE {self.keyed()} AND {where}", values).fetchone()
        return (int(row[0]), int(row[1])) if row else (0, 0)

    def findings(self, narrow: Narrow | None = None) -> pd.DataFrame:
        """Everything the audit found, a row each (:data:`FINDING_COLUMNS`): the
        selection's violations (with ``narrow``: those it keeps, and nothing else); else
        also its checks the text cannot decide, its hands that do not balance and the
        database's texts that could not be read."""
        rows = self.violations(narrow).assign(kind="violation")
        rows["root_cause"] = rows["follows_line"].isna()
        frames = [rows]
        if narrow is None or narrow.empty:
            checks, _ = self.unverifiable()
            frames.append(checks.rename(columns={"reason": "message"}).assign(
                kind="unverifiable"))
            bad = self._df(f"""
                SELECT u.*, h.file, h.first_line AS line, h.start_utc, h."table",
                       CAST(h.profile AS VARCHAR) AS profile
                FROM {self.unbalanced} u JOIN hands h
                     ON h.site = u.site AND h.hand_id = u.hand_id
                WHERE {self.keyed("u")} ORDER BY u.site, u.hand_id""")
            bad["message"] = [_unbalanced_words(r) for r in bad.to_dict("records")]
            frames.append(bad.assign(kind="unbalanced"))
            frames.append(self._df("""
                SELECT 'unreadable' AS kind, CAST(site AS VARCHAR) AS site, hand_id, file,
                       coalesce(line, first_line) AS line, reason AS message
                FROM failures ORDER BY file, first_line"""))
        found = pd.concat([f for f in frames if len(f)], ignore_index=True) \
            if any(len(f) for f in frames) else rows
        for column in FINDING_COLUMNS:
            if column not in found:
                found[column] = None
        found["line"] = found["line"].astype("Int64")
        found["follows_line"] = found["follows_line"].astype("Int64")
        return found[list(FINDING_COLUMNS)]

    def unverifiable_by_rule(self) -> pd.DataFrame:
        """The checks the text cannot decide per rule: ``checks`` and ``hands``, the most
        checks first (the first table of the report's section)."""
        return self._df(f"""
            SELECT CAST(rule AS VARCHAR) AS rule, count(*) AS checks,
                   count(DISTINCT hand_id) AS hands
            FROM unverifiable WHERE {self.keyed()} GROUP BY rule
            ORDER BY checks DESC, rule""")

    def unverifiable(self, rule: str = "", *, limit: int | None = None, offset: int = 0
                     ) -> tuple[pd.DataFrame, int]:
        """The selection's checks the text cannot decide (of ``rule``), by site, hand and
        line, with the hand's file (as :func:`stud_hh.analysis.audit.unverifiable_checks`
        without the source line), rows ``offset`` to ``offset + limit``; and how many
        there are in all."""
        where, values = ("CAST(u.rule AS VARCHAR) = ?", [rule]) if rule else ("true", [])
        cut = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
        found = self._df(f"""
            SELECT CAST(u.site AS VARCHAR) AS site, u.hand_id, u.line,
                   CAST(u.rule AS VARCHAR) AS rule, u.message AS reason, h.file,
                   h.start_utc, h."table", CAST(h.profile AS VARCHAR) AS profile,
                   count(*) OVER () AS _all
            FROM unverifiable u LEFT JOIN hands h ON h.site = u.site AND h.hand_id = u.hand_id
            WHERE {self.keyed("u")} AND {where}
            ORDER BY u.site, u.hand_id, u.line, u.rule{cut}""", values)
        total = int(found["_all"].iloc[0]) if len(found) else 0
        if not len(found) and offset:
            row = self.cur.execute(f"SELECT count(*) FROM unverifiable u WHERE "
                                   f"{self.keyed('u')} AND {where}", values).fetchone()
            total = int(row[0]) if row else 0
        return found.drop(columns="_all"), total


def _unbalanced_words(row: dict[Any, Any]) -> str:
    """Which balance checks a hand fails, with the amounts as its site prints them."""
    style = printing_of(str(row["site"])).money
    currency = None if pd.isna(row["currency"]) else str(row["currency"])

    def shown(units: Any) -> str:
        return str(style.format(int(units), int(row["scale"]), currency))

    failed = []
    if row["put_in"] != row["pot"]:
        failed.append(f"put in {shown(row['put_in'])}, pot {shown(row['pot'])}")
    if row["net"] + row["rake"] != 0:
        failed.append(f"nets {shown(row['net'])} + rake {shown(row['rake'])} are not 0")
    if row["rake_share"] != row["rake"]:
        failed.append(f"rake shares {shown(row['rake_share'])}, rake {shown(row['rake'])}")
    return "; ".join(failed)


_UNIT = "coalesce(CAST(currency AS VARCHAR), 'chips')"
"""A hand's money unit as :func:`stud_hh.analysis.audit.money_by_unit` names it."""
_ENUMS = ("site", "rule", "street", "follows_rule", "profile")
"""Columns stored as dictionaries: read as text."""


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
