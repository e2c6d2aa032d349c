"""Writing hands out: PokerStars text, PHH, and JSON lines of parse results.
"""
