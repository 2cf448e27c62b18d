"""Every setting of the service, declared once: name, default, help.

Settings are read from the environment so that the same code runs under cron, in CI and in a
container without a config file. A bad value fails loudly at start-up rather than surfacing as
odd behaviour at 3 a.m.; the README's settings table is checked against this list by a test.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self


class Shares:
    """A share (0..1) with optional per-source values: `0.1` or `0.1,forum-launch-ai=0.3`."""

    def __init__(self, raw: str) -> None:
        default, *pairs = [part.strip() for part in raw.split(",")]
        self.default = self._share(default)
        self.by_feed: dict[str, float] = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep or not name.strip():
                raise ValueError(f"expected feed=share, got {pair!r}")
            self.by_feed[name.strip()] = self._share(value)

    @staticmethod
    def _share(text: str) -> float:
        value = float(text)
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{text} is not a share between 0 and 1")
        return value

    def of(self, feed: str) -> float:
        return self.by_feed.get(feed, self.default)

    def __repr__(self) -> str:
        pairs = "".join(f",{feed}={value:g}" for feed, value in self.by_feed.items())
        return f"{self.default:g}{pairs}"


class _ServiceUrl(str):
    """A URL of one of `SCHEMES`, or empty. Checked here so that a mistyped value fails at start-up as a bad
    setting (value not shown) rather than reaching the client library, whose parse errors quote it back."""

    SCHEMES: ClassVar[tuple[str, ...]] = ()

    def __new__(cls, raw: str) -> Self:
        if raw and not raw.startswith(cls.SCHEMES):
            raise ValueError(f"expected a {cls.SCHEMES[0]} URL")
        return super().__new__(cls, raw)


class DatabaseUrl(_ServiceUrl):
    SCHEMES = ("postgresql://", "postgres://")


class RedisUrl(_ServiceUrl):
    SCHEMES = ("redis://", "rediss://", "unix://")


MASK = "***"
"""What stands in for a secret's value wherever settings are shown."""


