"""Language packs on disk: where they are, and the reading and checking of one TOML file.

A pack is a TOML file. Bundled packs live in ``ruzzle_gui/languages``; a user can
add a language, or override parts of a bundled one (letter values, say), with a
file of the same name in ``user_language_dir()``. What is wrong with a file is
said as a LanguageError with its code (``coded``), for the app to say it in the
player's language. ruzzle_gui.language turns the checked data into a Language.
"""
from __future__ import annotations

import os
import stat
import sys

from ruzzle_gui.coded import coded

__all__ = ["LanguageError", "known_languages", "config_dir", "user_language_dir", "bundled_language_file",
           "is_language_code", "language_data", "read_toml", "validate"]

FOLDS = ("unidecode", "upper")
REQUIRED = {"code": str, "name": str, "alphabet": str, "fold": str, "min_length": int, "values": dict}
OPTIONAL = {"fold_replace": dict, "values_source": dict, "demo": dict, "dictionary": str}
STRING_TABLES = ("fold_replace", "values_source", "demo")
TYPE_NAMES = {str: "string", int: "whole number", dict: "table"}
# The characters of a language code; anything else (``x.toml``, ``../x``) is no code.
CODE_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
# A language file is a page of text: refuse anything past this before parsing it.
MAX_TOML_BYTES = 1 << 20


class LanguageError(ValueError):
    """A language code is unknown or a language file is invalid."""

    code = ""  # which message it is, for the app to say it in the player's language (``coded``)
    values: dict[str, object] = {}


def config_dir() -> str:
    """Return the user's ruzzle_gui configuration folder, where the platform expects it.

    ``$XDG_CONFIG_HOME/ruzzle_gui`` when that is set, else ``~/.config/ruzzle_gui`` on
    Linux, ``%APPDATA%\\ruzzle_gui`` on Windows, ``~/Library/Application Support/ruzzle_gui``
    on macOS. An existing ``~/.config/ruzzle_gui`` (made by an older version) keeps being used.
    """
    if os.environ.get("XDG_CONFIG_HOME"):
        return os.path.join(os.environ["XDG_CONFIG_HOME"], "ruzzle_gui")
    legacy = os.path.join(os.path.expanduser("~"), ".config", "ruzzle_gui")
    if os.path.isdir(legacy) or sys.platform not in ("win32", "darwin"):
        # Off Windows and macOS this is platformdirs' own answer (the XDG rule), without
        # the ~12 ms its import (tempfile, shutil, random) adds to every `ruzzle solve`.
        return legacy
    import platformdirs

    return platformdirs.user_config_dir("ruzzle_gui", appauthor=False, roaming=True)


def user_language_dir() -> str:
    """Return the folder where a user's own language files are looked up."""
    return os.path.join(config_dir(), "languages")


def _bundled_dir() -> str:
    """Return the packaged folder of language files."""
    # Not importlib.resources: its import is slow.
    return os.path.join(os.path.dirname(os.path.realpath(__file__)), "languages")


def bundled_language_file(code: str) -> str:
    """Return the language file ``code`` as it ships, whatever the user's own files say."""
    return os.path.join(_bundled_dir(), f"{code}.toml")


def is_language_code(text: str) -> bool:
    """Return True if ``text`` looks like a language code (letters, digits, ``_`` and ``-``)."""
    return bool(text) and CODE_CHARACTERS.issuperset(text)


def known_languages() -> list[str]:
    """Return the sorted codes of every bundled and user language."""
    codes = {name[:-5] for name in os.listdir(_bundled_dir()) if name.endswith(".toml")}
    user_dir = user_language_dir()
    if os.path.isdir(user_dir):
        try:
            names = os.listdir(user_dir)
        except OSError:
            names = []  # a folder we may not read lists no languages, as before
        codes |= {name[:-5] for name in names if name.endswith(".toml") and is_language_code(name[:-5])}
    return sorted(codes)


def read_toml(path, label: str) -> dict:
    """Return the parsed TOML at ``path``, or raise LanguageError naming the file."""
    import tomllib  # imported when a language file is read, not by every command

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise coded(LanguageError(f"language file {label} is not a regular file"), "language_not_file",
                        file=label)
        with open(path, "rb") as handle:
            data = handle.read(MAX_TOML_BYTES + 1)
        if len(data) > MAX_TOML_BYTES:
            raise coded(LanguageError(f"language file {label} is larger than {MAX_TOML_BYTES >> 20} MB"),
                        "language_too_big", file=label, mb=MAX_TOML_BYTES >> 20)
        return tomllib.loads(data.decode("utf-8-sig"))  # -sig: Windows Notepad starts files with a BOM
    except LanguageError:
        raise
    except OSError as err:
        raise coded(LanguageError(f"cannot read language file {label}: {err.strerror or err}"),
                    "language_unreadable", file=label, problem=err.strerror or str(err)) from None
    except UnicodeDecodeError:
        raise coded(LanguageError(f"language file {label} is not UTF-8 text"), "language_not_utf8",
                    file=label) from None
    except tomllib.TOMLDecodeError as err:
        raise coded(LanguageError(f"language file {label} is not valid TOML: {err}"), "language_not_toml",
                    file=label, problem=str(err)) from None
    except RecursionError:
        raise coded(LanguageError(f"language file {label} is nested too deeply"), "language_nested",
                    file=label) from None
    except ValueError as err:  # a number too long to read, say
        reason = str(err).split(';')[0][:120]
        raise coded(LanguageError(f"language file {label} holds a value out of range: {reason}"),
                    "language_out_of_range", file=label, problem=reason) from None


