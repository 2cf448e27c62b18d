"""The words pricing pages use for currencies, units and priced dimensions, in the languages we meet.

Shared by every extraction method so that "¥", "per 1M tokens" or "Cached input" mean the same thing
whether they sit in a table header, a plan card or a JSON blob. Pure functions over text.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from price_parser._currencies import CURRENCIES, REPLACED_BY_EURO

from collectors.models import Period

CODE_ALIASES = {
    "RMB": "CNY",
    "NTD": "TWD",
    "AFL": "AWG",
    "USN": "USD",
    "VNĐ": "VND",
    "TSH": "TZS",
    "KSH": "KES",
    "USH": "UGX",
}
"""Codes pages print that are not the ISO 4217 code of their currency (price-parser lists them as codes), "VNĐ",
the dong's code as Vietnamese pages spell it, with the letter đ ("200.000 VNĐ"), and the East African shillings'
signs in capitals ("TSH 40,000", namarunu-en)."""
_NOT_ISO = frozenset({"PRB", "TVD", "GGP", "IMP", "JEP", "ZWD", "ZMK", "MRO", "STD", "VEF"})
ISO_CODES = frozenset(
    code
    for code in CURRENCIES
    if code not in REPLACED_BY_EURO
    and code not in CODE_ALIASES
    and code not in _NOT_ISO
    and not (code.startswith("X") and code not in ("XAF", "XOF", "XPF", "XCD"))
)
"""Every current ISO 4217 currency code price-parser knows (precious metals and test codes aside)."""
CRYPTO_CODES = frozenset({"BTC", "ETH", "USDT", "USDC"})
"""Crypto tickers some tools price in ("USDT 20/month", "0.00006 BTC"): no ISO code, but the currency the page
asks for, kept as its ticker rather than lost."""
WORD_CODES = frozenset(
    {
        "ALL",
        "TOP",
        "CUP",
        "MOP",
        "PEN",
        "SOS",
        "MAD",
        "GEL",
        "BOB",
        "AMD",
        "BAM",
        "NAD",
        "ANG",
        "TRY",
        "CHE",
        "STD",
        "BTN",
        "ERN",
        "CVE",
        "CHW",
        "COU",
        "BOV",
        "MXV",
        "UYI",
        "CLF",
        "PRB",
        "TVD",
        "GGP",
        "IMP",
        "JEP",
    }
)
"""Codes that are also English words or abbreviations ("TOP 10", "TRY 14 days", "AMD GPUs"): currencies in
structured data, but not taken for one beside a number in running text."""
CODES_AFTER_AMOUNT = ("MAD", "TRY", "GEL", "PEN", "BOB", "NAD", "BAM", "MOP", "ANG", "CVE")
"""Those of them read as a currency right after an amount, in capitals: "199 MAD", "450 TRY" are prices, where
"8 AMD GPUs", "Top 10" and "all 3" are not."""
_PREFERRED = ("USD", "EUR", "GBP", "KRW", "PHP", "TWD", "CNY", "INR", "PKR", "ILS")
_SAFE_ASCII_SYMBOLS = frozenset({"RM", "Rp", "TL", "Ft", "Rs", "Kč", "zł", "Fr.", "kr", "TSh", "Ksh", "USh"})
"""Letter symbols common on price tags and unlikely to be anything else beside a number."""


def _symbol_table() -> dict[str, str]:
    """Symbol -> ISO code, from price-parser's currency list: the symbols one current currency
    owns, or that a main currency owns among several ("£" is GBP, "₩" KRW); single letters ("R", "K"),
    bare "$" and plain words aside ("$" and the yen sign are decided by `currency_code` and the page)."""
    owners: dict[str, set[str]] = {}
    for code, info in CURRENCIES.items():
        code = CODE_ALIASES.get(code, code)
        if code not in ISO_CODES:
            continue
        for symbol in (info.get("s"), info.get("sn"), *(info.get("sn2") or [])):
            if isinstance(symbol, str) and symbol.strip() and symbol != code:
                owners.setdefault(symbol.strip(), set()).add(code)
    table: dict[str, str] = {}
    for symbol, codes in owners.items():
        ascii_word = symbol.isascii() and not re.search(r"[$£¥]", symbol)
        if symbol in ("-", "$") or (ascii_word and symbol not in _SAFE_ASCII_SYMBOLS):
            continue
        if len(symbol) == 1 and symbol.isalpha() and symbol not in ("원",):
            continue  # a letter of some alphabet ("R", "đ"), not a sign
        if symbol in YEN_SIGNS:
            continue
        if len(codes) == 1:
            table[symbol] = next(iter(codes))
        elif preferred := next((c for c in _PREFERRED if c in codes), None):
            table[symbol] = preferred
    for symbol, code in list(table.items()):  # "ج.م.\u200f" as pages write it: "ج.م.", "ج.م"
        if "\u200f" in symbol:
            bare = symbol.replace("\u200f", "").strip()
            for variant in (bare, bare.rstrip(".")):
                table.setdefault(variant, code)
    return {**table, **_EXTRA_SIGNS}


_EXTRA_SIGNS = {
    "₺": "TRY",
    "₽": "RUB",
    "₸": "KZT",
    "₼": "AZN",
    "₾": "GEL",
    "֏": "AMD",  # the Armenian dram, written after the amount: linxy-en's "20,000֏"
    "U$D": "USD",  # the US dollar as Argentina and Uruguay write it: afipsdk-es's "19 U$D"
    "U$S": "USD",
    "₵": "GHS",
    "₹": "INR",
    "₩": "KRW",
    "сум": "UZS",
    "so'm": "UZS",
    "so‘m": "UZS",
    "so’m": "UZS",
    "soʻm": "UZS",
    "FCFA": "XOF",
    "F CFA": "XOF",
    "F.CFA": "XOF",
    "Rm": "MYR",
    "Tk": "BDT",
    "tk": "BDT",
    "KSh": "KES",
    "ksh": "KES",
    "Tshs": "TZS",  # the Tanzanian shilling's sign in the plural: icare-en's "1500Tshs"
    "TShs": "TZS",
    "Tsh": "TZS",
    "zl": "PLN",
    "tg": "KZT",
    "रू": "NPR",  # Nepali's spelling of the rupee (Hindi writes "रु"): kipa-en's "रू999"
    "тг": "KZT",
    "тг.": "KZT",
    "Tk.": "BDT",
    "сом": "KGS",
    "Сом": "KGS",
    "грн": "UAH",
    "грн.": "UAH",
    "تومان": "IRT",
    "Toman": "IRT",
    "Rp.": "IDR",
    "Rs.": "INR",
    "birr": "ETB",
    "Birr": "ETB",
    "ብር": "ETB",
    "DH": "MAD",
    "Dh": "MAD",
    "Bitcoin": "BTC",
    "bitcoin": "BTC",
    "kr": "kr",
    "kr.": "kr",
    "Kr": "kr",
    "Kr.": "kr",
}
"""Current signs price-parser spells as letters ("TL", "руб."), the Uzbek som written as a word after the amount
("99 000 сум/месяц", "so'm"), which it does not know, and the CFA franc as both its zones write it ("9 000 FCFA"):
the West African one until the page says it is Central African (`cfa_currency`); and the ringgit as it is also
written, "Rm" ("<span class="currency">Rm</span>25 /month", "300Rm/yr"), the taka as "Tk" ("999 Tk", shikhbo-en;
"1500tk", dokan-en), the złoty without its stroke, "zl" ("79 zl/month", cvanalyzer-en), the tenge as "tg" and
"тг" ("24 990 tg/month", moria-en), the Kyrgyz som as "Сом"
("449 Сом за отчет", autokorea-ru), the hryvnia as "грн" ("499 грн/міс", widgetis-uk), and bitcoin by its name
("5 Bitcoin incl. 21% VAT", tuliphft-en) and the Moroccan dirham as "DH" ("99 DH /mois", fidelio-fr); the Armenian
dram's sign "֏" ("20,000֏", linxy-en) and the US dollar as the River Plate writes it, "U$D" / "U$S" ("19 U$D",
afipsdk-es), which it lacks; its letters
otherwise matched in their own case. "kr" stands for itself (`KRONA`) until the page's
language or host names the krona (`krona_currency`)."""
KRONA = "kr"
"""What "kr" reads as until the page decides between the Swedish, Norwegian, Danish and Icelandic krona."""
YUAN = "元"
"""What "元" reads as until the page decides whose yuan it is: the renminbi, the New Taiwan dollar (Taiwan writes
its prices "249 元" as often as "$249") or the Hong Kong dollar."""
RUPEE_SIGNS = {"Rs": "INR", "₨": "PKR"}
"""What "Rs" / "Rs." and "₨" read as until the page names its rupee (`rupee_currency`), and the rupee each means
on a page that does not: "Rs" mostly the Indian one, "₨" mostly the Pakistani one."""
YEN_SIGNS = ("¥", "￥")
"""The one sign two currencies share: yuan on Chinese pages, yen on Japanese ones (see `PageContext`)."""
_SYMBOLS = _symbol_table()
CURRENCY_SYMBOLS = {
    **{symbol.casefold(): code for symbol, code in _SYMBOLS.items()},
    "$": "USD",
    "us$": "USD",
    "€": "EUR",
    "£": "GBP",
    "đ": "VND",
    "ca$": "CAD",
    "a$": "AUD",
    "元": "元",  # YUAN: the page's yuan, resolved by `yuan_currency`
    "圓": "元",  # the yuan's formal character ("新台幣380圓"), the same yuan
    "rmb": "CNY",
    "₹": "INR",
    "₩": "KRW",
    "r$": "BRL",
    "nt$": "TWD",
    "euro": "EUR",
    "euros": "EUR",
    "s/.": "PEN",
    "s/": "PEN",
    "ريال": "SAR",
    "rs": "Rs",  # RUPEE_SIGNS: the page's rupee, resolved by `rupee_currency`
    "rs.": "Rs",
    "₨": "₨",
}
"""Currency signs and symbols, casefolded, to ISO codes: price-parser's whole table plus the signs pages
use that it spells otherwise."""

_CJK = re.compile(r"[\u4e00-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")


@dataclass(frozen=True)
class PageContext:
    """What a page says about itself that decides ambiguous prices: its host and language."""

    host: str
    lang: str | None = None
    yen: str = "JPY"
    """The currency of `¥` on this page."""
    dollar: str = "USD"
    """The currency of a bare `$` on this page."""
    says_usd: bool = False
    """Whether the page names US dollars anywhere, in its text or its scripts: its bare `$` then stays USD."""
    cfa: str = "XOF"
    """The currency of "FCFA" on this page: the West African franc, or the Central African one."""
    krona: str = "SEK"
    """The currency of "kr" on this page: the krona of its language or country domain."""
    yuan: str = "CNY"
    """The currency of "元" on this page: CNY, or TWD / HKD on a page of Taiwan or Hong Kong."""
    rupee: str | None = None
    """The rupee this page names (by its code, country domain or language), which "Rs" and "₨" then are."""
    rouble: str = "RUB"
    """The currency of "руб." on this page: the Russian rouble, or the Belarusian one on a page of Belarus."""

    @classmethod
    def of(cls, host: str, lang: str | None, text: str, source: str = "", region: str | None = None) -> PageContext:
        """From the page's host, language and visible text; `source`, the whole page with its scripts, is read
        once for whether it names US dollars anywhere (an offer's `"priceCurrency": "USD"`); `region`, the
        country its `geo.region` meta declares."""
        says_usd = SAYS_USD.search(source or text) is not None
        yen, dollar = yen_currency(host, lang, text), dollar_currency(host, says_usd, lang, f"{text} {source}", region)
        cfa = cfa_currency(host, lang, source or text)
        yuan = yuan_currency(host, lang, text)
        if yuan != "CNY" and dollar == "USD" and not says_usd and PRICED_IN_YUAN.search(source or text):
            dollar = yuan  # cooby-zh's "$249" beside "每年付 2999 元": one currency written two ways
        rupee = rupee_currency(host, lang, text)
        rouble = rouble_currency(host, lang, text)
        return cls(host, lang, yen, dollar, says_usd, cfa, krona_currency(host, lang), yuan, rupee, rouble)


PRICED_IN_YUAN = re.compile(r"\d\s*元")
TRADITIONAL = frozenset(
    "們這個為與會時來對開關說體發經無過還進買價費戶務員單點號從種級預請設讓網錢選資訊聯條專據應將當現實問題變數帳灣"
)
SIMPLIFIED = frozenset(
    "们这个为与会时来对开关说体发经无过还进买价费户务员单点号从种级预请设让网钱选资讯联条专据应将当现实问题变数帐湾"
)
"""Characters written one way in Traditional Chinese and another in Simplified: which a page uses more of tells a
Taiwanese or Hong Kong page from a mainland one when its `lang` says only "en" or "zh"."""


def _country_domain(host: str) -> str:
    """The last label of a host (`example.com.au` -> `au`), where a country domain stands."""
    return host.lower().rstrip(".").rpartition(".")[2]


def _language(lang: str | None) -> str:
    """The language of a `lang` tag without its region (`nb-NO`, `nb_NO` -> `nb`)."""
    return (lang or "").lower().replace("_", "-").partition("-")[0]


def yuan_currency(host: str, lang: str | None, text: str) -> str:
    """ "元" is the New Taiwan dollar on a page of Taiwan (`zh-TW`, `zh-Hant`, a `.tw` host, or Traditional
    characters where the language tag names no Chinese region), the Hong Kong dollar on one of Hong Kong (`zh-HK`,
    a `.hk` host, Traditional text naming 香港), else the renminbi."""
    language = (lang or "").lower().replace("_", "-")
    tld = _country_domain(host)
    if language.startswith(("zh-hk", "zh-mo")) or tld in ("hk", "mo"):
        return "HKD"
    if language.startswith(("zh-tw", "zh-hant")) or tld == "tw":
        return "TWD"
    if language.startswith(("zh-cn", "zh-hans", "zh-sg")) or tld == "cn":
        return "CNY"
    sample = text[:20000]
    traditional = sum(1 for char in sample if char in TRADITIONAL)
    if traditional > 2 * sum(1 for char in sample if char in SIMPLIFIED):
        return "HKD" if "香港" in sample else "TWD"
    return "CNY"


KRONAS = {"sv": "SEK", "se": "SEK", "nb": "NOK", "nn": "NOK", "no": "NOK", "da": "DKK", "dk": "DKK", "is": "ISK"}
"""Languages and country domains of the kronas written "kr" (Swedish, Norwegian, Danish, Icelandic)."""


def krona_currency(host: str, lang: str | None) -> str:
    """ "kr" is the krona of the page's language (`sv`, `nb`, `da`, `is`), else of its country domain, else the
    Swedish one, the most written: milvy-sv's "139 kr/bil" is SEK, a Norwegian page's "99 kr" NOK."""
    return KRONAS.get(_language(lang)) or KRONAS.get(_country_domain(host)) or "SEK"


BELARUS = re.compile(r"Беларус\w*|Белоруссии|Belarus|Минск\w*|Minsk|\+\s?375\b")
RUSSIA = re.compile(r"Росси[яиюей]\w*|\bРФ\b|Russia|Москв\w+|Moscow")


def rouble_currency(host: str, lang: str | None, text: str) -> str:
    """ "руб." is the Belarusian rouble on a page of Belarus (a `.by` host, the Belarusian language, or text naming
    Belarus, Minsk or its +375 phone code and not Russia: modernsolutions-ru's price list "для Беларуси", its
    column "Цена руб.коп."), else the Russian one."""
    if _country_domain(host) == "by" or _language(lang) == "be":
        return "BYN"
    return "BYN" if BELARUS.search(text) and not RUSSIA.search(text) else "RUB"


RUPEES = {"in": "INR", "pk": "PKR", "lk": "LKR", "np": "NPR", "mu": "MUR", "sc": "SCR"}
"""Country domains of the rupees written "Rs" and "₨"."""
RUPEE_LANGUAGES = {"ur": "PKR", "si": "LKR", "ne": "NPR"}
"""Languages of one country each among them: Urdu, Sinhala, Nepali."""
_RUPEE_CODE = re.compile(r"\b(?:INR|PKR|LKR|NPR|MUR|SCR)\b")


def rupee_currency(host: str, lang: str | None, text: str) -> str | None:
    """The rupee a page names: the one rupee code its text writes (adorix-en's cards print "LKR 250" beside
    "Rs 62": Sri Lankan), else its country domain's, else its language's; None when it names none or several."""
    named: set[str] = set(_RUPEE_CODE.findall(text))
    if len(named) == 1:
        return named.pop()
    return RUPEES.get(_country_domain(host)) or RUPEE_LANGUAGES.get(_language(lang))


DOLLAR_REGIONS = {
    "au": "AUD",
    "ca": "CAD",
    "nz": "NZD",
    "sg": "SGD",
    "hk": "HKD",
    "tw": "TWD",
    "mx": "MXN",
    "cl": "CLP",
    "ar": "ARS",
    "uy": "UYU",
}
"""Country domains whose money a bare `$` writes (`.com.au`: AUD). `.co` is left out: most `.co` hosts are not
Colombian. A language tag alone (`es-MX`) is no such evidence: a site's translation keeps its US prices."""
DOLLAR_COUNTRIES = {**DOLLAR_REGIONS, "co": "COP"}
"""Countries whose money a bare `$` writes, as a page's `geo.region` declares them: a declared Colombia is
Colombian, where a `.co` host says nothing."""
SAYS_USD = re.compile(r"\bUSD\b|\bUS\$|\bU\.S\.\s*dollars?\b|\bUS\s+dollars?\b", re.I)
"""A page naming US dollars anywhere: its bare `$` may mean them, and stays USD."""


CANADIAN = re.compile(
    r"\b(?:Qu[ée]bec|Canada|Montr[ée]al|Laval|Gatineau|Sherbrooke|Trois-Rivi[èe]res|Saguenay|L[ée]vis|Longueuil|"
    r"Ottawa|Moncton|Nouveau-Brunswick|Ontario)\b|@[\w-]+(?:\.[\w-]+)*\.ca\b"
)
"""Places that make a French page's bare `$` the Canadian dollar: France, Belgium and Switzerland write euros and
francs, so a French page pricing in `$` is either a US product's translation (which says USD somewhere) or
Québécois, and says where it is (juvence-fr's footer: "Laval, Québec, Canada"; fivestarai-fr's address
"@fivestarai.ca")."""


QUEBEC_DOLLAR = re.compile(r"\d,\d{2}\s?\$")
"""A dollar amount written the French way, its cents after a comma and its sign after it ("9,99 $"): Québécois
whatever the page's language (econodeal-en: "9,99 $" on an English page about "clearance deals in Canada")."""


def dollar_currency(
    host: str, says_usd: bool, lang: str | None = None, text: str = "", region: str | None = None
) -> str:
    """A bare `$` is the dollar (or peso) of the country the page declares (`<meta name="geo.region"
    content="AR">`: ARS) or of its country domain (`.com.au`: AUD), or CAD on a page in French, or writing its
    dollars the French way ("9,99 $"), that names a Canadian place, or the peso of the one peso country a page
    writing its thousands with a dot ("$29.900"), or written in Spanish, names, or of the one nation whose pesos
    it names ("pesos mexicanos"), when the page never says US dollars ("USD", "US$", in its text or its scripts);
    else USD, as everywhere. A page naming one nation's pesos writes its bare `$` in them even where it quotes a
    figure in US dollars beside them ("USD 80 o su proporcional en pesos colombianos")."""
    country = (region or "").strip().lower().partition("-")[0]
    currency = DOLLAR_COUNTRIES.get(country) or DOLLAR_REGIONS.get(_country_domain(host))
    french = (lang or "").lower().startswith("fr") or QUEBEC_DOLLAR.search(text) is not None
    if currency is None and french and CANADIAN.search(text):
        currency = "CAD"
    if currency is None and (PESO_GROUPING.search(text) or _language(lang) == "es" or written_in_spanish(text)):
        currency = peso_country(text)
    if currency is None and (stated := PRICES_IN_DOLLARS.search(text)) is not None:
        currency = DOLLAR_NAMES.get(stated.group("name").casefold().split()[0], stated.group("name").upper())
    if currency is None and len(named := {m.casefold() for m in NAMED_PESOS.findall(text)}) == 1:
        return PESO_NATIONS[named.pop()]  # binah-es: "USD 80 o su proporcional en pesos colombianos", "$699K/mes"
    return "USD" if currency is None or says_usd else currency


def written_in_spanish(text: str) -> bool:
    """Whether a page's words are Spanish whatever its `lang` says (2msoluciones-es declares "en", a template's
    default, over "Planes de Internet para tu hogar"): Spanish function words outnumber English ones three to one
    among at least twenty."""
    words = Counter(w.casefold() for w in _WORD.findall(text[:200_000]))
    spanish, english = sum(words[w] for w in SPANISH_WORDS), sum(words[w] for w in ENGLISH_WORDS)
    return spanish >= 20 and spanish >= 3 * english


_WORD = re.compile(r"[^\W\d_]+")
SPANISH_WORDS = frozenset({"el", "la", "los", "las", "del", "para", "con", "una", "tu", "su", "que", "por", "y"})
ENGLISH_WORDS = frozenset({"the", "and", "of", "to", "for", "with", "your", "you", "is", "on", "in"})


PESO_NATIONS = {"mexicanos": "MXN", "colombianos": "COP", "chilenos": "CLP", "argentinos": "ARS", "uruguayos": "UYU"}
NAMED_PESOS = re.compile(rf"\bpesos\s+({'|'.join(PESO_NATIONS)})\b", re.I)
"""Pesos named by their country ("0 pesos mexicanos", habemusdandy-es's `aria-label` on its "$0"): the one
nation's pesos a page names are its bare `$`."""


PESO_GROUPING = re.compile(r"\$\s?[1-9]\d{0,2}(?:\.\d{3})+(?![\d.,])")
"""A dollar sign before thousands grouped by a dot ("$29.900"): a peso's way, never a US price's."""
PESO_PLACES = {
    "ARS": r"Argentina|Buenos\s+Aires|C[óo]rdoba,\s+Argentina|\+54(?=[\s\d])",
    "CLP": r"Chile|Santiago\s+de\s+Chile|\+56(?=[\s\d])",
    "COP": r"Colombia|Bogot[áa]|Medell[íi]n|\+57(?=[\s\d])",
    "MXN": r"(?<!New\s)M[ée]xico|CDMX|Guadalajara|Monterrey|Jalisco|\+52(?=[\s\d])",
}
PESO_DOMAINS = {"ARS": r"\.com\.ar", "CLP": r"\.cl", "COP": r"\.com\.co", "MXN": r"\.com\.mx"}
"""The country domains of those pesos, in the page's links and addresses (lovio-es's "app.lovio.cl")."""
_PESO_PLACE = {
    code: re.compile(rf"(?<![\w+])(?:{places})\b|(?<=\w){PESO_DOMAINS[code]}(?=[/\"'\s:?#]|$)")
    for code, places in PESO_PLACES.items()
}


def peso_country(text: str) -> str | None:
    """The peso of the one country among those writing their `$` for pesos that the page names (aider-es:
    "Buenos Aires, Argentina", "+54"; onlinesellweb-es's footer "Córdoba, Argentina"; lovio-es's links to a `.cl`
    host); None when it names none, or several."""
    named = [code for code, place in _PESO_PLACE.items() if place.search(text)]
    return named[0] if len(named) == 1 else None


PRICES_IN_DOLLARS = re.compile(
    r"\b(?:prices?|amounts?|rates?|fees?)\s+(?:are\s+)?(?:shown\s+|listed\s+|quoted\s+|displayed\s+)?in\s+"
    r"(?P<name>australian|canadian|new\s+zealand|singapore|hong\s+kong|AUD|CAD|NZD|SGD|HKD)\b",
    re.I,
)
"""A page saying which dollar its bare `$` is ("All prices in Australian Dollars", processpa-en; "Prices are in
CAD")."""
DOLLAR_NAMES = {"australian": "AUD", "canadian": "CAD", "new": "NZD", "singapore": "SGD", "hong": "HKD"}


def yen_currency(host: str, lang: str | None, text: str) -> str:
    """`¥` is CNY on a Chinese page (lang `zh*`, a `.cn` host, Chinese text without kana, or a `¥` amount with a
    fraction), else JPY."""
    language = (lang or "").lower()
    if language.startswith("zh") or host.endswith(".cn"):
        return "CNY"
    if language.startswith("ja") or host.endswith(".jp"):
        return "JPY"
    sample = text[:20000]
    if _KANA.search(sample):
        return "JPY"
    if "元" in sample or _CJK.search(sample) or _YEN_FRACTION.search(sample):
        return "CNY"
    return "JPY"


_YEN_FRACTION = re.compile(r"[¥￥]\s?\d{1,6}\.\d{1,2}(?![\d.,])")
"""A `¥` amount with a fraction ("¥9.9", "¥19.90"): the yuan counts jiao and fen, the yen no fraction at all, so
on a page saying neither language such an amount is in yuan (requirementstudio-en's "¥9.9 / month")."""


CENTRAL_AFRICA = frozenset({"cm", "ga", "cg", "td", "cf", "gq"})
_CENTRAL_AFRICAN = re.compile(
    r"\b(?:XAF|BEAC|CEMAC|Cameroun|Cameroon|Kamerun|Gabon|Tchad|Chad|Centrafrique|Central\s+African\s+Republic|"
    r"Guin[ée]e\s+[ée]quatoriale|Equatorial\s+Guinea|Douala|Yaound[ée]|Libreville|Brazzaville|N.Djamena|Bangui|"
    r"Malabo)\b|\+\s?23[5-7](?!\d{10})|\+\s?24[0-2](?!\d{10})",
    re.I,
)
_WEST_AFRICAN = re.compile(
    r"\b(?:XOF|BCEAO|UEMOA|WAEMU|S[ée]n[ée]gal|C[ôo]te\s+d.Ivoire|Ivory\s+Coast|Mali|Burkina|B[ée]nin|Togo|Niger|"
    r"Guin[ée]e-Bissau|Guinea-Bissau|Dakar|Abidjan|Bamako|Ouagadougou|Cotonou|Lom[ée]|Niamey)\b|"
    r"\+\s?22[1-9](?!\d{10})|\+\s?245(?!\d{10})",
    re.I,
)


def cfa_currency(host: str, lang: str | None, text: str) -> str:
    """The franc "FCFA" stands for: the Central African one (XAF) on a page of a CEMAC country (a `.cm` host,
    `fr-CM`, or text naming Cameroon, Gabon, Douala, "+237" and no West African country), else the West African
    one (XOF). Both zones write "FCFA", and a page selling in both names both. A calling code counts however the
    number after it is written ("+237XXXXXXXXX", "+237699123456": cameroontechjobs-en), as no longer code starts
    so; one followed by more digits than any number has is no calling code."""
    region = (lang or "").lower().replace("_", "-").partition("-")[2]
    if _country_domain(host) in CENTRAL_AFRICA or region in CENTRAL_AFRICA:
        return "XAF"
    if "CFA" not in text:
        return "XOF"
    central = _CENTRAL_AFRICAN.search(text) is not None
    return "XAF" if central and _WEST_AFRICAN.search(text) is None else "XOF"


THOUSANDTHS_CURRENCIES = frozenset({"OMR", "KWD", "BHD", "JOD", "TND", "LYD"})
"""Currencies divided into thousandths (the Gulf and Jordanian dinars and rials, Tunisian and Libyan dinars): their
prices are written to three decimals, "٠.٩٥٠", "2.500 KWD"."""
_DOT_THOUSANDTHS = re.compile(r"\d{1,3}\.\d{3}")


def thousandths(number: str, currency: str | None) -> Decimal | None:
    """An amount with one dot before three digits in a currency of thousandths ("٢.٥٠٠ ريال عُماني", "1.500 KWD"):
    three decimals, where elsewhere ("1.500 €") the dot groups thousands; None for any other amount."""
    text = number.strip()
    return Decimal(text) if currency in THOUSANDTHS_CURRENCIES and _DOT_THOUSANDTHS.fullmatch(text) else None


WHOLE_UNIT_CURRENCIES = frozenset({"IDR", "KRW", "VND", "HUF"})
"""Currencies priced in whole units (rupiah, won, dong, forint): a dot in their amounts only groups thousands
("Rp 29.000"). The yen is left out: `¥` may be the yuan, priced to the fen ("¥3.125")."""
DOT_GROUPING_CURRENCIES = WHOLE_UNIT_CURRENCIES | {"BRL", "TRY", "ARS", "CLP", "COP"}
"""Currencies whose countries write a comma for the decimal mark and a dot between thousands, the sign before the
amount ("R$ 1.500", "₺1.500"): a dot before three digits groups thousands, never three decimals."""


def currency_code(value: object, yen: str = "JPY") -> str | None:
    """ISO 4217 code from a code or a symbol; None when unknown."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text in YEN_SIGNS:
        return yen
    if text in _YEN_WORDS:
        return _YEN_WORDS[text]
    if re.fullmatch(r"[A-Za-z]{3}", text) and not (text in _SYMBOLS and not text.isupper()):
        code = text.upper()  # "TSh", "Ksh" are signs of their own, no code
        return CODE_ALIASES.get(code, code)
    if text in CODE_ALIASES:
        return CODE_ALIASES[text]
    if text in CRYPTO_CODES:
        return text
    for word, (code, countries) in ARABIC_MONEY.items():
        if text.startswith(word):
            return countries.get(_TASHKEEL.sub("", text[len(word) :]).strip(), code)
    return CURRENCY_SYMBOLS.get(text.casefold())


# -- amounts with their currency -----------------------------------------------------------------


def _alternation(symbols: list[str]) -> str:
    return "|".join(re.escape(symbol) for symbol in sorted(set(symbols), key=len, reverse=True))


_SIGNS = _alternation([s for s in _SYMBOLS if not re.fullmatch(r"[^\W\d_]+\.?", s)])
"""Symbols drawn with a sign ("NT$", "zł" aside): "HK$", "₺", "₫", "د.إ."."""
_WORDS = _alternation([s for s in _SYMBOLS if re.fullmatch(r"[^\W\d_]+\.?", s)])
"""Symbols spelled with letters ("RM", "Kč", "zł", "руб."), matched in their own case and as whole words."""
_CODES = _alternation(sorted((ISO_CODES - WORD_CODES) | set(CODE_ALIASES) | CRYPTO_CODES))
_LANGUAGE_VERSION = r"(?!PHP\s?[4-8](?:\.[\dx])?(?:\s*[/–-]\s*[4-8](?:\.[\dx])?)?(?!\d|[.,]\d))"
""""PHP 7/8", "PHP 7.4–8.3", "PHP 8.x" on a host's plan: the language and its versions, not Philippine pesos (a
peso price has more digits or cents: "PHP 499", "PHP 5.99")."""
_MONEY_WORD = rf"(?-i:(?<![^\W\d_]){_LANGUAGE_VERSION}(?:{_CODES}|{_WORDS})(?![^\W\d_]))"
_CUR_BEFORE = (
    rf"(?:US\$|CA\$|A\$|R\$|NT\$|{_SIGNS}|[$€£¥￥₹₩]|\b(?:USD|EUR|GBP|JPY|CNY|RMB)\b|{_MONEY_WORD}|"
    r"(?-i:(?<![^\W\d_])(?:S/\.?|s/\.)))"  # the Peruvian sol, "S/.50", "s/.50", "S/ 200", never a word's "s/"
)
_VOWEL_MARKS = "[\u064b-\u0652\u0670]*"
_TASHKEEL = re.compile(_VOWEL_MARKS)
"""Arabic vowel marks, written over a word or not ("عُماني" is "عماني")."""
ARABIC_MONEY = {
    "ريال": ("SAR", {"سعودي": "SAR", "قطري": "QAR", "عماني": "OMR", "يمني": "YER", "إيراني": "IRR", "ايراني": "IRR"}),
    "دولار": ("USD", {"أمريكي": "USD", "امريكي": "USD", "كندي": "CAD", "أسترالي": "AUD", "استرالي": "AUD"}),
    "جنيه": ("EGP", {"مصري": "EGP", "إسترليني": "GBP", "استرليني": "GBP", "سوداني": "SDG"}),
}
"""Currencies Arabic writes as a word after the amount, each the one it mostly means unless a country word after it
names another: the riyal Saudi ("499 ريال", but "٠.٩٥٠ ريال عُماني" is OMR, its vowel marks aside), the dollar
American (lionztv-ar's "70 دولار"), the pound Egyptian ("150 جنيه", but "جنيه إسترليني" is sterling)."""
_ARABIC_MONEY = "|".join(
    r"{}(?:\s*(?:{}))?".format(word, "|".join(_VOWEL_MARKS.join(country) for country in countries))
    for word, (_, countries) in ARABIC_MONEY.items()
)
_CUR_AFTER = (
    rf"(?:€|£|\$|美元|欧元|元|圓|円|{_ARABIC_MONEY}|euros?(?![^\W\d_])|원(?=[\uac00-\ud7a3])|(?-i:đ)(?![^\W\d_])|{_SIGNS}|\b(?:USD|EUR|GBP|CNY|RMB|JPY)\b|"
    rf"{_MONEY_WORD}|(?-i:(?<![^\W\d_])(?:{'|'.join(CODES_AFTER_AMOUNT)})(?![^\W\d_])))"
)
"""A sign after the amount; "원" also with the particle Korean writes onto it ("9,900원에", "19,000원입니다"); the
Vietnamese "đ" (a letter of the alphabet, so only right after an amount and before no letter: "89.000đ",
"0 đ /Tháng") is the dong as "₫" is."""
_LAKH = r"[1-9]\d?(?:,\d{2})+,\d{3}(?![\d,])(?:\.\d{1,6})?"
"""An amount in the Indian grouping: thousands, then lakhs and crores in pairs of digits ("₹1,80,000",
"₹1,00,00,000")."""
_AMT = (
    rf"(?:{_LAKH}|[1-9\u0661-\u0669\u06f1-\u06f9]\d{{0,2}}(?:[,.\u00a0 '\u2019\u066c]\d{{3}})+(?!\d)"
    rf"(?:[.,\u066b]\d{{1,6}})?|\d+(?:[.,\u066b]\d{{1,6}})?)"
)
"""An amount: digits grouped by thousands with a comma, a dot, a space or (Swiss) an apostrophe ("CHF 2'500",
"2’900"), or in the Indian way, and maybe decimals; in Arabic-Indic digits too, with their own separators
("٤٥", "١٬٢٥٠", "٠٫٩٥٠")."""
_LAKH_AMOUNT = re.compile(_LAKH)


_WESTERN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹٫٬", "01234567890123456789.,")
"""Arabic-Indic and Persian digits and the Arabic decimal and thousands marks, as price-parser reads numbers."""


def amount_digits(number: str) -> str:
    """A matched amount as price-parser reads it: it knows the Swiss grouping apostrophe ("2'500") but not
    its typographic form ("2’500", read as 2), so that one is written plainly; nor does it know the Indian
    grouping ("1,80,000", read as 1.8), whose commas are dropped, nor Arabic-Indic digits ("٠.٩٥٠" is 0.950)."""
    number = number.translate(_WESTERN_DIGITS)
    if _LAKH_AMOUNT.fullmatch(number.strip()):
        return number.strip().replace(",", "")
    return number.replace("\u2019", "'")


_ZERO_LED = re.compile(r"0[.,](\d{1,6})")


def zero_led(number: str) -> Decimal | None:
    """An amount below one ("0,035", "0.035"): its separator is decimal whatever it is, since no group of
    thousands starts with a zero. price-parser reads a dot or comma before three digits as grouping (35),
    so such an amount is read here; None for any other."""
    match = _ZERO_LED.fullmatch(amount_digits(number).strip())
    return Decimal("0." + match.group(1)) if match else None


PRICE_TEXT = re.compile(
    rf"(?:(?P<cur>{_CUR_BEFORE})\s*(?P<amt>{_AMT})|"
    rf"(?P<amt2>{_AMT})(?:(?<=\d)\.[-–—](?![\d-])|(?<=\d)/(?=\s*[^\W\d_]))?\s*(?P<cur2>{_CUR_AFTER})(?![\d?？]))"
    r"(?P<tail>[^$€£¥￥]{0,40})",
    re.I,
)
"""An amount with its currency before ("$19", "¥ 2", "USD 5") or after ("19,99 €", "2元", "49 $", "14.950,00 $"; the
Swiss "45.-" / "249.– CHF", a whole amount with no cents, before its currency; a slash set between the amount and a
currency word, whotalk-fa's "2000000/ تومان", no "per toman" but the amount in tomans; a sign glued to the figure
after it is that figure's: whatzai-es's "Starter 5" over "$69" is 69, not "5 $"; and so is one asking what is
not yet set: cppmax-en's card number "03" over "€?" is no "3 €"),
and up to 40 characters after it where the period and unit are said ("/mo", "per user", "/ 1M tokens")."""


CONVERSION = re.compile(
    rf"\s*[(（]\s*(?:≈|~|约|約|approx\.?\s|ca\.\s?)?\s*"
    rf"(?:(?P<cur>{_CUR_BEFORE})\s*{_AMT}|{_AMT}\s*(?P<cur2>{_CUR_AFTER}))\s*[)）]",
    re.I,
)
"""A bracket right after an amount holding only the same amount in another currency ("$ 2.50 (¥17.50)",
"€10 (≈ $11)"): a conversion, not a price of its own."""


_RANGE_LOW = re.compile(rf"(?P<low>{_AMT})\s*[–—-]\s*$")
_RANGE_HIGH = re.compile(
    rf"\s*[–—-]\s*(?P<cur>{_CUR_BEFORE})?\s*(?P<high>{_AMT})(?![\d.,]*\d)(?!\s?[kKmM](?![^\W\d_]))"
)
"""The upper amount of a range; one counted in thousands or millions ("$0 - $10k / month") ends a volume band, no
range of prices."""


def _lower_bound(text: str, match: re.Match[str], pos: int) -> tuple[str, re.Match[str]]:
    """A range of amounts ("7,500–15,000 ريال / شهر", "$3,500 – $5,000 / month") is one price, read at its lower
    bound with the currency and the tail the range shares: the dash and the upper amount are blanked out. Only an
    upper amount greater than the lower, with no other currency, makes a range."""
    if match.group("cur2"):
        low = _RANGE_LOW.search(text[: match.start("amt2")], pos)
        if low is None or not _rises(low.group("low"), match.group("amt2")):
            return text, match
        text = text[: low.end("low")] + " " * (match.end("amt2") - low.end("low")) + text[match.end("amt2") :]
        return text, PRICE_TEXT.match(text, low.start("low")) or match
    high = _RANGE_HIGH.match(text, match.end("amt"))
    if high is None or not _rises(match.group("amt"), high.group("high")):
        return text, match
    if high.group("cur") and currency_code(high.group("cur")) != currency_code(match.group("cur")):
        return text, match
    text = text[: high.start()] + " " * (high.end() - high.start()) + text[high.end() :]
    return text, PRICE_TEXT.match(text, match.start()) or match


def _rises(low: str, high: str) -> bool:
    """Whether the second of two amounts is the greater, their digits read alike (separators aside)."""
    low_digits, high_digits = re.sub(r"\D", "", low), re.sub(r"\D", "", high)
    return bool(low_digits and high_digits) and int(low_digits) < int(high_digits)


def price_matches(text: str) -> list[re.Match[str]]:
    """Every amount-with-currency in `text`; the next is looked for right after the previous amount, not
    after its tail or its sign, so "1.99€ /month 1.49€ /month" gives both, and a number read with the sign
    of the price after it ("50 $5": fifty credits for $5) leaves that price whole. An amount's conversion
    into another currency in brackets ("$ 2.50 (¥17.50) / M tokens") is blanked out: no price of its own,
    and what follows it ("/ M tokens") is the amount's tail. The matches are into a string of `text`'s
    length, so their offsets are offsets into `text`."""
    found: list[re.Match[str]] = []
    pos, spent = 0, -1
    while (match := PRICE_TEXT.search(text, pos)) is not None:
        text, match = _lower_bound(text, match, pos)
        end = match.end("amt") if match.group("amt") else match.end("amt2")
        if match.group("cur2") and _sign_leads_next(text, match.group("amt2"), match.end("amt2"), match.end("cur2")):
            pos = end  # "Paquete de 5 $ 749": the sign starts the next amount, the name's number is no price
            continue
        if match.group("cur") and match.start("cur") == spent and _LEADS.match(text, match.end("cur")):
            pos = match.start("amt")  # "180 000 € 60 jours": the sign was the amount's before it, and "60" has none
            continue  # of its own, unless one follows it ("50000 руб." over "126 000 ₽")
        spent = match.start("cur2") if match.group("cur2") else -1
        conversion = CONVERSION.match(text, end)
        if conversion is not None and _converted(match, conversion):
            text = text[:end] + " " * (conversion.end() - end) + text[conversion.end() :]
            match = PRICE_TEXT.match(text, match.start()) or match
        found.append(match)
        pos = end
    return found


_LEADS = re.compile(rf"\s*(?P<amt>{_AMT})(?![\d.,]*\s*(?:{_CUR_AFTER}|%|％))")


_GROUPED = re.compile(r"\d[,.\u00a0 '\u2019]\d")
_LEADING_SIGN = re.compile(r"[$£¥￥₹₩]")
AMOUNT_THEN_SIGN = re.compile(rf"\d\s*(?:{_CUR_AFTER})\s*$", re.I)
"""Text ending with an amount and the sign written after it ("190 ₽", "49,90 €"): a sign that closes its own
text, never one leading the number set after it."""


def _sign_leads_next(text: str, number: str, number_end: int, sign_end: int) -> bool:
    """Whether a sign set apart from the number before it (spaces between) starts an amount of its own that
    no sign follows: "Paquete de 5 $ 749" is a name's number over "$749", and "80GB HBM3 $2.00" a spec line's
    last digit over "$2.00", the sign touching the amount it leads. A sign touching the number is its
    own ("750€ 25 ore"), and in "19 € 29 €" every amount has its sign after it, so "19 €" stays a price. So is
    a sign written after amounts ("€", "FCFA", "руб.", not "$", "£", "¥") after an amount written as one,
    grouped or with decimals ("180 000 FCFA" over "60 jours", "49,90 €" over "3 utilisateurs"): a name's or a
    spec's number is not written so. A pack of "1,000" credits over "$80" is the pack's count."""
    if number_end == sign_end or not text[number_end:sign_end][:1].isspace():
        return False
    if _GROUPED.search(number) and not _LEADING_SIGN.search(text[number_end:sign_end]):
        return False
    lead = _LEADS.match(text, sign_end)
    if (
        lead is not None
        and "\n" in text[sign_end : lead.start("amt")]
        and not _LEADING_SIGN.search(text[number_end:sign_end])
    ):
        return False  # "190 ₽" closing its line over "20" (a pack's coins): a sign written after amounts ends its own
    return lead is not None


def without_conversions(text: str) -> str:
    """`text` with its amounts' bracketed conversions cut, for measuring how long a price line is."""
    matches = price_matches(text)
    return re.sub(r"\s+", " ", matches[-1].string).strip() if matches else text


def _converted(price: re.Match[str], bracket: re.Match[str]) -> bool:
    """Whether the bracketed amount is in another currency than the price before it ("(¥17.50)" after
    "$ 2.50"), not the same one for another period or quantity."""
    own = price.group("cur") or price.group("cur2")
    other = bracket.group("cur") or bracket.group("cur2")
    return (currency_code(own) or own.casefold()) != (currency_code(other) or other.casefold())


BARE_AMOUNT = re.compile(rf"^\s*(?P<amt>{_AMT})\s*(?P<tail>[^\d]{{0,40}})$")
"""A cell holding only a number (and maybe a unit): a price when its header names the currency."""

CURRENCY_IN_HEADER = re.compile(
    rf"\b(USD|EUR|GBP|CNY|RMB|JPY)\b|(?-i:(?<![^\W\d_])({_CODES}|{_WORDS})(?:(?<=\.)|(?![^\W\d_])))|(美元|欧元|日元|英镑|人民币|新台币|新台幣|港币|港幣|{_SIGNS}|[$€£¥￥元円])",
    re.I,
)
"""The currency a header or note states for the bare numbers under it ("Input (USD/1M tokens)", "元/百万tokens"),
a sign spelled with letters too, in its own case and ended by its full stop ("Цена руб.коп.")."""
_YEN_WORDS = {
    "円": "JPY",
    "美元": "USD",
    "欧元": "EUR",
    "日元": "JPY",
    "英镑": "GBP",
    "人民币": "CNY",
    "新台币": "TWD",
    "新台幣": "TWD",
    "港币": "HKD",
    "港幣": "HKD",
}


def header_currency(text: str, yen: str) -> str | None:
    match = CURRENCY_IN_HEADER.search(text)
    if not match:
        return None
    symbol = match.group(1) or match.group(2) or match.group(3)
    return _YEN_WORDS.get(symbol) or currency_code(symbol, yen)


# -- plan cards: free, custom ------------------------------------------------------------------------

CUSTOM_TEXT = re.compile(
    r"contact\s+(?:sales|us)|talk\s+to\s+(?:sales|us|an?\s+expert)|let['’]?s\s+(?:talk|chat)|get\s+(?:a\s+)?quote"
    r"|request\s+a\s+quote|custom\s+pricing|contact\s+for\s+(?:pricing|(?:a\s+)?quote)"
    r"|kontaktier\w*\s+(?:sie\s+)?uns|vertrieb\s+kontaktieren|contactez[- ]nous|cont[aá]ct(?:a|e)nos"
    r"|contacter\s+(?:les\s+)?ventes"
    r"|お問い合わせ|問い合わせ|联系(?:我们|销售|商务)|bize\s+ula[sş]|ileti[sş]ime\s+ge[cç]"
    r"|聯[繫絡系](?:我們|業務|銷售|商務)|咨[询詢](?:商务|商務|销售|銷售)|[与與](?:我们|我們)[联聯][系繫絡]|洽[询詢]|[询詢]价|[询詢]價|문의|"
    r"contatt(?:aci|a(?:re)?\s+(?:le\s+)?vendite)|neem\s+contact|contacta\s+con\s+ventas|"
    r"demander?\s+un\s+devis|angebot\s+anfordern|vraag\s+(?:een\s+)?(?:maatwerk)?offerte|"
    r"li[eê]n\s+h[eệ]|fiyat\s+[iİı][cç]in\s+aray[iİı]n|hubungi\s+kami|zapytaj\s+o\s+cen[ęe]|"
    r"ta\s+kontakt|kontakt(?:a)?\s+(?:os|oss)|ring\s+til\s+os|ring\s+oss|discuss\s+custom|get\s+(?:a|the)\s+price|احصل\s+على\s+(?:ال)?سعر|связаться\s+с\s+нами|зв['’]?яжіться\s+з\s+нами|bog['’`ʻ]lan(?:ing|ish)\b",
    re.I,
)
"""A card asking to get in touch instead of showing a price: a custom plan ("Contact sales", "Let’s chat", "联系商务",
"Kontaktiere uns", "お問い合わせ", "Bize ulaşın", "Vraag een offerte aan", "Liên hệ", "Fiyat İçin Arayın", "Discuss
Custom Work")."""
CUSTOM_LINE = re.compile(
    r"^(?:[$€£]\s*)?(?:(?:precio|preço|prezzo|prix|preis|price|harga|fiyat|цена|ціна|cena|pris|hinta|سعر|تسعير|"
    r"التسعير|اشتراك|מחיר)\s+)?"
    r"(?:custom|custom\s+pricing|custom\s+quote|let['’]?s\s+(?:talk|chat)|[ie]nquire(?:\s+(?:now|for\s+pricing))?|individuell|(?:preis\s+)?auf\s+anfrage|"
    r"(?:prix\s+)?sur\s+(?:devis|demande)|personalizado|personnalisé|sur\s+mesure|a\s+medida|su\s+misura|"
    r"su\s+richiesta|sob\s+consulta|a\s+consultar|özel(?:\s+teklif)?|offerte|op\s+aanvraag|"
    r"[ァ-ヶー]{0,8}カスタム|[ァ-ヶー]{0,8}カスタマイズ|個別見積(?:もり|り)?|要?お?見積(?:もり|り)?|別途お?見積(?:もり|り)?|"
    r"応相談|要相談|定制|面议|별도\s*문의|견적\s*문의|협의|индивидуально|индивидуальн\w+\s+(?:цена|тариф)|по\s+запросу|"
    r"договорн\w+|مخص\u0651?ص|تواصل(?:\s+معنا)?|حسب\s+الطلب|personalizat|khusus|kustom|teklifi?(?:\s+al[iı]n)?|"
    r"بالتفاوض|מותאם(?:\s+אישית)?|צור\s+קשר|anpassad(?:\s+offert)?|offert|"
    r"på\s+(?:förfrågan|forespørsel|forespørgsel)|efter\s+aftale|indywidualn\w*|wycena\s+indywidualna|"
    r"individuáln\w*|na\s+dotaz|dohodou|räätälöity|pyydä\s+tarjous|індивідуальн\w*|за\s+запитом|"
    r"договірн\w*|egyedi(?:\s+ár(?:ajánlat)?)?|maxsus|kelishilgan(?:\s+narx)?|ติดต่อ\S*|(?:قیمت\s+)?(?:با\s+)?(?:توافق|مذاکره)|سفارشی|تماس\s+بگیرید)$",
    re.I,
)
"""A price box saying the price is made for the customer ("Custom", "Auf Anfrage", "A medida", "Özel",
"Индивидуально", "Inquire", "Egyedi", Uzbek "Maxsus", "Let’s chat"), maybe after the word for price ("Precio a
medida", "Harga Khusus", "Fiyat Teklifi": a price quote) or a sign drawn before every price box ("$A MEDIDA")."""
BARE_CONTACT = re.compile(
    r"^(?:contact|contact\s+us|kontakt|contacto|contato|contatti|contactez-nous|consultar|consulte|"
    r"consult[aá]nos|anfragen|on\s+request|upon\s+request|ask\s+us)$",
    re.I,
)
"""A call to get in touch cut to its verb ("Contact", "Consultar", "Anfragen"): a custom price only where the price
would stand."""
PLAN_WORD = re.compile(
    r"\b(?:plans?|tarif\w*|pakete?|forfaits?|offres?|paquetes?|planes|piani|enterprise|unternehmen|entreprise|"
    r"empresas?|business)\b|方案|套餐|プラン|エンタープライズ|企业版|企業版|요금제|플랜",
    re.I,
)
"""A heading naming a plan or an offer ("Enterprise plan", "企業方案", "エンタープライズプラン")."""
FREE_WORD = (
    r"(?:free|kostenlos|kostenfrei|gratis|grátis|gratuit\w*|ücretsiz|darmow[yae]|za\s+darmo|"
    r"zdarma|ingyenes|ilmainen|kostnadsfri(?:tt)?|miễn\s+phí|percuma|бесплатно|бесплатный|безкоштовно|"
    r"безплатно|δωρεάν|ฟรี|חינם|مج\u0651?انا?ي?|رایگان|मुफ़्त|मुफ्त|無料|免费|免費|무료)"
)
"""The word for free in the languages of the pages we read ("Бесплатно", "Zdarma", "Miễn phí", "ฟรี"): one list
for lines, table cells and allowances, so a language taught to one is known to all."""
_FREE_SAID = (
    rf"(?:{FREE_WORD}|free\s+forever|forever\s+free|always\s+free|free\s+for\s+(?:life|ever)|life\s*time\s+free|"
    rf"(?:{FREE_WORD})\s+(?:pour\s+toujours|para\s+siempre|para\s+sempre|per\s+sempre|für\s+immer|voor\s+altijd|"
    r"na\s+zawsze|навсегда|navždy|för\s+alltid|for\s+altid|for\s+alltid)|"
    r"\$?0\s*free|no\s+(?:fees?|charge|cost)|"
    r"(?:sem|sin)\s+(?:custos?|costos?|coste|cargo)(?:\s+(?:algum|alguno|para\s+(?:voc[êe]s?|ti|usted(?:es)?)))?|"
    r"sans\s+frais)[.!*]?$"
)
_TRIAL_SPAN = (
    r"\d+[-\s]?(?:days?|weeks?|months?|gün|hafta|ay|tage?n?|wochen|jours?|semaines?|d[ií]as|semanas?|giorni|"
    r"dagen|dage|dagar|dni|дней|дня|недел[ьи]|日間|日|天|일)"
)
TRIAL_FREE = re.compile(rf"^(?:{_TRIAL_SPAN}\s+{FREE_WORD}|{FREE_WORD}\s+(?:for\s+|/\s*)?{_TRIAL_SPAN})[.!*]?$", re.I)
"""A free trial said where the price stands ("14 Gün Ücretsiz!", "30 days free", "Free for 14 days", "Free / 10
Days"): the card is free to start, its price the trial's."""
FREE_LINE = re.compile(
    rf"^(?:(?:price|pricing|cost|preis|prix|precio|preço|prezzo|цена)\s*[:：]\s*)?{_FREE_SAID}",
    re.I,
)
"""A line saying the plan costs nothing, a full stop or a footnote mark after it allowed ("Free.", "Free*"), maybe
after the word for price ("Price: free", wspend-en)."""
SIGNED_FREE = re.compile(rf"^(?P<sign>R\$|{_SIGNS}|[$€£¥￥₹₩])\s*{_FREE_SAID}", re.I)
"""Free said after the sign of the currency it would be paid in ("R$ GRÁTIS", kaizup-pt: free in reais): where a
price stands, never a name."""


def free_currency(line: str, yen: str) -> str | None:
    """The currency a free line names by its sign ("R$ GRÁTIS" is 0 BRL); None for the bare word."""
    match = SIGNED_FREE.match(line)
    return currency_code(match["sign"], yen) if match else None


VERSUS = re.compile(r"^(?:vs\.?|versus)$", re.I)
"""A separator saying only "vs": what stands on either side of it is weighed against the other."""
COMPARISON = re.compile(
    r"\b(?:compare|comparison|comparing|vs\.?|versus|comparatif|comparaison|comparer|"
    r"comparación|comparar|comparativa|comparação|confronto|confronta|vergelijk\w*|karşılaştırma|"
    r"сравнени\w*|сравните|порівнянн\w*|порівняйте|porównanie|porównaj|srovnání)\b|"
    r"vergleich|比较|比較|对比|對比|差異|差异|機能差|の違い|비교",
    re.I,
)
"""A heading naming a comparison of the plans ("Compare plans", "Planごとの機能差", "功能对比", "Vergleich",
"Порівняння планів"): the title of a feature table, never a plan's name."""


BADGE_START = re.compile(
    r"^(?:new|beta|hot|batch|latest|recommended|popular|deprecated|retired|legacy|limited|preview|experimental|sale|discount|"
    r"most\s+popular|best\s+(?:value|seller|choice)|recommand[ée]e?|empfohlen|recomendad[oa]|consigliat[oa]|aanbevolen|"
    r"populaire|beliebt|meilleur\s+choix|early\s+access|early\s+bird|"
    r"coming\s+soon|binnenkort|yakında|wkrótce|demnächst|bientôt|próximamente|em\s+breve|"
    r"free\s+(?:trial|tier)|[-–—(（]?\s*\d+\s*%\s*(?:off|discount|rabatt|remise|descuento|desconto|sconto|скидка))\b|"
    r"^(?:save|spare|économisez|ahorra|economize|risparmia)\s+\d+\s*%|"
    r"^[-–—(（]?\s*(?:半价|半價|限时|限時|特价|特價|优惠|優惠|即将|即將|敬请期待|敬請期待|近日)",
    re.I,
)
"""Text after a model's or plan's name that tags it ("New", "Batch 半价", "Deprecated", "(recommandé)", "限时2.5折",
"即将": coming soon; a discount, "25% discount", "Save 20%") rather than names it (no word boundary after a
Chinese word: "限时" runs into "2.5折")."""
BRACKET_NOTE = re.compile(r"(?:\s+[(（]|\s*（)\s*(?P<note>[^()（）]{2,60}?)\s*[)）]$")
"""A note in brackets after a name ("Claude Mythos 5 (limited availability)", "Model X (Beta)",
"DeepSeek-V4-Pro（限时2.5折）": a full-width bracket needs no space before it). Spaces just inside the
brackets are the page's markup, not the note ("( limited availability )", a link set inside them), and a
status note may say more after its first word ("(retired, except on Bedrock and Google Cloud)")."""


DASH_NOTE = re.compile(r"\s+[—–]\s+(?P<note>[^—–]{2,40})$")
"""A note after a dash at the end of a name ("✦ Premium — Early Access")."""


def without_tag(label: str) -> str:
    """A model or plan name without the tag in brackets, or after a dash, at its end ("(Preview)", "（限时4折）",
    "Premium — Early Access"); a bracket or a dash's words that are no tag ("(EU)", "Data Pack — …") stay."""
    for note in (BRACKET_NOTE.search(label), DASH_NOTE.search(label)):
        if note is not None and BADGE_START.match(note.group("note")):
            return label[: note.start()].rstrip()
    return label


PRICE_NOUN = (
    r"prices?|pricing|costs?|preise?|prix|precios?|prezz[oi]|preços?|valor|importe|prijs|pris(?:er)?|hinta|fiyat|"
    r"ücret|cena|ceny|árak?|giá|harga|biaya|tarifa|цена|стоимость|ціна|вартість|τιμή|מחיר|سعر|قیمت|कीमत|मूल्य"
)
"""The word for price in the languages of the pages we read, as spelled with letters: matched whole ("pris" is no
part of "enterprise", "cena" none of "scena")."""
VOLUME_BAND = re.compile(r"^\d[\d,.\s]*(?:[-–—]\s*\d[\d,.\s]*|\+)\s*(?:/\s*[a-z]{1,6})?$", re.I)
"""A quantity band naming a row or an entry ("1 – 999/mo", "100,000+", "2 - 10"): a tier of a rate, no plan."""
PRICE_GLYPHS = r"价格|價格|定价|定價|单价|單價|単価|価格|料金|费用|費用|金额|金額|가격|요금|ราคา"
"""The word for price in scripts written without spaces between words: matched anywhere ("输入价格")."""
UPGRADE_CALL = re.compile(
    r"^(?:upgrade\s+(?:to|auf|naar|para|a)|subscribe\s+to|unlock|d[ée]bloque[rz]|desbloquea|passe[rz]?\s+(?:à|au))\s+"
    r"(?:the\s+|our\s+|le\s+|o\s+|el\s+)?(?=(?!all\b|every\b)\w[\w'’+-]*(?:\s+[^\W\d_][\w'’+-]*)?$)",
    re.I,
)
"""A name that is a call to move up to a plan ("Upgrade to Pro 💎", "Unlock Premium", "Upgrade auf Pro" over an
in-app page's one card, "Subscribe to 4DN Premium"): the plan is the one or two words it calls to; "Unlock all AI
menus" names a pack."""


PRICE_LABEL = re.compile(
    rf"^\s*(?:{PRICE_NOUN}|{PRICE_GLYPHS}|amount|betrag|montant|tarifs?|monto|importo|bedrag|tutar|сумма|금액)"
    r"\s*[:：]?\s*$",
    re.I,
)
"""A label that is only the word for price or amount ("Price", "Preis:", "料金", a purchase summary's "Amount"):
the key of a card's price row, never the plan's name."""
TEMPLATE_EXPRESSION = re.compile(r"\{\{[^{}]*\}\}|\{\s*[A-Za-z_$!][^{}]{0,80}\}")
"""A template's expression left in a component's markup (`{seatsAvailable}`, `{isPremiumUser ? "(アップグレード)" :
""}`, Vue's `{{ model.name }}`): filled when the page renders, no words of a name as committed."""
TOTAL_WORDS = r"total|итого|всего|gesamt|summe|合計|合计|总计|總計|합계"
"""Words for what a list of costs adds up to: a calculator's total line, a checkout summary's."""
TOTAL_NAME = re.compile(
    rf"^(?:{TOTAL_WORDS}|sub-?total|grand\s+total|tax(?:es)?|vat|sales\s+tax|mwst\.?|ust\.?|zwischensumme|"
    r"gesamtsumme|sous-total|tva|iva|ндс|小計|消費税|税込|小计|税费|稅|税|소계|부가세|الإجمالي|المجموع|الضريبة)"
    r"(?:\s*/\s*[^\W\d_]{2,12}|\s+due(?:\s+(?:today|now))?|\s+(?:per|pro|par|por)\s+[^\W\d_]{2,12})?"
    r"\s*(?:[(（][^()（）]{0,20}[)）])?\s*[:：]?$",
    re.I,
)
"""A name that is a checkout summary's line ("Total", "Subtotal", "Tax", "合計（税込）", "消費税（10%）", "الإجمالي"),
its period or when it falls due said after it ("Gesamt / Monat", "Total due today", "Total per month"):
what an order adds up to, no plan."""
_MARKS = frozenset("™®©℠")
"""Symbols that belong to a brand's name ("Humanocentric™ Apex"), never decoration."""
_JOINERS = frozenset("\ufe0e\ufe0f\u200d\u20e3")


def _pictograph(char: str) -> bool:
    """An emoji or other picture character, its variation selector, joiner or skin tone, or an icon font's glyph
    (a private-use character: storecore-en's five star glyphs before "Premium"): decoration."""
    return (
        (unicodedata.category(char) in ("So", "Co") and char not in _MARKS)
        or char in _JOINERS
        or "\U0001f3fb" <= char <= "\U0001f3ff"
        or char.isspace()
    )


def without_pictographs(name: str) -> str:
    """The name without the pictures set before or after it ("🆓 Free", "★ Team", "PME en croissance 🚀"): a run
    of symbols at either end of a name is decoration, not part of it, and so are quotation marks around the whole
    name (autokorea-ru's «Поиск Авто») and the same dashes on both sides (feetracker-en's "- BASIC -"). A name of
    pictures only stays as it is."""
    start, end = 0, len(name)
    while start < end and _pictograph(name[start]):
        start += 1
    while end > start and _pictograph(name[end - 1]):
        end -= 1
    rest = name[start:end]
    if (quoted := QUOTED_NAME.fullmatch(rest)) is not None:
        rest = quoted.group("name")  # «Поиск Авто»: the quotation marks are the type's, not the name's
    if (dashed := DASHED_AROUND.fullmatch(rest)) is not None:
        rest = dashed.group("name")  # "- BASIC -": dashes drawn on both sides of the name
    return rest if re.search(r"[^\W\d_]", rest) else name


DASHED_AROUND = re.compile(r"(?P<d>[-–—~=]{1,3})\s+(?P<name>\S(?:.*\S)?)\s+(?P=d)")
"""A name set between the same dashes on both sides ("- BASIC -", "— Pro —"): a rule drawn around it."""


QUOTED_NAME = re.compile(r"[«\"“„「『](?P<name>[^«»\"“”„「」『』]+)[»\"”“」』]")
"""A name wholly set in quotation marks («Поиск Авто», "Pro", „Basis“, 「ライト」)."""


# -- usage units --------------------------------------------------------------------------------

_HOUR = r"小时|小時|hours?\b|hrs?\b|h\b"
"""Storage priced by time ("USD/M tokens/Hour", "元/百万tokens/小时"): a token amount per hour."""
_TOKENS = r"\s*(?:input\s+|output\s+|prompt\s+|completion\s+)?(?:tokens?|tok)\b"
_PER = r"(?:\bper|/|\beach|每)\s*"
_G = r"[,.'\s]"
"""A digit group's separator in a unit's count: "1,000", "1 000" (French, also a no-break space), "1.000" (German),
"1'000" (Swiss)."""
UNIT_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"(?:百万|\b1\s*m|\bmillion|\b1{_G}000{_G}000|(?<![\w.])m)\s*tokens?\s*(?:/|per|每)\s*(?:{_HOUR})", re.I
        ),
        "1M tokens/hour",
    ),
    (
        re.compile(rf"(?:千|\b1\s*k|\bthousand|(?<![\w.])k)\s*tokens?\s*(?:/|per|每)\s*(?:{_HOUR})", re.I),
        "1K tokens/hour",
    ),
    (
        re.compile(
            rf"(?:\b1\s*k|\b1{_G}000|\bthousand|/\s*k)\s*(?:[a-z]+\s+)?(?:requests?|calls?|prompts?)\b(?!\s*tokens?)|千次",
            re.I,
        ),
        "1K requests",
    ),
    (re.compile(rf"(?:\b1\s*k|\b1{_G}000|\bthousand)\s*(?:searches|search\s+queries|queries)\b", re.I), "1K searches"),
    (
        re.compile(
            rf"(?:\b1\s*m|\bone\s+million|\bmillion|\b1{_G}000{_G}000|(?:\bper|/)\s*m)\s*(?:chars?|characters)\b|百万字符",
            re.I,
        ),
        "1M characters",
    ),
    (
        re.compile(rf"(?:\b1\s*k|\bthousand|\b1{_G}?000|(?:\bper|/)\s*k)\s*(?:chars?|characters)\b|千字符", re.I),
        "1K characters",
    ),
    (re.compile(rf"(?:\b1\s*k|\bthousand|\b1{_G}?000|(?:\bper|/)\s*k)\s*pages?\b|千页", re.I), "1K pages"),
    (re.compile(r"(?:\bper|/|each)\s*pages?\b|每页|/\s*页", re.I), "page"),
    (
        re.compile(
            rf"(?:\b1\s*m|\bone\s+million|\bmillion|\b1{_G}000{_G}000|/\s*m){_TOKENS}|\bmtok\b|百万|"
            r"(?:\bper|/)\s*(?:1\s*m|(?-i:M)|million)\b|\b1m\b|"  # "$99/m" (lower case alone) is a month
            r"\b(?:milh[ãa]o|mill[oó]n|milione|millionen|mio\.)\s+(?:de\s+|di\s+)?tokens?\b",
            re.I,
        ),
        "1M tokens",
    ),
    (
        re.compile(
            rf"(?:\b1\s*k|\bone\s+thousand|\bthousand|\b1{_G}000|/\s*k){_TOKENS}|千\s*tokens?|每千|"
            r"(?:\bper|/)\s*(?:1\s*)?k\b(?!\s+(?!tokens?\b|input\b|output\b|prompt\b|completion\b)[a-z]{3,})",
            re.I,
        ),
        "1K tokens",
    ),
    (re.compile(rf"{_PER}(?:generated\s+|output\s+)?(?:videos?\b|视频|条)", re.I), "video"),
    (re.compile(rf"{_PER}(?:generated\s+|output\s+)?(?:image|张|图)", re.I), "image"),
    (re.compile(r"(?:\bper|/)\s*(?:second|sec|s)\b|每秒|/\s*秒", re.I), "second"),
    (re.compile(r"(?:\bper|/)\s*(?:minute|min)\b|每分钟|/\s*分钟", re.I), "minute"),
    (
        # "/ h" but not "/ H&P" (a feature line's "SOAP / H&P" abbreviation: History and Physical)
        re.compile(
            r"(?:\bper|/)\s*(?:hour|hr|h)\b(?!\s*&)|(?:\bper|/)\s*[a-z]{2,12}[\s-](?:hours?|hrs?)\b|"
            r"每小时|/\s*小时|(?:/|\bв\s)\s*час\b|\bhourly\s+(?:rate|price|cost|fee)s?\b|"
            r"(?:\bper|/|\bpro|\bpar|\bpor|\bl['’]|\ba\s+l['’]|\ball['’])\s*(?:uur|stunde|std\.|heure|hora|ora|saat|timme|tunti|"
            r"hod(?:\.|ina|inu|iny)?|"
            r"godzin[ęa])(?![^\W\d_])|\bstundensatz|\btarif\s+horaire|\buurtarief|"  # "€ 120 per uur", "pro Stunde"
            r"(?:^|,)\s*gpu[- ]?h(?:ou)?r\s*$",  # a header naming the rate's unit alone ("On-demand, GPU-hour")
            re.I,
        ),
        "hour",
    ),
    (re.compile(r"(?:\bper|/)\s*(?:request|call)\b|每次|/\s*次", re.I), "request"),
    (re.compile(r"(?:\bper|/)\s*GB\b", re.I), "gb"),
)
OWN_UNIT = re.compile(
    r"(?:^|单价|价格|定价|price|cost)\s*/\s*(?P<unit>[a-z]{2,12}|[\u4e00-\u9fff]{1,4})(?![\w/])",
    re.I,
)
"""A unit the vocabulary does not know, right after a price word ("单价 / 万字符") or, in the text after an
amount, at its start ("¥9.9 / 音色", "$0.01 / use"): kept in the page's own word."""
NOT_A_UNIT = re.compile(r"^(?:and|or|und|oder|mo|month|year|yr|月|年|天|day)$", re.I)


