"""Routes of maintainer claims: the API endpoint, the no-JavaScript form page and the verification link.

- `POST /api/v1/claims` (JSON or form body) -> 202 and a verification mail; no API key (maintainers are
  not customers), so the abuse limits of collectors/claims.py apply instead.
- `GET /claim?entity=<page path>` -> the form, filled in with the listing; `POST /claim` takes the form
  (application/x-www-form-urlencoded) and answers with a page, never JSON, so it works without scripts.
- `GET /claim/verify?token=...` -> changes nothing: for a live link, a page naming the claim's listing with a
  button that POSTs the token; otherwise the page saying already used, expired or invalid. Mail scanners and
  link previews (Safe Links, chat unfurls, antivirus) fetch every link of a mail, so following the link must
  not use it up. `POST /claim/verify` (form field `token`) verifies once and says verified, already used,
  expired or invalid. An unknown token and a token of another claim look the same: the page shows a claim's
  listing only to the holder of its own valid link.

The answer to a submission never depends on other people's claims of the same listing (same body, same
status), so it cannot be used to learn whether a listing was claimed.
"""

from __future__ import annotations

from typing import Any

import orjson
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from build.claims import claim_form_context
from build.pages import entity_label, fmt, href
from build.paths import entity_card_path
from build.templating import template
from collectors.claims import (
    CLAIM_FILE,
    PRICING_FEEDS,
    Claim,
    ClaimInvalid,
    ClaimLimit,
    ClaimStore,
    NewClaim,
    Submission,
    form_to_body,
    github_repo,
    parse_submission,
    proof_token,
)
from collectors.models import FEED_NAMES, FEEDS
from server import params
from server.contract import API, CLAIM_MAX_BODY, JSON
from server.errors import ApiError, bad_request, too_large
from server.mailer import MailError, send_mail, verification_link, verification_mail
from server.response import READ
from server.site import Site
from server.static import PAGE_CSP
from server.steps import site_of

HTML = "text/html; charset=utf-8"
FORM = "application/x-www-form-urlencoded"
NO_STORE = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # a verification token in the URL must not travel on in a Referer
    "X-Content-Type-Options": "nosniff",
}
MAIL_RETRY = 300
VERIFY_STATUS = {"valid": 200, "verified": 200, "used": 200, "expired": 410, "invalid": 404}
"""Status per outcome of ClaimStore.check (`valid`: the confirmation page) and ClaimStore.verify."""


# -- shared steps ------------------------------------------------------------------------------------


def _row(site: Site, feed: str, key: str) -> dict[str, Any] | None:
    raw = site.file(entity_card_path(feed, key))
    return orjson.loads(raw).get("row") if raw else None


def _content_type(request: Request) -> str:
    return (request.content_type or "").split(";")[0].strip().lower()


def _form(request: Request) -> dict[str, list[str]]:
    """An urlencoded form body (at most CLAIM_MAX_BODY bytes): each field's values, in order."""
    content_type = _content_type(request)
    if content_type != FORM:
        raise bad_request(f"send {FORM}, not {content_type or 'no content type'}")
    if len(request.body) > CLAIM_MAX_BODY:
        raise too_large(f"the body is over {CLAIM_MAX_BODY} bytes")
    return dict(request.form or {})


def _body(request: Request) -> dict[str, Any]:
    """The submission as a JSON-shaped dict, from a JSON or an urlencoded form body."""
    content_type = _content_type(request)
    if content_type == FORM:
        return form_to_body(_form(request))
    if content_type in ("application/json", ""):
        return params.json_object(request, CLAIM_MAX_BODY, '{"entity": ..., "email": ..., ...}')
    raise bad_request(f"send application/json or {FORM}, not {content_type}")


