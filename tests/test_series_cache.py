"""The series cache (build/series_cache.py): a series read through it equals the series read from the
archive alone, after a new day, a re-collected day, a removed day, and with a stale or broken cache.
(tests/test_incremental_build.py checks the same end to end: forty nightly builds against one full.)"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from build.reuse import fingerprints
from build.series import load_series
from build.series_cache import SeriesCache, _decoded, _encoded, cache_path
from collectors.archive import Archive
from collectors.models import FEED_NAMES
from tests.series_check import assert_same_series
from tests.tiny_archive import add_hostile_entity, make_tiny_archive


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    archive = make_tiny_archive(tmp_path / "a.sqlite")
    add_hostile_entity(archive)  # an MCP server whose version changes: releases counted across the cut
    return archive


def now(archive: Archive, feed: str) -> dict[str, str]:
    return fingerprints(archive, feed, archive.days(feed))


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_a_new_day_is_read_on_top_of_the_cached_days(archive: Archive, tmp_path: Path, feed: str) -> None:
    cache = SeriesCache(tmp_path / "cache", "code")
    last = archive.days(feed)[-1]
    hidden = tmp_path / "hidden.parquet"
    os.rename(archive.files.path(feed, last), hidden)
    cache.save(load_series(archive, feed), now(archive, feed))
    os.rename(hidden, archive.files.path(feed, last))
    prior = cache.prior(feed, now(archive, feed))
    assert prior is not None and prior.days == archive.days(feed)[:-1]
    assert_same_series(load_series(archive, feed, prior=prior), load_series(archive, feed))


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_a_re_collected_day_is_read_again_with_every_day_after_it(archive: Archive, tmp_path: Path, feed: str) -> None:
    cache = SeriesCache(tmp_path / "cache", "code")
    full = load_series(archive, feed)
    cache.save(full, now(archive, feed))
    days = archive.days(feed)
    for cut in range(len(days)):
        changed = {day: ("other" if day == days[cut] else mark) for day, mark in now(archive, feed).items()}
        prior = cache.prior(feed, changed)
        if cut == 0:
            assert prior is None
            continue
        assert prior is not None and prior.days == days[:cut]
        assert_same_series(load_series(archive, feed, prior=prior), full)


def test_a_removed_day_keeps_the_days_before_it(archive: Archive, tmp_path: Path) -> None:
    feed = "codehost-ai-repos"
    cache = SeriesCache(tmp_path / "cache", "code")
    cache.save(load_series(archive, feed), now(archive, feed))
    gone = archive.days(feed)[1]
    archive.files.path(feed, gone).unlink()
    prior = cache.prior(feed, now(archive, feed))
    assert prior is not None and prior.days == archive.days(feed)[:1]
    assert_same_series(load_series(archive, feed, prior=prior), load_series(archive, feed))


def test_a_cache_of_other_code_another_feed_or_a_broken_file_is_not_used(archive: Archive, tmp_path: Path) -> None:
    feed = "mcp-servers"
    SeriesCache(tmp_path / "cache", "old code").save(load_series(archive, feed), now(archive, feed))
    assert SeriesCache(tmp_path / "cache", "new code").prior(feed, now(archive, feed)) is None
    assert SeriesCache(tmp_path / "cache", "old code").prior("forum-launch-ai", now(archive, "forum-launch-ai")) is None
    cache_path(tmp_path / "cache", feed).write_bytes(b"PK\x03\x04 not a whole file")
    assert SeriesCache(tmp_path / "cache", "old code").prior(feed, now(archive, feed)) is None


def test_a_series_read_while_a_day_was_archived_again_is_not_kept(archive: Archive, tmp_path: Path) -> None:
    feed = "llm-pricing"
    cache = SeriesCache(tmp_path / "cache", "code")
    cache.save(load_series(archive, feed), now(archive, feed))
    cache.save(load_series(archive, feed), {})  # build/reuse.py `confirm` found a day replaced meanwhile
    assert not cache_path(tmp_path / "cache", feed).exists()


def test_text_cells_are_kept_as_codes_into_their_distinct_values() -> None:
    """Texts are stored as codes (an MCP server's version repeats for months): every kind of JSON value
    comes back equal, a list stays one cell, None stays None, and a value is stored once."""
    cells = np.empty(7, dtype=object)
    for n, value in enumerate(["1.0.0", None, "1.0.0", ["a", "b"], {"plan": "Pro", "price": 9}, ["a", "b"], ""]):
        cells[n] = value
    codes, listed = _encoded(cells)
    assert codes.tolist() == [0, -1, 0, 1, 2, 1, 3] and len(listed) == 4
    assert _decoded(codes, listed).tolist() == cells.tolist()
    assert _decoded(codes[:0], listed).shape == (0,)
