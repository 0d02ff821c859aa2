"""The interface language (Tk-free): which language, the catalogues, plural forms and numbers by locale."""
from __future__ import annotations

import ast
import gettext
import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ruzzle_gui.app.settings import read_settings, save_settings
from ruzzle_gui.app.text import i18n
from ruzzle_gui.app.text.i18n import choose_language, format_decimal, format_number, from_environment, mnemonic
from ruzzle_gui.app.text.number_formats import NUMBER_FORMATS

REPO_LOCALE = Path(__file__).resolve().parent.parent / "ruzzle_gui" / "locale"
TRANSLATED = ("it", "es", "de", "fr", "nl", "pt", "ru")
RUSSIAN_PLURALS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
                   "n%100>=20) ? 1 : 2);")
PLACEHOLDER = re.compile(r"{(\w*)[^{}]*}")


@pytest.fixture(autouse=True)
def english_afterwards():
    """Leave the interface in English for the next test, whatever this one switched to."""
    yield
    i18n.set_language("en")


def needs_babel():
    """Return Babel's catalogue tools, or skip the test with one line if Babel is not installed."""
    return pytest.importorskip("babel.messages.catalog", reason="Babel is not installed (pip install '.[test]')")


# ---------------------------------------------------------------- which language

@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "it_IT.UTF-8"}, "de"),
    ({"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "it_IT.UTF-8"}, "fr"),
    ({"LANGUAGE": "ru:it", "LC_ALL": "fr_FR.UTF-8"}, "ru"),
    ({"LANGUAGE": "sv:pt_BR:it", "LANG": "en_US.UTF-8"}, "pt"),  # the first supported one of the list
    ({"LANG": "pt_PT.UTF-8"}, "pt"),                             # the Brazilian catalogue serves Portugal too
    ({"LANGUAGE": "sv:fi", "LANG": "nl_NL.UTF-8"}, "nl"),        # none supported: the locale decides
    ({"LANGUAGE": "it", "LANG": "C.UTF-8"}, None),               # gettext ignores LANGUAGE under the C locale
    ({"LANG": "POSIX"}, None),
    ({"LANG": "sv_SE.UTF-8"}, None),
    ({"LANG": "es_ES@euro"}, "es"),
    ({}, None),
])
def test_environment_variables_in_gettext_order(environ, expected):
    assert from_environment(environ) == expected


def test_the_setting_wins_over_the_system_and_a_bad_one_follows_it():
    system = {"LANG": "de_DE.UTF-8"}
    assert choose_language("ru", system, "linux") == "ru"
    for bad in (None, "", "xx", "klingon", 5, ["it"], {"it": 1}):
        assert choose_language(bad, system, "linux") == "de"
    assert choose_language(None, {}, "linux") == "en"


def test_platform_probes_never_raise():
    # Here neither Windows' kernel32 nor macOS' `defaults` exists: each says nothing rather than fail.
    assert i18n.from_windows() is None
    assert i18n.from_macos() in (None, *i18n.LANGUAGES)
    assert choose_language(None, {}, "win32") == "en"


def test_settings_remember_the_interface_language_and_drop_a_bad_one(tmp_path):
    path = tmp_path / "settings.json"
    for stored, expected in (('"it"', "it"), ('"xx"', None), ("5", None), ('["it"]', None), ("null", None)):
        path.write_text('{"language": "de", "interface_language": %s}' % stored)
        settings, notice = read_settings(path)
        assert (settings.interface_language, settings.language, notice) == (expected, "de", None)
    path.write_text('{"language": "de", "delay_ms": 200}')
    settings, _notice = read_settings(path)
    settings.interface_language = "ru"
    assert save_settings(settings, path) is None
    assert read_settings(path)[0].interface_language == "ru" and '"delay_ms": 200' in path.read_text()


# ---------------------------------------------------------------- messages

def test_a_switch_takes_effect_at_the_next_call():
    catalogue = made_catalogue("it", {"Words": "Parole"})
    assert i18n._("Words") == "Words"
    i18n.set_language("it", catalogue)
    assert i18n._("Words") == "Parole" and i18n.current_language() == "it"
    assert i18n.retranslate("Parole") == "Parole"
    i18n.set_language("en")
    assert i18n.retranslate("Parole") == "Words"  # a text on screen is found again by what it translated


def test_menu_labels_take_their_mnemonic_from_the_translation():
    assert mnemonic("&File") == ("File", 0)
    assert mnemonic("Watched re&gion…") == ("Watched region…", 10)
    assert mnemonic("Fish && chips") == ("Fish & chips", -1)
    assert mnemonic("No mnemonic") == ("No mnemonic", -1)
    i18n.set_language("it", made_catalogue("it", {"&File": "F&ile"}))
    assert i18n.menu_label("&File") == {"label": "File", "underline": 1}
    assert i18n.menu_msgid_of("File") == "&File"