COUNTED_TOKENS = re.compile(r"(?:\bper|/)\s*(?P<count>[1-9]\d{0,3})\s*(?P<scale>[km])\s*tokens?\b", re.I)
"""A price per a count of tokens other than one thousand or million ("$9 / 50K Tokens", infinet-en): per that
many, as written."""


def usage_unit(text: str) -> str | None:
    """The usage unit a header, note or cell names ("per 1M tokens", "/ 1K tokens", "每百万tokens", "/ 50K
    tokens")."""
    for pattern, unit in UNIT_PATTERNS:
        if pattern.search(text):
            return unit
    counted = COUNTED_TOKENS.search(text)
    if counted is not None:
        return f"{counted.group('count')}{counted.group('scale').upper()} tokens"
    return None


def stated_unit(text: str) -> str | None:
    """A vocabulary unit, else the page's own word after "price /" or "amount /" (`OWN_UNIT`)."""
    unit = usage_unit(text)
    if unit is not None:
        return unit
    match = OWN_UNIT.search(text)
    if match is None or NOT_A_UNIT.match(match.group("unit")) or tail_period(f"/{match.group('unit')}") is not None:
        return None  # "$149.99/mes": a period in the page's language, no unit
    return match.group("unit").casefold()


def unit_for(dimension: str | None, unit: str | None) -> str | None:
    """Thousands of calls of a search service are thousands of searches; an image price that says no unit
    ("Image models" over a bare "$0.01") is per image."""
    if dimension == "search" and unit == "1K requests":
        return "1K searches"
    if dimension == "image" and unit is None:
        return "image"
    return unit


