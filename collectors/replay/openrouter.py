"""The OpenRouter model list as the replay serves it: `GET /api/v1/models`.

One unpaginated `{"data": [...]}`, newest model first, every price a decimal string in USD per
token. Without `output_modalities=all` only text-output models are listed, as upstream; the
`openrouter/auto` router pseudo-model is always there with `"-1"` (variable) prices.
"""

from __future__ import annotations

from typing import Any

import httpx
import orjson

from collectors.replay.world import LLM_VENDORS, DayState, LlmNow

ROUTER_CREATED = 1699401600  # 2023-11-08


def model(state: LlmNow) -> dict[str, Any]:
    llm = state.llm
    inputs, outputs = list(llm.input_modalities), list(llm.output_modalities)
    pricing = {"prompt": state.prompt, "completion": state.completion, **dict(llm.extra_prices)}
    return {
        "id": llm.id,
        "canonical_slug": llm.canonical_slug,
        "hugging_face_id": llm.hugging_face_id,
        "name": llm.name,
        "created": int(llm.born),
        "description": llm.description,
        "context_length": llm.context_length,
        "architecture": {
            "modality": f"{'+'.join(inputs)}->{'+'.join(outputs)}",
            "input_modalities": inputs,
            "output_modalities": outputs,
            "tokenizer": LLM_VENDORS[llm.vendor][2],
            "instruct_type": llm.instruct_type,
        },
        "pricing": pricing,
        "top_provider": {
            "context_length": llm.context_length,
            "max_completion_tokens": llm.max_completion,
            "is_moderated": LLM_VENDORS[llm.vendor][0] in ("openai", "anthropic"),
        },
        "per_request_limits": None,
        "supported_parameters": list(llm.parameters),
        "default_parameters": {"temperature": None, "top_p": None, "frequency_penalty": None},
        "knowledge_cutoff": llm.knowledge_cutoff,
        "expiration_date": state.expiration_date,
        "links": {"details": f"/api/v1/models/{llm.canonical_slug}/endpoints"},
    }


def free_twin(entry: dict[str, Any]) -> dict[str, Any]:
    """The `:free` variant some models have: same model, zero prices, lower limits."""
    pricing = {key: "0" for key in entry["pricing"]}
    return {
        **entry,
        "id": f"{entry['id']}:free",
        "name": f"{entry['name']} (free)",
        "pricing": pricing,
        "top_provider": {**entry["top_provider"], "max_completion_tokens": 4096},
    }


ROUTER: dict[str, Any] = {
    "id": "openrouter/auto",
    "canonical_slug": "openrouter/auto",
    "hugging_face_id": "",
    "name": "Auto Router",
    "created": ROUTER_CREATED,
    "description": "Your prompt will be processed by a meta-model and routed to one of dozens of models.",
    "context_length": 2000000,
    "architecture": {
        "modality": "text+image->text",
        "input_modalities": ["text", "image"],
        "output_modalities": ["text"],
        "tokenizer": "Router",
        "instruct_type": None,
    },
    "pricing": {"prompt": "-1", "completion": "-1"},
    "top_provider": {"context_length": None, "max_completion_tokens": None, "is_moderated": False},
    "per_request_limits": None,
    "supported_parameters": [],
    "default_parameters": None,
    "knowledge_cutoff": None,
    "expiration_date": None,
    "links": {"details": "/api/v1/models/openrouter/auto/endpoints"},
}


class Marketplace:
    """The model list at one instant, built once."""

    def __init__(self, day: DayState) -> None:
        self.day = day
        self._bodies: dict[str, bytes] = {}

    def entries(self) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = []
        router_placed = False
        for state in self.day.llms:
            if not router_placed and state.llm.born < ROUTER_CREATED:
                entries.append(ROUTER)
                router_placed = True
            entry = model(state)
            entries.append(entry)
            if state.llm.free_twin:
                entries.append(free_twin(entry))
        if not router_placed:
            entries.append(ROUTER)
        return entries

    def models(self, request: httpx.Request) -> httpx.Response:
        wanted = request.url.params.get("output_modalities", "text")
        if wanted not in self._bodies:
            kinds = {w.strip() for w in wanted.split(",") if w.strip()}
            entries = [
                e for e in self.entries() if "all" in kinds or kinds & set(e["architecture"]["output_modalities"])
            ]
            self._bodies[wanted] = orjson.dumps({"data": entries})
        return httpx.Response(200, headers={"content-type": "application/json"}, content=self._bodies[wanted])
