"""Pages people look at: the HTML report of a player's play, the audit report, and the visual
hand replayer inside both (and behind ``stud-hh show --html``).

Each page is one self-contained file: its styles, scripts, charts and the data of the hands it
can replay are written into it, so it opens offline and asks the network for nothing. The
templates and scripts are package data (``assets/``).
"""
