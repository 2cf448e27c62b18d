from server.site import ByteBudgetCache


def test_cache_is_bounded_by_bytes_and_evicts_oldest_first() -> None:
    cache: ByteBudgetCache[bytes] = ByteBudgetCache(800, len)
    for n in range(12):
        cache.put(f"q={n}", bytes(100))
    assert list(cache.items) == [f"q={n}" for n in range(4, 12)]
    assert cache.size == 800
    cache.put("big", bytes(101))  # over an eighth of the budget: never kept
    assert cache.get("big") is None
    assert cache.get("q=11") == bytes(100)
