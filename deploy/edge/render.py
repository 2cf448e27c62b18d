"""Render deploy/edge/nginx.conf.template into a runnable nginx.conf (standard library only).

    python3 deploy/edge/render.py --origin 10.0.0.2:8000 --origin 10.0.0.3:8000 \\
        --listen 80 --state-dir /var/lib/feeds-edge --user www-data --mkdirs > /etc/feeds-edge.conf
    nginx -p /var/lib/feeds-edge -c /etc/feeds-edge.conf

Every path defaults to a place under --state-dir (cache/, tmp/, nginx.pid, logs/), so one writable
directory is all the edge needs. Values are checked for characters that would end an nginx
directive, so a parameter can never add configuration of its own. See deploy/README.md.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
PLACEHOLDER = re.compile(r"@[A-Z_]+@")
UNSAFE = re.compile(r"[;{}\n\r'\"#$\\]")
ORIGIN = re.compile(r"^(unix:/\S+|\[[0-9A-Fa-f:.]+\]:\d+|[A-Za-z0-9.-]+:\d+)( [a-z_]+(=[A-Za-z0-9.]+)?)*$")
SIZE = re.compile(r"^\d+[kKmMgG]?$")
TIME = re.compile(r"^\d+(ms|s|m|h|d|w|M|y)?$")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Render the nginx edge configuration for `feeds serve` origins.")
    p.add_argument(
        "--origin",
        action="append",
        required=True,
        help="an origin as HOST:PORT (or unix:/path), optionally followed by nginx server parameters "
        "such as 'max_fails=2' or 'backup'; repeat for several origins",
    )
    p.add_argument("--listen", default="8080", help="nginx `listen` value: PORT or ADDR:PORT (default 8080)")
    p.add_argument("--state-dir", type=Path, default=Path("/var/lib/feeds-edge"), help="default base of every path")
    p.add_argument("--cache-dir", type=Path, help="proxy cache directory (default STATE/cache)")
    p.add_argument("--temp-dir", type=Path, help="nginx temp files (default STATE/tmp)")
    p.add_argument("--pid-file", type=Path, help="default STATE/nginx.pid")
    p.add_argument("--error-log", help="a path, or 'stderr' (default STATE/logs/error.log)")
    p.add_argument("--access-log", help="a path, 'stdout' or 'off' (default STATE/logs/access.log)")
    p.add_argument("--user", help="worker user when nginx starts as root, e.g. www-data (default: no directive)")
    p.add_argument("--workers", default="auto", help="worker_processes (default auto)")
    p.add_argument("--worker-connections", default="1024", help="connections per worker (default 1024)")
    p.add_argument("--cache-max-size", default="1g", help="proxy_cache_path max_size (default 1g)")
    p.add_argument("--cache-inactive", default="7d", help="drop entries not asked for this long (default 7d)")
    p.add_argument("--keys-zone-size", default="10m", help="shared memory for keys, ~8000 keys per MB (default 10m)")
    p.add_argument("--mkdirs", action="store_true", help="create the state, cache, temp and log directories")
    p.add_argument("--out", type=Path, help="write here instead of standard output")
    return p


def _checked(name: str, value: str, pattern: re.Pattern[str] | None = None) -> str:
    if not value or UNSAFE.search(value) or (pattern is not None and not pattern.match(value)):
        raise SystemExit(f"render.py: invalid --{name}: {value!r}")
    return value


def _log_target(value: str, allowed: tuple[str, ...]) -> str:
    if value in allowed:
        return "/dev/stdout" if value == "stdout" else value
    return str(Path(value).absolute())


def render(args: argparse.Namespace) -> str:
    state: Path = args.state_dir.absolute()
    paths = {
        "CACHE_DIR": (args.cache_dir or state / "cache").absolute(),
        "TEMP_DIR": (args.temp_dir or state / "tmp").absolute(),
        "PID_FILE": (args.pid_file or state / "nginx.pid").absolute(),
    }
    values = {name: _checked(name.lower().replace("_", "-"), str(path)) for name, path in paths.items()}
    values["ERROR_LOG"] = _checked(
        "error-log", _log_target(args.error_log or str(state / "logs/error.log"), ("stderr",))
    )
    access_log = _checked(
        "access-log", _log_target(args.access_log or str(state / "logs/access.log"), ("off", "stdout"))
    )
    values["ACCESS_LOG"] = "off" if access_log == "off" else f"{access_log} edge"  # `off` takes no format
    values["LISTEN"] = _checked("listen", args.listen, re.compile(r"^(\[[0-9A-Fa-f:.]+\]:|[A-Za-z0-9.-]+:)?\d+$"))
    values["ORIGIN_SERVERS"] = "\n".join(
        f"        server {_checked('origin', origin.strip(), ORIGIN)};" for origin in args.origin
    )
    values["USER_LINE"] = (
        f"user {_checked('user', args.user, re.compile(r'^[a-z_][a-z0-9_-]*( [a-z_][a-z0-9_-]*)?$'))};"
        if args.user
        else ""
    )
    values["WORKERS"] = _checked("workers", args.workers, re.compile(r"^(auto|\d+)$"))
    values["WORKER_CONNECTIONS"] = _checked("worker-connections", args.worker_connections, re.compile(r"^\d+$"))
    values["CACHE_MAX_SIZE"] = _checked("cache-max-size", args.cache_max_size, SIZE)
    values["CACHE_INACTIVE"] = _checked("cache-inactive", args.cache_inactive, TIME)
    values["KEYS_ZONE_SIZE"] = _checked("keys-zone-size", args.keys_zone_size, SIZE)
    template = TEMPLATE.read_text()
    unknown = {m.strip("@") for m in PLACEHOLDER.findall(template)} - values.keys()
    if unknown:
        raise SystemExit(f"render.py: the template has placeholders this script does not fill: {sorted(unknown)}")
    text = PLACEHOLDER.sub(lambda m: values[m.group(0).strip("@")], template)
    if args.mkdirs:
        for directory in (state, paths["CACHE_DIR"], paths["TEMP_DIR"], paths["PID_FILE"].parent):
            directory.mkdir(parents=True, exist_ok=True)
        for log in (values["ERROR_LOG"], access_log):
            if log.startswith("/") and not log.startswith("/dev/"):
                Path(log).parent.mkdir(parents=True, exist_ok=True)
    return text


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    text = render(args)
    if args.out is not None:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
