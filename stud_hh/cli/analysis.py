"""The commands that read a database: ``stats``, ``tournaments``, ``plot``, ``report``,
``explain`` and ``sql``."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from stud_hh.cli.common import (
    DB_HELP,
    EXIT_OK,
    EXIT_UNUSABLE,
    GAME_HELP,
    WHEN,
    add_as_of,
    add_selection,
    check_output,
    database_arg,
    frame_text,
    game_arg,
    no_hands,
    note_undated,
    selected_players,
    selection_of,
    terminal_width,
    whole_number,
    write_page,
    write_whole,
)

if TYPE_CHECKING:
    pass


def cmd_stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis import stats
    from stud_hh.analysis.summary_text import chosen_columns, summary_table
    from stud_hh.store.database import open_db

    db = open_db(args.db, people=args.people, as_of=args.as_of)
    by = stats.check_by(["player", *args.by] if "player" not in args.by else args.by)
    needed = stats.required_columns(by, stats.SUMMARY + stats.HILO + stats.STREET_RATIOS)
    players, resolved = selected_players(db, args, needed, err)
    selection = resolved.selection
    if players.empty:
        return no_hands(args.db, selection, err)
    import pandas as pd

    summary = stats.player_summary(players, by=by, hilo=bool((players["game"] == "stud8").any()),
                                   session_gap=pd.Timedelta(minutes=args.session_gap),
                                   min_hands=selection.min_hands, streets=True)
    if args.top and not resolved.player:
        summary = summary.head(args.top)
    if args.columns and args.columns != ["all"]:
        stats.check_columns(summary, args.columns)  # a mistyped name: one line, exit 2
    # everything is read before anything is printed: a damaged database fails first
    block = (_tournament_block(db, args, resolved.player)
             if resolved.player and args.format == "text" else [])
    if args.format != "text":
        if args.columns:
            summary = summary[stats.check_columns(summary, chosen_columns(summary,
                                                                          args.columns))]
        print(frame_text(summary, args.format).rstrip("\n"), file=out)
        return EXIT_OK
    heading = selection.describe(player=False)
    if heading:
        print(f"# {heading}", file=out)
    print(summary_table(summary, args.columns, terminal_width(out)), file=out)
    if block:
        from stud_hh.analysis.text_table import clauses

        width = terminal_width(out)
        print("", file=out)
        for line in block:  # the pointer to `tournaments` names the database: not cut
            print(line if line.startswith("(") else clauses(line, width), file=out)
    return EXIT_OK


def _tournament_block(db: Any, args: argparse.Namespace, player: str) -> list[str]:
    """The lines ``stats --player`` prints after the hands: the player's tournament
    results per unit, in the selection (none for cash games or given stakes)."""
    from stud_hh.analysis import tournament_report, tournaments

    selection = selection_of(args)
    if selection.tournament is False or selection.stakes:
        return []
    found = tournaments.select(tournaments.read_results(db, player), selection)
    if found.empty:
        return []
    summary = tournaments.summary(found[found["player"] == player])
    return [*tournament_report.brief_lines(summary),
            f"(stud-hh tournaments --db {args.db} --player {player!r} for each place and "
            "tournament)"]


def _tournament_selection(args: argparse.Namespace) -> Any:
    from stud_hh.store.select import Selection, parse_when

    return Selection(
        since=parse_when(args.since) if args.since else None,
        until=parse_when(args.until, end=True) if args.until else None,
        games=tuple(args.game or ()), sites=tuple(args.site or ()))


def cmd_tournaments(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Tournament results per player and unit: played, paid, won, net, ROI, in the money,
    places; ``--list`` each tournament."""
    from stud_hh.analysis import tournament_report, tournaments
    from stud_hh.store.database import open_db
    from stud_hh.store.select import match_player

    db = open_db(args.db, people=args.people, as_of=args.as_of)
    selection = _tournament_selection(args)
    player = (match_player(tournaments.player_names(db), args.player, "tournament results")
              if args.player else None)
    found = tournaments.select(tournaments.read_results(db, player), selection)
    if found.empty:
        where = f" ({selection.describe()})" if not selection.empty else ""
        who = f" of {player}" if player else ""
        print(f"stud-hh: no tournament results{who} in {args.db}{where}", file=err)
        return EXIT_UNUSABLE
    if args.list:
        if args.format == "text":
            print(tournament_report.list_text(found), file=out)
        else:
            columns = [c for c in found.columns if c not in ("hand_id", "line")]
            print(frame_text(found[columns].set_index(tournaments.KEY), args.format
                              ).rstrip("\n"), file=out)
        return EXIT_OK
    summary = tournaments.summary(found)
    if args.top and not player:
        summary = summary.head(args.top)
    if args.format == "text":
        heading = selection.describe()
        if heading:
            print(f"# {heading}", file=out)
        print(tournament_report.summary_text(summary, width=terminal_width(out)), file=out)
    else:
        print(frame_text(summary, args.format).rstrip("\n"), file=out)
    return EXIT_OK


