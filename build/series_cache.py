"""Each feed's series (build/series.py) kept between builds, so a nightly build decodes only new days.

Reading the series decodes the typed columns of every archived day: on a one-year archive the part
of a nightly build that grew with the archive's age (~9 s a night for one year, three times that after
three). Every day's cells depend on that day's file alone, so the series of days whose files are
unchanged is what the previous build read: it is kept here, and the next build reads the archive
only from the first day that is new, gone or archived again (build/reuse.py `first_changed`). The
momentum score of each cell is kept too: a day's score depends on the days up to it and its week's
lookups only (build/momentum.py), and every day is scored (momentum jumps compare days), which
otherwise costs a little more each night as the archive grows.

A directory per feed, `<FEEDS_DATA_DIR>/cache/series/<feed>/` (`SeriesCache`: monthly chunks and an
index written last, so a killed build leaves the previous cache): the cells the feed has (an entity's
value on a day it has a row), not the dense matrices, so a sparse feed (launch posts: a few days each)
stays small. It is a cache of the archive, not a record: deleting it, a different build code, or
`feeds build --full` makes the next build read every day again, and `tests/test_series_cache.py`
checks the series read through it equals the series read from the archive alone.
"""

from __future__ import annotations

import os
import secrets
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from build.series import FeedSeries, Prior

FORMAT = 3
"""Bump when the files' meaning changes."""
META = "meta.json"


def cache_dir(directory: Path, feed: str) -> Path:
    return directory / feed


def cache_path(directory: Path, feed: str) -> Path:
    """The feed's cache index: what the chunks hold and which of them are current."""
    return cache_dir(directory, feed) / META


def _json(value: Any) -> np.ndarray:
    return np.frombuffer(orjson.dumps(value), dtype=np.uint8)


def _write_npz(path: Path, arrays: dict[str, Callable[[], np.ndarray]]) -> None:
    """An .npz written one array at a time (what np.savez writes, without holding every array at once),
    to a temporary name and renamed."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED, allowZip64=True) as bundle:
        for name, make in arrays.items():
            with bundle.open(f"{name}.npy", "w", force_zip64=True) as fh:
                np.lib.format.write_array(fh, make(), allow_pickle=False)
    os.replace(temporary, path)


def _month_spans(days: list[str]) -> dict[str, tuple[int, int]]:
    """Month (`YYYY-MM`) -> the [start, end) range of its days in `days` (sorted)."""
    spans: dict[str, tuple[int, int]] = {}
    for j, day in enumerate(days):
        first, _ = spans.get(day[:7], (j, j))
        spans[day[:7]] = (first, j + 1)
    return spans


def _chunk_arrays(
    series: FeedSeries, scores: np.ndarray | None, to_cache: np.ndarray, start: int, end: int
) -> dict[str, Callable[[], np.ndarray]]:
    """What the chunk of days [start, end) holds, each array made when it is written."""
    by_day = series.seen[:, start:end].T  # the days' cells, day by day

    def cells(matrix: np.ndarray) -> np.ndarray:
        values: np.ndarray = matrix[:, start:end].T[by_day]
        return values

    def codes(name: str) -> np.ndarray:
        return _encoded(cells(series.texts[name]))[0]

    def distinct(name: str) -> np.ndarray:
        return _json(_encoded(cells(series.texts[name]))[1])

    arrays: dict[str, Callable[[], np.ndarray]] = {
        "per_day": lambda: by_day.sum(axis=1).astype(np.int64),
        "rows": lambda: to_cache[np.nonzero(by_day)[1]],
        "rank": partial(cells, series.rank),
        "activity": partial(cells, series.activity),
    }
    for name, matrix in series.metrics.items():
        arrays[f"metric.{name}"] = partial(cells, matrix)
    if scores is not None:
        arrays["score"] = partial(cells, scores)
    for name in series.texts:
        arrays[f"text.{name}"] = partial(codes, name)
        arrays[f"text.{name}.values"] = partial(distinct, name)
    return arrays


def _encoded(values: np.ndarray) -> tuple[np.ndarray, list[Any]]:
    """Text cells (JSON values, None for none) as int32 codes into their distinct values, -1 for None:
    an MCP server's version is the same string for months, and decoding every cell's JSON each night was
    most of reading the cache's texts."""
    codes = np.full(len(values), -1, dtype=np.int32)
    distinct: dict[bytes, int] = {}
    listed: list[Any] = []
    for n, value in enumerate(values.tolist()):
        if value is None:
            continue
        key = orjson.dumps(value)
        code = distinct.get(key)
        if code is None:
            code = distinct[key] = len(listed)
            listed.append(value)
        codes[n] = code
    return codes, listed


