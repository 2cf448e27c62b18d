"""The OpenAPI document against the real server, by schemathesis: every check, every operation, no failure.

A real `feeds serve` (tests/live.py, the tiny archive's tree) is fuzzed through the document it serves
(`/api/v1/openapi.json`; the per-operation tests are generated at collection from the same bytes, which
test_the_fuzzed_document_is_the_served_one compares with the served ones, and the stateful test loads it from
the server): schema-valid requests must be accepted, invalid ones refused with a 4xx,
and every answer must have a status, content type, headers and body the document lists for that operation.
That is what keeps the document exact: a constraint the server enforces but the document does not state is
a schema-valid request refused (`positive_data_acceptance`), one the document states but the server does
not enforce is an invalid request accepted (`negative_data_rejection`), and a status or error code the
document does not list for the operation fails `status_code_conformance` or `documented_error_code` below.

Some rules relate two parameters or depend on the world, which OpenAPI cannot state: a past trends `date`
needs `feed`, an as-of `date` is not after today, history's `from` before `to` within 90 days and `cursor`
inside the window, `offset` or `cursor` on the watch events, the address guard's DNS answer for `url` and
`webhook`, the plan's depth, a `pricing` submission on a listing that has no prices, and the claim form's
plan/price pairs. Those 400s are accepted for schema-valid data only with the exact `code` and `parameter`
listed in CROSS_PARAMETER_RULES, and the operation's description must state each of them.

Bounded and repeatable: at most FUZZ_EXAMPLES examples per operation and phase, derandomized, no example
database. Limits are raised on this server (a Pro and a Starter key, each with more requests than the run
makes), so no case meets a 429 that only the order of the cases caused. Host names resolve through the
offline name table (FEEDS_OFFLINE_HOSTS): no request leaves the machine.
"""

from __future__ import annotations

import signal
from collections import Counter
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import Case, CheckContext, Response
from schemathesis.checks import positive_data_acceptance
from schemathesis.openapi.checks import RejectedPositiveData

from feeds.settings import Settings
from server.contract import API, REQUEST_MAX_BYTES, REQUEST_MAX_HEADER_BYTES
from server.errors import PROBLEM
from server.openapi import openapi_bytes
from tests.live import LiveServer, start_live_server, stop

pytestmark = pytest.mark.slow

FUZZ_EXAMPLES = 40
"""Hypothesis examples per operation in the fuzzing phase (the coverage phase adds its own boundary cases)."""
STATEFUL_EXAMPLES = 25
"""Stateful scenarios (chains of linked operations: add a watch, list it, delete it, use it after)."""
FUZZ_ENV = {
    # The offline name table replaces DNS for `url=` and `webhook` checks (an empty table would mean the system
    # resolver): generated host names fail to resolve (a documented `unsafe_url`) instead of reaching the network.
    "FEEDS_OFFLINE": "1",
    "FEEDS_OFFLINE_HOSTS": "pricing.example=93.184.215.14",
    "FEEDS_STARTER_MONTHLY": "10000000",
    "FEEDS_PRO_MONTHLY": "10000000",
    "FEEDS_LICENCE_MONTHLY": "10000000",
    "FEEDS_STARTER_DAILY_HISTORY": "10000000",
    "FEEDS_PRO_DAILY_HISTORY": "10000000",
    "FEEDS_VELOCITY_LIMIT": "10000000",
    "FEEDS_STARTER_WATCHES": "100000",
    "FEEDS_PRO_WATCHES": "100000",
    "FEEDS_CLAIMS_PER_EMAIL": "10000000",
    "FEEDS_CLAIMS_PER_ENTITY": "10000000",
}
"""Limits out of reach of one run (the 429s themselves are tested in tests/test_api.py), and no DNS."""
NEGATIVE_REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
"""`negative_data_rejection`'s default statuses of a refusal, and 413: a schema-violating request too large to
be read is refused too (5xx stays in: `not_a_server_error` fails those on its own)."""