def test_board_language_names_follow_the_interface():
    i18n.set_language("it", made_catalogue("it", {"English": "Inglese"}))
    assert i18n.language_name("en", "English") == "Inglese"
    assert i18n.language_name("xx", "Klingon") == "Klingon"  # a user's own language file keeps its name


def test_russian_has_three_plural_forms():
    """1 слово, 2 слова, 5 слов: with the Plural-Forms of the shipped Russian catalogue."""
    header = (REPO_LOCALE / "ru" / "LC_MESSAGES" / "ruzzle_gui.po").read_text(encoding="utf-8")
    assert RUSSIAN_PLURALS.replace(" ", "") in header.replace('"\n"', "").replace(" ", "")
    catalogue = made_catalogue("ru", {("{count} word", "{count} words"): ("{count} слово", "{count} слова",
                                                                          "{count} слов")})
    i18n.set_language("ru", catalogue)
    said = {n: i18n.ngettext("{count} word", "{count} words", n).format(count=n) for n in (1, 2, 5, 11, 21, 22, 25)}
    assert said == {1: "1 слово", 2: "2 слова", 5: "5 слов", 11: "11 слов", 21: "21 слово", 22: "22 слова",
                    25: "25 слов"}


# ---------------------------------------------------------------- the catalogues

def test_the_template_holds_every_marked_string():
    """A string marked in the source but never extracted fails here (re-extracted, compared by message)."""
    needs_babel()
    from ruzzle_gui.lab import catalogues

    fresh = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalogues.extract_template() if m.id}
    committed = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                 for m in catalogues.read_catalogue(REPO_LOCALE / "ruzzle_gui.pot") if m.id}
    assert fresh - committed == set(), "run: python -m ruzzle_gui.lab.catalogues all"
    assert committed - fresh == set(), "run: python -m ruzzle_gui.lab.catalogues all"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_has_exactly_the_templates_messages(code):
    needs_babel()
    from ruzzle_gui.lab import catalogues

    template = {m.id if isinstance(m.id, str) else m.id[0]: m.context
                for m in catalogues.read_catalogue(REPO_LOCALE / "ruzzle_gui.pot") if m.id}
    catalogue = catalogues.read_catalogue(repo_po(code), code)
    assert {m.id if isinstance(m.id, str) else m.id[0]: m.context for m in catalogue if m.id} == template
    assert catalogue.plural_forms.replace(" ", "") == catalogues.PLURAL_FORMS[code].replace(" ", "")
    assert str(catalogue.locale) == code


def test_plural_forms_follow_gettext():
    needs_babel()
    from ruzzle_gui.lab import catalogues

    assert catalogues.PLURAL_FORMS["ru"] == RUSSIAN_PLURALS
    assert {code for code, rule in catalogues.PLURAL_FORMS.items() if rule.endswith("(n > 1);")} == {"fr", "pt"}
    assert all(rule.startswith("nplurals=2;") for code, rule in catalogues.PLURAL_FORMS.items() if code != "ru")


# A translation may equal its English source only where that is right in the language, each for a
# reason. Whatever is not a word needs none: key names (below), the bonus badges (the game shows
# DL, TL, DW, TW in every language we have shots of), a message of placeholders and symbols only.
KEY_NAMES = re.compile(r"(?:(?:Ctrl|Shift|Alt|F\d+|Esc|Enter|Tab|Backspace|Delete|Insert|[A-Z0-9?]|A–Z|…)"
                       r"(?:[+, ]+|$))+")
SAME_AS_ENGLISH = {
    "it": {"&File": "Italian software names the menu File"},
    "es": {"Plan": "'plan' is the Spanish word"},
    "de": {"Plan": "'Plan' is the German word",
           "Screenshots": "German interfaces say Screenshot (docs/i18n.md, glossary)"},
    "fr": {"Points": "'points' is the French word",
           ("{count} point", "{count} points"): "'point(s)' is the French word",
           "Plan": "'plan' is the French word"},
    "nl": {"1  Letters": "Dutch 'letters'", "Letters": "Dutch 'letters'", "letters": "Dutch 'letters'",
           "{count}+ letters": "Dutch 'letters'", "Per letter": "Dutch 'per letter'",
           "Score": "Dutch uses 'score'", "Plan": "'plan' is the Dutch word",
           "&Help": "Dutch software names the menu Help"},
    "pt": {},
    "ru": {},
}


