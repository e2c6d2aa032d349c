"""The event model and its vocabulary: cards, money, events, errors, the event visitor.

The bottom layer: it imports nothing else of stud_hh.
"""

# The events' compiled constructors register themselves before anything asks for one
# (stud_hh.model.records): importing any module of this package runs this first.
from stud_hh.model import constructors as _constructors  # noqa: F401