# -- priced dimensions --------------------------------------------------------------------------

OWN_NAME = ""
"""The dimension of a column the vocabulary recognises but must not merge into a common name (explicit cache
reads beside implicit ones, audio cache hits): it keeps its own header's name (`slug`)."""

_AUDIO = r"(?<!非)(?:音频|语音)|(?<!non-)(?<!non )\baudio\b"
_QUALIFIED = r"\s*[(（]\s*"
DIMENSION_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"cache\s*miss|缓存未命中", re.I), "input"),
    (re.compile(r"显式缓存(?:命中|读取)|explicit\s+cach\w*\s*(?:hit|read)", re.I), OWN_NAME),
    (re.compile(rf"(?:缓存|cache)[^()（）]*?{_QUALIFIED}(?:{_AUDIO})", re.I), OWN_NAME),
    (
        re.compile(
            r"cach(?:e[sd]?|ing)[\s_-]*(?:input[\s_-]*)?(?:write|writes|writing|creation|storage|store)|"
            r"缓存(?:写入|存储|创建)|緩存(?:寫入|存儲|創建)",
            re.I,
        ),
        "cache_write",
    ),
    (
        re.compile(
            r"cached|cache\s*(?:hit|hits|read|reads|input)|缓存命中|命中缓存|缓存读取|cache\b|\bcaching\b", re.I
        ),
        "cached_input",
    ),
    (re.compile(rf"audio\s*(?:input|in)\b|音频输入|(?:输入|\binput){_QUALIFIED}(?:{_AUDIO})", re.I), "audio_input"),
    (re.compile(rf"audio\s*(?:output|out)\b|音频输出|(?:输出|\boutput){_QUALIFIED}(?:{_AUDIO})", re.I), "audio_output"),
    (re.compile(r"\binput|\bprompt|输入|入力", re.I), "input"),
    (re.compile(r"\boutput|\bcompletion|\bgeneration\b|输出|出力", re.I), "output"),
    (re.compile(r"train|fine[- ]?tun|训练|精调|微调", re.I), "training"),
    (re.compile(r"\bimage|图片|图像", re.I), "image"),
    (re.compile(r"\bvideo|视频", re.I), "video"),
    (re.compile(r"语音合成|声音|音乐|\bmusic\b|\bspeech\b|text[- ]to[- ]speech|\btts\b", re.I), "audio_output"),
    (re.compile(_AUDIO, re.I), "audio_input"),
    (re.compile(r"web\s*search|\bsearch|搜索|联网", re.I), "search"),
    (re.compile(r"\brequests?\b|\bcalls?\b|调用", re.I), "request"),
    (re.compile(r"\bstorage\b|存储", re.I), "storage"),
)
NOT_A_PRICE = re.compile(
    r"context(?!\s*caching)|window|max(?:imum)?\s+(?:output|tokens)|rate\s*limit|\brpm\b|\btpm\b|latency|上下文|长度|"
    r"description|features?|modalit|capabilit|knowledge|release|version|参数|tier\s+limit|"
    r"\bper\s*(?:\$|€|£|us\$)\s*1\b|\bper\s+(?:dollar|euro)\b",  # "Output per $1": how much a dollar buys
    re.I,
)
_UNIT_TEXT = re.compile(
    r"[(（][^()（）]*(?:元|\$|€|¥|￥|USD|CNY|EUR|RMB|美元|tokens?|token)[^()（）]*[)）]"
    r"|(?:元|美元|USD|CNY|EUR|RMB)\s*/\s*\S+(?:\s+tokens?)?\s*$",
    re.I,
)