def _selected_violations(db: Any, args: argparse.Namespace, err: TextIO) -> Any:
    """The violations of the hands the filter options select."""
    resolved = db.resolve(selection_of(args, player=False))
    note_undated(resolved, err)
    return db.read_resolved("violations", resolved)


def cmd_plot(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    check_output(args.output, "the figure")
    import matplotlib

    matplotlib.use("Agg")
    from stud_hh.analysis import plots
    from stud_hh.store.database import open_db
    from stud_hh.store.schema import TABLES

    db = open_db(args.db, people=args.people, as_of=args.as_of)
    if args.kind == "violations":
        ax = plots.violations_over_time(_selected_violations(db, args, err), freq=args.freq)
    else:
        if not args.player:
            print(f"stud-hh: plot {args.kind} needs --player NAME", file=err)
            return EXIT_UNUSABLE
        columns = [c.name for c in TABLES["players"].columns]
        # every player of the selection: the field too; the player matched by the plot
        players, resolved = selected_players(db, args, columns, err, player=False)
        if players.empty:
            return no_hands(args.db, resolved.selection, err)
        try:
            if args.kind == "winnings":
                ax = plots.cumulative_winnings(players, args.player, unit=args.unit)
            elif args.kind == "door-card":
                ax = plots.win_rate_by_door_card(players, args.player)
            else:
                ax = plots.streets_against_field(players, args.player)
        except ValueError as exc:
            print(f"stud-hh: {exc}", file=err)
            return EXIT_UNUSABLE
    figure: Any = ax.figure
    image = io.BytesIO()
    figure.savefig(image, dpi=args.dpi, format=args.output.suffix.lstrip(".").lower() or "png")
    write_whole(args.output, image.getvalue())
    print(f"wrote {args.output}", file=out)
    return EXIT_OK


def cmd_report(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The HTML report of a player (or, with ``--audit``, the audit report) of a database."""
    from stud_hh.store.database import open_db

    output: Path = args.output or Path("audit.html" if args.audit else "report.html")
    check_output(output, "the report")
    profile = None if args.profile == "site" else args.profile
    selection = selection_of(args, player=False)
    if args.audit and (args.player or not selection.empty):
        print("stud-hh: report --audit covers the whole database: --player and the filters "
              "are for the player report", file=err)
        return EXIT_UNUSABLE
    # not a database: main() reports it, exit 2
    db = open_db(args.db, people=args.people, as_of=args.as_of)
    if args.audit:
        from stud_hh.analysis.html.audit_report import audit_report

        report = audit_report(db, profile=profile)
    else:
        from stud_hh.analysis.html.player_report import player_report

        report = player_report(db, selection, args.player, profile=profile, min_n=args.min_sample)
    for warning in report.warnings:
        print(f"stud-hh: {warning}", file=err)
    size = write_page(output, report.html)
    who = f" of {report.player}" if report.player else ""
    print(f"wrote {output}: the {'audit' if args.audit else 'player'} report{who}, "
          f"{report.hands:,} hands, {report.embedded:,} replays, {size:,} bytes", file=out)
    return EXIT_OK


def cmd_explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis.reference import explain

    for term in args.terms:
        print(explain(term), file=out)
    return EXIT_OK


def cmd_sql(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store import sql
    from stud_hh.store.database import open_db

    db = open_db(args.db, as_of=args.as_of)
    if args.output is not None:
        check_output(args.output, "the result")
    fmt = sql.output_format(args.format, args.output, db.root)
    result = sql.query(db, sys.stdin.read() if args.query == "-" else args.query)
    if args.output is None:
        out.write(sql.render(result, fmt))
    else:
        sql.write(result, fmt, args.output)
        print(f"wrote {result.num_rows:,} row{'s' if result.num_rows != 1 else ''} to "
              f"{args.output}", file=out)
    return EXIT_OK


def add_stats(t: argparse.ArgumentParser) -> None:
    t.description = ("Player summary: the key stud statistics (hands, money won in the "
                     "unit's money and in big bets, BB/100 and luck-adjusted, VPIP, "
                     "complete/raise 3rd, steal and the bring-in's defence, 3-bet 3rd, fold "
                     "to a 4th-street bet, AF, WTSD, W$SD), each ratio with its sample size: "
                     "a column per group for one player, a row per group for many. --columns "
                     "chooses others (every statistic of docs/statistics.md); csv and json "
                     "give every column, each ratio with its opportunity count (_n).")
    t.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    t.add_argument("--player", metavar="NAME", help="only this player (case does not matter; "
                   "a person of the settings' aliases counts once; default: the settings' "
                   "hero when the database holds their hands, else every player)")
    t.add_argument("--all-players", action="store_true",
                   help="every player, even when the settings name a hero")
    t.add_argument("--by", nargs="+", default=[], metavar="COL",
                   help="group further: game, stakes, site, currency, tournament, date, "
                   "month, year, session, door_rank, door_group, players_3rd, position, ...")
    t.add_argument("--columns", nargs="+", metavar="COL",
                   help="these statistics instead of the key ones, or `all` (names as in "
                   "csv: net, net_bb, bb_per_100, vpip, cr3, limp, steal, afq, wwsf, "
                   "saw_4th, fold_to_bet_5th, ...; stud-hh explain NAME)")
    t.add_argument("--session-gap", type=int, default=30, metavar="MINUTES",
                   help="--by session: a pause longer than this ends a session (default 30)")
    t.add_argument("--top", type=int, default=20, metavar="N",
                   help="without --player: the N players with most hands (default 20; 0: all)")
    t.add_argument("--format", choices=("text", "csv", "json"), default="text")
    add_selection(t)
    add_as_of(t)
    t.set_defaults(func=cmd_stats)


def add_tournaments(t: argparse.ArgumentParser) -> None:
    t.description = ("Tournament results per player and money unit (never "
                     "added across units): tournaments played, with a known place, paid "
                     "(buy-ins, fees, bounties, rebuys, add-ons), won (prizes, tickets, "
                     "bounties), net, ROI, in the money, best and average place, every "
                     "place. Read from the tournament summary files imported, else from the "
                     "hands' finishing lines and headers (a summary wins). --list prints "
                     "each tournament.")
    t.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    t.add_argument("--player", metavar="NAME", help="only this player (case does not matter; "
                   "default: the settings' hero when the database holds their tournaments, "
                   "else every player)")
    t.add_argument("--all-players", action="store_true",
                   help="every player, even when the settings name a hero")
    t.add_argument("--list", action="store_true",
                   help="a line per tournament instead of the summary")
    t.add_argument("--top", type=int, default=20, metavar="N",
                   help="without --player: the N players with most tournaments (default 20; "
                   "0: all)")
    t.add_argument("--format", choices=("text", "csv", "json"), default="text")
    f = t.add_argument_group("which tournaments (filters)")
    f.add_argument("--since", metavar="WHEN", help="tournaments started from this date or "
                   f"moment {WHEN}; undated ones are left out")
    f.add_argument("--until", metavar="WHEN", help="started up to this date (included) or "
                   "moment (excluded)")
    f.add_argument("--game", nargs="+", metavar="GAME", type=game_arg,
                   help=f"tournaments of these games, however their site names them (a "
                   f"mixed game's are none of them): {GAME_HELP}")
    f.add_argument("--site", nargs="+", metavar="SITE", help="PokerStars, Full Tilt Poker, ...")
    add_as_of(t)
    t.set_defaults(func=cmd_tournaments)


PLOTS = ("winnings", "door-card", "streets", "violations")
"""What ``stud-hh plot KIND`` draws."""


def add_plot(g: argparse.ArgumentParser) -> None:
    g.description = ("winnings: cumulative winnings with and without showdown; "
                     "door-card: BB/100 by door card; streets: VPIP and aggression by "
                     "street against the field; violations: violations per rule over time.")
    g.add_argument("kind", choices=PLOTS, metavar="KIND", help=", ".join(PLOTS))
    g.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    g.add_argument("--player", metavar="NAME", help="whose figure (default: the settings' "
                   "hero when the database holds their hands)")
    g.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    g.add_argument("--unit", choices=("bb", "money"), default="bb",
                   help="winnings in big bets (default: one curve across stakes and "
                   "currencies) or money (a curve per currency, chips apart)")
    g.add_argument("--freq", choices=("D", "W", "M"), default="W",
                   help="violations: per day, week or month")
    g.add_argument("--dpi", type=int, default=110)
    add_selection(g)
    add_as_of(g)
    g.set_defaults(func=cmd_plot)


def add_report(r: argparse.ArgumentParser) -> None:
    from stud_hh.rules import PROFILES, SITE

    r.description = ("One self-contained HTML file (it works offline and asks "
                     "the network for nothing). The player report: results over time per "
                     "unit and in big bets (with and without showdown, luck-adjusted where "
                     "all-in equity is stored), sessions, results by game and stakes, the "
                     "leaks with both sample sizes and their cost, door cards and 3rd street "
                     "per game, street by street against the field, and hands to replay. "
                     "--audit: the audit report of the whole database (violations per "
                     "rule, table and period, the worst hands with their source lines, "
                     "every check the text cannot decide, balance checks, unreadable texts, "
                     "the clean bill and the profile used).")
    r.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    r.add_argument("--audit", action="store_true", help="the audit report instead")
    r.add_argument("--player", metavar="NAME", help="whose report (case does not matter; "
                   "default: the settings' hero when the database holds their hands, else "
                   "the player dealt the most hands, a history's owner)")
    r.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="the HTML file to write (default: report.html, or audit.html)")
    r.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules the page's hand replays are made under (default: site, "
                   "each hand's own site's); named on the audit page")
    r.add_argument("--min-sample", type=whole_number, default=30, metavar="N",
                   help="a leak needs a sample of N opportunities, for the player and for the "
                   "field (default 30; the n of stats)")
    r.add_argument("--min-n", dest="min_sample", type=whole_number, help=argparse.SUPPRESS)
    add_selection(r, summaries=False)
    add_as_of(r)
    r.set_defaults(func=cmd_report)


def add_explain(e: argparse.ArgumentParser) -> None:
    e.description = ("Look up a term of stud-hh's output: a "
                     "statistic (cr3, afq, afq_n), a database column (position, "
                     "steal_opp), a rule code (raise.over-cap), a profile setting "
                     "(half_bet_reopens). The same text is in docs/statistics.md, "
                     "docs/database.md and docs/rules.md.")
    e.add_argument("terms", nargs="+", metavar="TERM")
    e.set_defaults(func=cmd_explain)


def add_sql(q: argparse.ArgumentParser) -> None:
    q.description = ("Run one read-only SQL query (DuckDB's dialect) over a "
                     "database: each table (hands, players, actions, pots, violations, "
                     "unverifiable, failures, conflicts, files) is a view of its committed "
                     "parts. Money is in the smallest unit: money(amount, scale) gives "
                     "printed units, pct(done, opportunity) a statistic; docs/database.md "
                     "lists every column and macro. Nothing a query says can write: a "
                     "statement other than SELECT/WITH/DESCRIBE/SHOW/EXPLAIN, a SQL error "
                     "or an unknown table or column is a one-line error (exit 2).")
    q.add_argument("query", metavar="QUERY", help="the query, or - to read it from stdin")
    q.add_argument("--db", type=database_arg, metavar="DIR",
                   help=DB_HELP)
    q.add_argument("--format", default=None, metavar="FORMAT",
                   help="text (a table, the default), csv, json (an array of objects) or "
                   "parquet (needs -o); default: from -o FILE's suffix, else text (checked "
                   "by the query's module, which knows the formats)")
    q.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="write the result to FILE (never inside the database folder)")
    add_as_of(q)
    q.set_defaults(func=cmd_sql)


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {
    "stats": add_stats,
    "tournaments": add_tournaments,
    "plot": add_plot,
    "report": add_report,
    "explain": add_explain,
    "sql": add_sql,
}
"""Each command's arguments, by its name."""
