import numpy as np

from server import site
from server.site import FeedData


def feed() -> FeedData:
    return FeedData("f", {}, [], [], [], np.zeros(0, dtype=np.uint64), {})


def test_page_cache_is_bounded_by_bytes_and_evicts_oldest_first(monkeypatch) -> None:
    monkeypatch.setattr(site, "PAGE_CACHE_BYTES", 800)
    data = feed()
    for n in range(12):
        data.remember_page(f"q={n}", bytes(100))
    assert list(data.pages) == [f"q={n}" for n in range(4, 12)]
    assert data._pages_bytes == 800
    data.remember_page("big", bytes(101))  # over an eighth of the budget: never cached
    assert "big" not in data.pages