def slug(text: str) -> str:
    """A header as a dimension name: its unit and currency note dropped, every other run of non-word
    characters one `_` ("缓存命中(音频) 元/百万token" is `缓存命中_音频_`, "Estimated cost" `estimated_cost`)."""
    name = _UNIT_TEXT.sub(" ", text).strip()
    return re.sub(r"\W+", "_", name.casefold()).lstrip("_")


MODEL_SIDES = frozenset({"input", "output", "cached_input", "cache_write", "audio_input", "audio_output", "image"})
"""The sides of a model's price a bare key names over its usage price: a plan card's name or tagline over its
hourly price ("适合中型训练任务" over "¥2.50/小时", "Pay per call" over "$0.02 / call") names a plan, not a
dimension, so keys naming training, requests or storage count only with their colon."""
TOKEN_SIDES = MODEL_SIDES - {"image"}
"""The sides of a model's token price (input, cached input, cache write, output, audio): a label keys one on a
model card before the unit they share is said once ("Input: $30.00", "USD / 1M tokens" under the cells)."""


def dimension_of(header: str) -> str | None:
    """The priced dimension a column header or row label names; None when it names none we know, and
    `OWN_NAME` when it names one that keeps its own name."""
    for pattern, dimension in DIMENSION_PATTERNS:
        if pattern.search(header):
            return cache_write_kind(header) if dimension == "cache_write" else dimension
    return None


