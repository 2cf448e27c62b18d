"""The query-string parser the handlers share: it must agree with the standard library's."""

import random
from types import SimpleNamespace
from urllib.parse import parse_qsl

from server.params import one, query


def request(query_string: str) -> SimpleNamespace:
    return SimpleNamespace(query_string=query_string, ctx=SimpleNamespace())


def test_agrees_with_parse_qsl_on_random_query_strings() -> None:
    rng = random.Random(3)
    alphabet = "ab=&%+2F0é;x %ZZ"
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        expected: dict[str, list[str]] = {}
        for name, value in parse_qsl(text, keep_blank_values=True, encoding="utf-8", errors="replace"):
            expected.setdefault(name, []).append(value)
        assert query(request(text)) == expected, text


def test_blank_values_are_kept_and_decoding_happens_once() -> None:
    req = request("limit=&q=a%2Bb+c&entity=io.github.x%2Fy&flag")
    assert one(req, "limit") == ""
    assert one(req, "q") == "a+b c"
    assert one(req, "entity") == "io.github.x/y"
    assert one(req, "flag") == ""
    assert one(req, "absent") is None
    assert req.ctx.query is query(req)  # parsed once, then reused