def needs_translation(message) -> bool:
    """Return True if ``message`` has words to translate (not key names, a badge or placeholders only)."""
    sources = [message.id] if isinstance(message.id, str) else list(message.id)
    if message.context == "bonus":
        return False
    return any(not KEY_NAMES.fullmatch(source) and sum(char.isalpha() for char in PLACEHOLDER.sub("", source)) >= 2
               for source in sources)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code):
    """No empty msgstr, every plural form filled, and none left English unless the language says the same."""
    needs_babel()
    from ruzzle_gui.lab import catalogues

    catalogue = catalogues.read_catalogue(repo_po(code), code)
    missing, english = [], []
    for message in catalogue:
        if not message.id:
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        forms = 1 if isinstance(message.id, str) else catalogue.num_plurals
        if len(strings) != forms or not all(strings):
            missing.append(message.id)
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        if any(string in sources for string in strings) and needs_translation(message) \
                and message.id not in SAME_AS_ENGLISH[code]:
            english.append(message.id)
    assert missing == [], f"{code}: untranslated"
    assert english == [], f"{code}: left in English (translate, or say why in SAME_AS_ENGLISH)"
    unused = set(SAME_AS_ENGLISH[code]) - {message.id if isinstance(message.id, str) else tuple(message.id)
                                            for message in catalogue}
    assert unused == set(), f"{code}: SAME_AS_ENGLISH names messages the template no longer has"


@pytest.mark.parametrize("code", TRANSLATED)
def test_menu_items_mark_one_mnemonic(code):
    """A menu item's translation marks exactly one letter with '&', as its source does."""
    needs_babel()
    from ruzzle_gui.lab import catalogues

    for message in catalogues.read_catalogue(repo_po(code), code):
        if isinstance(message.id, str) and i18n.mnemonic(message.id)[1] >= 0:
            label, underline = i18n.mnemonic(message.string)
            assert 0 <= underline < len(label) and label[underline].isalnum(), (code, message.id, message.string)
            assert message.string.replace("&&", "").count("&") == 1, (code, message.id, message.string)


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders(code):
    needs_babel()
    from ruzzle_gui.lab import catalogues

    for message in catalogues.read_catalogue(repo_po(code), code):
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = {name for source in sources for name in PLACEHOLDER.findall(source)}
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for string in strings:
            if string:
                assert set(PLACEHOLDER.findall(string)) == wanted, (code, message.id, string)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_installed_mo_is_compiled_from_its_po(code):
    needs_babel()
    from ruzzle_gui.lab import catalogues

    installed = Path(i18n.LOCALE_DIR, code, "LC_MESSAGES", "ruzzle_gui.mo")
    assert installed.read_bytes() == catalogues.compiled(repo_po(code), code), \
        "run: python -m ruzzle_gui.lab.catalogues compile, then reinstall"


@pytest.mark.parametrize("code", TRANSLATED)
def test_gnu_msgfmt_checks_each_catalogue(code):
    """GNU msgfmt -c (what Poedit runs on saving) accepts the catalogue: formats, headers, plural forms, one '&'."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU msgfmt is not installed (Debian: gettext; tests/run.sh installs it)")
    done = subprocess.run([msgfmt, "-c", "--check-accelerators=&", "-o", os.devnull, str(repo_po(code))],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_a_brace_format_message_is_not_also_flagged_percent_format():
    """'{percent}% shorter' reads as a %-directive to Babel: the extractor drops that flag (msgfmt -c fails on it)."""
    needs_babel()
    from ruzzle_gui.lab import catalogues

    both = [m.id for m in catalogues.extract_template() if {"python-format", "python-brace-format"} <= m.flags]
    assert both == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_apps_names_for_an_image_never_follow_a_preposition(code):
    """{name} in the reader's messages may be "the screen" or "the pasted image": after a preposition it would need
    the language's contraction or case (Italian "da lo schermo" is "dallo schermo"), so it stands in brackets or
    opens the sentence. The app's own read messages have one whole message per source instead."""
    needs_babel()
    from ruzzle_gui.app.text.engine_text import MESSAGES
    from ruzzle_gui.lab import catalogues

    named = {msgid for msgid in MESSAGES.values() if "{name}" in msgid}
    assert len(named) >= 14
    catalogue = {m.id: m.string for m in catalogues.read_catalogue(repo_po(code), code) if m.id in named}
    glued = [string for string in catalogue.values() if re.search(r"(?<!\()(?<!^){name}", string)]
    assert glued == [], f"{code}: write ({{name}}) or start with {{name}}"


