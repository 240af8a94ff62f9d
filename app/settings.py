"""Service settings, read from the environment (MAHJONG_*); see the README's Configuration table."""

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
LOG_FORMATS = ("text", "json")
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_ORIGIN = re.compile(r"https?://[^/\s,*]+")


class SettingsError(ValueError):
    """An environment variable holds a value the service cannot use."""


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    log_level: str = "info"
    access_log: bool = False
    max_body_bytes: int = 65536
    max_json_depth: int = 32
    log_format: str = "text"
    metrics: bool = True
    shutdown_timeout: int = 20
    max_batch_body_bytes: int = 524288  # 500 full-context items of some 440 bytes each, with room to spare
    max_record_body_bytes: int = 4194304  # a game record: a hanchan is 20-60 KB; an mjai log with bots' debug data 1 MB
    max_stats_body_bytes: int = 16777216  # POST /records/stats: up to 500 records
    cors_origins: tuple[str, ...] = ()  # browser apps on these origins may call the API; "*" any; none: CORS off
    heavy_processes: int = 0  # processes of the heavy-work pool (app/heavy.py); 0: the CPUs available / workers
    heavy_queue: int = 16  # heavy requests that may wait for a process; one more answers 503 overloaded
    header_timeout: int = 10  # seconds for a request's line and headers to arrive (app/edge.py)
    body_timeout: int = 30  # seconds for a request's body to arrive once its headers have
    max_header_bytes: int = 32768  # request line and headers together
    keep_alive_timeout: int = 5  # seconds an idle keep-alive connection is kept open

    def heavy_pool_size(self) -> int:
        """The heavy-work processes of each worker: as set, else the CPUs this process may use (its affinity, and a
        container's CPU quota) shared among the workers, at least one."""
        if self.heavy_processes:
            return self.heavy_processes
        return max(1, available_cpus() // self.workers)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        read = _Environment(os.environ if env is None else env)
        get, integer, choice, boolean, origins = read.get, read.integer, read.choice, read.boolean, read.origins
        defaults = cls()
        return cls(
            host=get("HOST") or defaults.host,
            port=integer("PORT", defaults.port, 1, 65535),
            workers=integer("WORKERS", defaults.workers, 1, 64),
            log_level=choice("LOG_LEVEL", defaults.log_level, LOG_LEVELS),
            access_log=boolean("ACCESS_LOG", defaults.access_log),
            max_body_bytes=integer("MAX_BODY_BYTES", defaults.max_body_bytes, 1, 1 << 30),
            max_json_depth=integer("MAX_JSON_DEPTH", defaults.max_json_depth, 1, 256),
            log_format=choice("LOG_FORMAT", defaults.log_format, LOG_FORMATS),
            metrics=boolean("METRICS", defaults.metrics),
            shutdown_timeout=integer("SHUTDOWN_TIMEOUT", defaults.shutdown_timeout, 1, 3600),
            max_batch_body_bytes=integer("MAX_BATCH_BODY_BYTES", defaults.max_batch_body_bytes, 1, 1 << 30),
            max_record_body_bytes=integer("MAX_RECORD_BODY_BYTES", defaults.max_record_body_bytes, 1, 1 << 30),
            max_stats_body_bytes=integer("MAX_STATS_BODY_BYTES", defaults.max_stats_body_bytes, 1, 1 << 30),
            cors_origins=origins("CORS_ORIGINS"),
            heavy_processes=integer("HEAVY_PROCESSES", defaults.heavy_processes, 0, 64),
            heavy_queue=integer("HEAVY_QUEUE", defaults.heavy_queue, 0, 10000),
            header_timeout=integer("HEADER_TIMEOUT", defaults.header_timeout, 1, 3600),
            body_timeout=integer("BODY_TIMEOUT", defaults.body_timeout, 1, 3600),
            max_header_bytes=integer("MAX_HEADER_BYTES", defaults.max_header_bytes, 1024, 1 << 20),
            keep_alive_timeout=integer("KEEP_ALIVE_TIMEOUT", defaults.keep_alive_timeout, 1, 3600),
        )


class _Environment:
    """The MAHJONG_* variables of an environment, each read as its kind (SettingsError names a bad one)."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = env

    def get(self, name: str) -> str | None:
        value = self.env.get(f"MAHJONG_{name}")
        return None if value is None or value.strip() == "" else value.strip()

    def integer(self, name: str, default: int, low: int, high: int) -> int:
        raw = self.get(name)
        if raw is None:
            return default
        try:
            value = int(raw)
        except ValueError:
            raise SettingsError(f"MAHJONG_{name}={raw!r} is not an integer") from None
        if not low <= value <= high:
            raise SettingsError(f"MAHJONG_{name}={value} must be between {low} and {high}")
        return value

    def choice(self, name: str, default: str, options: tuple[str, ...]) -> str:
        value = (self.get(name) or default).lower()
        if value not in options:
            raise SettingsError(f"MAHJONG_{name}={value!r} must be one of {', '.join(options)}")
        return value

    def boolean(self, name: str, default: bool) -> bool:
        raw = (self.get(name) or str(default)).lower()
        if raw not in _TRUE | _FALSE:
            raise SettingsError(f"MAHJONG_{name}={raw!r} must be true or false")
        return raw in _TRUE

    def origins(self, name: str) -> tuple[str, ...]:
        listed = tuple(origin.strip().rstrip("/") for origin in (self.get(name) or "").split(",") if origin.strip())
        for origin in listed:
            if origin != "*" and not _ORIGIN.fullmatch(origin):
                raise SettingsError(f"MAHJONG_{name}: {origin!r} is not an origin (scheme://host[:port]) or *")
        return listed


# cgroup v2, then v1: a container's CPU quota and period, in microseconds.
_CPU_QUOTA_FILES = (("/sys/fs/cgroup/cpu.max", None),
                    ("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "/sys/fs/cgroup/cpu/cpu.cfs_period_us"))


def available_cpus() -> int:
    """The CPUs this process may run on, no more than its container's CPU quota (rounded up) where it has one."""
    cpus = len(os.sched_getaffinity(0))
    for quota_file, period_file in _CPU_QUOTA_FILES:
        try:
            with open(quota_file) as file:
                fields = file.read().split()
            if period_file is not None:
                with open(period_file) as file:
                    fields.append(file.read().strip())
        except OSError:
            continue
        if len(fields) == 2 and fields[0].lstrip("-").isdigit() and int(fields[0]) > 0 and fields[1].isdigit():
            cpus = min(cpus, -(-int(fields[0]) // int(fields[1])))
        break
    return cpus
