"""The command line's reference page, ``docs/reference/cli.md``, written from the parser
itself: every command and subcommand with its usage, its description and each argument's
help and default, as ``build_parser`` builds them. ``python -m stud_hh.cli.reference``
writes it; ``tests/test_cli_reference.py`` fails while the committed page differs.

>>> page = markdown()
>>> "## stud-hh import" in page and "### stud-hh config set" in page
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from stud_hh.cli.parser import build_parser

TITLE = "# Command line reference"

INTRO = """\
Every command of `stud-hh` and each of its options, written from the command line's own
parser (`stud_hh/cli/parser.py` and the modules it names) by `python -m
stud_hh.cli.reference`: what `stud-hh COMMAND --help` prints, in one page. The [user
guide](../guide.md) shows the commands at work; exit codes: 0 done, nothing to report; 1
done, with findings; 2 unusable input or environment; 3 a bug of stud-hh; 130
interrupted."""


def _subcommands(parser: argparse.ArgumentParser
                 ) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """A parser's subcommands by name, in the order ``--help`` lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _cell(text: str) -> str:
    """Text made safe inside a Markdown table cell (no pipe, tag or stray emphasis)."""
    text = " ".join(text.split())
    for raw, safe in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|"),
                      ("*", "\\*")):
        text = text.replace(raw, safe)
    return text


def _names(action: argparse.Action) -> str:
    """The option's spellings with its value's name (``--db DB``), or the positional's name."""
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    value = ""
    if action.nargs != 0:
        metavar = action.metavar or action.dest.upper()
        value = " " + (" ".join(metavar) if isinstance(metavar, tuple) else metavar)
    return ", ".join(f"`{name}{value}`" for name in action.option_strings)


def _default(action: argparse.Action) -> str:
    """The default as the command uses it; empty when the option takes none (a flag's
    False, an option left out)."""
    default = action.default
    if (default is None or default is argparse.SUPPRESS or action.nargs == 0
            or default == []):
        return ""
    if isinstance(default, (list, tuple)):
        return " ".join(f"`{item}`" for item in default)
    return f"`{default}`"


def _help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """An argument's help with argparse's ``%(default)s`` and the like filled in, and its
    choices when the help does not list them."""
    text = parser._get_formatter()._expand_help(action) if action.help else ""
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        choices = ", ".join(f"`{choice}`" for choice in action.choices)
        text = f"{_cell(text)} (one of {choices})" if text else f"one of {choices}"
        return text
    return _cell(text)


def _arguments(parser: argparse.ArgumentParser) -> list[str]:
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if action.help is argparse.SUPPRESS:
            continue
        rows.append(f"| {_names(action)} | {_help(parser, action)} | {_default(action)} |")
    if not rows:
        return []
    return ["| argument | what it does | default |", "|---|---|---|", *rows, ""]


def _usage(parser: argparse.ArgumentParser) -> str:
    """The usage lines ``--help`` prints, wrapped at 88 columns whatever the terminal."""
    formatter = argparse.HelpFormatter(parser.prog, width=88)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def _section(parser: argparse.ArgumentParser, level: int, summary: str) -> list[str]:
    lines = [f"{'#' * level} {parser.prog}", "", summary, "", "```text", _usage(parser), "```",
             ""]
    if parser.description and parser.description.strip() != summary.strip():
        lines += [" ".join(parser.description.split()), ""]
    lines += _arguments(parser)
    helps = _helps(parser)
    for name, sub in _subcommands(parser):
        lines += _section(sub, level + 1, helps.get(name, ""))
    return lines


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each subcommand's one-line help, as ``--help`` lists it."""
    found: dict[str, str] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                found[choice.dest] = " ".join((choice.help or "").split())
    return found


def markdown() -> str:
    """The reference page of every command, as Markdown."""
    parser = build_parser(None)
    helps = _helps(parser)
    lines = [TITLE, "", INTRO, "", "```text", _usage(parser), "```", "",
             " ".join((parser.description or "").split()), "",
             "| command | what it does |", "|---|---|"]
    lines += [f"| [`{name}`](#stud-hh-{name}) | {_cell(helps.get(name, ''))} |"
              for name, _ in _subcommands(parser)]
    lines.append("")
    for name, sub in _subcommands(parser):
        lines += _section(sub, 2, helps.get(name, ""))
    return "\n".join(lines).rstrip("\n") + "\n"


PAGE = Path("docs") / "reference" / "cli.md"
"""Where the page lives, from the project's root."""


def main(argv: list[str] | None = None) -> int:
    """Write the page (to the path given, or :data:`PAGE`)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else PAGE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(markdown(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