def test_a_read_is_said_in_one_whole_message_per_source():
    """Italian: "dallo schermo", "dall'immagine incollata", "da foto.png", never "da lo schermo"."""
    from ruzzle_gui.app.reading import read_message, reading_message

    i18n.set_language("it")
    assert reading_message(i18n._("the screen")) == "Lettura della griglia dallo schermo…"
    assert reading_message(i18n._("the pasted image")) == "Lettura della griglia dall'immagine incollata…"
    assert reading_message("foto.png") == "Lettura della griglia da foto.png…"
    assert read_message(i18n._("the screen"), 4, 4, 2).startswith("Griglia 4×4 letta dallo schermo con i suoi bonus: "
                                                                  "controlla le 2 caselle")
    assert read_message(i18n._("the pasted image"), 4, 4, 0).startswith("Griglia 4×4 letta dall'immagine incollata")
    i18n.set_language("en")
    assert read_message("shot.png", 5, 5, 1).startswith("Read a 5×5 board with its bonuses from shot.png: check the 1 "
                                                        "tile marked ?")


def glossary() -> list[tuple[str, str, list[str], list[str]]]:
    """Return docs/i18n.md's glossary: (language, English term, words to use, words never to use) per row."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "i18n.md").read_text(encoding="utf-8")
    table = text.split("<!-- glossary")[1].split("\n\n")[0]
    rows = []
    for line in table.splitlines()[1:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0] != "language":
            language, english, use, never = cells
            rows.append((language, english, [w.strip() for w in use.split(",") if w.strip()],
                         [w.strip() for w in never.split(",") if w.strip()]))
    return rows


def test_the_glossary_covers_the_terms_the_review_found_drifting():
    terms = {(language, english) for language, english, _use, _never in glossary()}
    assert {("it", "tile"), ("nl", "tile"), ("pt", "tile"), ("it", "screenshot"), ("de", "screenshot"),
            ("es", "bonus"), ("fr", "anyway"), ("pt", "anyway")} <= terms
    assert {language for language, *_rest in glossary()} == set(TRANSLATED)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_keeps_to_the_glossary(code):
    """Where the English says the term, the translation says the chosen word; no translation says a forbidden one."""
    needs_babel()
    from ruzzle_gui.lab import catalogues

    rows = [row for row in glossary() if row[0] == code]
    off = []
    for message in catalogues.read_catalogue(repo_po(code), code):
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        strings = [i18n.mnemonic(string)[0].casefold() for string in strings]
        for _language, english, use, never in rows:
            said = re.compile(rf"\b{re.escape(english)}", re.IGNORECASE)
            if use and any(said.search(source) for source in sources):
                off += [(english, string) for string in strings if not any(w.casefold() in string for w in use)]
            off += [(word, string) for word in never for string in strings
                    if re.search(rf"(?<!\w){re.escape(word.casefold())}(?!\w)", string)]
    assert off == [], f"{code}: see the glossary in docs/i18n.md"


def test_french_puts_a_no_break_space_before_high_punctuation_everywhere():
    """One rule in every French message: U+00A0 before : ; ? ! and », after «; never an ordinary space there (a
    wrapped label would push the colon onto a line of its own), nor U+202F (the narrow one is for digit groups)."""
    needs_babel()
    from ruzzle_gui.lab import catalogues

    wrong = []
    for message in catalogues.read_catalogue(repo_po("fr"), "fr"):
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wrong += [string for string in strings if message.id and re.search("[ \u202f][:;?!»]|«[ \u202f]", string)]
    assert wrong == []


def fixed_shortcuts() -> dict[str, str]:
    """Return {msgid: Alt letter} of every ``underlined(_("..."), "x")`` call in the app's sources."""
    found = {}
    for source in Path(i18n.__file__).resolve().parents[1].rglob("*.py"):  # every room of ruzzle_gui/app
        for call in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "underlined":
                label, key = call.args
                if isinstance(key, ast.Constant) and isinstance(label, ast.Call):  # not retranslate's own call
                    found[label.args[0].value] = key.value
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_fixed_alt_shortcut_is_underlined_in_every_language(code):
    """A translation without the fixed letter ('Очистить' for Alt+L) shows it after the label, underlined: 'Очистить
    (L)'. The keys help (F1) names the same letters."""
    from ruzzle_gui.app.keys_help import KEYS

    shortcuts = fixed_shortcuts()
    assert len(shortcuts) >= 9
    i18n.set_language(code)
    for msgid, key in shortcuts.items():
        text = i18n._(msgid)
        options = i18n.underlined(text, key)
        shown, underline = options["text"], options["underline"]
        assert 0 <= underline < len(shown) and shown[underline].casefold() == key, (code, msgid, shown)
        again = i18n.retranslate(shown)  # what a switch of language finds (the walk then underlines it again)
        assert shown.startswith(text) and again == text and i18n.underlined(again, key) == options
    listed = {key for _screen, keys in KEYS for key, _action in keys if key.startswith("Alt+")}
    assert {f"Alt+{key.upper()}" for key in shortcuts.values()} <= set(re.findall(r"Alt\+\w", " ".join(listed)))
    for key in listed - {"Alt+F"}:  # the keys help names the letters the labels show (Alt+F: the File menu's own)
        assert re.findall(r"\+(\w)", key) == re.findall(r"\+(\w)", i18n._(key)), (code, key, i18n._(key))


