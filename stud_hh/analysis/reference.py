"""The project's reference documents, written from the code that defines each thing.

Every statistic, database column, rule code and house-rule setting is declared once in
code (:mod:`stud_hh.analysis.stats`, :mod:`stud_hh.store.schema`,
:mod:`stud_hh.rules.violations`, :mod:`stud_hh.rules.profiles`); this module turns those
declarations into ``docs/statistics.md``, ``docs/database.md`` and ``docs/rules.md``
(``python -m stud_hh.analysis.reference docs`` rewrites them; a test fails when they
are stale), and answers ``stud-hh explain TERM`` from the same data.

>>> print(explain("cr3").splitlines()[0])
cr3 -- Complete/raise 3rd (a statistic): players table column cr3 over vpip_opp, in percent
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import re
import sys
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

from stud_hh.analysis import stats, tournaments
from stud_hh.model.money import MoneyStyle
from stud_hh.rules import printing, profiles, violations
from stud_hh.rules.printing import Printing
from stud_hh.rules.violations import RULES, HandState
from stud_hh.store import delta, luck, sql, storage
from stud_hh.store.schema import TABLES
from stud_hh.store.select import SelectionError

__all__ = ["DOCUMENTS", "explain", "profile_settings", "render", "write"]

_HEAD = ("<!-- Written by `python -m stud_hh.analysis.reference docs` from the code; "
         "edit the code, not this file. -->\n\n")


def _parts(part: str | tuple[str, ...]) -> str:
    return part if isinstance(part, str) else " + ".join(part)


def _column_text(name: str) -> str:
    for table in ("players", "hands"):
        for column in TABLES[table].columns:
            if column.name == name:
                return column.description
    derived = {"hilo_showdown": "saw the showdown of a stud hi/lo hand",
               "won_saw_4th": "won the hand, having seen 4th street"}
    return derived.get(name, "")


def _ratio_lines(ratio: stats.Ratio) -> list[str]:
    unit = "in percent" if ratio.percent else "a ratio of counts"
    lines = [f"### `{ratio.name}`: {ratio.label}", "",
             f"`{_parts(ratio.done)}` over `{_parts(ratio.opportunity)}`, {unit}; the "
             f"sample size is `{ratio.name}_n` (the opportunity count).", ""]
    for column in dict.fromkeys([*(ratio.done if isinstance(ratio.done, tuple)
                                   else (ratio.done,)),
                                 *(ratio.opportunity if isinstance(ratio.opportunity, tuple)
                                   else (ratio.opportunity,))]):
        lines.append(f"- `{column}`: {_column_text(column)}")
    return [*lines, ""]


_MONEY = """## Money

- `hands`: hands the player was dealt into.
- `unit`: the money unit: a currency code; `tournament chips` for a tournament hand's chips;
  `chips` for the other hands without a currency (play money, club chips). Money is never
  added across units: a player with hands in several units gets a row per unit.
