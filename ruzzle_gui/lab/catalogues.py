"""Keep the app's message catalogues: ``python -m ruzzle_gui.lab.catalogues extract|update|compile|all``.

- extract: every marked string in ``ruzzle_gui/app`` -> ``ruzzle_gui/locale/ruzzle_gui.pot``;
- update: each ``<ll>/LC_MESSAGES/ruzzle_gui.po`` gains the template's new msgids and loses gone ones
  (made if missing, with its language's plural rules);
- compile: each ``.po`` -> its ``.mo``, which the installed app reads.

Babel (the `test` extra) does the work; it is never imported by the app. Only the app is
extracted: the command line stays English.
"""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "ruzzle_gui.pot"
DOMAIN = "ruzzle_gui"
TRANSLATED = ("it", "es", "de", "fr", "nl", "pt", "ru")
# _(), ngettext(), pgettext() and N_() (a string in a table, translated where it is shown);
# menu_label() takes a menu item's msgid with its '&' mnemonic.
KEYWORDS = {"_": None, "N_": None, "menu_label": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
HEADER = ("# The messages of ruzzle_gui's desktop app. Made by `python -m ruzzle_gui.lab.catalogues`: translate\n"
          "# the msgstr lines only (docs/i18n.md). Distributed under ruzzle_gui's licence (MIT).")
# gettext's plural rules (the CLDR ones, as gettext writes them). French and Brazilian
# Portuguese count 0 as singular ("0 mot"); Russian has three forms: 1 слово, 2 слова, 5 слов.
PLURAL_FORMS = {
    "it": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def po_path(code: str) -> Path:
    """Return where the catalogue of ``code`` is kept."""
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract_template():  # -> babel.messages.Catalog
    """Return the template of every marked string in the app, with translators' comments."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="ruzzle_gui", domain=DOMAIN, charset="utf-8", fuzzy=False, header_comment=HEADER,
                       copyright_holder="ruzzle_gui contributors", msgid_bugs_address="", last_translator="")
    found = extract_from_dir(str(PACKAGE / "app"), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=COMMENT_TAGS, strip_comment_tags=True)
    for filename, lineno, message, comments, context in sorted(found, key=lambda item: (item[0], item[1])):
        template.add(message, None, [(f"ruzzle_gui/app/{filename}", lineno)], auto_comments=comments,
                     context=context)
    for entry in template:
        entry.flags -= percent_format_too(entry.flags)
    return template


def percent_format_too(flags: set[str]) -> set[str]:
    """Return {'python-format'} if ``flags`` also say python-brace-format, else nothing.

    The app formats every message with str.format, but Babel flags a message python-format as well
    whenever it reads a '%' as a directive ("{percent}% shorter": '% s'), and msgfmt -c then fails on
    each translation of it. So brace format wins.
    """
    return {"python-format"} & flags if "python-brace-format" in flags else set()


def write_catalogue(catalogue, path: Path) -> None:
    """Write ``catalogue`` as a .po/.pot at ``path`` (no dates, so a rerun changes nothing)."""
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        write_po(handle, catalogue, width=100, omit_header=False, sort_output=False, include_previous=False,
                 include_lineno=False)  # file names only: editing code does not churn every catalogue
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.split("\n") if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:'))]
    path.write_text("\n".join(lines), encoding="utf-8")


def read_catalogue(path: Path, code: str | None = None):  # -> babel.messages.Catalog
    """Return the catalogue at ``path``."""
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def updated(code: str, template):  # -> babel.messages.Catalog
    """Return the catalogue of ``code`` brought in line with ``template`` (made if missing)."""
    from babel.messages.catalog import Catalog

    path = po_path(code)
    catalogue = read_catalogue(path, code) if path.exists() else Catalog(
        locale=code, domain=DOMAIN, fuzzy=False, header_comment=HEADER, msgid_bugs_address="", last_translator="")
    catalogue.update(template, no_fuzzy_matching=True)
    for entry in catalogue:
        entry.flags -= percent_format_too(entry.flags)  # a flag the template no longer has may stay in the .po
    catalogue.obsolete.clear()  # a gone msgid goes: git keeps its history
    catalogue.project, catalogue.language_team = "ruzzle_gui", ""
    catalogue._num_plurals, catalogue._plural_expr = _plural_parts(code)
    return catalogue


def _plural_parts(code: str) -> tuple[int, str]:
    """Return (number of forms, C expression) of ``code``'s Plural-Forms."""
    forms = PLURAL_FORMS[code]
    count = int(forms.split("nplurals=")[1].split(";")[0])
    return count, forms.split("plural=", 1)[1].rstrip(";")


def compiled(path: Path, code: str) -> bytes:
    """Return the .mo bytes of the .po at ``path`` (untranslated entries are left out: English shows)."""
    from io import BytesIO

    from babel.messages.mofile import write_mo

    catalogue = read_catalogue(path, code)
    # The .po keeps no dates (so an update churns nothing); without them Babel would stamp "now".
    catalogue.creation_date = catalogue.revision_date = FIXED_DATE
    buffer = BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Run the steps named on the command line; return 0, or 2 for a bad command line."""
    steps = (argv if argv is not None else sys.argv[1:]) or ["all"]
    if any(step not in ("extract", "update", "compile", "all") for step in steps):
        print("usage: python -m ruzzle_gui.lab.catalogues [extract|update|compile|all]...", file=sys.stderr)
        return 2
    if "all" in steps:
        steps = ["extract", "update", "compile"]
    if "extract" in steps:
        write_catalogue(extract_template(), TEMPLATE)
    if "update" in steps:
        template = read_catalogue(TEMPLATE)
        for code in TRANSLATED:
            write_catalogue(updated(code, template), po_path(code))
    if "compile" in steps:
        for code in TRANSLATED:
            po_path(code).with_suffix(".mo").write_bytes(compiled(po_path(code), code))
    print(f"{len(read_catalogue(TEMPLATE))} messages in {TEMPLATE.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