# ---------------------------------------------------------------- numbers

def test_the_number_table_is_what_babel_generates():
    pytest.importorskip("babel", reason="Babel is not installed (pip install '.[test]')")
    from ruzzle_gui.lab.locale_numbers import number_formats

    assert number_formats() == NUMBER_FORMATS
    assert set(NUMBER_FORMATS) == set(i18n.LANGUAGES)


@pytest.mark.parametrize("code, number, expected", [
    ("it", 17088, "17.088"), ("en", 17088, "17,088"), ("de", 17088, "17.088"), ("nl", 1234567, "1.234.567"),
    ("fr", 17088, "17\u202f088"), ("ru", 17088, "17\xa0088"), ("pt", 17088, "17.088"),
    ("es", 1234, "1234"), ("es", 17088, "17.088"),  # CLDR: Spanish groups from five digits
    ("it", 999, "999"), ("it", 1000, "1.000"), ("en", -1234, "-1,234"), ("en", 0, "0"),
])
def test_format_number(code, number, expected):
    assert format_number(number, code) == expected


@pytest.mark.parametrize("code, number, digits, expected", [
    ("it", 2.46, 1, "2,5"), ("en", 2.46, 1, "2.5"), ("fr", 12345.678, 2, "12\u202f345,68"), ("ru", 0.5, 2, "0,50"),
    ("en", 3, 0, "3"),
])
def test_format_decimal(code, number, digits, expected):
    assert format_decimal(number, digits, code) == expected


def test_format_number_matches_babel_on_many_numbers():
    numbers = pytest.importorskip("babel.numbers", reason="Babel is not installed (pip install '.[test]')")
    for code in i18n.LANGUAGES:
        for value in (0, 7, 999, 1000, 1234, 17088, 123456, 9876543):
            babel = numbers.format_decimal(value, locale=code)
            if code == "es" and value < 10000:  # Babel ignores CLDR's minimumGroupingDigits
                babel = babel.replace(".", "")
            assert format_number(value, code) == babel, (code, value)


# ---------------------------------------------------------------- helpers

def made_catalogue(code: str, messages: dict) -> gettext.GNUTranslations:
    """Return a compiled catalogue of ``messages`` ({msgid: msgstr}, or {(singular, plural): forms})."""
    catalog_module = needs_babel()
    from babel.messages.mofile import write_mo

    from ruzzle_gui.lab.catalogues import PLURAL_FORMS

    catalogue = catalog_module.Catalog(locale=code, domain="ruzzle_gui")
    count, expression = PLURAL_FORMS[code].split(";", 1)
    catalogue._num_plurals = int(count.split("=")[1])
    catalogue._plural_expr = expression.strip().removeprefix("plural=").rstrip(";")
    for msgid, string in messages.items():
        catalogue.add(msgid, string)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def repo_po(code: str) -> Path:
    """Return the repository's catalogue of ``code`` (the .po files are sources: not installed)."""
    return REPO_LOCALE / code / "LC_MESSAGES" / "ruzzle_gui.po"


# ---------------------------------------------------------------- the reader's messages

def engine_codes() -> dict[str, set[str]]:
    """Return, per module of the engine (every package module but the app and the lab), the codes its
    ``coded(...)`` and ``said(...)`` calls give (a string, or each of ``"a" if x else "b"``)."""
    package = Path(i18n.__file__).resolve().parents[2]  # ruzzle_gui/app/text/i18n.py
    found: dict[str, set[str]] = {}
    for source in package.rglob("*.py"):
        if {"app", "lab"} & set(source.relative_to(package).parts):
            continue
        for call in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            name = getattr(call.func, "id", None) if isinstance(call, ast.Call) else None
            if name in ("coded", "said") and len(call.args) > 1:
                found.setdefault(source.stem, set()).update(_given(call.args[1]))
    return found


def _given(code: ast.expr) -> set[str]:
    """Return the codes an argument can give: a string, or each branch of ``"a" if x else "b"`` (not its test)."""
    if isinstance(code, ast.IfExp):
        return _given(code.body) | _given(code.orelse)
    return {code.value} if isinstance(code, ast.Constant) else set()


def test_every_code_the_engine_gives_has_a_message():
    """A coded error (board, language, plan, vision) or reader's reason that the app cannot say fails here."""
    from ruzzle_gui.app.text.engine_text import MESSAGES, PLURALS

    found = engine_codes()
    given = set().union(*found.values())
    assert {"board", "language", "model", "reader", "bonus", "images", "watch", "errors", "loading", "child_reader",
            "compiling", "sha256sums", "trust", "key_marks"} <= set(found)
    assert len(given) >= 70 and given - set(MESSAGES) - set(PLURALS) == set()


