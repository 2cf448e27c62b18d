"""The one Jinja2 environment of the build: templates/ loaded and compiled once, autoescape always on.

Autoescape is on for every template (HTML and SVG alike, not only by file extension): every string
that reaches a template is upstream or user text until proven otherwise, and a template that needs
markup (the inline chart) receives it as `Markup` built by code that escaped its own inputs.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
_CONTROL_OR_SPACE = re.compile(r"[\x00-\x20]")
"""A character no link may hold (below U+0021): one regex search, as every URL of every page passes here."""


def safe_url(value: object) -> str | None:
    """`value` if it is an absolute http(s) URL, else None: a `javascript:`, `data:` or relative URL
    from upstream must never become a link (templates show such a value as text only)."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _CONTROL_OR_SPACE.search(text):
        return None
    try:
        parts = urlsplit(text)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return text


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # a build's templates do not change under it: no stat per page rendered
    )
    env.filters["safe_url"] = safe_url
    return env


def template(name: str) -> Template:
    """A compiled template (cached by Jinja's loader, so each is parsed once per process and, without
    auto_reload, never checked against its file again: ~19,000 pages a night fetch theirs)."""
    return environment().get_template(name)
