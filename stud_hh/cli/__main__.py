"""``python -m stud_hh.cli``: the ``stud-hh`` command."""

import sys

from stud_hh.cli import main

if __name__ == "__main__":
    sys.exit(main())