@dataclass(frozen=True)
class Setting:
    name: str
    default: str
    help: str
    kind: type = str
    secret: bool = False
    """A credential: its value is never printed, logged or put in an error message. Declared, not
    guessed from the name, so that masking does not depend on how a setting happens to be spelled."""


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "FEEDS_DATA_DIR",
        "var",
        "Archive, state store, counters, run log, outbox and the build's series cache (`cache/series`, "
        "rebuilt from the archive when missing).",
        Path,
    ),
    Setting("FEEDS_SITE_DIR", "site", "The published static tree (written by `feeds build`).", Path),
    Setting(
        "FEEDS_DATABASE_URL",
        "",
        "postgresql://user:password@host/db for keys, watches, notifications, claims and the tracking queue "
        "(`feeds db migrate` first); empty: the SQLite file FEEDS_DATA_DIR/state.sqlite.",
        DatabaseUrl,
        secret=True,
    ),
    Setting(
        "GITHUB_TOKEN", "", "Token for the code host's API; raises the search limit from 10 to 30/min.", secret=True
    ),
    Setting("FEEDS_OFFLINE", "0", "1: every collection uses the offline replay instead of the network.", bool),
    Setting("FEEDS_OFFLINE_HOSTS", "", "With FEEDS_OFFLINE=1: `host=ip,...` name table for `url=` checks (tests)."),
    Setting("FEEDS_SEED", "42", "Seed of the offline replay's simulated ecosystem.", int),
    Setting("FEEDS_SIM_REPOS", "3000", "Replay: repositories in the simulated code host.", int),
    Setting("FEEDS_SIM_MCP_SERVERS", "400", "Replay: servers in the simulated MCP registry.", int),
    Setting("FEEDS_SIM_LLMS", "300", "Replay: models in the simulated LLM marketplace.", int),
    Setting("FEEDS_SIM_HUB_ITEMS", "150", "Replay: models, apps and datasets (each) in the simulated hub.", int),
    Setting("FEEDS_SIM_FORUM_POSTS", "50", "Replay: AI launch posts per day on the simulated forum.", int),
    Setting("FEEDS_HTTP_TIMEOUT", "30", "Seconds before an upstream request times out.", float),
    Setting("FEEDS_HTTP_RETRIES", "4", "Retries on timeouts, 5xx and rate limits before a source fails.", int),
    Setting("FEEDS_MAX_RETRY_WAIT", "120", "Longest wait (s) a rate limit may impose before the source fails.", float),
    Setting("FEEDS_NEW_REPO_DAYS", "30", "Repositories created this many days back count as new.", int),
    Setting("FEEDS_FORUM_DAYS", "7", "Days of forum posts each collection looks back over.", int),
    Setting(
        "FEEDS_DRIFT_MAX_SKIPPED",
        "0.1",
        "A source whose share of items failing validation is above this fails (`0.1,feed=0.3` sets one apart).",
        Shares,
    ),
    Setting(
        "FEEDS_DRIFT_MIN_ROWS",
        "0.5",
        "A source with fewer rows than this share of its last archived day's fails (per feed as above).",
        Shares,
    ),
    Setting("FEEDS_FETCH_MAX_BYTES", "2000000", "Largest pricing page fetched on a user's behalf (bytes).", int),
    Setting("FEEDS_FETCH_TIMEOUT", "15", "Total seconds allowed to fetch one pricing page.", float),
    Setting("FEEDS_HOST", "127.0.0.1", "Address `feeds serve` listens on."),
    Setting("FEEDS_PORT", "8000", "Port `feeds serve` listens on.", int),
    Setting("FEEDS_MCP_PORT", "8001", "Port of the remote MCP server (streamable HTTP at /mcp).", int),
    Setting("FEEDS_WORKERS", "2", "Sanic worker processes of `feeds serve`.", int),
    Setting("FEEDS_BASE_URL", "http://127.0.0.1:8000", "Public base URL (canonical links, OpenAPI servers)."),
    Setting("FEEDS_STARTER_MONTHLY", "10000", "Starter plan: requests per calendar month (UTC).", int),
    Setting("FEEDS_PRO_MONTHLY", "250000", "Pro plan: requests per calendar month (UTC).", int),
    Setting("FEEDS_STARTER_DAILY_HISTORY", "200", "Starter plan: history + trends calls per day (UTC).", int),
    Setting("FEEDS_PRO_DAILY_HISTORY", "1000", "Pro plan: history + trends calls per day (UTC).", int),
    Setting("FEEDS_STARTER_WATCHES", "5", "Starter plan: watches per key.", int),
    Setting("FEEDS_PRO_WATCHES", "50", "Pro plan: watches per key.", int),
    Setting("FEEDS_LICENCE_MONTHLY", "250000", "Data licence plan: requests per calendar month (UTC).", int),
    Setting("FEEDS_LICENCE_DAILY_HISTORY", "1000", "Data licence plan: history + trends calls per day (UTC).", int),
    Setting("FEEDS_LICENCE_WATCHES", "50", "Data licence plan: watches per key.", int),
    Setting(
        "FEEDS_EXPORT_CACHE_MB",
        "4096",
        "Disk (MiB) kept by built exports (FEEDS_DATA_DIR/exports); the least recently served go first.",
        int,
    ),
    Setting("FEEDS_VELOCITY_LIMIT", "120", "Distinct entities/dates a key may request per velocity window.", int),
    Setting("FEEDS_VELOCITY_WINDOW", "600", "Velocity window in seconds (sliding).", int),
    Setting("FEEDS_THROTTLE_SECONDS", "3600", "How long a key over the velocity limit is throttled.", int),
    Setting("FEEDS_QUOTA_BLOCK", "50", "Most requests a worker reserves at once from a key's shared quota.", int),
    Setting(
        "FEEDS_REDIS_URL",
        "",
        "Redis shared by several origins (`redis://[:password@]host:6379/0`): quota counters, demand log and key"
        " revocations live there; empty: SQLite files in FEEDS_DATA_DIR (one machine).",
        RedisUrl,
        secret=True,
    ),
    Setting("FEEDS_SMTP_HOST", "", "SMTP server for claim mails; empty: mails go to FEEDS_DATA_DIR/outbox as .eml."),
    Setting("FEEDS_SMTP_PORT", "587", "SMTP port.", int),
    Setting("FEEDS_SMTP_USER", "", "SMTP user name (empty: no login)."),
    Setting("FEEDS_SMTP_PASSWORD", "", "SMTP password.", secret=True),
    Setting("FEEDS_SMTP_TLS", "starttls", "SMTP transport security: starttls, tls or none."),
    Setting("FEEDS_MAIL_FROM", "feeds@localhost", "Sender address of claim mails."),
    Setting("FEEDS_CLAIM_TTL_HOURS", "48", "Hours a claim verification link stays valid.", int),
    Setting("FEEDS_CLAIMS_PER_EMAIL", "5", "Claims one e-mail address may submit per day.", int),
    Setting("FEEDS_CLAIMS_PER_ENTITY", "10", "Claims one entity may receive per day.", int),
    Setting("FEEDS_WEBHOOK_TIMEOUT", "10", "Seconds allowed for one webhook delivery attempt.", float),
    Setting("FEEDS_WEBHOOK_MAX_FAILURES", "5", "Consecutive failed deliveries after which a webhook is disabled.", int),
    Setting("FEEDS_WEBHOOK_ALLOW_LOOPBACK", "0", "1 allows webhooks to loopback addresses (tests only).", bool),
)

