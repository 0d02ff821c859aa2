"""What the app starts with: the settings file, the language to open in, and the languages offered."""
from __future__ import annotations

import os

from ruzzle_gui.app.settings import read_settings, settings_path
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.text import i18n
from ruzzle_gui.app.text.engine_text import engine_text
from ruzzle_gui.app.text.i18n import _, language_name
from ruzzle_gui.language import LanguageError, bundled_language_file, known_languages, load_language

FALLBACK_LANGUAGE = "en"
BUNDLED_LANGUAGES = ("it", "es", "de", "fr", "nl", "pt", "ru")
# What a broken language file can raise: LanguageError, and from a pathological
# file a ValueError (a 5,000-digit number) or RecursionError (deep nesting).
LOAD_ERRORS = (ValueError, RecursionError)


def language_names(extra: str | None = None) -> dict[str, str]:
    """Return {code: display name in the interface language} for every language that loads, sorted by name."""
    names = {}
    for code in [*known_languages(), *([extra] if extra else [])]:
        try:
            names[code] = language_name(code, load_language(code).name)
        except LOAD_ERRORS:
            continue  # a broken user language file must not hide the others
    return dict(sorted(names.items(), key=lambda item: item[1].casefold()))


def start_language(remembered: str | None) -> tuple[str, str | None]:
    """Return the language to start in (remembered, else the system's, else English) and why not the first.

    A language whose file fails to load is passed over; if every code fails (the
    user overrides them all with broken files), a bundled file is used as it ships.
    """
    locale = (os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or "")[:2]
    system = locale if locale in known_languages() else None  # a locale such as C names no language
    problem = None
    for code in dict.fromkeys(code for code in (remembered, system, FALLBACK_LANGUAGE) if code):
        try:
            load_language(code)
            return code, problem
        except LOAD_ERRORS as err:
            problem = problem or _("Could not load language '{code}': {problem}").format(
                code=code, problem=engine_text(err))
    for code in dict.fromkeys([FALLBACK_LANGUAGE, *BUNDLED_LANGUAGES]):
        shipped = bundled_language_file(code)
        try:
            load_language(shipped)
            return shipped, problem
        except LOAD_ERRORS:
            continue
    raise LanguageError("no language loads, not even the bundled ones: reinstall ruzzle_gui")


def default_state(chosen: str | None = None) -> AppState:
    """Return a fresh state from the user's settings file, with notices if the file or its language failed.

    A language ``chosen`` on the command line is used, and remembered like a choice made in the window.
    """
    path = settings_path()
    settings, about_file = read_settings(path)  # its notice is in the system's language, which it then keeps
    i18n.set_language(i18n.choose_language(settings.interface_language))
    if chosen:
        settings.language = chosen
    language, problem = (chosen, None) if chosen else start_language(settings.language)
    state = AppState(language=language, settings_file=path, settings=settings)
    if about_file:
        state.notices.append(about_file)
    if problem:
        # TRANSLATORS: {problem} says why a board language could not be loaded; {language} is the one used instead.
        state.notices.append(_("{problem} · using {language}").format(
            problem=problem, language=i18n.board_language_name(load_language(language))))
    return state
