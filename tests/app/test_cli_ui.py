"""`stud-hh ui` as a user starts it: the address printed, Ctrl-C stops it with exit 0, and
a port taken or a folder that is no database is a one-line error, exit 2."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

GUARD_S = 600


def _start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "stud_hh.cli", "ui", "--no-browser",
                             "--no-watch", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_ui_prints_its_address_serves_it_and_stops_on_ctrl_c(samples_database: Path) -> None:
    ui = _start("--db", str(samples_database))
    try:
        assert ui.stdout is not None
        first = ui.stdout.readline()
        assert first.startswith("stud-hh ui: http://127.0.0.1:"), first
        url = first.split(" ", 2)[2].strip()
        assert "token=" in url
        with httpx.Client(timeout=GUARD_S, follow_redirects=True) as client:
            answer = client.get(url)
            assert answer.status_code == 200
            assert "Overview" in answer.text
        ui.send_signal(signal.SIGINT)
        out, err = ui.communicate(timeout=GUARD_S)
    finally:
        ui.kill()
    assert ui.returncode == 0, err
    assert "stopped: no folder was watched" in out
    assert "Traceback" not in err


def test_a_port_taken_is_an_error_naming_it(samples_database: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        ui = _start("--db", str(samples_database), "--port", str(port))
        _out, err = ui.communicate(timeout=GUARD_S)
    assert ui.returncode == 2
    assert err.strip() == (f"stud-hh: cannot listen on 127.0.0.1:{port}: Address already "
                           "in use (--port N picks another port)")


def test_a_folder_that_is_no_database_is_an_error(tmp_path: Path) -> None:
    ui = _start("--db", str(tmp_path / "none"))
    _out, err = ui.communicate(timeout=GUARD_S)
    assert ui.returncode == 2
    assert "not a stud-hh database" in err
    assert "Traceback" not in err
    assert not (tmp_path / "none").exists()


def test_listening_beyond_this_computer_warns(samples_database: Path) -> None:
    ui = _start("--db", str(samples_database), "--host", "0.0.0.0")
    try:
        assert ui.stdout is not None
        assert ui.stdout.readline().startswith("stud-hh ui: http://")
        ui.send_signal(signal.SIGINT)
        _, err = ui.communicate(timeout=GUARD_S)
    finally:
        ui.kill()
    assert "warning: listening on 0.0.0.0" in err
