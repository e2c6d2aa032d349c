"""Promise: the command line's reference page (docs/reference/cli.md in the site) names
every command, subcommand and argument the parser has, with its help and default."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from stud_hh.cli.parser import build_parser
from stud_hh.cli.reference import PAGE, markdown

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_page_is_current() -> None:
    assert (ROOT / PAGE).read_text(encoding="utf-8") == markdown(), (
        f"{PAGE} is stale: run `python -m stud_hh.cli.reference`")


def _parsers(parser: argparse.ArgumentParser):  # type: ignore[no-untyped-def]
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_command_and_argument_is_on_the_page() -> None:
    page = markdown()
    parsers = list(_parsers(build_parser(None)))
    assert len(parsers) > 30  # every command and every subcommand (config set, notes list)
    for parser in parsers[1:]:
        assert f"# {parser.prog}\n" in page, parser.prog
        # its own section: to the next heading (its subcommands' sections come after it)
        section = re.split(r"\n#{2,} ", page.split(f"# {parser.prog}\n", 1)[1])[0]
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            if action.help is argparse.SUPPRESS:  # hidden from --help, and from the page
                assert f"`{action.option_strings[0]}" not in section
                continue
            for name in action.option_strings or [action.metavar or action.dest]:
                assert f"`{name}" in section, (parser.prog, name)
    assert "%(" not in page  # argparse's placeholders are filled in


def test_an_option_shows_its_help_choices_and_default() -> None:
    page = markdown()
    imports = page.split("## stud-hh import\n", 1)[1].split("\n## ", 1)[0]
    row = next(line for line in imports.splitlines() if line.startswith("| `--profile"))
    assert "house rules to audit against" in row
    assert "`casino`" in row
    assert "`pokerstars`" in row
    assert row.endswith("| `site` |")
    assert "usage: stud-hh import [-h]" in imports
    flag = next(line for line in imports.splitlines() if line.startswith("| `-q`"))
    assert flag.endswith("|  |")  # a flag's False is no default to show