def _read_bundled(path: str) -> dict:
    """Return a bundled language file's data, parsed at build time while the file is unchanged."""
    # Importing tomllib costs more start-up than the whole solve of a 4x4 board.
    import zlib

    from ruzzle_gui.languages.parsed import PARSED

    name = os.path.basename(path)
    crc, data = PARSED.get(os.path.splitext(name)[0], (None, None))
    if data is not None:
        with open(path, "rb") as handle:
            if zlib.crc32(handle.read()) == crc:
                return data()
    return read_toml(path, name)


def _check_types(data: dict, label: str) -> None:
    """Raise LanguageError naming the first key (or table entry) of the wrong type."""
    for key, kind in (REQUIRED | OPTIONAL).items():
        if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
            raise coded(LanguageError(f"language file {label}: key '{key}' must be a {TYPE_NAMES[kind]}"),
                        "language_key_string" if kind is str else "language_key_number" if kind is int
                        else "language_key_table", file=label, key=key)
    for table in STRING_TABLES:
        for name, value in data.get(table, {}).items():
            if not isinstance(value, str):
                raise coded(LanguageError(f"language file {label}: key '{table}.{name}' must be a string"),
                            "language_key_string", file=label, key=f"{table}.{name}")


def validate(data: dict, label: str) -> None:
    """Raise LanguageError naming the first missing or bad key of a language file."""
    for key in REQUIRED:
        if key not in data:
            raise coded(LanguageError(f"language file {label}: missing key '{key}'"), "language_missing_key",
                        file=label, key=key)
    _check_types(data, label)
    unknown = set(data) - set(REQUIRED) - set(OPTIONAL)
    if unknown:
        raise coded(LanguageError(f"language file {label}: unknown key '{sorted(unknown)[0]}'"),
                    "language_unknown_key", file=label, key=sorted(unknown)[0])
    if data["fold"] not in FOLDS:
        raise coded(LanguageError(f"language file {label}: key 'fold' must be one of {', '.join(FOLDS)}"),
                    "language_fold", file=label, folds=", ".join(FOLDS))
    if data["min_length"] < 1:
        raise coded(LanguageError(f"language file {label}: key 'min_length' must be at least 1"),
                    "language_min_length", file=label)
    alphabet = data["alphabet"]
    if not alphabet or len(set(alphabet)) != len(alphabet) or not alphabet.isupper():
        raise coded(LanguageError(f"language file {label}: key 'alphabet' must be distinct upper-case letters"),
                    "language_alphabet", file=label)
    values = data["values"]
    for letter in alphabet:
        if not isinstance(values.get(letter), int) or isinstance(values.get(letter), bool) or values[letter] < 0:
            raise coded(LanguageError(f"language file {label}: key 'values.{letter}' must be a whole number >= 0"),
                        "language_value", file=label, key=f"values.{letter}")
    extra = set(values) - set(alphabet)
    if extra:
        raise coded(LanguageError(f"language file {label}: key 'values.{sorted(extra)[0]}' is not in the alphabet"),
                    "language_value_letter", file=label, key=f"values.{sorted(extra)[0]}")


def language_data(code: str) -> tuple[dict, str | None]:
    """Return the merged bundled and user data for ``code`` and the user file, if any."""
    if not is_language_code(code):
        raise coded(LanguageError(f"unknown language '{code[:40]}'; known languages: {', '.join(known_languages())}"),
                    "language_unknown", code=code[:40], known=", ".join(known_languages()))
    bundled = bundled_language_file(code)
    user = os.path.join(user_language_dir(), f"{code}.toml")
    data: dict = _read_bundled(bundled) if os.path.isfile(bundled) else {}
    if os.path.exists(user):
        override = read_toml(user, user)
        _check_types(override, user)
        values = {**data.get("values", {}), **override.get("values", {})}
        data = {**data, **override, "values": values}
        return data, user
    if not data:
        raise coded(LanguageError(f"unknown language '{code}'; known languages: {', '.join(known_languages())}"),
                    "language_unknown", code=code, known=", ".join(known_languages()))
    return data, None
