"""Reading: bytes on disk -> one hand's text -> a header and its events.

:mod:`stud_hh.read.reader` splits files into hands, :mod:`stud_hh.read.sites` holds one
reader per site dialect (and the XML and PHH readers), :mod:`stud_hh.read.parse` runs them.
"""
