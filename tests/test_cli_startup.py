"""Promise: the command line starts light. ``--version``, ``--help``, every command's
``--help`` and a mistyped option import neither the readers nor pandas, pyarrow, Lark or
matplotlib (numpy only where a default comes from the equity module), and every command
a user runs imports only what it needs.

What is imported is counted, not timed (start-up time is measured by
``benchmarks/startup.py``): a loaded machine passes as an idle one does.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stud_hh.cli.parser import COMMANDS, build_parser

HEAVY = ("pandas", "pyarrow", "lark", "matplotlib", "duckdb", "plotly", "jinja2", "rich",
         "tqdm", "stud_hh.read", "stud_hh.store.ingest", "stud_hh.store.database",
         "stud_hh.analysis.stats", "stud_hh.replay")


def _imported(*argv: str) -> dict[str, object]:
    """The modules ``stud-hh ARGV`` has imported when it exits, and its exit code."""
    script = (
        "import json, sys\n"
        "from stud_hh.cli import main\n"
        "try:\n"
        f"    code = main({list(argv)!r})\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        "sys.__stderr__.write('\\n' + json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)
    result: dict[str, object] = json.loads(done.stderr.rsplit("\n", 1)[-1])
    return result


def _heavy(modules: object, allowed: tuple[str, ...] = ()) -> list[str]:
    assert isinstance(modules, list)
    return [m for m in modules
            if any(m == h or m.startswith(h + ".") for h in (*HEAVY, "numpy"))
            and not any(m == a or m.startswith(a + ".") for a in allowed)]


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["nonsense"], [],
                                  ["stats", "--bogus"], ["import"]])
def test_the_top_level_imports_nothing_heavy(argv: list[str]) -> None:
    found = _imported(*argv)
    assert found["code"] in (0, 2)
    assert _heavy(found["modules"]) == []


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_each_command_help_imports_nothing_heavy(command: str) -> None:
    found = _imported(command, "--help")
    assert found["code"] == 0
    allowed = ("numpy",) if command == "equity" else ()
    assert _heavy(found["modules"], allowed) == []


def test_every_command_has_its_arguments_and_function() -> None:
    """The full parser (every command's arguments) builds, and each command runs a function."""
    parser = build_parser()
    for command in COMMANDS:
        adders = command.module().ARGUMENTS
        assert command.name in adders, f"{command.name} has no arguments in its module"
    assert parser.parse_args(["explain", "vpip"]).func.__name__ == "cmd_explain"


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser(["--help"]).parse_args(["--help"])
    listed = capsys.readouterr().out
    for command in COMMANDS:
        assert f"    {command.name}" in listed