def _decoded(codes: np.ndarray, listed: list[Any]) -> np.ndarray:
    """The cells `_encoded` encoded, as an object array (equal values share one object)."""
    table = np.empty(len(listed) + 1, dtype=object)  # None last, for -1
    for n, value in enumerate(listed):  # one by one: a list value must stay one cell
        table[n] = value
    out: np.ndarray = table[codes]
    return out


@dataclass
class SeriesCache:
    """The feeds' cached series in `directory`, valid for build code `code`.

    Per feed, a directory: one chunk per month (`<YYYY-MM>-<token>.npz`: that month's cells, day by day,
    their entities as positions in the cache's own append-only entity list), the entities' latest rows
    (`latest-<token>.npz`) and `meta.json`, written last, naming the current files. A save writes only
    the chunks of months with a new, changed or re-scored day: a month whose days and scores are those
    of the chunk already there keeps it, so a nightly build writes a month of cells, not the archive's
    age of them. Files no index names any more are removed after the index is replaced."""

    directory: Path
    code: str

    def _meta(self, feed: str) -> dict[str, Any] | None:
        try:
            meta: dict[str, Any] = orjson.loads(cache_path(self.directory, feed).read_bytes())
        except (OSError, orjson.JSONDecodeError):
            return None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT or meta.get("code") != self.code:
            return None
        return meta if meta.get("feed") == feed else None

    def save(self, series: FeedSeries, fingerprints: dict[str, str], scores: np.ndarray | None = None) -> None:
        """Keep `series`, read from day files with these fingerprints (day -> `size:mtime_ns`), and the
        momentum score of each of its cells (build/momentum.py `Momentum.scores`) when it has them."""
        folder = cache_dir(self.directory, series.feed)
        if list(fingerprints) != series.days:  # read while a day was archived again: keep nothing
            cache_path(self.directory, series.feed).unlink(missing_ok=True)
            return
        folder.mkdir(parents=True, exist_ok=True)
        (self.directory / f"{series.feed}.npz").unlink(missing_ok=True)  # the single file of format 1
        old = self._meta(series.feed)
        names: list[str] = list(old["entities"]) if old is not None else []
        position = {name: n for n, name in enumerate(names)}
        for entity in series.entities:
            if entity not in position:
                position[entity] = len(names)
                names.append(entity)
        to_cache = np.array([position[e] for e in series.entities], dtype=np.int32)
        chunks: dict[str, str] = {}
        token = secrets.token_hex(4)
        old_spans = _month_spans(old["days"]) if old is not None else {}
        for month, (start, end) in _month_spans(series.days).items():
            if old is not None and self._unchanged(old, old_spans, month, series.days[start:end], fingerprints, scores):
                chunks[month] = old["chunks"][month]
                continue
            series.require(start)  # a month of windowed matrices is written whole, or kept
            arrays = _chunk_arrays(series, scores, to_cache, start, end)
            chunks[month] = f"{month}-{token}.npz"
            _write_npz(folder / chunks[month], arrays)
        latest = f"latest-{token}.npz"
        _write_npz(
            folder / latest,
            {
                "entities": lambda: to_cache,
                "last": lambda: series.last_seen.astype(np.int32),
                "rows": lambda: _json(series.latest),
            },
        )
        meta = {
            "format": FORMAT,
            "code": self.code,
            "feed": series.feed,
            "days": series.days,
            "fingerprints": fingerprints,
            "entities": names,
            "texts": list(series.texts),
            "scores": scores is not None,
            "chunks": chunks,
            "latest": latest,
        }
        temporary = folder / f".{META}.{os.getpid()}.tmp"
        temporary.write_bytes(orjson.dumps(meta))
        os.replace(temporary, folder / META)
        current = {META, latest, *chunks.values()}
        for path in folder.iterdir():  # one build at a time (build/publish.py `exclusive`): nothing is half-written
            if path.name not in current:
                path.unlink(missing_ok=True)

    @staticmethod
    def _unchanged(
        old: dict[str, Any],
        old_spans: dict[str, tuple[int, int]],
        month: str,
        days: list[str],
        fingerprints: dict[str, str],
        scores: np.ndarray | None,
    ) -> bool:
        """Whether the month's chunk in `old` (its months' spans: `old_spans`) holds exactly these days'
        cells: the same days from the same files, scored if scores are kept, and not the old cache's last
        day (scored again since)."""
        if month not in old["chunks"] or month not in old_spans or (scores is not None) != old.get("scores"):
            return False
        start, end = old_spans[month]
        before = old["fingerprints"]
        if old["days"][start:end] != days or any(before[day] != fingerprints[day] for day in days):
            return False
        return scores is None or end < len(old["days"])

    def prior(self, feed: str, fingerprints: dict[str, str]) -> Prior | None:
        """The cached series of the feed's leading days whose files are unchanged (`fingerprints`: the
        archive's days now), or None when there is nothing usable."""
        meta = self._meta(feed)
        if meta is None:
            return None
        folder = cache_dir(self.directory, feed)
        days: list[str] = meta["days"]
        before: dict[str, str] = meta["fingerprints"]
        now = list(fingerprints.items())
        keep = 0
        while keep < min(len(days), len(now)) and now[keep] == (days[keep], before[days[keep]]):
            keep += 1
        if keep == 0:
            return None
        try:
            # each month's kept days are a prefix of its chunk's days (the kept days are a prefix of all)
            spans = [(folder / meta["chunks"][m], end - start) for m, (start, end) in _month_spans(days[:keep]).items()]
            per_days = []
            chunk_cells: list[int] = []
            cache_rows = []
            for path, wanted_days in spans:
                with open(path, "rb") as fh, np.load(fh, allow_pickle=False) as stored:
                    per_day = stored["per_day"][:wanted_days]
                    per_days.append(per_day)
                    chunk_cells.append(int(per_day.sum()))
                    cache_rows.append(stored["rows"][: chunk_cells[-1]])
            with open(folder / meta["latest"], "rb") as fh, np.load(fh, allow_pickle=False) as stored:
                latest_of = stored["entities"]
                last = stored["last"]
                latest = orjson.loads(stored["rows"].tobytes())
        except (KeyError, ValueError, OSError, zipfile.BadZipFile, orjson.JSONDecodeError):
            return None  # a file missing or not whole: read it all
        per_day = np.concatenate(per_days)
        rows = np.concatenate(cache_rows)
        names: list[str] = meta["entities"]
        alive = np.flatnonzero(np.bincount(rows, minlength=len(names)))  # sorted, as np.unique; O(cells)
        order = sorted(alive.tolist(), key=names.__getitem__)
        renumber = np.full(len(names), -1, dtype=np.int32)
        renumber[np.array(order, dtype=np.int64)] = np.arange(len(order), dtype=np.int32)
        texts = set(meta["texts"])
        row_of = {int(c): n for n, c in enumerate(latest_of.tolist())}

        def values(name: str, since: int = 0) -> np.ndarray | list[Any]:
            if name.startswith("text.") and name[len("text.") :] not in texts:
                raise KeyError(name)
            parts: list[Any] = []
            first = 0  # the chunk's first day
            for (path, chunk_days), cells, chunk_per_day in zip(spans, chunk_cells, per_days, strict=True):
                first += chunk_days
                if first <= since:  # every day of this chunk is before `since`: not even opened
                    continue
                skip = int(chunk_per_day[: max(0, since - (first - chunk_days))].sum())
                with open(path, "rb") as fh, np.load(fh, allow_pickle=False) as stored:
                    if name.startswith("text."):
                        listed = orjson.loads(stored[f"{name}.values"].tobytes())
                        parts.append(_decoded(stored[name][skip:cells], listed))
                    else:
                        parts.append(stored[name][skip:cells])
            if name.startswith("text."):
                return np.concatenate(parts) if parts else np.empty(0, dtype=object)
            return np.concatenate(parts) if parts else np.empty(0)

        def latest_row(cached: int) -> dict[str, Any] | None:
            n = row_of.get(cached)
            # a latest row from a day that is read again is not the latest any more: read it again too
            return latest[n] if n is not None and last[n] < keep else None

        return Prior(
            days=days[:keep],
            entities=[names[c] for c in order],
            rows=renumber[rows],
            cols=np.repeat(np.arange(keep, dtype=np.int32), per_day),
            values=values,
            latest=[latest_row(c) for c in order],
        )
