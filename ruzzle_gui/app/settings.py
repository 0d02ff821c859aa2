"""What the app remembers between runs: a small JSON file in the user's config folder."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ruzzle_gui.acceptance import DEFAULT as DEFAULT_ACCEPTANCE
from ruzzle_gui.acceptance import Acceptance, acceptance_from
from ruzzle_gui.files import write_atomically, write_bytes
from ruzzle_gui.language import config_dir
from ruzzle_gui.plan import DEFAULT_SECONDS, PlanError, Timing, check_seconds

DEFAULT_DELAY_MS = 350
DELAY_RANGE_MS = (60, 900)
RECENT_LIMIT = 8
# A real settings file is a few hundred bytes; anything far larger is damaged,
# and reading it whole could cost unbounded memory.
MAX_SETTINGS_BYTES = 64 * 1024
MAX_PATH_CHARS = 4096
MAX_SCREEN_PX = 100_000  # beyond any desktop of several monitors: a larger region is damaged
DEFAULT_TIMING = asdict(Timing())  # the planner's reasoned defaults; a stored value it refuses is damaged


@dataclass
class Settings:
    """The last language used, the animation pace (ms per tile), recent board files, the light or
    dark mode chosen (None: follow the system), whether the word list shows everyday words only
    and doubtful words too, the Plan view's round length and swipe timing, the table of
    each word's chance of being accepted that the plan prices words with (ruzzle_gui.acceptance),
    and the region of the screen watch mode watches (left, top, width, height; None: the whole screen)."""

    language: str | None = None
    delay_ms: int = DEFAULT_DELAY_MS
    recent_boards: list[str] = field(default_factory=list)
    theme: str | None = None
    everyday_only: bool = False
    doubtful_too: bool = False
    plan_seconds: float = DEFAULT_SECONDS
    timing: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_TIMING))
    pace_offered: bool = False  # the first plan offered Calibrate once: later plans only show the pace
    acceptance: dict = field(default_factory=lambda: DEFAULT_ACCEPTANCE._asdict())
    watch_region: list[int] | None = None

    def acceptance_table(self) -> Acceptance:
        """Return the stored acceptance table as the planner takes it."""
        return acceptance_from(self.acceptance)

    def plan_timing(self) -> Timing:
        """Return the stored swipe timing as the planner takes it."""
        return Timing(**self.timing)

    def remember_board(self, path: str | Path) -> None:
        """Put ``path`` first in the recent boards, once, keeping at most RECENT_LIMIT."""
        name = str(Path(path).absolute())
        self.recent_boards = [name, *(p for p in self.recent_boards if p != name)][:RECENT_LIMIT]

    def forget_board(self, path: str) -> None:
        """Drop ``path`` from the recent boards (it was moved or deleted)."""
        self.recent_boards = [p for p in self.recent_boards if p != path]


def settings_path() -> Path:
    """Return where the settings file lives: ``settings.json`` in the user's config folder."""
    return Path(config_dir(), "settings.json")


def load_settings(path: Path) -> Settings:
    """Return the settings stored at ``path``; defaults for anything missing, unreadable or corrupt."""
    # A damaged settings file must never stop the app from opening: deep nesting
    # (RecursionError), 5,000-digit numbers (ValueError) and wrong types all give defaults.
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_SETTINGS_BYTES + 1)
        if len(raw) > MAX_SETTINGS_BYTES:
            return Settings()
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    return Settings(language=_language(data.get("language")), delay_ms=_delay(data.get("delay_ms")),
                    recent_boards=_recent(data.get("recent_boards")),
                    theme=data.get("theme") if data.get("theme") in ("light", "dark") else None,
                    plan_seconds=_seconds(data.get("plan_seconds")), timing=_timing(data.get("timing")),
                    everyday_only=data.get("everyday_only") is True, doubtful_too=data.get("doubtful_too") is True,
                    pace_offered=data.get("pace_offered") is True,
                    acceptance=acceptance_from(data.get("acceptance"))._asdict(),
                    watch_region=_region(data.get("watch_region")))


def _language(value: object) -> str | None:
    """Return a stored language code or file, or None if it is not a sane string."""
    return value if isinstance(value, str) and 0 < len(value) <= MAX_PATH_CHARS and "\0" not in value else None


def _delay(value: object) -> int:
    """Return a stored animation pace, or the default if it is not a whole number in range."""
    low, high = DELAY_RANGE_MS
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    return value if ok else DEFAULT_DELAY_MS


def _seconds(value: object) -> float:
    """Return a stored round length, or the default if it is not a sane number of seconds."""
    try:
        return check_seconds(value)
    except PlanError:
        return DEFAULT_SECONDS


def _timing(value: object) -> dict[str, float]:
    """Return the stored swipe timing, or the defaults if any part of it is missing or not sane."""
    if not isinstance(value, dict) or set(value) != set(DEFAULT_TIMING):
        return dict(DEFAULT_TIMING)
    try:
        Timing(**value)
    except (PlanError, TypeError):
        return dict(DEFAULT_TIMING)
    return {name: float(value[name]) for name in DEFAULT_TIMING}


def _region(value: object) -> list[int] | None:
    """Return a stored watch region (left, top, width, height), or None if it is not a sane one."""
    if not (isinstance(value, list) and len(value) == 4
            and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_SCREEN_PX for v in value)):
        return None
    return value if value[2] >= 1 and value[3] >= 1 else None


def _recent(value: object) -> list[str]:
    """Return the stored recent board files that are sane strings, at most RECENT_LIMIT."""
    if not isinstance(value, list):
        return []
    return [p for p in value if _language(p) is not None][:RECENT_LIMIT]


def save_settings(settings: Settings, path: Path) -> str | None:
    """Write ``settings`` to ``path``; return None, or a one-line reason it could not be saved."""
    path = Path(path)
    text = json.dumps(asdict(settings), indent=2, ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Replace in one step, so a crash or a full disk never leaves a half-written file.
        write_atomically(path, lambda partial: write_bytes(partial, text.encode()))
    except OSError as err:
        return f"could not save settings to {path}: {err.strerror}"
    return None
