"""Feed name -> collector class. Imported lazily so one broken source cannot stop the others."""

from __future__ import annotations

import importlib

from collectors.protocol import Collector

COLLECTORS: dict[str, str] = {
    "codehost-ai-repos": "collectors.codehost:CodehostCollector",
    "forum-launch-ai": "collectors.forum:ForumCollector",
    "mcp-servers": "collectors.mcp_registry:McpRegistryCollector",
    "ai-pricing": "collectors.pricing_pages:PricingPagesCollector",
    "llm-pricing": "collectors.llm_pricing:LlmPricingCollector",
    "modelhub-trending": "collectors.modelhub:ModelhubCollector",
}


def get_collector(feed: str) -> Collector:
    module_name, _, class_name = COLLECTORS[feed].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls()  # type: ignore[no-any-return]
