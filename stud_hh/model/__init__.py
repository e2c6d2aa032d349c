"""The event model and its vocabulary: cards, money, events, the hand records, players'
names on their seats, errors, the event visitor.

The bottom layer: it imports nothing else of stud_hh.
"""