async def submit(request: Request, body: dict[str, Any]) -> tuple[Submission, NewClaim]:
    """Validate, resolve the listing, count the limits, store the pending claim and mail its link."""
    site = site_of(request)
    settings = request.app.ctx.settings
    try:
        submission = parse_submission(body)
    except ClaimInvalid as exc:
        raise bad_request(exc.message, exc.field) from None
    target = site.pages_index.get(submission.entity)
    if target is None:
        raise params.not_found(
            f"unknown listing {submission.entity!r}: use an entity page path such as /repo/<owner>/<name>"
        )
    feed, key = target
    if submission.pricing is not None and feed not in PRICING_FEEDS:
        raise bad_request("`pricing` applies to pricing pages (/pricing/...) and LLMs (/llm/...) only", "pricing")
    repo = github_repo(feed, key, _row(site, feed, key))
    store: ClaimStore = request.app.ctx.claims
    try:
        new = store.create(
            submission,
            feed,
            key,
            repo,
            ttl_hours=settings.feeds_claim_ttl_hours,
            per_email=settings.feeds_claims_per_email,
            per_entity=settings.feeds_claims_per_entity,
        )
    except ClaimLimit as exc:
        raise ApiError(
            429, exc.code, f"{exc}; retry in {exc.retry_after} s", headers={"Retry-After": str(exc.retry_after)}
        ) from None
    message = verification_mail(
        settings,
        to=submission.email,
        entity=submission.entity,
        link=verification_link(settings, new.token),
        expires_at=new.claim.expires_at,
        proof=new.proof if repo else None,
    )
    try:
        await send_mail(settings, message, new.claim.id)
    except MailError:
        store.forget(new.claim.id)
        raise ApiError(
            503,
            "mail_unavailable",
            f"the verification mail could not be sent; nothing was stored, try again in {MAIL_RETRY} s",
            headers={"Retry-After": str(MAIL_RETRY)},
        ) from None
    return submission, new


def _page_context(request: Request, site: Site, path: str, title: str, description: str) -> dict[str, Any]:
    """The context base.html needs, as the build's pages have it."""
    base = str(request.app.ctx.settings.feeds_base_url).rstrip("/")
    return {
        "path": path,
        "canonical": base + href(path),
        "page_title": title,
        "description": description,
        "built_at": site.info.get("builtAt", ""),
        "href": href,
        "fmt": fmt,
        "feed_names": FEED_NAMES,
        "feed_titles": {name: FEEDS[name].title for name in FEED_NAMES},
        "og_image": None,
    }


def _html(body: str, status: int, headers: dict[str, str] | None = None) -> HTTPResponse:
    return HTTPResponse(
        body.encode(),
        status=status,
        content_type=HTML,
        headers={**NO_STORE, "Content-Security-Policy": PAGE_CSP, **(headers or {})},
    )


def _form_page(request: Request, site: Site, entity: str, **extra: Any) -> str:
    target = site.pages_index.get(entity) if entity else None
    feed, label = None, None
    if target is not None:
        feed, key = target
        label = entity_label(feed, _row(site, feed, key) or {}, key)
    context = _page_context(
        request,
        site,
        "/claim",
        f"Claim {label or entity or 'a listing'}",
        "Maintainers can claim their listing and submit a description, pricing and corrections.",
    )
    context.update(claim_form_context(entity, label, feed, **extra))
    return template("claim.html").render(context)


# -- handlers ----------------------------------------------------------------------------------------


async def claims_create(request: Request) -> HTTPResponse:
    """POST /api/v1/claims: JSON (or form) in, 202 JSON out; the link goes by mail only."""
    submission, new = await submit(request, _body(request))
    body = {
        "id": new.claim.id,
        "status": "pending",
        "entity": submission.entity,
        "email": submission.email,
        "expiresAt": new.claim.expires_at,
        "message": "a verification link was sent to this address; follow it to put the claim in the review queue",
    }
    return HTTPResponse(
        orjson.dumps(body),
        status=202,
        content_type=JSON,
        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"},
    )


