"""The OpenAPI document: valid 3.1, complete against the app's routes and SPEC, and true to live responses.

Completeness is checked against the running app's router (a route without documentation fails) and
against a table of SPEC parameters kept here, not against the document itself. Truth is checked by
validating real responses of a live server with the pydantic models the document's `$ref`s name:
the models are the schema, so a body that validates is a body the document describes.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from pydantic import BaseModel

from build.feedspec import FEED_SPECS
from collectors.models import FEED_NAMES
from feeds.settings import Settings
from server import schemas
from server.app import create_app
from server.contract import OFFSET_MAX, REQUEST_MAX_BYTES, REQUEST_MAX_HEADER_BYTES
from server.errors import CODES
from server.openapi import build_document, openapi_bytes

API = "/api/v1"
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
PAGE_ROUTES = {"home", "static", "claim_page", "claim_submit", "claim_verify", "claim_confirm"}
"""Routes serving the public HTML/SVG pages (the build's, and the claim form): web pages, not the JSON API."""

SPEC_OPERATION_IDS = {
    f"{API}/codehost-ai-repos": "codehost_ai_repos",
    f"{API}/forum-launch-ai": "forum_launch_ai",
    f"{API}/mcp-servers": "mcp_servers",
    f"{API}/ai-pricing": "ai_pricing",
    f"{API}/llm-pricing": "llm_pricing",
    f"{API}/modelhub-trending": "modelhub_trending",
}
FEED_QUERY = {"limit", "offset", "since", "q"}
SPEC_QUERY: dict[tuple[str, str], set[str]] = {
    **{(path, "get"): set(FEED_QUERY) for path in SPEC_OPERATION_IDS},
    (f"{API}/codehost-ai-repos", "get"): FEED_QUERY | {"repo"},
    (f"{API}/ai-pricing", "get"): FEED_QUERY | {"url"},
    (f"{API}/{{feed}}/history", "get"): {"entity", "from", "to", "limit", "cursor", "format"},
    (f"{API}/{{feed}}/entity", "get"): {"entity"},
    (f"{API}/{{feed}}/asof", "get"): {"entity", "date"},
    (f"{API}/trends", "get"): {"window", "feed", "date"},
    (f"{API}/sample", "get"): {"name"},
    (f"{API}/momentum", "get"): {"category", "limit"},
    (f"{API}/demand", "get"): set(),
    (f"{API}/watches", "get"): set(),
    (f"{API}/watches", "post"): set(),
    (f"{API}/watches", "delete"): {"id"},
    (f"{API}/watches/events", "get"): {"limit", "offset", "cursor", "since"},
    (f"{API}/watches/webhook-secret", "get"): set(),
    (f"{API}/watches/webhook-secret", "post"): set(),
    (f"{API}/watches/events.atom", "get"): {"token"},
    (f"{API}/watches/events-feed", "get"): set(),
    (f"{API}/watches/events-feed", "post"): set(),
    (f"{API}/watches/events-feed", "delete"): set(),
    (f"{API}/openapi.json", "get"): set(),
    ("/healthz", "get"): set(),
    (f"{API}/claims", "post"): set(),
    (f"{API}/export", "get"): set(),
    (f"{API}/export/{{feed}}", "get"): {"from", "to", "format"},
}
"""Every query parameter each handler reads (SPEC §4, server/app.py), per documented operation."""
PUBLIC = {
    f"{API}/sample",
    f"{API}/momentum",
    f"{API}/demand",
    f"{API}/openapi.json",
    "/healthz",
    f"{API}/watches/events.atom",
}
UNKEYED_LIMITED = {f"{API}/claims"}
"""No key, but limits of their own (429 with Retry-After), not the key's quota."""


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return orjson.loads(openapi_bytes(Settings(env={"FEEDS_BASE_URL": "https://feeds.example"})))


def operations(doc: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def resolve(doc: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        assert isinstance(node, dict) and part in node, f"unresolvable $ref {ref}"
        node = node[part]
    return node


def deref(doc: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    return resolve(doc, node["$ref"]) if "$ref" in node else node


def walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def query_params(doc: dict[str, Any], operation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    params = [deref(doc, p) for p in operation.get("parameters", [])]
    return {p["name"]: p for p in params if p["in"] == "query"}


def model_of(doc: dict[str, Any], path: str, method: str, status: str) -> type[BaseModel]:
    """The model a documented response names: validating with it is validating against the document."""
    content = doc["paths"][path][method]["responses"][status]["content"]
    schema = next(iter(content.values()))["schema"]
    name = schema["$ref"].rsplit("/", 1)[-1]
    assert name in doc["components"]["schemas"]
    model = getattr(schemas, name)
    assert issubclass(model, BaseModel)
    return model


# -- the document is valid OpenAPI 3.1 ----------------------------------------------------------


def test_document_is_valid_openapi_31(doc: dict[str, Any]) -> None:
    if importlib.util.find_spec("openapi_spec_validator") is not None:  # pragma: no cover - not installed here
        from openapi_spec_validator import validate

        validate(doc)
    assert doc["openapi"] == "3.1.0"
    assert doc["info"]["version"] == "1.0.0" and doc["info"]["title"]
    assert doc["servers"] == [{"url": "https://feeds.example", "description": "This service."}]
    assert doc["security"] == [{"bearerAuth": []}]
    assert doc["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": doc["components"]["securitySchemes"]["bearerAuth"]["description"],
    }
    for node in walk(doc):
        if isinstance(node.get("$ref"), str):
            resolve(doc, node["$ref"])
    ids = [op["operationId"] for _, _, op in operations(doc)]
    assert len(ids) == len(set(ids)), "operationIds must be unique"
    assert all(re.fullmatch(r"[A-Za-z0-9_]+", i) for i in ids)
    for path, method, operation in operations(doc):
        assert path.startswith("/")
        assert operation["responses"], (path, method)
        for status, response in operation["responses"].items():
            assert status == "default" or re.fullmatch(r"[1-5][0-9][0-9]", status), status
            assert deref(doc, response)["description"], (path, method, status)
        params = [deref(doc, p) for p in operation.get("parameters", [])]
        seen = [(p["name"], p["in"]) for p in params]
        assert len(seen) == len(set(seen)), (path, method)
        for p in params:
            assert p["in"] in {"query", "header", "path", "cookie"} and "schema" in p and p.get("description")
        templated = set(re.findall(r"{([^}]+)}", path))
        assert templated == {p["name"] for p in params if p["in"] == "path"}, path
        assert all(p["required"] is True for p in params if p["in"] == "path")
        for requirement in operation.get("security", doc["security"]):
            assert set(requirement) <= set(doc["components"]["securitySchemes"])
    for name, schema in doc["components"]["schemas"].items():
        if getattr(schemas, name, None) is not None and getattr(schemas, name).__module__ == schemas.__name__:
            assert schema.get("description"), f"schema {name} has no description"
            for field, prop in schema.get("properties", {}).items():
                assert prop.get("description"), f"{name}.{field} has no description"


def test_served_bytes_are_built_once_per_base_url() -> None:
    settings = Settings(env={"FEEDS_BASE_URL": "https://a.example"})
    assert openapi_bytes(settings) is openapi_bytes(settings)
    assert orjson.loads(openapi_bytes(settings)) == build_document("https://a.example")


# -- complete: routes, parameters, operationIds, codes ------------------------------------------


def documented_routes(doc: dict[str, Any]) -> set[tuple[str, str]]:
    """(concrete path, METHOD) of every operation; a path parameter with an enum expands to each value."""
    routes = set()
    for path, method, operation in operations(doc):
        concrete = [path]
        for p in (deref(doc, p) for p in operation.get("parameters", [])):
            if p["in"] == "path":
                concrete = [c.replace("{" + p["name"] + "}", value) for c in concrete for value in p["schema"]["enum"]]
        routes.update((c, method.upper()) for c in concrete)
    return routes


def test_every_route_of_the_app_is_documented_and_nothing_else(doc: dict[str, Any], tmp_path) -> None:
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site")})
    app = create_app(settings, name="openapi_routes")
    registered = set()
    for route in app.router.routes:
        if route.name.rsplit(".", 1)[-1] in PAGE_ROUTES:
            continue
        # HEAD is implied by GET (HTTP semantics; the document says so once) and never stands alone.
        assert "HEAD" not in route.methods or "GET" in route.methods, route.path
        registered.update(("/" + route.path.lstrip("/"), method) for method in route.methods if method != "HEAD")
    assert "HEAD" in doc["info"]["description"]
    documented = documented_routes(doc)
    assert registered - documented == set(), "routes without documentation"
    assert documented - registered == set(), "documented operations the app does not serve"


def test_spec_parameters_of_every_operation(doc: dict[str, Any]) -> None:
    found = {(path, method): set(query_params(doc, op)) for path, method, op in operations(doc)}
    assert found == SPEC_QUERY
    history = doc["paths"][f"{API}/{{feed}}/history"]["get"]
    [feed_param] = [p for p in (deref(doc, q) for q in history["parameters"]) if p["in"] == "path"]
    assert feed_param["name"] == "feed" and feed_param["schema"]["enum"] == list(FEED_NAMES)


def test_parameter_schemas(doc: dict[str, Any]) -> None:
    for path in SPEC_OPERATION_IDS:
        params = query_params(doc, doc["paths"][path]["get"])
        assert params["limit"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}
        assert params["offset"]["schema"] == {"type": "integer", "minimum": 0, "maximum": OFFSET_MAX, "default": 0}
        assert params["since"]["schema"] == {"type": "string", "format": "date-time"}
    url = query_params(doc, doc["paths"][f"{API}/ai-pricing"]["get"])["url"]
    assert url["schema"] == {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]://",
    }
    history = query_params(doc, doc["paths"][f"{API}/{{feed}}/history"]["get"])
    assert history["entity"]["required"] is True
    assert history["limit"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 90, "default": 31}
    assert all(history[n]["schema"] == {"type": "string", "format": "date"} for n in ("from", "to", "cursor"))
    trends = query_params(doc, doc["paths"][f"{API}/trends"]["get"])
    assert trends["window"]["schema"] == {"type": "string", "enum": ["1d", "7d", "30d"], "default": "7d"}
    assert trends["feed"]["schema"]["enum"] == list(FEED_NAMES)
    assert trends["date"]["schema"] == {"type": "string", "format": "date"}
    momentum = query_params(doc, doc["paths"][f"{API}/momentum"]["get"])
    assert momentum["category"]["schema"]["enum"] == [
        "codehost-ai-repos",
        "mcp-servers",
        "llm-pricing",
        "modelhub-trending",
    ]
    assert momentum["limit"]["schema"]["maximum"] == 100
    assert query_params(doc, doc["paths"][f"{API}/sample"]["get"])["name"]["schema"]["enum"] == list(FEED_NAMES)
    assert query_params(doc, doc["paths"][f"{API}/watches"]["delete"])["id"]["required"] is True
    body = doc["paths"][f"{API}/watches"]["post"]["requestBody"]
    create = resolve(doc, body["content"]["application/json"]["schema"]["$ref"])
    assert body["required"] is True and create["required"] == ["entity"]
    assert create["properties"]["type"]["default"] == "any"
    assert create["properties"]["type"]["enum"] == [
        "any",
        "price_change",
        "version_bump",
        "momentum_jump",
        "momentum_above",
    ]
    assert create["additionalProperties"] is False


def test_spec_operation_ids_and_feed_only_parameters(doc: dict[str, Any]) -> None:
    for path, op_id in SPEC_OPERATION_IDS.items():
        assert doc["paths"][path]["get"]["operationId"] == op_id
        assert model_of(doc, path, "get", "200") is schemas.FEED_RESPONSES[path.rsplit("/", 1)[-1]]
    assert doc["paths"][f"{API}/{{feed}}/history"]["get"]["operationId"] == "history"


def test_security_public_and_keyed(doc: dict[str, Any]) -> None:
    for path, _method, operation in operations(doc):
        responses = operation["responses"]
        assert "default" in responses and responses["default"]["x-error-codes"] == ["internal"]
        if path in UNKEYED_LIMITED:
            assert operation["security"] == [] and "401" not in responses, path
            assert "Retry-After" in responses["429"]["headers"], path
            continue
        if path in PUBLIC:
            assert operation["security"] == [], path
            assert "401" not in responses and "429" not in responses
            continue
        assert "security" not in operation, f"{path} must inherit the bearer requirement"
        assert responses["401"]["x-error-codes"] == ["unauthorized"]
        too_many = responses["429"]
        assert {"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} <= set(
            too_many["headers"]
        )
        success = next(responses[s] for s in ("200", "201") if s in responses)
        assert {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} <= set(success["headers"])
        if path.endswith(("/history", "/trends")):
            assert set(too_many["x-error-codes"]) == {"monthly_limit", "daily_history_limit", "velocity_throttled"}
    for path, method, operation in operations(doc):
        for status, response in operation["responses"].items():
            if status.startswith(("4", "5")) and path != "/healthz":
                assert list(response["content"]) == ["application/problem+json"], (path, status)
                assert response["content"]["application/problem+json"]["schema"]["$ref"].endswith("/Problem")
                assert response["x-error-codes"] and all(
                    f"`{c}`" in response["description"] for c in response["x-error-codes"]
                )
            if "ETag" in response.get("headers", {}) and status == "200":
                assert "304" in operation["responses"], (path, method)


def test_watch_error_statuses(doc: dict[str, Any]) -> None:
    post = doc["paths"][f"{API}/watches"]["post"]["responses"]
    assert post["201"]["headers"]["Location"]
    assert (post["403"]["x-error-codes"], post["409"]["x-error-codes"], post["404"]["x-error-codes"]) == (
        ["watch_limit"],
        ["watch_exists"],
        ["not_found"],
    )
    assert doc["paths"][f"{API}/watches"]["delete"]["responses"]["404"]["x-error-codes"] == ["not_found"]


def test_every_error_code_is_documented(doc: dict[str, Any]) -> None:
    documented = {code for node in walk(doc) for code in node.get("x-error-codes", [])}
    assert documented == set(CODES)
    problem = doc["components"]["schemas"]["Problem"]
    assert problem["properties"]["code"]["enum"] == list(CODES)
    assert set(problem["required"]) == {"type", "title", "status", "code", "detail"}


def test_history_rows_name_the_build_metrics() -> None:
    """The history row models list exactly what build/history_files.py writes: date, metrics, texts, rank."""
    for feed, spec in FEED_SPECS.items():
        metrics = list(spec.metrics) + (["releases"] if "version" in spec.texts else [])
        expected = ["date", *metrics, *spec.texts, "rank"]
        assert list(schemas.HISTORY_ROWS[feed].model_fields) == expected, feed


# -- true: live responses validate against the documented models --------------------------------


def test_live_document_is_served_public_and_cached(live) -> None:
    with live.client() as http:
        response = http.get(f"{API}/openapi.json")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/json")
        assert response.headers["cache-control"].startswith("public")
        assert response.headers["access-control-allow-origin"] == "*"
        assert response.json() == build_document(live.settings.feeds_base_url)
        again = http.get(f"{API}/openapi.json", headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304


def test_live_feeds_history_and_entity_validate(live) -> None:
    doc = build_document(live.settings.feeds_base_url)
    with live.client(live.key("pro")) as http, live.client(live.key("pro")) as cards:
        for feed in FEED_NAMES:
            path = f"{API}/{feed}"
            page = http.get(path)
            assert page.status_code == 200, page.text
            body = model_of(doc, path, "get", "200").model_validate_json(page.content)
            assert body.count == len(body.data) > 0
            entity = body.data[0].entity
            history = http.get(f"{path}/history", params={"entity": entity})
            assert history.status_code == 200, history.text
            parsed = model_of(doc, f"{API}/{{feed}}/history", "get", "200").model_validate_json(history.content)
            assert isinstance(parsed.root, schemas.HISTORY_RESPONSES[feed]) and parsed.root.data
            card = cards.get(f"{path}/entity", params={"entity": entity})
            assert card.status_code == 200, card.text
            model_of(doc, f"{API}/{{feed}}/entity", "get", "200").model_validate_json(card.content)
        queued = http.get(f"{API}/codehost-ai-repos", params={"repo": "someone/not-tracked-yet"})
        parsed = schemas.CodehostAiReposResponse.model_validate_json(queued.content)
        assert parsed.queued is not None and parsed.data == []


def test_live_trends_validate(live) -> None:
    doc = build_document(live.settings.feeds_base_url)
    model = model_of(doc, f"{API}/trends", "get", "200")
    with live.client(live.key("pro")) as http:
        latest = model.model_validate_json(http.get(f"{API}/trends").content)
        assert isinstance(latest.root, schemas.TrendsLatestResponse) and latest.root.window == "7d"
        assert {e.type for t in latest.root.feeds for e in t.events} >= {"new_entity", "version_bump", "price_change"}
        for feed in FEED_NAMES:
            one = model.model_validate_json(http.get(f"{API}/trends", params={"feed": feed, "window": "1d"}).content)
            assert isinstance(one.root, schemas.TrendsResponse) and one.root.feed == feed
        past = http.get(f"{API}/trends", params={"feed": "llm-pricing", "date": "2026-11-02", "window": "30d"})
        assert past.status_code == 200, past.text
        assert model.model_validate_json(past.content).root.date == "2026-11-02"


def test_live_public_endpoints_validate(live) -> None:
    doc = build_document(live.settings.feeds_base_url)
    with live.client() as http:
        sample = model_of(doc, f"{API}/sample", "get", "200")
        assert isinstance(sample.model_validate_json(http.get(f"{API}/sample").content).root, schemas.SampleAll)
        one = sample.model_validate_json(http.get(f"{API}/sample", params={"name": "mcp-servers"}).content)
        assert isinstance(one.root, schemas.SampleFeed) and one.root.root.feed == "mcp-servers"
        momentum = model_of(doc, f"{API}/momentum", "get", "200")
        assert isinstance(momentum.model_validate_json(http.get(f"{API}/momentum").content).root, schemas.MomentumAll)
        board = momentum.model_validate_json(http.get(f"{API}/momentum", params={"category": "mcp-servers"}).content)
        assert isinstance(board.root, schemas.MomentumBoard) and board.root.data
        model_of(doc, f"{API}/demand", "get", "200").model_validate_json(http.get(f"{API}/demand").content)
        model_of(doc, "/healthz", "get", "200").model_validate_json(http.get("/healthz").content)


def test_live_watches_validate(live) -> None:
    doc = build_document(live.settings.feeds_base_url)
    path = f"{API}/watches"
    with live.client(live.key("starter")) as http:
        body = {"entity": "/repo/acme/agent-kit", "type": "momentum_jump"}
        created = http.post(path, json=body)
        assert created.status_code == 201, created.text
        watch = model_of(doc, path, "post", "201").model_validate_json(created.content)
        assert watch.threshold == 10.0 and created.headers["location"].endswith(watch.id)
        listed = model_of(doc, path, "get", "200").model_validate_json(http.get(path).content)
        assert [w.id for w in listed.data] == [watch.id] and listed.limit == 5
        duplicate = http.post(path, json=body)
        assert duplicate.status_code == 409 and "409" in doc["paths"][path]["post"]["responses"]
        assert schemas.Problem.model_validate_json(duplicate.content).code == "watch_exists"
        deleted = http.delete(path, params={"id": watch.id})
        assert model_of(doc, path, "delete", "200").model_validate_json(deleted.content).deleted == watch.id
        gone = http.delete(path, params={"id": watch.id})
        assert gone.status_code == 404 and schemas.Problem.model_validate_json(gone.content).code == "not_found"


def documented_error(doc: dict[str, Any], path: str, method: str, response) -> schemas.Problem:
    """The live error is a Problem, with a status and a code the document lists for that operation."""
    assert response.headers["content-type"] == "application/problem+json"
    problem = schemas.Problem.model_validate_json(response.content)
    documented = doc["paths"][path][method]["responses"][str(response.status_code)]
    assert problem.status == response.status_code and problem.code in documented["x-error-codes"]
    return problem


def test_live_problems_validate_and_limits_are_as_documented(live) -> None:
    doc = build_document(live.settings.feeds_base_url)
    feed = f"{API}/codehost-ai-repos"
    with live.client() as anonymous:
        documented_error(doc, feed, "get", anonymous.get(feed))
        bad = anonymous.get(f"{API}/momentum", params={"limit": 101})
        assert documented_error(doc, f"{API}/momentum", "get", bad).parameter == "limit"
        assert anonymous.get(f"{API}/momentum", params={"limit": 100}).status_code == 200
        unknown = schemas.Problem.model_validate_json(anonymous.get(f"{API}/no-such-thing").content)
        assert unknown.code == "not_found"
        put = anonymous.put(f"{API}/watches")
        assert put.status_code == 405 and schemas.Problem.model_validate_json(put.content).code == "method_not_allowed"
    with live.client(live.key("starter")) as http:
        assert documented_error(doc, feed, "get", http.get(feed, params={"limit": 1001})).parameter == "limit"
        assert http.get(feed, params={"limit": 1000}).status_code == 200
        history = f"{API}/{{feed}}/history"
        over = http.get(f"{feed}/history", params={"entity": "acme/agent-kit", "limit": 91})
        assert documented_error(doc, history, "get", over).parameter == "limit"
        missing = http.get(f"{feed}/history")
        assert documented_error(doc, history, "get", missing).parameter == "entity"
        unknown = http.get(f"{feed}/history", params={"entity": "nobody/nothing"})
        assert documented_error(doc, history, "get", unknown).code == "not_found"
        extra = http.post(f"{API}/watches", json={"entity": "/repo/acme/agent-kit", "colour": "red"})
        assert documented_error(doc, f"{API}/watches", "post", extra).code == "bad_request"
        huge = http.post(f"{API}/watches", content=b"{" + b" " * (1024 * 1024) + b"}")
        assert documented_error(doc, f"{API}/watches", "post", huge).status == 413


# -- exact: the limits, dates and throttles of the schemathesis findings -------------------------------


def schema_errors(doc: dict[str, Any], model: str, instance: Any) -> list[str]:
    """What the document's own JSON Schema says is wrong with `instance` (the `$ref`s resolve in the document)."""
    from jsonschema import Draft202012Validator, FormatChecker

    root = {"$ref": f"#/components/schemas/{model}", "components": doc["components"]}
    validator = Draft202012Validator(root, format_checker=FormatChecker())
    return [error.message for error in validator.iter_errors(instance)]


def test_every_operation_lists_the_413_of_an_oversized_request(doc: dict[str, Any]) -> None:
    for path, method, operation in operations(doc):
        too_large = operation["responses"]["413"]
        assert too_large["x-error-codes"] == ["request_too_large"], (path, method)
        assert f"{REQUEST_MAX_HEADER_BYTES:,} bytes" in too_large["description"]
    post = doc["paths"][f"{API}/watches"]["post"]["responses"]["413"]["description"]
    assert "16,384 bytes" in post
    assert "65,536 bytes" in doc["paths"][f"{API}/claims"]["post"]["responses"]["413"]["description"]
    for node in walk(doc):
        if node.get("x-error-codes") and "Payload Too Large" in node.get("description", ""):
            assert node["x-error-codes"] == ["request_too_large"]  # never `bad_request`, the finding


def test_the_documented_request_limits_are_the_apps(tmp_path) -> None:
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site")})
    app = create_app(settings, name="openapi_limits")
    assert app.config.REQUEST_MAX_SIZE == REQUEST_MAX_BYTES
    assert app.config.REQUEST_MAX_HEADER_SIZE == REQUEST_MAX_HEADER_BYTES


def test_claim_bodies_state_what_the_server_refuses(doc: dict[str, Any]) -> None:
    """`entity: ""` was allowed by the schema and refused by the server (and so were blank or control characters)."""
    ok = {"entity": "/mcp/io.github.example/weather", "email": "maintainer@example.com", "description": "Weather."}
    assert schema_errors(doc, "ClaimCreate", ok) == []
    for model in ("ClaimCreate", "ClaimForm"):
        entity = doc["components"]["schemas"][model]["properties"]["entity"]
        assert (entity["minLength"], entity["maxLength"]) == (1, 2048), model
        for bad in ("", "   ", "/mcp/a\nb", "/mcp/" + "x" * 2048):
            assert schema_errors(doc, model, {**ok, "entity": bad}), (model, bad)
        assert schema_errors(doc, model, {"entity": ok["entity"], "email": ok["email"]}), "nothing submitted"
        assert schema_errors(doc, model, {**ok, "description": "  "}), "a blank description is no submission"
        assert schema_errors(doc, model, {**ok, "email": "x" * 250 + "@example.com"})
    assert schema_errors(doc, "ClaimCreate", {**ok, "pricing": {"plans": [{"plan": "Pro", "price": " "}]}})
    assert schema_errors(doc, "ClaimCreate", {**ok, "corrections": {"fields": [{"field": "a\tb", "value": "x"}]}})
    assert schema_errors(doc, "ClaimCreate", {**ok, "description": None, "corrections": "Apache-2.0 now"}) == []
    assert schema_errors(doc, "ClaimForm", {**ok, "description": None}), "a form field is a string or absent"
    assert schema_errors(doc, "WatchCreate", {"entity": " "})
    assert schema_errors(doc, "WatchCreate", {"entity": "/repo/a/b", "webhook": "http://hooks.example.com/x"})


def test_url_and_webhook_describe_the_address_guard(doc: dict[str, Any]) -> None:
    url = query_params(doc, doc["paths"][f"{API}/ai-pricing"]["get"])["url"]
    webhook = doc["components"]["schemas"]["WatchCreate"]["properties"]["webhook"]
    [string] = [s for s in webhook["anyOf"] if s.get("type") == "string"]
    for text in (url["description"], webhook["description"]):
        for refused in (
            "`unsafe_url`",
            "https",
            "user info",
            "443",
            "localhost",
            "loopback",
            "private (10/8",
            "link-local",
            "169.254.169.254",
            "metadata.google.internal",
            "does not resolve",
            "127.1",
        ):
            assert refused in text, refused
    assert string["pattern"] == url["schema"]["pattern"] == "^[Hh][Tt][Tt][Pp][Ss]://"
    assert doc["paths"][f"{API}/ai-pricing"]["get"]["responses"]["400"]["x-error-codes"] == [
        "bad_request",
        "unsafe_url",
    ]
    assert "unsafe_url" in doc["paths"][f"{API}/watches"]["post"]["responses"]["400"]["x-error-codes"]


def test_dates_and_offsets_state_their_range(doc: dict[str, Any]) -> None:
    for path, operation in ((f"{API}/mcp-servers", "get"), (f"{API}/watches/events", "get")):
        params = query_params(doc, doc["paths"][path][operation])
        assert "0001 to 9999" in params["since"]["description"] and "`1900-01-01`" in params["since"]["description"]
        assert params["offset"]["schema"]["maximum"] == OFFSET_MAX


VELOCITY_COUNTED = {f"{API}/{{feed}}/history", f"{API}/{{feed}}/entity", f"{API}/{{feed}}/asof", f"{API}/trends"}
"""Operations whose entities or dates count toward the velocity throttle (server/feed_routes.py `items=`)."""


def test_the_velocity_throttle_is_documented_where_it_answers(doc: dict[str, Any]) -> None:
    """SPEC §8 throttles the key: once throttled, every keyed operation answers 429 `velocity_throttled`; only
    history, entity cards and past trends count toward it, and each operation's 429 says which it is."""
    for path, method, operation in operations(doc):
        if "security" in operation:  # public operations and claims: no key, no throttle
            assert "velocity_throttled" not in operation["responses"].get("429", {}).get("x-error-codes", [])
            continue
        too_many = operation["responses"]["429"]
        assert "velocity_throttled" in too_many["x-error-codes"], (path, method)
        counted = "this lookup would make more than the velocity limit" in too_many["description"]
        exempt = "this operation itself never counts toward the throttle" in too_many["description"]
        assert (counted, exempt) == (path in VELOCITY_COUNTED, path not in VELOCITY_COUNTED), (path, method)


def test_live_velocity_counts_lookups_not_feed_pages(live) -> None:
    """Feed pages, even `repo=` lookups of distinct repositories, never count toward the throttle; entity cards
    do (an entity lookup, like history); once throttled, the key's feed pages get the documented 429 too."""
    doc = build_document(live.settings.feeds_base_url)
    limit = int(live.env["FEEDS_VELOCITY_LIMIT"])
    feed, card = f"{API}/codehost-ai-repos", f"{API}/{{feed}}/entity"
    with live.client(live.key("pro")) as http:
        for i in range(limit + 3):
            assert http.get(feed, params={"repo": f"someone/repo-{i}"}).status_code == 200
            assert http.get(feed, params={"q": f"agent {i}", "limit": 1}).status_code == 200
        for i in range(limit):
            assert http.get(f"{feed}/entity", params={"entity": f"probe/n{i}"}).status_code == 404
        throttled = http.get(f"{feed}/entity", params={"entity": "acme/agent-kit"})
        assert documented_error(doc, card, "get", throttled).code == "velocity_throttled"
        page = http.get(feed)
        assert documented_error(doc, feed, "get", page).code == "velocity_throttled"
        assert int(page.headers["retry-after"]) > 0


def test_live_dates_before_1970_are_accepted(live) -> None:
    """`since=1900-01-01` is everything; history and trends take any day, and the plan's depth still applies."""
    doc = build_document(live.settings.feeds_base_url)
    history, trends = f"{API}/{{feed}}/history", f"{API}/trends"
    with live.client(live.key("pro")) as http, live.client(live.key("starter")) as starter:
        everything = http.get(f"{API}/mcp-servers").json()["total"]
        for since in ("1900-01-01", "1900-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00"):
            page = http.get(f"{API}/mcp-servers", params={"since": since})
            assert page.status_code == 200 and page.json()["total"] == everything, page.text
        nothing = http.get(f"{API}/mcp-servers", params={"since": "9999-12-31T23:59:59.5Z"})
        assert nothing.status_code == 200 and nothing.json()["total"] == 0
        assert http.get(f"{API}/watches/events", params={"since": "1900-01-01"}).status_code == 200
        entity = {"entity": "acme/agent-kit"}
        for window in (
            {"from": "1900-01-01"},
            {"to": "1900-01-01"},
            {"from": "1900-01-01", "to": "1900-01-31", "cursor": "1900-01-15"},
            {"from": "9999-12-30"},
            {"to": "0001-01-05"},
        ):
            response = http.get(f"{API}/codehost-ai-repos/history", params={**entity, **window})
            assert response.status_code == 200 and response.json()["data"] == [], (window, response.text)
        old = http.get(trends, params={"feed": "mcp-servers", "date": "1900-01-01"})
        assert documented_error(doc, trends, "get", old).code == "not_found"  # a valid day without a document
        deep = starter.get(f"{API}/codehost-ai-repos/history", params={**entity, "from": "1900-01-01"})
        assert documented_error(doc, history, "get", deep).code == "outside_plan_depth"
        deep = starter.get(trends, params={"feed": "mcp-servers", "date": "1900-01-01"})
        assert documented_error(doc, trends, "get", deep).code == "outside_plan_depth"


def test_live_oversized_requests_are_a_documented_413(live) -> None:
    doc = build_document(live.settings.feeds_base_url)
    feed, watches, claims = f"{API}/codehost-ai-repos", f"{API}/watches", f"{API}/claims"
    with live.client(live.key("starter")) as http:
        head = http.get(feed, headers={"X-Padding": "x" * REQUEST_MAX_HEADER_BYTES})
        assert documented_error(doc, feed, "get", head).code == "request_too_large"
        public = http.get(f"{API}/momentum", params={"category": "x" * REQUEST_MAX_HEADER_BYTES})
        assert documented_error(doc, f"{API}/momentum", "get", public).code == "request_too_large"
        body = http.post(watches, json={"entity": "/repo/acme/agent-kit", "pad": "x" * (17 * 1024)})
        assert documented_error(doc, watches, "post", body).code == "request_too_large"
        huge = http.post(watches, content=b"{" + b" " * REQUEST_MAX_BYTES + b"}")
        assert documented_error(doc, watches, "post", huge).code == "request_too_large"
        claim = http.post(claims, json={"entity": "/mcp/x", "email": "a@example.com", "description": "x" * 70000})
        assert documented_error(doc, claims, "post", claim).code == "request_too_large"