CROSS_PARAMETER_RULES: dict[tuple[str, str], set[tuple[str, str]]] = {
    ("GET", f"{API}/ai-pricing"): {("unsafe_url", "url")},
    ("GET", f"{API}/{{feed}}/history"): {
        ("bad_request", "from"),  # `from` after `to`
        ("bad_request", "to"),  # a window over 90 days
        ("bad_request", "cursor"),  # a cursor outside the window
        ("outside_plan_depth", "from"),
        ("outside_plan_depth", "to"),
    },
    ("GET", f"{API}/{{feed}}/asof"): {
        ("bad_request", "date"),  # a day after today
        ("outside_plan_depth", "date"),
    },
    ("GET", f"{API}/trends"): {("bad_request", "feed"), ("outside_plan_depth", "date")},
    ("GET", f"{API}/watches/events"): {("bad_request", "cursor")},
    ("POST", f"{API}/watches"): {("bad_request", "webhook"), ("unsafe_url", "webhook")},
    ("POST", f"{API}/claims"): {("bad_request", "pricing")},
    ("GET", f"{API}/export/{{feed}}"): {("bad_request", "from")},  # `from` after `to`
}
"""(method, path) -> the (code, parameter) of each 400 a schema-valid request may get: a rule OpenAPI cannot state."""
FORM_PAIR_RULES = {("bad_request", "pricing.plans"), ("bad_request", "corrections.fields")}
"""The claim form's plan/price and field/value rows pair up by position: a row with one side only is a 400."""


# -- checks ---------------------------------------------------------------------------------------------


def _problem(response: Response) -> dict[str, Any] | None:
    if not response.headers.get("content-type", [""])[0].startswith(PROBLEM):
        return None
    body = response.json()
    return body if isinstance(body, dict) else None


def request_head_bytes(response: Response) -> int:
    """Bytes of the request line and headers as sent (`Host`, which http.client adds, estimated)."""
    request = response.request
    target = request.url.split("/", 3)[3] if request.url.count("/") >= 3 else ""
    line = len(f"{request.method} /{target} HTTP/1.1\r\n".encode())
    headers = sum(len(f"{name}: {value}\r\n".encode("latin-1", "replace")) for name, value in request.headers.items())
    return line + headers + len("Host: 127.0.0.1:65535\r\n")


def allowed_rejection(case: Case, response: Response) -> bool:
    """A 413 of a request really over the size limit, or a 400 of a rule between parameters (or of the world)
    that the operation's description states.

    Lengths are counted in characters, the server's limit in bytes: 2,048 characters of `url` or `entity`
    outside ASCII percent-encode to up to 24 KB, past the documented 8 KiB request head.
    """
    problem = _problem(response)
    if problem is None:
        return False
    if response.status_code == 413:
        return problem.get("code") == "request_too_large" and (
            request_head_bytes(response) >= REQUEST_MAX_HEADER_BYTES - 256
            or len(response.request.body or b"") > REQUEST_MAX_BYTES
        )
    if response.status_code != 400:
        return False
    rule = (problem.get("code"), problem.get("parameter"))
    rules = set(CROSS_PARAMETER_RULES.get((case.method.upper(), case.path), set()))
    if case.method.upper() == "POST" and case.path == f"{API}/claims" and case.media_type != "application/json":
        rules |= FORM_PAIR_RULES
    return rule in rules