- `net`, `rake_paid`: won and rake paid, in the unit (cents and chips divided by the
  hand's scale). Tournament chips are worth nothing outside their tournament: their `net`
  (and `rake_paid`, `ev_net`, `luck`) is given per tournament only (`--by tournament_id`),
  empty for a row of several tournaments, whose results are in big bets here and in
  buy-ins in `stud-hh tournaments`.
- `net_bb`, `net_bb_showdown`, `net_bb_no_showdown`: won in big bets (the hand's fixed-limit
  big bet), in all, at showdown and without; big bets add up across stakes and units. A
  no-limit or pot-limit hand has no big bet (nor does one whose stakes nothing shows): it
  adds nothing to them, and a row of such hands only has them empty.
- `bb_per_100`, `sb_per_100`: big bets (small bets) won per 100 hands, over the hands
  that have a big bet.
- `bb_left_out`: hands left out of the big-bet figures (no-limit, pot-limit, stakes
  unknown).

A no-limit or pot-limit hand's game groups as its code with `NL` or `PL` (`stud8 NL`) and its
stakes begin with `NL` or `PL` (`NL $0.10`): never grouped with fixed-limit hands.
"""


LUCK_COLUMNS = {
    "ev_net": "*luck-adjusted* net, in the unit: each hand counted at the player's share "
              "of the pots expected when its last chips went in (the `players` column "
              "`ev_net`) instead of what the cards then gave; a hand without an equity "
              "(folded, won uncontested, a hand mucked unseen) counts at its `net`, so "
              "only the luck of the cards dealt after the last chips of an all-in or a "
              "showdown is taken out",
    "ev_net_bb": "the luck-adjusted net in big bets (the hand's big bet)",
    "ev_bb_per_100": "luck-adjusted big bets won per 100 hands",
    "luck": "`net` minus `ev_net`, in the unit: what the cards dealt after the last chips "
            "went in gave beyond the player's expectation; over the players of a hand it "
            "adds up to zero",
    "luck_bb": "`net_bb` minus `ev_net_bb`: the luck in big bets",
    "all_in_hands": "hands the player was still in at an all-in (every player still in "
                    "but at most one all-in, the cards to come dealt without a bet: the "
                    "`players` column `equity_all_in`)",
    "equity_hands": "hands whose `ev_net` comes from an equity (all-ins and showdowns "
                    "with every live player's cards known: `equity` not empty)",
}
"""The luck-adjusted columns of the player summary (:mod:`stud_hh.analysis.stats`)."""

_ROLE = re.compile(r":\w+:`~?([^`]+)`")


def _luck_text() -> str:
    """The money's luck-adjusted columns, then the definitions of
    :mod:`stud_hh.store.luck` (:data:`~stud_hh.store.luck.DEFINITIONS`), for the
    statistics page."""
    paragraphs = [_ROLE.sub(r"`\1`", p.strip()).replace("``", "`")
                  for p in luck.DEFINITIONS.split("\n\n")]
    columns = [f"- `{name}`: {text}" for name, text in LUCK_COLUMNS.items()]
    return "\n".join(columns) + "\n\n" + "\n\n".join(paragraphs)


def statistics() -> str:
    """``docs/statistics.md``: every statistic, its done and opportunity columns."""
    out = [_HEAD + "# Statistics\n",
           "Every ratio is a *done* count over an *opportunity* count, both summed over the "
           "player-hands of a group from the `players` table's per-hand flags "
           "([database.md](database.md)); each is shown beside its opportunity count "
           "(`_n`), its sample size. Groupings (`stud-hh stats --by`): "
           + ", ".join(f"`{g}`" for g in stats.COMMON_GROUPINGS)
           + ", or any `players` column. Hands whose site prints no time zone have no "
           "date: they group as `undated`. A session is a player's run of hands with no "
           f"pause over {int(stats.SESSION_GAP.total_seconds() // 60)} minutes.\n",
           _MONEY.rstrip("\n") + "\n" + _luck_text() + "\n"]
    for title, group in (("The player summary", stats.SUMMARY),
                         ("Stud hi/lo", stats.HILO),
                         ("Street by street", stats.STREET_RATIOS)):
        out.append(f"## {title}\n")
        for ratio in group:
            out.append("\n".join(_ratio_lines(ratio)))
    out.append(_tournament_section())
    return "\n".join(out).rstrip() + "\n"


def _tournament_section() -> str:
    """The tournament results (``stud-hh tournaments``), from the module that computes them."""
    doc = (tournaments.__doc__ or "").split("\n\n")
    body = "\n\n".join(p for p in doc[1:] if not p.lstrip().startswith(">>>"))
    lines = ["## Tournament results\n", "`stud-hh tournaments` and the block `stud-hh stats "
             "--player` prints after the hands, from the `tournaments` table and the "
             "tournament hands ([database.md](database.md)), a row per player and money "
             "unit.", "", body.strip().replace("``", "`"), ""]
    lines += [f"- `{name}`: {text.replace('``', '`')}" for name, text in
              tournaments.COLUMNS.items()]
    return "\n".join(lines) + "\n"


def database() -> str:
    """``docs/database.md``: every table, its key and its columns."""
    out = [_HEAD + "# The database\n",
           "A database is a folder of Delta tables of Parquet files (`stud-hh import PATH "
           "--db DIR`), or "
           "the same files under a URL (`--db s3://bucket/db`, [below](#a-folder-or-a-url-"
           "delta-tables-batches-and-the-write-lock)), read with `stud_hh.open_db(DIR)` "
           "as pandas, with "
           "`stud-hh stats`, `plot` and the notebooks, or in SQL "
           "([below](#sql-stud-hh-sql-and-dbsql)). Money columns are integers in the hand's "
           "smallest unit: divide by `scale` (100 for cents, 1 for chips).\n"]
    for spec in TABLES.values():
        out.append(f"## `{spec.name}`: {spec.description}\n")
        out.append(f"One row per {', '.join(f'`{k}`' for k in spec.key)}.\n")
        out.append("| column | type | may be empty | meaning |\n|---|---|---|---|")
        for column in spec.columns:
            out.append(f"| `{column.name}` | {column.type} | "
                       f"{'yes' if column.nullable else 'no'} | "
                       f"{column.description.replace('|', '/')} |")
        out.append("")
    out += _sql_lines()
    out += _storage_lines()
    return "\n".join(out).rstrip() + "\n"


def _storage_lines() -> list[str]:
    """The sections of ``docs/database.md`` on where a database lives: its Delta tables,
    its batches and its write lock, in a folder and on an object store; then time travel,
    the readers other than stud-hh and the earlier format."""
    lease = f"{storage.LEASE_SECONDS:.0f}"
    return [
        "## A folder, or a URL: Delta tables, batches and the write lock\n",
        "Either way the database holds the same files: `stud_hh.json` (what it is, its "
        "schema version), a [Delta Lake](https://delta.io) table per table (`hands/`: its "
        "Parquet data files `hands/part-<id>.parquet` and its log `hands/_delta_log/`), the "
        "Delta table `batches/`, and `damaged/`, where `stud-hh repair` moves damage aside. "
        "The logs are written and read with delta-rs (the `deltalake` package); the data "
        "files are Parquet files of the schemas above (Delta has no dictionary type: a "
        "dictionary column is a string column to another reader, and stud-hh makes it a "
        "dictionary again).\n",
        "**Batches.** Every write (an import's batch, a repair, a compaction, the notes, a "
        "migration) is a *batch*, numbered 1, 2, ...: its data files are written first, "
        "then each table it changes is committed, one Delta commit per table in the order "
        "of the tables above, each carrying the batch's number (Delta's application "
        "transaction `stud-hh`) and the size and BLAKE2b digest of each file it adds; then "
        "a row of the `batches` table names the batch's time, operation, history files, "
        "rows added and removed per table, each table's Delta version once the batch is "
        "in, and the digest of every log commit it made. A batch is complete once that row "
        "is committed: `stud_hh.open_db`, `stud-hh sql`, `stats` and the app read every "
        "table at the versions of the last row, never half a batch. A writer killed "
        "between its commits leaves tables a version ahead (`stud-hh check` notes it; "
        "they read as the batch before); the next writer, or `repair`, takes them back (a "
        "Delta restore) and deletes the data files no log names.\n",
        "**Checked.** delta-rs checks no file's content: opening a database checks that "
        "every data file read is there with the size its log names and Parquet's `PAR1` "
        "at both ends; `stud-hh check` reads every file against its digest, every log "
        "commit against the digest its batch recorded (a log entry changed after it was "
        "written is found even when it still reads), and the keys across tables; "
        "`stud-hh repair` moves a damaged file aside and imports its history files again, "
        "and starts a damaged log anew (moved aside with its table's files, whose history "
        "files are imported again).\n",
        "**A folder** (of this machine, or a mounted network file system): every data "
        "file is written to a temporary name, fsynced, then renamed into place; the write "
        "lock is an `flock` on `.lock`, which the system releases when the import's "
        "process ends, however it ends.\n",
        "**A URL** (`s3://bucket/db`, any fsspec filesystem whose library is installed: "
        f"`{storage.S3_EXTRA}`; `file://` is a folder; `memory://` is refused, its "
        "workers could not share it). An object store has no rename and no `flock`:\n",
        "- a data file is one object, which appears whole when its upload ends (one PUT, "
        "or a multipart upload completed as it closes) and never half: written in place, "
        "no temporary name;",
        "- a commit of a table's log is created *exclusively* (delta-rs's conditional PUT "
        "on S3), so no commit is ever overwritten and two writers never both take one "
        "version; a writer that finds a commit of its batch or a later one in a table it "
        "is committing to (another writing without the lock, or one that took a lock it "
        "lost over) stops with `another import is writing to this database` and takes "
        "nothing back;",
        "- the write lock is a lock object `locks/<n>.json`, the highest number being the "
        "lock, created exclusively, holding its owner (host, process id, a random token) "
        "and the time it was last renewed. The import holding it renews it every "
        f"{storage.LEASE_SECONDS / 4:.0f} s and deletes it when done. A second import "
        "finds a live lock and stops with the folder's error (`another import is writing "
        "to this database`, with the holder's host and process); it takes a *stale* lock "
        "over by creating the next number: at once when the holder is a process of its "
        f"own machine that is no longer running (a killed import), after {lease} s "
        "without renewal otherwise (an import killed on another machine; the machines' "
        f"clocks must agree to well within {lease} s). Should two imports take a stale "
        "lock over at once, the exclusive create gives the next number to one of them. "
        "An import that was taken over (it went unrenewed past the lease: a machine "
        "asleep) finds the higher number before its next commit and stops with an error, "
        "committing nothing and deleting nothing (the data files it wrote are the next "
        "import's to remove).\n",
        "Credentials and the endpoint come from the filesystem's own configuration (for "
        "S3: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_ENDPOINT_URL` for a store "
        "other than AWS, `~/.aws`, `FSSPEC_S3_*`), or from "
        "`open_db(url, storage_options={...})` in Python, which the import hands to its "
        "worker processes and Dask workers with the URL, and to delta-rs. A bucket that is "
        "not there, refused credentials or an endpoint that does not answer stop the "
        "command with one line naming the URL (exit 2). Data files are read with pyarrow "
        "through the fsspec filesystem, and SQL through the same filesystem registered "
        "with DuckDB (no DuckDB extension is loaded), still allowed to open the data files "
        "a batch reads and no other object.\n",
        *_time_travel_lines(),
    ]


def _time_travel_lines() -> list[str]:
    """Time travel, vacuum, the readers other than stud-hh, and ``stud-hh migrate``."""
    days = delta.RETENTION_HOURS // 24
    return [
        "## Time travel, history, vacuum\n",
        "`stud-hh history --db DIR` lists every batch (its number, time in UTC, operation, "
        "history files, and rows added and removed per table; `--format jsonl` with each "
        "table's version). `--as-of BATCH|TIME` on `stats`, `tournaments`, `plot`, "
        "`report` (the audit report too) and `sql`, and `open_db(root, as_of=12)` in "
        "Python, read the database exactly as batch 12 left it (or as the last batch "
        "committed by a time: `2026-12-06T16:48` on the machine's clock, or `'2026-12-06 "
        "16:48:15 UTC'` as `history` prints it), whatever was imported, compacted or "
        "repaired since: an audit is reproduced as it was signed. Nothing is written to a "
        "database read as of an earlier batch.\n",
        "The data files a later batch replaced (a compaction's sources, the files a "
        "repair or the notes rewrote) stay for time travel until `stud-hh vacuum --db DIR "
        f"[--keep DAYS]` deletes those replaced more than `DAYS` ago ({days} by default, "
        "as Delta's); reading as of a batch whose files were vacuumed (or moved aside by "
        "a repair) says so in one line. The logs are kept whole (each table's log holds "
        "the digests of its files); delta-rs writes a checkpoint every 100 commits of a "
        "table.\n",
        "## Reading the tables without stud-hh\n",
        "Each table is a Delta table that Spark, Databricks, Trino, Polars, DuckDB or "
        "delta-rs read as such: `pl.read_delta(\"my.db/hands\")`, "
        "`deltalake.DeltaTable(\"my.db/hands\").to_pandas()`, or in DuckDB with no "
        "extension `duckdb.sql(\"SELECT * FROM ds\")` over "
        "`ds = DeltaTable(\"my.db/hands\").to_pyarrow_dataset()`; Dask reads a version's "
        "files: `dd.read_parquet(DeltaTable(...).file_uris(), dtype_backend=\"pyarrow\")`. "
        "A tool opening a table at its latest version reads what stud-hh reads, but "
        "between a writer killed half-way through a batch and the next writer: the tables "
        "that batch reached then hold its rows. To read exactly what stud-hh reads, give "
        "each table the version `open_db(\"my.db\").versions()` names (`{\"hands\": 12, "
        "...}`: `pl.read_delta(\"my.db/hands\", version=12)`, "
        "`DeltaTable(..., version=12)`).\n",
        "## The earlier format: `stud-hh migrate`\n",
        "A database made before schema 6 (its parts named by commit records in "
        "`commits/`) is refused by every command, in one line that says to run `stud-hh "
        "migrate --db DIR` once. The migration checks each live part against its record, "
        "makes the parts the first version of their Delta tables in one batch (a part "
        "older than schema 5 is written again with the columns added since, the original "
        "kept), then writes `stud_hh.json` of schema 6 and moves the commit records to "
        "`damaged/migrated-<when>/`. A migration killed before its batch starts over when "
        "run again, after it finishes; a damaged part is committed as it was and named "
        "(`stud-hh repair` then mends it as any damage).\n",
    ]


def _sql_lines() -> list[str]:
    """The SQL section of ``docs/database.md``: the views, the quoting, the macros."""
    quoted = ", ".join(f'`"{name}"`' for name in sorted(sql.QUOTED))
    lines = ["## SQL: `stud-hh sql` and `db.sql()`\n",
             "`stud-hh sql --db DIR \"SELECT ...\"` (a text table, or `--format csv|json|"
             "parquet` with `-o FILE`) and `db.sql(\"SELECT ...\")` (a pandas DataFrame) run "
             "one query in DuckDB's SQL. Each table above is a view of the same name and "
             "columns over exactly the data files the last batch reads (none: the same columns, "
             "no rows). A query is one statement that reads (`SELECT`, `WITH`, `DESCRIBE`, "
             "`SHOW`, `SUMMARIZE`, `EXPLAIN`); any other is refused, and DuckDB opens no "
             "file but those data files, so no query can change the database. Enums "
             "read as `VARCHAR`, lists as arrays, times as `TIMESTAMPTZ` in UTC. Column "
             f"names that are SQL keywords are written in double quotes: {quoted}.\n",
             "Money is stored as integers in the hand's smallest unit (`scale`: 100 for "
             "cents, 1 for chips) and is never added across units: group by "
             "`unit(currency, tournament)` before summing `money(...)`, and add tournament "
             "chips up per `tournament_id` only. The `players` table has a row for every "
             "seated player, dealt in or not; the statistics count the dealt ones "
             "(`WHERE dealt`). Every connection has these macros:\n",
             "| macro | stands for | meaning |", "|---|---|---|"]
    for macro in sql.MACROS:
        lines.append(f"| `{macro.signature}` | `{macro.body.replace('|', '/')}` | "
                     f"{macro.description.replace('|', '/')} |")
    return [*lines, ""]


def _plain(text: str) -> str:
    """A docstring's Sphinx roles as the name in code, as a reader of the page or of
    ``stud-hh explain`` reads them (:data:`_ROLE`).

    >>> _plain("see :class:`ShowdownFirst` and :attr:`~stud_hh.rules.UncalledBet`")
    'see `ShowdownFirst` and `stud_hh.rules.UncalledBet`'
    """
    return _ROLE.sub(r"`\1`", text)


def _field_docs(module: object, name: str) -> dict[str, str]:
    """The docstring under each field of the dataclass ``name`` of ``module``'s source (or
    each member of the enum ``name``)."""
    compiled = Path(str(getattr(module, "__file__", "")))  # x.py, or x.cpython-311-....so
    source = (compiled.parent / f"{compiled.name.split('.')[0]}.py").read_text(
        encoding="utf-8")
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == name:
            body = node.body
            for field, after in zip(body, [*body[1:], None], strict=True):
                target = (field.target if isinstance(field, ast.AnnAssign) else
                          field.targets[0] if isinstance(field, ast.Assign)
                          and len(field.targets) == 1 else None)
                if (isinstance(target, ast.Name) and isinstance(after, ast.Expr)
                        and isinstance(after.value, ast.Constant)):
                    found[target.id] = _plain(" ".join(str(after.value.value).split()))
    return found


def _setting_docs() -> dict[str, str]:
    """The docstring under each :class:`~stud_hh.rules.profiles.Profile` field."""
    return _field_docs(profiles, "Profile")


_NOT_SETTINGS = {"name", "description", "evidence", "site", "prints"}


def _table(fields: list[str], values: Callable[[profiles.Profile, str], object]
           ) -> Iterator[str]:
    names = sorted(profiles.PROFILES)
    yield "| setting | " + " | ".join(names) + " |"
    yield "|---|" + "---|" * len(names)
    for field in fields:
        cells = [_value(values(profiles.PROFILES[n], field)) for n in names]
        yield f"| `{field}` | " + " | ".join(cells) + " |"
    yield ""


def _profile_settings() -> Iterator[str]:
    docs = _setting_docs()
    fields = [f for f in profiles.Profile.__dataclass_fields__ if f not in _NOT_SETTINGS]
    yield from _table(fields, getattr)
    for field in fields:
        yield f"- `{field}`: {docs.get(field, '')}"
    yield ""
    yield "## What each site prints\n"
    yield ("Not house rules: how a site's histories write what every room plays alike. A "
           "profile named for another site's hands keeps that site's printing "
           "(`profile_for`).\n")
    printed = list(Printing.__dataclass_fields__)
    yield from _table(printed, lambda p, f: getattr(p.prints, f))
    for field, text in _field_docs(printing, "Printing").items():
        yield f"- `{field}`: {text}"


def _value(value: object) -> str:
    if isinstance(value, MoneyStyle):  # shown by example: "$0.05, $5, $1,234.50; chips 1,500"
        return value.examples()
    if isinstance(value, frozenset):
        return ", ".join(sorted(str(getattr(v, "value", v)) for v in value)) or "none"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return "; ".join(f"{f.name} {_value(getattr(value, f.name))}"
                         for f in dataclasses.fields(value))
    if isinstance(value, datetime):
        return value.strftime("until %Y-%m-%d")
    if value is None:
        return "-"
    return str(getattr(value, "value", value)).replace("|", "/")


def profile_settings(names: list[str]) -> list[dict[str, str]]:
    """Each house-rule setting of the profiles ``names`` as ``docs/rules.md`` writes it: the
    ``setting``, what it decides (``meaning``) and each profile's value (by its name).

    >>> profile_settings(["casino"])[0]["setting"]
    'bring_in_tie_break'
    """
    docs = _setting_docs()
    fields = [f for f in profiles.Profile.__dataclass_fields__ if f not in _NOT_SETTINGS]
    return [{"setting": field, "meaning": docs.get(field, ""),
             **{name: _value(getattr(profiles.PROFILES[name], field)) for name in names}}
            for field in fields]


def rules() -> str:
    """``docs/rules.md``: every rule code, and every house-rule profile's settings."""
    out = [_HEAD + "# Rules and house-rule profiles\n",
           "`stud-hh audit` replays every hand and names each broken rule by its code; "
           "the rules themselves are in [stud-rules.md](stud-rules.md). A check the text "
           "of a hand cannot decide is listed as *unverifiable*, with its reason, never as "
           "a violation.\n", "## Rule codes\n",
           "Each rule's check *reads* part of the hand's state, and a violation of it "
           "*puts in doubt* part of it (the replay goes on from what the history says, which "
           "the broken rule makes unsure). A violation whose check reads what an earlier "
           "violation of its hand put in doubt *follows from* that one: it is a consequence, "
           "printed with its root cause's line (`follows from line 17: bet.wrong-size`) and "
           "counted apart in every count, so one fault and its consequences read as one "
           "fault. The state: " + "; ".join(
               f"*{s.value}*: {_state_doc(s)}" for s in HandState)
           + " (*turn* and *bets* are sound again when a street begins).\n",
           "| code | what it means | part of the rules | reads | puts in doubt |\n"
           "|---|---|---|---|---|"]
    out += [f"| `{r.code.value}` | {r.title} | {r.reference} | {_states(r.reads)} | "
            f"{_states(r.breaks)} |" for r in RULES.values()]
    out += ["", "## House-rule profiles\n",
            "Where card rooms differ, a profile decides (`--profile`; the default `site` "
            "takes each hand's own site's). " + " ".join(
                f"`{p.name}`: {p.description}" for p in profiles.PROFILES.values()), "",
            *_profile_settings()]
    return "\n".join(out).rstrip() + "\n"


