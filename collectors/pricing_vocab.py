"""The words pricing pages use for currencies, units and priced dimensions, in the languages we meet.

Shared by every extraction method so that "¥", "per 1M tokens" or "Cached input" mean the same thing
whether they sit in a table header, a plan card or a JSON blob. Pure functions over text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CURRENCY_SYMBOLS = {
    "$": "USD",
    "us$": "USD",
    "€": "EUR",
    "£": "GBP",
    "ca$": "CAD",
    "a$": "AUD",
    "元": "CNY",
    "rmb": "CNY",
    "₹": "INR",
    "₩": "KRW",
    "r$": "BRL",
}
YEN_SIGNS = ("¥", "￥")
"""The one sign two currencies share: yuan on Chinese pages, yen on Japanese ones (see `PageContext`)."""

_CJK = re.compile(r"[\u4e00-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")


@dataclass(frozen=True)
class PageContext:
    """What a page says about itself that decides ambiguous prices: its host and language."""

    host: str
    lang: str | None = None
    yen: str = "JPY"
    """The currency of `¥` on this page."""

    @classmethod
    def of(cls, host: str, lang: str | None, text: str) -> PageContext:
        return cls(host, lang, yen_currency(host, lang, text))


def yen_currency(host: str, lang: str | None, text: str) -> str:
    """`¥` is CNY on a Chinese page (lang `zh*`, a `.cn` host, or Chinese text without kana), else JPY."""
    language = (lang or "").lower()
    if language.startswith("zh") or host.endswith(".cn"):
        return "CNY"
    if language.startswith("ja") or host.endswith(".jp"):
        return "JPY"
    sample = text[:20000]
    if _KANA.search(sample):
        return "JPY"
    if "元" in sample or _CJK.search(sample):
        return "CNY"
    return "JPY"


def currency_code(value: object, yen: str = "JPY") -> str | None:
    """ISO 4217 code from a code or a symbol; None when unknown."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text in YEN_SIGNS:
        return yen
    if text in _YEN_WORDS:
        return _YEN_WORDS[text]
    if re.fullmatch(r"[A-Za-z]{3}", text):
        code = text.upper()
        return "CNY" if code == "RMB" else code
    return CURRENCY_SYMBOLS.get(text.lower())


# -- amounts with their currency -----------------------------------------------------------------

_CUR_BEFORE = r"(?:US\$|CA\$|A\$|R\$|[$€£¥￥₹₩]|\b(?:USD|EUR|GBP|JPY|CNY|RMB)\b)"
_CUR_AFTER = r"(?:€|£|美元|欧元|元|円|\b(?:USD|EUR|GBP|CNY|RMB|JPY)\b)"
_AMT = r"(?:\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:[.,]\d{1,6})?|\d+(?:[.,]\d{1,6})?)"
PRICE_TEXT = re.compile(
    rf"(?:(?P<cur>{_CUR_BEFORE})\s*(?P<amt>{_AMT})|(?P<amt2>{_AMT})\s*(?P<cur2>{_CUR_AFTER}))"
    r"(?P<tail>[^$€£¥￥]{0,40})",
    re.I,
)
"""An amount with its currency before ("$19", "¥ 2", "USD 5") or after ("19,99 €", "2元", "5 USD"),
and up to 40 characters after it where the period and unit are said ("/mo", "per user", "/ 1M tokens")."""
BARE_AMOUNT = re.compile(rf"^\s*(?P<amt>{_AMT})\s*(?P<tail>[^\d]{{0,40}})$")
"""A cell holding only a number (and maybe a unit): a price when its header names the currency."""

CURRENCY_IN_HEADER = re.compile(r"\b(USD|EUR|GBP|CNY|RMB|JPY)\b|(美元|欧元|日元|英镑|人民币|[$€£¥￥元円])", re.I)
"""The currency a header or note states for the bare numbers under it ("Input (USD/1M tokens)", "元/百万tokens")."""
_YEN_WORDS = {"円": "JPY", "美元": "USD", "欧元": "EUR", "日元": "JPY", "英镑": "GBP", "人民币": "CNY"}


def header_currency(text: str, yen: str) -> str | None:
    match = CURRENCY_IN_HEADER.search(text)
    if not match:
        return None
    symbol = match.group(1) or match.group(2)
    return _YEN_WORDS.get(symbol) or currency_code(symbol, yen)


# -- usage units --------------------------------------------------------------------------------