def test_the_readers_errors_speak_the_interface_language_and_stay_english_for_the_command_line(tmp_path):
    pytest.importorskip("PIL", reason="Pillow is not installed")
    from PIL import Image

    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.vision import read_board
    from ruzzle_gui.vision.errors import ImageError, NoBoardError
    from ruzzle_gui.vision.images import load_image

    with pytest.raises(ImageError) as missing:
        load_image(tmp_path / "gone.png")
    with pytest.raises(NoBoardError) as flat:
        read_board(Image.new("RGB", (400, 800), (30, 90, 180)), "it")
    assert str(missing.value) == f"image file not found: {tmp_path / 'gone.png'}"
    assert str(flat.value).startswith("no Ruzzle board found in the image")
    i18n.set_language("it")
    assert engine_text(missing.value) == f"file immagine non trovato: {tmp_path / 'gone.png'}"
    assert engine_text(flat.value).startswith("nessuna griglia di Ruzzle trovata (l'immagine)")
    assert engine_text(flat.value, i18n._("the screen")).startswith("nessuna griglia di Ruzzle trovata (lo schermo)")
    i18n.set_language("ru")
    assert engine_text(missing.value) == f"файл изображения не найден: {tmp_path / 'gone.png'}"
    assert str(flat.value).startswith("no Ruzzle board found in the image")  # the engine's text is untouched
    assert engine_text(ValueError("anything else")) == "anything else"


def test_a_board_in_another_alphabet_names_the_language_in_the_interface_language():
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.vision.errors import ImageError, coded

    error = coded(ImageError("the board in x.png is not in the Italian alphabet ..."), "alphabet", name="x.png",
                  language="Italiano", language_code="it", strange=12, tiles=16)
    i18n.set_language("de")
    assert engine_text(error) == ("das Brett (x.png) ist nicht im Alphabet der gewählten Sprache, Italienisch (12 von "
                                  "16 Feldern zeigen andere Buchstaben): wählen Sie seine Sprache")


# ---------------------------------------------------------------- the engine's other messages

def test_a_board_files_errors_stay_english_for_the_command_line_and_speak_italian_in_the_app(tmp_path):
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.board import Board, BoardError
    from ruzzle_gui.language import load_language

    cases = [("C A\nI 7\n", "line 2, cell 2: '7' is not a letter (digits and symbols are not allowed)",
              "riga 2, casella 2: «7» non è una lettera (cifre e simboli non ammessi)"),
             ("C A\nI Ж\n", "line 2, cell 2: 'Ж' is not a letter of the Italian alphabet",
              "riga 2, casella 2: «Ж» non è una lettera dell'alfabeto (Italiano)"),
             ("C A\nI O E\n", "line 2: 3 cells, but the first row has 2",
              "riga 2: 3 caselle, ma la prima riga ne ha 2"),
             ("C3 A\n", "line 1, cell 1: 'C3' is not one letter with an optional dl, tl, dw or tw bonus "
                         "(and '?' if the bonus is unsure)",
              "riga 1, casella 1: «C3» non è una lettera con un bonus facoltativo dl, tl, dw o tw (e ? se il "
              "bonus è incerto)"),
             ("Cdx A\n", "line 1, cell 1: unknown bonus 'dx' in 'Cdx' (use dl, tl, dw or tw)",
              "riga 1, casella 1: bonus sconosciuto «dx» in «Cdx» (usa dl, tl, dw o tw)"),
             ("A " * 301, "line 1: more than 300 cells (the largest board is 300x300)",
              "riga 1: più di 300 caselle (la griglia più grande è 300×300)")]
    for text, english, italian in cases:
        with pytest.raises(BoardError) as caught:
            Board.parse(text, load_language("it"))
        assert str(caught.value) == english
        i18n.set_language("it")
        assert engine_text(caught.value) == italian
        i18n.set_language("en")
        assert engine_text(caught.value) == english.replace("x300", "×300").replace("'?'", "?")
    with pytest.raises(BoardError) as missing:
        Board.from_file(tmp_path / "gone.txt")
    i18n.set_language("ru")
    assert engine_text(missing.value) == f"файл поля не найден: {tmp_path / 'gone.txt'}"


def test_a_long_cell_is_cut_and_its_length_written_by_locale():
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.board import Board, BoardError

    with pytest.raises(BoardError) as caught:
        Board.parse("A" + "x" * 1233 + " B\n")
    assert str(caught.value).endswith("'Axxxxxxxxxxxxxxx...' (1,234 characters) is not one letter with an optional "
                                      "dl, tl, dw or tw bonus (and '?' if the bonus is unsure)")
    i18n.set_language("de")
    assert "„Axxxxxxxxxxxxxxx…“ (1.234 Zeichen)" in engine_text(caught.value)


