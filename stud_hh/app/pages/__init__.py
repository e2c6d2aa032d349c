"""The app's pages, each a module with its ``ROUTES``; :data:`ROUTES` is all of them."""

from __future__ import annotations

from starlette.routing import BaseRoute

from stud_hh.app.pages import (
    audit,
    audit_export,
    hands,
    leaks,
    live,
    overview,
    player,
    players,
    tournaments,
)

ROUTES: list[BaseRoute] = [*overview.ROUTES, *hands.ROUTES, *live.ROUTES, *audit.ROUTES,
                           *audit_export.ROUTES, *tournaments.ROUTES]
ROUTES += [*players.ROUTES, *player.ROUTES, *leaks.ROUTES]  # Players, a player's page, Leaks