CACHE_LIFETIME = re.compile(
    r"(?<![\w.])(?P<n>\d{1,3})\s*-?\s*(?P<u>m|min|mins|minutes?|h|hr|hrs|hours?|分钟|分鐘|小时|小時)(?![a-z])", re.I
)
"""How long a cache write keeps its entry ("5m Cache Writes", "1h Cache Write", "1-hour cache write")."""
DEFAULT_CACHE_MINUTES = 5


def cache_write_kind(header: str) -> str:
    """`cache_write` for the default (five-minute, or unstated) cache lifetime; a write kept longer or
    shorter is a dimension of its own, named by its lifetime (`cache_write_1h`, `cache_write_30m`), so a
    page's two cache-write prices are two entries, not one price seen twice."""
    match = CACHE_LIFETIME.search(header)
    if match is None:
        return "cache_write"
    number, unit = int(match.group("n")), match.group("u").casefold()
    hours = unit.startswith("h") or unit in ("小时", "小時")
    if not hours and number == DEFAULT_CACHE_MINUTES:
        return "cache_write"
    if not hours and number % 60 == 0:
        number, hours = number // 60, True
    return f"cache_write_{number}{'h' if hours else 'm'}"


# -- billing periods in the languages of the pages we read ---------------------------------------

TAIL_PERIODS: tuple[tuple[re.Pattern[str], Period], ...] = (
    (
        re.compile(
            r"/\s*mo\b|/\s*mth\b|/\s*month|\bper\s+month|\ba\s+month|\bmonthly\b|\bmo\b|"
            r"/\s*monat|\bpro\s+monat|\bim\s+monat|\bmonatlich|/\s*mon\b|\bmon\.|/\s*mois|\bpar\s+mois|\bmensuel|"
            r"/\s*mes\b|\bal\s+mes\b|\bpor\s+mes\b|\bmensual|/\s*mese|\bal\s+mese|/\s*mês|\bpor\s+mês|\bmensal\b|"
            r"/\s*月|每月|毎月|月额|月額|月間|/\s*maand|\bper\s+maand|/\s*mnd\b|\bper\s+mnd\b|/\s*ay\b|\baylık|\bayda\b|"
            r"/\s*tháng|\bmỗi\s+tháng|\bhàng\s+tháng|/\s*(?:bulan|bln)\b|\bper\s*bulan\b|\bsebulan\b|\bbulanan\b|"
            r"/\s*mies(?:\.|iąc\b|\b)|\bmiesięcznie\b|\bna\s+miesiąc\b|"
            r"/\s*월(?![가-힣])|월간|매월|월\s*요금|월\s*단위|/\s*(?:माह|महीना)|प्रति\s*(?:माह|महीना)|मासिक|"
            r"/\s*мес(?:яц|\.)?(?![а-яё])|\bв\s+месяц\b|\bежемесячно\b|"
            r"/\s*شهر(?![\u0621-\u064a])|شهري(?:ة|ًا|اً|ا)?(?![\u0621-\u064a])|/\s*lun[aă](?![^\W\d_])|"
            r"/\s*ماه(?![\u0600-\u06ff])|ماهانه|"  # Persian: "۲٬۰۰۰٬۰۰۰ تومان/ماه", "ماهانه" (monthly)
            r"\bмісячн\w*|\bщомісяця\b|/\s*міс(?:яць|\.)?(?![а-яєіїґ])|"
            r"/\s*(?:mesiac|měsíc|mesiác|měs|mes\.)(?![^\W\d_])|\bmesačne\b|\bměsíčně\b|\bmesiačne\b|"
            r"/\s*(?:mån|månad|måned|md|kk|kuukausi|kuu)(?![^\W\d_])|\b(?:per|pr\.?|i|om)\s+(?:månad|måned|måneden|månaden)\b|"
            r"/\s*(?:first|1st)\s+month\b|\b(?:primer|primeiro)\s+m[eê]s\b|\bpremier\s+mois\b|\bersten\s+monat\b|"
            r"\bop\s+maandbasis\b|\bmaandelijks\b|"  # an introductory month's price; Dutch; Nordic below
            r"\bmånadsvis\b|\bmånedlig\b|\bkuukaudessa\b",
            re.I,
        ),
        "month",
    ),
    (
        re.compile(
            r"/\s*yr\b|/\s*year|\bper\s+year|\ba\s+year|\bannual(?:ly)?\b|\byearly\b|/\s*annum|"
            r"/\s*jahr|\bpro\s+jahr|\bjährlich|/\s*an\b|\bpar\s+an\b|/\s*ann[ée]e\b|\bpar\s+ann[ée]e\b|\bannuel|/\s*año|\bal\s+año|\banual|/\s*ano\b|\bpor\s+ano\b|"
            r"/\s*anno|/\s*年|每年|毎年|年额|年額|年間|/\s*jaar|\bper\s+jaar\b|/\s*yıl|\byıllık|"
            r"/\s*năm\b|\bmỗi\s+năm|\bhàng\s+năm|/\s*(?:tahun|thn)\b|\bper\s*tahun\b|\bsetahun\b|\btahunan\b|/\s*rok\b|\brocznie\b|\bna\s+rok\b|"
            r"/\s*(?:년|연)(?![가-힣])|연간|매년|첫\s*해|연\s*요금|(?<!\d)(?:1\s*)?년\s*단위|연\s*단위|/\s*(?:वर्ष|साल)|प्रति\s*(?:वर्ष|साल)|वार्षिक|"
            r"/\s*год(?![а-яё])|\bв\s+год\b|\bежегодно\b|"
            r"/\s*(?:سنة|عام)(?![\u0621-\u064a])|سنوي(?:ة|ًا|اً|ا)?(?![\u0621-\u064a])|/\s*سال(?![\u0600-\u06ff])|سالانه|"
            r"\bрічн\w*|\bщорічно\b|/\s*рік(?![а-яєіїґ])|"
            r"\bročne\b|\bročně\b|"
            r"\bop\s+jaarbasis\b|\bjaarlijks\b|/\s*(?:år|vuosi)(?![^\W\d_])|\b(?:per|pr\.?|om|i)\s+år(?:et)?(?![^\W\d_])|\bårlig(?:en)?\b|\bvuodessa\b",
            re.I,
        ),
        "year",
    ),
    (
        re.compile(
            r"\bone[- ]time\b|\blifetime\b|\beinmalig|\blebenslang|\bunique\b|一次性|買い切り|永久|مر\u0651?ة\s+واحدة|"
            r"^\s*set-?up(?:\s+fee)?\b|"  # "$2,000 setup" under "$500/mo": the plan's one-time setup fee
            r"^\s*(?:de\s+)?(?:configuraci[oó]n|instalaci[oó]n|implementaci[oó]n|activaci[oó]n|configuraç[aã]o|"
            r"instalaç[aã]o|implementaç[aã]o|implantaç[aã]o|setup)\b|"  # "+ $249 de configuración": its setup fee
            r"^\s*(?:de\s+)?frais\s+(?:d['’]\s*(?:installation|activation|intégration)|de\s+mise\s+en\s+(?:place|service))\b|"
            r"^\s*(?:einmalige\s+)?einrichtung(?:sgebühr)?\b|"  # "499$ frais d'installation", "299 € Einrichtung"
            r"\bpago\s+[uú]nico\b|\b[uú]nico\s+pago\b|\bpagamento\s+[uú]nico\b|\buna\s+tantum\b|/\s*[uú]nic[oa]\b|"
            r"\btek\s+seferlik\b|\bömür\s+boyu\b|\bengångs|\bengang\b|/\s*ltd\b|"  # "$499/ltd": a lifetime deal
            r"^[\s,]*once\b(?!\s+(?:a|per|every)\b)",  # "$3,500, once"; "once a year" is yearly
            re.I,
        ),
        "one_time",
    ),
)
ASKING = re.compile(
    r"[?？]|\b(?:which|what|how|welche[rsn]?|quel(?:le)?s?|qual|cuál|quale)\b|어떤|어느|どの|どれ|哪个|哪個|哪种|哪種|什么|什麼",
    re.I,
)
"""A heading that asks rather than names ("Which plan is right for you", "어떤 플랜이 맞을지 모르겠다면": if you are
not sure which plan fits), with or without its question mark: a call to action, never a plan's name."""
TIME_UNITS = frozenset({"hour", "minute", "second"})
"""Units that are a rate of time (a GPU by the hour, speech by the minute): a page states them once for a run
of price rows or grids."""
_SEAT = (
    r"seat|editor|platz|sitz|sitzplatz|werkplek|werkplaats|koltuk|siège|asiento|"
    r"席|シート|エディタ|エディター|編集者|좌석"
)
_USER = (
    r"user|member|nutzer|benutzer|person|utilisateur|usuario|membre|miembro|kullanıcı|viewer|用户|人|"
    r"ユーザー|視聴者|メンバー|사용자|유저|멤버|пользовател[а-яё]*|польз\.?|сотрудник[а-яё]*|کاربر|مستخدم|"
    r"employee|employé|employe|utente|usuário|colaborador|empleado|funcionário|mitarbeiter|"
    r"mitarbeitende[rn]?|dipendente|kişi|temsilci(?:si)?|licen[cs]e|licencia|licença|lizenz|licenza|"
    r"ผู้ใช้|người\s+dùng|pengguna|użytkownik\w*|uživatel\w*|användare|bruker|bruger|käyttäjä\w*|gebruiker|"
    r"користувач\w*|χρήστη|משתמש|उपयोगकर्ता|使用者"
)
TAIL_UNIT = re.compile(
    rf"(?:\bper|(?<![^\W\d_]{{2}}s\s)/|\beach|\ba|\bpro|\bpar|\bpor|\bpr\.|\bза|به\s+ازای\s+هر|لكل|每|"
    rf"\bfor(?=\s+(?:additional|extra)\b))"
    rf"\s*(?:(?:additional|extra)\s+)?(?:(?:team|staff)\s+)?(?P<pre>{_SEAT}|{_USER})(?:s|en|e)?\b"
    rf"|(?P<post>{_SEAT}|{_USER})(?:\s*(?:ごと|毎|あたり|başına|당)|s?\s*/\s*[^\W\d_])"
    r"|(?:/|每|每一)\s*[名位个個]?[\u4e00-\u9fff]{0,4}?(?P<cjk>人员|人員|用户|用戶|使用者|成员|成員|员工|員工|人|座席|席)",
    re.I,
)
"""Per whom: "/Platz", "per editor", "per staff member", "per additional member" or "for additional users" (what
one more seat costs, geniussheets-en), "ユーザーごと", the
Russian "/польз./мес", "/пользователь", "за сотрудника", Persian "به ازای هر کاربر", Arabic "لكل مستخدم",
Korean "/사용자/월" and "사용자당", the Chinese counter-and-noun forms ("/名醫療人員", "每位用户", "/人"), and a
person's word before a slashed period ("Licence/mois" under manageti-fr's price, "user/month"). A slash right after a
plural noun joins two things a plan allows ("Unlimited projects / users") and is no "per"."""
SEAT_WORDS = re.compile(rf"^(?:{_SEAT})$", re.I)
PERSON_THEN_PERIOD = re.compile(
    rf"^\s*(?-i:[A-Z]{{3}}\s+)?(?P<who>{_SEAT}|{_USER})s?\s+(?:(?:cost|price|fee)\s+)?(?:per|a|an|each)\s+"
    r"(?:month|year|annum|week|day|mo|yr)\b",
    re.I,
)
"""A line under a price opening with the person it is for, then its period ("₹800 INR" over "Seat per month, 2 seats
max", "Seat cost per month"): per that seat or user."""
ADDED_SEAT = re.compile(
    rf"\b(?:per|each|for\s+each)\s+(?:additional|extra)\s+(?:team\s+)?(?:{_SEAT}|{_USER})s?\s*\.?\s*$", re.I
)
"""A line ending in what one more seat costs ("$15/mo per additional member", "+$4.99/mo per additional team
member.")."""
PERIOD_MARK = re.compile(r"^\s*/\s*(?:mo|month|yr|year)\.?(?=\s*[·•|])", re.I)
"""A slashed period set off from what follows by a dot ("/yr · per machine"): the words after the dot say per
what the price is, each period."""
_PER_NOUN = re.compile(r"\bper\s+(?:[a-z]+\s+){0,2}?(?P<noun>[a-z]{3,})\b(?!\s+(?-i:[a-z]))", re.I)
_NOT_A_NOUN = re.compile(
    r"^(?:month|year|annum|day|week|hour|minute|second|mo|yr|cent|percent|unit|time|use|"
    r"mese|mesi|anno|mes|año|mois|an|monat|jahr|bulan|bln|tahun|thn|life|lifetime|forever|"
    r"maand|jaar|week|dag|uur|måned|månad|år|kuukausi|vuosi|miesiąc|rok|mesiac|měsíc|"
    r"monthly|yearly|annually|weekly|daily|hourly)s?$",
    re.I,
)
"""Words after "per" that are no unit: periods (in the languages of the pages: Dutch "per maand", Nordic "per
måned"), amounts, uses, and how long a free plan lasts ("$0.0 per life")."""


