"""The interface language: which one to use, its messages (gettext) and its numbers.

Tk-free, and it imports only ``gettext``, ``os`` and ``string`` (the platform probes import their modules
when asked), so the app's start-up barely notices it. The command line never imports it: its
output stays English.

The current catalogue is held here, the one place that may hold it, because gettext's own
lookups are process-wide: ``_()`` and ``ngettext()`` read it at every call, so a switch
(``set_language``) takes effect for every text fetched afterwards. The app then asks its windows
to fetch their texts again (``<<LanguageChanged>>``). Texts already on screen are found again
by the place they are shown at (``shown``), else through ``msgid_of``: every translation ``_()``
hands out is remembered with its source.
"""
from __future__ import annotations

import gettext
import os
import string
import sys

from ruzzle_gui.app.text.number_formats import NUMBER_FORMATS

DOMAIN = "ruzzle_gui"
SOURCE_LANGUAGE = "en"
# Each interface language, named in itself: the menu lists them so whoever cannot read the
# current language still finds their own. The Portuguese catalogue is Brazilian (você, tela, arquivo): its
# code stays "pt" so that every Portuguese locale (pt_BR, pt_PT, pt) is served by it, and its name says which.
LANGUAGES = {"en": "English", "it": "Italiano", "es": "Español", "de": "Deutsch", "fr": "Français",
             "nl": "Nederlands", "pt": "Português (Brasil)", "ru": "Русский"}
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "locale")
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
MNEMONIC = "&"  # marks the mnemonic letter in a menu label's msgid: "&File"
_FORMATTER = string.Formatter()

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TypedDict

    class MenuLabel(TypedDict):
        """The options menu_label gives a menu item."""

        label: str
        underline: int

    class ButtonLabel(TypedDict):
        """The options underlined gives a button."""

        text: str
        underline: int


class _Current:
    """The language in use, its catalogue, and every translation handed out (translation -> source)."""

    code = SOURCE_LANGUAGE
    catalogue: gettext.NullTranslations = gettext.NullTranslations()
    sources: dict[str, tuple[str | None, str]] = {}
    menu_sources: dict[str, str] = {}  # a menu label shown -> its msgid with the '&'
    keys: dict[str, str] = {}  # msgid of a button label -> the letter of its Alt shortcut
    shown: dict[tuple[str, str], tuple[str | None, str, str]] = {}  # (widget, option) -> context, msgid, text


def supported(code: object) -> str | None:
    """Return the supported interface language a locale name such as 'pt_BR.UTF-8' means, or None."""
    if not isinstance(code, str):
        return None
    base = code.strip().replace("-", "_").partition(".")[0].partition("@")[0].partition("_")[0].lower()
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """Return the language the POSIX locale variables ask for (gettext's order), or None.

    ``LANGUAGE`` is a colon list of preferences, each tried in turn. As in gettext, LANGUAGE is
    ignored when the locale is C or POSIX ("no language"), which LC_ALL, LC_MESSAGES or LANG says.
    """
    env = os.environ if environ is None else environ
    locale_name = next((env[name] for name in ENV_VARIABLES[1:] if env.get(name)), "")
    if locale_name.partition(".")[0] in ("C", "POSIX"):
        return None
    for wanted in env.get("LANGUAGE", "").split(":"):
        if supported(wanted):
            return supported(wanted)
    return supported(locale_name)


def from_windows() -> str | None:
    """Return the language of Windows' user interface, or None (never raises)."""
    try:
        import ctypes
        import locale

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        return supported(locale.windows_locale.get(lcid))
    except Exception:  # anything may be missing on an odd system: then the system says nothing
        return None


def from_macos() -> str | None:
    """Return the first supported language of macOS' preferred list (AppleLanguages), or None."""
    try:
        import subprocess

        done = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True,
                              timeout=2, check=False)
        names = [part.strip(' \t"(),') for part in done.stdout.split("\n")]
    except Exception:  # no `defaults`, a timeout, anything: the system says nothing
        return None
    return next((supported(name) for name in names if supported(name)), None)


