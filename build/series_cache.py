"""Each feed's series (build/series.py) kept between builds, so a nightly build decodes only new days.

Reading the series decodes the typed columns of every archived day: on a one-year archive the part
of a nightly build that grew with the archive's age (~9 s a night for one year, three times that after
three). Every day's cells depend on that day's file alone, so the series of days whose files are
unchanged is what the previous build read: it is kept here, and the next build reads the archive
only from the first day that is new, gone or archived again (build/reuse.py `first_changed`). The
momentum score of each cell is kept too: a day's score depends on the days up to it and its week's
lookups only (build/momentum.py), and every day is scored (momentum jumps compare days), which
otherwise costs a little more each night as the archive grows.

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
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from build.series import FeedSeries, Prior

FORMAT = 1
"""Bump when the file's meaning changes."""


def cache_path(directory: Path, feed: str) -> Path:
    return directory / f"{feed}.npz"


def _cells(matrix: np.ndarray, by_day: np.ndarray) -> np.ndarray:
    """The matrix's values on the cells, day by day."""
    values: np.ndarray = matrix.T[by_day]
    return values


def _json(value: Any) -> np.ndarray:
    return np.frombuffer(orjson.dumps(value), dtype=np.uint8)


@dataclass
class SeriesCache:
    """The feeds' cached series in `directory`, valid for build code `code`."""

    directory: Path
    code: str

    def save(self, series: FeedSeries, fingerprints: dict[str, str], scores: np.ndarray | None = None) -> None:
        """Keep `series`, read from day files with these fingerprints (day -> `size:mtime_ns`), and the
        momentum score of each of its cells (build/momentum.py `Momentum.scores`) when it has them."""
        target = cache_path(self.directory, series.feed)
        if list(fingerprints) != series.days:  # read while a day was archived again: keep nothing
            target.unlink(missing_ok=True)
            return
        by_day = series.seen.T  # cells day by day, so the cells of the first N days are a prefix
        meta = {
            "format": FORMAT,
            "code": self.code,
            "feed": series.feed,
            "days": series.days,
            "fingerprints": fingerprints,
            "entities": series.entities,
            "texts": list(series.texts),
        }
        arrays: dict[str, Callable[[], np.ndarray]] = {
            "meta": lambda: _json(meta),
            "per_day": lambda: by_day.sum(axis=1).astype(np.int64),
            "rows": lambda: np.nonzero(by_day)[1].astype(np.int32),
            "last": lambda: series.last_seen.astype(np.int32),
            "rank": lambda: series.rank.T[by_day],
            "activity": lambda: series.activity.T[by_day],
            "latest": lambda: _json(series.latest),
        }
        for name, matrix in series.metrics.items():
            arrays[f"metric.{name}"] = partial(_cells, matrix, by_day)
        if scores is not None:
            arrays["score"] = partial(_cells, scores, by_day)
        for name, matrix in series.texts.items():
            arrays[f"text.{name}"] = partial(lambda m: _json(m.T[by_day].tolist()), matrix)
        self.directory.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        # an .npz written one array at a time (what np.savez writes, without holding every array at once)
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED, allowZip64=True) as bundle:
            for name, make in arrays.items():
                with bundle.open(f"{name}.npy", "w", force_zip64=True) as fh:
                    np.lib.format.write_array(fh, make(), allow_pickle=False)
        os.replace(temporary, target)

    def prior(self, feed: str, fingerprints: dict[str, str]) -> Prior | None:
        """The cached series of the feed's leading days whose files are unchanged (`fingerprints`: the
        archive's days now), or None when there is nothing usable."""
        path = cache_path(self.directory, feed)
        try:
            with open(path, "rb") as fh, np.load(fh, allow_pickle=False) as stored:
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
                per_day = stored["per_day"]
                cells = int(per_day[:keep].sum())
                rows = stored["rows"][:cells]
                last = stored["last"]
                latest = orjson.loads(stored["latest"].tobytes())
        except (KeyError, ValueError, OSError, zipfile.BadZipFile, orjson.JSONDecodeError):
            return None  # absent, or not a whole cache file: read it all
        entities: list[str] = meta["entities"]
        alive = np.zeros(len(entities), dtype=bool)
        alive[rows] = True
        kept = np.flatnonzero(alive)
        renumber = np.full(len(entities), -1, dtype=np.int32)
        renumber[kept] = np.arange(kept.size, dtype=np.int32)
        texts = set(meta["texts"])

        def values(name: str) -> np.ndarray | list[Any]:
            with open(path, "rb") as fh, np.load(fh, allow_pickle=False) as stored:
                if name.startswith("text."):
                    if name[len("text.") :] not in texts:
                        raise KeyError(name)
                    listed: list[Any] = orjson.loads(stored[name].tobytes())
                    return listed[:cells]
                array: np.ndarray = stored[name][:cells]
                return array

        return Prior(
            days=days[:keep],
            entities=[entities[i] for i in kept.tolist()],
            rows=renumber[rows],
            cols=np.repeat(np.arange(keep, dtype=np.int32), per_day[:keep]),
            values=values,
            # a latest row from a day that is read again is not the latest any more: read it again too
            latest=[latest[i] if last[i] < keep else None for i in kept.tolist()],
        )
