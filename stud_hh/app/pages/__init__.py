"""The app's pages, each a module with its ``ROUTES``; :data:`ROUTES` is all of them."""

from __future__ import annotations

from starlette.routing import BaseRoute

from stud_hh.app.pages import hands, leaks, overview, player, players

ROUTES: list[BaseRoute] = [*overview.ROUTES, *hands.ROUTES]
ROUTES += [*players.ROUTES, *player.ROUTES, *leaks.ROUTES]  # Players, a player's page, Leaks
