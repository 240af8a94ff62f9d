"""Service settings, read from the environment (MAHJONG_*); see the README's Configuration table."""

import os
from collections.abc import Mapping
from dataclasses import dataclass

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        defaults = cls()

        def get(name: str) -> str | None:
            value = env.get(f"MAHJONG_{name}")
            return None if value is None or value.strip() == "" else value.strip()

        def integer(name: str, default: int, low: int, high: int) -> int:
            raw = get(name)
            if raw is None:
                return default
            try:
                value = int(raw)
            except ValueError:
                raise SettingsError(f"MAHJONG_{name}={raw!r} is not an integer") from None
            if not low <= value <= high:
                raise SettingsError(f"MAHJONG_{name}={value} must be between {low} and {high}")
            return value

        log_level = (get("LOG_LEVEL") or defaults.log_level).lower()
        if log_level not in LOG_LEVELS:
            raise SettingsError(f"MAHJONG_LOG_LEVEL={log_level!r} must be one of {', '.join(LOG_LEVELS)}")

        access_raw = (get("ACCESS_LOG") or str(defaults.access_log)).lower()
        if access_raw not in _TRUE | _FALSE:
            raise SettingsError(f"MAHJONG_ACCESS_LOG={access_raw!r} must be true or false")

        return cls(
            host=get("HOST") or defaults.host,
            port=integer("PORT", defaults.port, 1, 65535),
            workers=integer("WORKERS", defaults.workers, 1, 64),
            log_level=log_level,
            access_log=access_raw in _TRUE,
            max_body_bytes=integer("MAX_BODY_BYTES", defaults.max_body_bytes, 1, 1 << 30),
            max_json_depth=integer("MAX_JSON_DEPTH", defaults.max_json_depth, 1, 256),
        )
