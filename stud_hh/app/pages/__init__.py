"""The app's pages, each a module with its ``ROUTES``; :data:`ROUTES` is all of them."""

from __future__ import annotations

from starlette.routing import BaseRoute

from stud_hh.app.pages import hands, overview

ROUTES: list[BaseRoute] = [*overview.ROUTES, *hands.ROUTES]