_OWN_CJK_UNIT = re.compile(r"^\s*(?:/|每)\s*(?P<noun>[\u4e00-\u9fff]{2,6})(?![\u4e00-\u9fff])")
"""A Chinese noun right after the amount's slash ("$0 / 房源 / 月", "$10 / 派单任务"): per what, in the page's word.
A counter-and-noun form ("/名講師") is per whom, which only `TAIL_UNIT`'s people words answer; a price per credit
("¥0.48/积分") is a pack's price divided, not a unit of a plan."""
_NOT_A_CJK_UNIT = re.compile(
    r"^(?:[名位个個]|积分|積分|点数|點數|额度|額度|个月|個月|小时|小時|分钟|分鐘|季度|星期|每月|每年|按月|按年|一次|永久|终身|終身|"
    r"月額|年額|月额|年额|月付|年付|月間|年間|月払い|年払い|毎月|毎年)"
)
_JE_NOUN = re.compile(r"(?:^|[,;]\s*)je\s+(?P<noun>[^\W\d_]{3,})\b", re.I)
"""German "je Branche" after the period ("€149 / Monat, je Branche"): per what."""
_NOT_A_JE_NOUN = re.compile(r"^(?:monat|jahr|woche|tag|stunde|minute|sekunde|nutzer|benutzer|platz|sitz)", re.I)