def test_the_planners_errors_write_numbers_by_locale():
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.plan import PlanError, Timing, check_seconds

    with pytest.raises(PlanError) as slow:
        Timing(per_word=12.5)
    with pytest.raises(PlanError) as long:
        check_seconds(5000)
    assert str(slow.value) == "the time per word must be between 0 and 10 seconds, not 12.5"
    i18n.set_language("it")
    assert engine_text(slow.value) == "il tempo per parola deve essere tra 0 e 10 secondi, non 12,5"
    i18n.set_language("fr")
    assert engine_text(long.value) == "la durée doit être d’au plus 3\u202f600 secondes, et non 5\u202f000"


def test_the_readers_reasons_keep_their_codes_and_speak_the_interface_language():
    from ruzzle_gui.app.text.engine_text import said_text
    from ruzzle_gui.coded import joined, said

    reason = joined(said("the letter looks only faintly like E", "reason_faint", letter="E"),
                    said("the ring says DW but the badge says plain", "reason_ring_badge", ring="DW", badge="plain"))
    assert reason == "the letter looks only faintly like E; the ring says DW but the badge says plain"
    i18n.set_language("it")
    assert said_text(reason) == ("la lettera somiglia solo vagamente a E; il bordo dice DW ma il bollino dice "
                                 "nessun bonus")
    assert said_text("an English reason nobody coded") == "an English reason nobody coded"
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(reason)).parts == copy.deepcopy(reason).parts == reason.parts


def test_the_command_line_names_a_language_in_english():
    from ruzzle_gui.board import Board, BoardError
    from ruzzle_gui.language import load_language

    with pytest.raises(BoardError, match="'X' is not a letter of the Russian alphabet"):
        Board.parse("А X\n", load_language("ru"))


def test_a_code_given_other_values_than_its_message_names_shows_the_engines_english():
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.board import BoardError
    from ruzzle_gui.coded import coded

    i18n.set_language("it")
    assert engine_text(coded(BoardError("board file not found: x"), "board_not_found", file="x")) == (
        "board file not found: x")


def test_seconds_are_written_with_the_languages_decimal_symbol_and_groups():
    i18n.set_language("it")
    assert [i18n.format_short(n) for n in (3600, 2.5, 0.05, -0.5, 120)] == ["3.600", "2,5", "0,05", "-0,5", "120"]
    i18n.set_language("ru")
    assert i18n.format_short(3600) == "3\u00a0600"
    i18n.set_language("es")
    assert i18n.format_short(3600) == "3600" and i18n.format_short(12345.5) == "12.345,5"
    i18n.set_language("en")
    assert i18n.format_short(3600) == "3,600" and i18n.format_short(float("inf")) == "inf"


def test_a_colour_cast_leaves_the_bonus_unknown_with_a_reason_the_app_says():
    pytest.importorskip("PIL", reason="Pillow is not installed")
    from ruzzle_gui.app.text.engine_text import said_text
    from ruzzle_gui.vision.reader import CAST, CLIPPED_DARKS, CellReading, _colour_doubt

    doubted = _colour_doubt(CellReading("A", "DL", 1, 0.9, False, ()), CAST)
    assert doubted.bonus is None and doubted.reason.startswith("the board's background is bluer")
    darkless = _colour_doubt(CellReading("A", "DL", 1, 0.9, False, ()), CLIPPED_DARKS)
    assert darkless.bonus is None and darkless.reason.startswith("no colour on the board is darker")
    i18n.set_language("it")
    assert said_text(doubted.reason).startswith("lo sfondo della griglia è più blu")
    assert said_text(darkless.reason) != str(darkless.reason)  # said in Italian, not left in English


def test_a_board_refused_for_strange_colours_is_refused_in_the_players_language():
    pytest.importorskip("PIL", reason="Pillow is not installed")
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.vision.errors import ImageError
    from ruzzle_gui.vision.reader import CAST, CellReading, _check_doubt, _colour_doubt

    readings = tuple(_colour_doubt(CellReading("A", None, None, 0.5, True, (), letter_sure=False), CAST)
                     for _ in range(16))
    with pytest.raises(ImageError) as refused:
        _check_doubt(readings, "shot.png", strange_colours=True)
    assert refused.value.code == "in_doubt_colours" and "colours are not the game's" in str(refused.value)
    i18n.set_language("it")
    assert engine_text(refused.value) != str(refused.value)


