"""What the app remembers between runs: a small JSON file in the user's config folder."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ruzzle_gui.language import config_dir

DEFAULT_DELAY_MS = 350
DELAY_RANGE_MS = (60, 900)


@dataclass
class Settings:
    """The last language used, the animation pace (milliseconds per tile) and the light or dark
    mode chosen (None: follow the system)."""

    language: str | None = None
    delay_ms: int = DEFAULT_DELAY_MS
    theme: str | None = None


def settings_path() -> Path:
    """Return where the settings file lives: ``$XDG_CONFIG_HOME/ruzzle_gui/settings.json``."""
    return config_dir() / "settings.json"


def load_settings(path: Path) -> Settings:
    """Return the settings stored at ``path``; defaults for anything missing, unreadable or corrupt."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        # A damaged settings file must never stop the app from opening.
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    language = data.get("language")
    delay = data.get("delay_ms")
    theme = data.get("theme")
    low, high = DELAY_RANGE_MS
    return Settings(
        language=language if isinstance(language, str) and language else None,
        delay_ms=delay if isinstance(delay, int) and low <= delay <= high else DEFAULT_DELAY_MS,
        theme=theme if theme in ("light", "dark") else None)


def save_settings(settings: Settings, path: Path) -> str | None:
    """Write ``settings`` to ``path``; return None, or a one-line reason it could not be saved."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
        # Replace in one step, so a crash mid-write never leaves a half-written file.
        temporary.replace(path)
    except OSError as err:
        return f"could not save settings to {path}: {err.strerror}"
    return None
