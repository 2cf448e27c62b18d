"""One comparison of two series (build/series.py) for the tests that read one two ways."""

from __future__ import annotations

import numpy as np

from build.series import FeedSeries


def assert_same_series(a: FeedSeries, b: FeedSeries) -> None:
    """Every field equal: days, entities, latest rows, each matrix (NaN equal to NaN)."""
    assert (a.days, a.entities, a.latest) == (b.days, b.entities, b.latest)
    assert a.metrics.keys() == b.metrics.keys() and a.texts.keys() == b.texts.keys()
    for name in a.metrics:
        np.testing.assert_array_equal(a.metrics[name], b.metrics[name])
    for name in a.texts:
        assert a.texts[name].tolist() == b.texts[name].tolist()
    for name in ("rank", "activity", "first_seen", "last_seen", "seen"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