def test_dictionary_errors_speak_the_interface_language_and_stay_english_for_the_command_line(tmp_path):
    from ruzzle_gui.app.text.engine_text import engine_text
    from ruzzle_gui.dictionary import DictionaryError, bundled, compile_words, load_trie
    from ruzzle_gui.language import load_language

    path = tmp_path / "mine.marisa"
    compile_words(["CASA", "CITTÀ", "MARE"], path)
    with pytest.raises(DictionaryError) as outside:
        load_language("it", dictionary=str(path)).trie
    with pytest.raises(DictionaryError) as unwritable:
        compile_words(["CASA"], tmp_path / "gone" / "x.marisa")
    (tmp_path / "broken.marisa").write_bytes(b"not a trie\n" * 30)
    with pytest.raises(DictionaryError) as damaged:
        load_trie(tmp_path / "broken.marisa")
    with pytest.raises(DictionaryError) as unlisted:  # an installed file missing from the checksum list
        bundled._check_installed.__wrapped__(str(path))
    assert str(unwritable.value) == f"cannot write {tmp_path / 'gone' / 'x.marisa'}: no such folder"
    assert str(unlisted.value).endswith("so it cannot be checked; reinstall ruzzle-gui (pip install "
                                        "--force-reinstall ruzzle-gui, or your system's package)")
    i18n.set_language("it")
    assert engine_text(outside.value).startswith(f"{path}: 1 parole su 3 usano lettere fuori dall'alfabeto (Italiano) "
                                                 "(come 'CITTÀ')")
    gone = tmp_path / "gone" / "x.marisa"
    assert engine_text(unwritable.value) == f"impossibile scrivere {gone}: cartella inesistente"
    assert engine_text(damaged.value).startswith(f"{tmp_path / 'broken.marisa'} non è un dizionario .marisa valido")
    assert engine_text(unlisted.value) == (f"{path} non è nell'elenco SHA256SUMS installato, quindi non può essere "
                                           "verificato; reinstalla ruzzle-gui (pip install --force-reinstall "
                                           "ruzzle-gui, o il pacchetto del tuo sistema)")
    i18n.set_language("ru")
    assert engine_text(outside.value).startswith(f"{path}: в 1 из 3 слов есть буквы вне алфавита")


# ---------------------------------------------------------------- damaged installed catalogues

def _damaged_copy(tmp_path, monkeypatch, damage) -> Path:
    """Point the app at a copy of the installed catalogues whose Italian .mo ``damage`` rewrote; return it."""
    import shutil

    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    mo = copy / "it" / "LC_MESSAGES" / "ruzzle_gui.mo"
    mo.write_bytes(damage(mo.read_bytes()))
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(copy))
    gettext._translations.clear()  # gettext caches a catalogue by its path
    return mo


def _with_plural_forms(raw: bytes, forms: bytes) -> bytes:
    """Return the .mo ``raw`` with its header's Plural-Forms replaced by ``forms`` (same length, padded)."""
    start = raw.index(b"Plural-Forms: ")
    end = raw.index(b"\n", start)
    line = b"Plural-Forms: " + forms
    return raw[:start] + line.ljust(end - start) + raw[end:]


@pytest.mark.parametrize("damage", [lambda raw: raw[:100], lambda raw: b"", lambda raw: b"garbage",
                                    lambda raw: _with_plural_forms(raw, b"nplurals=2; plural=(n != 1;")],
                         ids=["truncated", "empty", "bad magic", "bad Plural-Forms"])
def test_a_damaged_catalogue_gives_english_and_one_line(tmp_path, monkeypatch, capsys, damage):
    mo = _damaged_copy(tmp_path, monkeypatch, damage)
    assert i18n.set_language("it") == "it"
    assert i18n._("New game") == "New game" and i18n.ngettext("{count} word", "{count} words", 2) == "{count} words"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"ruzzle-gui: the Italian catalogue {mo} is damaged (")
    assert err.endswith("): the interface speaks English; reinstall ruzzle-gui\n")


def test_a_translation_naming_a_placeholder_its_english_lacks_is_shown_in_english_alone(tmp_path, monkeypatch,
                                                                                         capsys):
    source = "Random {language} board with bonuses: press Enter to check them"
    i18n.set_language("it")
    translated = i18n._(source)
    assert "{language}" in translated
    changed = translated.replace("{language}", "{lingua}  ")  # as long: the .mo's offsets stay right
    mo = _damaged_copy(tmp_path, monkeypatch, lambda raw: raw.replace(translated.encode(), changed.encode()))
    i18n.set_language("it")
    assert i18n._(source).format(language="X") == "Random X board with bonuses: press Enter to check them"
    assert i18n._("New game") == "Nuova partita"  # every other message stays Italian
    assert capsys.readouterr().err == (f"ruzzle-gui: 1 message of the Italian catalogue {mo} names a placeholder "
                                       f"its English does not: shown in English\n")


def test_every_shipped_catalogue_passes_the_load_time_check(capsys):
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
    assert capsys.readouterr().err == ""