async def claim_page(request: Request) -> HTTPResponse:
    """GET /claim[?entity=<page path>]: the form, filled in with the listing when it is known."""
    site = site_of(request)
    entity = (request.args.get("entity") or "").strip()
    entity = entity.rstrip("/") or entity
    if len(entity) > 2048:
        entity = ""
    known = not entity or entity in site.pages_index
    error = None if known else f"There is no listing at {entity}: check the page path."
    status = 200 if known else 404
    body = _form_page(request, site, entity, error=error, error_field=None if known else "entity")
    headers = {"Cache-Control": "public, max-age=300"} if known else {}
    return _html(body, status, headers)


async def claim_form_post(request: Request) -> HTTPResponse:
    """POST /claim: the form's submission; a page either way (sent, or the form again with the problem)."""
    site = site_of(request)
    body: dict[str, Any] = {}
    try:
        body = _body(request)
        submission, _new = await submit(request, body)
    except ApiError as exc:
        if exc.status >= 500 and exc.code != "mail_unavailable":
            raise
        entity = str(body.get("entity") or "").strip()
        page = _form_page(request, site, entity, values=body, error=exc.detail, error_field=exc.extra.get("parameter"))
        return _html(page, exc.status, {k: v for k, v in exc.headers.items() if k == "Retry-After"})
    page = _form_page(request, site, submission.entity, state="sent", email=submission.email)
    return _html(page, 200)


def _verify_page(
    request: Request, outcome: str, claim: Claim | None, token: str = "", error: ApiError | None = None
) -> HTTPResponse:
    """The page of a link: confirm (`valid`), verified, already used, expired, invalid, or a request error."""
    site = site_of(request)
    context = _page_context(request, site, "/claim/verify", "Claim verification", "Verify a claim of a listing.")
    # The listing only to the holder of the claim's own live link.
    entity = claim.entity if claim is not None and outcome in ("valid", "verified") else ""
    context.update(
        outcome="error" if error else outcome,
        error=error.detail if error else None,
        claim_entity=entity,
        token=token if entity and outcome == "valid" else "",
        proof=proof_token(token) if claim and outcome == "verified" and claim.repo else None,
        claim_file=CLAIM_FILE,
    )
    status = error.status if error else VERIFY_STATUS[outcome]
    return _html(template("claim_verify.html").render(context), status)


async def claim_verify(request: Request) -> HTTPResponse:
    """GET /claim/verify?token=...: changes nothing; a live link gets the button that POSTs its token.

    Mail scanners and link previews fetch every link of a mail with GET: a GET that verified would use the
    link up before its owner clicks it. Unknown and foreign tokens get the same page."""
    token = (request.args.get("token") or "").strip()
    outcome, claim = request.app.ctx.claims.check(token)
    return _verify_page(request, outcome, claim, token)


async def claim_confirm(request: Request) -> HTTPResponse:
    """POST /claim/verify (form field `token`): verifies once; the same page for unknown and foreign tokens.

    No CSRF token: the request carries no cookie or other ambient credential, only the link's secret, and
    whoever can send that secret can verify the claim anyway."""
    try:
        values = _form(request).get("token") or [""]
    except ApiError as exc:
        return _verify_page(request, "invalid", None, error=exc)
    token = values[0].strip()
    outcome, claim = request.app.ctx.claims.verify(token)
    return _verify_page(request, outcome, claim, token)


routes = Blueprint("claims")
routes.add_route(claims_create, f"{API}/claims", methods=["POST"], name="claims_create")
routes.add_route(claim_page, "/claim", methods=READ, name="claim_page")
routes.add_route(claim_form_post, "/claim", methods=["POST"], name="claim_submit")
# The link's GET only shows the confirmation (no HEAD: link checkers have nothing to learn); its POST verifies.
routes.add_route(claim_verify, "/claim/verify", methods=["GET"], name="claim_verify")
routes.add_route(claim_confirm, "/claim/verify", methods=["POST"], name="claim_confirm")
