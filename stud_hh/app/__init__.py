"""Stage 7: ``stud-hh ui``, a local web application over one database.

The pages (:mod:`stud_hh.app.pages`) are the command line's views to click: an overview of
results, every player's statistics, a hand list that opens the replayer, leaks, tournaments,
the audit and a live HUD of the tables the hero is at now. Each page takes the command
line's filters from its URL (:mod:`stud_hh.app.filters`), so a view can be bookmarked.

The server is Starlette, run by uvicorn (:mod:`stud_hh.app.server`); every request passes
:mod:`stud_hh.app.security` first (a token in the first URL, then a cookie; the Host header
checked against DNS rebinding; a CSRF token on every write; a content security policy that
lets no script run but the app's own files). Numbers over a large database come from
DuckDB over the Parquet parts (:mod:`stud_hh.analysis.duck`), never a whole table loaded
into pandas; each result is kept until the database changes (:mod:`stud_hh.app.source`).
"""