_BY_NAME = {s.name: s for s in SETTINGS}


class SettingsError(ValueError):
    """A setting has a value that cannot be used."""


def _convert(setting: Setting, raw: str) -> Any:
    # A secret's value is never echoed, nor chained in as the cause: int("...")'s own message would
    # repeat it in a traceback.
    shown = MASK if setting.secret else repr(raw)
    if setting.secret and any(not ch.isprintable() for ch in raw):
        # Usually a line break read along with the value from a file: the credential could never work,
        # and httpx's "Illegal header value b'Bearer ...'" would carry it into the run log.
        raise SettingsError(f"{setting.name}: contains a line break or other non-printable character (value not shown)")
    if setting.kind is bool:
        lowered = raw.strip().lower()
        if lowered in {"1", "true", "yes", "on"}:
            return True
        if lowered in {"0", "false", "no", "off", ""}:
            return False
        raise SettingsError(f"{setting.name}={shown}: expected 1/0, true/false, yes/no")
    try:
        return setting.kind(raw)
    except (TypeError, ValueError) as exc:
        error = SettingsError(f"{setting.name}={shown}: expected {setting.kind.__name__}")
        if setting.secret:
            raise error from None
        raise error from exc


class Settings:
    """Typed, read-only view of the settings; attribute names are the lowercased setting names."""

    def __init__(self, env: Mapping[str, str] | None = None, **overrides: Any) -> None:
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for setting in SETTINGS:
            values[setting.name.lower()] = _convert(setting, env.get(setting.name, setting.default))
        for key, value in overrides.items():
            if key.upper() not in _BY_NAME:
                raise SettingsError(f"unknown setting {key}")
            values[key] = value
        self.__dict__.update(values)

    def __repr__(self) -> str:
        """Every value, secrets masked: a debugger, a traceback with locals or an error reporter shows
        the object by its repr, and must not show a credential."""
        shown = ", ".join(f"{s.name.lower()}={self._shown(s)}" for s in SETTINGS)
        return f"Settings({shown})"

    __str__ = __repr__

    def _shown(self, setting: Setting) -> str:
        value = self.__dict__[setting.name.lower()]
        if setting.secret:
            return MASK if value else "''"
        return repr(value)

    def secret_values(self) -> list[str]:
        """The secrets that are set, longest first, for `redact`."""
        values = {str(self.__dict__[s.name.lower()]) for s in SETTINGS if s.secret}
        return sorted((v for v in values if v), key=len, reverse=True)

    def redact(self, text: str) -> str:
        """`text` with every secret value that is set replaced by ***: for messages built from text
        this service does not control (an upstream's or a mail server's reply), which could quote a
        credential back."""
        for value in self.secret_values():
            text = text.replace(value, MASK)
        return text

    def __getattr__(self, name: str) -> Any:  # only reached for unknown names
        raise AttributeError(f"no setting named {name.upper()}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("settings are read-only; pass overrides to Settings(...)")

    @property
    def archive_path(self) -> Path:
        return Path(self.feeds_data_dir) / "archive.sqlite"

    @property
    def state_path(self) -> Path:
        return Path(self.feeds_data_dir) / "state.sqlite"

    @property
    def series_cache_dir(self) -> Path:
        """Each feed's series as the last build read it (build/series_cache.py): a cache of the archive."""
        return Path(self.feeds_data_dir) / "cache" / "series"

    def ensure_dirs(self) -> None:
        Path(self.feeds_data_dir).mkdir(parents=True, exist_ok=True)
