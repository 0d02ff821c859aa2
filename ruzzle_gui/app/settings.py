"""What the app remembers between runs: a small JSON file in the user's config folder.

Nothing in it is lost: a save writes only the keys this window changed, over
what is on disk at that moment (another window may have saved since), under a
lock; a damaged file is kept as a dated backup before the defaults are used,
and a file damaged while the app is open is kept the same way before a save
writes every value the window holds; a FIFO or device in its place is refused,
never opened.
"""
from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ruzzle_gui.acceptance import DEFAULT as DEFAULT_ACCEPTANCE
from ruzzle_gui.acceptance import Acceptance, acceptance_from
from ruzzle_gui.app.text.i18n import LANGUAGES, _
from ruzzle_gui.files import write_atomically, write_bytes
from ruzzle_gui.language import config_dir
from ruzzle_gui.plan import DEFAULT_SECONDS, PlanError, Timing, check_seconds
from ruzzle_gui.vision import MAX_SCREEN_PX  # a larger stored region is damaged

DEFAULT_DELAY_MS = 350
DELAY_RANGE_MS = (60, 900)
RECENT_LIMIT = 8
# A real settings file is a few hundred bytes; anything far larger is damaged,
# and reading it whole could cost unbounded memory.
MAX_SETTINGS_BYTES = 64 * 1024
MAX_PATH_CHARS = 4096
DEFAULT_TIMING = asdict(Timing())  # the planner's reasoned defaults; a stored value it refuses is damaged


@dataclass
class Settings:
    """The last language used, the animation pace (ms per tile), recent board files, the light or
    dark mode chosen (None: follow the system), whether the word list shows everyday words only
    and doubtful words too, the Plan view's round length and swipe timing, the table of
    each word's chance of being accepted that the plan prices words with (ruzzle_gui.acceptance),
    the region of the screen watch mode watches (left, top, width, height; None: the whole screen),
    and the interface language chosen (None: follow the system)."""

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
    interface_language: str | None = None
    # What the file held when these were read or last saved (None: not read), so a save writes only changes.
    _on_disk: dict | None = field(default=None, init=False, repr=False, compare=False)

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


class _Damaged(ValueError):
    """The settings file is there but cannot be read as settings."""


class _NotRegular(ValueError):
    """Something other than a regular file (a FIFO, a device) is where the settings file goes."""


def load_settings(path: Path) -> Settings:
    """Return the settings stored at ``path``; defaults for anything missing, unreadable or corrupt."""
    return read_settings(path)[0]


def read_settings(path: str | Path) -> tuple[Settings, str | None]:
    """Return the settings stored at ``path`` and, once, what the player should hear about the file.

    A damaged file is renamed to a dated backup (``settings.json.damaged-YYYYMMDD-HHMMSS``)
    and the defaults are used; the notice says so and where the backup is.
    """
    # A damaged settings file must never stop the app from opening: deep nesting
    # (RecursionError), 5,000-digit numbers (ValueError) and wrong types all give defaults.
    path = Path(path)
    try:
        data = _read_raw(path)
    except FileNotFoundError:
        return _loaded(Settings(), {}), None
    except _NotRegular:
        return Settings(), _("Your settings file {path} is not a regular file: started from the defaults").format(
            path=path)
    except OSError as err:
        return Settings(), _("Could not read your settings file {path} ({problem}): started from the defaults").format(
            path=path, problem=err.strerror)
    except _Damaged:
        return _loaded(Settings(), {}), _keep_damaged(path)
    settings = Settings(language=_language(data.get("language")), delay_ms=_delay(data.get("delay_ms")),
                        recent_boards=_recent(data.get("recent_boards")),
                        theme=data.get("theme") if data.get("theme") in ("light", "dark") else None,
                        plan_seconds=_seconds(data.get("plan_seconds")), timing=_timing(data.get("timing")),
                        everyday_only=data.get("everyday_only") is True, doubtful_too=data.get("doubtful_too") is True,
                        pace_offered=data.get("pace_offered") is True,
                        acceptance=acceptance_from(data.get("acceptance"))._asdict(),
                        watch_region=_region(data.get("watch_region")),
                        interface_language=_interface_language(data.get("interface_language")))
    return _loaded(settings, _stored(settings)), None


def _loaded(settings: Settings, on_disk: dict) -> Settings:
    """Remember on ``settings`` the values it was read with, so a save writes only what changed since."""
    settings._on_disk = on_disk
    return settings


