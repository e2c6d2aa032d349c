"""Stage 4d: history files -> parsed, replayed hands -> Parquet parts -> committed.

One module per step, data flowing one way:

- :mod:`~stud_hh.store.ingest.plan`: which files to read, cut into chunks and grouped into
  tasks;
- :mod:`~stud_hh.store.ingest.worker`: a task, a pure function of the process's
  :class:`~stud_hh.store.ingest.worker.Worker` and a batch of pieces of files
  (:func:`~stud_hh.store.ingest.worker.read_batch`), with
  :mod:`~stud_hh.store.ingest.triage` (what each text becomes),
  :mod:`~stud_hh.store.ingest.rows` (rows buffered and written as parts) and
  :mod:`~stud_hh.store.ingest.growing` (files still being written);
- :mod:`~stud_hh.store.ingest.tasks`: what a task is given and gives back;
- :mod:`~stud_hh.store.ingest.pool`: where tasks run (this machine's processes, or another
  :class:`~stud_hh.store.ingest.pool.Runner` such as a Dask cluster);
- :mod:`~stud_hh.store.ingest.dedupe`: what the database holds, repeats and conflicts;
- :mod:`~stud_hh.store.ingest.commit`: each task's result committed, in order;
- :mod:`~stud_hh.store.ingest.run`: :func:`~stud_hh.store.ingest.run.import_paths`, one
  import from end to end, and :mod:`~stud_hh.store.ingest.live`: imports one after
  another under one write lock (a watch);
- :mod:`~stud_hh.store.ingest.summary`: the outcome of an import and its one line.

>>> from stud_hh.store.ingest.run import import_paths
>>> summary = import_paths(["histories/"], "my.db")  # doctest: +SKIP
"""
