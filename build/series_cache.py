"""Each feed's series (build/series.py) kept between builds, so a nightly build decodes only new days.

Reading the series decodes the typed columns of every archived day: on a one-year archive the part
of a nightly build that grew with the archive's age (~9 s a night for one year, three times that after
three). Every day's cells depend on that day's file alone, so the series of days whose files are
unchanged is what the previous build read: it is kept here, and the next build reads the archive
only from the first day that is new, gone or archived again (build/reuse.py `first_changed`).

One file per feed, `<FEEDS_DATA_DIR>/cache/series/<feed>.npz` (written to a temporary name and
renamed, so a killed build leaves the previous one): the cells the feed has (an entity's value on a
day it has a row), not the dense matrices, so a sparse feed (launch posts: a few days each) stays
small. It is a cache of the archive, not a record: deleting it, a different build code, or
`feeds build --full` makes the next build read every day again, and `tests/test_series_cache.py`
checks the series read through it equals the series read from the archive alone.
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from build.series import FeedSeries, Prior

FORMAT = 1
"""Bump when the file's meaning changes."""


def cache_path(directory: Path, feed: str) -> Path:
    return directory / f"{feed}.npz"


def _json(value: Any) -> np.ndarray:
    return np.frombuffer(orjson.dumps(value), dtype=np.uint8)


@dataclass
class SeriesCache:
    """The feeds' cached series in `directory`, valid for build code `code`."""

    directory: Path
    code: str

    def save(self, series: FeedSeries, fingerprints: dict[str, str]) -> None:
        """Keep `series`, read from day files with these fingerprints (day -> `size:mtime_ns`)."""
        if list(fingerprints) != series.days:  # read while a day was archived again: keep nothing
            cache_path(self.directory, series.feed).unlink(missing_ok=True)
            return
        seen = series.seen
        meta = {
            "format": FORMAT,
            "code": self.code,
            "feed": series.feed,
            "days": series.days,
            "fingerprints": fingerprints,
            "entities": series.entities,
            "metrics": list(series.metrics),
            "texts": list(series.texts),
        }
        arrays: dict[str, np.ndarray] = {
            "meta": _json(meta),
            "seen": np.packbits(seen, axis=None),
            "rank": series.rank[seen],
            "activity": series.activity[seen],
            "latest": _json(series.latest),
        }
        for name, matrix in series.metrics.items():
            arrays[f"metric.{name}"] = matrix[seen]
        for name, matrix in series.texts.items():
            arrays[f"text.{name}"] = _json(matrix[seen].tolist())
        self.directory.mkdir(parents=True, exist_ok=True)
        target = cache_path(self.directory, series.feed)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        with open(temporary, "wb") as fh:
            np.savez(fh, allow_pickle=False, **arrays)
        os.replace(temporary, target)

    def prior(self, feed: str, fingerprints: dict[str, str]) -> Prior | None:
        """The cached series of the feed's leading days whose files are unchanged (`fingerprints`: the
        archive's days now), or None when there is nothing usable."""
        try:
            with open(cache_path(self.directory, feed), "rb") as fh, np.load(fh, allow_pickle=False) as stored:
                meta = orjson.loads(stored["meta"].tobytes())
                if meta.get("format") != FORMAT or meta.get("code") != self.code or meta.get("feed") != feed:
                    return None
                days: list[str] = meta["days"]
                before: dict[str, str] = meta["fingerprints"]
                now = list(fingerprints.items())
                keep = 0
                while keep < min(len(days), len(now)) and now[keep] == (days[keep], before[days[keep]]):
                    keep += 1
                if keep == 0:
                    return None
                entities: list[str] = meta["entities"]
                bits = np.unpackbits(stored["seen"], count=len(entities) * len(days))
                seen = bits.astype(bool).reshape(len(entities), len(days))
                values = {name: stored[f"metric.{name}"] for name in meta["metrics"]}
                texts = {name: orjson.loads(stored[f"text.{name}"].tobytes()) for name in meta["texts"]}
                rank, activity = stored["rank"], stored["activity"]
                latest = orjson.loads(stored["latest"].tobytes())
        except (KeyError, ValueError, OSError, zipfile.BadZipFile, orjson.JSONDecodeError):
            return None  # absent, or written by a build that was killed before the rename: read it all
        rows, cols = np.nonzero(seen)  # the cells, in the order they were stored (row-major, as `seen[mask]`)
        cells = cols < keep
        alive = seen[:, :keep].any(axis=1)
        kept_rows = np.flatnonzero(alive)
        renumber = np.full(len(entities), -1, dtype=np.int64)
        renumber[kept_rows] = np.arange(kept_rows.size)
        object_cells = np.flatnonzero(cells)
        last = len(days) - 1 - np.argmax(seen[:, ::-1], axis=1)
        # a latest row from a day that is read again is not the latest any more: read it again too
        latest_rows = [latest[i] if last[i] < keep else None for i in kept_rows.tolist()]
        return Prior(
            days=days[:keep],
            entities=[entities[i] for i in kept_rows.tolist()],
            rows=renumber[rows[cells]],
            cols=cols[cells],
            metrics={name: array[cells] for name, array in values.items()},
            texts={name: [listed[k] for k in object_cells.tolist()] for name, listed in texts.items()},
            rank=rank[cells],
            activity=activity[cells],
            latest=latest_rows,
        )
