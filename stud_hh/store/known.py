"""The stored hands an import passes over, in 32 bytes a hand.

An import must know every stored hand (to store each hand once, and to tell a second copy
whose text differs: a *conflict*); it holds a hand's key (``site``, ``hand_id``) and the
digest of its text (:func:`stud_hh.store.facts.text_digest`). In a ``dict`` of strings that
takes some 200 bytes a hand, held by the import and by each of its workers: about 2 GiB a
process for 10 million hands. :class:`KnownHands` keeps each key as its 128-bit BLAKE2b
hash and each digest as its 16 bytes, in sorted numpy arrays: 32 bytes a hand (320 MiB for
10 million, 3.2 GiB for 100 million). Two keys share a hash with a chance of about
``n² / 2¹²⁹`` (10⁻²² for 100 million hands): far below a disk's own error rate.

Hands added during an import go to a small ``dict`` first and are sorted into a new run of
arrays every :data:`PENDING` hands; runs of like size are merged, so a lookup searches a
few sorted runs (``log₂`` of their sizes' ratio) and adding stays cheap.

>>> known = KnownHands.of(["PokerStars\\x1f1", "PokerStars\\x1f2"],
...                       ["00112233445566778899aabbccddeeff", None])
>>> "PokerStars\\x1f1" in known, "PokerStars\\x1f3" in known, len(known)
(True, False, 2)
>>> known["PokerStars\\x1f1"], known["PokerStars\\x1f2"]
('00112233445566778899aabbccddeeff', None)
>>> known.update([("PokerStars\\x1f3", "ff" * 16)])
>>> known.contains_many(["PokerStars\\x1f3", "PokerStars\\x1f4"])
[True, False]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

PENDING = 65_536
"""Hands added before they are sorted into a run of arrays."""
_NO_DIGEST = bytes(16)
"""The digest kept for a hand stored before digests were (a real one is 16 zero bytes with
a chance of 2⁻¹²⁸)."""


def key_hash(key: str) -> bytes:
    """The 16-byte hash a key is kept as."""
    return hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _digest_bytes(digest: str | None) -> bytes:
    return _NO_DIGEST if digest is None else bytes.fromhex(digest)


def _digest_text(raw: bytes) -> str | None:
    return None if raw == _NO_DIGEST else raw.hex()


class _Run:
    """Hands in arrays sorted by key hash: ``high`` (the hash's first 8 bytes, searched),
    ``low`` (its last 8) and ``digest`` (16 bytes each)."""

    __slots__ = ("digest", "high", "low")

    def __init__(self, high: np.ndarray[Any, Any], low: np.ndarray[Any, Any],
                 digest: np.ndarray[Any, Any]) -> None:
        order = np.argsort(high, kind="stable")  # the low halves of equal highs: scanned
        self.high: np.ndarray[Any, Any] = high[order]
        self.low: np.ndarray[Any, Any] = low[order]
        self.digest: np.ndarray[Any, Any] = digest[order]

    @classmethod
    def of(cls, hashes: bytes | bytearray, digests: bytes | bytearray) -> _Run:
        """Hands from their key hashes and digests, 16 bytes each, concatenated."""
        pairs = np.frombuffer(hashes, dtype=">u8").reshape(-1, 2).astype(np.uint64)
        return cls(pairs[:, 0].copy(), pairs[:, 1].copy(),
                   np.frombuffer(digests, dtype="V16").copy())

    @classmethod
    def merged(cls, runs: Sequence[_Run]) -> _Run:
        return cls(np.concatenate([r.high for r in runs]),
                   np.concatenate([r.low for r in runs]),
                   np.concatenate([r.digest for r in runs]))

    def __len__(self) -> int:
        return len(self.high)

    def find(self, high: int, low: int) -> int:
        """The index of the hand whose key hash is (``high``, ``low``), or -1."""
        highs = self.high
        at = int(np.searchsorted(highs, np.uint64(high)))
        while at < len(highs) and int(highs[at]) == high:
            if int(self.low[at]) == low:
                return at
            at += 1
        return -1

    def find_many(self, pairs: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """For each (high, low) row of ``pairs``, whether this run holds it."""
        found = np.zeros(len(pairs), dtype=bool)
        if not len(self.high):
            return found
        left = np.searchsorted(self.high, pairs[:, 0], side="left")
        right = np.searchsorted(self.high, pairs[:, 0], side="right")
        for i in np.flatnonzero(right > left):  # the high half found: is the low one there
            found[i] = bool(np.any(self.low[left[i]:right[i]] == pairs[i, 1]))
        return found


class KnownHands:
    """Stored hands' keys and text digests (see the module): ``key in known``,
    ``known[key]`` (the digest, ``None`` for a hand stored before digests), ``update``."""

    __slots__ = ("_pending", "_runs", "_size")

    def __init__(self) -> None:
        self._runs: list[_Run] = []
        self._pending: dict[bytes, bytes] = {}
        self._size = 0

    @classmethod
    def of(cls, keys: Sequence[str], digests: Sequence[str | None]) -> KnownHands:
        """The hands of ``keys`` with their ``digests`` (the ``hands`` table's, whose keys
        are unique), sorted in one go."""
        known = cls()
        if keys:
            known._runs.append(_Run.of(b"".join(map(key_hash, keys)),
                                       b"".join(map(_digest_bytes, digests))))
            known._size = len(keys)
        return known

    @classmethod
    def of_batches(cls, batches: Iterable[pa.RecordBatch]) -> KnownHands:
        """The hands of the ``hands`` table's ``site``, ``hand_id`` and ``text_digest``
        columns, streamed a batch at a time (the keys are unique there)."""
        hashes, digests = bytearray(), bytearray()
        size = 0
        for batch in batches:
            site = batch.column("site").cast(pa.string())  # dictionary-encoded in the table
            keys = pc.binary_join_element_wise(site, batch.column("hand_id"),
                                               "\x1f").to_pylist()
            hashes += b"".join(map(key_hash, keys))
            digests += b"".join(map(_digest_bytes, batch.column("text_digest").to_pylist()))
            size += len(keys)
        known = cls()
        if size:
            known._runs.append(_Run.of(hashes, digests))
            known._size = size
        return known

    def copy(self) -> KnownHands:
        """A copy that later additions to this one leave alone (the arrays are shared:
        nothing changes them once made)."""
        other = KnownHands()
        other._runs, other._pending, other._size = list(self._runs), dict(self._pending), \
            self._size
        return other

    def lookup(self, key: str) -> tuple[bool, str | None]:
        """Whether ``key`` is known, and its digest."""
        raw = self._lookup(key_hash(key))
        return (False, None) if raw is None else (True, _digest_text(raw))

    def __len__(self) -> int:
        return self._size + len(self._pending)

    def _lookup(self, hashed: bytes) -> bytes | None:
        digest = self._pending.get(hashed)
        if digest is not None:
            return digest
        high, low = int.from_bytes(hashed[:8], "big"), int.from_bytes(hashed[8:], "big")
        for run in self._runs:
            at = run.find(high, low)
            if at >= 0:
                return bytes(run.digest[at])
        return None

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._lookup(key_hash(key)) is not None

    def __getitem__(self, key: str) -> str | None:
        raw = self._lookup(key_hash(key))
        if raw is None:
            raise KeyError(key)
        return _digest_text(raw)

    def contains_many(self, keys: Sequence[str]) -> list[bool]:
        """For each of ``keys``, whether it is known (one search per run for them all)."""
        return [bool(f) for f in self._found([key_hash(k) for k in keys])]

    def _found(self, hashes: list[bytes]) -> np.ndarray[Any, Any]:
        found = np.array([h in self._pending for h in hashes], dtype=bool)
        if self._runs and hashes:
            pairs = np.frombuffer(b"".join(hashes), dtype=">u8").reshape(-1, 2).astype(np.uint64)
            for run in self._runs:
                found |= run.find_many(pairs)
        return found

    def update(self, pairs: Iterable[tuple[str, str | None]]) -> None:
        """Add hands (a key already known keeps its first digest, as the database does)."""
        given = list(pairs)
        hashes = [key_hash(k) for k, _ in given]
        sorted_since = False  # then a key met twice here may be in a run already
        for hashed, (_, digest), known in zip(hashes, given, self._found(hashes),
                                              strict=True):
            if known or hashed in self._pending or (
                    sorted_since and self._lookup(hashed) is not None):
                continue
            self._pending[hashed] = _digest_bytes(digest)
            if len(self._pending) >= PENDING:
                self._sort_pending()
                sorted_since = True

    def _sort_pending(self) -> None:
        pending = self._pending
        if not pending:
            return
        self._runs.append(_Run.of(b"".join(pending), b"".join(pending.values())))
        self._size += len(pending)
        self._pending = {}
        runs = self._runs  # merge runs of like size: few runs, each hand merged log times
        while len(runs) >= 2 and len(runs[-2]) <= 2 * len(runs[-1]):
            runs[-2:] = [_Run.merged(runs[-2:])]

    def __getstate__(self) -> tuple[list[_Run], dict[bytes, bytes], int]:
        return self._runs, self._pending, self._size

    def __setstate__(self, state: tuple[list[_Run], dict[bytes, bytes], int]) -> None:
        self._runs, self._pending, self._size = state

    def nbytes(self) -> int:
        """The memory its arrays take (the pending ``dict`` aside)."""
        return sum(r.high.nbytes + r.low.nbytes + r.digest.nbytes for r in self._runs)