_OWN_SLASH_UNIT = re.compile(
    r"^\s*/\s*(?P<noun>[a-zà-öø-ÿ\u0100-\u017f\u0430-\u044f\u0451\u0454\u0456\u0457\u0491\u0621-\u064a]{3,20})(?![\w-])(?!\s+(?:hours?|hrs?)\b)",
    re.I,
)
"""A word of its own right after the amount's slash ("$999/projeto", "€49 / Projekt", "/مركبة", "/ проверка"),
whatever follows it: a slashed period in any of the pages' languages ("$490/site/month", "sitio/mes") or what is
counted per it ("$5 / TiB / copy / month"): per what, in the page's word."""
_OWN_SLASH_ABBREVIATION = re.compile(r"^\s*(?P<code>[A-Z]{3})?\s*/\s*(?P<noun>[A-Z]{2,4})\s*(?=/\s*[^\W\d_])")
"""An abbreviation in capitals between the amount's slash and a slashed period, maybe after the currency's code
("$2.99 NZD/PC/Month", pxepro-en): per what, as written; one word between two slashes says so though it is short."""
_NOT_A_SLASH_UNIT = re.compile(
    r"^(?:week|woche|semaine|semana|settimana|day|dia|día|tag|jour|giorno|hour|hora|stunde|heure|ora|"
    r"min|mins|minute|minuto|sec|second|mês|mes|ano|año|mois|mese|anno|jaar|maand|mnd|"
    r"tháng|năm|bulan|tahun|mies|miesiąc|rok|"
    r"qtr|quarter|quarterly|quartal|trimestre|trimester|semester|semestre|biennium|monthly|yearly|annually|annual|"
    r"weekly|daily|ltd|lifetime|once|onetime|while|until|only|starting|from|"
    r"credits?|crédito|créditos|credito|crediti|token|tokens|unit|einheit|unidad|unidade|"
    r"para|por|pour|per|pro|für|for|the|und|and|avec|with|first|primer|primeiro|premier|erste|primo|"
    r"forever|siempre|sempre|toujours|immer|always|lifetime|life|vida|vie|"
    r"free|gratis|gratuit|gratuito|gratuita|grátis|kostenlos|"
    r"tek|her|bir|ömür|süresiz|ücretsiz|"
    r"день|дня|дней|сутки|неделя|неделю|нед|месяц|мес|год|квартал|навсегда|бесплатно|для|все|"
    r"тиж|тиждень|міс|місяць|рік|дн|безкоштовно|"
    r"payment|paiement|pago|pagamento|zahlung|betaling|achat|compra|purchase|acquisto|[uú]nic[oa])s?$",
    re.I,
)
"""Words after the slash that are no plan's unit: periods in the pages' languages (a quarter or half year too:
"$25 /qtr" says per when, in a period the labels have no value for, so it is no unit), credits (a pack's price
divided), tokens, the small words of "/ para siempre", "/ forever", and the word free where a free card's price
box keeps the paid cards' "$59/ Month" layout ("$ 00/ Free"), and how it is paid ("149€ / paiement unique", "/ pago
único", qrevent-fr: a one-time payment; "/único" alone, preuniversitaria-es): what the price is, not per what."""


def own_tail_unit(tail: str) -> str | None:
    """Per what a plan price is when the vocabulary has no word for it: "/ 房源", "/projeto", "je Branche"."""
    cjk = _OWN_CJK_UNIT.match(tail)
    if cjk and not _NOT_A_CJK_UNIT.match(cjk.group("noun")) and usage_unit(cjk.group(0)) is None:
        return cjk.group("noun")
    abbreviation = _OWN_SLASH_ABBREVIATION.match(tail)
    if (
        abbreviation
        and abbreviation.group("noun") not in ISO_CODES
        and (abbreviation.group("code") or "USD") in ISO_CODES
        and usage_unit(f"/{abbreviation.group('noun')}") is None  # "/GB/mo": a unit the vocabulary knows
    ):
        noun = abbreviation.group("noun")
        return noun.casefold() if re.fullmatch(r"[KMGTP]i?B", noun) else noun  # "/TB/month" is per `tb`, as labelled
    word = _OWN_SLASH_UNIT.match(tail)
    if (
        word
        and word.group("noun") not in ISO_CODES  # "+500 SEK / NOK": the same price in another currency, no unit
        and not _NOT_A_SLASH_UNIT.match(word.group("noun"))
        and not _NOT_A_NOUN.match(word.group("noun"))
        and tail_period(word.group(0)) is None
        and usage_unit(word.group(0)) is None
    ):
        return word.group("noun").casefold()
    je = _JE_NOUN.search(tail.strip()[:40])
    if je and not _NOT_A_JE_NOUN.match(je.group("noun")):
        return je.group("noun").casefold()
    return None


_CJK_PER_LATIN = re.compile(r"^\s*每\s*(?P<noun>[A-Za-z]{2,12})(?=\s*/\s*[月年天日周])")
"""A Latin unit after "每" and before a Chinese period ("每GB/月"): the plan's unit as written, beside the period."""


_POR_NOUN = re.compile(
    r"^\s*(?:/\s*(?P<period>[^\W\d_]{1,8})\.?\s+|(?i:mensual|mensal|mensuel|anual|annuel)\s+)?(?:[A-Z]{3}\s+)?"
    r"(?:por|par)\s+(?:cada\s+|chaque\s+)?"
    r"(?P<noun>[^\W\d_]{2,20})\b"
)
"""Spanish and Portuguese "por", French "par", and a noun after the price, its slashed period or its currency's
code ("$99/mes" over "USD por propiedad", "R$ 49,90 / mês por PC", "19 $/mois par champ") or its period's word
("$0.75" "mensual por estudiante activo"): per what, in the page's word."""
_PRO_NOUN = re.compile(
    r"^\s*(?:/\s*(?P<period>[^\W\d_]{1,8})\.?\s+)?(?-i:pro)\s+(?:(?-i:[a-zäöüß]+)\s+){0,2}"
    r"(?P<noun>(?-i:[A-ZÄÖÜ][a-zäöüß]{2,20}))(?![\w-])"
)
"""German "pro" (lower case: "Pro" names a plan) and the noun after it, capitalised as German nouns are, past the
words before it ("7 €" over "pro Immobilie / Monat", "2 € pro gebuchtem Slot"): per what, in the page's word."""
_BASINA_NOUN = re.compile(r"(?<![^\W\d_])(?P<noun>[^\W\d_]{2,20})\s+başına(?![^\W\d_])", re.I)
"""Turkish "<noun> başına" (per that noun) after the price or under it ("* Şube başına fiyatlandırılır": priced per
branch): per what, in the page's word; per person words are `user` (`TAIL_UNIT`)."""
_NOT_A_POR_NOUN = re.compile(
    r"^(?:mes|meses|mês|año|años|ano|anos|día|dia|días|dias|semana|semanas|hora|horas|minuto|minutos|segundo|"
    r"trimestre|semestre|vida|siempre|sempre|favor|ejemplo|exemplo|ciento|cento|cada|el|la|los|las|o|a|os|as|un|"
    r"una|um|uma|solo|só|apenas|defecto|padrão|lo|tiempo|tempo|encima|fin|tu|mi|su|se|ya|"
    r"mois|an|ans|année|années|jour|jours|heure|heures|seconde|secondes|le|les|l|une|exemple|défaut|"
    r"mail|email|e|carte|virement|chèque|cheque|tarjeta|transferencia|cartão|boleto|pix|téléphone|teléfono|telefone|"
    r"monat|jahr|woche|tag|stunde|minute|sekunde|quartal|halbjahr|jahrzehnt)$",
    re.I,
)
"""Words after "por" or "par" that are no unit: periods, how long a free plan lasts, how one pays ("par carte"),
and the small words of phrases."""


OVERAGE_AFTER_NOUN = re.compile(r"(?<=[a-z])\s+(?:overages?|extra)\b", re.I)


def tail_unit(tail: str) -> str | None:
    """Per whom or what a plan price is: `seat` ("/Platz", "エディタごとに"), `user` ("pro Benutzer",
    "/ Nutzer"), else the noun after "per" as written ("per PRD cluster" is `cluster`, "per credit overage" is
    `credit`: the word after it says what the price is, past the allowance, not per what). The account that
    subscribes ("per workspace", "por organización/mes") is no unit: one subscription each, a flat price."""
    unit = _tail_unit(tail)
    return None if unit is not None and ACCOUNT_NOUN.fullmatch(unit) else unit


ACCOUNT_NOUN = re.compile(
    r"workspaces?|organi[sz]ations?|organizaci[óo]n|organiza[çc][ãa]o|organisation|organizzazione|accounts?|"
    r"cuenta|conta|compte|konto|compan(?:y|ies)|empresas?|entreprises?|unternehmen",
    re.I,
)


LEADING_CODE = re.compile(r"^\s*(?P<code>[A-Z]{3,4})(?=\s*(?:/|per\b))")
"""A currency's code written after the amount, before what the price is per ("৳0.20 BDT / SMS", "$5 USD per
seat", a dollar stablecoin's "$50" over "USDC per course"): the money's name, said again, not where the unit
starts."""
DOLLAR_COINS = frozenset({"USDC", "USDT"})
"""Stablecoins pegged to the US dollar, named after a "$" amount as a currency's code is."""