def system_language(environ: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    """Return the system's interface language if supported: the environment, then the platform's setting."""
    chosen = from_environment(environ)
    if chosen:
        return chosen
    platform = platform or sys.platform
    if platform == "win32":
        return from_windows()
    if platform == "darwin":
        return from_macos()
    return None


def choose_language(setting: object, environ: Mapping[str, str] | None = None,
                    platform: str | None = None) -> str:
    """Return the interface language: the setting's if supported, else the system's, else English."""
    return supported(setting) or system_language(environ, platform) or SOURCE_LANGUAGE


def catalogue_for(code: str) -> gettext.NullTranslations:
    """Return the shipped catalogue of ``code`` (English: none, the source strings themselves).

    A damaged one (truncated, not a catalogue, a bad Plural-Forms) gives English and a line on
    stderr; a translation naming a placeholder its English lacks is dropped, so that message alone
    shows in English instead of raising KeyError where it is formatted.
    """
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    path = os.path.join(LOCALE_DIR, code, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    except Exception as err:  # gettext's parse of damaged bytes raises struct.error, OSError, ValueError...
        print(f"ruzzle-gui: the {_ENGLISH_NAMES[code]} catalogue {path} is damaged ({err}): the interface speaks "
              f"English; reinstall ruzzle-gui", file=sys.stderr)
        return gettext.NullTranslations()
    dropped = _drop_bad_placeholders(catalogue)
    if dropped:
        print(f"ruzzle-gui: {dropped} message{'s' if dropped > 1 else ''} of the {_ENGLISH_NAMES[code]} catalogue "
              f"{path} name{'' if dropped > 1 else 's'} a placeholder its English does not: shown in English",
              file=sys.stderr)
    return catalogue


_ENGLISH_NAMES = {"it": "Italian", "es": "Spanish", "de": "German", "fr": "French", "nl": "Dutch",
                  "pt": "Portuguese", "ru": "Russian"}  # for stderr, which speaks English


def _drop_bad_placeholders(catalogue: gettext.NullTranslations) -> int:
    """Remove each translation whose placeholders are not among its msgid's (or do not parse); return how many."""
    table = getattr(catalogue, "_catalog", {})  # GNUTranslations' msgid -> text (plural forms: (msgid, n))
    bad = [key for key, text in table.items()
           if (key[0] if isinstance(key, tuple) else key) and not _fields(text) <= _fields(
               key[0] if isinstance(key, tuple) else key)]
    for key in bad:
        del table[key]
    return len(bad)


def _fields(text: str) -> set[str]:
    """Return the names of the ``str.format`` placeholders in ``text`` ({'?'} if its braces do not parse)."""
    try:
        return {name.partition(".")[0].partition("[")[0] for _, name, _, _ in _FORMATTER.parse(text)
                if name is not None}
    except ValueError:
        return {"?"}


def set_language(code: str, catalogue: gettext.NullTranslations | None = None) -> str:
    """Use ``code`` (unsupported: English) for every text fetched from now on; return the code used.

    ``catalogue`` replaces the shipped one (tests install made-up translations with it).
    """
    code = supported(code) or SOURCE_LANGUAGE
    _Current.code = code
    _Current.catalogue = catalogue if catalogue is not None else catalogue_for(code)
    return code


def current_language() -> str:
    """Return the code of the interface language in use."""
    return _Current.code


def _remember(context: str | None, msgid: str, text: str) -> str:
    """Return ``text``, remembered as the translation of ``msgid`` (see ``msgid_of``)."""
    _Current.sources[text] = (context, msgid)
    return text


def _(msgid: str) -> str:
    """Return ``msgid`` in the interface language."""
    return _remember(None, msgid, _Current.catalogue.gettext(msgid))


def pgettext(context: str, msgid: str) -> str:
    """Return ``msgid`` in the interface language, as meant in ``context`` (for short ambiguous words)."""
    return _remember(context, msgid, _Current.catalogue.pgettext(context, msgid))


def ngettext(singular: str, plural: str, count: int) -> str:
    """Return the form for ``count`` in the interface language (its own plural rules); format it after."""
    return _Current.catalogue.ngettext(singular, plural, count)


def msgid_of(text: str) -> tuple[str | None, str] | None:
    """Return (context, msgid) that ``text`` was handed out for by ``_()``/``pgettext``, or None."""
    return _Current.sources.get(text)


def menu_msgid_of(label: str, place: tuple[str, str] | None = None) -> str | None:
    """Return the msgid (with its '&') that menu label ``label`` was made from by ``menu_label``, or None.

    With ``place`` (menu, entry), the msgid last shown there wins while ``label`` is still shown there.
    """
    known = _Current.shown.get(place) if place is not None else None
    return known[1] if known is not None and known[2] == label else _Current.menu_sources.get(label)


def shown(place: tuple[str, str], msgid: str, context: str | None = None) -> str:
    """Return ``msgid`` in the interface language, remembered as the text shown at ``place``.

    ``place`` is a (widget, option) key. A text found again through its place never depends on the
    reverse lookup of ``msgid_of``, which two messages with one translation would confuse (French
    "Points" is both "Points" and "Score").
    """
    text = pgettext(context, msgid) if context is not None else _(msgid)
    _Current.shown[place] = (context, msgid, text)
    return text


def retranslate(text: str, place: tuple[str, str] | None = None) -> str:
    """Return ``text`` fetched again in the current language if ``_()`` handed it out, else unchanged.

    With ``place``, the message last shown there wins when ``text`` is still what was shown; the
    message found is then remembered there for the next switch.
    """
    known = _Current.shown.get(place) if place is not None else None
    source = known[:2] if known is not None and known[2] == text else msgid_of(text)
    if source is None:
        return text
    context, msgid = source
    if place is not None:
        return shown(place, msgid, context)
    return pgettext(context, msgid) if context is not None else _(msgid)


def mnemonic(label: str) -> tuple[str, int]:
    """Return a menu label without its '&' and the index of the letter it marked (-1: none). '&&' is '&'."""
    plain: list[str] = []
    underline, index = -1, 0
    while index < len(label):
        char = label[index]
        if char == MNEMONIC and index + 1 < len(label):
            index += 1
            if label[index] != MNEMONIC and underline < 0:
                underline = len(plain)
        plain.append(label[index])
        index += 1
    return "".join(plain), underline


def menu_label(msgid: str, place: tuple[str, str] | None = None, **values: object) -> MenuLabel:
    """Return ``label`` and ``underline`` options for a menu item whose msgid marks its mnemonic with '&'.

    Translators choose the mnemonic with the '&' in their translation. ``values`` fill its
    placeholders (such a label is made again by its owner when the language changes). ``place`` (menu,
    entry) remembers where the label is shown (see ``menu_msgid_of``).
    """
    label, underline = mnemonic(_Current.catalogue.gettext(msgid))
    if values:
        label = label.format(**values)
    else:
        _Current.menu_sources[label] = msgid
        if place is not None:
            _Current.shown[place] = (None, msgid, label)
    return {"label": label, "underline": underline}


def underlined(text: str, key: str) -> ButtonLabel:
    """Return ``text`` and ``underline`` options for a button whose Alt shortcut is ``key`` (fixed in every
    language): the first ``key`` in the translated label is underlined. A translation without the letter shows
    it after the label, underlined ('Очистить (L)'), as Windows does for languages whose words lack the letter."""
    source = msgid_of(text)
    underline = text.casefold().find(key.casefold())
    if underline < 0 or underline >= len(text):
        text, underline = f"{text} ({key.upper()})", len(text) + 2
        if source is not None:
            _remember(*source, text)  # found again on a switch of language
    if source is not None:
        _Current.keys[source[1]] = key
    return {"text": text, "underline": underline}


def shortcut_of(text: str) -> str | None:
    """Return the Alt shortcut letter of a button label made by ``underlined``, or None."""
    source = msgid_of(text)
    return _Current.keys.get(source[1]) if source is not None else None


def N_(msgid: str) -> str:
    """Return ``msgid`` unchanged: marks a string in a table for extraction, translated where it is shown."""
    return msgid


# The board languages shipped, named in the interface language (a user's own language file
# keeps the name it gives itself).
BOARD_LANGUAGE_NAMES = {"en": N_("English"), "it": N_("Italian"), "es": N_("Spanish"), "de": N_("German"),
                        "fr": N_("French"), "nl": N_("Dutch"), "pt": N_("Portuguese"), "ru": N_("Russian")}


def language_name(code: str, own_name: str) -> str:
    """Return the name of board language ``code`` in the interface language (else ``own_name``)."""
    return _(BOARD_LANGUAGE_NAMES[code]) if code in BOARD_LANGUAGE_NAMES else own_name


def board_language_name(language: object) -> str:
    """Return the name of a board language (a ``Language``) in the interface language."""
    return language_name(getattr(language, "code", ""), getattr(language, "name", ""))


def bonus_badge(code: str) -> str:
    """Return the badge of bonus ``code`` (DL, TL, DW, TW) as the game writes it in the interface language."""
    # TRANSLATORS: the badges of the bonus tiles: Double Letter, Triple Letter, Double Word, Triple Word.
    # Use the badges the game itself shows in your language (its Italian, German and French boards show these).
    badges = {"DL": pgettext("bonus", "DL"), "TL": pgettext("bonus", "TL"), "DW": pgettext("bonus", "DW"),
              "TW": pgettext("bonus", "TW")}
    return badges.get(code, code)


def _number_format(code: str | None = None) -> tuple[str, str, int, int]:
    """Return (decimal symbol, group symbol, group size, minimum grouping digits) for ``code``."""
    return NUMBER_FORMATS.get(code or _Current.code, NUMBER_FORMATS[SOURCE_LANGUAGE])


def _group(digits: str, group: str, size: int, minimum: int) -> str:
    """Return a string of digits with ``group`` between each ``size`` digits from the right, if long enough."""
    if len(digits) < size + minimum:
        return digits
    head, tail = digits[:-size], digits[-size:]
    parts = [tail]
    while len(head) > size:
        head, part = head[:-size], head[-size:]
        parts.append(part)
    parts.append(head)
    return group.join(reversed(parts))


def format_number(number: int, code: str | None = None) -> str:
    """Return a whole number as the interface language writes it: 17088 -> '17.088' in Italian."""
    _decimal, group, size, minimum = _number_format(code)
    text = _group(str(abs(int(number))), group, size, minimum)
    return f"-{text}" if number < 0 else text


def format_decimal(number: float, digits: int, code: str | None = None) -> str:
    """Return ``number`` with ``digits`` decimals as the interface language writes it: 2.5 -> '2,5' in Italian."""
    decimal, group, size, minimum = _number_format(code)
    whole, _point, fraction = f"{abs(number):.{digits}f}".partition(".")
    text = _group(whole, group, size, minimum) + (decimal + fraction if fraction else "")
    return f"-{text}" if number < 0 and float(f"{abs(number):.{digits}f}") else text


def format_short(number: float) -> str:
    """Return ``number`` as Python's ``:g`` writes it (2.5, 0.25, 3), with the interface language's decimal symbol
    and its digits grouped (3600 s as '3.600' in Italian)."""
    text = f"{number:g}"
    if "e" in text or "n" in text:  # 1e+07, inf, nan: as Python writes them
        return text
    decimal, group, size, minimum = _number_format()
    whole, point, fraction = text.lstrip("-").partition(".")
    return "-" * text.startswith("-") + _group(whole, group, size, minimum) + (decimal + fraction if point else "")


set_language(choose_language(None))
