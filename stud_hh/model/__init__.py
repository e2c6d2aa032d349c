"""The event model and its vocabulary: cards, money, events, errors, the event visitor.

The bottom layer: it imports nothing else of stud_hh.
"""
