"""The ``stud-hh`` command: a thin layer over the library.

Exit status: 0 done, nothing to report; 1 done, with findings (hands that could not be
read, rule violations); 2 unusable input or environment; 3 an internal error; 130
interrupted. Errors on user data are reported with file, line and hand, never as a bare
traceback.

:mod:`stud_hh.cli.parser` holds the grammar (each command's name and help); each command's
arguments and function live in a module per kind of work (:mod:`~stud_hh.cli.histories`,
:mod:`~stud_hh.cli.imports`, :mod:`~stud_hh.cli.analysis`, :mod:`~stud_hh.cli.tools`,
:mod:`~stud_hh.cli.config`), imported only when one of its commands runs; a command with a
database reads the settings first (:func:`stud_hh.cli.config.use_settings`).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from contextlib import suppress
from typing import TextIO, cast

from stud_hh.cli.common import EXIT_INTERNAL, EXIT_OK, EXIT_UNUSABLE
from stud_hh.cli.output import Output, OutputClosed
from stud_hh.cli.parser import build_parser
from stud_hh.model.errors import StudHHError

__all__ = ["build_parser", "describe_os_error", "main"]


_OS_HINTS = {
    errno.ENOSPC: "no space left on the device: free some space and run the command again "
                  "(what was committed is kept, nothing half-written stays)",
    errno.EDQUOT: "the disk quota is used up: free some space and run the command again",
    errno.EROFS: "the file system is read-only: use a database folder you can write to",
    errno.EACCES: "permission denied: use files and a database folder you may read and write",
    errno.EPERM: "not permitted: use files and a database folder you may read and write",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.EMFILE: "too many open files: raise the limit (ulimit -n) or use fewer --jobs",
}


def describe_os_error(exc: OSError) -> str:
    """One line naming the path and what to do about an environment fault.

    >>> describe_os_error(OSError(errno.ENOSPC, "No space left on device", "/db/x.parquet"))
    '/db/x.parquet: no space left on the device: free some space and run the command again \
(what was committed is kept, nothing half-written stays)'
    """
    hint = _OS_HINTS.get(exc.errno or 0)
    what = hint if hint else (exc.strerror or str(exc))
    return what if exc.filename is None else f"{exc.filename}: {what}"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line. Exit codes: 0 done (clean); 1 done, with findings (failures,
    violations); 2 unusable input or environment (a missing path, a mistyped option, a
    damaged database, a full disk, no permission); 3 an internal error of stud-hh (a bug:
    please report it); 130 interrupted."""
    # Before numpy is imported (by the equities): its OpenBLAS would start a thread per
    # core that spins for a tenth of a second of processor time, in this process and in
    # every worker; stud-hh multiplies no matrices.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    stdout, out = sys.stdout, Output(sys.stdout)
    sys.stdout = cast(TextIO, out)  # argparse's --help and usage go through it too
    try:
        argv = sys.argv[1:] if argv is None else argv
        args = build_parser(argv).parse_args(argv)
        if hasattr(args, "db"):  # a command with a database reads the settings
            from stud_hh.cli.config import use_settings

            use_settings(args)
        code: int = args.func(args, sys.stdout, sys.stderr)
        out.flush()
    except OutputClosed:  # `stud-hh parse ... | head`: the reader has all it wanted
        with suppress(OSError, ValueError):  # no complaint when Python flushes it at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return EXIT_OK
    except StudHHError as exc:
        print(f"stud-hh: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        print("stud-hh: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError as exc:  # not standard output's (that is OutputClosed)
        print(f"stud-hh: {describe_os_error(exc)} (a pipe to a worker process closed: "
              "rerun with --jobs 1)", file=sys.stderr)
        return EXIT_UNUSABLE
    except OSError as exc:
        print(f"stud-hh: {describe_os_error(exc)}", file=sys.stderr)
        return EXIT_UNUSABLE
    except Exception as exc:  # a bug of ours: one line, never a bare traceback
        if os.environ.get("STUD_HH_DEBUG"):
            raise
        print(f"stud-hh: internal error (a bug in stud-hh, not in your files): {exc!r}; "
              "run again with STUD_HH_DEBUG=1 for the traceback, and please report it",
              file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        sys.stdout = stdout
    return code