def _states(states: frozenset[HandState]) -> str:
    """``pot, stacks``, in the order the states are declared; ``-`` for none."""
    return ", ".join(s.value for s in HandState if s in states) or "-"


def _state_doc(state: HandState) -> str:
    """What a part of the state is, from its docstring (lower-cased, without its stop)."""
    text = _field_docs(violations, "HandState").get(state.name, "")
    return (text[:1].lower() + text[1:]).rstrip(".")


DOCUMENTS = {"statistics.md": statistics, "database.md": database, "rules.md": rules}
"""Each reference document and the function that writes it."""


def render(name: str) -> str:
    return DOCUMENTS[name]()


def write(folder: Path) -> list[Path]:
    """Write every reference document into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in DOCUMENTS.items():
        path = folder / name
        path.write_text(make(), encoding="utf-8")
        written.append(path)
    return written


def _entries() -> dict[str, str]:
    found: dict[str, str] = {}
    for ratio in (*stats.SUMMARY, *stats.HILO, *stats.STREET_RATIOS):
        unit = "in percent" if ratio.percent else "a ratio of counts"
        text = (f"{ratio.name} -- {ratio.label} (a statistic): players table column "
                f"{_parts(ratio.done)} over {_parts(ratio.opportunity)}, {unit}")
        for part in (ratio.done, ratio.opportunity):
            for name in (part,) if isinstance(part, str) else part:
                text += f"\n  {name}: {_column_text(name)}"
        found[ratio.name] = text
        found[f"{ratio.name}_n"] = (f"{ratio.name}_n -- the sample size of {ratio.name} "
                                    f"({ratio.label}): the count of "
                                    f"{_parts(ratio.opportunity)}")
    found["bb_left_out"] = ("bb_left_out -- a money column of the player summary (stud-hh "
                            "stats): hands left out of the big-bet figures (net_bb, "
                            "bb_per_100 ...): no-limit and pot-limit hands, whose bets have "
                            "no fixed size, and hands whose stakes nothing shows")
    for name, text in LUCK_COLUMNS.items():
        if name != "ev_net":  # the players column of that name is what it sums
            found[name] = (f"{name} -- a money column of the player summary (stud-hh "
                           f"stats): {text.replace('`', '')}")
    for spec in TABLES.values():
        for column in spec.columns:
            found.setdefault(column.name, f"{column.name} -- a column of the {spec.name} "
                             f"table ({column.type}): {column.description}")
    for macro in sql.MACROS:
        found.setdefault(macro.name, f"{macro.signature} -- a SQL macro of `stud-hh sql` "
                         f"and db.sql(), {macro.body}: {macro.description}")
    for name, text in tournaments.COLUMNS.items():
        found.setdefault(name, f"{name} -- a tournament statistic (stud-hh tournaments): "
                         f"{text}")
    for rule in RULES.values():
        doubt = (f"a violation of it puts in doubt {_states(rule.breaks)}, and a later "
                 "violation whose check reads that follows from it" if rule.breaks else
                 "a violation of it puts nothing in doubt")
        found[rule.code.value] = (f"{rule.code.value} -- a rule: {rule.title} "
                                  f"(docs/stud-rules.md: {rule.reference}); its check reads "
                                  f"{_states(rule.reads) if rule.reads else 'nothing'}; {doubt}")
    docs = _setting_docs()
    for field in profiles.Profile.__dataclass_fields__:
        if field in docs:
            found.setdefault(field, f"{field} -- a house-rule setting: {docs[field]}")
    for field, text in _field_docs(printing, "Printing").items():
        found.setdefault(field, f"{field} -- what a site prints (not a house rule): {text}")
    return found


def explain(term: str) -> str:
    """What ``term`` (a statistic, a column, a rule code, a profile setting) means."""
    entries = _entries()
    if term in entries:
        return entries[term] + "\nSee docs/statistics.md, docs/database.md, docs/rules.md."
    close = difflib.get_close_matches(term, list(entries), n=3)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise SelectionError(f"nothing called {term!r} in the statistics, the database or the "
                         f"rules{hint}")


if __name__ == "__main__":  # pragma: no cover - python -m stud_hh.analysis.reference docs
    for written in write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(f"wrote {written}")
