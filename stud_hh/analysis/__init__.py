"""Analysis over a database: statistics, plots, audit tables and text reports.
"""