def _tail_unit(tail: str) -> str | None:
    if (code := LEADING_CODE.match(tail)) is not None and code.group("code") in ISO_CODES | DOLLAR_COINS:
        tail = tail[code.end() :]
    tail = OVERAGE_AFTER_NOUN.sub("", tail)
    if (lead := PERSON_THEN_PERIOD.match(tail)) is not None:
        return "seat" if SEAT_WORDS.match(lead.group("who")) else "user"
    match = TAIL_UNIT.search(tail)
    if match:
        word = match.group("pre") or match.group("post") or match.group("cjk")
        return "seat" if SEAT_WORDS.match(word) or word.endswith("席") else "user"
    counted = COUNTED_NOUN.match(tail)
    noun = counted.group("noun") if counted is not None else ""
    if counted and not (NOT_A_COUNTED_NOUN.match(noun) or _NOT_A_NOUN.match(noun) or _NOT_A_SLASH_UNIT.match(noun)):
        return f"{_count(counted.group('count'))} {COUNTED_ALIASES.get(noun.casefold(), noun.casefold())}"
    before = _per_noun_before_period(tail)
    if before is not None:
        return before
    latin = _CJK_PER_LATIN.match(tail)
    if latin is not None:
        return latin.group("noun").casefold()  # "¥0.15" over "每GB/月，高性能SSD存储": per `gb`, monthly
    # "$49.99 · Per Consultation": a dot sets it off; "$29" "/yr · per machine": after the period too
    noun = _PER_NOUN.match(PERIOD_MARK.sub("", tail).strip().lstrip("·•|").lstrip())
    first = re.match(r"\s*per\s+([a-z]+)", tail, re.I)
    if first and _NOT_A_NOUN.match(first.group(1)):
        return None  # "Per Year": a period, and what follows it is another line's text
    if noun and not _NOT_A_NOUN.match(noun.group("noun")):
        return noun.group("noun").casefold().removesuffix("s")
    basina = _BASINA_NOUN.search(tail[:60])
    if basina and not _NOT_A_NOUN.match(basina.group("noun")):
        return basina.group("noun").casefold()
    for said in (_POR_NOUN.match(tail), _PRO_NOUN.match(tail)):
        if said and not _NOT_A_POR_NOUN.match(said.group("noun")) and tail_period(f"/{said.group('period') or 'mes'}"):
            return said.group("noun").casefold()
    return own_tail_unit(tail) or _noun_after_period(tail)


_PERIOD_THEN_NOUN = re.compile(
    r"^\s*/\s*(?P<period>[^\W\d_]{1,8})\.?\s*(?:/\s*|(?-i:per)\s+)(?P<noun>[^\W\d_]{3,20})(?![\w-])", re.I
)


def _noun_after_period(tail: str) -> str | None:
    """The noun after a slashed period, slashed again or after "per" ("$30" "/month/elder", "€20" "/ maand per
    kassa"): per what, each period, in the page's word, a person `user` ("/ mois / utilisateur"). "Per" in capitals
    opens a sentence of its own ("/mo" over "Per category. Month to month"), a note, not the unit."""
    match = _PERIOD_THEN_NOUN.match(tail)
    if match is None or tail_period(f"/{match.group('period')}") is None:
        return None
    noun = match.group("noun")
    if _NOT_A_NOUN.match(noun) or _NOT_A_SLASH_UNIT.match(noun) or noun in ISO_CODES or tail_period(f"/{noun}"):
        return None
    return tail_unit(f"/{noun}") or noun.casefold()


COUNTED_NOUN = re.compile(
    r"^[\s,]*(?:per|/)\s*(?P<count>\d{1,3}(?:[,.\s]\d{3})+|\d{2,7}|\d+(?:\.\d+)?\s?[KkMm])\s+"
    r"(?P<noun>[^\W\d_]{3,20})\b(?!\s+tokens?\b)",
    re.I,
)
"""A price per a count of something ("₹350, per 1000 Bills", "$15 per 1,000 surveys", "per 500 sends"): per that
many, the count written as the labels write it ("1K bills", "500 sends")."""


NOT_A_COUNTED_NOUN = re.compile(
    r"(?:tokens?|tok|characters?|chars?|days?|d[ií]as|gün|дн\w*|hari|tage?n?|jours?|giorni|dagen|dni|nights?|"
    r"kredi\w*|krediet\w*|кредит\w*|users?|seats?)$",
    re.I,
)
"""Counts that are no unit of what is sold: tokens (read by `usage_unit`), a duration ("per 30 days", "15 días":
how long), credits in any language ("60 kredi": what a pack holds) and people (`TAIL_UNIT`)."""
COUNTED_ALIASES = {"calls": "requests", "call": "requests"}
"""A call to an API is a request, as the labels name it ("$1 per 1,000 calls" is per `1K requests`)."""


def _count(text: str) -> str:
    """A count as units write it: 1000 is "1K", a million "1M", "1k" "1K"; any other count as it is."""
    digits = re.sub(r"[,.\s]", "", text)
    if digits.isdigit():
        number = int(digits)
        for size, mark in ((1_000_000, "M"), (1000, "K")):
            if number >= size and number % size == 0:
                return f"{number // size}{mark}"
        return str(number)
    return text.replace(" ", "").upper()


_PER_WORDS = re.compile(r"\s*per\s+(?P<words>(?:[^\W\d_]+\s+){1,3})", re.I)


def _per_noun_before_period(tail: str) -> str | None:
    """The noun after "per" when a billing period follows it ("per agente al mese", "per PRD cluster per
    month"): the period ends the unit, whatever text of later lines comes after it."""
    match = _PER_WORDS.match(tail)
    if match is None:
        return None
    words: list[str] = str(match.group("words")).split()
    for at, noun in enumerate(words):
        rest = (" ".join(words[at + 1 :]) + " " + tail[match.end() :]).lstrip()
        if len(noun) < 3 or _NOT_A_NOUN.match(noun):
            return None
        if any((found := pattern.search(rest)) is not None and found.start() == 0 for pattern, _ in TAIL_PERIODS):
            return noun.casefold().removesuffix("s")
    return None


_PERIOD_PRICE_WORD = rf"{PRICE_NOUN}|{PRICE_GLYPHS}|fee|rate|gebühr|beitrag|tarif|价"
_PERIOD_HEADER_WORDS: tuple[tuple[str, Period], ...] = (
    (
        r"monthly|per\s+month|a\s+month|month|/\s*mo(?:nth)?|monats|monat|monatlich|mensuel(?:le)?|mois|"
        r"mensual|mes|mensile|mese|mensal|mês|maandelijks|maand|aylık|ay|월간?|月額|月额|月付|月費|月费|按月|毎月|"
        r"月払い|每月|月|per\s*bulan|bulanan|bulan",
        "month",
    ),
    (
        r"yearly|annual(?:ly)?|per\s+year|a\s+year|year|/\s*yr|jahres|jahr|jährlich|annuel(?:le)?|an|année|"
        r"anual|año|annuale|anno|ano|jaarlijks|jaar|yıllık|yıl|연간|年額|年额|年付|年費|年费|按年|毎年|"
        r"年払い|每年|年|per\s*tahun|tahunan|tahun",
        "year",
    ),
)
PERIOD_HEADER: tuple[tuple[re.Pattern[str], Period], ...] = tuple(
    (
        re.compile(
            rf"^(?:(?:{_PERIOD_PRICE_WORD})\s*(?:per\s+|pro\s+|par\s+|por\s+|al\s+|/\s*)?)?(?:{words})"
            rf"(?:\s*(?:{_PERIOD_PRICE_WORD}))?$",
            re.I,
        ),
        period,
    )
    for words, period in _PERIOD_HEADER_WORDS
)
"""A column header that names a billing period and nothing else ("Monthly price", "Jahrespreis", "Prix par an",
"月額", "年付价格"): the plan's price for that period, in a table of plans."""


def header_period(header: str) -> Period | None:
    """The billing period a column header names, its currency or unit note in brackets left aside, and
    a currency it names by its code ("Annual EUR")."""
    text = re.sub(r"[(（][^()（）]*[)）]", " ", header)
    text = re.sub(r"[$€£¥￥*:：]", " ", text)
    text = " ".join(word for word in text.split() if word not in ISO_CODES)
    text = re.sub(r"\s+", " ", text).strip()
    for pattern, period in PERIOD_HEADER:
        if pattern.match(text):
            return period
    return None


def tail_period(tail: str) -> Period | None:
    """The billing period a price's tail names first ("/mo", "pro Monat", "/yıl", "Lebenslange Lizenz")."""
    period: Period | None = None
    first = len(tail) + 1
    for pattern, name in TAIL_PERIODS:
        found = pattern.search(tail)
        if found and found.start() < first:
            period, first = name, found.start()
    return period


RIBBON = re.compile(
    r"^(?:[^\w\s]\s*)*"  # a star or emoji before the word ("⭐ Mejor Valor")
    r"(?:(?:most\s+)?popular|recommended|best\s+(?:value|deal|seller|choice)|bestseller|new|hot|featured|"
    r"mejor\s+(?:valor|opci[oó]n|precio)|melhor\s+(?:valor|escolha|op[cç][aã]o|pre[cç]o)|"
    r"miglior\s+(?:valore|scelta|prezzo)|meilleure?\s+(?:choix|prix|offre|affaire|rapport\s+qualit[eé][\s-]prix)|"
    r"most\s+(?:chosen|loved|selected)(?:\s+plan)?|(?:our\s+)?(?:top\s+)?pick|"
    # the customer's current plan, a state and never a name ("✓ PLAN ACTUEL", dsm-fr)
    r"(?:your|current)\s+(?:plan|package|subscription)|現在の(?:ご利用)?プラン|当前(?:套餐|方案)|"
    r"(?:plan|forfait|formule|offre)\s+actuel(?:le)?|(?:votre|ton)\s+(?:plan|forfait|formule|offre)|"
    r"aktuelle[rs]?\s+(?:plan|paket|tarif|abo)|(?:ihr|dein)\s+(?:plan|paket|tarif|abo)|"
    r"(?:plan|paquete)\s+actual|(?:tu|su)\s+plan|plano\s+atual|(?:seu|teu)\s+plano|piano\s+attuale|il\s+tuo\s+piano|"
    r"huidig(?:e)?\s+(?:plan|pakket|abonnement)|текущий\s+(?:тариф|план)|ваш\s+(?:тариф|план)|"
    r"mevcut\s+plan(?:ınız)?|gói\s+hiện\s+tại|현재\s*플랜|"
    r"save\s+\d+\s*%|-?\d+\s*%\s*(?:off|rabatt)?|"
    r"empfohlen|beliebt(?:este?)?|meistgewählt|recommandé|populaire|(?:le\s+)?plus\s+populaire|recomendado|"
    r"m[aá]s\s+popular|popolare|consigliato|aanbevolen|populair|おすすめ|人気|一番人気|推荐|推薦|热门|熱門|最受欢迎|"
    r"最受歡迎|인기|추천|coming\s+soon|demnächst|bientôt|próximamente|em\s+breve|近日公開|近日登場|即将推出|即將推出|"
    r"[uú]nico\s+plano|plano\s+[uú]nico|[uú]nico\s+plan|plan\s+[uú]nico|only\s+plan|"
    r"en\s+pop[üu]ler|[öo]nerilen|en\s+[çc]ok\s+tercih\s+edilen|most\s+complete|(?:le\s+)?plus\s+(?:choisi|complet)|"
    r"m[aá]i?s\s+(?:completo|escolhido|elegido|vendido|popular)|"
    r"敬请期待|敬請期待|即将上线|即將上線|binnenkort|yakında|wkrótce|sắp\s+ra\s+mắt|segera\s+hadir|곧\s*출시|(?:самый\s+)?популяр\w*(?:\s+у\s+(?:пользователей|клиентов))?|рекомендуем\w*|лучший\s+выбор|хит|"
    r"الأكثر\s+\S+|الأفضل|موصى\s+به|مُوصى\s+به|الخيار\s+الأفضل|הכי\s+פופולרי|הפופולרי\s+ביותר|מומלץ|"
    r"найпопулярніш\w*|популярн\w*|рекомендуєм\w*|ยอดนิยม|แนะนำ|phổ\s+biến(?:\s+nhất)?|khuyên\s+dùng|"
    r"paling\s+populer|terpopuler|direkomendasikan|najpopularniejsz\w*|polecan\w*|nejoblíbenější|doporučen\w*|"
    r"populärast|mest\s+populär|rekommender\w*|suosituin|δημοφιλέστερο|सबसे\s+लोकप्रिय|"
    r"meest\s+gekozen|populairste|aanrader|onze\s+keuze|[\w-]+['’]s\s+keuze|beste\s+keuze|nu\s+live|"
    # the price said to be an opening one ("Prix de lancement" over facturons-fr's "Starter"): a badge
    r"launch\s+price|prix\s+de\s+lancement|precio\s+de\s+lanzamiento|pre[cç]o\s+de\s+lan[cç]amento|"
    r"prezzo\s+di\s+lancio|einf[üu]hrungspreis)"
    r"[!！]?(?:\s+[·•|—–-]\s+.*)?$",
    re.I,
)
"""A ribbon over a card ("Recommended", "Most popular", "Beliebt", "おすすめ", "الأكثر شيوعًا", "⭐ Mejor Valor ·
Plan de 2 Años": a star before it, a note after a "·"): a badge, never the plan's name."""
NOTED_RIBBON = re.compile(r"\s+[^\w\s]+\s+(?P<ribbon>[^·•|]+)$")
"""A last part set off by a mark ("·", "•", "|", a star or an emoji) in a name's own text: a ribbon there
("Professional · Most popular", aiwriterpro-en's "Pro ⭐ MOST POPULAR") is a badge on the plan, not part of its
name."""


def without_noted_ribbon(text: str) -> str:
    """The name without a ribbon set off by a mark at its end ("Professional · Most popular", a table's plan column
    headed "Plus · most popular"): the plan, then its badge."""
    noted = NOTED_RIBBON.search(text)
    if noted is not None and noted.start() > 0 and RIBBON.match(noted.group("ribbon")):
        return text[: noted.start()].rstrip()
    return text