def positive_data_accepted(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """schemathesis' `positive_data_acceptance`, but for the 400s of CROSS_PARAMETER_RULES and the 413 of a
    request really over the documented size limit."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if allowed_rejection(case, response):
            return None
        raise


def documented_error_code(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """A problem's `code` is one the operation's response for that status lists in `x-error-codes`.

    `status_code_conformance` checks the status, `response_schema_conformance` that the code is one of the
    API's; this checks the pair, so each operation's list of codes is exact too.
    """
    problem = _problem(response)
    if problem is None:
        return None
    if case.method.upper() != case.operation.method.upper():  # the coverage phase's other methods on the path
        documented = DOCUMENT["components"]["responses"]["MethodNotAllowed"]
    else:
        responses = case.operation.definition.raw["responses"]
        documented = responses.get(str(response.status_code)) or responses["default"]
    codes = documented.get("x-error-codes", [])
    assert problem.get("code") in codes, (
        f"{case.method} {case.path} answered {response.status_code} `{problem.get('code')}`; the document lists "
        f"{codes} for it"
    )
    return None


ADDITIONAL_CHECKS = [positive_data_accepted, documented_error_code]
EXCLUDED_CHECKS = [positive_data_acceptance]


# -- the server and its document ------------------------------------------------------------------------


def fuzz_config(**extra: Any) -> schemathesis.Config:
    """Repeatable: a fixed seed, deterministic generation, no example database; no schemathesis.toml is read.

    No extra query parameters as negative data: OpenAPI cannot say whether undeclared query parameters are
    refused, and the API ignores them (the document says so; cache busters and tracking parameters pass).
    """
    return schemathesis.Config.from_dict(
        {
            "seed": 20261104,
            "generation": {
                "max-examples": FUZZ_EXAMPLES,
                "deterministic": True,
                "database": "none",
                "allow-extra-parameters": False,
            },
            # A request refused for its size (413 `request_too_large`, documented on every operation) is refused.
            "checks": {"negative_data_rejection": {"expected-statuses": NEGATIVE_REFUSALS}},
            "request-timeout": 30,
            **extra,
        }
    )


DOCUMENT = orjson.loads(openapi_bytes(Settings(env={})))
"""The document as the server builds it. Tests are generated from it when the module is collected, before any
server runs (schemathesis' `from_fixture` loader does not work with pytest 9.2, which dropped `Node._nodeid`);
test_the_fuzzed_document_is_the_served_one proves the running server serves exactly these operations."""
schema = schemathesis.openapi.from_dict(DOCUMENT, config=fuzz_config())
starter_schema = schema.include(path_regex=r"/(history|entity|asof|trends|watches)")
"""The Starter key again where its plan changes answers: history and as-of depth, trends dates, watch limits."""
licence_schema = schema.include(path_regex=r"/export")
"""A Licence key on the export operations, which answer every other key with 403 `licence_required`."""


@pytest.fixture(scope="module", autouse=True)
def broken_pipes_are_errors() -> Iterator[None]:
    """SIGPIPE ignored (Python's default) while this module runs: `feeds.cli.main`, called in-process by other
    test modules, resets it to the default action, and a body the server refuses mid-upload (a 413) then kills
    the whole pytest process on the broken pipe instead of raising EPIPE in the request."""
    previous = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGPIPE, previous)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_live_server(tmp_path_factory.mktemp("fuzz"), FUZZ_ENV)
    try:
        yield server
    finally:
        stop(server.process)
        server.log.close()


@pytest.fixture(scope="module")
def pro_key(fuzz_server: LiveServer) -> str:
    return fuzz_server.key("pro", "fuzz-pro")


@pytest.fixture(scope="module")
def starter_key(fuzz_server: LiveServer) -> str:
    return fuzz_server.key("starter", "fuzz-starter")


@pytest.fixture(scope="module")
def licence_key(fuzz_server: LiveServer) -> str:
    return fuzz_server.key("licence", "fuzz-licence")


FUZZ_SETTINGS = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)


CASES: Counter[str] = Counter()
"""Cases sent per operation, so a run that generated (almost) nothing cannot pass unnoticed."""


def call_and_validate(case: Case, server: LiveServer, key: str) -> None:
    """Send the case to the live server with the key (explicit auth: `ignored_auth` then retries without it)."""
    CASES[case.operation.label] += 1
    headers = {"Authorization": f"Bearer {key}"}
    response = case.call(base_url=server.base_url, headers=headers)
    case.validate_response(
        response, headers=headers, additional_checks=ADDITIONAL_CHECKS, excluded_checks=EXCLUDED_CHECKS
    )


@FUZZ_SETTINGS
@schema.parametrize()
def test_every_operation_with_a_pro_key(case: Case, fuzz_server: LiveServer, pro_key: str) -> None:
    call_and_validate(case, fuzz_server, pro_key)


@FUZZ_SETTINGS
@starter_schema.parametrize()
def test_plan_dependent_operations_with_a_starter_key(case: Case, fuzz_server: LiveServer, starter_key: str) -> None:
    call_and_validate(case, fuzz_server, starter_key)


@FUZZ_SETTINGS
@licence_schema.parametrize()
def test_export_operations_with_a_licence_key(case: Case, fuzz_server: LiveServer, licence_key: str) -> None:
    call_and_validate(case, fuzz_server, licence_key)


def test_the_fuzzed_document_is_the_served_one(fuzz_server: LiveServer) -> None:
    """The tests above were generated from the document the running server serves, every operation of it."""
    served = schemathesis.openapi.from_url(f"{fuzz_server.base_url}{API}/openapi.json", config=fuzz_config())
    assert {k: v for k, v in served.raw_schema.items() if k != "servers"} == {
        k: v for k, v in DOCUMENT.items() if k != "servers"
    }  # `servers` follows FEEDS_BASE_URL
    fuzzed = {result.ok().label for result in schema.get_all_operations()}
    assert len(fuzzed) == 28 and f"GET {API}/ai-pricing" in fuzzed and f"POST {API}/claims" in fuzzed
    # Loaded from a URL, schemathesis leaves out the operation that served the document; the tests above do not.
    assert {result.ok().label for result in served.get_all_operations()} == fuzzed - {f"GET {API}/openapi.json"}


def test_linked_operations(fuzz_server: LiveServer) -> None:
    """The stateful phase on the served document: its links (a created watch's id to DELETE, ...) followed in
    chains, so `use_after_free` and `ensure_resource_availability` see resources created, used and deleted.

    Its own key, whose watches are all deleted after each scenario: every scenario starts from the same server
    state, or Hypothesis sees the same draws take another path (a 409 where a 201 was) and calls it flaky.
    """
    key = fuzz_server.key("pro", "fuzz-stateful")
    served = schemathesis.openapi.from_url(
        f"{fuzz_server.base_url}{API}/openapi.json",
        config=fuzz_config(**{"base-url": fuzz_server.base_url, "auth": {"openapi": {"bearerAuth": {"bearer": key}}}}),
    )

    class Machine(served.as_state_machine()):  # type: ignore[misc]
        def validate_response(
            self, response: Response, case: Case, additional_checks: Any = None, **kwargs: Any
        ) -> None:
            case.validate_response(
                response,
                additional_checks=ADDITIONAL_CHECKS,
                excluded_checks=EXCLUDED_CHECKS,
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

        def teardown(self) -> None:
            with fuzz_server.client(key) as http:
                for watch in http.get(f"{API}/watches").json()["data"]:
                    assert http.delete(f"{API}/watches", params={"id": watch["id"]}).status_code == 200

    Machine.run(settings=settings(FUZZ_SETTINGS, max_examples=STATEFUL_EXAMPLES, stateful_step_count=6))


@pytest.mark.parametrize(("operation", "rules"), CROSS_PARAMETER_RULES.items(), ids=str)
def test_the_rules_openapi_cannot_state_are_written_down(
    operation: tuple[str, str], rules: set[tuple[str, str]]
) -> None:
    """Each 400 that schema-valid data may get is listed with its code and named in the operation's text."""
    method, path = operation
    documented = DOCUMENT["paths"][path][method.lower()]
    text = orjson.dumps(documented).decode()
    body = documented.get("requestBody", {}).get("content", {})
    for media in body.values():  # the body's fields are described in its schema
        text += orjson.dumps(DOCUMENT["components"]["schemas"][media["schema"]["$ref"].rsplit("/", 1)[-1]]).decode()
    described = {p["name"]: p["description"] for p in documented["parameters"] if "name" in p}
    for code, parameter in rules | (FORM_PAIR_RULES if path == f"{API}/claims" else set()):
        assert code in documented["responses"]["400"]["x-error-codes"], (operation, code)
        named = f"`{parameter.split('.')[0]}`" in text or f"`{code}`" in described.get(parameter, "")
        assert named, (operation, parameter)


def test_every_operation_was_fuzzed() -> None:
    """After the parametrized tests of this module: each operation got its boundary cases and examples."""
    if not CASES:
        pytest.skip("run with the parametrized tests of this module")
    assert len(CASES) == 28, dict(CASES)
    for label, count in CASES.items():
        method, path = label.split(" ", 1)
        operation = DOCUMENT["paths"][path][method.lower()]
        # An operation without any input (GET /healthz) has only a few distinct requests to make.
        least = FUZZ_EXAMPLES if operation["parameters"] or "requestBody" in operation else 5
        assert count >= least, (label, count)
