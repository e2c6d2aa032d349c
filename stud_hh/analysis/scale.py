"""Statistics over a Dask frame: map-reduce over its partitions.

Every summary of :mod:`stud_hh.analysis.stats` is made of sums (flags, and money as the
integers it is stored as) per group, then one finishing step. Over a Dask frame each
partition gives its sums (in the worker that holds it: only these small tables travel),
the sums are added up, and the same finishing step runs: the result equals the pandas
one, and no process ever holds the whole table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd


def is_dask(frame: Any) -> bool:
    """Whether ``frame`` is a Dask DataFrame (Dask is never imported to find out)."""
    return type(frame).__module__.split(".")[0] in ("dask", "dask_expr")


def summed(frame: Any, partial: Callable[[pd.DataFrame], pd.DataFrame]) -> pd.DataFrame:
    """``partial`` of each partition of the Dask ``frame``, added up group by group
    (the groups are the index of what ``partial`` returns)."""
    import dask

    parts = dask.compute(*[dask.delayed(partial)(p) for p in frame.to_delayed()])
    found: list[pd.DataFrame] = [p for p in parts if len(p)]
    if not found:
        empty: pd.DataFrame = partial(frame._meta)
        return empty
    if len(found) == 1:
        return found[0]
    names = [str(n) for n in found[0].index.names]
    flat = _same_categories([p.reset_index() for p in found], names)
    combined = pd.concat(flat, ignore_index=True)
    out: pd.DataFrame = combined.groupby(names, sort=True, dropna=False, observed=True).sum()
    return out


def _same_categories(frames: list[pd.DataFrame], names: list[str]) -> list[pd.DataFrame]:
    """``frames`` with each categorical key column given the categories of all of them,
    sorted as the database's reader sorts them (ordered categoricals keep the order
    met): the groups then sort as they do over the whole table in pandas."""
    for name in names:
        if not any(isinstance(f[name].dtype, pd.CategoricalDtype) for f in frames):
            continue
        seen: dict[Any, None] = {}
        dtypes = [f[name].dtype for f in frames]
        ordered = any(bool(d.ordered) for d in dtypes if isinstance(d, pd.CategoricalDtype))
        for f in frames:
            values = f[name].cat.categories if isinstance(f[name].dtype, pd.CategoricalDtype) \
                else f[name].dropna().unique()
            seen.update(dict.fromkeys(values))
        categories = pd.Index(list(seen))
        dtype = pd.CategoricalDtype(categories if ordered else categories.sort_values(),
                                    ordered=ordered)
        frames = [f.assign(**{name: f[name].astype(dtype)}) for f in frames]
    return frames


def with_column(frame: Any, name: str, make: Callable[[pd.DataFrame], Any]) -> Any:
    """``frame`` with column ``name`` made from each partition by ``make`` (pandas or Dask)."""
    if is_dask(frame):
        meta = frame._meta.assign(**{name: make(frame._meta)})
        return frame.map_partitions(lambda part: part.assign(**{name: make(part)}), meta=meta)
    return frame.assign(**{name: make(frame)})