def _stored(settings: Settings) -> dict:
    """Return the values of ``settings`` the file holds: every field but what was read."""
    return {key: value for key, value in asdict(settings).items() if key != "_on_disk"}


def _read_raw(path: Path) -> dict:
    """Return the JSON object in the settings file; raise _Damaged, _NotRegular or OSError (never open a FIFO)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise _NotRegular(str(path))
    with open(path, "rb", opener=lambda name, flags: os.open(name, flags | os.O_NONBLOCK)) as handle:
        raw = handle.read(MAX_SETTINGS_BYTES + 1)
    try:
        data = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_SETTINGS_BYTES else None
    except (UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise _Damaged(str(path))
    return data


def _backup_name(path: Path) -> Path:
    """Return the dated name a damaged settings file is kept under beside ``path``."""
    return path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")


def _keep_damaged(path: Path) -> str:
    """Rename a damaged settings file to a dated backup; return the notice that says where it is."""
    backup = _backup_name(path)
    try:
        os.replace(path, backup)
    except OSError as err:
        return _("Your settings file {path} is damaged and could not be kept aside ({problem}): "
                 "started from the defaults").format(path=path, problem=err.strerror)
    return _("Your settings file was damaged: started from the defaults; the old file is kept as {backup}").format(
        backup=backup)


def _language(value: object) -> str | None:
    """Return a stored language code or file, or None if it is not a sane string."""
    return value if isinstance(value, str) and 0 < len(value) <= MAX_PATH_CHARS and "\0" not in value else None


def _interface_language(value: object) -> str | None:
    """Return a stored interface language if it is one the app speaks, else None (follow the system)."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def _delay(value: object) -> int:
    """Return a stored animation pace, or the default if it is not a whole number in range."""
    low, high = DELAY_RANGE_MS
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return DEFAULT_DELAY_MS


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


class Kept(str):
    """What ``save_settings`` says when the save went through after keeping a damaged file aside: news, not a
    failure (the window may close)."""


def save_settings(settings: Settings, path: str | Path) -> str | None:
    """Write what changed in ``settings`` since it was read over the file at ``path``; return None or why not.

    Settings read from the file (``read_settings``) write only the keys changed
    since, over what is on disk now, so two windows keep each other's changes;
    others write every key. The file is replaced in one step, under a lock. A file
    on disk that cannot be read is never written over: it is kept as a dated
    backup, every value is written, and the ``Kept`` notice returned says where.
    """
    path = Path(path)
    values = _stored(settings)
    before = settings._on_disk
    changed = values if before is None else {key: value for key, value in values.items() if before.get(key) != value}
    kept = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(path):
            try:
                on_disk = _read_raw(path)
            except FileNotFoundError:
                on_disk = {}
            except _Damaged:
                kept = _backup_name(path)
                os.replace(path, kept)  # if it fails, nothing is written: the damaged file stays as it was
                on_disk, changed = {}, values
            except _NotRegular:
                return _("could not save settings to {path}: it is not a regular file").format(path=path)
            if not changed and on_disk:
                return None
            data = _json_bytes({**on_disk, **changed})
            # Replace in one step, so a crash or a full disk never leaves a half-written file.
            write_atomically(path, lambda partial: write_bytes(partial, data))
    except OSError as err:
        return _("could not save settings to {path}: {problem}").format(path=path, problem=err.strerror)
    _loaded(settings, values)
    if kept is not None:
        return Kept(_("Your settings file was damaged: the old file is kept as {backup}; your settings are saved")
                    .format(backup=kept))
    return None


def _json_bytes(data: dict) -> bytes:
    """Return ``data`` as the settings file's UTF-8 JSON text, non-ASCII letters written as they are."""
    try:
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
    except UnicodeEncodeError:
        # A lone surrogate (valid JSON, or a file name's undecodable byte) has no UTF-8: written as its
        # \u escape instead, it reads back the same.
        return (json.dumps(data, indent=2) + "\n").encode()


class _locked:
    """Context manager: hold an exclusive lock on the settings folder while the file is read and replaced."""

    def __init__(self, path: Path) -> None:
        self.folder = path.parent  # locked itself: no lock file left beside the settings

    def __enter__(self) -> None:
        try:
            import fcntl  # a C module
        except ImportError:  # Windows: no folder locks, the save goes unlocked
            self.handle = None
            return
        self.handle = os.open(self.folder, os.O_RDONLY | os.O_CLOEXEC)
        fcntl.flock(self.handle, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        if self.handle is not None:
            os.close(self.handle)  # closing releases the lock
