"""The app answers only its own browser: the token, the Host check, CSRF on writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from appserver import running

from stud_hh.app.security import COOKIE


@pytest.fixture(scope="module")
def app(samples_database: Path):  # type: ignore[no-untyped-def]
    with running(samples_database) as served:
        yield served


def test_a_request_without_the_token_is_refused(app) -> None:  # type: ignore[no-untyped-def]
    with app.client(signed_in=False) as client:
        for path in ("/", "/players", "/static/app.js", "/nothing"):
            answer = client.get(path)
            assert answer.status_code == 403, path
            assert "token" in answer.text


def test_a_wrong_token_is_refused_and_sets_no_cookie(app) -> None:  # type: ignore[no-untyped-def]
    with app.client(signed_in=False) as client:
        answer = client.get("/?token=" + "x" * len(app.guard.token))
        assert answer.status_code == 403
        assert COOKIE not in answer.headers.get("set-cookie", "")


def test_the_first_url_sets_the_cookie_and_drops_the_token(app) -> None:  # type: ignore[no-untyped-def]
    with app.client(signed_in=False) as client:
        answer = client.get(f"/?game=razz&token={app.guard.token}")
        assert answer.status_code == 303
        assert answer.headers["location"] == "/?game=razz"
        cookie = answer.headers["set-cookie"]
        assert f"{COOKIE}={app.guard.token}" in cookie
        assert "HttpOnly" in cookie
        assert "SameSite=Strict" in cookie
        assert client.get("/?game=razz").status_code == 200


def test_a_foreign_host_header_is_refused_against_dns_rebinding(app) -> None:  # type: ignore[no-untyped-def]
    with app.client() as client:
        answer = client.get("/", headers={"Host": f"evil.example:{app.guard.port}"})
        assert answer.status_code == 403
        assert client.get("/", headers={"Host": f"localhost:{app.guard.port}"}
                          ).status_code == 200


def test_every_answer_carries_a_policy_that_runs_only_the_apps_scripts(app) -> None:  # type: ignore[no-untyped-def]
    answer = app.get("/")
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split(
        "script-src")[1].split(";")[0]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "<script>" not in answer.text  # no inline script: the policy would block it


def test_a_write_without_the_csrf_token_or_from_another_site_is_refused(app) -> None:  # type: ignore[no-untyped-def]
    with app.client() as client:
        assert client.post("/api/notes", json={}).status_code == 403
        assert client.post("/api/notes", json={}, headers={
            "X-CSRF-Token": app.guard.csrf, "Origin": "http://evil.example"}).status_code == 403


def test_listening_everywhere_takes_an_ip_address_but_not_a_rebound_name() -> None:
    from stud_hh.app.security import Guard

    everywhere = Guard(port=8000, host="0.0.0.0")
    assert everywhere.accepts("192.168.1.5:8000")
    assert everywhere.accepts("[fe80::1]:8000")
    assert not everywhere.accepts("evil.example:8000")
    assert not everywhere.accepts("192.168.1.5:8001")
    local = Guard(port=8000)
    assert local.accepts("localhost:8000")
    assert local.accepts("127.0.0.1:8000")
    assert not local.accepts("192.168.1.5:8000")
