"""The first hour, scripted: a newcomer's walk through stud-hh, as the README tells it.

1. The README's two tours (a player's and an auditor's), run as written on the bundled
   samples from a fresh folder with a fresh settings file: each ``$`` line is run and what
   it prints is what the README shows (``...`` stands for what changes: times, paths).
2. The same walk on real files, the shared corpus (skipped, saying so, without it), with
   each point of the first-hour issue asserted where a newcomer meets it: a light start,
   one process for a few hundred hands, tables that fit a terminal, a count and a pointer
   for conflicts, the settings and Bovada's hero, tournament money, no-limit hands apart,
   one fault and its consequences, the kept copy of a duplicate, names in any case, a
   closed pipe, one rule for exit codes, a damaged database failing before it prints.

Start-up time itself is measured by ``benchmarks/startup.py``, never here.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STUD_HH = Path(sys.executable).with_name("stud-hh")
TOUR = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def run(folder: Path, command: str, *, config: Path | None = None,
        ) -> subprocess.CompletedProcess[str]:
    """``command`` (``stud-hh ...``) run in ``folder`` as a newcomer's shell would run it."""
    env = {**os.environ, "TZ": "UTC", "STUD_HH_CONFIG": str(config or folder / "settings.toml"),
           "PATH": f"{STUD_HH.parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "COLUMNS": "120"}
    env.pop("STUD_HH_DEBUG", None)
    words = shlex.split(command)
    assert words[0] == "stud-hh", command
    return subprocess.run([str(STUD_HH), *words[1:]], cwd=folder, env=env, capture_output=True,
                          text=True, check=False)


def tours() -> list[list[tuple[str, str]]]:
    """Each console block of the README: its commands, each with the output shown."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in TOUR.findall(text):
        steps: list[tuple[str, str]] = []
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                steps.append((line[2:].strip(), ""))
            else:
                command, shown = steps[-1]
                steps[-1] = (command, shown + line)
        found.append(steps)
    return found


def test_the_readme_has_both_tours() -> None:
    commands = [c for tour in tours() for c, _ in tour]
    assert len(tours()) == 2
    assert any(c.startswith("stud-hh stats") for c in commands)
    assert any(c.startswith("stud-hh audit") for c in commands)


def test_the_readme_tours_print_what_the_readme_shows(tmp_path: Path) -> None:
    """The player's tour, then the auditor's (who uses the database the player made), in
    a fresh folder holding the bundled samples, as a clone does; no settings yet."""
    (tmp_path / "sample_histories").symlink_to(ROOT / "sample_histories")
    checker = doctest.OutputChecker()
    for tour in tours():
        for command, shown in tour:
            done = run(tmp_path, command)
            assert done.returncode in (0, 1), f"{command}: exit {done.returncode}\n{done.stderr}"
            assert "Traceback" not in done.stderr, done.stderr
            assert checker.check_output(shown, done.stdout, doctest.ELLIPSIS), (
                f"$ {command}\n--- the README shows:\n{shown}--- it prints:\n{done.stdout}")


# -- the same walk on real files --------------------------------------------------------


@pytest.fixture(scope="module")
def walk(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A newcomer's folder with the corpus imported by the README's command, no --jobs."""
    folder = tmp_path_factory.mktemp("walk")
    done = run(folder, f"stud-hh import {shlex.quote(str(corpus))} --db real.db")
    assert done.returncode == 1, done.stderr  # the Winning hand the site cut short
    folder.joinpath("import.out").write_text(done.stdout + done.stderr, encoding="utf-8")
    return folder


def test_a_few_hundred_hands_are_read_in_one_process(walk: Path) -> None:
    out = walk.joinpath("import.out").read_text(encoding="utf-8")
    assert "193 hands new" in out
    assert "on 1 process" in out
    assert sum(line.startswith("failure: ") for line in out.splitlines()) == 1


def test_the_start_is_light(walk: Path) -> None:
    """--version, --help and a mistyped option import no reader, pandas, Lark or numpy."""
    script = ("import sys\nfrom stud_hh.cli import main\n"
              "for argv in (['--version'], ['--help'], ['stats', '--bogus']):\n"
              "    try:\n        main(argv)\n    except SystemExit:\n        pass\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('pandas', 'numpy', 'lark', 'pyarrow') or m.startswith('stud_hh.read')))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False, cwd=walk)
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("options", ["", "--by game", "--player Hero", "--player Hero --by game",
                                     "--by site --min-hands 10"])
def test_every_stats_table_fits_a_terminal(walk: Path, options: str) -> None:
    done = run(walk, f"stud-hh stats --db real.db {options}")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        assert len(line) <= 120 or "real.db" in line, line
    assert "..." not in done.stdout
    assert not re.search(r"(?<![\w.])-0\.0+(?!\d)", done.stdout)
    assert "VPIP" in done.stdout


def test_the_settings_make_the_hero_one_player(walk: Path) -> None:
    settings = walk / "hero.toml"
    assert run(walk, "stud-hh config add hero PokerStars Hero", config=settings).returncode == 0
    assert run(walk, "stud-hh config set database real.db", config=settings).returncode == 0
    done = run(walk, "stud-hh stats --format json", config=settings)
    assert {row["player"] for row in json.loads(done.stdout)} == {"Hero"}
    everyone = run(walk, "stud-hh stats --all-players --top 0 --format json", config=settings)
    players = {row["player"] for row in json.loads(everyone.stdout)}
    assert not any(name.endswith(" [ME]") for name in players)  # Bovada's hero: one player
    assert run(walk, "stud-hh report --audit -o audit.html", config=settings).returncode == 0
    assert run(walk, "stud-hh conflicts", config=settings).returncode == 0


def test_config_detect_finds_a_clients_folder(walk: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    stars = home / ".wine" / "drive_c" / "users" / "me" / "AppData" / "Local" / "PokerStars"
    (stars / "HandHistory" / "Hero").mkdir(parents=True)
    env = {**os.environ, "HOME": str(home), "STUD_HH_CONFIG": str(tmp_path / "s.toml"),
           "USER": "me"}
    done = subprocess.run([str(STUD_HH), "config", "detect"], capture_output=True, text=True,
                          check=False, env=env, cwd=walk)
    assert done.returncode == 0, done.stderr
    assert "PokerStars" in done.stdout


def test_tournaments_are_paid_for_though_no_finish_shows(walk: Path) -> None:
    done = run(walk, "stud-hh tournaments --db real.db --player Hero")
    assert done.returncode == 0, done.stderr
    assert "$0.00" not in done.stdout
    assert "$436.30 (n=6)" in done.stdout
    listed = run(walk, "stud-hh tournaments --db real.db --player Hero --list").stdout
    assert "7 CARD STUD" not in listed
    assert "stud hi/lo" in listed


def test_tournament_chips_and_no_limit_hands_are_kept_apart(walk: Path) -> None:
    done = run(walk, "stud-hh stats --db real.db --player Hero --by game --format json")
    rows = json.loads(done.stdout)
    chips = [r for r in rows if r["unit"] == "tournament chips"]
    assert chips
    assert all(r["net"] is None for r in chips)
    (nl,) = [r for r in rows if r["game"] == "stud8 NL"]
    assert nl["net_bb"] is None  # never in a fixed-limit big bet


def test_one_site_fault_is_one_fault(walk: Path, corpus: Path) -> None:
    real = next((corpus / "Winamax").glob("*negative.bet*"))
    done = run(walk, f"stud-hh audit {shlex.quote(str(real))}")
    assert "1 with violations (1 in all" in done.stdout
    assert "Pot -" not in run(walk, f"stud-hh show 9250793-1578-1479092164 "
                                    f"{shlex.quote(str(real))}").stdout
    poorer = walk / "winamax-poorer.txt"
    poorer.write_text(real.read_text(encoding="utf-8").replace(
        "Seat 2: Player0 (33.90€)", "Seat 2: Player0 (23.90€)"), encoding="utf-8")
    out = run(walk, f"stud-hh audit {poorer}").stdout
    assert "(follows from line 17: raise.wrong-total)" in out
    assert "2 root causes, 5 following from them" in out


def test_the_copy_kept_and_the_conflicts_do_not_depend_on_processes(walk: Path,
                                                                      corpus: Path) -> None:
    folder = walk / "copies"
    folder.mkdir()
    for path in sorted((corpus / "Stars").glob("*.txt"))[:6]:
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        (folder / f"a-{path.name}").write_text(text, encoding="utf-8")
        (folder / f"b-{path.name}").write_text(text.replace(" in chips)", " in chips) "),
                                               encoding="utf-8")
        (folder / f"c-{path.name}").write_text(text.replace("folds", "folds "), encoding="utf-8")
    stored = []
    for jobs in (1, 2):
        done = run(walk, f"stud-hh import copies --db copies-{jobs}.db --jobs {jobs}")
        assert [line for line in done.stderr.splitlines() if "conflict" in line] == []
        rows = run(walk, f"stud-hh sql --db copies-{jobs}.db --format json "
                         "\"SELECT hand_id, file FROM hands ORDER BY hand_id\"").stdout
        stored.append(json.loads(rows))
    assert stored[0] == stored[1]
    assert all(Path(row["file"]).name.startswith("a-") for row in stored[0])


def test_a_changed_copy_is_a_count_and_a_pointer(walk: Path, corpus: Path) -> None:
    source = sorted((corpus / "Stars").glob("*.txt"))[0]
    text = source.read_text(encoding="utf-8-sig", errors="replace")
    changed = walk / "changed.txt"
    changed.write_text(re.sub(r"\(\$?([\d.]+) in chips\)", r"(\g<1>1 in chips)", text),
                       encoding="utf-8")
    db = "changed.db"
    run(walk, f"stud-hh import {shlex.quote(str(source))} --db {db}")
    done = run(walk, f"stud-hh import changed.txt --db {db}")
    assert done.stderr.count("\n") == 1
    assert "`stud-hh conflicts --db changed.db` lists them" in done.stderr
    listed = run(walk, f"stud-hh conflicts --db {db}").stdout
    assert "differs from" in listed
    assert "stored:" in listed


def test_a_name_in_another_case_is_read_with_a_warning(walk: Path) -> None:
    hand = (ROOT / "tests" / "data" / "handwritten" / "stud_cash_0.10-0.20.txt").read_text(
        encoding="utf-8").split("\n\n\n")[0]
    shouted = hand.replace("Seat 2: Big Slick (", "Seat 2: BIG SLICK (", 1)
    (walk / "case.txt").write_text(shouted, encoding="utf-8")
    done = run(walk, "stud-hh show 259114372218 case.txt")
    assert done.returncode == 0, done.stderr
    assert "BIG SLICK" in done.stdout


def test_a_closed_pipe_ends_quietly(walk: Path, corpus: Path) -> None:
    done = subprocess.run(["bash", "-o", "pipefail", "-c",
                           f"'{STUD_HH}' parse '{corpus}' --format jsonl | head -1"],
                          capture_output=True, text=True, check=False, cwd=walk)
    assert (done.returncode, done.stderr) == (0, "")


def test_options_mean_one_thing(walk: Path) -> None:
    nobody = run(walk, "stud-hh show 9250793-1578-1479092164 --db real.db --hero nobody")
    assert nobody.returncode == 2
    assert "is no player of hand" in nobody.stderr
    assert "--min-sample" in run(walk, "stud-hh report --help").stdout
    assert "machine's clock" in " ".join(run(walk, "stud-hh stats --help").stdout.split())


def test_an_unreadable_hand_exits_one_alone_or_in_a_folder(walk: Path, corpus: Path) -> None:
    cut = next((corpus / "Winning").glob("*G0.txt"))
    alone = run(walk, f"stud-hh import {shlex.quote(str(cut))} --db cut-1.db")
    folder = walk / "cut"
    folder.mkdir()
    shutil.copy(cut, folder / cut.name)
    in_folder = run(walk, "stud-hh import cut --db cut-2.db")
    assert (alone.returncode, in_folder.returncode) == (1, 1)


def test_a_damaged_database_fails_before_it_prints(walk: Path) -> None:
    shutil.copytree(walk / "real.db", walk / "damaged.db")
    part = next((walk / "damaged.db" / "tournaments").glob("*.parquet"))
    part.write_bytes(part.read_bytes()[:-64])
    done = run(walk, "stud-hh stats --db damaged.db --player Hero")
    assert (done.returncode, done.stdout) == (2, "")


def test_a_reimport_gives_the_same_equities(walk: Path, corpus: Path) -> None:
    again = run(walk, f"stud-hh import {shlex.quote(str(corpus))} --db again.db")
    assert again.returncode == 1
    query = ("\"SELECT site, hand_id, player, equity FROM players WHERE equity IS NOT NULL "
             "ORDER BY ALL\"")
    first = run(walk, f"stud-hh sql --db real.db --format json {query}").stdout
    second = run(walk, f"stud-hh sql --db again.db --format json {query}").stdout
    assert json.loads(first) == json.loads(second) != []


def test_a_razz_player_who_showed_shows_his_cards(walk: Path) -> None:
    out = run(walk, "stud-hh show 43618199-14 --db real.db").stdout
    assert "[?? ?? 9d]" not in out
    assert "[2h 8d 9d]" in out
