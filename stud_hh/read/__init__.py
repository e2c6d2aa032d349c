"""Reading: bytes on disk -> one hand's text -> a header and its events.

:mod:`stud_hh.read.reader` streams a file's text, :mod:`stud_hh.read.split` cuts it into
raw hands and :mod:`stud_hh.read.scan` chooses the files of folders;
:mod:`stud_hh.read.sites` holds one reader per site dialect (and the XML and PHH readers),
whose Lark parsers :mod:`stud_hh.read.parsers` builds and lends; :mod:`stud_hh.read.parse`
runs them, hand by hand, into the records of :mod:`stud_hh.model.hand`, and
:mod:`stud_hh.read.explain` words what does not read.
"""
