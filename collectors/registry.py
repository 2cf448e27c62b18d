"""Feed name -> collector class. Imported lazily so one broken source cannot stop the others."""

from __future__ import annotations

import importlib

from collectors.models import FEEDS
from collectors.protocol import Collector

COLLECTORS: dict[str, str] = {name: info.collector for name, info in FEEDS.items()}


def get_collector(feed: str) -> Collector:
    module_name, _, class_name = COLLECTORS[feed].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    collector: Collector = cls()  # named by a string: the annotation is where its type is asserted
    return collector