_TOKENS = r"\s*(?:input\s+|output\s+|prompt\s+|completion\s+)?(?:tokens?|tok)\b"
UNIT_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?:\b1\s*k|\b1,000|\bthousand|/\s*k)\s*(?:requests?|calls?)\b", re.I), "1K requests"),
    (re.compile(r"(?:\b1\s*k|\b1,000|\bthousand)\s*(?:searches|search\s+queries|queries)\b", re.I), "1K searches"),
    (re.compile(r"(?:\b1\s*k|\b1,000|\bthousand)\s*characters|\b1\s*m\s*characters", re.I), "characters"),
    (
        re.compile(
            rf"(?:\b1\s*m|\bone\s+million|\bmillion|\b1,000,000|/\s*m){_TOKENS}|\bmtok\b|百万|"
            r"(?:per|/)\s*(?:1\s*)?m(?:illion)?\b|\b1m\b",
            re.I,
        ),
        "1M tokens",
    ),
    (
        re.compile(rf"(?:\b1\s*k|\bone\s+thousand|\bthousand|\b1,000|/\s*k){_TOKENS}|千\s*tokens?|每千|"
                   r"(?:per|/)\s*(?:1\s*)?k\b", re.I),
        "1K tokens",
    ),
    (re.compile(r"(?:per|/|each|每)\s*(?:generated\s+|output\s+)?(?:image|张|图)", re.I), "image"),
    (re.compile(r"(?:per|/)\s*(?:second|sec|s)\b|每秒", re.I), "second"),
    (re.compile(r"(?:per|/)\s*(?:minute|min)\b|每分钟", re.I), "minute"),
    (re.compile(r"(?:per|/)\s*(?:hour|hr|h)\b|每小时", re.I), "hour"),
    (re.compile(r"(?:per|/)\s*(?:request|call)\b|每次", re.I), "request"),
    (re.compile(r"(?:per|/)\s*GB\b", re.I), "GB"),
)


def usage_unit(text: str) -> str | None:
    """The usage unit a header, note or cell names ("per 1M tokens", "/ 1K tokens", "每百万tokens")."""
    for pattern, unit in UNIT_PATTERNS:
        if pattern.search(text):
            return unit
    return None


# -- priced dimensions --------------------------------------------------------------------------

DIMENSION_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"cache\s*miss|缓存未命中", re.I), "input"),
    (re.compile(r"cache[sd]?\s*(?:write|writes|creation|storage|store)|缓存(?:写入|存储)", re.I), "cache_write"),
    (re.compile(r"cached|cache\s*(?:hit|hits|read|reads|input)|缓存命中|命中缓存|cache\b", re.I), "cached_input"),
    (re.compile(r"audio\s*(?:input|in)\b|音频输入", re.I), "audio_input"),
    (re.compile(r"audio\s*(?:output|out)\b|音频输出", re.I), "audio_output"),
    (re.compile(r"\binput|\bprompt|输入", re.I), "input"),
    (re.compile(r"\boutput|\bcompletion|\bgeneration\b|输出", re.I), "output"),
    (re.compile(r"train|fine[- ]?tun|训练", re.I), "training"),
    (re.compile(r"\bimage|图片|图像", re.I), "image"),
    (re.compile(r"\bvideo|视频", re.I), "video"),
    (re.compile(r"\baudio|音频", re.I), "audio_input"),
    (re.compile(r"web\s*search|\bsearch|搜索", re.I), "search"),
    (re.compile(r"\brequests?\b|\bcalls?\b|调用", re.I), "request"),
    (re.compile(r"\bstorage\b|存储", re.I), "storage"),
)
NOT_A_PRICE = re.compile(
    r"context|window|max(?:imum)?\s+(?:output|tokens)|rate\s*limit|\brpm\b|\btpm\b|latency|上下文|长度|"
    r"description|features?|modalit|capabilit|knowledge|release|version|参数|tier\s+limit",
    re.I,
)


def slug(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", text.casefold()).strip("_")


def dimension_of(header: str) -> str | None:
    """The priced dimension a column header or row label names; None when it names none we know."""
    for pattern, dimension in DIMENSION_PATTERNS:
        if pattern.search(header):
            return dimension
    return None


# -- billing periods in the languages of the pages we read ---------------------------------------

TAIL_PERIODS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"/\s*mo\b|/\s*mth\b|/\s*month|\bper\s+month|\ba\s+month|\bmonthly\b|\bmo\b|"
            r"/\s*monat|\bpro\s+monat|\bim\s+monat|\bmonatlich|/\s*mois|\bpar\s+mois|\bmensuel|"
            r"/\s*mes\b|\bal\s+mes\b|\bpor\s+mes\b|\bmensual|/\s*mese|\bal\s+mese|"
            r"/\s*月|每月|月额|月額|/\s*maand|\bper\s+maand",
            re.I,
        ),
        "month",
    ),
    (
        re.compile(
            r"/\s*yr\b|/\s*year|\bper\s+year|\ba\s+year|\bannual(?:ly)?\b|\byearly\b|/\s*annum|"
            r"/\s*jahr|\bpro\s+jahr|\bjährlich|/\s*an\b|\bpar\s+an\b|\bannuel|/\s*año|\bal\s+año|\banual|"
            r"/\s*anno|/\s*年|每年|年额|年額|/\s*jaar",
            re.I,
        ),
        "year",
    ),
    (re.compile(r"\bone[- ]time\b|\blifetime\b|\beinmalig|\bunique\b|一次性|買い切り", re.I), "one_time"),
)
TAIL_UNIT = re.compile(
    r"(?:\bper|/|\beach|\ba|\bpro|\bpar|\bpor|每)\s*(user|seat|member|editor|nutzer|benutzer|person|"
    r"utilisateur|usuario|membre|miembro|用户|人|ユーザー)s?\b",
    re.I,
)
SEAT_WORDS = ("seat", "editor")
