"""The Parquet database: the column schema, a replayed hand's rows (facts), the
database folder, the importer and the integrity check.
"""
