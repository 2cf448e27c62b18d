"""The query-string parser the handlers share (it must agree with the standard library's), and the values
they parse: every value the OpenAPI document calls valid is accepted, any other is a 400, never a 500."""

import random
from collections.abc import Callable
from datetime import date
from types import SimpleNamespace
from urllib.parse import parse_qsl, quote

import pytest

from server.contract import OFFSET_MAX
from server.errors import ApiError
from server.params import AFTER_LAST_KEY, FIRST_KEY, day, integer, json_object, one, query, since


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


# -- the values the handlers parse: every schema-valid value accepted, every other one a 400 --------------------


def refused(call: Callable[[], object]) -> ApiError:
    with pytest.raises(ApiError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ("1900-01-01", "1900-01-01T00:00:00Z"),  # the natural "everything" (was a 400 "out of range")
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
        ("0040-06-20T16:22:15Z", "0040-06-20T16:22:15Z"),  # four digits: keys compare as text
        ("0395-07-13T21:08:51.770887-13:02", "0395-07-14T10:10:52Z"),
        ("0001-01-01", "0001-01-01T00:00:00Z"),
        ("0001-01-01T00:00:00+01:00", FIRST_KEY),  # before the calendar's first instant in UTC: before every row
        ("9999-12-31T23:59:59-01:00", AFTER_LAST_KEY),  # after the last one: after every row
        ("9999-12-31T23:59:59.5Z", AFTER_LAST_KEY),
        ("2026-12-31T23:59:60Z", "2027-01-01T00:00:00Z"),  # RFC 3339's leap second
        ("2026-10-19T10:00:00+02:00", "2026-10-19T08:00:00Z"),
        ("2026-10-19T08:00:00.5z", "2026-10-19T08:00:01Z"),
        ("2026-10-18T08:00:00", "2026-10-18T08:00:00Z"),
    ],
)
def test_since_takes_any_instant(raw: str, key: str) -> None:
    assert since(request(f"since={quote(raw)}")) == key


def test_since_keys_sort_like_the_instants() -> None:
    instants = [
        "0001-01-01T00:00:00+01:00",
        "0040-06-20",
        "0999-12-31",
        "1900-01-01",
        "1970-01-01",
        "2026-11-01",
        "9999-12-31T23:59:59Z",
        "9999-12-31T23:59:59-01:00",
    ]
    keys = [since(request(f"since={quote(raw)}")) for raw in instants]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("raw", ["", "yesterday", "2026-W01-1", "2026-13-01", "2026-11-01T25:00:00Z", "1e9"])
def test_since_refuses_what_is_no_date(raw: str) -> None:
    error = refused(lambda: since(request(f"since={quote(raw)}")))
    assert (error.status, error.code, error.extra) == (400, "bad_request", {"parameter": "since"})


def test_days_of_any_year_and_only_full_dates() -> None:
    assert day(request("from=1900-01-01"), "from") == date(1900, 1, 1)
    assert day(request("from=0001-01-01"), "from") == date(1, 1, 1)
    for raw in ("2026-W01-1", "2026-1-01", "20261101", "2026-11-01T00:00:00Z", "٢٠٢٦-١١-٠١"):
        error = refused(lambda raw=raw: day(request(f"to={quote(raw)}"), "to"))
        assert (error.code, error.extra) == ("bad_request", {"parameter": "to"}), raw


@pytest.mark.parametrize(("raw", "value"), [("5", 5), (" 2", 2), ("0000000000000005", 5), ("1000000000", 10**9)])
def test_integers(raw: str, value: int) -> None:
    assert integer(request(f"offset={quote(raw)}"), "offset", 0, 0, OFFSET_MAX) == value


@pytest.mark.parametrize("raw", ["²", "٣", "--5", "5-", "1.0", "0x10", "-1", "1000000001", "1" * 40])
def test_integers_refused_with_a_400_never_an_exception(raw: str) -> None:
    """`str.isdigit` took `²` and `int` then raised: a 500. Now only ASCII digits, and huge ones are out of range."""
    error = refused(lambda: integer(request(f"offset={quote(raw)}"), "offset", 0, 0, OFFSET_MAX))
    assert (error.status, error.code, error.extra) == (400, "bad_request", {"parameter": "offset"})


def test_a_body_over_its_limit_is_a_413() -> None:
    body = SimpleNamespace(body=b'{"entity": "' + b"x" * 100 + b'"}')
    assert json_object(body, 200, "{}") == {"entity": "x" * 100}  # type: ignore[arg-type]
    error = refused(lambda: json_object(body, 50, "{}"))  # type: ignore[arg-type]
    assert (error.status, error.code) == (413, "request_too_large")
