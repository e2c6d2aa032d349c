"""The Parquet database: the column schema, a replayed hand's rows (facts), the
database folder, the import (:mod:`stud_hh.store.ingest`) and the integrity check.
"""
