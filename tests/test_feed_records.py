"""One record per feed: `collectors.models.FEEDS`. Every table that must stay apart from it is keyed by
exactly the feed names, and no module keeps a partial table of its own."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from build.feedspec import FEED_SPECS
from build.pages import FACTS
from collectors.models import FEED_NAMES, FEEDS, REPO_NAME, FeedName
from collectors.registry import COLLECTORS, get_collector
from server import schemas

ROOT = Path(__file__).resolve().parent.parent
NAMES = set(FEED_NAMES)

TABLES = {
    "collectors.registry.COLLECTORS": COLLECTORS,
    "build.feedspec.FEED_SPECS": FEED_SPECS,
    "build.pages.FACTS": FACTS,
    "server.schemas.FEED_RESPONSES": schemas.FEED_RESPONSES,
    "server.schemas.HISTORY_RESPONSES": schemas.HISTORY_RESPONSES,
    "server.schemas.HISTORY_ROWS": schemas.HISTORY_ROWS,
    "server.schemas.ASOF_RESPONSES": schemas.ASOF_RESPONSES,
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_per_feed_table_is_keyed_by_exactly_the_feed_names(name: str) -> None:
    assert list(TABLES[name]) == list(FEED_NAMES), name


def test_the_feed_name_type_lists_the_feeds() -> None:
    assert typing.get_args(FeedName) == FEED_NAMES


def _literal_feed_groups() -> list[tuple[str, int, set[str]]]:
    """Every dict literal with a feed name as a key, and every tuple/list/set literal with two or more.

    `Literal[...]` types are left out: a type checker needs them written out, and server/schemas.py
    checks each against the value it mirrors when it is imported."""
    groups = []
    for package in ("collectors", "build", "server", "feeds"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            typed = {
                id(node.slice)
                for node in ast.walk(tree)
                if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Literal"
            }
            for node in ast.walk(tree):
                if id(node) in typed:
                    continue
                if isinstance(node, ast.Dict):
                    values = [k for k in node.keys if k is not None]
                elif isinstance(node, ast.Tuple | ast.List | ast.Set):
                    values = node.elts
                else:
                    continue
                found = {v.value for v in values if isinstance(v, ast.Constant) and v.value in NAMES}
                if len(found) >= (1 if isinstance(node, ast.Dict) else 2):
                    groups.append((str(path.relative_to(ROOT)), node.lineno, found))
    return groups


def test_no_module_keeps_a_partial_table_of_feeds() -> None:
    partial = [(path, line, sorted(found)) for path, line, found in _literal_feed_groups() if found != NAMES]
    assert partial == [], "derive it from FEEDS (collectors/models.py) instead"


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_each_record_agrees_with_the_code_it_names(feed: str) -> None:
    info = FEEDS[feed]
    assert get_collector(feed).feed == feed
    assert info.since_field in info.row.model_fields
    if info.momentum_metric is not None:  # `releases` is derived from the version text (build/series.py)
        spec = FEED_SPECS[feed]
        assert info.momentum_metric in spec.metrics or (info.momentum_metric == "releases" and "version" in spec.texts)
    assert info.exact_param in (None, "repo", "url") and bool(info.exact_help) == bool(info.exact_param)
    if feed == "codehost-ai-repos":
        assert REPO_NAME.fullmatch(info.example)


def test_page_prefixes_are_distinct() -> None:
    prefixes = [info.page_prefix for info in FEEDS.values()]
    assert len(set(prefixes)) == len(prefixes)


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_every_value_the_build_reads_is_a_typed_archive_column(feed: str) -> None:
    """The build's history metrics, texts and activity are the feed record's typed archive columns
    (collectors/models.py `FeedInfo.columns`), the very extractors, so the archive stores each one."""
    from collectors.models import ACTIVITY

    info, spec = FEEDS[feed], FEED_SPECS[feed]
    columns = {c.name: c for c in info.columns}
    assert len(columns) == len(info.columns)
    for name, extract in {**spec.metrics, **spec.texts}.items():
        assert name in columns and columns[name].extract is extract, name
    for name in spec.metrics:
        assert columns[name].kind == "number"
    for name in spec.texts:
        assert columns[name].kind == "text"
    assert (spec.activity is None) == (ACTIVITY not in columns)
    if spec.activity is not None:
        assert columns[ACTIVITY].extract is spec.activity and columns[ACTIVITY].kind == "number"
    assert set(columns) == {*spec.metrics, *spec.texts} | ({ACTIVITY} if spec.activity else set())
